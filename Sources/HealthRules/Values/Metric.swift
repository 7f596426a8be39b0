/// A named numeric series in the readings, such as weight or systolic pressure, with its canonical unit.
///
/// The four built-in metrics have fixed slots in every `Window`; heart rate, SpO2 and
/// temperature are known measures with their own units, kept beside them as any other name
/// (`steps`) is. A metric may carry a `ReadingSelection`: which of a day's readings a rule
/// reads and how they combine (`sugar(first where context = fasting)`); without one, a day's
/// value is the mean of its readings.
package struct Metric: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The metric's name as rules and files spell it: lowercase, `snake_case`.
  package let name: String
  /// The canonical unit its values are stored in.
  package let unit: ValueUnit
  /// Which of a day's readings make the day's value, or `nil` for the default (their mean).
  package let selection: ReadingSelection?

  /// Creates a metric; known names (built-in ones, heart rate, SpO2, temperature) always get
  /// their own unit.
  ///
  /// - Parameters:
  ///   - name: The metric's name.
  ///   - unit: The canonical unit of a custom metric.
  package init(name: String, unit: ValueUnit) {
    if let known = Metric.known.first(where: { $0.name == name }) {
      self = known
    } else {
      self.name = name
      self.unit = unit
      selection = nil
    }
  }

  private init(builtin name: String, unit: ValueUnit, selection: ReadingSelection? = nil) {
    self.name = name
    self.unit = unit
    self.selection = selection
  }

  /// This metric read through a selection of each day's readings: `Metric.sugar.selecting(
  /// ReadingSelection(combine: .first, context: "fasting"))`. A selection of the mean of every
  /// reading is the metric itself.
  package func selecting(_ selection: ReadingSelection?) -> Metric {
    let kept = selection == ReadingSelection() ? nil : selection
    return Metric(builtin: name, unit: unit, selection: kept)
  }

  /// The metric without its selection.
  package var base: Metric {
    selecting(nil)
  }

  /// Body weight, in pounds.
  package static let weight = Metric(builtin: "weight", unit: .pound)
  /// Systolic blood pressure, in mmHg.
  package static let systolic = Metric(builtin: "systolic", unit: .mmHg)
  /// Diastolic blood pressure, in mmHg.
  package static let diastolic = Metric(builtin: "diastolic", unit: .mmHg)
  /// Blood glucose (morning sugar), in mg/dL.
  package static let sugar = Metric(builtin: "sugar", unit: .mgPerDL)
  /// Heart rate, in beats per minute (`/min`).
  package static let heartRate = Metric(builtin: "heart_rate", unit: .perMinute)
  /// Oxygen saturation (SpO2), a plain fraction: 95 % is 0.95, kept to 0.1 percentage point.
  package static let spo2 = Metric(builtin: "spo2", unit: .number)
  /// Body temperature, in degrees Celsius.
  package static let temperature = Metric(builtin: "temperature", unit: .celsius)

  /// The built-in metrics in slot order.
  package static let builtins: [Metric] = [.weight, .systolic, .diastolic, .sugar]

  /// Every measure planner knows by name: the built-in ones, then heart rate, SpO2 and temperature.
  package static let known: [Metric] = builtins + [.heartRate, .spo2, .temperature]

  /// The slot of a built-in metric read without a selection (0...3), or `nil` otherwise.
  var builtinIndex: Int? {
    guard selection == nil else { return nil }
    switch name {
    case "weight": return 0
    case "systolic": return 1
    case "diastolic": return 2
    case "sugar": return 3
    default: return nil
    }
  }

  /// The name, with the selection in parentheses when there is one: `sugar(first where context = "fasting")`.
  package var description: String {
    selection.map { "\(name)(\($0))" } ?? name
  }
}
