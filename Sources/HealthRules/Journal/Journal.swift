import Diagnostics
import Foundation

/// A person's readings journal: a CSV readings file kept one row per day, that entries are logged into.
///
/// The journal is the same CSV that `planner health` reads (see ``CSVReadings``).
/// Logging an entry for a day that has no row adds one; an entry for a day that
/// has a row **merges** into it, so a morning weight and an evening pressure end
/// up on the same row. A second, different value for a reading the day already
/// has is refused unless `replacing` is true; the row it replaces is then kept
/// in the journal's history file (``historyURL(of:)``, `FILE.history`), so nothing is
/// ever lost.
///
/// Which value a rule sees: the journal holds one value per reading per day, the
/// first one logged (a morning reading, as the Apple Health reader takes the
/// earliest of the day), unless it was replaced with `replacing: true`; the rule
/// then sees the replacement, and the history keeps the earlier row.
///
/// ``log(_:on:replacing:into:beforeRename:)`` reads a CSV or JSON journal once, row by row (a
/// JSON journal day by day), checking every row as `planner health` does, and writes each row,
/// in date order, to the new journal as it goes (``AtomicFile/write(to:newFileMode:beforeRename:body:)``:
/// a temporary file, `fsync`, rename), so memory does not grow with the journal. The header's
/// columns (a JSON journal's `units`) are kept: values are written with the fewest decimals
/// that read back to the same thousandths of the canonical unit. A file that does not parse is
/// never overwritten. A journal whose rows are not in date order (edited by hand), or a JSON
/// journal whose `units` come after its `readings`, is read whole, then written the same way.
///
/// ```swift
/// let url = URL(fileURLWithPath: "journal.csv")
/// let entry = try JournalEntry.parse("weight 181.2 lb, bp 128/82")
/// let change = try Journal.withExclusiveAccess(to: url) { () throws(JournalError) in
///   try Journal.log(entry, on: Day(iso: "2026-11-30")!, into: url)
/// }
/// ```
public enum Journal {
  /// One column of the journal's CSV header.
  struct Column: Sendable, Hashable {
    var field: ReadingField
    var unit: InputUnit?
    /// The header cell as written, such as `weight (kg)`.
    var header: String
    /// The code of a coded symptom column (`symptom chest_pain`); its `field` is `.symptoms`.
    var code: String? = nil
  }

  /// The history file beside a journal: `FILE.history`.
  ///
  /// A CSV file with the columns `replaced_at,date,weight,systolic,diastolic,sugar,symptoms`,
  /// one row per replaced day, in canonical units (lb, mmHg, mg/dL); `replaced_at` is the
  /// UTC time of the save, ISO 8601.
  public static func historyURL(of url: URL) -> URL {
    URL(fileURLWithPath: url.path + ".history")
  }

