/// The values recorded on one day: weight, blood pressure, sugar, symptoms and any custom metrics.
///
/// Numbers are stored as whole storage steps of the metric's canonical unit
/// (`ValueUnit/storageScale`: 1/45,359,237,000 lb, 1/1,000 mmHg, 1/1,000,000 mg/dL),
/// fine enough that a value written in thousandths of any unit of readings files
/// (`80.125 kg`, `5.5 mmol/L`, `180.5 lb`) is held exactly. Readings files and
/// ``init(weight:systolic:diastolic:sugar:symptoms:)`` keep a value written in another
/// unit exactly; setting a canonical value through ``weight``, ``systolic``,
/// ``diastolic`` or ``sugar`` rounds it to thousandths of the canonical unit, half away
/// from zero. The unit a value was entered in is kept for display.
///
/// A day of a readings file may hold several readings of a measure, each with a time and
/// a context: the day's value is then their mean, rounded to the storage step half away
/// from zero.
///
/// ```swift
/// var day = try Measurements(
///   weight: Measurement(value: 82.5, unit: UnitMass.kilograms),
///   systolic: Measurement(value: 120, unit: UnitPressure.millimetersOfMercury),
///   symptoms: "mild headache")
/// day.sugar = 95   // mg/dL
/// ```
public struct Measurements: Sendable, Hashable {
  /// Values in storage steps of the canonical unit, keyed by metric name.
  package private(set) var steps: [String: Int64]
  /// The unit each value was entered in, when it was not the canonical one, keyed by metric name.
  package var enteredUnits: [String: InputUnit]
  /// Free text describing symptoms; `""` means "none", `nil` means "not recorded".
  package var symptoms: String?
  /// Every reading of the measures that have a time, a context or more than one reading this
  /// day, in the order ``Observation/precedes(_:_:)`` gives; a measure read once, with no time
  /// and no context, has only its value in ``steps``.
  package private(set) var observations: [Observation] = []
  /// Coded yes/no symptoms, keyed by code (`chest_pain`: `true` for yes): a CSV column
  /// `symptom chest_pain`, `planner log symptom chest_pain yes`. Rules read them through
  /// ``symptomText``.
  package var answers: [String: Bool] = [:]

  /// What the rules read as the day's symptom text: the free text, then each coded answer as a
  /// clause of its own, in code order, `_` read as a space: `chest pain` for yes, `no chest pain`
  /// for no, joined with `; `. So `symptoms mention "chest pain"` (or a declared symptom named
  /// `chest_pain`) is yes for a coded yes and no for a coded no, as for the same words written.
  /// `nil` when neither was recorded.
  package var symptomText: String? {
    guard !answers.isEmpty else { return symptoms }
    let clauses = answers.keys.sorted().map { code in
      (answers[code] == true ? "" : "no ") + code.replacingUnderscores()
    }
    return ([symptoms].compactMap { $0 }.filter { !$0.isEmpty } + clauses).joined(separator: "; ")
  }

