import Diagnostics
import Foundation
import HealthRules

/// `planner log [DATE] weight 181.2 lb, bp 128/82, …`: enter a day's readings into the journal.
enum LogCommand: TypedCommand {
  static let name = "log"
  static let abstract = "Log readings into a journal (CSV or JSON, one row per reading time)."
  static let discussion = """
    Readings: weight (lb, kg, g), bp SYSTOLIC/DIASTOLIC (mmHg), systolic, diastolic, sugar (mg/dL, mmol/L),
    pulse (/min), spo2 (%), temperature (°C, °F), symptoms "TEXT", symptom CODE yes|no (a coded symptom:
    symptom chest_pain yes; kept in CSV journals only). A time (07:10) gives the time of the readings after
    it; a context (fasting, before meal, after meal, bedtime) before a reading is its context: planner log
    07:10 bp 128/82 fasting sugar 104 mg/dL. They are checked like a readings file (units, plausible
    ranges, systolic above diastolic). Readings of one day, time and context make one row: an entry for a
    row that exists merges into it; a different value for a reading already in the row is refused unless
    --replace, and the replaced row is kept in FILE.history. --import FILE logs every reading of a
    readings file (CSV, JSON, a FHIR bundle, an Apple Health export) the same way.
    The journal is rewritten atomically (temporary file, fsync, rename); a journal that does not parse
    is never overwritten. The words may start with the day: 2026-11-30, 'today' or 'yesterday'
    (default: today, local time).
    """

