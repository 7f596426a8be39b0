import Diagnostics
import Foundation
import HealthRules
import MealOptimizer
import Testing

@testable import PlanDSL

/// A large file is parsed in parts on several threads (``PartedParse``): the
/// declarations must be exactly those of a parse of the whole file, and a file
/// with a mistake must not be read in parts at all.
@Suite("Parsing in parts")
struct PartedParseTests {
  @Test("which files the loader parses in parts: two parts of 256 KB or more, on two threads or more")
  func partsBySize() {
    var loader = PlanLoader()
    loader.parsingThreads = 2
    #expect(!loader.parsesInParts(byteCount: 512 * 1024 - 1))
    #expect(loader.parsesInParts(byteCount: 512 * 1024))
    loader.parsingThreads = 1
    #expect(!loader.parsesInParts(byteCount: 4 << 20))
    loader.parsingThreads = 2
    loader.parsesInParallel = false
    #expect(!loader.parsesInParts(byteCount: 4 << 20))
  }

  /// A file of `foods` foods in the benchmark family's shape, a goal, a recipe,
  /// comments and a plan with two limits per food.
  static func largeFile(foods: Int) -> String {
    var text = "// A long file.\ngoal adult \"An adult's day\" {\n  energy 1800...2400 kcal per day\n"
    text += "  protein >= 60 g per day\n}\n"
    for i in 0..<foods {
      text += "food f\(i) \"Food number \(i)\" {\n"
      text +=
        "  per 100 g { energy \(100 + i % 700) kcal; protein \(i % 30).\(i % 10) g; sodium \(i % 900) mg }\n"
      text += "  price 0.\(10 + i % 89) USD per 100 g\n"
      text += i % 97 == 0 ? "  /* a comment\n     over lines */\n}\n" : "}\n"
      if i % 13 == 0 { text += "\n// Between foods.\n" }
    }
    text += "recipe mix \"Mix\" {\n  serves 2\n  100 g f1\n  50 g f2\n}\n"
    text += "plan week \"The week\" {\n  days 7\n  goal adult\n  minimize cost eaten\n"
    for i in 0..<foods {
      text += "  limit f\(i) <= 500 g per day\n  limit f\(i) <= 700 g per week\n"
    }
    return text + "}\n"
  }

  /// One file read whole and in parts.
  struct Readings {
    /// The syntax of the whole file, read as the loader reads it.
    var whole: SourceFileSyntax
    /// Whether the whole file reads without a message from the lexer or the parser.
    var clean: Bool
    /// Where the file was cut.
    var cuts: [Int]
    /// The syntax read in parts, or `nil` when a part has a mistake (or there is no cut).
    var parted: SourceFileSyntax?
    /// The tokens of the whole file, and those of its parts one after another (each part's `endOfFile` left out).
    var tokens: (whole: [Token], parts: [Token])
  }

  /// Reads `text` whole and cut into at most `parts` parts.
  static func read(_ text: String, parts: Int) -> Readings {
    var sources = SourceManager()
    let index = sources.add(SourceFile(path: "test.plan", text: text))
    let file = sources.file(index)!
    var parser = Parser(lexer: Lexer(file, fileIndex: index), file: index)
    let whole = parser.parseFile()
    let clean = parser.diagnostics.isEmpty && parser.lexerDiagnostics.isEmpty
    let cuts = PartedParse.cuts(in: file.bytes, parts: parts)
    var lexer = Lexer(file, fileIndex: index)
    let wholeTokens = lexer.tokenize().dropLast()
    let bounds = [0] + cuts + [file.bytes.count]
    var partTokens: [Token] = []
    for part in 0..<(bounds.count - 1) {
      var partLexer = Lexer(file, fileIndex: index, part: bounds[part]..<bounds[part + 1])
      partTokens += partLexer.tokenize().dropLast()
    }
    let parted = PartedParse.parse(file, fileIndex: index, parts: parts)
    return Readings(
      whole: whole, clean: clean, cuts: cuts, parted: parted, tokens: (Array(wholeTokens), partTokens))
  }

  /// Expects a file with a mistake not to be read in parts, and a file read in parts to read exactly as the
  /// whole file (syntax and tokens). A clean file may still not be read in parts: when a cut falls inside a
  /// block or a block comment, a part has a mistake of its own.
  static func expectSameReading(
    _ read: Readings, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if !read.clean || read.cuts.isEmpty {
      #expect(read.parted == nil, "\(what)", sourceLocation: sourceLocation)
    }
    if read.parted != nil {
      #expect(read.parted == read.whole, "\(what)", sourceLocation: sourceLocation)
      #expect(read.tokens.parts == read.tokens.whole, "\(what)", sourceLocation: sourceLocation)
    }
  }

