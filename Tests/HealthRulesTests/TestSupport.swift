import HealthRules

/// A week of readings written as arrays of seven values, day 1 first; `nil` is a blank.
struct Week {
  var weight: [Rational?] = Array(repeating: 180, count: 7)
  var systolic: [Rational?] = Array(repeating: 120, count: 7)
  var diastolic: [Rational?] = Array(repeating: 80, count: 7)
  var sugar: [Rational?] = Array(repeating: 95, count: 7)
  var symptoms: [String?] = Array(repeating: nil, count: 7)
  var today = Day(year: 2026, month: 3, day: 7)!

  var window: Window {
    Window(
      today: today,
      days: (0..<7).map { index in
        Measurements(
          weight: weight[index], systolic: systolic[index], diastolic: diastolic[index],
          sugar: sugar[index], symptoms: symptoms[index])
      })
  }
}

/// Parses an exact decimal in test tables.
func exact(_ text: String) -> Rational {
  Rational(decimal: text) ?? Rational(-999_999)
}
