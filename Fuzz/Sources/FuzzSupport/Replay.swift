import Foundation

/// Runs `body` on each file named on the command line: a fuzz target built
/// without libFuzzer replays saved inputs through the same code.
///
/// - Parameter body: The fuzz target's body, given one input.
public func replayFiles(_ body: (Data) -> Void) {
  let paths = CommandLine.arguments.dropFirst()
  if paths.isEmpty {
    FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) INPUT...\n".utf8))
    exit(64)
  }
  for path in paths {
    guard let data = FileManager.default.contents(atPath: path) else {
      FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
      exit(66)
    }
    body(data)
    print("ok: \(path)")
  }
}
