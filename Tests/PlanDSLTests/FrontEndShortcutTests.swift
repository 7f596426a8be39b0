import Diagnostics
import Foundation
import MealOptimizer
import Testing

@testable import PlanDSL

/// The shortcuts the front end takes for speed give what the longer way gives.
@Suite("Front-end shortcuts")
struct FrontEndShortcutTests {
  @Test("the list of words that are not units holds the same words as the set")
  func nonUnitWords() {
    for word in Parser.nonUnitWords { #expect(Parser.isNonUnitWord(word), "\(word)") }
    for word in ["per", "at", "with", "step", "as"] { #expect(Parser.isNonUnitWord(word)) }
    for word in ["g", "mg", "kcal", "USD", "pe", "perr", "", "Per"] { #expect(!Parser.isNonUnitWord(word)) }
  }

  @Test("a nutrient's own unit, as the unit table spells it, converts to the value as written")
  func ownUnitIsTheValue() throws {
    // Checker.nutrientAmount returns a figure written in its nutrient's unit as
    // written, without the unit lookups: what they give for these units.
    let dimensions: [NutrientUnit: UnitDimension] = [
      .kilocalorie: .energy, .gram: .mass, .milligram: .mass, .microgram: .mass,
      .internationalUnit: .internationalUnits,
    ]
    for unit in NutrientUnit.allCases where unit != .kilojoule {
      let definition = try #require(Units.definition(unit.rawValue), "\(unit)")
      #expect(definition.symbol == unit.rawValue)
      #expect(definition.dimension == dimensions[unit])
      // A mass figure stays in its own unit; energy and IU go through the canonical unit, which is this one.
      if definition.dimension != .mass {
        #expect(definition.factor == 1 && definition.divisor == 1, "\(unit)")
      }
    }
  }

  @Test("grams written in g are their value, as the unit table converts them")
  func plainGramsAreTheValue() throws {
    // Checker.plainGrams takes `per 100 g` and packages in g without the unit lookup.
    let grams = try #require(Units.definition("g"))
    #expect(grams.dimension == .mass && grams.factor == 1 && grams.divisor == 1)
    for value in [Decimal(0), Decimal(100), Decimal(string: "0.001")!, Decimal(string: "12.5")!] {
      #expect(Checker.plainGrams(value, unit: "g", measures: []) == Units.canonical(value, grams))
    }
    // Anything else takes the long way: another unit, no unit, a negative amount, a food with measures.
    #expect(Checker.plainGrams(100, unit: "kg", measures: []) == nil)
    #expect(Checker.plainGrams(100, unit: nil, measures: []) == nil)
    #expect(Checker.plainGrams(-1, unit: "g", measures: []) == nil)
    #expect(Checker.plainGrams(100, unit: "g", measures: [Measure(name: "cup", grams: 240)]) == nil)
  }

  @Test("a source range takes 12 bytes and a quantity 64: the syntax tree holds one per figure")
  func compactNodes() {
    #expect(MemoryLayout<SourceRange>.size == 12)
    #expect(MemoryLayout<QuantityLiteral>.size == 64)
  }

  @Test("a quantity's number range starts where the quantity does and ends where the number does")
  func numberRange() throws {
    let lexer = Lexer(SourceFile(path: "t.plan", text: "x 17.3 mg\n"), fileIndex: 0)
    var parser = Parser(lexer: lexer, file: 0)
    parser.advance()
    let parsed = parser.parseQuantity("an amount")
    let quantity = try #require(parsed)
    #expect(quantity.range == SourceRange(file: 0, start: 2, end: 9))
    #expect(quantity.numberRange == SourceRange(file: 0, start: 2, end: 6))
    var changed = quantity
    changed.numberRange = SourceRange(file: 0, start: 2, end: 7)
    #expect(changed.numberRange == SourceRange(file: 0, start: 2, end: 7))
    #expect(changed.range == quantity.range)
  }

  @Test(
    "isSame(as:) is string equality for a keyword",
    arguments: [("per", "per"), ("per", "pet"), ("g", "mg"), ("", "")])
  func sameIsEquality(_ pair: (String, String)) {
    #expect(pair.0.isSame(as: pair.1) == (pair.0 == pair.1))
  }

  @Test(
    "a string token holds its unescaped contents",
    arguments: [
      ("\"plain\"", "plain"), ("\"tab\\there\"", "tab\there"), ("\"q\\\"x\\\\\"", "q\"x\\"),
      ("\"Crème brûlée\"", "Crème brûlée"), ("\"open", "open"), ("\"a\\qb\"", "aqb"),
    ])
  func stringContents(_ sample: (source: String, contents: String)) {
    var lexer = Lexer(SourceFile(path: "t.plan", text: sample.source), fileIndex: 0)
    let tokens = lexer.tokenize()
    #expect(tokens.first?.kind == .string)
    #expect(tokens.first?.value == sample.contents)
  }

  @Test("every symbol token holds the text it is written with")
  func symbolText() {
    let symbols = [
      "...", "..<", "<=", ">=", "==", "!=", "->", "{", "}", "(", ")", "[", "]", ",", ";", ":", "=", ".", "<",
      ">", "+", "-", "*", "/", "%", "!",
    ]
    var lexer = Lexer(SourceFile(path: "t.plan", text: symbols.joined(separator: " ")), fileIndex: 0)
    let tokens = lexer.tokenize()
    #expect(tokens.dropLast().map(\.value) == symbols)
    #expect(tokens.dropLast().allSatisfy { $0.kind == .symbol })
  }

  @Test("a column is counted in characters, on ASCII and other lines alike")
  func columns() {
    let file = SourceFile(path: "t.plan", text: "abc def\r\nµg x\n  é\u{301}z")
    #expect(file.lineAndColumn(of: 4) == (1, 5))
    #expect(file.lineAndColumn(of: 7) == (1, 8))
    #expect(file.lineAndColumn(of: 13) == (2, 4))
    #expect(file.lineAndColumn(of: 21) == (3, 4))
  }

  @Test("lines found from a hint, in order, out of order and far ahead, are those a search finds")
  func linesFromHint() {
    // 300 lines of varied length, some empty, some not ASCII, the last without a break.
    let lines = (0..<300).map { n in
      n % 7 == 0 ? "" : n % 11 == 0 ? "µg \(n)" : String(repeating: "x", count: n % 13)
    }
    let file = SourceFile(path: "t.plan", text: lines.joined(separator: "\n"), firstLine: 3)
    let count = file.bytes.count
    var orders = [Array(0...count), Array((0...count).reversed())]
    orders.append((0...count).map { ($0 * 7_919) % (count + 1) })
    for offsets in orders {
      var hint = 0
      var wrong: [Int] = []
      for offset in offsets {
        let expected = file.lineAndColumn(of: offset)
        let found = file.lineAndColumn(of: offset, hint: &hint)
        if found != expected || hint != expected.line - 3 { wrong.append(offset) }
      }
      #expect(wrong == [])
    }
    var hint = 5_000
    #expect(file.lineAndColumn(of: -3, hint: &hint) == (3, 1))
    #expect(hint == 0)
  }

  @Test("a file's lines start after each line break, found many bytes at a time")
  func lineStarts() {
    let text = "a\n\nbc\r\n" + String(repeating: "d", count: 100) + "\n"
    let file = SourceFile(path: "t.plan", text: text)
    #expect(file.lineAndColumn(of: 0) == (1, 1))
    #expect(file.lineAndColumn(of: 2) == (2, 1))
    #expect(file.lineAndColumn(of: 3) == (3, 1))
    #expect(file.lineAndColumn(of: 7) == (4, 1))
    #expect(file.lineAndColumn(of: 108) == (5, 1))
    #expect(SourceFile(path: "e.plan", text: "").lineAndColumn(of: 0) == (1, 1))
  }

  @Test("the ASCII check finds every NUL and every byte past ASCII, wherever it lies")
  func plainASCII() {
    for length in 0..<20 {
      let plain = [UInt8]((0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) })
      #expect(SourceReader.isPlainASCII(plain))
      for position in 0..<length {
        for byte: UInt8 in [0, 0x7F, 0x80, 0xC3, 0xFF, 0x01] {
          var bytes = plain
          bytes[position] = byte
          #expect(
            SourceReader.isPlainASCII(bytes) == (byte != 0 && byte < 0x80), "\(length) \(position) \(byte)")
        }
      }
    }
    // What a file reads as is the same on the short way and the long one.
    let ascii = Array("food oats {\n  per 100 g { energy 389 kcal }\n}\n".utf8)
    guard case .text(let kept) = SourceReader.decode(ascii) else {
      Issue.record("plain ASCII is not text")
      return
    }
    #expect(kept == ascii)
    guard case .notText(let offset) = SourceReader.decode(ascii + [0] + ascii) else {
      Issue.record("a NUL byte is text")
      return
    }
    #expect(offset == ascii.count)
    guard case .text(let withBOM) = SourceReader.decode([0xEF, 0xBB, 0xBF] + ascii) else {
      Issue.record("a byte-order mark is not text")
      return
    }
    #expect(withBOM == ascii)
  }
}
