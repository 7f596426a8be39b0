import Diagnostics
import PlanDSL

/// `planner check FILE`: parse and check a plan file without solving it.
enum CheckCommand: TypedCommand {
  static let name = "check"
  static let abstract = "Check a .plan file for mistakes without solving it."
  static let discussion = """
    Reports every error and warning with file:line:column, the source line and a caret.
    With '--format json', the diagnostics (id, severity, file, line, column, message, hints,
    notes) are printed on standard output, on errors too.
    """

  struct Options: CommandOptions {
    var file: String?
    var format = OutputFormat.text

    static var declarations: [OptionDeclaration<Options>] {
      [
        .argument(
          "file", \.file, missing: "a .plan file", "The .plan file to check (its includes are checked too)."),
        .format(\.format, [.text, .json]),
      ]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let path = options.file else { throw .internalError("check ran without its file") }
    let format = options.format
    let program: Program
    do throws(CLIError) {
      program = try ProgramLoading.load(path, console: console)
    } catch {
      // With JSON, the diagnostics are the result: printed on standard output too.
      if format == .json, case .diagnostics(let list) = error {
        console.out(try JSONText.encode(CheckFailure(list)))
      }
      throw error
    }
    switch format {
    case .json:
      console.out(try JSONText.encode(CheckSummary(program)))
    default:
      let counts = [
        (program.foods.count, "food"), (program.recipes.count, "recipe"), (program.goals.count, "goal"),
        (program.plans.count, "plan"), (program.ruleSets.count, "rule set"),
      ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
      console.out("\(path): ok" + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")) + "\n")
    }
  }
}

/// What `check --format json` prints for a file with errors: every diagnostic, located.
struct CheckFailure: Encodable {
  var status = "error"
  var errors: Int
  var warnings: Int
  var diagnostics: [DiagnosticList.Record]

  init(_ list: DiagnosticList) {
    diagnostics = list.records
    errors = list.diagnostics.filter { $0.severity == .error }.count
    warnings = list.diagnostics.filter { $0.severity == .warning }.count
  }
}

/// What `check --format json` prints.
struct CheckSummary: Encodable {
  var status = "ok"
  var foods: [String]
  var goals: [String]
  var recipes: [String]
  var plans: [String]
  var ruleSets: [String]
  var warnings: Int
  var diagnostics: [DiagnosticList.Record]

  init(_ program: Program) {
    foods = program.foods.map(\.id)
    goals = program.goals.map(\.name)
    recipes = program.recipes.map(\.id)
    plans = program.plans.map(\.name)
    ruleSets = program.ruleSets.map(\.id)
    warnings = program.warnings.count
    diagnostics = DiagnosticList(program.warnings, sources: program.sources).records
  }
}
