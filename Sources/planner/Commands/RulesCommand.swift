import Diagnostics
import HealthRules
import PlanDSL

/// `planner rules sql FILE`: a rule set written as one SQL query.
enum RulesCommand: Command {
  static let info = CommandInfo(
    name: "rules",
    abstract: "Write health rules for a database: 'planner rules sql FILE' prints one SQL query.",
    usage:
      "planner rules sql <file> [--rule-set NAME] [--dialect postgresql] [--table NAME] [--columns LIST] [--as-of DATE] [--patients A,B]",
    discussion: """
      The query reads a table with one row per patient and day (by default readings: patient_id, day,
      weight in lb, systolic and diastolic in mmHg, sugar in mg/dL, symptoms) and returns one row per
      patient: patient_id, today, verdict, alerts, unknown, missing, error. It gives the same verdicts as
      'planner health'. 'baseline' as <file> stands for the bundled baseline rules.
      """,
    arguments: [
      ("sql", "The subcommand: print the query."),
      ("<file>", "A .plan file with 'rules' blocks, or 'baseline'."),
    ],
    options: [
      .option("rule-set", value: "NAME", "Which rule set of the file, when it has several."),
      .option("dialect", value: "NAME", "The SQL dialect: postgresql (the default and only one)."),
      DatabaseOptions.table, DatabaseOptions.columns,
      .option("as-of", value: "DATE", "Every patient's today (default: each patient's latest reading)."),
      DatabaseOptions.patients,
      .flag(
        "unique-days",
        "The table has a primary key on (patient, day): skip the check for two rows on one day."),
    ]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    let positionals = try arguments.positionals(
      exactly: ["a subcommand (sql)", "a rules file"], command: info.name)
    guard positionals[0] == "sql" else {
      throw .usage(
        "unknown subcommand '\(positionals[0])' for 'planner rules'", hint: "try 'planner rules sql FILE'")
    }
    if let dialect = arguments.value("dialect"), SQLDialect(rawValue: dialect) == nil {
      throw .usage(
        "unknown dialect '\(dialect)'",
        hint: "dialects: " + SQLDialect.allCases.map(\.rawValue).joined(separator: ", "))
    }
    let (ruleSet, sources) = try loadRuleSet(
      positionals[1], name: arguments.value("rule-set"), console: console)
    var table = try DatabaseOptions.table(arguments)
    table.uniqueDays = arguments.flag("unique-days")
    console.out(
      try DatabaseOptions.sql(
        ruleSet, table: table, asOf: try DatabaseOptions.asOf(arguments),
        patients: DatabaseOptions.patients(arguments), sources: sources))
  }

  /// A rule set from a file (or the bundled baseline), chosen by name when the file has several,
  /// with the files it was read from (`nil` for the baseline).
  static func loadRuleSet(_ file: String, name: String?, console: Console) throws(CLIError) -> (
    RuleSet, SourceManager?
  ) {
    if file == "baseline" { return (.baseline, nil) }
    let program = try ProgramLoading.load(file, console: console)
    let sets = program.ruleSets
    if let name {
      guard let found = sets.first(where: { $0.id == name }) ?? (name == "baseline" ? .baseline : nil) else {
        throw .usage(
          "no rule set named '\(name)' in \(file)",
          hint: closestMatch(to: name, in: sets.map(\.id)).map { "did you mean '\($0)'?" })
      }
      return (found, program.sources)
    }
    guard sets.count == 1 else {
      if sets.isEmpty { throw .invalidInput("\(file) declares no 'rules' block") }
      throw .usage(
        "\(file) has several rule sets; choose one with '--rule-set'",
        hint: "rule sets: " + sets.map(\.id).joined(separator: ", "))
    }
    return (sets[0], program.sources)
  }
}
