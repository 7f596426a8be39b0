import Foundation

/// A person's readings journal: a CSV readings file kept one row per day, that entries are logged into.
///
/// The journal is the same CSV that `planner health` reads (see ``CSVReadings``).
/// Logging an entry for a day that has no row adds one; an entry for a day that
/// has a row **merges** into it, so a morning weight and an evening pressure end
/// up on the same row. A second, different value for a reading the day already
/// has is refused unless `replacing` is true; the row it replaces is then kept
/// in the journal's history file (``historyURL``, `FILE.history`), so nothing is
/// ever lost.
///
/// Which value a rule sees: the journal holds one value per reading per day, the
/// first one logged (a morning reading, as the Apple Health reader takes the
/// earliest of the day), unless it was replaced with `replacing: true`; the rule
/// then sees the replacement, and the history keeps the earlier row.
///
/// Saving rewrites the whole file through ``AtomicFile`` (a temporary file,
/// `fsync`, rename), in date order, keeping the header's columns and units:
/// values are written with the fewest decimals that read back to the same
/// thousandths of the canonical unit. A file that does not parse is never
/// overwritten: ``open(at:)`` throws and there is no journal to save.
///
/// ```swift
/// var journal = try Journal.open(at: URL(fileURLWithPath: "journal.csv"))
/// let entry = try JournalEntry.parse("weight 181.2 lb, bp 128/82")
/// try journal.log(entry, on: Day(iso: "2026-11-30")!)
/// try journal.save()
/// ```
public struct Journal: Sendable {
  /// One column of the journal's CSV header.
  struct Column: Sendable, Hashable {
    var field: ReadingField
    var unit: InputUnit?
    /// The header cell as written, such as `weight (kg)`.
    var header: String
  }

  /// The journal file.
  public let url: URL
  /// Every day's readings, in date order.
  public private(set) var readings: [Reading]
  /// Rows that `log` replaced since the journal was opened, oldest first; ``save(beforeRename:)``
  /// appends them to the history file.
  public private(set) var replaced: [Reading] = []
  /// Whether the file existed when opened.
  public let existed: Bool
  /// The file's format: ``ReadingsFormat/csv`` or ``ReadingsFormat/json``.
  public let format: ReadingsFormat
  /// The CSV header's columns; for JSON, every field with its unit.
  var columns: [Column]
  private var changed = false

  /// The history file beside the journal: `FILE.history`.
  ///
  /// A CSV file with the columns `replaced_at,date,weight,systolic,diastolic,sugar,symptoms`,
  /// one row per replaced day, in canonical units (lb, mmHg, mg/dL); `replaced_at` is the
  /// UTC time of the save, ISO 8601.
  public var historyURL: URL {
    URL(fileURLWithPath: url.path + ".history")
  }