  struct Options: CommandOptions {
    var words: [String] = []
    var journal = "journal.csv"
    var replace = false
    var units: UnitSystem?
    var importFile: String?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .arguments(
          "reading", \.words, required: false,
          "[DATE] then the readings, such as: weight 181.2 lb, bp 128/82, sugar 104 mg/dL"),
        .option(
          "journal", short: "j", \.journal, value: "FILE",
          "The journal, a .csv or .json file (default: journal.csv)."),
        .flag(
          "replace", \.replace, "Replace readings already logged that day (the old row goes to FILE.history)."
        ),
        .option("units", \.units, value: "metric|us", UnitSystem.help),
        .option(
          "import", \.importFile, value: "FILE",
          "Log every reading of a readings file (.csv, .json, a FHIR bundle .json, an Apple Health .xml)."),
      ]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    if let source = options.importFile {
      guard options.words.isEmpty else {
        throw .usage(
          "--import takes the readings from its file, not from words",
          hint: "planner log --import readings.json --journal journal.csv")
      }
      try importReadings(from: source, options: options, console: console)
      return
    }
    let path = options.journal
    let today = LocalCalendar.today()
    var words = options.words
    var day = today
    if let first = words.first?.lowercased(), first == "today" || first == "yesterday" {
      day = first == "today" ? today : today.advanced(by: -1)
      words.removeFirst()
    }
    guard !words.isEmpty else {
      throw .usage(
        "nothing to log", hint: "planner log weight 181.2 lb, bp 128/82, sugar 104 mg/dL, symptoms \"tired\"")
    }
    let line = EntryLine(words)
    let entry: JournalEntry
    do throws(ReadingsError) {
      entry = try JournalEntry.parse(line.text)
    } catch {
      throw entryError(error, colors: console.errorIsTerminal)
    }
    if let date = entry.date { day = date }
    if day > today {
      throw .usage("\(day) is in the future; today is \(today)", hint: "give the day the readings were taken")
    }
    let url = URL(fileURLWithPath: path)
    let replace = options.replace
    let change: JournalChange
    do throws(JournalError) {
      // The lock is held across the whole read, merge and write, history included.
      change = try Journal.withExclusiveAccess(to: url) { () throws(JournalError) in
        try Journal.log(entry, on: day, replacing: replace, into: url)
      }
    } catch {
      throw journalError(error, path: path, line: line, colors: console.errorIsTerminal)
    }
    console.out(summary(change, path: path, units: options.units))
  }

  /// `planner log --import FILE`: every reading of the file into the journal.
  static func importReadings(from source: String, options: Options, console: Console) throws(CLIError) {
    let url = URL(fileURLWithPath: options.journal)
    let replace = options.replace
    let changes:
      (
        days: Int, newRowDays: Int, updatedDays: Int, unchangedDays: Int, replacedFields: [ReadingField]
      )
    do throws(JournalError) {
      changes = try Journal.withExclusiveAccess(to: url) { () throws(JournalError) in
        try Journal.importReadings(from: URL(fileURLWithPath: source), replacing: replace, into: url)
      }
    } catch {
      if case .invalidEntry(let readingsError) = error {
        throw .invalidInput(
          DiagnosticRenderer(colors: console.errorIsTerminal).render(readingsError.diagnostics(path: source))
            + "nothing was imported\n")
      }
      throw journalError(error, path: options.journal, line: EntryLine([]), colors: console.errorIsTerminal)
    }
    console.out(importSummary(changes, source: source, path: options.journal))
  }

  /// `imported 7 days from bundle.json into journal.csv: new rows on 6 days, rows updated on 1 day,
  /// 0 days already logged`, and what was replaced.
  static func importSummary(
    _ changes: (
      days: Int, newRowDays: Int, updatedDays: Int, unchangedDays: Int, replacedFields: [ReadingField]
    ), source: String, path: String
  ) -> String {
    func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
    var text =
      "imported \(days(changes.days)) from \(source.escapedForTerminal) into \(path.escapedForTerminal): "
      + "new rows on \(days(changes.newRowDays)), rows updated on \(days(changes.updatedDays)), "
      + "\(days(changes.unchangedDays)) already logged\n"
    if !changes.replacedFields.isEmpty {
      text +=
        "replaced " + changes.replacedFields.map(\.rawValue).joined(separator: ", ")
        + "; the earlier rows are kept in "
        + "\(Journal.historyURL(of: URL(fileURLWithPath: path)).path.escapedForTerminal)\n"
    }
    return text
  }

  /// What was logged, in one or two lines; the path and the symptoms are shown with their
  /// control characters escaped (``Swift/String/escapedForTerminal``).
  static func summary(_ change: JournalChange, path rawPath: String, units: UnitSystem? = nil) -> String {
    let path = rawPath.escapedForTerminal
    if change.isUnchanged {
      return "\(change.day) in \(path): already logged, nothing changed\n"
    }
    let verb = change.updatedRow ? "updated" : "logged"
    let rows =
      change.rows.isEmpty
      ? describe(change.reading.measurements, units: units)
      : change.rows.map { describe($0, units: units) }.joined(separator: "; ")
    var text = "\(verb) \(change.day) in \(path): \(rows)\n"
    if !change.replacedFields.isEmpty {
      text +=
        "replaced " + change.replacedFields.map(\.rawValue).joined(separator: ", ")
        + "; the earlier row is kept in "
        + "\(Journal.historyURL(of: URL(fileURLWithPath: rawPath)).path.escapedForTerminal)\n"
    }
    return text
  }

  /// One row of the journal: `07:10 fasting: sugar 104 mg/dL`, the time and context (when it
  /// has them) before its readings (``describe(_:units:)-(Measurements,_)``).
  static func describe(_ row: JournalEntry.Row, units: UnitSystem? = nil) -> String {
    let when = [row.time?.description, row.context?.escapedForTerminal].compactMap { $0 }
    let readings = describe(row.measurements, units: units)
    return when.isEmpty ? readings : when.joined(separator: " ") + ": " + readings
  }

  /// `weight 82.4 kg, bp 128/82 mmHg, sugar 5.6 mmol/L, symptoms "tired"`: each reading in the
  /// unit it was entered in, with the fewest decimals that read back to exactly the value held;
  /// or, with `units`, converted to that system's unit and rounded (one decimal, two in mmol/L).
  static func describe(_ measurements: Measurements, units: UnitSystem? = nil) -> String {
    func shown(_ metric: Metric) -> String? {
      guard let value = measurements[metric] else { return nil }
      let entered = measurements.enteredUnit(of: metric) ?? InputUnit(rawValue: metric.unit.symbol) ?? .pound
      guard let unit = units?.unit(for: metric.unit), unit != entered else {
        return entered.shortestDecimal(value, scale: metric.unit.storageScale) + " " + entered.rawValue
      }
      // Converted to the unit chosen: rounded as the health table rounds it.
      return ShownValue.text(value, in: unit) + " " + unit.rawValue
    }
    var parts: [String] = []
    if let weight = shown(.weight) { parts.append("weight \(weight)") }
    if let systolic = measurements.systolic, let diastolic = measurements.diastolic {
      parts.append("bp \(systolic.formatted())/\(diastolic.formatted()) mmHg")
    } else if let systolic = shown(.systolic) {
      parts.append("systolic \(systolic)")
    } else if let diastolic = shown(.diastolic) {
      parts.append("diastolic \(diastolic)")
    }
    if let sugar = shown(.sugar) { parts.append("sugar \(sugar)") }
    if let pulse = shown(.heartRate) { parts.append("pulse \(pulse)") }
    if let spo2 = measurements[.spo2] {
      parts.append("spo2 \(InputUnit.percent.shortestDecimal(spo2, scale: Metric.spo2.unit.storageScale)) %")
    }
    if let temperature = shown(.temperature) { parts.append("temperature \(temperature)") }
    if let symptoms = measurements.symptoms, !symptoms.isEmpty {
      parts.append("symptoms \"\(symptoms.escapedForTerminal)\"")
    }
    for code in measurements.answers.keys.sorted() {
      parts.append("symptom \(code) \(measurements.answers[code] == true ? "yes" : "no")")
    }
    return parts.joined(separator: ", ")
  }

  /// The problems of an entry, rendered like every diagnostic, located in the entry
  /// (``EntryLine/sourceName``), then that nothing was logged: invalid input.
  static func entryError(_ error: ReadingsError, colors: Bool) -> CLIError {
    .invalidInput(
      DiagnosticRenderer(colors: colors).render(error.diagnostics(path: EntryLine.sourceName))
        + "nothing was logged\n")
  }

  static func journalError(_ error: JournalError, path: String, line: EntryLine, colors: Bool) -> CLIError {
    switch error {
    case .unsupportedFormat:
      return .usage(error.description, hint: "log into a .csv or .json journal: --journal journal.csv")
    case .unreadable:
      return .invalidInput(error.description)
    case .writeFailed(let failure):
      return CLIError(failure, option: "journal")
    case .historyFailed, .lockFailed:
      return .outputFailed(error.description)
    case .busy:
      return .busy(error.description)
    case .invalidJournal(_, let readingsError):
      return .invalidInput(
        DiagnosticRenderer(colors: colors).render(readingsError.diagnostics(path: path))
          + "\(path) does not parse, so it was left as it is and nothing was logged\n")
    case .invalidEntry(let readingsError):
      return entryError(readingsError, colors: colors)
    case .alreadyLogged(let day, let conflicts):
      let issues = mergingPressures(conflicts).map { conflict in
        ReadingsIssue(
          .alreadyLogged, line: 1, column: conflict.location?.column ?? 1,
          length: conflict.location?.length ?? 1,
          message: "\(conflict.name) is already logged for \(day)\(conflict.row) (\(conflict.logged)); "
            + "this entry says \(conflict.entered)",
          hint: "add --replace to replace it; the earlier row is kept in \(path).history",
          lineText: line.text)
      }
      return entryError(ReadingsError(issues: issues), colors: colors)
    }
  }
}

