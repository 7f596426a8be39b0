import Foundation
import FuzzSupport
import PlannerCommandLine

/// The files every run can name, copied from the repository (the fuzzer runs
/// from its root) into a private temporary directory that is the working
/// directory: a small food plan and its pantry, rules with tests, readings in
/// CSV, JSON and Apple Health XML, a journal.
let fixtures: [(name: String, contents: Data)] = {
  let sources = [
    "Examples/foods.plan", "Examples/pantry.plan", "Examples/home-pantry.plan", "Examples/guidelines.plan",
    "Examples/readings.csv", "Examples/journal.csv", "Tests/HealthRulesTests/Fixtures/week.json",
    "Tests/HealthRulesTests/Fixtures/export.xml",
  ]
  return sources.map { path in
    guard let data = FileManager.default.contents(atPath: path) else {
      FileHandle.standardError.write(
        Data("fuzz-cli: cannot read \(path); run from the repository's root\n".utf8))
      exit(66)
    }
    return ((path as NSString).lastPathComponent, data)
  }
}()

/// The private working directory, made once; a run works in it and then returns
/// to the directory the fuzzer started in (where its corpus is).
let workspace: String = {
  let path = NSTemporaryDirectory() + "planner-fuzz-cli-\(getpid())"
  guard (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil
  else {
    FileHandle.standardError.write(Data("fuzz-cli: cannot make \(path)\n".utf8))
    exit(73)
  }
  // libFuzzer ends with exit(), after which the directory goes.
  atexit {
    _ = try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "planner-fuzz-cli-\(getpid())")
  }
  return path
}()

/// Puts the workspace back as it was: only the fixtures, unchanged (a run may write files).
func resetWorkspace() {
  let manager = FileManager.default
  let names = Set(fixtures.map(\.name))
  for entry in (try? manager.contentsOfDirectory(atPath: workspace)) ?? [] where !names.contains(entry) {
    try? manager.removeItem(atPath: workspace + "/" + entry)
  }
  for (name, contents) in fixtures where manager.contents(atPath: workspace + "/" + name) != contents {
    try? manager.removeItem(atPath: workspace + "/" + name)
    _ = manager.createFile(atPath: workspace + "/" + name, contents: contents)
  }
}

/// Options a run must not be given: they run a shell command, post to a URL
/// or connect to a database, which is not the command line's own code.
let outside: Set<String> = ["notify", "notify-url", "database"]

/// One input: the arguments of `planner …`, one per line (or NUL-separated).
/// Arguments that would reach outside the workspace (an absolute path, `..`,
/// `~`) or outside the process (a shell command, a URL, a database) make the
/// input uninteresting. Any exit code is fine; a crash, a trap or a hang is a
/// finding.
func fuzzCLI(_ data: Data) {
  let arguments = data.split(whereSeparator: { $0 == 0 || $0 == 0x0A }).map {
    String(decoding: $0, as: UTF8.self)
  }
  guard arguments.count <= 32 else { return }
  for argument in arguments {
    if argument.hasPrefix("/") || argument.hasPrefix("~") || argument.contains("=/")
      || argument.contains("..")
    {
      return
    }
    let name = argument.drop { $0 == "-" }.prefix { $0 != "=" }
    if argument.hasPrefix("--"), outside.contains(String(name)) { return }
  }
  _ = fixtures
  // Command after command in one process: nothing may be kept until the process ends.
  ProgramLoading.keepsUntilExit = false
  resetWorkspace()
  let home = FileManager.default.currentDirectoryPath
  guard FileManager.default.changeCurrentDirectoryPath(workspace) else { return }
  defer { _ = FileManager.default.changeCurrentDirectoryPath(home) }
  #if FUZZING
    let console = Console { _, _ in }
  #else
    // A replay shows what the command printed and its exit code.
    let console = Console { _, text in FileHandle.standardError.write(Data(text.utf8)) }
  #endif
  let code = Planner.run(arguments, console: console)
  #if !FUZZING
    FileHandle.standardError.write(Data("exit \(code.rawValue): planner \(arguments)\n".utf8))
  #endif
}

/// libFuzzer's callback: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  if let bytes { fuzzCLI(Data(bytes: bytes, count: count)) }
  return 0
}

/// Under libFuzzer (`-DFUZZING`) runs the fuzzer; otherwise replays the files
/// named on the command line.
@main
struct FuzzCLIMain {
  static func main() { runFuzzTarget(fuzzerTestOneInput, replay: fuzzCLI) }
}
