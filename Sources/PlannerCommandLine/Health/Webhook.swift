import Foundation

/// Posts a verdict's JSON to a webhook, through the `planner-webhook` program
/// installed beside `planner`.
///
/// Policy (named so it can be read and changed in one place; `planner-webhook`
/// carries it out):
/// - each attempt times out after ``timeout`` seconds (10);
/// - up to ``attempts`` attempts (3), waiting ``firstBackoff`` (0.5 s) then twice as long before each retry;
/// - a 2xx status is delivered; a connection failure, a timeout, 408, 429 or a 5xx status is retried;
///   any other status fails at once (the server understood and refused);
/// - every attempt at one alert carries the same `Idempotency-Key` header (the outbox keeps it
///   across runs);
/// - a redirect (3xx) is not followed: on Linux URLSession would send the POST on without its body.
///   It fails at once, naming where it pointed;
/// - only the answer's status is read; its body is not (a large answer costs no memory).
///
/// The URL reaches `planner-webhook` in its environment, never its arguments (which any user of
/// the machine can read), and every message that shows it hides its credentials
/// (``redactingCredentials(_:)``).
///
/// The HTTP client lives in a program of its own so that `planner` does not
/// link URLSession's stack (on Linux, libcurl and the libraries it loads): every
/// command would pay for loading them at start (docs/performance.md, "Starting").
struct Webhook {
  var url: URL
  var timeout: TimeInterval = 10
  var attempts = 3
  var firstBackoff: TimeInterval = 0.5

  /// Why a POST was not delivered.
  struct Failure: Error {
    var reason: String
  }

  /// Checks that `text` is an absolute http or https URL with a host.
  static func url(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }

  /// The name of the program that posts.
  static let helperName = "planner-webhook"

  /// Where `planner-webhook` is: `PLANNER_WEBHOOK` when set, else beside the
  /// running `planner`, else on the `PATH`.
  static func helper() -> URL? {
    let environment = ProcessInfo.processInfo.environment
    if let chosen = environment["PLANNER_WEBHOOK"], !chosen.isEmpty {
      return URL(fileURLWithPath: chosen)
    }
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      directories.append(executable.deletingLastPathComponent())
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
      directories.append(URL(fileURLWithPath: String(directory)))
    }
    return directories.map { $0.appendingPathComponent(helperName) }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }

  /// Posts `body`, retrying as documented, with `idempotencyKey` as its `Idempotency-Key` header
  /// on every attempt; `progress` hears about each retry as it comes. Every text it hands back or
  /// reports has passed through ``redactingCredentials(_:)``.
  func post(_ body: Data, idempotencyKey: String, progress: (String) -> Void) -> Result<Int, Failure> {
    guard let helper = Self.helper() else {
      return .failure(
        Failure(
          reason:
            "\(Self.helperName) was not found beside planner or on the PATH (it is built with planner: "
            + "'swift build -c release'; install it in the same folder)"))
    }
    // The body goes through a private temporary file rather than a pipe, as for --notify.
    guard let bodyFile = PrivateInputFile(body, prefix: "planner-alert") else {
      return .failure(Failure(reason: "cannot write the alert to a temporary file for \(Self.helperName)"))
    }
    defer { bodyFile.remove() }
    let process = Process()
    process.executableURL = helper
    // The URL goes in the environment: any user of the machine can read a process's arguments.
    var environment = ProcessInfo.processInfo.environment
    environment["PLANNER_WEBHOOK_URL"] = url.absoluteString
    process.environment = environment
    process.arguments = [
      String(timeout), String(attempts), String(firstBackoff), "planner/\(Planner.version)", idempotencyKey,
    ]
    let output = Pipe()
    process.standardInput = bodyFile.handle
    process.standardOutput = output
    process.standardError = FileHandle.standardError
    do {
      try process.run()
    } catch {
      let why =
        FileManager.default.fileExists(atPath: helper.path)
        ? "it could not be started (\(error.localizedDescription))" : "there is no such file"
      return .failure(Failure(reason: "cannot run \(helper.path): \(why)"))
    }
    // Events arrive a line at a time; retries are reported as they happen.
    var result: Result<Int, Failure>?
    var pending = Data()
    let reader = output.fileHandleForReading
    while true {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      pending.append(chunk)
      while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = redactingCredentials(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
        pending.removeSubrange(pending.startIndex...end)
        if let text = line.dropping(prefix: "progress ") {
          progress(text)
        } else if let status = line.dropping(prefix: "delivered ").flatMap({ Int($0) }) {
          result = .success(status)
        } else if let reason = line.dropping(prefix: "failed ") {
          result = .failure(Failure(reason: reason))
        }
      }
    }
    process.waitUntilExit()
    if let result { return result }
    return .failure(
      Failure(reason: "\(Self.helperName) ended without an answer (exit status \(process.terminationStatus))")
    )
  }

  /// The URL as it may be shown: ``redactingCredentials(_:)`` applied to it.
  var shown: String { redactingCredentials(url.absoluteString) }
}

