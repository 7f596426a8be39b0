import Diagnostics

/// Readings as a person types them: `07:10 bp 128/82, fasting sugar 104 mg/dL, symptoms "tired"`.
///
/// An entry is a list of items, separated by commas (the commas may be left out):
///
/// | item | value | units (default first) |
/// | --- | --- | --- |
/// | `weight` | a decimal | `lb`, `kg`, `g` |
/// | `bp` | systolic`/`diastolic, such as `128/82` | `mmHg` |
/// | `systolic`, `diastolic` | a decimal | `mmHg` |
/// | `sugar` (or `glucose`) | a decimal | `mg/dL`, `mmol/L` |
/// | `heart_rate` (or `pulse`) | a decimal | `/min` (`bpm`) |
/// | `spo2` | a decimal | `%` |
/// | `temperature` | a decimal | `°C` (`Cel`), `°F` (`degF`) |
/// | `symptoms` | a quoted string (`""` inside it is one quote), or the words up to the next comma | |
/// | `symptom CODE` | `yes` or `no`: a coded symptom (`symptom chest_pain yes`) | |
///
/// The entry may start with the day, `2026-11-30` (a date-time such as `2026-11-30T07:30` is
/// its day and time). A time of day, `07:10` (`hh:mm` or `hh:mm:ss`, 24-hour clock), gives the
/// time of the items after it, up to the next time. A context before an item, `fasting`,
/// `before meal`, `after meal` or `bedtime`, is the context of that item alone. The items of
/// one time and one context make one `Row`: `07:10 bp 128/82 fasting sugar 104 mg/dL` is two
/// rows at 07:10, the pressure without a context and the sugar fasting. A unit may be glued to
/// its number (`81.6kg`). Values are checked exactly as readings files are: units, the
/// plausible ranges, and systolic above diastolic. Every problem is reported at once, each at
/// its column in the entry text (line 1).
///
/// ```swift
/// let entry = try JournalEntry.parse("weight 181.2 lb, bp 128/82, symptoms \"tired\"")
/// entry.measurements.systolic  // 128
/// ```
package struct JournalEntry: Sendable, Hashable {
  /// Where an item sits in the entry text: a 1-based column and a length, in characters.
  package struct Location: Sendable, Hashable {
    /// The 1-based column.
    package var column: Int
    /// The number of characters, at least 1.
    package var length: Int

    /// Creates a location.
    package init(column: Int, length: Int) {
      self.column = column
      self.length = max(1, length)
    }
  }

  /// The readings of an entry taken at one time in one context: one row of the journal.
  package struct Row: Sendable, Hashable {
    /// When they were taken, or `nil` when the entry gave no time for them.
    package var time: TimeOfDay?
    /// Their context (normalized, ``Observation/normalizedContext(_:)``), or `nil`.
    package var context: String?
    /// The values, in canonical units, one per measure, and the symptoms.
    package var measurements: Measurements
    /// Where each field's value was written.
    package var locations: [ReadingField: Location]
    /// The unit each numeric field was written in.
    package var units: [ReadingField: InputUnit]

    /// Creates a row.
    package init(
      time: TimeOfDay? = nil, context: String? = nil, measurements: Measurements,
      locations: [ReadingField: Location] = [:], units: [ReadingField: InputUnit] = [:]
    ) {
      self.time = time
      self.context = context.flatMap(Observation.normalizedContext)
      self.measurements = measurements
      self.locations = locations
      self.units = units
    }
  }

  /// The text that was parsed.
  package var text: String
  /// The day written at the start of the entry, if any.
  package var date: Day?
  /// The entry's rows, in the order their first items were written.
  package var rows: [Row]
  /// Every value of the entry as one day's readings (a measure read in two rows holds both
  /// readings, ``Measurements/observations``).
  package var measurements: Measurements {
    var day = Measurements()
    for row in rows {
      if rows.count == 1 && row.time == nil && row.context == nil { return row.measurements }
      var timed = Measurements(symptoms: row.measurements.symptoms)
      timed.answers = row.measurements.answers
      for (name, steps) in row.measurements.steps.sorted(by: { $0.key < $1.key }) {
        timed.add(
          Metric(name: name, unit: .number), steps: steps, time: row.time, context: row.context,
          enteredIn: row.measurements.enteredUnits[name])
      }
      day.merge(timed)
    }
    return day
  }
  /// Where each field's value was first written, for messages that point at it.
  package var locations: [ReadingField: Location] {
    rows.reversed().reduce(into: [:]) { all, row in all.merge(row.locations) { _, first in first } }
  }
  /// The unit each numeric field was first written in.
  package var units: [ReadingField: InputUnit] {
    rows.reversed().reduce(into: [:]) { all, row in all.merge(row.units) { _, first in first } }
  }

  /// The item names an entry accepts, for suggestions.
  static let itemNames = [
    "weight", "bp", "systolic", "diastolic", "sugar", "glucose", "heart_rate", "pulse", "spo2", "temperature",
    "symptoms", "symptom",
  ]

  /// Creates an entry from rows (a readings file's records, logged as entries are).
  package init(text: String = "", date: Day? = nil, rows: [Row]) {
    self.text = text
    self.date = date
    self.rows = rows
  }

  /// Parses an entry, collecting every problem before throwing.
  ///
  /// - Parameter text: The entry, such as `weight 181.2 lb, bp 128/82`.
  /// - Returns: The parsed entry.
  /// - Throws: ``ReadingsError`` with every problem, on line 1 at its column, with the
  ///   entry as the line text and a hint where one helps.
  /// - Complexity: O(n) in the length of the text.
  package static func parse(_ text: String) throws(ReadingsError) -> JournalEntry {
    var parser = EntryParser(text: text)
    parser.parse()
    guard parser.collector.issues.isEmpty else { throw ReadingsError(issues: parser.collector.issues) }
    return JournalEntry(text: text, date: parser.date, rows: parser.rows)
  }

  /// The span of a field's value in a row, as a readings-file location on line 1 of the entry.
  func span(of field: ReadingField, in row: Row? = nil) -> SourceSpan {
    let location =
      (row?.locations ?? locations)[field] ?? Location(column: 1, length: max(1, text.unicodeScalars.count))
    return SourceSpan(
      line: 1, column: location.column, length: location.length, lineText: text.isEmpty ? " " : text)
  }
}

