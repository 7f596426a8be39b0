import Foundation
import Testing

/// Issue 43: `report -o` and `log --journal` follow the one output policy of `export -o`,
/// `--pantry-out` and `--junit`: only a regular file or a new path is replaced, a symbolic
/// link is written through, and the journal's lock file is never followed.
@Suite("One output policy")
struct OutputPolicyTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-policy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static let refusal =
    "; planner writes only to a regular file or a new path\n"
    + "  hint: give the path of a file to create or replace\n"

  /// The command that writes `target`: a report, or a journal to log into.
  static func arguments(_ command: String, _ target: String) -> [String] {
    command == "report"
      ? ["report", "--journal", "Examples/readings.csv", "--rules", "Examples/home.plan", "-o", target]
      : ["log", "2026-11-29", "weight", "181", "lb", "--journal", target]
  }

  static func option(_ command: String) -> String { command == "report" ? "--output" : "--journal" }

  @Test(
    "a private device node, a FIFO and a directory are refused and left as they are, exit 64",
    arguments: ["report", "log"])
  func refusesSpecialFiles(command: String) throws {
    let directory = try Self.folder()
    // A character device of our own (major 1, minor 3: the null device), never the system's /dev/null.
    let device = directory.appendingPathComponent("device.csv").path
    #expect(mknod(device, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0)
    let fifo = directory.appendingPathComponent("fifo.csv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let folder = directory.appendingPathComponent("folder.csv").path
    #expect(mkdir(folder, 0o700) == 0)
    for (target, what, kind) in [
      (device, "a device", S_IFCHR), (fifo, "a FIFO (named pipe)", S_IFIFO), (folder, "a directory", S_IFDIR),
    ] {
      let result = try PlannerProcess.run(Self.arguments(command, target))
      #expect(result.status == 64, "\(command) \(target): \(result.stderr)")
      #expect(
        result.stderr == "planner: error: '\(Self.option(command)) \(target)' is \(what)" + Self.refusal)
      var info = stat()
      #expect(lstat(target, &info) == 0 && info.st_mode & S_IFMT == kind, "\(target)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "device.csv", "fifo.csv", "folder.csv",
      ])
  }

  @Test("a symbolic link is written through to its file and kept", arguments: ["report", "log"])
  func writesThroughLinks(command: String) throws {
    let directory = try Self.folder()
    let file = directory.appendingPathComponent("target.csv")
    try "date,weight\n2026-11-28,180\n".write(to: file, atomically: false, encoding: .utf8)
    #expect(chmod(file.path, 0o640) == 0)
    let link = directory.appendingPathComponent("link.csv")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    let result = try PlannerProcess.run(Self.arguments(command, link.path))
    #expect(result.status == 0, "\(result.stderr)")
    let written = try String(contentsOf: file, encoding: .utf8)
    if command == "report" {
      #expect(written.hasPrefix("<!DOCTYPE html>"), "\(written.prefix(80))")
    } else {
      #expect(written == "date,weight\n2026-11-28,180\n2026-11-29,181\n")
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.path)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
  }

  @Test("a symbolic link to nothing is refused, exit 64", arguments: ["report", "log"])
  func refusesDanglingLinks(command: String) throws {
    let link = try Self.folder().appendingPathComponent("dangling.csv")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "nothing-here.csv")
    let result = try PlannerProcess.run(Self.arguments(command, link.path))
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "planner: error: '\(Self.option(command)) \(link.path)' is a symbolic link to nothing\n")
    #expect(
      !FileManager.default.fileExists(atPath: link.deletingLastPathComponent().path + "/nothing-here.csv"))
  }

  @Test("a journal's lock file that is a symbolic link is not followed, exit 74")
  func symlinkedLock() throws {
    let directory = try Self.folder()
    let journal = directory.appendingPathComponent("journal.csv")
    try "date,weight\n".write(to: journal, atomically: false, encoding: .utf8)
    let victim = directory.appendingPathComponent("victim.txt")
    try "keep me".write(to: victim, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: journal.path + ".lock", withDestinationPath: victim.path)
    let result = try PlannerProcess.run(Self.arguments("log", journal.path))
    #expect(result.status == 74)
    #expect(
      result.stderr
        == "planner: error: cannot lock the journal with '\(journal.path).lock': it is a symbolic link\n")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
    #expect(try String(contentsOf: journal, encoding: .utf8) == "date,weight\n")
  }

  @Test(
    "a report or a journal whose folder is a file is an output failure, exit 74",
    arguments: ["report", "log"])
  func folderIsAFile(command: String) throws {
    let directory = try Self.folder()
    let file = directory.appendingPathComponent("plain")
    try "x".write(to: file, atomically: false, encoding: .utf8)
    let target = file.path + "/out.csv"
    let result = try PlannerProcess.run(Self.arguments(command, target))
    #expect(result.status == 74)
    #expect(
      result.stderr == "planner: error: cannot write '\(target)': a part of its folder is not a folder\n")
  }
}
