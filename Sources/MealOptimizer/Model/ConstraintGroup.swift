/// A tag for one kind of row in a ``LinearModel``: every budget row, every
/// daily goal row, every repetition limit.
///
/// Builders tag the rows they add, so that a search can drop, keep or find a
/// whole kind of row by its tag rather than by matching names. A group is an
/// open set of names: the meal-plan builder's groups are static members such
/// as `budget` and `dailyGoals`, and any other builder may add its own.
///
/// ```swift
/// var model = LinearModel()
/// let x = model.addVariable("x", upper: 10)
/// model.addConstraint("budget[week1]", LinearExpression([(x, 2)]), .lessThan(8), group: .budget)
/// let free = model.dropping([.budget])  // the same variables, no budget row
/// ```
package struct ConstraintGroup: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The group's name, as in `daily_goals`.
  package let rawValue: String

  /// Creates a group with the given name.
  package init(rawValue: String) { self.rawValue = rawValue }

  /// Creates a group from a string literal: `let group: ConstraintGroup = "budget"`.
  package init(stringLiteral value: String) { self.rawValue = value }

  /// The group's name.
  package var description: String { rawValue }
}
