import Diagnostics
import Foundation

/// A subcommand: a description, and a run function over parsed arguments.
protocol Command {
  static var info: CommandInfo { get }
  /// Runs the command. Results go to `console.out`, diagnostics to `console.err`.
  ///
  /// - Throws: ``CLIError`` for every outcome other than success.
  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError)
}

/// Where a command writes: results on standard output, diagnostics on standard error.
struct Console {
  /// Whether standard error is a terminal (colour diagnostics).
  let errorIsTerminal: Bool
  /// Whether standard output is a terminal (colour results).
  let outputIsTerminal: Bool

  init() {
    let environment = ProcessInfo.processInfo.environment
    errorIsTerminal = DiagnosticRenderer.usesColors(onTerminal: isatty(2) == 1, environment: environment)
    outputIsTerminal = DiagnosticRenderer.usesColors(onTerminal: isatty(1) == 1, environment: environment)
  }

  func out(_ text: String) {
    StandardStream.output.write(text)
  }

  func err(_ text: String) {
    StandardStream.error.write(text)
  }
}
