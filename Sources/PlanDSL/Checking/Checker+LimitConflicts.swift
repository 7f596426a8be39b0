import Diagnostics
import Foundation
import MealOptimizer

extension Checker {
  /// Reports a new limit when it cannot hold together with an earlier
  /// limit on the same foods and period: `limit a >= 5 cup` after
  /// `limit a <= 2 cup` leaves no amount of `a`, and the solver would only say
  /// the model is invalid.
  ///
  /// - Parameters:
  ///   - new: The new limit.
  ///   - range: Where the new limit's bound is written.
  ///   - earlier: The plan's earlier limits on the same foods, period and unit
  ///     (a ``LimitConflictKey``), in order, each with where its bound is written.
  mutating func checkLimitConflict(
    _ new: LimitSpec, at range: SourceRange, earlier: [(limit: LimitSpec, range: SourceRange)]
  ) {
    let tolerance = 1e-9
    for (old, oldRange) in earlier {
      let pairs = [(new.minimum, old.maximum), (old.minimum, new.maximum)]
      for case (let minimum?, let maximum?) in pairs
      where minimum > maximum + tolerance * max(1, abs(maximum)) {
        let unit = new.inServings ? "servings" : "g"
        let foods = new.foods.map { "'\($0)'" }.joined(separator: " + ")
        error(
          DiagnosticMessage.conflictingLimits(
            foods: foods, minimum: "\(Self.shortNumber(minimum)) \(unit)",
            maximum: "\(Self.shortNumber(maximum)) \(unit)", period: new.period.rawValue, at: range,
            other: oldRange))
        return
      }
    }
  }

  /// A number with at most four significant digits after the point: `473.2`, `1183`, `0.25`.
  static func shortNumber(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
  }
}