  /// Logs an entry on a day into the journal at `url`: adds the day's row, or merges the entry
  /// into it, and writes the journal, then (when a row was replaced) the history.
  ///
  /// A journal is read and written in one pass, one row at a time. The history row is
  /// written only once the journal's new version is durable, so a failed write never leaves
  /// a "replaced" row for a change that did not happen. Call it inside
  /// ``withExclusiveAccess(to:timeout:_:)`` so that the whole read, merge and write is locked.
  ///
  /// - Parameters:
  ///   - entry: The parsed entry; its own date, if any, is ignored in favour of `day`.
  ///   - day: The day to log it on.
  ///   - replacing: Whether a value may replace a different one already logged that day.
  ///   - url: The journal, a `.csv` or `.json` file; a missing one is started.
  ///   - beforeRename: Passed to ``AtomicFile/write(to:newFileMode:beforeRename:body:)`` for
  ///     the journal; tests throw from it to simulate a crash before the rename.
  /// - Returns: What changed; nothing is written when nothing changed.
  /// - Throws: ``JournalError/unsupportedFormat(_:)``, ``JournalError/unreadable(path:reason:)``,
  ///   ``JournalError/invalidJournal(path:_:)`` with every problem in the file (checked first),
  ///   ``JournalError/alreadyLogged(day:_:)`` when the day already has a different value for a
  ///   reading in the entry and `replacing` is false, ``JournalError/invalidEntry(_:)`` when the
  ///   merged day's systolic is not above its diastolic, ``JournalError/writeFailed(_:)``: the
  ///   journal and its history are then unchanged; ``JournalError/historyFailed(_:)`` when the
  ///   journal was saved but the history could not be.
  @discardableResult
  public static func log(
    _ entry: JournalEntry, on day: Day, replacing: Bool = false, into url: URL,
    beforeRename: (URL) throws -> Void = { _ in }
  ) throws(JournalError) -> JournalChange {
    guard let format = ReadingsFormat(fileName: url.lastPathComponent), format != .appleHealth else {
      throw .unsupportedFormat(url.lastPathComponent)
    }
    if format == .json, !entry.measurements.answers.isEmpty {
      // A JSON readings file has no place for coded symptoms: refuse rather than drop them.
      let issue = ReadingsIssue(
        .invalidAnswer, line: 1, column: 1, length: max(1, entry.text.unicodeScalars.count),
        message:
          "coded symptoms (symptom CODE yes|no) are kept in CSV journals, not in '\(url.lastPathComponent)'",
        hint: "log them into a .csv journal, or write them in symptoms \"…\"", lineText: entry.text)
      throw .invalidEntry(ReadingsError(issues: [issue]))
    }
    var merge = Merge(entry: entry, day: day, replacing: replacing, format: format)
    var sorted: [Reading] = []
    var fileColumns: [Column] = []
    if FileManager.default.fileExists(atPath: url.path) {
      do {
        try AtomicFile.write(to: url, beforeRename: beforeRename) { writer in
          if format == .csv {
            try streamCSV(url, into: &merge, writer: &writer)
          } else {
            try streamJSON(url, into: &merge, writer: &writer)
          }
        }
        return try keepHistory(of: merge, url: url)
      } catch let error as JournalError {
        throw error
      } catch let error as AtomicFileError {
        throw .writeFailed(error)
      } catch is Unchanged {
        return try keepHistory(of: merge, url: url)
      } catch is OutOfOrder {
        // Rows not in date order, or a JSON journal whose units follow its readings: read whole,
        // sorted (this re-reads what was just checked).
        do throws(ReadingsError) {
          if format == .csv {
            fileColumns = merge.fileColumns
            sorted = try ReadingsFile.load(from: url)
          } else {
            let read = try ReadingsFile.loadJSON(from: url)
            sorted = read.readings
            fileColumns = jsonColumns(read.units)
          }
        } catch {
          throw .invalidJournal(path: url.path, error)
        }
      } catch {
        throw .writeFailed(AtomicFileError(.failed, path: url.path, code: 0, reason: "\(error)"))
      }
    }
    merge = Merge(entry: entry, day: day, replacing: replacing, format: format)
    do {
      try AtomicFile.write(to: url, beforeRename: beforeRename) { writer in
        merge.begin(columns: fileColumns, writer: &writer)
        for reading in sorted { merge.feed(reading, writer: &writer) }
        try merge.finish(writer: &writer)
      }
    } catch let error as JournalError {
      throw error
    } catch let error as AtomicFileError {
      throw .writeFailed(error)
    } catch is Unchanged {
    } catch {
      throw .writeFailed(AtomicFileError(.failed, path: url.path, code: 0, reason: "\(error)"))
    }
    return try keepHistory(of: merge, url: url)
  }

  /// Thrown inside a write when the journal would not change: nothing is renamed into place.
  private struct Unchanged: Error {}
  /// Thrown inside a streamed write when a row is dated before the one above it.
  private struct OutOfOrder: Error {}

  /// Reads a CSV journal row by row, checking each as ``CSVReadings`` does, and writes the
  /// merged journal through `writer` as it goes; throws before the rename when the file has a
  /// problem, the entry conflicts, or nothing changes.
  private static func streamCSV(_ url: URL, into merge: inout Merge, writer: inout AtomicFile.Writer) throws {
    guard let handle = FileHandle(forReadingAtPath: url.path) else {
      throw JournalError.unreadable(path: url.path, reason: RegularFile.phrase(for: errno))
    }
    defer { try? handle.close() }
    var scanner = CSVScanner(LineReader(handle))
    var collector = ReadingsCollector()
    // A file of blank lines (spaces and tabs) is an empty journal, as a missing one.
    var blank = true
    let isBlank = { (record: CSVScanner.Record) in
      record.fields.count == 1 && !record.fields[0].quoted
        && record.fields[0].text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" }
    }
    var headerless = false
    do throws(ReadingsError) {
      try CSVReadings.read(
        &scanner, customMetrics: [], into: &collector,
        onHeader: { record, parsed in
          blank = isBlank(record)
          merge.begin(columns: blank ? [] : columns(of: record, parsed), writer: &writer)
        },
        onRow: { record, collector in
          blank = blank && isBlank(record)
          for reading in collector.takeReadings() where collector.issues.isEmpty {
            merge.feed(reading, writer: &writer)
          }
        })
    } catch {
      // No header: a file of blank lines.
      headerless = true
    }
    if let reason = scanner.readError { throw JournalError.unreadable(path: url.path, reason: reason) }
    if scanner.invalidUTF8 { throw JournalError.unreadable(path: url.path, reason: "it is not UTF-8 text") }
    if headerless { merge.begin(columns: [], writer: &writer) }
    if !blank, !collector.issues.isEmpty {
      throw JournalError.invalidJournal(path: url.path, ReadingsError(issues: collector.issues))
    }
    if merge.outOfOrder { throw OutOfOrder() }
    try merge.finish(writer: &writer)
  }

