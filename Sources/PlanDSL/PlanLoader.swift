import Diagnostics
import Foundation
import MealOptimizer

/// Reads, parses and checks `.plan` files.
///
/// ```swift
/// let program = try PlanLoader().load(path: "week.plan")
/// let problem = try program.dietProblem(named: nil)
/// ```
///
/// Every mistake in every file is reported in one `DiagnosticList`. The
/// driver stops after parsing when parsing found errors, so that the checker
/// does not pile further errors on a broken tree.
public struct PlanLoader: Sendable {
  /// Whether a large file (256 KB or more) is parsed in parts on several
  /// threads at once, one per processor up to 8. The result, and every
  /// message, is the same either way: a file with a mistake is parsed again
  /// whole. On by default, and in the command line since the seventh round of
  /// docs/performance.md (`PLANNER_PARALLEL_PARSE=0` turns it off there).
  package var parsesInParallel = true
  /// The threads a file may be parsed and checked on in parts (tests set it; `nil`: one per processor).
  var parsingThreads: Int?
  /// The smallest part of a file parsed on a thread of its own (tests lower it to cut small files).
  var smallestParsedPart = PartedParse.smallestPart
  /// Whether a program with many declarations (4,096 or more) has its
  /// stores, foods and goals checked in parts on several threads, one per
  /// processor up to 8. The result, and every message, is the same either way.
  package var checksInParallel = true
  /// The fewest declarations a part is checked with (tests lower it to cut small programs).
  var smallestCheckedPart = Checker.smallestCheckedPart
  /// Whether the syntax tree is kept, not freed, once the program is checked:
  /// freeing a large file's tree (hundreds of thousands of small blocks) was
  /// about 9% of `planner check`'s instructions on 8,000 foods (callgrind;
  /// its time saved measured within the noise, docs/performance.md), and a
  /// process that loads one program and ends gets that memory back from the
  /// system anyway (compilers do the same: clang's `-disable-free`). The command line sets it; off by
  /// default, so that an app loading plan after plan does not keep every tree.
  package var keepsSyntaxTree = false

  public init() {}

  /// Loads a file and everything it includes, then checks the whole program.
  ///
  /// - Parameter path: The root `.plan` file.
  /// - Returns: The checked program (its warnings in ``Program/warnings``).
  /// - Throws: `DiagnosticList` with every error found.
  public func load(path: String) throws(DiagnosticList) -> Program {
    var session = newSession()
    session.loadFile(path: path, includedFrom: nil)
    return try session.finish()
  }

  /// Loads a program from text (for apps and tests); `include` paths resolve against `directory`.
  public func load(text: String, path: String = "<input>", directory: String? = nil) throws(DiagnosticList)
    -> Program
  {
    var session = newSession()
    session.loadText(Array(text.utf8), path: path, directory: directory)
    return try session.finish()
  }

  /// Loads a program whose files are texts held in memory (a plan stored in a database)
  /// rather than read from disk; `include` and a test's `readings "FILE"` resolve among them
  /// as among files, and nothing is read from disk.
  ///
  /// Paths are resolved and shown as if `directory` were the working directory, so a program
  /// stored with the paths `planner` read it by loads, and reports, exactly as it did there.
  ///
  /// ```swift
  /// let program = try PlanLoader().load(
  ///   path: "week.plan", files: ["week.plan": "include \"foods.plan\"\n…", "foods.plan": "…"],
  ///   directory: "/srv/plans")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The root file, a key of `files`.
  ///   - files: Every file's text by its path (absolute, or relative to `directory`); an include
  ///     of a path that is not among them is an error at the include, as a missing file is.
  ///   - directory: The absolute path that relative paths are relative to.
  /// - Throws: ``DiagnosticList`` with every error found.
  package func load(path: String, files: [String: String], directory: String) throws(DiagnosticList)
    -> Program
  {
    var session = newSession()
    session.workingDirectory = directory
    var stored: [String: [UInt8]] = [:]
    for (name, text) in files { stored[session.absolute(name)] = Array(text.utf8) }
    session.storedFiles = stored
    session.loadFile(path: path, includedFrom: nil)
    return try session.finish()
  }

  /// Whether a file of `byteCount` bytes is parsed in parts, on more than one
  /// thread (``parsesInParallel``; a part a processor, each at least 256 KB).
  package func parsesInParts(byteCount: Int) -> Bool {
    PartedParse.partCount(
      byteCount: byteCount, processors: parsesInParallel ? threads : 1, smallestPart: smallestParsedPart) > 1
  }

  /// A session with this loader's settings.
  func newSession() -> LoadSession {
    var session = LoadSession()
    session.processors = parsesInParallel ? threads : 1
    session.smallestPart = smallestParsedPart
    session.checkingProcessors = checksInParallel ? threads : 1
    session.smallestCheckedPart = smallestCheckedPart
    session.keepsSyntaxTree = keepsSyntaxTree
    return session
  }

