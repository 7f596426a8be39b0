import Diagnostics
import HealthRules
import PlanDSL

/// `planner rules`: health rules for a database, through the `sql` subcommand.
enum RulesCommand: CommandGroup {
  static let name = "rules"
  static let abstract = "Write health rules for a database: 'planner rules sql FILE' prints one SQL query."
  static var subcommands: [any Command.Type] { [RulesSQL.self] }
}

/// `planner rules sql FILE`: a rule set written as one SQL query.
enum RulesSQL: TypedCommand {
  static let name = "rules sql"
  static let abstract = "Print a rule set as one SQL query over a readings table."
  static let discussion = """
    The query reads a table with one row per patient and day (by default readings: patient_id, day,
    weight in lb, systolic and diastolic in mmHg, sugar in mg/dL, symptoms) and returns one row per
    patient: patient_id, today, verdict, alerts, unknown, missing, error. It gives the same verdicts as
    'planner health'. 'baseline' as <file> stands for the bundled baseline rules. --as-of and
    --patients are written into the query as literals, each quote doubled ('planner health
    --database' sends them as parameters instead).
    """

  struct Options: CommandOptions {
    var file: String?
    var ruleSet: String?
    var dialect = SQLDialect.postgresql
    var table: TableName?
    var columns: ColumnList?
    var asOf: Day?
    var patients: PatientList?
    var uniqueDays = false

    static var declarations: [OptionDeclaration<Options>] {
      [
        .argument(
          "file", \.file, missing: "a rules file", "A .plan file with 'rules' blocks, or 'baseline'."),
        .option("rule-set", \.ruleSet, value: "NAME", "Which rule set of the file, when it has several."),
        .option(
          "dialect", \.dialect, value: "NAME", "The SQL dialect: postgresql (the default and only one)."),
        .option("table", \.table, value: "NAME", DatabaseOptions.tableHelp),
        .option("columns", \.columns, value: "LIST", DatabaseOptions.columnsHelp),
        .option(
          "as-of", \.asOf, value: "DATE", "Every patient's today (default: each patient's latest reading)."),
        .option("patients", \.patients, value: "A,B", DatabaseOptions.patientsHelp),
        .flag(
          "unique-days", \.uniqueDays,
          "The table has a primary key on (patient, day): skip the check for two rows on one day."),
      ]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let file = options.file else { throw .internalError("rules sql ran without its file") }
    let (ruleSet, sources) = try loadRuleSet(file, name: options.ruleSet, console: console)
    var table = DatabaseOptions.table(options.table, columns: options.columns)
    table.uniqueDays = options.uniqueDays
    console.out(
      try DatabaseOptions.sql(
        ruleSet, table: table, asOf: options.asOf, patients: options.patients?.ids, sources: sources))
  }

  /// A rule set from a file (or the bundled baseline), chosen by name when the file has several,
  /// with the files it was read from (`nil` for the baseline).
  static func loadRuleSet(_ file: String, name: String?, console: Console) throws(CLIError) -> (
    RuleSet, SourceManager?
  ) {
    if file == "baseline" { return (.baseline, nil) }
    let program = try ProgramLoading.load(file, console: console)
    return (try pick(name, from: program, file: file), program.sources)
  }

  /// The rule set named `name` in a program, or its only one when `name` is `nil`.
  ///
  /// - Throws: ``CLIError/usage(_:hint:)`` for an unknown name (with the closest one) or several
  ///   rule sets and no name (with their names); ``CLIError/invalidInput(_:)`` when there is none.
  static func pick(_ name: String?, from program: Program, file: String) throws(CLIError) -> RuleSet {
    let sets = program.ruleSets
    if let name {
      guard let found = sets.first(where: { $0.id == name }) ?? (name == "baseline" ? .baseline : nil) else {
        throw .usage(
          "no rule set named '\(name.escapedForTerminal)' in \(file.escapedForTerminal)",
          hint: Suggestions.hint(for: name, in: sets.map(\.id))
            ?? (sets.isEmpty ? nil : "rule sets: " + sets.map(\.id).joined(separator: ", ")))
      }
      return found
    }
    guard sets.count == 1 else {
      if sets.isEmpty { throw .invalidInput("\(file) declares no 'rules' block") }
      throw .usage(
        "\(file.escapedForTerminal) has several rule sets; choose one with '--rule-set'",
        hint: "rule sets: " + sets.map(\.id).joined(separator: ", "))
    }
    return sets[0]
  }
}
