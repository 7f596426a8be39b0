import Diagnostics
import Foundation
import Testing

@testable import PlanDSL

/// The parser reads its tokens from the lexer as it goes (``Parser/init(lexer:file:)``):
/// it must read every file exactly as a parser of all the tokens at once does.
@Suite("Streaming parser")
struct StreamingParserTests {
  /// The syntax and the lexer's and parser's diagnostics, read both ways.
  static func bothWays(_ text: String) -> (streamed: Reading, whole: Reading) {
    var sources = SourceManager()
    let index = sources.add(SourceFile(path: "test.plan", text: text))
    let file = sources.file(index)!
    var streaming = Parser(lexer: Lexer(file, fileIndex: index), file: index)
    let streamed = Reading(
      syntax: streaming.parseFile(), lexer: streaming.lexerDiagnostics, parser: streaming.diagnostics)
    var lexer = Lexer(file, fileIndex: index)
    var whole = Parser(tokens: lexer.tokenize(), file: index)
    let read = Reading(syntax: whole.parseFile(), lexer: lexer.diagnostics, parser: whole.diagnostics)
    return (streamed, read)
  }

  /// The streaming parser after reading `text`, and what it read (its counts
  /// say what the plain readers took).
  static func streamed(_ text: String) -> (parser: Parser, syntax: SourceFileSyntax) {
    var sources = SourceManager()
    let index = sources.add(SourceFile(path: "test.plan", text: text))
    var parser = Parser(lexer: Lexer(sources.file(index)!, fileIndex: index), file: index)
    let syntax = parser.parseFile()
    return (parser, syntax)
  }

  struct Reading: Equatable {
    var syntax: SourceFileSyntax
    var lexer: [Diagnostic]
    var parser: [Diagnostic]
  }

  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

  @Test(
    "every example reads the same streamed as all at once",
    arguments: ["week.plan", "foods.plan", "home.plan", "family.plan", "catalog.plan", "heart-failure.plan"])
  func examples(_ name: String) throws {
    let text = try String(contentsOf: Self.examples.appendingPathComponent(name), encoding: .utf8)
    let (streamed, whole) = Self.bothWays(text)
    #expect(streamed == whole)
    #expect(!streamed.syntax.declarations.isEmpty)
  }

  @Test("a file longer than the parser's window, with mistakes spread through it, reads the same")
  func longFileWithMistakes() {
    var text = "goal g {\n  protein >= 50 g per day\n}\n"
    for i in 0..<400 {
      text += "food f\(i) \"Food \(i)\" {\n  per 100 g { protein \(i % 7).5 g; energy 1\(i) kcal }\n"
      text += i % 37 == 0 ? "  price 3,49 USD per 100 g\n" : "  price 1.\(i % 10) USD per 100 g\n"
      text += i % 53 == 0 ? "  colour red\n}\n" : "}\n"
    }
    text += "plan p {\n  goal g\n"
    for i in 0..<400 { text += "  limit f\(i) <= 500 g per day\n" }
    text += "  limit f1 <= \n}\n"
    let (streamed, whole) = Self.bothWays(text)
    #expect(streamed == whole)
    #expect(streamed.lexer.count == 11)
    #expect(streamed.parser.count == 9)
    #expect(streamed.syntax.declarations.count == 402)
  }

  @Test("after the parser stops at too many errors, the lexer's errors further on are still reported")
  func lexerErrorsAfterTheParserStops() {
    let text =
      "goal g {\n" + String(repeating: "hello world\n", count: 1_200) + "}\n"
      + "food a { per 100 g { protein 3,5 g } }\n"
    let (streamed, whole) = Self.bothWays(text)
    #expect(streamed == whole)
    #expect(streamed.lexer.map(\.id) == [DiagnosticID.decimalComma.rawValue])
    #expect(streamed.parser.last?.id == DiagnosticID.tooManyErrors.rawValue)
  }