  /// Parts asked for, and the cuts made in ``largeFile(foods:)`` of 600 foods: its last third, the plan, has
  /// no line holding only `}`, so a cut asked for there is not made.
  static let partsAndCuts = [(2, 1), (3, 2), (8, 5), (500, 336)]

  @Test("a clean file reads the same in 2, 3, 8 and 500 parts as whole", arguments: partsAndCuts)
  func sameDeclarations(parts: Int, cuts: Int) {
    let read = Self.read(Self.largeFile(foods: 600), parts: parts)
    #expect(read.cuts.count == cuts)
    #expect(read.clean)
    #expect(read.parted == read.whole)
    #expect(read.tokens.parts == read.tokens.whole)
    #expect(read.parted?.declarations.count == 603)
  }

  @Test(
    "a file with CRLF line ends is cut at its '}' lines too, and reads the same",
    arguments: [(2, 1), (8, 5), (500, 335)])
  func crlf(parts: Int, cuts: Int) {
    let text = Self.largeFile(foods: 600).replacingOccurrences(of: "\n", with: "\r\n")
    let read = Self.read(text, parts: parts)
    #expect(read.cuts.count == cuts)
    #expect(read.clean)
    #expect(read.parted == read.whole)
    #expect(read.tokens.parts == read.tokens.whole)
    #expect(read.parted?.declarations.count == 603)
  }

  @Test("cuts fall just after lines holding only '}' (or '}' and a carriage return), never at the end")
  func cutPositions() {
    let text = "food a {\n  x\n}\n\nfood b {\n}\r\nfood c {\n  }\n}\n  }\nplan p {\n}\n"
    let bytes = Array(text.utf8)
    #expect(bytes.count == 58)
    // The blank line after the first '}' (15), "food c" after '}' and a carriage return (28),
    // "  }" after the third '}' (43); the indented '}' at 41 and the last line do not count.
    #expect(PartedParse.lineAfterClosingBrace(in: bytes, from: 0) == 15)
    #expect(PartedParse.lineAfterClosingBrace(in: bytes, from: 16) == 28)
    #expect(PartedParse.lineAfterClosingBrace(in: bytes, from: 29) == 43)
    #expect(PartedParse.lineAfterClosingBrace(in: bytes, from: 44) == nil)
    #expect(PartedParse.cuts(in: bytes, parts: 1) == [])
    #expect(PartedParse.cuts(in: bytes, parts: 2) == [43])
    #expect(PartedParse.cuts(in: bytes, parts: 3) == [28, 43])
    #expect(PartedParse.cuts(in: bytes, parts: 100) == [15, 28, 43])
  }

  @Test("how many parts a file is cut into: one per processor, each part at least 256 KB, at most 8")
  func partCounts() {
    #expect(PartedParse.partCount(byteCount: 2_773_529, processors: 2) == 2)
    #expect(PartedParse.partCount(byteCount: 2_773_529, processors: 64) == 8)
    #expect(PartedParse.partCount(byteCount: 600_000, processors: 64) == 2)
    #expect(PartedParse.partCount(byteCount: 262_143, processors: 2) == 1)
    #expect(PartedParse.partCount(byteCount: 0, processors: 2) == 1)
    #expect(PartedParse.partCount(byteCount: 100, processors: 3, smallestPart: 10) == 3)
    #expect(PartedParse.partCount(byteCount: 100, processors: 3, smallestPart: 0) == 3)
  }

  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

  static var examplePaths: [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
    return names.filter { $0.hasSuffix(".plan") }.sorted().map { examples.appendingPathComponent($0) }
  }

  @Test(
    "every example reads the same cut into 2, 3, 7 and as many parts as it has '}' lines",
    arguments: [2, 3, 7, 10_000])
  func examples(parts: Int) throws {
    let paths = Self.examplePaths
    #expect(paths.count >= 13)
    for url in paths {
      let text = try String(contentsOf: url, encoding: .utf8)
      let read = Self.read(text, parts: parts)
      #expect(read.clean, "\(url.lastPathComponent)")
      // No example has a '}' line inside a block or a comment: each is read in parts when it is cut.
      #expect((read.parted != nil) == !read.cuts.isEmpty, "\(url.lastPathComponent)")
      Self.expectSameReading(read, url.lastPathComponent)
      if parts == 10_000 {
        // Cut after every line holding only '}' but the last line of the file.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let braceLines = lines.dropLast().filter { $0 == "}" || $0 == "}\r" }.count
        #expect(read.cuts.count == braceLines, "\(url.lastPathComponent)")
      }
    }
  }

