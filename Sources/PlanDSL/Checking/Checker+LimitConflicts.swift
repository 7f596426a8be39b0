import Diagnostics
import Foundation
import MealOptimizer

/// The tightest bounds among the earlier limits of one ``LimitConflictKey``:
/// the largest minimum and the smallest maximum, each with where its bound is
/// written (the first written, among equal ones). A new limit conflicts with
/// some earlier limit exactly when it conflicts with one of these two, so each
/// limit is compared twice, however many came before it.
struct TightestLimitBounds {
  var largestMinimum: (value: Double, range: SourceRange)?
  var smallestMaximum: (value: Double, range: SourceRange)?

  /// Takes in a limit checked against the earlier ones.
  mutating func add(_ limit: LimitSpec, at range: SourceRange) {
    if let minimum = limit.minimum, minimum > largestMinimum?.value ?? -.infinity {
      largestMinimum = (minimum, range)
    }
    if let maximum = limit.maximum, maximum < smallestMaximum?.value ?? .infinity {
      smallestMaximum = (maximum, range)
    }
  }
}

extension Checker {
  /// Reports a new limit when it cannot hold together with an earlier
  /// limit on the same foods and period: `limit a >= 5 cup` after
  /// `limit a <= 2 cup` leaves no amount of `a`, and the solver would only say
  /// the model is invalid. The note points at the earlier limit that is
  /// furthest from the new one (the smallest maximum below the new minimum,
  /// else the largest minimum above the new maximum).
  ///
  /// - Parameters:
  ///   - new: The new limit.
  ///   - range: Where the new limit's bound is written.
  ///   - earlier: The tightest bounds of the plan's earlier limits on the same
  ///     foods, period and unit (a ``LimitConflictKey``).
  mutating func checkLimitConflict(_ new: LimitSpec, at range: SourceRange, earlier: TightestLimitBounds) {
    let tolerance = 1e-9
    var conflict: (minimum: Double, maximum: Double, other: SourceRange)?
    if let minimum = new.minimum, let old = earlier.smallestMaximum,
      minimum > old.value + tolerance * max(1, abs(old.value))
    {
      conflict = (minimum, old.value, old.range)
    } else if let maximum = new.maximum, let old = earlier.largestMinimum,
      old.value > maximum + tolerance * max(1, abs(maximum))
    {
      conflict = (old.value, maximum, old.range)
    }
    guard let conflict else { return }
    let unit = new.inServings ? "servings" : "g"
    let foods = new.foods.map { "'\($0)'" }.joined(separator: " + ")
    error(
      DiagnosticMessage.conflictingLimits(
        foods: foods, minimum: "\(Self.shortNumber(conflict.minimum)) \(unit)",
        maximum: "\(Self.shortNumber(conflict.maximum)) \(unit)", period: new.period.rawValue, at: range,
        other: conflict.other))
  }

  /// A number with at most four significant digits after the point: `473.2`, `1183`, `0.25`.
  static func shortNumber(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
  }
}
