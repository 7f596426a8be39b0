import Foundation
import Testing

/// `--junit` and `--output` never overwrite what is not ours.
@Suite("Output files")
struct OutputFileTests {
  func folder() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  static let refusal =
    "; planner writes only to a regular file or a new path\n"
    + "  hint: give the path of a file to create or replace\n"

  @Test(
    "a device, a FIFO or a directory is refused before anything is written, exit 64",
    arguments: ["junit", "export", "catalog"])
  func refusesSpecialFiles(command: String) throws {
    let directory = try folder()
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for (target, what) in [
      ("/dev/null", "a device"), (fifo, "a FIFO (named pipe)"), (directory.path, "a directory"),
    ] {
      let arguments: [String]
      let option: String
      switch command {
      case "junit":
        (arguments, option) = (["test", "Examples/home.plan", "--junit", target], "junit")
      case "export":
        (arguments, option) = (["export", "Examples/catalog.plan", "--output", target], "output")
      default:
        (arguments, option) = (["catalog", "import-sr28", directory.path, "-o", target], "output")
      }
      let result = try PlannerProcess.run(arguments)
      #expect(result.status == 64, "\(command) \(target)")
      #expect(result.stderr == "planner: error: '--\(option) \(target)' is \(what)" + Self.refusal)
    }
    var info = stat()
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  @Test("an existing file is replaced whole, keeping its permissions, through a symbolic link")
  func replacesRegularFiles() throws {
    let directory = try folder()
    let file = directory.appendingPathComponent("report.xml")
    try "old".write(to: file, atomically: false, encoding: .utf8)
    #expect(chmod(file.path, 0o640) == 0)
    let link = directory.appendingPathComponent("link.xml")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    let result = try PlannerProcess.run(["test", "Examples/home.plan", "--junit", link.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("<?xml"))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.path)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "link.xml", "report.xml",
      ])
  }

  @Test("a folder that does not exist is a plain sentence with the path, exit 74")
  func missingFolder() throws {
    let path = try folder().appendingPathComponent("no/such/report.xml").path
    let result = try PlannerProcess.run(["test", "Examples/home.plan", "--junit", path])
    #expect(result.status == 74)
    #expect(result.stderr == "planner: error: cannot write '\(path)': its folder does not exist\n")
  }

  @Test("a symbolic link to nothing is refused")
  func danglingLink() throws {
    let link = try folder().appendingPathComponent("dangling.xml")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "nothing-here")
    let result = try PlannerProcess.run(["test", "Examples/home.plan", "--junit", link.path])
    #expect(result.status == 64)
    #expect(result.stderr == "planner: error: '--junit \(link.path)' is a symbolic link to nothing\n")
  }
}
