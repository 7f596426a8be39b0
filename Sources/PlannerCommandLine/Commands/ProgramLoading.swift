import Diagnostics
import Foundation
import PlanDSL

/// Loads and checks a plan file for a command, printing its warnings.
package enum ProgramLoading {
  /// The loader of every command. A large file is parsed in parts on the
  /// machine's processors (``PlanLoader/parsesInParallel``) and its stores, foods
  /// and goals are checked in parts (``PlanLoader/checksInParallel``): on the
  /// 8,000-food benchmark week a tenth less wall time each (docs/performance.md,
  /// "Front end, seventh round"). `PLANNER_PARALLEL_PARSE=0` parses on one
  /// thread, to measure the difference; what is read is the same either way.
  static var loader: PlanLoader {
    var loader = PlanLoader()
    loader.parsesInParallel = isOn("PLANNER_PARALLEL_PARSE")
    // The process ends soon after: the tree's memory goes back with it, unfreed.
    loader.keepsSyntaxTree = keepsUntilExit
    return loader
  }

  /// Whether a loaded program and its syntax tree are kept until the process ends rather
  /// than freed (``PlanLoader/keepsSyntaxTree``, ``KeptProgram``): right for `planner`,
  /// which runs one command and exits; a program that runs command after command in one
  /// process (the `fuzz-cli` target: half a million runs) turns it off before the first,
  /// or every run's program would stay in memory.
  nonisolated(unsafe) package static var keepsUntilExit = true

  /// A switch in the environment for measuring: on unless set to `0`.
  static func isOn(_ variable: String) -> Bool {
    getenv(variable).map { String(cString: $0) } != "0"
  }

  /// Loads a plan from `path`, or, when `files` is given, from those texts, with relative paths
  /// relative to `directory` (a plan stored in the job queue).
  static func load(_ path: String, files: [String: String]? = nil, directory: String = "/", console: Console)
    throws(CLIError) -> Program
  {
    let loader = Self.loader
    var status = stat()
    if stat(path, &status) == 0, loader.parsesInParts(byteCount: Int(status.st_size)) {
      ProcessMemory.prepareWorkerArenas()
    }
    do throws(DiagnosticList) {
      let program: Program
      if let files {
        program = try loader.load(path: path, files: files, directory: directory)
      } else {
        program = try loader.load(path: path)
      }
      // Likewise the program (thousands of foods): kept until the process ends.
      if keepsUntilExit { _ = Unmanaged.passRetained(KeptProgram(program)) }
      if !program.warnings.isEmpty {
        console.err(
          DiagnosticRenderer(colors: console.errorIsTerminal).render(
            DiagnosticList(program.warnings, sources: program.sources)))
      }
      return program
    } catch {
      throw .diagnostics(error)
    }
  }
}

/// A loaded program kept until the process ends, so that the command does not
/// spend its last milliseconds freeing it (see ``PlanLoader/keepsSyntaxTree``).
private final class KeptProgram {
  let program: Program
  init(_ program: Program) { self.program = program }
}

/// JSON with sorted keys and two-space indentation, ending in a newline.
enum JSONText {
  /// - Throws: ``CLIError/internalError(_:)`` when a value cannot be encoded (a bug, such as a NaN).
  static func encode(_ value: some Encodable) throws(CLIError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    } catch {
      throw .internalError("cannot write the result as JSON: \(error)")
    }
  }
}