  /// The `longFood` of the adversarial files below: long enough that a cut in two falls just after it.
  static let longFood =
    "food a \"" + String(repeating: "A long name ", count: 30) + "\" {\n  per 100 g { protein 1 g }\n}\n"

  @Test(
    "adversarial files: comments, nested blocks, strings, semicolons and stray tokens around the cuts",
    arguments: [
      // A block comment holding '}' lines: cut after the comment's first '}' line, the first part leaves it open.
      (longFood + "/*\n}\nfood b {\n}\n*/\n", [2: true, 10_000: false], 1),
      // A nutrition block closed at the start of a line: the first part leaves the food's block open.
      (
        longFood + "food b {\n  per 100 g {\n  protein 2 g\n}\n  price 1 USD per 100 g\n}\nfood c {\n}\n",
        [2: true, 10_000: false], 3
      ),
      // A semicolon and blank lines and comments first in a later part.
      (longFood + ";\n\n// x\nfood b {\n}\n;food c {\n}\n", [2: true, 10_000: true], 3),
      // Strings first on a later part's lines, and an include with its path on the next line (both mistakes).
      (longFood + "\"stray\"\nfood b {\n}\n", [2: false, 10_000: false], 2),
      (longFood + "include\n\"x.plan\"\n", [2: false, 10_000: false], 1),
      // A string held over a line break by a backslash (a mistake: an unknown escape).
      (longFood + "food b \"x\\\n}\nfood c\" {\n}\nfood d {\n}\n", [2: false, 10_000: false], 4),
      // A stray '}' at the start of a later part, and a '}' that is the file's first line.
      (longFood + "}\nfood b {\n}\n", [2: false, 10_000: false], 2),
      ("}\n" + longFood + "food b {\n}\n", [2: false, 10_000: false], 2),
      // An include in a later part, and a rule set and a test.
      (
        longFood + "include \"more.plan\"\nrules r {\n  alert a \"A\" when sugar.today >= 180 mg/dL\n}\n"
          + "test \"t\" of r {\n  day 1: sugar 200 mg/dL\n  expect alert a\n}\n", [2: true, 10_000: true], 4
      ),
    ])
  func adversarial(text: String, readsInParts: [Int: Bool], declarations: Int) {
    for (parts, inParts) in readsInParts.sorted(by: { $0.key < $1.key }) {
      let read = Self.read(text, parts: parts)
      #expect(!read.cuts.isEmpty, "\(parts) parts")
      #expect((read.parted != nil) == inParts, "\(parts) parts")
      #expect(read.whole.declarations.count == declarations, "\(parts) parts")
      Self.expectSameReading(read, "\(parts) parts")
    }
  }

  /// Everything the checker makes of a program, or every message (with its range and notes) when it fails.
  struct Outcome: Equatable {
    var stores: [Store] = []
    var foods: [Food] = []
    var goals: [GoalSpec] = []
    var recipes: [Recipe] = []
    var plans: [PlanSpec] = []
    var ruleSets: [RuleSet] = []
    var ruleTests: [RuleTest] = []
    var pantries: [PantrySpec] = []
    var households: [HouseholdSpec] = []
    var adaptations: [AdaptationSpec] = []
    var currency: String?
    /// The warnings of a program, or the errors that stopped it.
    var diagnostics: [Diagnostic] = []
    /// The same, as the command line prints them.
    var rendered = ""
    var failed = false

    init(_ load: () throws(DiagnosticList) -> Program) {
      do throws(DiagnosticList) {
        let program = try load()
        (stores, foods, goals, recipes, plans) =
          (program.stores, program.foods, program.goals, program.recipes, program.plans)
        (ruleSets, ruleTests, pantries, households, adaptations) =
          (program.ruleSets, program.ruleTests, program.pantries, program.households, program.adaptations)
        currency = program.currency
        diagnostics = program.warnings
        rendered = DiagnosticRenderer(limit: .max).render(
          DiagnosticList(program.warnings, sources: program.sources))
      } catch {
        failed = true
        diagnostics = error.diagnostics
        rendered = DiagnosticRenderer(limit: .max).render(error)
      }
    }
  }

  /// A loader that cuts every file it can into up to 8 parts, and one that never cuts.
  static var loaders: (parted: PlanLoader, whole: PlanLoader) {
    var parted = PlanLoader()
    parted.parsingThreads = 8
    parted.smallestParsedPart = 1
    var whole = PlanLoader()
    whole.parsesInParallel = false
    return (parted, whole)
  }