extension LogCommand {
  /// A conflict to report: a reading, or both pressures of one `bp` item together.
  struct ReportedConflict {
    var name: String
    /// Where the reading is logged after the day (``JournalConflict/row``).
    var row: String
    var logged: String
    var entered: String
    var location: JournalEntry.Location?
  }

  /// The conflicts, with a systolic and a diastolic conflict from the same `bp` item reported as one.
  static func mergingPressures(_ conflicts: [JournalConflict]) -> [ReportedConflict] {
    var reported: [ReportedConflict] = []
    for conflict in conflicts {
      if conflict.field == .diastolic, let systolic = conflicts.first(where: { $0.field == .systolic }),
        systolic.location != nil, systolic.location == conflict.location,
        let index = reported.firstIndex(where: { $0.name == "systolic" })
      {
        let strip = { (text: String) in text.replacingOccurrences(of: " mmHg", with: "") }
        reported[index] = ReportedConflict(
          name: "blood pressure", row: conflict.row, logged: "\(strip(systolic.logged))/\(conflict.logged)",
          entered: "\(strip(systolic.entered))/\(conflict.entered)", location: conflict.location)
        continue
      }
      reported.append(
        ReportedConflict(
          name: conflict.field.rawValue, row: conflict.row, logged: conflict.logged,
          entered: conflict.entered,
          location: conflict.location))
    }
    return reported
  }
}

/// The command-line words of an entry joined into one line, which diagnostics point into.
///
/// The word after `symptoms` holding spaces, commas or quotes (the shell removed its
/// quotes) is quoted again, so `symptoms "tired, dizzy"` reads back as one text; other
/// words are taken as written, so `planner log "weight 180, bp 120/80"` works too.
struct EntryLine {
  /// The name diagnostics give the entry in place of a file: `<entry>:1:22: error: …`.
  static let sourceName = "<entry>"

  let text: String

  init(_ words: [String]) {
    var text = ""
    var previous = ""
    for word in words {
      if !text.isEmpty { text += " " }
      let afterSymptoms = previous.lowercased().trimmingCharacters(in: .punctuationCharacters) == "symptoms"
      // The text after 'symptoms' was one quoted shell word: quote it again so it stays one text.
      // Any other word is taken as written, so a whole entry in one quoted word reads as typed.
      // Looked at per Unicode scalar, as the entry is read: a quote after U+0600 is still a quote.
      let needsQuotes =
        afterSymptoms && word.unicodeScalars.contains { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\"" }
      if needsQuotes {
        var quoted = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
          quoted.append(scalar)
          if scalar == "\"" { quoted.append("\"") }
        }
        text += "\"" + String(quoted) + "\""
      } else {
        text += word
      }
      previous = word
    }
    self.text = text
  }
}

/// Today's date where the user is.
enum LocalCalendar {
  static func today() -> Day {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    return Day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? Day(ordinal: 0)
  }
}