  /// Opens a journal, or starts an empty one when the file does not exist.
  ///
  /// - Parameter url: A `.csv` or `.json` file.
  /// - Returns: The journal with its readings.
  /// - Throws: ``JournalError/unsupportedFormat(_:)`` for a file that is not `.csv` or `.json`,
  ///   ``JournalError/unreadable(path:reason:)``, or ``JournalError/invalidJournal(path:_:)``
  ///   with every problem in the file.
  public static func open(at url: URL) throws(JournalError) -> Journal {
    guard let format = ReadingsFormat(fileName: url.lastPathComponent), format != .appleHealth else {
      throw .unsupportedFormat(url.lastPathComponent)
    }
    guard FileManager.default.fileExists(atPath: url.path) else {
      return Journal(url: url, readings: [], existed: false, format: format, columns: [])
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: url.path, reason: error.localizedDescription)
    }
    guard let decoded = String(data: data, encoding: .utf8) else {
      throw .unreadable(path: url.path, reason: "it is not UTF-8 text")
    }
    let text = decoded.hasPrefix("\u{FEFF}") ? String(decoded.dropFirst()) : decoded
    if text.allSatisfy({ $0 == " " || $0 == "\t" || $0.isNewline }) {
      return Journal(url: url, readings: [], existed: true, format: format, columns: [])
    }
    let readings: [Reading]
    do throws(ReadingsError) {
      readings = try format == .json ? JSONReadings.parse(text) : CSVReadings.parse(text)
    } catch {
      throw .invalidJournal(path: url.path, error)
    }
    let columns = format == .json ? jsonColumns(of: text) : header(of: text)
    return Journal(url: url, readings: readings, existed: true, format: format, columns: columns)
  }

  private init(url: URL, readings: [Reading], existed: Bool, format: ReadingsFormat, columns: [Column]) {
    self.url = url
    self.readings = readings
    self.existed = existed
    self.format = format
    self.columns = columns
  }

  /// Every field with the unit a JSON journal's `units` object gives it (or the default).
  private static func jsonColumns(of text: String) -> [Column] {
    var units: [ReadingField: InputUnit] = [:]
    if let root = try? JSONScanner.parse(text), case .object(let members) = root.value {
      for member in members where member.key == "units" {
        guard case .object(let entries) = member.value.value else { continue }
        for entry in entries {
          if let field = ReadingField(name: entry.key), case .string(let symbol) = entry.value.value,
            let unit = InputUnit(symbol: symbol), field.units.contains(unit)
          {
            units[field] = unit
          }
        }
      }
    }
    return ReadingField.allCases.map { field in
      Column(field: field, unit: units[field] ?? field.units.first, header: field.rawValue)
    }
  }

  /// The columns of a header that ``CSVReadings`` accepted.
  private static func header(of text: String) -> [Column] {
    var scanner = CSVScanner(text)
    guard let record = scanner.next() else { return [] }
    var collector = ReadingsCollector()
    let parsed = CSVReadings.readHeader(record, customMetrics: [], into: &collector)
    return zip(parsed, record.fields).compactMap { column, cell in
      guard let field = column?.field else { return nil }
      return Column(field: field, unit: column?.unit, header: String(cell.text.trimmingSpaces()))
    }
  }

  /// Runs `body` while holding an exclusive lock on the journal, so that two processes
  /// logging at the same time cannot lose each other's entry.
  ///
  /// The journal must be a file that ``AtomicFile`` may write (a regular file or a new path;
  /// a symbolic link is followed). The lock is a `flock(2)` on `FILE.lock` beside the journal
  /// (created when missing, left in place, empty), opened without following a symbolic link;
  /// it must be a regular file. Open, log and save inside `body`.
  ///
  /// - Parameters:
  ///   - url: The journal file.
  ///   - timeout: How long to wait for another process to finish, in seconds.
  ///   - body: The work to do under the lock.
  /// - Throws: ``JournalError/unsupportedFormat(_:)`` for a file that is not `.csv` or `.json`
  ///   (before any lock file is made), ``JournalError/writeFailed(_:)`` for a journal that is
  ///   not a file (a device, a FIFO, a directory), ``JournalError/busy(path:holder:)`` when the lock is
  ///   not free within `timeout`, ``JournalError/lockFailed(path:reason:)`` when the lock file
  ///   cannot be opened or is not a regular file, or what `body` throws.
  public static func withExclusiveAccess<Result>(
    to url: URL, timeout: Double = 10, _ body: () throws(JournalError) -> Result
  ) throws(JournalError) -> Result {
    // A file that cannot be a journal gets no lock file beside it.
    guard let format = ReadingsFormat(fileName: url.lastPathComponent), format != .appleHealth else {
      throw .unsupportedFormat(url.lastPathComponent)
    }
    // Nor does a device or a FIFO, which would not be read as a file nor written.
    do throws(AtomicFileError) {
      try AtomicFile.checkDestination(url)
    } catch {
      throw .writeFailed(error)
    }
    let lockPath = url.path + ".lock"
    let descriptor = Foundation.open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      let reason = code == ELOOP ? "it is a symbolic link" : AtomicFileError.words(for: code)
      throw .lockFailed(path: lockPath, reason: reason)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw .lockFailed(path: lockPath, reason: "it is not a regular file")
    }
    let deadline = Date().addingTimeInterval(timeout)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
        throw .busy(path: url.path, holder: lockHolder(of: descriptor))
      }
      usleep(50_000)
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// The process holding the `flock` on the file open at `descriptor`, as `process 4242
  /// (planner)`, from Linux's `/proc/locks`; `nil` where that cannot be known.
  static func lockHolder(of descriptor: Int32) -> String? {
    var info = stat()
    guard fstat(descriptor, &info) == 0,
      let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
    else { return nil }
    // Linux's dev_t: the major number in bits 8-19 and 32-43, the minor in bits 0-7 and 20-31.
    let device = UInt64(info.st_dev)
    let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
    let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
    for line in table.split(separator: "\n") {
      // `3: FLOCK  ADVISORY  WRITE 2843 fe:00:16222746 0 EOF`; waiters have `->` after the number.
      let fields = line.split(separator: " ")
      guard fields.count >= 6, fields[1] == "FLOCK" else { continue }
      let file = fields[5].split(separator: ":")
      guard file.count == 3, UInt64(file[0], radix: 16) == major, UInt64(file[1], radix: 16) == minor,
        UInt64(file[2]) == UInt64(info.st_ino), let pid = Int32(fields[4])
      else { continue }
      let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
        .split(separator: "\n").first.map(String.init)
      return "process \(pid)" + (name.map { " (\($0))" } ?? "")
    }
    return nil
  }

  /// The readings of one day, or `nil` when the journal has no row for it.
  public func reading(on day: Day) -> Reading? {
    readings.first { $0.date == day }
  }

  /// Logs an entry on a day: adds the day's row, or merges the entry into it.
  ///
  /// - Parameters:
  ///   - entry: The parsed entry; its own date, if any, is ignored in favour of `day`.
  ///   - day: The day to log it on.
  ///   - replacing: Whether a value may replace a different one already logged that day.
  /// - Returns: What changed.
  /// - Throws: ``JournalError/alreadyLogged(day:_:)`` when the day already has a different
  ///   value for a reading in the entry and `replacing` is false;
  ///   ``JournalError/invalidEntry(_:)`` when the merged day's systolic is not above its
  ///   diastolic. The journal is unchanged when it throws.
  @discardableResult
  public mutating func log(_ entry: JournalEntry, on day: Day, replacing: Bool = false) throws(JournalError)
    -> JournalChange
  {
    let index = readings.firstIndex { $0.date == day }
    let previous = index.map { readings[$0] }
    var merged = previous?.measurements ?? Measurements()
    var conflicts: [JournalConflict] = []
    var replacedFields: [ReadingField] = []
    for field in ReadingField.allCases {
      guard let metric = field.metric, let value = entry.measurements.steps[metric.name] else {
        continue
      }
      let scale = metric.unit.storageScale
      if let old = merged.steps[metric.name], old != value {
        conflicts.append(
          JournalConflict(
            field: field,
            logged: Evidence.display(
              Rational(old, scale), metric.unit, enteredIn: merged.enteredUnit(of: metric)),
            entered: Evidence.display(
              Rational(value, scale), metric.unit, enteredIn: entry.measurements.enteredUnit(of: metric)),
            location: entry.locations[field]))
        replacedFields.append(field)
      }
      merged.set(metric, steps: value, enteredIn: entry.measurements.enteredUnit(of: metric))
    }
    if let symptoms = entry.measurements.symptoms {
      if let old = merged.symptoms, !old.isEmpty, old != symptoms {
        conflicts.append(
          JournalConflict(
            field: .symptoms, logged: "\"\(old)\"", entered: "\"\(symptoms)\"",
            location: entry.locations[.symptoms]
          ))
        replacedFields.append(.symptoms)
      }
      merged.symptoms = symptoms
    }
    if !conflicts.isEmpty, !replacing {
      throw .alreadyLogged(day: day, conflicts)
    }
    let located = entry.locations[.systolic] != nil ? ReadingField.systolic : .diastolic
    if let issue = ReadingsCollector.pressureIssue(
      merged, at: entry.span(of: located),
      hint: "the other pressure was logged earlier on \(day); log both together as bp 128/82")
    {
      throw .invalidEntry(ReadingsError(issues: [issue]))
    }
    let reading = Reading(date: day, measurements: merged)
    if let index {
      if readings[index] != reading {
        if !replacedFields.isEmpty { replaced.append(readings[index]) }
        readings[index] = reading
        changed = true
      }
    } else {
      readings.append(reading)
      readings.sort { $0.date < $1.date }
      changed = true
    }
    addColumns(for: entry)
    return JournalChange(day: day, previous: previous, reading: reading, replacedFields: replacedFields)
  }

  /// Makes sure the header has a column for every field the entry fills.
  private mutating func addColumns(for entry: JournalEntry) {
    if columns.isEmpty {
      columns = ReadingField.allCases.map { field in
        let unit = entry.units[field] ?? field.units.first
        let header = unit.map {
          $0 == field.units.first ? field.rawValue : "\(field.rawValue) (\($0.rawValue))"
        }
        return Column(field: field, unit: unit, header: header ?? field.rawValue)
      }
      changed = true
      return
    }
    for field in ReadingField.allCases where !columns.contains(where: { $0.field == field }) {
      let filled =
        field == .symptoms
        ? entry.measurements.symptoms != nil : field.metric.map { entry.measurements[$0] != nil }
      guard filled == true else { continue }
      let unit = entry.units[field] ?? field.units.first
      let header = unit.map {
        $0 == field.units.first ? field.rawValue : "\(field.rawValue) (\($0.rawValue))"
      }
      columns.append(Column(field: field, unit: unit, header: header ?? field.rawValue))
      changed = true
    }
  }

  /// Whether ``log(_:on:replacing:)`` changed anything that ``save(beforeRename:)`` would write.
  public var hasChanges: Bool { changed }

  /// The journal's file contents: CSV or JSON, as the file is.
  public var text: String {
    format == .json ? jsonText : csvText
  }

  /// The journal as JSON: the object form, `units` for any field not in its default unit,
  /// then one object per day in date order, missing values left out.
  var jsonText: String {
    let units = columns.filter { $0.unit != nil && $0.unit != $0.field.units.first }
    var text = "{\n"
    if !units.isEmpty {
      text +=
        "  \"units\": { "
        + units.map { "\"\($0.field.rawValue)\": \"\($0.unit?.rawValue ?? "")\"" }.joined(separator: ", ")
        + " },\n"
    }
    text += "  \"readings\": ["
    let days = readings.map { reading -> String in
      var members = ["\"date\": \"\(reading.date)\""]
      for column in columns {
        guard let metric = column.field.metric, let value = reading.measurements.steps[metric.name]
        else {
          continue
        }
        let unit = column.unit ?? column.field.units.first ?? .pound
        members.append(
          "\"\(column.field.rawValue)\": \(JournalCSV.decimal(steps: value, of: metric, in: unit))")
      }
      if let symptoms = reading.measurements.symptoms {
        members.append("\"symptoms\": \(JournalCSV.jsonString(symptoms))")
      }
      return "\n    { " + members.joined(separator: ", ") + " }"
    }
    text += days.joined(separator: ",") + (days.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    return text
  }

  /// The journal as CSV text: the header, then one row per day in date order.
  var csvText: String {
    var lines = [columns.map { JournalCSV.quoted($0.header) }.joined(separator: ",")]
    for reading in readings {
      let cells = columns.map { column -> String in
        switch column.field {
        case .date: return reading.date.description
        case .symptoms: return JournalCSV.quoted(reading.measurements.symptoms ?? "")
        default:
          guard let metric = column.field.metric, let value = reading.measurements.steps[metric.name]
          else {
            return ""
          }
          return JournalCSV.decimal(
            steps: value, of: metric, in: column.unit ?? column.field.units.first ?? .pound)
        }
      }
      lines.append(cells.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes the journal, then (when rows were replaced) the history, each atomically: the
  /// history row is written only once the journal's new version is durable, so a failed save
  /// never leaves a "replaced" row for a change that did not happen.
  ///
  /// - Parameter beforeRename: Passed to ``AtomicFile/write(_:to:newFileMode:beforeRename:)``
  ///   for the journal; tests throw from it to simulate a crash before the rename.
  /// - Throws: ``JournalError/writeFailed(_:)`` when the journal could not be written (it is
  ///   then unchanged, and so is the history); ``JournalError/historyFailed(_:)`` when the
  ///   journal was saved but the history could not be.
  public func save(beforeRename: (URL) throws -> Void = { _ in }) throws(JournalError) {
    guard changed else { return }
    let history = replaced.isEmpty ? nil : historyText()
    do throws(AtomicFileError) {
      try AtomicFile.write(Data(text.utf8), to: url, beforeRename: beforeRename)
    } catch {
      throw .writeFailed(error)
    }
    guard let history else { return }
    do throws(AtomicFileError) {
      try AtomicFile.write(Data(history.utf8), to: historyURL)
    } catch {
      throw .historyFailed(error)
    }
  }

  /// The history file's text with the replaced rows appended.
  func historyText(now: Date = Date()) -> String {
    var text = (try? String(contentsOf: historyURL, encoding: .utf8)) ?? ""
    if text.isEmpty { text = "replaced_at,date,weight,systolic,diastolic,sugar,symptoms\n" }
    if !text.hasSuffix("\n") { text += "\n" }
    let stamp = ISO8601DateFormatter().string(from: now)
    for reading in replaced {
      let numbers = Metric.builtins.map { metric in
        reading.measurements[metric].map { $0.formatted() } ?? ""
      }
      let cells =
        [stamp, reading.date.description] + numbers + [JournalCSV.quoted(reading.measurements.symptoms ?? "")]
      text += cells.joined(separator: ",") + "\n"
    }
    return text
  }
}

/// What ``Journal/log(_:on:replacing:)`` did to a day.
public struct JournalChange: Sendable, Hashable {
  /// The day logged.
  public var day: Day
  /// The day's row before, or `nil` when the entry added the day.
  public var previous: Reading?
  /// The day's row now.
  public var reading: Reading
  /// Fields whose earlier value the entry replaced (empty unless `replacing`).
  public var replacedFields: [ReadingField]

  /// Whether the entry changed nothing (every value was already logged).
  public var isUnchanged: Bool { previous == reading }
}

/// A reading the day already has with another value.
public struct JournalConflict: Sendable, Hashable, CustomStringConvertible {
  /// The reading.
  public var field: ReadingField
  /// The value already logged, with its unit: `181 lb`.
  public var logged: String
  /// The value in the entry.
  public var entered: String
  /// Where the entry wrote it.
  public var location: JournalEntry.Location?

  /// `weight is already logged for this day (181 lb); the entry says 182 lb`.
  public var description: String {
    "\(field.rawValue) is already logged for this day (\(logged)); the entry says \(entered)"
  }
}

/// Why a journal could not be opened, logged into or saved.
public enum JournalError: Error, Sendable, CustomStringConvertible {
  /// The journal is not a CSV file.
  case unsupportedFormat(String)
  /// The file exists but cannot be read.
  case unreadable(path: String, reason: String)
  /// The file does not parse as readings; it is never overwritten.
  case invalidJournal(path: String, ReadingsError)
  /// The entry is not valid on this day (its located problems).
  case invalidEntry(ReadingsError)
  /// The day already has other values for readings in the entry.
  case alreadyLogged(day: Day, [JournalConflict])
  /// The journal could not be written, or is not a file (a device, a FIFO); the journal and
  /// its history are unchanged.
  case writeFailed(AtomicFileError)
  /// The journal was saved, but the history row of the replaced reading could not be written.
  case historyFailed(AtomicFileError)
  /// The lock file `FILE.lock` could not be opened, or is not a regular file (a symbolic link).
  case lockFailed(path: String, reason: String)
  /// Another process held the journal's lock for too long; `holder` names it when it is known
  /// (`process 4242 (planner)`).
  case busy(path: String, holder: String?)

  /// A lowercase message without a final period.
  public var description: String {
    switch self {
    case .unsupportedFormat(let name):
      return "cannot log into '\(name)': journals are .csv or .json files"
    case .unreadable(let path, let reason):
      return "cannot read '\(path)': \(reason)"
    case .invalidJournal(let path, let error):
      return "'\(path)' does not parse, so it is left as it is:\n\(error)"
    case .invalidEntry(let error):
      return error.description
    case .alreadyLogged(let day, let conflicts):
      return "\(day) already has " + conflicts.map(\.description).joined(separator: "; ")
    case .writeFailed(let error):
      return error.description
    case .historyFailed(let error):
      return "the journal was saved, but the earlier row could not be kept: \(error.description)"
    case .lockFailed(let path, let reason):
      return "cannot lock the journal with '\(path)': \(reason)"
    case .busy(let path, let holder):
      return
        "'\(path)' is locked by \(holder ?? "another process") logging into it; try again when it is done"
    }
  }
}

/// CSV cells for the journal.
enum JournalCSV {
  /// The text, quoted when it holds a comma, a quote, a line break (LF or CR) or edge spaces
  /// or tabs; looked at per Unicode scalar, as ``CSVScanner`` reads it, so a quote inside a
  /// grapheme cluster (after U+0600, before U+0301) is doubled too.
  static func quoted(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let edge: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
    let needsQuotes =
      scalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
      || scalars.first.map(edge) == true || scalars.last.map(edge) == true
    guard needsQuotes else { return text }
    var out = String.UnicodeScalarView()
    out.append("\"")
    for scalar in scalars {
      out.append(scalar)
      if scalar == "\"" { out.append("\"") }
    }
    out.append("\"")
    return String(out)
  }

  /// A JSON string literal.
  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// The shortest decimal in `unit` that reads back to the same storage steps of `metric`.
  static func decimal(steps: Int64, of metric: Metric, in unit: InputUnit) -> String {
    let canonical = Rational(steps, metric.unit.storageScale)
    guard let exact = canonical.divided(by: unit.factor) else { return canonical.formatted() }
    for digits in 0...12 {
      let text = exact.formatted(maximumFractionDigits: digits)
      if let value = Rational(decimal: text), unit.storageSteps(value) == steps {
        return text
      }
    }
    return exact.formatted(maximumFractionDigits: 12)
  }
}
