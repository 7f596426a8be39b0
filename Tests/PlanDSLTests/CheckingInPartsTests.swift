import Diagnostics
import Foundation
import Testing

@testable import PlanDSL

/// A program with many declarations has its stores, foods and goals checked
/// in parts on several threads (``Checker/checkStoresFoodsAndGoals()``): the
/// program and every message must be exactly those of one pass.
@Suite("Checking in parts")
struct CheckingInPartsTests {
  /// A loader that checks in up to 8 parts of at least `smallest` declarations, and one that never cuts.
  static func loaders(smallest: Int = 1) -> (parted: PlanLoader, whole: PlanLoader) {
    var parted = PlanLoader()
    parted.parsesInParallel = false
    parted.parsingThreads = 8
    parted.smallestCheckedPart = smallest
    var whole = PlanLoader()
    whole.parsesInParallel = false
    whole.checksInParallel = false
    return (parted, whole)
  }

  @Test("every example gives the same program and messages checked in up to 8 parts")
  func examples() throws {
    let (parted, whole) = Self.loaders()
    for url in PartedParseTests.examplePaths {
      #expect(
        PartedParseTests.Outcome { () throws(DiagnosticList) in try parted.load(path: url.path) }
          == PartedParseTests.Outcome { () throws(DiagnosticList) in try whole.load(path: url.path) },
        "\(url.lastPathComponent)")
    }
  }

  @Test("a large program gives the same foods, plans and currency in parts, with the default part size")
  func largeProgram() throws {
    let text = PartedParseTests.largeFile(foods: 5_000)
    let (parted, whole) = Self.loaders(smallest: Checker.smallestCheckedPart)
    let inParts = PartedParseTests.Outcome { () throws(DiagnosticList) in try parted.load(text: text) }
    let once = PartedParseTests.Outcome { () throws(DiagnosticList) in try whole.load(text: text) }
    #expect(inParts == once)
    #expect(inParts.foods.count == 5_000)
    #expect(inParts.currency == "USD")
    #expect(!inParts.failed)
  }

  /// Foods priced in USD, with every `everyEuro`th one in EUR instead.
  static func pricedFoods(_ count: Int, everyEuro: Int?) -> String {
    var text = ""
    for i in 0..<count {
      let currency = everyEuro.map { i > 0 && i % $0 == 0 } == true ? "EUR" : "USD"
      text += "food f\(i) { per 100 g { energy \(100 + i) kcal }; price 1.\(i % 10)0 \(currency) per kg }\n"
    }
    return text
  }

  @Test("mixed currencies are reported against the first money amount, as one pass reports them")
  func mixedCurrencies() throws {
    // The first EUR price is in the last part: each part alone sees one currency.
    let text = Self.pricedFoods(40, everyEuro: 39)
    let (parted, whole) = Self.loaders()
    let inParts = PartedParseTests.Outcome { () throws(DiagnosticList) in try parted.load(text: text) }
    let once = PartedParseTests.Outcome { () throws(DiagnosticList) in try whole.load(text: text) }
    #expect(inParts == once)
    #expect(inParts.failed)
    #expect(inParts.diagnostics.map(\.id) == [DiagnosticID.mixedCurrencies.rawValue])
    // At the currency of the one EUR price, the last food's.
    let euro = try #require(text.range(of: "EUR"))
    #expect(
      inParts.diagnostics.first?.range?.start
        == text.utf8.distance(from: text.startIndex, to: euro.lowerBound))
    // Several in several parts: the same messages, each against the first USD price.
    let many = Self.pricedFoods(40, everyEuro: 7)
    let manyInParts = PartedParseTests.Outcome { () throws(DiagnosticList) in try parted.load(text: many) }
    #expect(
      manyInParts == PartedParseTests.Outcome { () throws(DiagnosticList) in try whole.load(text: many) })
    #expect(manyInParts.diagnostics.count == 5)
  }

  @Test("a program's other mistakes are reported the same in parts: one each, in source order")
  func otherMistakes() throws {
    var text = Self.pricedFoods(30, everyEuro: nil)
    text += "food bad1 { per 100 g { protien 3 g } }\nstore shop \"Shop\" { trip -1 USD }\n"
    text += Self.pricedFoods(30, everyEuro: nil).replacingOccurrences(of: "food f", with: "food g")
    text += "food bad2 { per 0 g { energy 10 kcal } }\n"
    let (parted, whole) = Self.loaders()
    let inParts = PartedParseTests.Outcome { () throws(DiagnosticList) in try parted.load(text: text) }
    #expect(inParts == PartedParseTests.Outcome { () throws(DiagnosticList) in try whole.load(text: text) })
    #expect(inParts.diagnostics.map(\.id).count == 3)
  }

  /// A checker of `text`, its names declared, ready for its stores, foods and goals.
  static func checker(_ text: String) -> Checker {
    var sources = SourceManager()
    let index = sources.add(SourceFile(path: "parts.plan", text: text))
    var parser = Parser(lexer: Lexer(sources.file(index)!, fileIndex: index), file: index)
    let syntax = parser.parseFile()
    var checker = Checker(declarations: syntax.declarations, sources: sources)
    checker.declareNames()
    checker.checkUses()
    return checker
  }

  @Test("the parts are used when their currencies agree, and dropped when they do not")
  func partsUsedOrDropped() throws {
    var clean = Self.checker(Self.pricedFoods(40, everyEuro: nil))
    let parts = clean.checkInParts(4)
    let checked = try #require(parts)
    #expect(checked.foods.map(\.id) == (0..<40).map { "f\($0)" })
    #expect(clean.currency?.code == "USD")
    #expect(clean.currency?.range.start == 52)
    #expect(clean.diagnostics.isEmpty)
    var mixed = Self.checker(Self.pricedFoods(40, everyEuro: 39))
    let mixedParts = mixed.checkInParts(4)
    #expect(mixedParts == nil)
    #expect(mixed.currency == nil)
    #expect(mixed.diagnostics.isEmpty)
  }

  /// Foods `f0`… with a plan that limits each, with mistakes and conflicts among the limits.
  static func limitedPlan(foods count: Int) -> String {
    var text = Self.pricedFoods(count, everyEuro: nil)
    text += "food served { per 100 g { energy 50 kcal }; measure serving = 30 g; price 1 USD per kg }\n"
    text += "goal day { energy 1800...2200 kcal per day }\n"
    text += "plan week {\n  days 7\n  goal day\n"
    for i in 0..<count {
      text += "  limit f\(i) <= 500 g per day\n"
      switch i % 9 {
      case 1: text += "  limit f\(i) >= 600 g per day\n"  // conflicts with the line above
      case 2: text += "  limit g\(i) <= 1 kg per week\n"  // no such food
      case 3: text += "  limit f\(i) <= 2 kcal per week\n"  // not a mass
      case 4: text += "  limit f\(i) <= 2 servings per week\n"  // no serving measure
      case 5: text += "  limit f\(i) + served <= 900 g per week\n"
      case 6: text += "  limit served + f\(i) >= 1 kg per fortnight\n"  // no such period
      case 7: text += "  limit f\(i) <= -5 g per day\n"
      default: text += "  limit f\(i) <= 700 g per week\n"
      }
    }
    return text + "  limit served <= 3 servings per day\n  minimize cost\n}\n"
  }

  @Test("a plan's limits checked in parts give the same plan and messages, conflicts included")
  func limitsInParts() throws {
    let text = Self.limitedPlan(foods: 60)
    let (parted, whole) = Self.loaders()
    let inParts = PartedParseTests.Outcome { () throws(DiagnosticList) in try parted.load(text: text) }
    let once = PartedParseTests.Outcome { () throws(DiagnosticList) in try whole.load(text: text) }
    #expect(inParts == once)
    #expect(inParts.failed)
    let ids = Dictionary(inParts.diagnostics.map { ($0.id, 1) }, uniquingKeysWith: +)
    #expect(ids[DiagnosticID.conflictingLimits.rawValue] == 7)
    #expect(ids[DiagnosticID.unknownFood.rawValue] == 7)
    #expect(ids[DiagnosticID.missingServing.rawValue] == 7)
    #expect(ids[DiagnosticID.unknownPeriod.rawValue] == 6)
    // The limits are checked in parts, not in one pass: the same limits either way.
    var checker = Self.checker(Self.limitedPlan(foods: 60))
    checker.processors = 4
    checker.smallestPart = 1
    let foods = checker.checkStoresFoodsAndGoals().foods
    guard case .plan(let plan) = try #require(checker.declarations.last) else {
      Issue.record("the last declaration is not the plan")
      return
    }
    let limitsInParts = checker.checkLimitsInParts(plan.statements, foods: foods)
    let checked = try #require(limitsInParts)
    #expect(checked.count == plan.statements.count)
    // Each food's first limit (60), the conflicting (7), the sums (7), the weekly (7 + 6) and the serving limit.
    let limits: [LimitSpec] = checked.compactMap { $0?.limit }
    #expect(limits.count == 88)
    checker.processors = 1
    let inOnePass = checker.checkLimitsInParts(plan.statements, foods: foods)
    #expect(inOnePass == nil)
  }
}