/// The keys whose values are hidden, matched anywhere in a key, ignoring case: `access_token`,
/// `X-Api-Key`, `client_secret`, `sig` and `passwd` are all hidden.
private let secretKeyParts = [
  "token", "key", "secret", "password", "passwd", "pwd", "pass", "auth", "signature", "sig", "credential",
  "session", "bearer",
]

/// `text` with every credential it holds replaced by `REDACTED`: the user information of a URL
/// (`https://user:secret@host/` becomes `https://REDACTED@host/`), and the value of every
/// `KEY=VALUE` whose key looks secret (``secretKeyParts``), in a query (`?token=…`) or anywhere
/// else (`password=…`). Every message that may hold the webhook's address passes through it:
/// retry lines, failures, the "sent" line and the reasons kept in the outbox.
///
/// It reads the text a Unicode scalar at a time, so a combining mark after a delimiter cannot
/// hide the delimiter. It errs on the side of hiding: a key merely containing `key` or `sig`
/// (`monkey`, `design`) is hidden too.
func redactingCredentials(_ text: String) -> String {
  let scalars = Array(text.unicodeScalars)
  var output = String.UnicodeScalarView()
  func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
      || scalar == "." || scalar == "%"
  }
  func endsValue(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || "&#\"'<>;,)]}".unicodeScalars.contains(scalar)
  }
  var index = 0
  while index < scalars.count {
    let scalar = scalars[index]
    // `://`: the authority runs to the next `/`, `?`, `#` or space; user information ends at its last `@`.
    if scalar == ":", index + 2 < scalars.count, scalars[index + 1] == "/", scalars[index + 2] == "/" {
      output.append(contentsOf: "://".unicodeScalars)
      index += 3
      var end = index
      while end < scalars.count, !"/?#".unicodeScalars.contains(scalars[end]), !endsValue(scalars[end]) {
        end += 1
      }
      if let at = scalars[index..<end].lastIndex(of: "@") {
        output.append(contentsOf: "REDACTED".unicodeScalars)
        index = at
      }
      continue
    }
    // `KEY=VALUE` with a secret-looking key: the value runs to the next delimiter.
    if scalar == "=" {
      var start = index
      while start > 0, isKeyScalar(scalars[start - 1]) { start -= 1 }
      let key = String(String.UnicodeScalarView(scalars[start..<index])).lowercased()
      output.append(scalar)
      index += 1
      if secretKeyParts.contains(where: { key.contains($0) }) {
        var end = index
        while end < scalars.count, !endsValue(scalars[end]) { end += 1 }
        if end > index { output.append(contentsOf: "REDACTED".unicodeScalars) }
        index = end
      }
      continue
    }
    output.append(scalar)
    index += 1
  }
  return String(output)
}

extension String {
  /// The rest of the string after `prefix`, or `nil` when it does not start with it.
  fileprivate func dropping(prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
