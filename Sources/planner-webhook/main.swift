// planner-webhook: posts one alert to a webhook for `planner health --notify-url`.
//
// The command line starts this program only when a webhook is to be told, so
// that `planner` itself does not link URLSession's HTTP stack (libcurl, and the
// thirty libraries it loads) and pay for loading it at every start; git keeps
// its HTTP transport in a program of its own for the same reason.
//
//   PLANNER_WEBHOOK_URL=URL planner-webhook TIMEOUT ATTEMPTS BACKOFF USER-AGENT IDEMPOTENCY-KEY < body.json
//
// The URL comes in the environment, not the arguments: it may hold a password
// or a token, and any user of the machine can read a process's arguments.
// Standard output carries one line per event, read by planner (which removes
// credentials from every line before showing it):
//   progress TEXT     a retry is coming (TEXT says why and when)
//   delivered STATUS  the server answered 2xx
//   failed TEXT       not delivered (TEXT says why)
// Exit status: 0 delivered, 1 not delivered, 64 bad usage.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 5, let address = ProcessInfo.processInfo.environment["PLANNER_WEBHOOK_URL"],
  let url = URL(string: address), let timeout = TimeInterval(arguments[0]),
  let attempts = Int(arguments[1]), let backoff = TimeInterval(arguments[2]), timeout > 0, attempts > 0,
  backoff >= 0, !arguments[4].isEmpty
else {
  FileHandle.standardError.write(
    Data(
      """
      usage: PLANNER_WEBHOOK_URL=URL planner-webhook TIMEOUT ATTEMPTS BACKOFF USER-AGENT IDEMPOTENCY-KEY < body
      (started by 'planner health --notify-url'; posts standard input to URL)

      """.utf8))
  exit(64)
}
let body = FileHandle.standardInput.readDataToEndOfFile()
let webhook = Webhook(
  url: url, timeout: timeout, attempts: attempts, firstBackoff: backoff, userAgent: arguments[3],
  idempotencyKey: arguments[4])
switch webhook.post(body, progress: { say("progress \($0)") }) {
case .success(let status):
  say("delivered \(status)")
  exit(0)
case .failure(let failure):
  say("failed \(failure.reason)")
  exit(1)
}
