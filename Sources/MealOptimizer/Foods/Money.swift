import Foundation

/// An exact amount of money, in the plan's currency (`DietProblem/currency`).
///
/// Prices and budgets given in Swift are `Money`: from a string, from whole minor
/// units (cents), or from a literal.
///
/// ```swift
/// let oats = Offer(price: try Money("3.49"), packageGrams: 1190)
/// let lentils = Offer(price: Money(minorUnits: 179), packageGrams: 454)
/// let budget = Budget(45, per: .week)
/// ```
///
/// A `Decimal` literal is not exact: `3.49 as Decimal` is built by floating-point
/// arithmetic and holds 3.490000000000000512 (Swift 6.3 on Linux), so four packages
/// came to 13.960000000000002048 rather than 13.96. `Money` reads a literal as written:
/// `let price: Money = 3.49` is exactly 3.49 (any literal of up to 15 significant
/// digits, the digits a `Double` keeps; longer ones are rounded to 15).
public struct Money: Sendable, Hashable, Comparable, Codable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
  /// The exact amount, for arithmetic: `try Money("3.49").amount * 4` is 13.96.
  ///
  /// `Money` has no operators of its own: with literals on both sides they would make
  /// `2.0 * 2` ambiguous in every file that imports MealOptimizer.
  public let amount: Decimal

  /// An amount held exactly as given.
  ///
  /// A `Decimal` made from a floating-point literal (`Decimal(3.49)`, `3.49 as Decimal`)
  /// is already inexact; pass a string or minor units instead.
  public init(_ amount: Decimal) {
    self.amount = amount
  }

  /// Reads an amount written with digits and at most one decimal point: `"3.49"`,
  /// `"-0.5"`, `"12"`.
  ///
  /// - Throws: ``FormatError`` for anything else (`"3,49"`, `"$3.49"`, `"1e3"`, `""`),
  ///   or for more than 38 digits.
  public init(_ text: String) throws(FormatError) {
    var digits = 0
    var seenPoint = false
    for (offset, character) in text.enumerated() {
      switch character {
      case "-" where offset == 0: continue
      case "." where !seenPoint: seenPoint = true
      case "0"..."9": digits += 1
      default: throw FormatError(text: text)
      }
    }
    guard digits > 0, digits <= 38, !text.hasSuffix("."),
      let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    else { throw FormatError(text: text) }
    self.amount = amount
  }

  /// An amount from a whole number of minor units: `Money(minorUnits: 349)` is 3.49.
  ///
  /// - Parameters:
  ///   - minorUnits: The amount in minor units (cents).
  ///   - fractionDigits: How many digits of the major unit a minor unit is: 2 for cents
  ///     (USD, EUR), 0 for a currency without minor units (JPY), 3 for BHD.
  public init(minorUnits: Int, fractionDigits: Int = 2) {
    amount = Decimal(
      sign: minorUnits < 0 ? .minus : .plus, exponent: -fractionDigits,
      significand: Decimal(minorUnits.magnitude))
  }

  /// A whole amount: `Offer(price: 2, packageGrams: 1000)`.
  public init(integerLiteral value: Int) {
    amount = Decimal(value)
  }

  /// A literal read as written (`3.49` is exactly 3.49), through the shortest decimal
  /// text that gives the same `Double` back.
  public init(floatLiteral value: Double) {
    amount = Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
  }

  /// Reads a JSON number or a string (`3.49`, `"3.49"`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      do { try self.init(text) } catch {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
      }
    } else {
      self.init(try container.decode(Decimal.self))
    }
  }

  /// Writes the amount as a number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(amount)
  }

  /// The amount's digits (`3.49`, `13.96`), as `Decimal` writes them.
  public var description: String { amount.description }

  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.amount < rhs.amount }

  /// Text that is not an amount of money.
  public struct FormatError: Error, Hashable, LocalizedError, CustomStringConvertible {
    /// The text as given.
    package var text: String

    /// `'3,49' is not an amount of money: write digits with at most one '.', such as 3.49`.
    public var description: String {
      "'\(text)' is not an amount of money: write up to 38 digits with at most one '.', such as 3.49"
    }

    /// The same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
  }
}