  @Test("the loader gives the same program and messages for every example, its files cut in up to 8 parts")
  func loaderOnExamples() throws {
    let (parted, whole) = Self.loaders
    var failing: [String] = []
    for url in Self.examplePaths {
      let inParts = Outcome { () throws(DiagnosticList) in try parted.load(path: url.path) }
      #expect(inParts == Outcome { () throws(DiagnosticList) in try whole.load(path: url.path) })
      if inParts.failed { failing.append(url.lastPathComponent) }
    }
    // Two examples are only meant to be included (their foods are in the including file).
    #expect(failing == ["after-week.plan", "home-pantry.plan"])
  }

  @Test("the loader gives the same program and the same messages with and without parsing in parts")
  func loader() throws {
    // Over 512 KB: cut in two by the default loader on two processors or more.
    let text = Self.largeFile(foods: 3_000)
    #expect(text.utf8.count > 2 * PartedParse.smallestPart)
    let (parted, sequential) = Self.loaders
    let inParts = try parted.load(text: text)
    let whole = try sequential.load(text: text)
    #expect(inParts.foods == whole.foods)
    #expect(inParts.plans == whole.plans)
    #expect(inParts.foods.count == 3_000)
    #expect(try PlanLoader().load(text: text).foods == whole.foods)
    // With a decimal comma in every food priced 0.12 (i % 89 == 2: 34 of the 3,000): the same messages either way.
    let broken = text.replacingOccurrences(of: "price 0.12 USD per 100 g", with: "price 0,12 USD per 100 g")
    #expect(broken != text)
    let messages = { (loader: PlanLoader) -> [String] in
      do throws(DiagnosticList) {
        _ = try loader.load(text: broken)
        return []
      } catch {
        return error.diagnostics.map { "\($0.id) \($0.range.map { "\($0.start)" } ?? "")" }
      }
    }
    let partedMessages = messages(parted)
    #expect(partedMessages == messages(sequential))
    #expect(partedMessages.count == 34)
    #expect(partedMessages == messages(PlanLoader()))
  }

  @Test("past the error cap, the messages are the same with and without parsing in parts")
  func errorCap() {
    // 1,200 foods with a decimal comma each: the lexer stops after 1,000 messages and says so,
    // and the parser finds the food it stopped in unclosed.
    let text = Self.largeFile(foods: 1_200).replacingOccurrences(of: "price 0.", with: "price 0,")
    let (parted, whole) = Self.loaders
    let inParts = Outcome { () throws(DiagnosticList) in try parted.load(text: text) }
    #expect(inParts == Outcome { () throws(DiagnosticList) in try whole.load(text: text) })
    #expect(inParts.failed)
    #expect(inParts.diagnostics.count == 1_002)
    #expect(
      inParts.diagnostics.suffix(3).map(\.id) == [
        DiagnosticID.decimalComma.rawValue, DiagnosticID.unclosedBlock.rawValue,
        DiagnosticID.tooManyErrors.rawValue,
      ])
    let read = Self.read(text, parts: 8)
    #expect(read.cuts.count == 5)
    #expect(!read.clean)
    #expect(read.parted == nil)
  }

  @Test("a file with a byte-order mark and CRLF line ends, with an include in a later part, loads the same")
  func byteOrderMarkAndInclude() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-parted-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let more = "food extra \"Extra\" {\n  per 100 g { energy 50 kcal }\n  price 1 USD per 100 g\n}\n"
    try more.write(to: directory.appendingPathComponent("more.plan"), atomically: true, encoding: .utf8)
    var text = Self.largeFile(foods: 300)
    let plan = try #require(text.range(of: "recipe mix"))
    text.insert(contentsOf: "include \"more.plan\"\n", at: plan.lowerBound)
    let withMark = "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
    try Data(withMark.utf8).write(to: directory.appendingPathComponent("main.plan"))
    let path = directory.appendingPathComponent("main.plan").path
    let (parted, whole) = Self.loaders
    let inParts = Outcome { () throws(DiagnosticList) in try parted.load(path: path) }
    #expect(inParts == Outcome { () throws(DiagnosticList) in try whole.load(path: path) })
    #expect(!inParts.failed)
    #expect(inParts.foods.count == 301)
    #expect(inParts.foods.last?.id == "extra")
    #expect(inParts.plans.count == 1)
    #expect(inParts.recipes.count == 1)
  }
}
