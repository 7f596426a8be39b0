import Foundation
import Testing

/// Runs the built `planner` executable as a user would, and captures its output.
struct PlannerProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `planner` binary next to the test bundle.
  static let executable: URL? = {
    var candidates: [URL] = [Bundle.main.bundleURL.deletingLastPathComponent()]
    if let first = ProcessInfo.processInfo.arguments.first {
      candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
    for directory in candidates {
      let url = directory.appendingPathComponent("planner")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }()

  /// The package's root folder (for Examples/ and fixtures).
  static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs `planner` with `arguments`; `environment` is added to the test's own (with `NO_COLOR=1`).
  static func run(
    _ arguments: [String], directory: URL = packageRoot, input: Data? = nil,
    environment extra: [String: String] = [:]
  ) throws -> Result {
    let executable = try #require(executable, "the planner binary was not built next to the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment.merge(extra) { _, new in new }
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    if let input {
      let pipe = Pipe()
      process.standardInput = pipe
      try process.run()
      pipe.fileHandleForWriting.write(input)
      try pipe.fileHandleForWriting.close()
    } else {
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }
    // Read both pipes before waiting, so that a large output cannot block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
