import Diagnostics
import PlanDSL

/// Every way a command can end other than success, mapped to a message and an
/// exit code in exactly one place (``CLIError/exitCode``).
package enum CLIError: Error {
  /// Bad command-line usage: exit 64.
  case usage(String, hint: String?)
  /// A bad option value with a located diagnostic (a `--where` condition): exit 64.
  case usageDiagnostics(DiagnosticList)
  /// Invalid input files, with located diagnostics: exit 65.
  case diagnostics(DiagnosticList)
  /// Invalid input described in words (a readings file, a bad value): exit 65.
  case invalidInput(String)
  /// The command ran and its answer is "no": no feasible plan, a failed test, an alert. Exit 1.
  /// The result has already been printed.
  case negativeResult
  /// `planner health` could not decide: not enough readings. Exit 2. The result has already been printed.
  case notEnoughData
  /// `planner health --database`: some patient's readings are bad (two rows for a day). Exit 65.
  /// The result, with the error beside the patient, has already been printed.
  case badData
  /// A bug or an environment failure: exit 70.
  case internalError(String)
  /// A file the command writes could not be written (a missing folder, a full disk, the alerts'
  /// outbox): exit 74. The message names the path, says what was not saved and gives a hint.
  case outputFailed(String, hint: String? = nil)
  /// A file is locked by another process (a journal being logged into): exit 75, try again.
  case busy(String)

  /// The documented exit codes.
  package enum ExitCode: Int32 {
    case success = 0
    case negativeResult = 1
    case notEnoughData = 2
    case usage = 64
    case invalidInput = 65
    case internalError = 70
    /// An output could not be written: standard output or standard error (a full disk, a
    /// closed descriptor), or a file (`-o`, `--journal`, the journal's history, the alerts' outbox).
    case ioError = 74
    /// A resource is busy (another process holds the journal's lock): try again (EX_TEMPFAIL).
    case temporaryFailure = 75
  }

  var exitCode: ExitCode {
    switch self {
    case .usage, .usageDiagnostics: .usage
    case .diagnostics, .invalidInput, .badData: .invalidInput
    case .negativeResult: .negativeResult
    case .notEnoughData: .notEnoughData
    case .internalError: .internalError
    case .outputFailed: .ioError
    case .busy: .temporaryFailure
    }
  }

  /// The message for standard error (empty for ``negativeResult``).
  func message(colors: Bool) -> String {
    switch self {
    case .usage(let message, let hint):
      // Usage messages quote what was typed; control characters in it are shown escaped.
      return "planner: error: \(message.escapedForTerminal)\n"
        + (hint.map { "  hint: \($0.escapedForTerminal)\n" } ?? "")
    case .diagnostics(let list), .usageDiagnostics(let list):
      return DiagnosticRenderer(colors: colors).render(list)
    case .invalidInput(let message):
      return message.hasSuffix("\n") ? message : "planner: error: \(message)\n"
    case .outputFailed(let message, let hint):
      // It names a path as typed: control characters in it are shown escaped.
      return "planner: error: \(message.escapedForTerminal)\n"
        + (hint.map { "  hint: \($0.escapedForTerminal)\n" } ?? "")
    case .busy(let message):
      return "planner: error: \(message.escapedForTerminal)\n"
    case .negativeResult, .notEnoughData, .badData:
      return ""
    case .internalError(let message):
      return "planner: internal error: \(message)\n  please report this with the input that caused it\n"
    }
  }
}