  /// Nutrition blocks, and whether each is plain enough for the lexer to read
  /// straight from the bytes (``Parser/plainNutritionBlock()``); the others are
  /// read token by token.
  static let nutritionBlocks: [(block: String, plain: Bool)] = [
    ("{ energy 717 kcal; protein 0.85 g }", true),
    ("{\n    energy 717 kcal\n    protein 0.85 g\n  }", true),
    ("{ energy 717 kcal;; protein 0.85 g; }", true),
    ("{ }", true),
    ("{ energy 007 kcal }", true),
    ("{ energy\t5\tkcal\r\n  }", true),
    ("{ Energy_2 5 KCAL }", true),
    ("{ energy 717 kcal // a comment\n  }", false),
    ("{ energy /* a comment */ 717 kcal }", false),
    ("{ energy -5 kcal }", false),
    ("{ energy 5,5 kcal }", false),
    ("{ energy 5 }", false),
    ("{ energy 5\n  protein 3 g }", false),
    ("{ water 3 fl oz }", false),
    ("{ water 3 fl }", false),
    ("{ protein 1 g/ml }", false),
    ("{ protein 1 g / ml }", false),
    ("{ protein 17g }", false),
    ("{ protein 5 % }", false),
    ("{ protein 5 per day }", false),
    ("{ protein 5 g protein }", false),
    ("{ protein 5. g }", false),
    ("{ protein 1.5.3 g }", false),
    ("{ protein 2024-01-01 g }", false),
    ("{ vitamin_b12 1 \u{00B5}g }", false),
    ("{ low-fat 1 g }", false),
    ("{ protein 12345678901234567890 g }", false),
    ("{ protein 0.0 g }", false),
    ("{ protein 3 g $ }", false),
    ("{ 3 protein g }", false),
  ]

  @Test("plain nutrition blocks are read from the bytes, and read exactly as token by token")
  func plainNutritionBlocks() {
    var text = ""
    for (i, entry) in Self.nutritionBlocks.enumerated() {
      // A plain food, then a food with a measure (not plain) around the same block.
      text += "food f\(i) {\n  per 100 g \(entry.block)\n  price 1 USD per 100 g\n}\n"
      text += "food m\(i) {\n  measure cup = 81 g\n  per 100 g \(entry.block)\n}\n"
    }
    // Read ahead past a plain block: a mistake the lexer meets there is reported once.
    text += "food last { per 100 g { energy 5 kcal } }\nfood ~ {\n}\n"
    // A missing `}`: the next food starts a declaration.
    text += "food open {\n  per 100 g {\n  energy 5 kcal\nfood after { per 100 g { energy 1 kcal } }\n"
    let (streamed, whole) = Self.bothWays(text)
    #expect(streamed == whole)
    #expect(streamed.lexer.map(\.id) == whole.lexer.map(\.id))
    let (parser, _) = Self.streamed(text)
    // The plain blocks of the list in plain foods, with `last` and `after`; the plain blocks in foods with a measure.
    let plain = Self.nutritionBlocks.filter(\.plain).count
    #expect(parser.plainFoodsRead == plain + 2)
    #expect(parser.plainBlocksRead == plain)
    #expect(parser.plainStatementsRead == 0)
    // The decimal comma and the '$' (twice each), and the '~'.
    #expect(streamed.lexer.count == 5)
  }

  /// Limit statements, and how many of each line are plain enough for the lexer
  /// to read straight from the bytes (``Parser/plainLimits()``).
  static let limitLines: [(line: String, plain: Int)] = [
    ("limit a <= 500 g per day", 1),
    ("limit a >= 1 g", 1),
    ("limit a <= 500 g per day; limit b <= 3 g per week", 2),
    ("limit a <= 5 g;;", 1),
    ("limit\ta\t<=\t5\tg\tper\tweek\r", 1),
    ("limit A_1 <= 0.25 kg per Day", 1),
    ("limit a <= 5 g; foods a, b", 1),
    ("foods a, b; limit a <= 5 g", 0),
    ("limit a + b <= 500 g per day", 0),
    ("limit a <= 500 g per", 0),
    ("limit a < 500 g", 0),
    ("limit a = 5 g", 0),
    ("limit a == 5 g", 0),
    ("limit a <= 500 g per day extra", 0),
    ("limit a <= 500 g extra", 0),
    ("limit a 500 g", 0),
    ("limit a <= -5 g", 0),
    ("limit a <= 5 g/day", 0),
    ("limit a <= 5 g / day", 0),
    ("limit a <= 5", 0),
    ("limit a <= 5 per day", 0),
    ("limit a <= 5 g // a comment", 0),
    ("limit a<=5 g", 0),
    ("limit a <=5 g", 0),
    ("limit a <= 5g", 0),
    ("limit a <= 5 g per 2", 0),
    ("limit low-fat <= 5 g", 0),
    ("limit a <= 5 fl oz", 0),
    ("limit a <= 5 % per day", 0),
    ("limit a <= 5...9 g", 0),
    ("limit a <= 5,5 g", 0),
    ("limit a <= 5 g; limit b + c <= 1 g; limit d <= 2 g", 2),
  ]

