import Diagnostics
import Foundation

/// A subcommand: a description, and a run function over parsed arguments.
protocol Command {
  static var info: CommandInfo { get }
  /// Runs the command. Results go to `console.out`, diagnostics to `console.err`.
  ///
  /// - Throws: ``CLIError`` for every outcome other than success.
  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError)
  /// Nested commands (`foods search`), chosen by the first argument; none by default.
  static var subcommands: [any Command.Type] { get }
}

extension Command {
  static var subcommands: [any Command.Type] { [] }
}

/// Where a command writes: results on standard output, diagnostics on standard error.
///
/// The process writes to its standard streams (``init()``); a test injects its own
/// writer (``init(outputIsTerminal:errorIsTerminal:write:)``) and runs
/// `Planner.run` in process.
package struct Console {
  /// Which stream a text goes to.
  package enum Stream: Sendable {
    case output, error
  }

  /// Whether standard error is a terminal (colour diagnostics).
  let errorIsTerminal: Bool
  /// Whether standard output is a terminal (colour results).
  let outputIsTerminal: Bool
  /// Writes a text to a stream.
  private let writer: (Stream, String) -> Void

  /// The process's standard output and error; colour only on a terminal and without `NO_COLOR`.
  init() {
    // One variable read, not the whole environment made into a dictionary
    // (a few tenths of a millisecond of every run's start).
    let environment = getenv("NO_COLOR").map { ["NO_COLOR": String(cString: $0)] } ?? [:]
    errorIsTerminal = DiagnosticRenderer.usesColors(onTerminal: isatty(2) == 1, environment: environment)
    outputIsTerminal = DiagnosticRenderer.usesColors(onTerminal: isatty(1) == 1, environment: environment)
    writer = { stream, text in
      switch stream {
      case .output: StandardStream.output.write(text)
      case .error: StandardStream.error.write(text)
      }
    }
  }

  /// A console that hands every text to `write` (for tests).
  package init(
    outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, write: @escaping (Stream, String) -> Void
  ) {
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.writer = write
  }

  func out(_ text: String) {
    writer(.output, text)
  }

  func err(_ text: String) {
    writer(.error, text)
  }
}
