import Foundation
import Testing

@testable import PlannerCommandLine

/// `planner health`, `planner report` and `planner rules sql` on typed options: their usage errors
/// (exact messages), help and completions, in process.
@Suite("The health commands' typed options")
struct HealthCommandLineTests {
  static let readings = "Examples/readings.csv"

  @Test(
    "usage errors of 'planner health', exit 64, nothing on standard output",
    arguments: [
      (["health"], "missing a readings file for 'planner health'\n  hint: see 'planner health --help'\n"),
      (
        ["health", readings, "--rule-sett", "x"],
        "unknown option '--rule-sett' for 'planner health'\n  hint: did you mean '--rule-set'?\n"
      ),
      (["health", readings, "--as-of"], "option '--as-of' needs a value (DATE)\n"),
      (
        ["health", readings, "--as-of", "2026-02-30"],
        "'--as-of' takes a date such as 2026-11-29, not '2026-02-30'\n"
      ),
      (
        ["health", readings, "--format", "jsn"],
        "unknown format 'jsn'; expected one of text, json, csv\n  hint: did you mean 'json'?\n"
      ),
      (
        ["health", readings, "--format", "csv"],
        "'--format csv' goes with '--database URL'\n  hint: use text or json for a file\n"
      ),
      (["health", readings, "--rule-set", "sugar"], "'--rule-set sugar' needs '--rules FILE'\n"),
      (["health", readings, "--outbox", "o.json"], "'--outbox' needs '--notify' or '--notify-url'\n"),
      (["health", readings, "--table", "t"], "'--table' goes with '--database URL'\n"),
      (
        ["health", readings, "--database", "postgresql://localhost/x"],
        "unexpected argument 'Examples/readings.csv' for 'planner health --database'\n"
          + "  hint: with --database the readings come from the table; leave out the file\n"
      ),
      (
        ["health", "--database", "postgresql://localhost/x", "--param", "dry_weight=70kg"],
        "'--param' does not go with '--database'\n"
      ),
      (
        ["health", readings, "--param", "dry_weight"],
        "'--param' takes NAME=VALUE, such as dry_weight=70.5kg, not 'dry_weight'\n"
      ),
      (
        ["health", "--database", "postgresql://localhost/x", "--outbox", "o.json"],
        "'--outbox' does not go with '--database'\n"
          + "  hint: with --database the alerts are kept in the table planner_alerts\n"
      ),
      (
        ["health", "--explain", "--notify", "true"],
        "'--explain' prints the query and notifies no one; leave out '--notify'\n"
      ),
      (
        ["health", readings, "--escalate-url", "http://x/"],
        "'--escalate-url' needs '--notify' or '--notify-url'\n"
      ),
      (
        ["health", readings, "--notify", "true", "--escalate-after", "2h"],
        "'--escalate-after' needs '--escalate' or '--escalate-url'\n"
      ),
      (
        ["health", readings, "--notify", "true", "--escalate", "true", "--escalate-after", "soon"],
        "'--escalate-after' takes a time such as 90s, 30m, 2h or 1d (at most 30 days), not 'soon'\n"
      ),
      (
        ["health", readings, "other.csv"],
        "unexpected argument 'other.csv' for 'planner health'\n  hint: see 'planner health --help'\n"
      ),
      (
        ["health", readings, "--notify-url", "ftp://example.org/hook"],
        "'--notify-url' takes an http or https URL, not 'ftp://example.org/hook'\n"
          + "  hint: such as https://example.org/hook\n"
      ),
      (
        ["health", readings, "--rules", "Examples/guidelines.plan"],
        "Examples/guidelines.plan has several rule sets; choose one with '--rule-set'\n"
          + "  hint: rule sets: blood_pressure, hypoglycaemia, heart_failure\n"
      ),
      (
        ["health", readings, "--rules", "Examples/guidelines.plan", "--rule-set", "heart_failur"],
        "no rule set named 'heart_failur' in Examples/guidelines.plan\n  hint: did you mean 'heart_failure'?\n"
      ),
      (
        ["health", "--explain", "--table", "a."],
        "'--table' takes a name such as readings or clinic.readings, not 'a.'\n"
      ),
      (
        ["health", "--explain", "--patients", ","],
        "'--patients' takes patient ids separated by commas, not ','\n"
      ),
    ])
  func healthUsageErrors(_ arguments: [String], _ expected: String) {
    expectUsageError(arguments, "planner: error: " + expected)
  }

  @Test(
    "usage errors of 'planner report', exit 64, nothing on standard output",
    arguments: [
      (["report"], "missing '--journal FILE' for 'planner report'\n  hint: see 'planner report --help'\n"),
      (["report", "--journal"], "option '--journal' needs a value (FILE)\n"),
      (
        ["report", "--journl", "j.csv"],
        "unknown option '--journl' for 'planner report'\n  hint: did you mean '--journal'?\n"
      ),
      (
        ["report", "--journal", "j.csv", "--format", "htm"],
        "unknown format 'htm'; expected one of html, markdown\n  hint: did you mean 'html'?\n"
      ),
      (
        ["report", "--journal", "j.csv", "--as-of", "yesterday"],
        "'--as-of' takes a date such as 2026-11-29, not 'yesterday'\n"
      ),
      (
        ["report", "j.csv"],
        "unexpected argument 'j.csv' for 'planner report'\n  hint: see 'planner report --help'\n"
      ),
      (
        ["report", "--journal", "Examples/journal.csv", "--rule-set", "x"],
        "'--rule-set x' needs '--rules FILE'\n"
      ),
    ])
  func reportUsageErrors(_ arguments: [String], _ expected: String) {
    expectUsageError(arguments, "planner: error: " + expected)
  }

