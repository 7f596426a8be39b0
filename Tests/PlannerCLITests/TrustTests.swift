import Foundation
import Testing

/// Inputs that used to crash, trap or mislead, each with its exit code and message.
@Suite("No crash on any input")
struct TrustTests {
  func temporary(_ name: String, _ text: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-trust-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  static func rules(_ condition: String) -> String {
    "rules r {\n  window 7 days\n  alert a \"A\" when \(condition)\n}\n"
  }

  static let deep = rules(
    String(repeating: "(", count: 1500) + "weight.today > 1 lb" + String(repeating: ")", count: 1500))
  static let long = rules("weight.today > " + Array(repeating: "1 lb", count: 8000).joined(separator: " + "))

  @Test(
    "1,500 nested parentheses or 8,000 '+' terms are a located error in check, test and health, exit 65",
    arguments: [
      (deep, "rules.plan:3:84: error: expression nests more than 64 levels deep"),
      (long, "rules.plan:3:7026: error: expression has more than 1000 operators"),
    ])
  func expressionLimits(source: String, expected: String) throws {
    let file = try temporary("rules.plan", source)
    let csv = try temporary("week.csv", "date,weight\n2026-11-29,180\n")
    for arguments in [
      ["check", file.path], ["test", file.path], ["health", csv.path, "--rules", file.path],
    ] {
      let result = try PlannerProcess.run(arguments)
      #expect(result.status == 65, "\(arguments[0])")
      #expect(result.stderr.hasPrefix(file.deletingLastPathComponent().path + "/" + expected + "\n"))
      #expect(
        result.stderr.hasSuffix("  hint: split the condition into simpler alerts\n1 error generated.\n"))
    }
  }