  /// Reads a JSON journal day by day, checking each as ``JSONReadings`` does, and writes the
  /// merged journal through `writer` as it goes; throws before the rename when the file has a
  /// problem, the entry conflicts, or nothing changes, and ``OutOfOrder`` when the days are not
  /// in date order or the file's `units` follow its `readings` (the journal is then read whole).
  private static func streamJSON(_ url: URL, into merge: inout Merge, writer: inout AtomicFile.Writer) throws
  {
    var reader = try jsonReader(url)
    var collector = ReadingsCollector()
    var begun = false
    // A file of white space is an empty journal, as a missing one.
    reader.skipSpace()
    let blank = reader.current == nil
    var layout = JSONReadings.Layout()
    var syntax: JSONReader.SyntaxError?
    if !blank {
      do throws(JSONReader.SyntaxError) {
        layout = try JSONReadings.read(
          &reader, customMetrics: [], into: &collector,
          onReadings: { units in
            guard !begun else { return }
            begun = true
            merge.begin(columns: jsonColumns(units), writer: &writer)
          },
          onDay: { collector in
            for reading in collector.takeReadings() where collector.issues.isEmpty {
              merge.feed(reading, writer: &writer)
            }
          })
      } catch {
        syntax = error
      }
    }
    if let reason = reader.readError { throw JournalError.unreadable(path: url.path, reason: reason) }
    if reader.invalidUTF8 { throw JournalError.unreadable(path: url.path, reason: "it is not UTF-8 text") }
    if let syntax { throw JournalError.invalidJournal(path: url.path, ReadingsError(issues: [syntax.issue])) }
    if !collector.issues.isEmpty {
      throw JournalError.invalidJournal(path: url.path, ReadingsError(issues: collector.issues))
    }
    if merge.outOfOrder || layout.secondPass != nil { throw OutOfOrder() }
    if !begun { merge.begin(columns: [], writer: &writer) }
    try merge.finish(writer: &writer)
  }

  /// A reader of the JSON journal at `url`.
  private static func jsonReader(_ url: URL) throws(JournalError) -> JSONReader {
    guard let handle = FileHandle(forReadingAtPath: url.path) else {
      throw .unreadable(path: url.path, reason: RegularFile.phrase(for: errno))
    }
    // The reader holds the handle, which closes when the reader is done with it.
    return JSONReader(LineReader(handle))
  }

  /// Appends the replaced row, if any, to the history once the journal is written.
  private static func keepHistory(of merge: Merge, url: URL) throws(JournalError) -> JournalChange {
    guard let change = merge.change else {
      throw .writeFailed(AtomicFileError(.failed, path: url.path, code: 0, reason: "the day was not placed"))
    }
    guard let replaced = merge.replaced else { return change }
    let history = historyURL(of: url)
    do {
      try AtomicFile.write(to: history) { writer in
        try appendHistory([replaced], to: history, writer: &writer)
      }
    } catch let error as AtomicFileError {
      throw .historyFailed(error)
    } catch {
      throw .historyFailed(AtomicFileError(.failed, path: history.path, code: 0, reason: "\(error)"))
    }
    return change
  }

  /// Every field with the unit a JSON journal's `units` object gives it (or the default).
  private static func jsonColumns(_ units: [ReadingField: InputUnit]) -> [Column] {
    ReadingField.allCases.map { field in
      Column(field: field, unit: units[field] ?? field.units.first, header: field.rawValue)
    }
  }