  @Test("plain limits are read from the bytes, and read exactly as token by token")
  func plainLimitStatements() {
    var text = "goal g {\n  protein >= 50 g per day\n}\n"
    for (i, entry) in Self.limitLines.enumerated() {
      text += "plan p\(i) {\n  goal g\n  \(entry.line)\n  limit z <= 1 kg per week\n  days 7\n}\n"
    }
    // Limits up to the end of the block, the lexer's mistake read ahead of them.
    text += "plan last {\n  limit a <= 5 g\n  limit b <= 5 g }\nfood ~ {\n}\n"
    let (streamed, whole) = Self.bothWays(text)
    #expect(streamed == whole)
    let (parser, _) = Self.streamed(text)
    // Each plan's line, its `limit z` (read with the line's when the line is read plain to its end), and `last`'s two.
    #expect(
      parser.plainStatementsRead == Self.limitLines.reduce(0) { $0 + $1.plain } + Self.limitLines.count + 2)
    // The decimal comma and the '~'.
    #expect(streamed.lexer.count == 2)
    #expect(streamed.parser.count == 7)
  }

  /// Foods, and whether each is plain enough for the lexer to read straight
  /// from the bytes (``Parser/plainFood()``).
  static let foods: [(food: String, plain: Bool)] = [
    ("food a {\n  per 100 g { energy 5 kcal }\n  price 1 USD per 100 g\n}", true),
    ("food a \"A display name, 2% fat (raw)\" { per 100 g { energy 5 kcal }; price 1.5 USD per 1 kg }", true),
    ("food a{ }", true),
    ("food a \"A\"{\n}", true),
    (
      "food a {\n  price 1 USD per 100 g\n  per 100 g { energy 5 kcal }\n  per 1 oz {\n    protein 3 g\n  }\n}",
      true
    ),
    ("food a {\n  per 100 g { energy 5 kcal };\n  price 1 USD per 100 g;\n}", true),
    ("food a = usda 01001", false),
    ("food a \"Caf\u{00E9}\" { per 100 g { energy 5 kcal } }", false),
    ("food a \"A \\\"quoted\\\" name, 1/8\\\" fat \\\\ more\" { per 100 g { energy 5 kcal } }", true),
    ("food a \"A \\n name\" { per 100 g { energy 5 kcal } }", false),
    ("food a \"A \\q name\" { per 100 g { energy 5 kcal } }", false),
    ("food a { } food b { }; ; food c { }", true),
    ("food a\n{ per 100 g { energy 5 kcal } }", false),
    ("food a \"A\"\n{ per 100 g { energy 5 kcal } }", false),
    ("food a {\n  measure cup = 81 g\n}", false),
    ("food a {\n  price 1 USD per 100 g at aldi\n}", false),
    ("food a {\n  price 1 USD per 100 g loose\n}", false),
    ("food a {\n  price 1 USD per serving\n}", false),
    ("food a {\n  per serving { energy 5 kcal }\n}", false),
    ("food a { per 100 g { energy 5 kcal } price 1 USD per 100 g }", false),
    ("food a {\n  tags vegan\n}", false),
    ("food a {\n  per 100 g { energy -5 kcal }\n}", false),
    ("food a {\n  per 100 g { energy 5 kcal } // a comment\n}", false),
    ("food a-b {\n  per 100 g { energy 5 kcal }\n}", false),
    ("food a {\n  density 1 g/ml\n}", false),
    ("food a {\n  per 100 g { energy 5 kcal }\n  price 1 USD per 100 g", false),
    ("food a {\n  per 100 g { energy 5 kcal }\n  prices 1 USD per 100 g\n}", false),
  ]

  @Test("plain foods are read from the bytes, and read exactly as token by token")
  func plainFoods() {
    var text = "goal g {\n  protein >= 50 g per day\n}\n"
    for entry in Self.foods { text += entry.food + "\n" }
    text += "plan p {\n  goal g\n}\n"
    let (streamed, whole) = Self.bothWays(text)
    #expect(streamed == whole)
    let (parser, syntax) = Self.streamed(text)
    // The line of three foods reads as three.
    #expect(parser.plainFoodsRead == Self.foods.filter(\.plain).count + 2)
    #expect(syntax.declarations.count == 31)
  }

  @Test("runs of plain foods and limits longer than one read are read in several, exactly as token by token")
  func longPlainRuns() {
    let count = 2 * Lexer.longestPlainRun + 88
    var text = ""
    for i in 0..<count {
      text += "food f\(i) \"Food \(i)\" {\n  per 100 g { energy \(i) kcal; protein 1.\(i) g }\n"
      text += "  price 0.\(i % 90 + 10) USD per 100 g\n}\n"
    }
    text += "plan p {\n"
    for i in 0..<count { text += "  limit f\(i) <= \(i + 1) g per day\n" }
    text += "}\n"
    let (streamed, whole) = Self.bothWays(text)
    #expect(streamed == whole)
    #expect(streamed.syntax.declarations.count == count + 1)
    let (parser, _) = Self.streamed(text)
    #expect(parser.plainFoodsRead == count)
    #expect(parser.plainStatementsRead == count)
  }
}