/// The tokens of an entry: words (numbers, names and units), quoted strings and commas.
struct EntryToken {
  enum Kind {
    case word
    case string
    case comma
  }

  var kind: Kind
  var text: String
  var column: Int
  var length: Int
}

/// Reads an entry's items into measurements through a ``ReadingsCollector``.
struct EntryParser {
  let text: String
  var tokens: [EntryToken] = []
  var position = 0
  var collector = ReadingsCollector()
  var date: Day?
  var rows: [JournalEntry.Row] = []
  /// The time of the items being read (the last time written), and the context of the next one.
  private var time: TimeOfDay?
  private var context: String?
  /// The row the item being read fills.
  private var row = 0

  init(text: String) {
    self.text = text
    tokenize()
  }

  /// Splits the entry per Unicode scalar (columns count scalars), so a quote or comma next
  /// to a combining or prepended mark is still one.
  private mutating func tokenize() {
    let characters = Array(text.unicodeScalars)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == " " || character == "\t" || Self.isLineBreak(character) {
        index += 1
      } else if character == "," {
        tokens.append(EntryToken(kind: .comma, text: ",", column: index + 1, length: 1))
        index += 1
      } else if character == "\"" {
        let start = index
        index += 1
        var value = String.UnicodeScalarView()
        var closed = false
        while index < characters.count {
          if characters[index] == "\"", index + 1 < characters.count, characters[index + 1] == "\"" {
            // A doubled quote inside quoted text is one quote, as in CSV.
            value.append("\"")
            index += 2
            continue
          }
          if characters[index] == "\"" {
            closed = true
            index += 1
            break
          }
          value.append(characters[index])
          index += 1
        }
        if !closed {
          collector.report(
            ReadingsIssue(
              .unterminatedQuote, line: 1, column: start + 1, message: "unterminated quoted text",
              hint: "add the closing '\"'",
              lineText: text))
        }
        tokens.append(
          EntryToken(kind: .string, text: String(value), column: start + 1, length: index - start))
      } else {
        let start = index
        var value = String.UnicodeScalarView()
        while index < characters.count, !" \t,\"".unicodeScalars.contains(characters[index]),
          !Self.isLineBreak(characters[index])
        {
          value.append(characters[index])
          index += 1
        }
        tokens.append(EntryToken(kind: .word, text: String(value), column: start + 1, length: index - start))
      }
    }
  }

  /// A scalar that breaks a line: LF, CR, VT, FF, NEL, U+2028 or U+2029.
  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }

  private var current: EntryToken? {
    position < tokens.count ? tokens[position] : nil
  }

  private func span(_ token: EntryToken) -> SourceSpan {
    SourceSpan(line: 1, column: token.column, length: token.length, lineText: text)
  }

  private var endSpan: SourceSpan {
    SourceSpan(line: 1, column: text.unicodeScalars.count + 1, length: 1, lineText: text)
  }

  /// The context words an item may follow: `fasting`, `bedtime`, `before meal`, `after meal`.
  private func contextAt(_ index: Int) -> (context: String, words: Int)? {
    guard index < tokens.count, tokens[index].kind == .word else { return nil }
    let word = tokens[index].text.lowercased()
    if word == "fasting" || word == "bedtime" { return (word, 1) }
    if word == "before" || word == "after", index + 1 < tokens.count, tokens[index + 1].kind == .word,
      tokens[index + 1].text.lowercased() == "meal"
    {
      return ("\(word) meal", 2)
    }
    return nil
  }

  /// Whether a word is written as a time of day (`07:10`, or a mistyped `7:10`).
  static func looksLikeTime(_ token: EntryToken) -> Bool {
    token.kind == .word && token.text.first?.isNumber == true && token.text.contains(":")
      && !token.text.contains("/")
  }

  /// The row for the current time and context, made when it is the first item of them.
  private mutating func rowIndex() -> Int {
    if let index = rows.firstIndex(where: { $0.time == time && $0.context == context }) { return index }
    rows.append(JournalEntry.Row(time: time, context: context, measurements: Measurements()))
    return rows.count - 1
  }

  mutating func parse() {
    if let first = current, first.kind == .word, first.text.first?.isNumber == true, first.text.contains("-")
    {
      date = collector.date(first.text, at: span(first))
      if let written = collector.timeInDate(first.text, at: span(first)) { time = written ?? nil }
      position += 1
    }
    var seen: [String: EntryToken] = [:]
    var items = 0
    while let token = current {
      if token.kind == .comma {
        position += 1
        continue
      }
      if Self.looksLikeTime(token) {
        position += 1
        if let parsed = collector.time(token.text, at: span(token)) { time = parsed }
        continue
      }
      context = nil
      var contextToken: EntryToken?
      if let (words, count) = contextAt(position) {
        context = words
        contextToken = token
        position += count
        guard let next = current, next.kind == .word, JournalEntry.itemNames.contains(next.text.lowercased())
        else {
          collector.report(
            (current.map(span) ?? endSpan).issue(
              .missingValue, "'\(words)' needs a reading after it",
              hint: "a context comes before its reading, such as fasting sugar 104 mg/dL"))
          if current != nil, current?.kind != .comma { skipToComma() }
          continue
        }
      }
      guard let token = current else { break }
      items += 1
      let name = token.text.lowercased()
      guard token.kind == .word, JournalEntry.itemNames.contains(name) else {
        reportUnknownItem(token)
        skipToComma()
        continue
      }
      let canonical = ReadingField(name: name)?.rawValue ?? name
      let when = [time.map { "at \($0)" }, context].compactMap { $0 }.joined(separator: " ")
      if name == "symptom" {
        position += 1
        row = rowIndex()
        readAnswer(after: contextToken ?? token, when: when, seen: &seen)
        continue
      }
      let key = "\(time?.description ?? "") \(context ?? "") \(canonical)"
      if let first = seen[key] {
        collector.report(
          span(token).issue(
            .repeatedItem,
            "'\(canonical)' is given twice \(when.isEmpty ? "" : when + " ")in this entry; the first is at column \(first.column)",
            hint: "log each reading once; use --replace to change one already logged"))
        skipToComma()
        continue
      }
      seen[key] = contextToken ?? token
      position += 1
      row = rowIndex()
      switch canonical {
      case "bp": readPressure(after: token)
      case "symptoms": readSymptoms(after: token)
      default:
        if let field = ReadingField(name: canonical) { readNumber(field, after: token) }
      }
    }
    rows.removeAll { $0.measurements.isEmpty }
    if items == 0 {
      collector.report(
        endSpan.issue(
          .emptyEntry, "nothing to log",
          hint: "write readings such as: weight 181.2 lb, bp 128/82, sugar 104 mg/dL"))
    }
  }

  private mutating func reportUnknownItem(_ token: EntryToken) {
    if token.kind == .word, Rational(decimal: token.text) != nil || token.text.first?.isNumber == true {
      collector.report(
        span(token).issue(
          .unnamedValue, "expected a reading name before '\(token.text)'",
          hint: "name each value, such as weight 181.2 lb or sugar 104 mg/dL"))
      return
    }
    let shown = token.kind == .string ? "\"\(token.text)\"" : token.text
    collector.report(
      span(token).issue(
        .unknownItem, "unknown reading '\(shown)'",
        hint: Suggestions.hint(for: token.text, in: JournalEntry.itemNames)
          ?? "the readings are weight, bp, systolic, diastolic, sugar, pulse, spo2, temperature, symptoms "
          + "and symptom CODE yes|no")
    )
  }

  private mutating func skipToComma() {
    position += 1
    while let token = current, token.kind != .comma { position += 1 }
  }

  /// Splits `181.2lb` into the number and a glued unit.
  private func splitGlued(_ token: EntryToken) -> (number: EntryToken, unit: EntryToken?) {
    let characters = Array(token.text.unicodeScalars)
    guard
      let cut = characters.firstIndex(where: {
        !($0.properties.numericType != nil || $0 == "." || $0 == "-" || $0 == "+" || $0 == "/")
      }),
      cut > 0
    else { return (token, nil) }
    // Only a known unit is split off: `18o` stays one word and is reported as not a number.
    let unitText = String(String.UnicodeScalarView(characters[cut...]))
    guard InputUnit(symbol: unitText) != nil else { return (token, nil) }
    let number = EntryToken(
      kind: .word, text: String(String.UnicodeScalarView(characters[..<cut])), column: token.column,
      length: cut)
    let unit = EntryToken(
      kind: .word, text: unitText, column: token.column + cut,
      length: characters.count - cut)
    return (number, unit)
  }

  /// The value token after an item name, or a report that it is missing.
  private mutating func valueToken(for name: EntryToken, example: String) -> EntryToken? {
    guard let token = current, token.kind == .word else {
      let at = current.map(span) ?? endSpan
      collector.report(at.issue(.missingValue, "'\(name.text)' needs a value", hint: "such as \(example)"))
      return nil
    }
    position += 1
    return token
  }

  /// The unit after a value: a glued one, or the next word when it is not another item's name.
  private mutating func unitToken(glued: EntryToken?) -> EntryToken? {
    if let glued { return glued }
    guard let token = current, token.kind == .word, !JournalEntry.itemNames.contains(token.text.lowercased()),
      !Self.looksLikeTime(token), contextAt(position) == nil
    else { return nil }
    position += 1
    return token
  }

  private mutating func readNumber(_ field: ReadingField, after name: EntryToken) {
    let example: String
    switch field {
    case .weight: example = "weight 181.2 lb"
    case .sugar: example = "sugar 104 mg/dL"
    case .heartRate: example = "pulse 72 bpm"
    case .spo2: example = "spo2 97 %"
    case .temperature: example = "temperature 36.8 °C"
    default: example = "\(field.rawValue) 120 mmHg"
    }
    guard let token = valueToken(for: name, example: example) else { return }
    let (number, glued) = splitGlued(token)
    var unit = field.units.first ?? .pound
    var end = number.column + number.length
    if let unitToken = unitToken(glued: glued) {
      guard let parsed = collector.unit(unitToken.text, for: field, at: span(unitToken)) else { return }
      unit = parsed
      end = unitToken.column + unitToken.length
    }
    let location = JournalEntry.Location(column: number.column, length: end - number.column)
    guard let value = collector.number(number.text, field: field, unit: unit, at: span(number)) else {
      return
    }
    guard let metric = field.metric else { return }
    rows[row].measurements.set(metric, steps: value, enteredIn: unit)
    rows[row].locations[field] = location
    rows[row].units[field] = unit
  }

  private mutating func readPressure(after name: EntryToken) {
    guard let token = valueToken(for: name, example: "bp 128/82") else { return }
    let (value, glued) = splitGlued(token)
    if let unitToken = unitToken(glued: glued) {
      guard collector.unit(unitToken.text, for: .systolic, at: span(unitToken)) != nil else { return }
    }
    let parts = value.text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      collector.report(
        span(value).issue(
          .invalidPressure, "'\(value.text)' is not a blood pressure",
          hint: "write systolic/diastolic, such as bp 128/82"))
      return
    }
    let systolicToken = EntryToken(
      kind: .word, text: String(parts[0]), column: value.column, length: max(1, parts[0].unicodeScalars.count)
    )
    let diastolicToken = EntryToken(
      kind: .word, text: String(parts[1]), column: value.column + parts[0].unicodeScalars.count + 1,
      length: max(1, parts[1].unicodeScalars.count))
    let systolic = collector.number(
      systolicToken.text, field: .systolic, unit: .mmHg, at: span(systolicToken))
    let diastolic = collector.number(
      diastolicToken.text, field: .diastolic, unit: .mmHg, at: span(diastolicToken))
    guard let systolic, let diastolic else { return }
    var pair = Measurements()
    pair.set(.systolic, steps: systolic)
    pair.set(.diastolic, steps: diastolic)
    let swapped = "did you mean bp \(parts[1])/\(parts[0])? systolic, the larger, comes first"
    if let issue = ReadingsCollector.pressureIssue(pair, at: span(value), hint: swapped) {
      collector.report(issue)
      return
    }
    rows[row].measurements.set(.systolic, steps: systolic)
    rows[row].measurements.set(.diastolic, steps: diastolic)
    let location = JournalEntry.Location(column: value.column, length: value.length)
    rows[row].locations[.systolic] = location
    rows[row].locations[.diastolic] = location
    rows[row].units[.systolic] = .mmHg
    rows[row].units[.diastolic] = .mmHg
  }

  /// `symptom CODE yes|no`: a coded symptom, answered in the row of the current time and
  /// context (`when`, such as `at 07:10`, or empty).
  private mutating func readAnswer(after name: EntryToken, when: String, seen: inout [String: EntryToken]) {
    guard let code = current, code.kind == .word, Measurements.isSymptomCode(code.text) else {
      let at = current.map(span) ?? endSpan
      collector.report(
        at.issue(
          .missingValue, "'symptom' needs a code and yes or no",
          hint: "such as symptom chest_pain yes; a code is lowercase letters, digits and '_'"))
      skipToComma()
      return
    }
    position += 1
    let key = "\(time?.description ?? "") \(context ?? "") symptom \(code.text)"
    if let first = seen[key] {
      collector.report(
        span(code).issue(
          .repeatedItem,
          "'symptom \(code.text)' is given twice \(when.isEmpty ? "" : when + " ")in this entry; "
            + "the first is at column \(first.column)",
          hint:
            "answer each coded symptom once per time and context; use --replace to change one already logged")
      )
      skipToComma()
      return
    }
    seen[key] = name
    guard let answer = current, answer.kind == .word else {
      collector.report(
        (current.map(span) ?? endSpan).issue(
          .missingValue, "'symptom \(code.text)' needs yes or no", hint: "such as symptom \(code.text) yes"))
      return
    }
    position += 1
    switch answer.text.lowercased() {
    case "yes": rows[row].measurements.answers[code.text] = true
    case "no": rows[row].measurements.answers[code.text] = false
    default:
      collector.report(
        span(answer).issue(
          .invalidAnswer, "'symptom \(code.text)' is yes or no, not '\(answer.text)'",
          hint: "such as symptom \(code.text) yes"))
    }
  }

  private mutating func readSymptoms(after name: EntryToken) {
    if let token = current, token.kind == .string {
      position += 1
      rows[row].measurements.symptoms = token.text
      rows[row].locations[.symptoms] = JournalEntry.Location(column: token.column, length: token.length)
      return
    }
    var words: [EntryToken] = []
    while let token = current, token.kind != .comma {
      words.append(token)
      position += 1
    }
    guard let first = words.first, let last = words.last else {
      collector.report(
        (current.map(span) ?? endSpan).issue(
          .missingValue, "'symptoms' needs a text",
          hint: "such as symptoms \"tired\"; write symptoms \"\" for none"))
      return
    }
    rows[row].measurements.symptoms = words.map(\.text).joined(separator: " ")
    rows[row].locations[.symptoms] = JournalEntry.Location(
      column: first.column, length: last.column + last.length - first.column)
  }
}
