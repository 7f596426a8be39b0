import Foundation
import Testing

@testable import PlannerCommandLine

/// `planner log` in process: its usage errors, and an entry's problems rendered like every
/// diagnostic, located in `<entry>`.
@Suite("'planner log' in process")
struct LogCommandLineTests {
  @Test(
    "usage errors of 'planner log', exit 64, nothing on standard output",
    arguments: [
      (
        ["log"],
        "planner: error: nothing to log\n"
          + "  hint: planner log weight 181.2 lb, bp 128/82, sugar 104 mg/dL, symptoms \"tired\"\n"
      ),
      (
        ["log", "--replce", "weight", "180"],
        "planner: error: unknown option '--replce' for 'planner log'\n  hint: did you mean '--replace'?\n"
      ),
      (["log", "weight", "180", "--journal"], "planner: error: option '--journal' needs a value (FILE)\n"),
    ])
  func usageErrors(_ arguments: [String], _ expected: String) {
    let run = CapturedRun(arguments)
    #expect(run.status == 64)
    #expect(run.stderr == expected)
    #expect(run.stdout.isEmpty)
  }

  @Test("a journal that is not .csv or .json is a usage error, and no lock file is left beside it")
  func unsupportedJournal() {
    let journal = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID()).txt").path
    let run = CapturedRun(["log", "--journal", journal, "weight", "180"])
    #expect(run.status == 64)
    #expect(
      run.stderr == "planner: error: cannot log into '\((journal as NSString).lastPathComponent)': "
        + "journals are .csv or .json files\n  hint: log into a .csv or .json journal: --journal journal.csv\n"
    )
    #expect(!FileManager.default.fileExists(atPath: journal + ".lock"))
  }

  @Test("every problem of an entry is one located diagnostic with its caret and hint; nothing is logged")
  func entryProblems() {
    let journal = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID()).csv").path
    let run = CapturedRun([
      "log", "--journal", journal, "weight", "180", "lb,", "bp", "120,", "wieght", "3,", "181",
    ])
    #expect(run.status == 65)
    #expect(
      run.stderr == """
        <entry>:1:19: error: '120' is not a blood pressure
          weight 180 lb, bp 120, wieght 3, 181
                            ^~~
          hint: write systolic/diastolic, such as bp 128/82
        <entry>:1:24: error: unknown reading 'wieght'
          weight 180 lb, bp 120, wieght 3, 181
                                 ^~~~~~
          hint: did you mean 'weight'?
        <entry>:1:34: error: expected a reading name before '181'
          weight 180 lb, bp 120, wieght 3, 181
                                           ^~~
          hint: name each value, such as weight 181.2 lb or sugar 104 mg/dL
        3 errors generated.
        nothing was logged

        """)
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: journal))
  }
}
