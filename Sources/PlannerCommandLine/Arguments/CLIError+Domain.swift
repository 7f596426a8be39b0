import Diagnostics
import HealthRules
import MealOptimizer
import PlanDSL

/// The one mapping from the engines' errors to the command line's outcomes (and so to
/// exit codes, through ``CLIError/exitCode``): a mistake in the input is 65, a usage
/// mistake 64, a failure of the program or its environment 70.
extension CLIError {
  /// A planning error (solving, exporting, profiling a recipe), about `subject` (`plan 'week'`).
  ///
  /// A problem the input can fix (a bad model, bad options) is invalid input; a solver
  /// failure, a plan that fails its independent check, or a cancelled solve is internal.
  init(_ error: PlanningError, about subject: String) {
    switch error {
    case .invalidProblem, .solver(.invalidModel), .solver(.invalidOptions):
      self = .invalidInput("\(subject): \(error.description)")
    case .solver, .verificationFailed, .cancelled:
      self = .internalError("\(subject): \(error.description)")
    }
  }

  /// Rules that do not compile, from the file at `path`: invalid input.
  init(_ error: RuleError, path: String) {
    self = .invalidInput("\(path): \(error)")
  }

  /// A rule set that does not compile (the bundled baseline, or one already checked): invalid input.
  init(_ error: RuleError) {
    self = .invalidInput(error.description)
  }

  /// Readings that give no window to evaluate (none at all, a day before them), from `path`:
  /// invalid input.
  init(_ error: WindowError, path: String) {
    self = .invalidInput("\(path): \(error)")
  }

  /// An output that could not be written (``HealthRules/AtomicFile``): a destination that is
  /// not a file is a usage mistake naming the option (`'--output /dev/null' is a device`);
  /// a failed write is an output failure (74).
  init(_ error: AtomicFileError, option: String) {
    switch error.kind {
    case .notAFile:
      let dashes = option.hasPrefix("-") ? option : "--" + option
      self = .usage(
        "'\(dashes) \(error.path.escapedForTerminal)' is \(error.reason)"
          + (error.reason.hasPrefix("a symbolic link")
            ? "" : "; planner writes only to a regular file or a new path"),
        hint: error.reason.hasPrefix("a symbolic link") ? nil : "give the path of a file to create or replace"
      )
    case .failed:
      self = .outputFailed(error.description)
    }
  }

  /// A readings file's problems, rendered by the one diagnostics renderer: invalid input.
  init(_ error: ReadingsError, path: String, colors: Bool) {
    self = .invalidInput(DiagnosticRenderer(colors: colors).render(error.diagnostics(path: path)))
  }

  /// The bundled catalog cannot be loaded: a broken installation, so internal.
  init(_ error: FoodCatalogError) {
    self = .internalError("cannot load the bundled catalog: \(error)")
  }

  /// A `--where` condition that does not read: a usage mistake, located in the condition.
  init(_ failure: NutrientConditionSyntax.Failure) {
    self = .usageDiagnostics(failure.diagnostics)
  }
}