  /// The columns of a header that ``CSVReadings`` read.
  private static func columns(of record: CSVScanner.Record, _ parsed: [CSVReadings.Column?]) -> [Column] {
    zip(parsed, record.fields).compactMap { column, cell in
      if let code = column?.code {
        return Column(field: .symptoms, unit: nil, header: String(cell.text.trimmingSpaces()), code: code)
      }
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

  /// Writes the history file's bytes as they are, 64 KiB at a time (so it is never held whole),
  /// then the replaced rows; a missing or empty history starts with its header.
  static func appendHistory(
    _ replaced: [Reading], to history: URL, now: Date = Date(), writer: inout AtomicFile.Writer
  ) throws {
    var copied = 0
    var last: UInt8?
    if let handle = FileHandle(forReadingAtPath: history.path) {
      defer { try? handle.close() }
      while let data = try handle.read(upToCount: 1 << 16), !data.isEmpty {
        writer.write(data)
        copied += data.count
        last = data.last
      }
    }
    if copied == 0 { writer.write("replaced_at,date,weight,systolic,diastolic,sugar,symptoms\n") }
    if copied > 0, last != UInt8(ascii: "\n") { writer.write("\n") }
    let stamp = ISO8601DateFormatter().string(from: now)
    for reading in replaced {
      let numbers = Metric.builtins.map { metric in
        reading.measurements[metric].map { $0.formatted() } ?? ""
      }
      let cells =
        [stamp, reading.date.description] + numbers + [JournalCSV.quoted(reading.measurements.symptoms ?? "")]
      writer.write(cells.joined(separator: ",") + "\n")
    }
  }

  /// Merges an entry into the journal's rows as they pass, in date order, writing each row.
  struct Merge {
    let entry: JournalEntry
    let day: Day
    let replacing: Bool
    let format: ReadingsFormat
    /// The columns the file's header names.
    private(set) var fileColumns: [Column] = []
    /// The columns written: the file's, then any the entry fills that it lacks.
    private(set) var columns: [Column] = []
    private var columnsAdded = false
    /// What the entry did to its day, once the day's place is passed.
    private(set) var change: JournalChange?
    /// The day's earlier row, when the entry replaced values in it.
    private(set) var replaced: Reading?
    /// Why the entry cannot be logged (a conflict, swapped pressures), found at the day's row.
    private var failure: JournalError?
    /// Whether a row was dated before the row above it; nothing more is written then.
    private(set) var outOfOrder = false
    private var last: Day?
    private var rows = 0

    init(entry: JournalEntry, day: Day, replacing: Bool, format: ReadingsFormat) {
      self.entry = entry
      self.day = day
      self.replacing = replacing
      self.format = format
    }

    /// Takes the file's columns (empty for a new journal), adds the entry's, writes the header.
    mutating func begin(columns file: [Column], writer: inout AtomicFile.Writer) {
      fileColumns = file
      columns = file
      addColumns()
      if format == .json {
        let units = columns.filter { $0.unit != nil && $0.unit != $0.field.units.first }
        var text = "{\n"
        if !units.isEmpty {
          text +=
            "  \"units\": { "
            + units.map { "\"\($0.field.rawValue)\": \"\($0.unit?.rawValue ?? "")\"" }.joined(separator: ", ")
            + " },\n"
        }
        writer.write(text + "  \"readings\": [")
      } else {
        writer.write(columns.map { JournalCSV.quoted($0.header) }.joined(separator: ",") + "\n")
      }
    }

    /// Writes the next row of the file, merging the entry into it or placing the entry's day before it.
    mutating func feed(_ reading: Reading, writer: inout AtomicFile.Writer) {
      if let last, reading.date < last { outOfOrder = true }
      last = reading.date
      guard !outOfOrder, failure == nil else { return }
      if reading.date == day {
        place(previous: reading, writer: &writer)
        return
      }
      if reading.date > day, change == nil { place(previous: nil, writer: &writer) }
      write(reading, writer: &writer)
    }

    /// Places the entry's day at the end when no row was after it, ends the file, and throws
    /// why the entry cannot be logged or ``Unchanged`` when nothing would change.
    mutating func finish(writer: inout AtomicFile.Writer) throws {
      if change == nil, failure == nil { place(previous: nil, writer: &writer) }
      if let failure { throw failure }
      if format == .json { writer.write(rows == 0 ? "]\n}\n" : "\n  ]\n}\n") }
      guard columnsAdded || change?.isUnchanged == false else { throw Unchanged() }
    }

    /// Merges the entry into the day's row (`previous`, or none) and writes the result.
    private mutating func place(previous: Reading?, writer: inout AtomicFile.Writer) {
      do throws(JournalError) {
        let change = try Journal.merge(entry, into: previous, on: day, replacing: replacing)
        self.change = change
        if !change.replacedFields.isEmpty, !change.isUnchanged { replaced = previous }
        write(change.reading, writer: &writer)
      } catch {
        failure = error
      }
    }

    /// Writes one day's row in the file's format and units.
    private mutating func write(_ reading: Reading, writer: inout AtomicFile.Writer) {
      if format == .json {
        var members = ["\"date\": \"\(reading.date)\""]
        for column in columns {
          guard let metric = column.field.metric, let value = reading.measurements.steps[metric.name]
          else { continue }
          let unit = column.unit ?? column.field.units.first ?? .pound
          members.append(
            "\"\(column.field.rawValue)\": \(JournalCSV.decimal(steps: value, of: metric, in: unit))")
        }
        if let symptoms = reading.measurements.symptoms {
          members.append("\"symptoms\": \(JournalCSV.jsonString(symptoms))")
        }
        writer.write((rows == 0 ? "" : ",") + "\n    { " + members.joined(separator: ", ") + " }")
      } else {
        let cells = columns.map { column -> String in
          if let code = column.code {
            return reading.measurements.answers[code].map { $0 ? "yes" : "no" } ?? ""
          }
          switch column.field {
          case .date: return reading.date.description
          case .symptoms: return JournalCSV.quoted(reading.measurements.symptoms ?? "")
          default:
            guard let metric = column.field.metric, let value = reading.measurements.steps[metric.name]
            else { return "" }
            return JournalCSV.decimal(
              steps: value, of: metric, in: column.unit ?? column.field.units.first ?? .pound)
          }
        }
        writer.write(cells.joined(separator: ",") + "\n")
      }
      rows += 1
    }

    /// Makes sure the header has a column for every field the entry fills.
    private mutating func addColumns() {
      if columns.isEmpty {
        let filled = ReadingField.allCases.filter { field in
          field.metric.map { entry.measurements[$0] != nil } ?? false
        }
        let fields = [ReadingField.date, .weight, .systolic, .diastolic, .sugar]
        columns = (fields + filled.filter { !fields.contains($0) } + [.symptoms]).map { field in
          let unit = entry.units[field] ?? field.units.first
          let header = unit.map {
            $0 == field.units.first ? field.rawValue : "\(field.rawValue) (\($0.rawValue))"
          }
          return Column(field: field, unit: unit, header: header ?? field.rawValue)
        }
        for code in entry.measurements.answers.keys.sorted() {
          columns.append(Column(field: .symptoms, unit: nil, header: "symptom \(code)", code: code))
        }
        columnsAdded = true
        return
      }
      for code in entry.measurements.answers.keys.sorted() where !columns.contains(where: { $0.code == code })
      {
        columns.append(Column(field: .symptoms, unit: nil, header: "symptom \(code)", code: code))
        columnsAdded = true
      }
      for field in ReadingField.allCases
      where !columns.contains(where: { $0.field == field && $0.code == nil }) {
        let filled =
          field == .symptoms
          ? entry.measurements.symptoms != nil : field.metric.map { entry.measurements[$0] != nil }
        guard filled == true else { continue }
        let unit = entry.units[field] ?? field.units.first
        let header = unit.map {
          $0 == field.units.first ? field.rawValue : "\(field.rawValue) (\($0.rawValue))"
        }
        columns.append(Column(field: field, unit: unit, header: header ?? field.rawValue))
        columnsAdded = true
      }
    }
  }

  /// The entry merged into a day's row: the values it adds, and those it replaces when
  /// `replacing`; throws ``JournalError/alreadyLogged(day:_:)`` for a different value already
  /// logged without `replacing`, ``JournalError/invalidEntry(_:)`` for swapped pressures.
  static func merge(
    _ entry: JournalEntry, into previous: Reading?, on day: Day, replacing: Bool
  ) throws(JournalError) -> JournalChange {
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
    for (code, answer) in entry.measurements.answers.sorted(by: { $0.key < $1.key }) {
      if let old = merged.answers[code], old != answer {
        conflicts.append(
          JournalConflict(
            field: .symptoms, logged: "symptom \(code) \(old ? "yes" : "no")",
            entered: "symptom \(code) \(answer ? "yes" : "no")", location: nil))
        if !replacedFields.contains(.symptoms) { replacedFields.append(.symptoms) }
      }
      merged.answers[code] = answer
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
    return JournalChange(day: day, previous: previous, reading: reading, replacedFields: replacedFields)
  }
}

/// What ``Journal/log(_:on:replacing:into:beforeRename:)`` did to a day.
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
