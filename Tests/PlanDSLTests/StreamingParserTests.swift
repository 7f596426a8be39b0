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
}