  /// The threads a file may be parsed or checked on, when in parts.
  var threads: Int { parsingThreads ?? ProcessInfo.processInfo.activeProcessorCount }
}

/// The state of one load: files read so far, the include stack, diagnostics.
struct LoadSession {
  var sources = SourceManager()
  var declarations: [Declaration] = []
  var diagnostics: [Diagnostic] = []
  /// Paths of the files being read, innermost last, with the include that led to each.
  var stack: [(path: String, include: SourceRange?)] = []
  var loaded: Set<String> = []
  /// How many threads a large file may be parsed on (``PartedParse``).
  var processors = 1
  /// The smallest part of a file given a thread of its own (``PartedParse/smallestPart``).
  var smallestPart = PartedParse.smallestPart
  /// Whether ``finish()`` keeps the syntax tree instead of freeing it (``PlanLoader/keepsSyntaxTree``).
  var keepsSyntaxTree = false
  /// How many threads the checker may use (``PlanLoader/checksInParallel``).
  var checkingProcessors = 1
  /// The fewest declarations a part is checked with (``Checker/smallestCheckedPart``).
  var smallestCheckedPart = Checker.smallestCheckedPart
  /// Texts by absolute path, read instead of the disk (``PlanLoader/load(path:files:)``).
  var storedFiles: [String: [UInt8]]?
  /// The directory relative paths resolve against, and are shown relative to; `nil` for the process's.
  var workingDirectory: String?

  /// The working directory: ``workingDirectory``, or the process's.
  var currentDirectory: String { workingDirectory ?? FileManager.default.currentDirectoryPath }