  /// Whether `text` is a symptom code: lowercase ASCII letters, digits and `_`, starting with a
  /// letter, at most 64 characters (`chest_pain`).
  package static func isSymptomCode(_ text: some StringProtocol) -> Bool {
    guard let first = text.unicodeScalars.first, ("a"..."z").contains(first), text.unicodeScalars.count <= 64
    else { return false }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
    }
  }

  /// Creates a day's measurements from canonical values (lb, mmHg, mg/dL).
  ///
  /// - Parameters:
  ///   - weight: Body weight in pounds.
  ///   - systolic: Systolic pressure in mmHg.
  ///   - diastolic: Diastolic pressure in mmHg.
  ///   - sugar: Blood glucose in mg/dL.
  ///   - symptoms: Symptom text, `nil` when not recorded.
  package init(
    weight: Rational? = nil, systolic: Rational? = nil, diastolic: Rational? = nil,
    sugar: Rational? = nil, symptoms: String? = nil
  ) {
    steps = [:]
    enteredUnits = [:]
    self.symptoms = symptoms
    self[.weight] = weight
    self[.systolic] = systolic
    self[.diastolic] = diastolic
    self[.sugar] = sugar
  }

  /// The value of a metric in its canonical unit, or `nil` when not recorded.
  ///
  /// Setting a value rounds it to thousandths of the canonical unit; a value too large
  /// for 64-bit steps is not stored.
  package subscript(metric: Metric) -> Rational? {
    get { steps[metric.name].map { Rational($0, metric.unit.storageScale) } }
    set { set(metric, thousandths: newValue?.roundedToThousandths()) }
  }

  /// Sets a metric from a whole number of storage steps of its canonical unit.
  ///
  /// - Parameters:
  ///   - metric: The metric.
  ///   - value: The steps (see ``ValueUnit/storageScale``), or `nil` to clear it.
  ///   - unit: The unit the value was entered in, for display; `nil` for the canonical one.
  package mutating func set(_ metric: Metric, steps value: Int64?, enteredIn unit: InputUnit? = nil) {
    observations.removeAll { $0.metric == metric.name }
    steps[metric.name] = value
    enteredUnits[metric.name] =
      value == nil ? nil : unit.flatMap { $0.canonical == metric.unit && !$0.hasOffset ? $0 : nil }
  }

  /// Adds one reading of a measure to the day, beside any it already holds.
  ///
  /// A first reading with no time and no context is kept as the day's value alone; any other
  /// reading makes the measure's readings ``observations`` and its value their mean.
  ///
  /// - Parameters:
  ///   - metric: The measure.
  ///   - value: The value in storage steps of its canonical unit.
  ///   - time: When it was taken, if known.
  ///   - context: The context (`fasting`), if any.
  ///   - unit: The unit it was entered in, for display.
  package mutating func add(
    _ metric: Metric, steps value: Int64, time: TimeOfDay? = nil, context: String? = nil,
    enteredIn unit: InputUnit? = nil
  ) {
    let reading = Observation(metric: metric.name, steps: value, time: time, context: context)
    let earlier = readings(of: metric.name)
    if earlier.isEmpty, reading.time == nil, reading.context == nil {
      set(metric, steps: value, enteredIn: unit)
      return
    }
    let entered = unit.flatMap { $0.canonical == metric.unit && !$0.hasOffset ? $0 : nil }
    observations.removeAll { $0.metric == metric.name }
    let all = (earlier + [reading]).sorted(by: Observation.precedes)
    observations.append(contentsOf: all)
    observations.sort { $0.metric != $1.metric ? $0.metric < $1.metric : Observation.precedes($0, $1) }
    steps[metric.name] = DayCombine.roundedMean(all.map(\.steps))
    if let entered { enteredUnits[metric.name] = entered }
  }

  /// Adds every reading and the symptoms of another record of the same day; symptom texts
  /// are joined with `; ` (an empty text, "none", gives way to one that names symptoms).
  package mutating func merge(_ other: Measurements) {
    for name in other.steps.keys.sorted() {
      let metric = Metric(name: name, unit: .number)
      for reading in other.readings(of: name) {
        add(
          metric, steps: reading.steps, time: reading.time, context: reading.context,
          enteredIn: other.enteredUnits[name])
      }
    }
    switch (symptoms, other.symptoms) {
    case (nil, let text), (let text, nil): symptoms = text
    case (let a?, let b?): symptoms = a.isEmpty ? b : b.isEmpty || a == b ? a : a + "; " + b
    }
    // A coded symptom answered yes at any time of the day is a yes.
    for (code, answer) in other.answers { answers[code] = (answers[code] ?? false) || answer }
  }

  /// Every reading of a measure this day, in order; one without a time or context when the
  /// day holds only its value.
  package func readings(of name: String) -> [Observation] {
    let listed = observations.filter { $0.metric == name }
    if !listed.isEmpty { return listed }
    return steps[name].map { [Observation(metric: name, steps: $0)] } ?? []
  }

  /// The day's value of a metric through its selection, in storage steps: the chosen
  /// readings combined (``ReadingSelection``), or ``steps`` for a metric without a selection.
  package func steps(of metric: Metric) -> Int64? {
    guard let selection = metric.selection else { return steps[metric.name] }
    let chosen = readings(of: metric.name).filter {
      selection.context == nil || $0.context == selection.context
    }
    return selection.combine.combine(chosen.map(\.steps))
  }

  /// Whether any measure has more than one reading, a time or a context this day.
  package var hasObservations: Bool { !observations.isEmpty }

  /// Sets a metric from a count of thousandths of its canonical unit.
  package mutating func set(_ metric: Metric, thousandths value: Int64?) {
    let (steps, overflow) = (value ?? 0).multipliedReportingOverflow(by: metric.unit.storageScale / 1000)
    set(metric, steps: value == nil || overflow ? nil : steps)
  }

  /// The unit a metric's value was entered in, when it was not the canonical one.
  package func enteredUnit(of metric: Metric) -> InputUnit? {
    enteredUnits[metric.name]
  }

  /// Body weight in pounds.
  public var weight: Rational? {
    get { self[.weight] }
    set { self[.weight] = newValue }
  }
  /// Systolic pressure in mmHg.
  public var systolic: Rational? {
    get { self[.systolic] }
    set { self[.systolic] = newValue }
  }
  /// Diastolic pressure in mmHg.
  public var diastolic: Rational? {
    get { self[.diastolic] }
    set { self[.diastolic] = newValue }
  }
  /// Blood glucose in mg/dL.
  public var sugar: Rational? {
    get { self[.sugar] }
    set { self[.sugar] = newValue }
  }

  /// Whether two days hold the same values and symptoms; the units they were entered in,
  /// kept only for display, do not count.
  public static func == (lhs: Measurements, rhs: Measurements) -> Bool {
    lhs.steps == rhs.steps && lhs.symptoms == rhs.symptoms && lhs.observations == rhs.observations
      && lhs.answers == rhs.answers
  }

  /// Hashes the values and symptoms, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(steps)
    hasher.combine(symptoms)
    hasher.combine(observations)
    hasher.combine(answers)
  }

  /// Whether nothing at all was recorded.
  package var isEmpty: Bool {
    steps.isEmpty && symptoms == nil && answers.isEmpty
  }
}

extension String {
  /// The text with each `_` read as a space.
  fileprivate func replacingUnderscores() -> String {
    String(map { $0 == "_" ? " " : $0 })
  }
}