  @Test("an Apple Health export whose DTD declares '#REQUIRED' attributes is read, not a crash")
  func appleHealthDoctype() throws {
    let export = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE HealthData [
      <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation)*)>
      <!ATTLIST HealthData
        locale CDATA #REQUIRED
      >
      <!ATTLIST Record
        type          CDATA #REQUIRED
        value         CDATA #IMPLIED
      >
      ]>
      <HealthData locale="en_US">
       <Record type="HKQuantityTypeIdentifierBodyMass" unit="lb" startDate="2026-11-29 07:10:00 -0500" value="180"/>
      </HealthData>
      """
    let file = try temporary("export.xml", export)
    let result = try PlannerProcess.run(["health", file.path])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stdout.contains("NOT ENOUGH DATA: some rules could not be decided\n"))
  }

  @Test("planner health exits 0 healthy, 1 alert, 2 not enough data")
  func healthExitCodes() throws {
    var steady = "date,weight,systolic,diastolic,sugar\n"
    for day in 23...29 { steady += "2026-11-\(day),180,120,80,95\n" }
    let rising = steady.replacingOccurrences(
      of: "2026-11-29,180,120,80,95", with: "2026-11-29,180,120,80,120")
    let sparse = "date,weight\n2026-11-29,180\n"
    for (csv, status, line) in [
      (steady, Int32(0), "HEALTHY: "), (rising, 1, "ALERT (warning): "), (sparse, 2, "NOT ENOUGH DATA: "),
    ] {
      let result = try PlannerProcess.run(["health", try temporary("week.csv", csv).path])
      #expect(result.status == status, "\(line)")
      #expect(result.stdout.contains("\n" + line))
    }
  }

  @Test("control characters in symptom text are escaped, so they cannot forge a line")
  func symptomsAreEscaped() throws {
    var csv = "date,weight,systolic,diastolic,sugar,symptoms\n"
    for day in 23...28 { csv += "2026-11-\(day),180,120,80,95,\n" }
    csv += "2026-11-29,180,120,80,95,\"dizzy\nHEALTHY: all good \u{1B}[2J\"\n"
    let result = try PlannerProcess.run(["health", try temporary("week.csv", csv).path])
    #expect(result.status == 0)
    #expect(
      result.stdout.contains("symptoms day 7 (2026-11-29): dizzy\\nHEALTHY: all good \\u{1B}[2J\n"))
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.components(separatedBy: "\nHEALTHY: ").count == 2)
  }

  @Test(
    "numeric options out of range are usage errors, exit 64",
    arguments: [
      (
        ["solve", "Examples/week.plan", "--time-limit", "2e19"],
        "planner: error: '--time-limit' takes at most 1000000 seconds, not '2e19'\n"
      ),
      (
        ["solve", "Examples/week.plan", "--time-limit=nan"],
        "planner: error: '--time-limit' takes a positive number of seconds, not 'nan'\n"
      ),
      (
        ["foods", "search", "oats", "--limit", "99999999999999999999"],
        "planner: error: '--limit' takes a whole number from 1 to 1000000, not '99999999999999999999'\n"
      ),
    ])
  func numericOptions(arguments: [String], expected: String) throws {
    let result = try PlannerProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr == expected)
  }

  /// Runs `planner` through `/bin/sh` so that its standard streams can be redirected or closed.
  func shell(_ script: String) throws -> (status: Int32, stderr: String) {
    let executable = try #require(PlannerProcess.executable)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, executable.path]
    process.currentDirectoryURL = PlannerProcess.packageRoot
    let err = Pipe()
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test("a full disk on standard output ends with one line and exit 74, not a trap")
  func fullStandardOutput() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    for command in ["\"$0\" --version", "\"$0\" check Examples/week.plan", "\"$0\" foods show 08120"] {
      let result = try shell("exec \(command) > /dev/full")
      #expect(result.status == 74, "\(command)")
      #expect(result.stderr == "planner: error: cannot write to standard output: No space left on device\n")
    }
  }

  @Test("a closed standard output ends with one line and exit 74")
  func closedStandardOutput() throws {
    let result = try shell("exec \"$0\" --version >&-")
    #expect(result.status == 74)
    #expect(result.stderr == "planner: error: cannot write to standard output: Bad file descriptor\n")
  }

  @Test("with standard output closed, a --junit file does not take its place, and the output fails with 74")
  func closedStandardOutputAndJUnit() throws {
    let junit = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-\(UUID().uuidString).xml")
    let result = try shell("exec \"$0\" test Examples/home.plan --junit \(junit.path) >&-")
    #expect(result.status == 74)
    #expect(result.stderr == "planner: error: cannot write to standard output: Bad file descriptor\n")
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.hasPrefix("<?xml"))
    #expect(!xml.contains("PASS"))
  }

  @Test("a full disk on standard error ends with exit 74")
  func fullStandardError() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let result = try shell("exec \"$0\" check no-such-file.plan 2> /dev/full")
    #expect(result.status == 74)
  }

  @Test("SIGQUIT ends the process by the signal, without a crash report")
  func sigquit() throws {
    let executable = try #require(PlannerProcess.executable)
    let process = Process()
    process.executableURL = executable
    // A meal plan that searches until its 60 s time limit (the till week,
    // whose packages keep it from being proven), so it is still running when
    // the signal comes, however fast the machine.
    process.arguments = ["solve", "Examples/week.plan", "--plan", "week_at_till"]
    process.currentDirectoryURL = PlannerProcess.packageRoot
    let err = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    Thread.sleep(forTimeInterval: 1)
    kill(process.processIdentifier, SIGQUIT)
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGQUIT)
    #expect(!String(decoding: data, as: UTF8.self).contains("crashed"))
  }
}

/// System errors read as plain sentences with the path.
@Suite("Unreadable inputs")
struct UnreadableInputTests {
  func folder() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-unreadable-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test("a FIFO, a directory, a loop of links and a missing file are named as such, exit 65")
  func planFiles() throws {
    let directory = try folder()
    let fifo = directory.appendingPathComponent("fifo.plan").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let loop = directory.appendingPathComponent("loop1.plan").path
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop2.plan")
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("loop2.plan").path, withDestinationPath: "loop1.plan")
    let including = directory.appendingPathComponent("main.plan")
    try "include \"loop1.plan\"\n".write(to: including, atomically: true, encoding: .utf8)
    for (path, reason) in [
      (fifo, "is a FIFO (named pipe), not a regular file"), (directory.path, "is a directory"),
      (loop, "is a loop of symbolic links"),
      (directory.appendingPathComponent("none.plan").path, "no such file"),
    ] {
      let result = try PlannerProcess.run(["check", path])
      #expect(result.status == 65)
      #expect(result.stderr == "planner: error: cannot read '\(path)': \(reason)\n1 error generated.\n")
    }
    let result = try PlannerProcess.run(["check", including.path])
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix(
        "\(including.path):1:9: error: cannot read '\(loop)': is a loop of symbolic links\n"))
  }

  @Test("a plan file over 4 GiB is refused before it is read, exit 65")
  func hugePlanFile() throws {
    // A sparse file: its size is 4 GiB + 1 byte, its disk use nothing.
    let path = try folder().appendingPathComponent("huge.plan").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(UInt32.max) + 1)
    try handle.close()
    let result = try PlannerProcess.run(["check", path])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "planner: error: cannot read '\(path)': is larger than 4 GiB, the most a plan file may hold\n"
        + "1 error generated.\n")
  }

  @Test("a readings file that is a FIFO or missing is a plain sentence, exit 65")
  func readingsFiles() throws {
    let directory = try folder()
    let fifo = directory.appendingPathComponent("week.csv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let missing = directory.appendingPathComponent("none.csv").path
    for (path, reason) in [(fifo, "is a FIFO (named pipe), not a regular file"), (missing, "no such file")] {
      let result = try PlannerProcess.run(["health", path])
      #expect(result.status == 65)
      #expect(result.stderr == "\(path):1:1: error: cannot read '\(path)': \(reason)\n1 error generated.\n")
    }
  }
}

/// Readings files of any size give bounded output.
@Suite("Bounded readings errors")
struct BoundedReadingsErrorTests {
  func temporary(_ name: String, _ text: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-readings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test("JSON nested 200,000 deep is one error, its 400 KB line elided around the caret")
  func deepJSON() throws {
    let file = try temporary(
      "deep.json", String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000))
    let result = try PlannerProcess.run(["health", file.path])
    #expect(result.status == 65)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "\(file.path):1:64: error: the JSON nests too deeply")
    #expect(lines.count == 5)
    #expect(lines.allSatisfy { $0.count < 300 })
    let shown = String(lines.dropFirst().first ?? "")
    let expected = "  …" + String(repeating: "[", count: 120) + "…"
    #expect(shown.unicodeScalars.elementsEqual(expected.unicodeScalars))
  }

  @Test("500 bad rows show the first 50 errors, then how many more")
  func manyBadRows() throws {
    let rows = (0..<500).map { "2026-01-\(String(format: "%02d", $0 % 28 + 1)),abc" }.joined(separator: "\n")
    let result = try PlannerProcess.run([
      "health", try temporary("bad.csv", "date,weight\n" + rows + "\n").path,
    ])
    #expect(result.status == 65)
    #expect(result.stderr.components(separatedBy: ": error: ").count == 51)
    #expect(result.stderr.hasSuffix("and 922 more errors not shown\n972 errors generated.\n"))
  }
}
