import Diagnostics
import Foundation
import MealOptimizer

/// Reads a nutrient condition typed on the command line: `protein >= 20 g`,
/// `sodium < 140 mg per cup`, `energy <= 250 kcal per 100 g`.
package enum NutrientConditionSyntax {
  /// A mistake in a condition: a located diagnostic in the condition's text.
  package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostic, pointing into ``source``.
    package var diagnostic: Diagnostic
    /// The condition's text, as a source file named `--where`.
    package var source: SourceFile
    /// What is wrong: lowercase, no final period.
    package var message: String { diagnostic.message }
    /// A suggestion, such as "did you mean 'protein'?".
    package var hint: String? { diagnostic.hint }
    /// The message, then the hint in parentheses.
    package var description: String { message + (hint.map { " (\($0))" } ?? "") }

    /// The diagnostic with its source, for the one renderer.
    package var diagnostics: DiagnosticList {
      var sources = SourceManager()
      _ = sources.add(source)
      return DiagnosticList([diagnostic], sources: sources)
    }
  }

  /// Parses `NUTRIENT OP AMOUNT [UNIT] [per 100 g | per MEASURE]`.
  ///
  /// - Parameter text: The condition as typed.
  /// - Returns: The condition, its amount in the nutrient's canonical unit.
  /// - Throws: ``Failure`` with a located diagnostic from the catalog.
  package static func parse(_ text: String) throws(Failure) -> NutrientCondition {
    let source = SourceFile(path: "--where", text: text)
    func failure(_ diagnostic: Diagnostic) -> Failure { Failure(diagnostic: diagnostic, source: source) }
    var lexer = Lexer(source, fileIndex: 0)
    let tokens = lexer.tokenize()
    if let first = lexer.diagnostics.first { throw failure(first) }
    var parser = Parser(tokens: tokens, file: 0)
    guard let name = parser.parseIdentifier("a nutrient", startsStatement: true) else {
      throw failure(DiagnosticMessage.expectedNutrientCondition(at: parser.current.range))
    }
    guard let definition = NutrientTable.lookup(name.name) else {
      throw failure(DiagnosticMessage.unknownName(.nutrient, name, candidates: NutrientTable.allNames))
    }
    let comparisons: [String: NutrientCondition.Comparison] = [
      ">=": .atLeast, "<=": .atMost, ">": .greaterThan, "<": .lessThan, "==": .equal, "=": .equal,
    ]
    guard parser.current.kind == .symbol, let comparison = comparisons[parser.current.value] else {
      throw failure(DiagnosticMessage.expectedConditionOperator(after: name.name, at: parser.current.range))
    }
    parser.advance()
    guard let quantity = parser.parseQuantity("an amount") else {
      throw failure(
        DiagnosticMessage.expectedConditionAmount(after: comparison.rawValue, at: parser.current.range))
    }
    var basis = NutrientCondition.Basis.per100g
    if parser.consumeWord("per") {
      if parser.current.kind == .number {
        let start = parser.current.range
        guard let amount = parser.parseQuantity("an amount"), amount.value == 100, amount.unit?.text == "g"
        else {
          throw failure(DiagnosticMessage.unsupportedConditionBasis(at: start.union(parser.previous.range)))
        }
      } else if let measure = parser.parseIdentifier("a measure such as 'cup'") {
        basis = .perMeasure(measure.name)
      }
    }
    guard parser.atEnd else {
      throw failure(DiagnosticMessage.unexpectedInCondition(parser.current))
    }
    var amount = NSDecimalNumber(decimal: quantity.value).doubleValue
    if let unit = quantity.unit {
      guard let definitionOfUnit = Units.definition(unit.text) else {
        throw failure(DiagnosticMessage.unknownUnit(unit, candidates: Units.allSymbols))
      }
      let canonical = NSDecimalNumber(decimal: Units.canonical(quantity.value, definitionOfUnit)).doubleValue
      switch (definition.unit, definitionOfUnit.dimension) {
      case (.kilocalorie, .energy): amount = canonical
      case (.gram, .mass): amount = canonical
      case (.milligram, .mass): amount = canonical * 1000
      case (.microgram, .mass): amount = canonical * 1_000_000
      default:
        throw failure(
          DiagnosticMessage.wrongDimension(
            unit, is: definitionOfUnit.dimension.rawValue,
            expected: definition.unit == .kilocalorie ? "energy" : "mass", for: "'\(name.name)'"))
      }
    }
    return NutrientCondition(definition.nutrient, comparison, amount, basis: basis)
  }
}
