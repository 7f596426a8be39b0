import Diagnostics
import Foundation
import MealOptimizer

/// Reads a nutrient condition typed on the command line: `protein >= 20 g`,
/// `sodium < 140 mg per cup`, `energy <= 250 kcal per 100 g`.
public enum NutrientConditionSyntax {
  /// A mistake in a condition, with a hint where one helps.
  public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong: lowercase, no final period.
    public var message: String
    /// A suggestion, such as "did you mean 'protein'?".
    public var hint: String?
    /// The message, then the hint in parentheses.
    public var description: String { message + (hint.map { " (\($0))" } ?? "") }
  }

  /// Parses `NUTRIENT OP AMOUNT [UNIT] [per 100 g | per MEASURE]`.
  ///
  /// - Parameter text: The condition as typed.
  /// - Returns: The condition, its amount in the nutrient's canonical unit.
  /// - Throws: ``Failure`` naming what is wrong.
  public static func parse(_ text: String) throws(Failure) -> NutrientCondition {
    let source = SourceFile(path: "--where", text: text)
    var lexer = Lexer(source, fileIndex: 0)
    let tokens = lexer.tokenize()
    if let first = lexer.diagnostics.first { throw Failure(message: first.message, hint: first.hint) }
    var parser = Parser(tokens: tokens, file: 0)
    guard let name = parser.parseIdentifier("a nutrient", startsStatement: true) else {
      throw Failure(message: "expected a condition such as 'protein >= 20 g'", hint: nil)
    }
    guard let definition = NutrientTable.lookup(name.name) else {
      throw Failure(
        message: "unknown nutrient '\(name.name)'",
        hint: Suggestions.hint(for: name.name, in: NutrientTable.allNames))
    }
    let comparisons: [String: NutrientCondition.Comparison] = [
      ">=": .atLeast, "<=": .atMost, ">": .greaterThan, "<": .lessThan, "==": .equal, "=": .equal,
    ]
    guard parser.current.kind == .symbol, let comparison = comparisons[parser.current.value] else {
      throw Failure(message: "expected '>=', '<=', '>', '<' or '==' after '\(name.name)'", hint: nil)
    }
    parser.advance()
    guard let quantity = parser.parseQuantity("an amount") else {
      throw Failure(
        message: "expected an amount after '\(comparison.rawValue)'", hint: "as in 'protein >= 20 g'")
    }
    var basis = NutrientCondition.Basis.per100g
    if parser.consumeWord("per") {
      if parser.current.kind == .number {
        guard let amount = parser.parseQuantity("an amount"), amount.value == 100, amount.unit?.text == "g"
        else {
          throw Failure(
            message: "only 'per 100 g' or 'per MEASURE' (such as 'per cup') is supported", hint: nil)
        }
      } else if let measure = parser.parseIdentifier("a measure such as 'cup'") {
        basis = .perMeasure(measure.name)
      }
    }
    guard parser.atEnd else {
      throw Failure(message: "unexpected '\(parser.current.value)' in the condition", hint: nil)
    }
    var amount = NSDecimalNumber(decimal: quantity.value).doubleValue
    if let unit = quantity.unit {
      guard let definitionOfUnit = Units.definition(unit.text) else {
        throw Failure(
          message: "unknown unit '\(unit.text)'", hint: Suggestions.hint(for: unit.text, in: Units.allSymbols)
        )
      }
      let canonical = NSDecimalNumber(decimal: Units.canonical(quantity.value, definitionOfUnit)).doubleValue
      switch (definition.unit, definitionOfUnit.dimension) {
      case (.kilocalorie, .energy): amount = canonical
      case (.gram, .mass): amount = canonical
      case (.milligram, .mass): amount = canonical * 1000
      case (.microgram, .mass): amount = canonical * 1_000_000
      default:
        throw Failure(
          message:
            "'\(unit.text)' is a unit of \(definitionOfUnit.dimension.rawValue), but '\(name.name)' is measured in \(definition.unit.rawValue)",
          hint: nil)
      }
    }
    return NutrientCondition(definition.nutrient, comparison, amount, basis: basis)
  }
}