  /// A path made absolute against ``currentDirectory`` and standardized.
  func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
      .standardizedFileURL.path
  }
  /// The root plan's folder, which explanations' paths are relative to.
  var rootFolder = FileManager.default.currentDirectoryPath

  mutating func loadFile(path: String, includedFrom include: SourceRange?) {
    let canonical =
      workingDirectory == nil ? URL(fileURLWithPath: path).standardizedFileURL.path : absolute(path)
    if let depth = stack.firstIndex(where: { $0.path == canonical }) {
      var notes: [Diagnostic.Note] = []
      for entry in stack[(depth + 1)...] {
        notes.append(.init("included from here", at: entry.include))
      }
      diagnostics.append(
        DiagnosticMessage.includeCycle(
          path, at: include ?? SourceRange(file: 0, start: 0, end: 0), chain: notes))
      return
    }
    if loaded.contains(canonical) { return }
    let read: SourceReader.Outcome
    if let storedFiles {
      read =
        storedFiles[canonical].map { .text(bytes: $0) } ?? .unreadable("not among the plan's stored files")
    } else {
      read = SourceReader.read(path)
    }
    switch read {
    case .unreadable(let why):
      diagnostics.append(DiagnosticMessage.unreadableFile(path, why, at: include))
    case .notText(let offset):
      let index = sources.add(SourceFile(path: path, text: ""))
      diagnostics.append(
        DiagnosticMessage.notText(path, byteOffset: offset, at: SourceRange(file: index, start: 0, end: 0)))
    case .text(let bytes):
      loaded.insert(canonical)
      stack.append((canonical, include))
      loadText(
        bytes, path: path, directory: URL(fileURLWithPath: canonical).deletingLastPathComponent().path)
      stack.removeLast()
    }
  }

  /// Parses a file's text, given as its validated UTF-8 bytes (not copied again).
  mutating func loadText(_ bytes: [UInt8], path: String, directory: String?) {
    let index = sources.add(SourceFile(path: path, utf8: bytes))
    if index == 0, let directory { rootFolder = directory }
    guard let file = sources.file(index) else { return }
    let syntax: SourceFileSyntax
    let parts = PartedParse.partCount(
      byteCount: file.bytes.count, processors: processors, smallestPart: smallestPart)
    if parts > 1, let parted = PartedParse.parse(file, fileIndex: index, parts: parts) {
      syntax = parted
    } else {
      // The parser reads the lexer's tokens as it goes: they are never all in memory at once.
      var parser = Parser(lexer: Lexer(file, fileIndex: index), file: index)
      syntax = parser.parseFile()
      diagnostics += parser.lexerDiagnostics
      diagnostics += parser.diagnostics
      if syntax.declarations.isEmpty && parser.lexerDiagnostics.isEmpty && parser.diagnostics.isEmpty {
        diagnostics.append(DiagnosticMessage.emptyFile(path, at: SourceRange(file: index, start: 0, end: 0)))
      }
    }
    // Most files include nothing: their declarations are taken whole, not one by one.
    let includes = syntax.declarations.contains { if case .include = $0 { true } else { false } }
    if !includes {
      if declarations.isEmpty {
        declarations = syntax.declarations
      } else {
        declarations += syntax.declarations
      }
      return
    }
    for declaration in syntax.declarations {
      if case .include(let include) = declaration {
        let target = include.path.value
        let resolved =
          target.hasPrefix("/")
          ? target : ((directory ?? currentDirectory) + "/" + target)
        loadFile(path: displayPath(resolved), includedFrom: include.path.range)
      } else {
        declarations.append(declaration)
      }
    }
  }

  /// A path relative to the working directory when it lies below it, for shorter messages.
  func displayPath(_ path: String) -> String {
    let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
    let cwd = currentDirectory
    if standardized.hasPrefix(cwd + "/") { return String(standardized.dropFirst(cwd.count + 1)) }
    return standardized
  }

  mutating func finish() throws(DiagnosticList) -> Program {
    // A root file that could not be read leaves nothing to check; an include that
    // could not be read leaves the rest, checked without "unknown" errors for
    // names that the missing file may declare.
    let unread = [DiagnosticID.unreadableFile, .notText, .includeCycle].map(\.rawValue)
    let incomplete = diagnostics.contains { unread.contains($0.id) }
    if incomplete, declarations.isEmpty {
      throw DiagnosticList(diagnostics, sources: sources)
    }
    // The parser recovers statement by statement, so the checker runs on what it
    // kept; declarations that held syntax errors are spared "missing" errors.
    var checker = Checker(declarations: declarations, sources: sources)
    checker.incomplete = incomplete
    checker.processors = checkingProcessors
    checker.smallestPart = smallestCheckedPart
    checker.syntaxErrors = diagnostics.compactMap(\.range)
    checker.workingDirectory = workingDirectory
    checker.referencePaths = Checker.referencePaths(of: sources, relativeTo: rootFolder)
    let program = checker.check()
    if keepsSyntaxTree {
      // One more reference, never released: the tree outlives this session.
      _ = Unmanaged.passRetained(KeptSyntax(declarations))
    }
    // In source order, so that a reader meets them top to bottom.
    let sorted = (diagnostics + checker.diagnostics).enumerated().sorted { a, b in
      let (x, y) = (a.element.range, b.element.range)
      if let x, let y, (x.file, x.start) != (y.file, y.start) { return (x.file, x.start) < (y.file, y.start) }
      return a.offset < b.offset
    }.map(\.element)
    let all = onlyRootErrors(sorted, syntaxErrors: diagnostics)
    if all.contains(where: { $0.severity == .error }) {
      throw DiagnosticList(all, sources: sources)
    }
    var result = program
    result.warnings = all
    return result
  }

  /// Errors that are always shown, even on a line that already has one: where reading
  /// stopped, a block's missing brace, and mistakes in the characters themselves (each
  /// a mistake of its own, not a consequence of another).
  static let structuralErrors: Set<String> = [
    DiagnosticID.tooManyErrors, .unclosedBlock, .unreadableFile, .includeCycle, .notText,
    .unexpectedCharacter, .controlCharacter, .unknownEscape, .decimalComma,
  ].reduce(into: []) { $0.insert($1.rawValue) }

  /// One mistake, one error: on a line where the lexer or the parser found an error,
  /// the errors before the first of them, that first one and ``structuralErrors`` are
  /// kept; what follows it on the line (a statement read short, a value without its
  /// unit) is its consequence.
  func onlyRootErrors(_ sorted: [Diagnostic], syntaxErrors: [Diagnostic]) -> [Diagnostic] {
    func line(_ range: SourceRange?) -> [Int]? {
      guard let range, let file = sources.file(range.file) else { return nil }
      return [range.file, file.lineAndColumn(of: range.start).line]
    }
    // The first syntax error of each line, by position.
    var firstSyntaxError: [[Int]: Int] = [:]
    for diagnostic in syntaxErrors where diagnostic.severity == .error {
      guard let range = diagnostic.range, let key = line(range) else { continue }
      firstSyntaxError[key] = min(firstSyntaxError[key] ?? Int.max, range.start)
    }
    var keptRoot: Set<[Int]> = []
    return sorted.filter { diagnostic in
      guard diagnostic.severity == .error, let range = diagnostic.range, let key = line(range),
        let first = firstSyntaxError[key], range.start >= first
      else { return true }
      if Self.structuralErrors.contains(diagnostic.id) { return true }
      return range.start == first && keptRoot.insert(key).inserted
    }
  }
}

/// A syntax tree kept until the process ends (``PlanLoader/keepsSyntaxTree``).
private final class KeptSyntax {
  let declarations: [Declaration]
  init(_ declarations: [Declaration]) { self.declarations = declarations }
}
