import Foundation

/// Posts a verdict's JSON to a webhook, through the `planner-webhook` program
/// installed beside `planner`.
///
/// Policy (named so it can be read and changed in one place; `planner-webhook`
/// carries it out):
/// - each attempt times out after ``timeout`` seconds (10);
/// - up to ``attempts`` attempts (3), waiting ``firstBackoff`` (0.5 s) then twice as long before each retry;
/// - a 2xx status is delivered; a connection failure, a timeout, 408, 429 or a 5xx status is retried;
///   any other status fails at once (the server understood and refused).
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

  /// Posts `body`, retrying as documented; `progress` hears about each retry as it comes.
  func post(_ body: Data, progress: (String) -> Void) -> Result<Int, Failure> {
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
    process.arguments = [
      url.absoluteString, String(timeout), String(attempts), String(firstBackoff),
      "planner/\(Planner.version)",
    ]
    let output = Pipe()
    process.standardInput = bodyFile.handle
    process.standardOutput = output
    process.standardError = FileHandle.standardError
    do {
      try process.run()
    } catch {
      return .failure(Failure(reason: "cannot run \(helper.path): \(error.localizedDescription)"))
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
        let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
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
}

extension String {
  /// The rest of the string after `prefix`, or `nil` when it does not start with it.
  fileprivate func dropping(prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