  @Test(
    "usage errors of 'planner rules sql', exit 64, nothing on standard output",
    arguments: [
      (["rules"], "missing a subcommand for 'planner rules'\n  hint: one of: sql\n"),
      (
        ["rules", "sq", "baseline"],
        "unknown subcommand 'sq' for 'planner rules'\n  hint: did you mean 'sql'?\n"
      ),
      (
        ["rules", "sql"],
        "missing a rules file for 'planner rules sql'\n  hint: see 'planner rules sql --help'\n"
      ),
      (
        ["rules", "sql", "baseline", "--dialect", "mysql"],
        "unknown dialect 'mysql'\n  hint: dialects: postgresql\n"
      ),
      (
        ["rules", "sql", "baseline", "--tabel", "t"],
        "unknown option '--tabel' for 'planner rules sql'\n  hint: did you mean '--table'?\n"
      ),
      (["rules", "sql", "baseline", "--as-of"], "option '--as-of' needs a value (DATE)\n"),
      (
        ["rules", "sql", "baseline", "--as-of", "2026-11-31"],
        "'--as-of' takes a date such as 2026-11-29, not '2026-11-31'\n"
      ),
      (
        ["rules", "sql", "baseline", "--columns", "wieght=w"],
        "unknown column key 'wieght' in '--columns'\n  hint: did you mean 'weight'?\n"
      ),
      (["rules", "sql", "baseline", "--columns", "day=d:kg"], "'day' takes no unit in '--columns'\n"),
      (
        ["rules", "sql", "baseline", "--columns", "weight"],
        "'--columns' takes key=column pairs, not 'weight'\n  hint: patient_id=pid,weight=wt:kg\n"
      ),
      (
        ["rules", "sql", "baseline", "extra"],
        "unexpected argument 'extra' for 'planner rules sql'\n  hint: see 'planner rules sql --help'\n"
      ),
    ])
  func rulesUsageErrors(_ arguments: [String], _ expected: String) {
    expectUsageError(arguments, "planner: error: " + expected)
  }

  @Test(
    "help is generated from the declarations",
    arguments: [
      (
        ["health", "--help"],
        "USAGE: planner health [<readings>] [--rules <FILE>] [--rule-set <NAME>] [--as-of <DATE>] [--param <NAME=VALUE>] ... "
          + "[--format <FORMAT>] [--notify <COMMAND>] [--notify-url <URL>] [--outbox <FILE>] [--patient <ID>] "
          + "[--escalate <COMMAND>] [--escalate-url <URL>] [--escalate-after <TIME>] "
          + "[--database <URL>] [--patients <A,B>] [--table <NAME>] [--columns <LIST>] [--explain] "
          + "[--units <metric|us>]\n"
      ),
      (["health", "--help"], "  -f, --format <FORMAT>    Output format: text, json, csv (default: text).\n"),
      (
        ["report", "--help"],
        "USAGE: planner report --journal <FILE> [--rules <FILE>] [--rule-set <NAME>] [--as-of <DATE>] "
          + "[--param <NAME=VALUE>] ... [--format <FORMAT>] [--output <FILE>] [--plan <FILE|NAME>] ... "
          + "[--household <NAME>] [--units <metric|us>]\n"
      ),
      (
        ["rules", "--help"], "SUBCOMMANDS:\n  sql  Print a rule set as one SQL query over a readings table.\n"
      ),
      (
        ["rules", "sql", "--help"],
        "USAGE: planner rules sql <file> [--rule-set <NAME>] [--dialect <NAME>] [--table <NAME>] "
          + "[--columns <LIST>] [--as-of <DATE>] [--patients <A,B>] [--unique-days]\n"
      ),
    ])
  func help(_ arguments: [String], _ expected: String) {
    let run = CapturedRun(arguments)
    #expect(run.status == 0)
    #expect(run.stdout.contains(expected), "\(run.stdout)")
    #expect(run.stderr.isEmpty)
  }

  @Test("completions offer the health commands' options and the 'rules sql' subcommand")
  func completions() {
    for shell in CompletionScript.Shell.allCases {
      let run = CapturedRun(["completion", shell.rawValue])
      #expect(run.status == 0)
      for word in ["notify-url", "outbox", "explain", "journal", "unique-days", "dialect", "sql"] {
        #expect(run.stdout.contains(word), "\(shell): \(word)")
      }
    }
  }

  @Test("'planner rules sql' still prints the query, with the typed options applied")
  func rulesSQLRuns() {
    let run = CapturedRun([
      "rules", "sql", "baseline", "--table", "clinic.home", "--columns", "weight=wt:kg", "--patients", "a,b",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("clinic"))
    #expect(run.stdout.contains("\"wt\""))
    #expect(run.stderr.isEmpty)
  }

  private func expectUsageError(
    _ arguments: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let run = CapturedRun(arguments)
    #expect(run.status == 64, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr == expected, sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
  }
}
