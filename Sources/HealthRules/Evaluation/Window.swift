/// The readings of the calendar days ending on "today", laid out densely for fast evaluation.
///
/// Day 1 is the oldest day, day `length` (7) is today; yesterday is the calendar
/// day before today, whether or not anything was recorded on it. A day with no
/// reading is missing: rules that need it are unknown rather than true or false.
///
/// Values are kept in one array of storage steps (``ValueUnit/storageScale``), a row of
/// `length` slots per metric, with the four built-in metrics first, so compiled rules
/// read them by index.
package struct Window: Sendable, Hashable {
  /// The marker stored for a missing value.
  static let missing = Int64.min

  /// The last day of the window ("today").
  package let today: Day
  /// The number of days, 7 for the baseline rules.
  package let length: Int
  /// Custom metrics present in the window, after the four built-in ones.
  package private(set) var customMetrics: [Metric]
  /// Storage steps per metric and slot; `Window.missing` when not recorded.
  var numbers: [Int64]
  /// The unit each metric is shown in: the unit of its latest day's reading that names one,
  /// or the unit system chosen with ``show(in:)``. Display only; values stay canonical.
  package private(set) var enteredUnits: [String: InputUnit] = [:]
  /// The day whose reading gave each metric its unit in ``enteredUnits`` (a later day wins).
  private var enteredUnitDays: [String: Int] = [:]
  /// Symptom text per slot; `nil` when not recorded.
  var symptomTexts: [String?]
  /// The timed, contexted or several readings of the days that have them, by day number
  /// (``Measurements/observations``); the rows hold each day's mean.
  package private(set) var observations: [Int: [Observation]] = [:]
  /// Per-patient parameters (`dry_weight`), in storage steps of their canonical unit.
  package private(set) var parameterSteps: [String: Int64] = [:]

  /// Creates an empty window of `length` days ending on `today`.
  ///
  /// - Precondition: `length >= 1`.
  package init(today: Day, length: Int = 7) {
    precondition(length >= 1, "a window has at least one day")
    self.today = today
    self.length = length
    customMetrics = []
    numbers = Array(repeating: Window.missing, count: Metric.builtins.count * length)
    symptomTexts = Array(repeating: nil, count: length)
  }

  /// Creates a window from the measurements of each day, day 1 first.
  ///
  /// - Parameters:
  ///   - today: The date of the last day.
  ///   - days: One entry per day (`nil` for a day with no readings); its count is the length.
  /// - Precondition: `days` is not empty.
  package init(today: Day, days: [Measurements?]) {
    self.init(today: today, length: days.count)
    for (slot, measurements) in days.enumerated() {
      if let measurements { set(measurements, day: slot + 1) }
    }
  }

  /// Creates the window of `length` days ending on `asOf`, or on the latest reading's day.
  ///
  /// Readings outside the window are not part of it. Two records of the same day are one
  /// day holding the readings of both (``Measurements/merge(_:)``).
  ///
  /// - Parameters:
  ///   - readings: Readings in any order.
  ///   - asOf: The day to treat as today; by default the latest date in `readings`.
  ///   - length: The number of days, 7 by default.
  /// - Throws: ``WindowError``.
  /// - Complexity: O(n) in the number of readings.
  package init(readings: [Reading], asOf: Day? = nil, length: Int = 7) throws(WindowError) {
    guard length >= 1 else { throw .invalidLength(length) }
    guard let today = asOf ?? readings.map(\.date).max() else { throw .noReadings }
    self.init(today: today, length: length)
    var days: [Int: Measurements] = [:]
    for reading in readings {
      guard let day = dayNumber(of: reading.date) else { continue }
      if var earlier = days[day] {
        earlier.merge(reading.measurements)
        days[day] = earlier
      } else {
        days[day] = reading.measurements
      }
    }
    for (day, measurements) in days.sorted(by: { $0.key < $1.key }) { set(measurements, day: day) }
  }

  /// Shows every built-in metric in a unit system the patient chose (kg and mmol/L, or lb
  /// and mg/dL), whatever unit each reading was entered in. Values and verdicts do not change.
  package mutating func show(in system: UnitSystem) {
    for metric in Metric.builtins {
      if let unit = system.unit(for: metric.unit) {
        enteredUnits[metric.name] = unit
        enteredUnitDays[metric.name] = Int.max
      }
    }
  }

  /// The unit a metric is shown in: ``enteredUnits``, else its canonical unit's own input
  /// unit (`lb`, `mmHg`, `mg/dL`); `nil` for a custom metric.
  package func shownUnit(of metric: Metric) -> InputUnit? {
    enteredUnits[metric.name] ?? InputUnit(rawValue: metric.unit.symbol)
  }

  /// The first day of the window (day 1).
  package var firstDay: Day {
    today.advanced(by: 1 - length)
  }

  /// The date of day `number` (1 is the oldest, `length` is today).
  package func date(ofDay number: Int) -> Day {
    firstDay.advanced(by: number - 1)
  }

  /// The day number (1...length) of a date, or `nil` when it is outside the window.
  package func dayNumber(of date: Day) -> Int? {
    let number = firstDay.distance(to: date) + 1
    return (1...length).contains(number) ? number : nil
  }

  /// Every metric with a row in this window: the built-in ones, then custom ones.
  package var metrics: [Metric] {
    Metric.builtins + customMetrics
  }

  /// The value of `metric` on day `number`, or `nil` when missing or out of range.
  ///
  /// A metric with a ``Metric/selection`` combines the day's chosen readings as it says.
  package func value(_ metric: Metric, day number: Int) -> Rational? {
    guard let raw = steps(metric, day: number) else { return nil }
    return Rational(raw, metric.unit.storageScale)
  }

  /// The storage steps of `metric` on day `number`, or `nil` when missing or out of range.
  func steps(_ metric: Metric, day number: Int) -> Int64? {
    guard (1...length).contains(number) else { return nil }
    if metric.selection != nil, row(of: metric) == nil {
      if let listed = observations[number]?.filter({ $0.metric == metric.name }), !listed.isEmpty {
        var day = Measurements()
        for reading in listed {
          day.add(metric.base, steps: reading.steps, time: reading.time, context: reading.context)
        }
        return day.steps(of: metric)
      }
      guard let raw = steps(metric.base, day: number) else { return nil }
      var day = Measurements()
      day.set(metric.base, steps: raw)
      return day.steps(of: metric)
    }
    guard let row = row(of: metric) else { return nil }
    let raw = numbers[row * length + number - 1]
    return raw == Window.missing ? nil : raw
  }

  /// Gives each selected metric (``Metric/selection``) a row of its days' values, so compiled
  /// rules read it as they read any metric.
  mutating func materialize(_ selected: [Metric]) {
    for metric in selected where metric.selection != nil && row(of: metric) == nil {
      let values = (1...length).map { steps(metric, day: $0) }
      let row = rowCreating(metric)
      for (index, value) in values.enumerated() {
        numbers[row * length + index] = value.map { $0 == Window.missing ? $0 + 1 : $0 } ?? Window.missing
      }
    }
  }

  /// The symptom text of day `number`, or `nil` when not recorded.
  package func symptoms(day number: Int) -> String? {
    guard (1...length).contains(number) else { return nil }
    return symptomTexts[number - 1]
  }

  /// Everything recorded on day `number`, or `nil` when nothing was.
  package func measurements(day number: Int) -> Measurements? {
    guard (1...length).contains(number) else { return nil }
    var result = Measurements(symptoms: symptomTexts[number - 1])
    for (row, metric) in metrics.enumerated() where metric.selection == nil {
      let raw = numbers[row * length + number - 1]
      if raw != Window.missing { result.set(metric, steps: raw, enteredIn: enteredUnits[metric.name]) }
    }
    for reading in observations[number] ?? [] {
      let metric = Metric(name: reading.metric, unit: .number)
      if result.observations.contains(where: { $0.metric == reading.metric }) == false {
        result.set(metric, steps: nil)
      }
      result.add(
        metric, steps: reading.steps, time: reading.time, context: reading.context,
        enteredIn: enteredUnits[reading.metric])
    }
    return result.isEmpty ? nil : result
  }

  /// Records a day's measurements, replacing what that day held.
  ///
  /// A custom metric the window has not seen gets a row with a plain-number unit;
  /// call ``declare(_:)`` first to give it its unit.
  ///
  /// - Parameters:
  ///   - measurements: The values to record.
  ///   - number: The day, 1...length.
  /// - Precondition: `number` is within the window.
  package mutating func set(_ measurements: Measurements, day number: Int) {
    precondition((1...length).contains(number), "day \(number) is outside the window")
    for row in 0..<metrics.count { numbers[row * length + number - 1] = Window.missing }
    observations[number] = measurements.observations.isEmpty ? nil : measurements.observations
    for (name, value) in measurements.steps.sorted(by: { $0.key < $1.key }) {
      let metric = Metric(name: name, unit: .number)
      let row = rowCreating(metric)
      numbers[row * length + number - 1] = value == Window.missing ? value + 1 : value
      if let unit = measurements.enteredUnits[name], number >= enteredUnitDays[name] ?? 0 {
        enteredUnits[name] = unit
        enteredUnitDays[name] = number
      }
    }
    symptomTexts[number - 1] = measurements.symptomText
  }

  /// Sets one value, in thousandths of the metric's canonical unit, or clears it with `nil`.
  ///
  /// This is the fast way to fill many windows: `set(.weight, day: 3, thousandths: 180_500)`
  /// records 180.5 lb on day 3.
  ///
  /// - Precondition: `number` is within the window.
  package mutating func set(_ metric: Metric, day number: Int, thousandths value: Int64?) {
    let (steps, overflow) = (value ?? 0).multipliedReportingOverflow(by: metric.unit.storageScale / 1000)
    set(metric, day: number, steps: value == nil || overflow ? nil : steps)
  }

  /// Sets one value, in storage steps of the metric's canonical unit (``ValueUnit/storageScale``),
  /// or clears it with `nil`.
  ///
  /// - Precondition: `number` is within the window.
  package mutating func set(_ metric: Metric, day number: Int, steps value: Int64?) {
    precondition((1...length).contains(number), "day \(number) is outside the window")
    if observations[number] != nil {
      observations[number]?.removeAll { $0.metric == metric.name }
      if observations[number]?.isEmpty == true { observations[number] = nil }
    }
    let row = rowCreating(metric)
    let stored = value.map { $0 == Window.missing ? $0 + 1 : $0 } ?? Window.missing
    numbers[row * length + number - 1] = stored
  }

  /// Sets or clears the symptom text of day `number`.
  ///
  /// - Precondition: `number` is within the window.
  package mutating func setSymptoms(_ text: String?, day number: Int) {
    precondition((1...length).contains(number), "day \(number) is outside the window")
    symptomTexts[number - 1] = text
  }

  /// Sets a per-patient parameter that rules read as `.parameter(name, unit)`, in storage
  /// steps of its canonical unit (``ValueUnit/storageScale``), or clears it with `nil`.
  package mutating func setParameter(_ name: String, steps: Int64?) {
    parameterSteps[name] = steps.map { $0 == Window.missing ? $0 + 1 : $0 }
  }

  /// Sets a per-patient parameter from a value and the unit it was written in (`nil` for a
  /// plain number), converted exactly and rounded to storage steps as readings are.
  ///
  /// - Returns: `false` when the value does not fit.
  @discardableResult
  package mutating func setParameter(_ name: String, _ value: Rational, unit: InputUnit?) -> Bool {
    let steps = unit.map { $0.storageSteps(value) } ?? value.roundedToSteps(ValueUnit.number.storageScale)
    guard let steps else { return false }
    setParameter(name, steps: steps)
    return true
  }

  /// The value of a per-patient parameter whose canonical unit is `unit`, or `nil` when not given.
  package func parameter(_ name: String, unit: ValueUnit) -> Rational? {
    parameterSteps[name].map { Rational(unreduced: $0, unit.storageScale) }
  }

  /// Declares the canonical unit of a custom metric before setting its values.
  package mutating func declare(_ metric: Metric) {
    _ = rowCreating(metric)
  }

  /// The storage scale of a row's values.
  func scale(ofRow row: Int) -> Int64 {
    row < metrics.count ? metrics[row].unit.storageScale : 1000
  }

  /// The row index of a metric, or `nil` when the window has no row for it.
  func row(of metric: Metric) -> Int? {
    if let index = metric.builtinIndex { return index }
    return customMetrics.firstIndex { $0.name == metric.name && $0.selection == metric.selection }
      .map { $0 + Metric.builtins.count }
  }

  private mutating func rowCreating(_ metric: Metric) -> Int {
    if let row = row(of: metric) { return row }
    customMetrics.append(metric)
    numbers.append(contentsOf: repeatElement(Window.missing, count: length))
    return metrics.count - 1
  }
}

/// Why a window could not be built from readings.
public enum WindowError: Error, Sendable, Hashable, CustomStringConvertible {
  /// There were no readings and no as-of day, so there is no "today".
  case noReadings
  /// Two readings share a day.
  case duplicateDay(Day)
  /// The window length is below one day.
  case invalidLength(Int)

  /// A lowercase message without a final period.
  public var description: String {
    switch self {
    case .noReadings: return "no readings, so there is no 'today'; give an as-of date"
    case .duplicateDay(let day): return "two readings for \(day)"
    case .invalidLength(let length): return "a window needs at least one day, not \(length)"
    }
  }
}
