import Diagnostics
import Foundation

/// A person's readings journal: a CSV or JSON readings file, one row per reading time, that
/// entries are logged into.
///
/// The journal is the same file that `planner health` reads (see `CSVReadings`). A row is
/// the readings of one day taken at one time (or with no time) in one context (or none). An
/// entry's readings go to the row of their day, time and context: an entry for a row that
/// does not exist adds one (placed among the day's rows by time, rows without a time first),
/// and an entry for a row that exists **merges** into it, so an untimed morning weight and
/// an untimed evening pressure end up on the same row, while `07:10 bp 128/82` and `19:00 bp
/// 135/85` are two rows of the day. A second, different value for a reading the row already
/// has is refused unless `replacing` is true; the row it replaces is then kept in the
/// journal's history file (`historyURL(of:)`, `FILE.history`), so nothing is ever lost.
///
/// Which value a rule sees: a day's value of a measure is the mean of its rows' readings
/// (`DayCombine/mean`), or the combination the rule chooses (`systolic(first)`).
///
/// ``log(_:on:replacing:into:timeout:)`` reads a CSV or JSON journal once, row by row (a
/// JSON journal record by record), checking every row as `planner health` does, and writes each
/// row, in date order, to the new journal as it goes (`AtomicFile/write(to:newFileMode:beforeRename:body:)`:
/// a temporary file, `fsync`, rename); only the rows of the day logged are held together, so
/// memory does not grow with the journal. The header's columns (a JSON journal's `units`) are
/// kept: values are written with the fewest decimals that read back to the same thousandths of
/// the canonical unit. A file that does not parse is never overwritten. A journal whose rows
/// are not in date order (edited by hand), or a JSON journal whose `units` come after its
/// `readings`, is read whole, then written the same way.
///
/// ```swift
/// let url = URL(fileURLWithPath: "journal.csv")
/// try Journal.log("07:10 bp 128/82, fasting sugar 104 mg/dL", on: Day(iso: "2026-11-30")!, into: url)
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
  /// A CSV file with the columns
  /// `replaced_at,date,weight,systolic,diastolic,sugar,symptoms,time,context,heart_rate,spo2,temperature`,
  /// one row per replaced journal row, in canonical units (lb, mmHg, mg/dL, /min, %, °C);
  /// `replaced_at` is the UTC time of the save, ISO 8601. A history begun before rows had
  /// times has the first seven columns' header; its header is rewritten to the twelve columns
  /// when a row is next added, and its earlier rows keep their seven cells.
  package static func historyURL(of url: URL) -> URL {
    URL(fileURLWithPath: url.path + ".history")
  }

  /// Logs an entry, written as for `planner log`, on a day into the journal at `url`,
  /// holding the journal's lock for the whole read, merge and write, as `planner log` does.
  ///
  /// ```swift
  /// try Journal.log("weight 181.2 lb, bp 128/82, sugar 104 mg/dL", on: Day(iso: "2026-11-30")!, into: url)
  /// ```
  ///
  /// - Parameters:
  ///   - entry: The entry's text (`weight 181.2 lb, bp 128/82`, `07:10 fasting sugar 104 mg/dL`,
  ///     `symptoms "tired"`); a date in it is ignored in favour of `day`.
  ///   - day: The day to log it on.
  ///   - replacing: Whether a value may replace a different one already logged in its row.
  ///   - url: The journal, a `.csv` or `.json` file; a missing one is started.
  ///   - timeout: How long to wait for another process logging into the same journal, in seconds.
  /// - Throws: ``JournalError/invalidEntry(_:)`` with every problem of the entry, each at its
  ///   column; ``JournalError/busy(path:holder:)`` when the lock is not free within `timeout`;
  ///   otherwise as the journal is read and written: ``JournalError/unsupportedFormat(_:)``,
  ///   ``JournalError/unreadable(path:reason:)``, ``JournalError/invalidJournal(path:_:)``,
  ///   ``JournalError/alreadyLogged(day:_:)`` when a row already has a different value for one
  ///   of the entry's readings and `replacing` is false, ``JournalError/lockFailed(path:reason:)``,
  ///   ``JournalError/writeFailed(_:)`` (the journal and its history are then unchanged) or
  ///   ``JournalError/historyFailed(_:)`` (the journal was saved, its history was not).
  public static func log(
    _ entry: String, on day: Day, replacing: Bool = false, into url: URL, timeout: Double = 10
  ) throws(JournalError) {
    let parsed: JournalEntry
    do throws(ReadingsError) {
      parsed = try JournalEntry.parse(entry)
    } catch {
      throw .invalidEntry(error)
    }
    _ = try withExclusiveAccess(to: url, timeout: timeout) { () throws(JournalError) in
      try log(parsed, on: day, replacing: replacing, into: url)
    }
  }

  /// Logs an entry on a day into the journal at `url`: adds the rows of its times and
  /// contexts, or merges its readings into the rows that exist, and writes the journal, then
  /// (when a row was replaced) the history.
  ///
  /// A journal is read and written in one pass, one row at a time. The history row is
  /// written only once the journal's new version is durable, so a failed write never leaves
  /// a "replaced" row for a change that did not happen. Call it inside
  /// ``withExclusiveAccess(to:timeout:_:)`` so that the whole read, merge and write is locked.
  ///
  /// - Parameters:
  ///   - entry: The parsed entry; its own date, if any, is ignored in favour of `day`.
  ///   - day: The day to log it on.
  ///   - replacing: Whether a value may replace a different one already logged in its row.
  ///   - url: The journal, a `.csv` or `.json` file; a missing one is started.
  ///   - beforeRename: Passed to `AtomicFile/write(to:newFileMode:beforeRename:body:)` for
  ///     the journal; tests throw from it to simulate a crash before the rename.
  /// - Returns: What changed; nothing is written when nothing changed.
  /// - Throws: ``JournalError/unsupportedFormat(_:)``, ``JournalError/unreadable(path:reason:)``,
  ///   ``JournalError/invalidJournal(path:_:)`` with every problem in the file (checked first),
  ///   ``JournalError/alreadyLogged(day:_:)`` when a row of the entry already has a different
  ///   value for one of its readings and `replacing` is false, ``JournalError/invalidEntry(_:)``
  ///   when a merged row's systolic is not above its diastolic, ``JournalError/writeFailed(_:)``:
  ///   the journal and its history are then unchanged; ``JournalError/historyFailed(_:)`` when
  ///   the journal was saved but the history could not be.
  @discardableResult
  package static func log(
    _ entry: JournalEntry, on day: Day, replacing: Bool = false, into url: URL,
    beforeRename: (URL) throws -> Void = { _ in }
  ) throws(JournalError) -> JournalChange {
    let format = try format(of: url)
    try refuseAnswers([entry], format: format, url: url)
    var summary = EntrySummary()
    for row in entry.rows { summary.add(row, on: day) }
    let merge = try write(
      {
        Merge(
          feed: .days([day: entry]), summary: summary, replacing: replacing, format: format, keepChanges: true
        )
      },
      to: url, beforeRename: beforeRename)
    guard let change = merge.changes.first else {
      throw .writeFailed(AtomicFileError(.failed, path: url.path, code: 0, reason: "the day was not placed"))
    }
    return change
  }

  /// Logs every reading of a readings file into the journal at `url`, as if each of its
  /// records were an entry on its day: a record whose day, time and context the journal
  /// has merges into that row, others add rows.
  ///
  /// The file is read twice, a record at a time: first to check it whole (nothing is written
  /// for a file with a problem) and note what its records fill (columns, units, coded
  /// symptoms, whether its days are in order); then, on a second thread, into the journal's
  /// one pass, each day's records merged in as the journal's rows for that day go by (a few
  /// dozen days are buffered between the threads). Memory holds a day of the file and a day of
  /// the journal, not the file: only a file whose days are not in date order, or a JSON file
  /// whose `units` follow its `readings`, is read whole (sorted), and an Apple Health export
  /// is always read whole. Rows that `replacing` replaces are held until the history is
  /// written. Importing the same file twice changes nothing the second time.
  ///
  /// - Parameters:
  ///   - source: A readings file: CSV, JSON, a FHIR bundle (`.json`, told by its
  ///     `resourceType`) or an Apple Health export (`.xml`).
  ///   - replacing: Whether a value may replace a different one already logged in its row.
  ///   - url: The journal.
  /// - Returns: How many of the file's days there were, how many only added rows, updated a
  ///   row the journal had, or changed nothing, and the fields whose earlier values were
  ///   replaced (with `replacing`), in ``ReadingField`` order.
  /// - Throws: ``JournalError/invalidEntry(_:)`` with every problem of the source file, and the
  ///   errors of ``log(_:on:replacing:into:beforeRename:)``.
  @discardableResult
  package static func importReadings(
    from source: URL, replacing: Bool = false, into url: URL, beforeRename: (URL) throws -> Void = { _ in }
  ) throws(JournalError) -> (
    days: Int, newRowDays: Int, updatedDays: Int, unchangedDays: Int, replacedFields: [ReadingField]
  ) {
    let format = try format(of: url)
    var summary = EntrySummary()
    var whole: [ReadingsCollector.Row]?
    do throws(ReadingsError) {
      let streamed = try ReadingsFile.forEachRow(in: source) { row in summary.add(row) }
      if !streamed || !summary.inDateOrder {
        let rows = try ReadingsFile.loadRows(from: source)
        summary = EntrySummary()
        for row in rows { summary.add(row) }
        whole = rows
      }
    } catch {
      throw .invalidEntry(error)
    }
    if format == .json, !summary.codes.isEmpty {
      try refuseAnswers([JournalEntry(text: "", rows: [])], format: format, url: url, force: true)
    }
    let merge = try write(
      {
        Merge(
          feed: whole.map(DayFeed.rows) ?? .streamed(from: source), summary: summary, replacing: replacing,
          format: format, keepChanges: false)
      }, to: url, beforeRename: beforeRename)
    let tally = merge.tally
    return (tally.days, tally.newRowDays, tally.updatedDays, tally.unchangedDays, tally.replacedFields)
  }

  /// Throws ``JournalError/invalidEntry(_:)`` (`invalid-answer`) when a JSON journal would get
  /// coded symptoms: a JSON readings file has no place for them, so they are refused rather
  /// than dropped.
  private static func refuseAnswers(
    _ entries: [JournalEntry], format: ReadingsFormat, url: URL, force: Bool = false
  ) throws(JournalError) {
    guard format == .json,
      let entry = entries.first(where: { force || $0.rows.contains { !$0.measurements.answers.isEmpty } })
    else { return }
    let issue = ReadingsIssue(
      .invalidAnswer, line: 1, column: 1, length: max(1, entry.text.unicodeScalars.count),
      message:
        "coded symptoms (symptom CODE yes|no) are kept in CSV journals, not in '\(url.lastPathComponent)'",
      hint: "log them into a .csv journal, or write them in symptoms \"…\"", lineText: entry.text)
    throw .invalidEntry(ReadingsError(issues: [issue]))
  }

  private static func format(of url: URL) throws(JournalError) -> ReadingsFormat {
    guard let format = ReadingsFormat(fileName: url.lastPathComponent), format != .appleHealth else {
      throw .unsupportedFormat(url.lastPathComponent)
    }
    return format
  }

  /// Writes the journal with the merge's days placed, then the history; returns the merge done.
  private static func write(
    _ start: () -> Merge, to url: URL, beforeRename: (URL) throws -> Void
  ) throws(JournalError) -> Merge {
    var merge = start()
    var feeds = [merge.feed]
    // A streamed import's reading thread stops when its feed closes, whatever happens here.
    defer { for feed in feeds { feed.close() } }
    var sorted: [JournalRow] = []
    var fileColumns: [Column] = []
    if FileManager.default.fileExists(atPath: url.path) {
      do {
        try AtomicFile.write(to: url, beforeRename: beforeRename) { writer in
          if merge.format == .csv {
            try streamCSV(url, into: &merge, writer: &writer)
          } else {
            try streamJSON(url, into: &merge, writer: &writer)
          }
        }
        try keepHistory(of: merge, url: url)
        return merge
      } catch let error as JournalError {
        throw error
      } catch let error as AtomicFileError {
        throw .writeFailed(error)
      } catch is Unchanged {
        return merge
      } catch is OutOfOrder {
        // Rows not in date order, or a JSON journal whose units follow its readings: read whole,
        // sorted (this re-reads what was just checked).
        do throws(ReadingsError) {
          if merge.format == .csv {
            fileColumns = merge.fileColumns
            sorted = try ReadingsFile.loadRows(from: url, format: .csv).map(JournalRow.init)
          } else {
            let read = try ReadingsFile.loadJSONRows(from: url)
            sorted = read.rows.map(JournalRow.init)
            fileColumns = jsonColumns(read.units)
          }
        } catch {
          throw .invalidJournal(path: url.path, error)
        }
      } catch {
        throw .writeFailed(AtomicFileError(.failed, path: url.path, code: 0, reason: "\(error)"))
      }
    }
    merge = start()
    feeds.append(merge.feed)
    do {
      try AtomicFile.write(to: url, beforeRename: beforeRename) { writer in
        merge.begin(columns: fileColumns, writer: &writer)
        for row in sorted { merge.feed(row, writer: &writer) }
        try merge.finish(writer: &writer)
      }
    } catch let error as JournalError {
      throw error
    } catch let error as AtomicFileError {
      throw .writeFailed(error)
    } catch is Unchanged {
      return merge
    } catch {
      throw .writeFailed(AtomicFileError(.failed, path: url.path, code: 0, reason: "\(error)"))
    }
    try keepHistory(of: merge, url: url)
    return merge
  }

  /// Thrown inside a write when the journal would not change: nothing is renamed into place.
  struct Unchanged: Error {}
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
          for row in collector.takeRows() where collector.issues.isEmpty {
            merge.feed(JournalRow(row), writer: &writer)
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

  /// Reads a JSON journal record by record, checking each as ``JSONReadings`` does, and writes
  /// the merged journal through `writer` as it goes; throws before the rename when the file has
  /// a problem, the entry conflicts, or nothing changes, and ``OutOfOrder`` when the days are
  /// not in date order or the file's `units` follow its `readings` (the journal is then read whole).
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
            for row in collector.takeRows() where collector.issues.isEmpty {
              merge.feed(JournalRow(row), writer: &writer)
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
    if layout.isFHIR {
      let issue = ReadingsIssue(
        .wrongValueType, line: 1, column: 1, message: "a FHIR bundle is not a journal",
        hint: "import it into a journal: planner log --import \(url.lastPathComponent) --journal journal.csv",
        lineText: "")
      throw JournalError.invalidJournal(path: url.path, ReadingsError(issues: [issue]))
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

  /// Appends the replaced rows, if any, to the history once the journal is written.
  private static func keepHistory(of merge: Merge, url: URL) throws(JournalError) {
    guard !merge.replaced.isEmpty else { return }
    let history = historyURL(of: url)
    do {
      try AtomicFile.write(to: history) { writer in
        try appendHistory(merge.replaced, to: history, writer: &writer)
      }
    } catch let error as AtomicFileError {
      throw .historyFailed(error)
    } catch {
      throw .historyFailed(AtomicFileError(.failed, path: history.path, code: 0, reason: "\(error)"))
    }
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
  /// The journal must be a file that `AtomicFile` may write (a regular file or a new path;
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
  package static func withExclusiveAccess<Result>(
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
  /// then the replaced rows; a missing or empty history starts with its header, and a history
  /// with the header of seven columns has it rewritten to the twelve (``historyURL(of:)``).
  static func appendHistory(
    _ replaced: [JournalRow], to history: URL, now: Date = Date(), writer: inout AtomicFile.Writer
  ) throws {
    var copied = 0
    var last: UInt8?
    if let handle = FileHandle(forReadingAtPath: history.path) {
      defer { try? handle.close() }
      while var data = try handle.read(upToCount: 1 << 16), !data.isEmpty {
        if copied == 0 {
          for old in [historyHeaderBefore + "\n", historyHeaderBefore + "\r\n"]
          where data.starts(with: Data(old.utf8)) {
            writer.write(historyHeader + "\n")
            copied += old.utf8.count
            last = UInt8(ascii: "\n")
            data = data.dropFirst(old.utf8.count)
            break
          }
        }
        guard !data.isEmpty else { continue }
        writer.write(data)
        copied += data.count
        last = data.last
      }
    }
    if copied == 0 { writer.write(historyHeader + "\n") }
    if copied > 0, last != UInt8(ascii: "\n") { writer.write("\n") }
    let stamp = ISO8601DateFormatter().string(from: now)
    let fields: [ReadingField] = [.weight, .systolic, .diastolic, .sugar]
    let more: [ReadingField] = [.heartRate, .spo2, .temperature]
    func number(_ row: JournalRow, _ field: ReadingField) -> String {
      guard let metric = field.metric, let steps = row.measurements.steps[metric.name] else { return "" }
      return JournalCSV.decimal(steps: steps, of: metric, in: field.units.first ?? .pound)
    }
    for row in replaced {
      let cells =
        [stamp, row.day.description] + fields.map { number(row, $0) }
        + [
          JournalCSV.quoted(row.measurements.symptoms ?? ""), row.time?.description ?? "",
          JournalCSV.quoted(row.context ?? ""),
        ]
        + more.map { number(row, $0) }
      writer.write(cells.joined(separator: ",") + "\n")
    }
  }

  /// The history's header (``historyURL(of:)``).
  static let historyHeader =
    "replaced_at,date,weight,systolic,diastolic,sugar,symptoms,time,context,heart_rate,spo2,temperature"
  /// The header of a history begun before rows had times.
  static let historyHeaderBefore = "replaced_at,date,weight,systolic,diastolic,sugar,symptoms"

  /// Merges entries into the journal's rows as they pass, in date order, writing each row; the
  /// rows of a day that an entry is logged on are held until the day ends, then written with
  /// the entry's rows merged in.
  struct Merge {
    /// The days logged, in date order, each with its entry, taken as they are needed.
    let feed: DayFeed
    /// The next day of the feed, once taken and until it is placed.
    private var pending: (day: Day, entry: JournalEntry)?
    private var taken = false
    /// What the entries fill: the columns they need.
    let summary: EntrySummary
    let replacing: Bool
    let format: ReadingsFormat
    /// Whether ``changes`` keeps each day's change (a logged entry), or only ``tally`` counts
    /// them (an import, whose days are not held).
    let keepChanges: Bool
    /// How many days added rows, updated rows or changed nothing.
    private(set) var tally = JournalImport()
    /// The columns the file's header names.
    private(set) var fileColumns: [Column] = []
    /// The columns written: the file's, then any the entries fill that it lacks.
    private(set) var columns: [Column] = []
    private var columnsAdded = false
    /// What each entry did to its day, in date order, once the day's place is passed.
    private(set) var changes: [JournalChange] = []
    /// The rows in which an entry replaced values, as they were.
    private(set) var replaced: [JournalRow] = []
    /// Why an entry cannot be logged (a conflict, swapped pressures), found at its day's rows.
    private var failure: JournalError?
    /// Whether a row was dated before the row above it; nothing more is written then.
    private(set) var outOfOrder = false
    private var last: Day?
    private var rows = 0
    /// The rows read of the day being passed, when an entry is logged on it.
    private var held: [JournalRow] = []
    private var heldDay: Day?

    init(feed: DayFeed, summary: EntrySummary, replacing: Bool, format: ReadingsFormat, keepChanges: Bool) {
      self.feed = feed
      self.summary = summary
      self.replacing = replacing
      self.format = format
      self.keepChanges = keepChanges
    }

    /// The next day to place, taken from the feed when needed.
    private mutating func peek() -> (day: Day, entry: JournalEntry)? {
      if !taken {
        pending = feed.next()
        taken = true
      }
      return pending
    }

    /// Moves past the day ``peek()`` gave.
    private mutating func advance() {
      pending = nil
      taken = false
    }

    /// Takes the file's columns (empty for a new journal), adds the entries', writes the header.
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

    /// Takes the next row of the file: holds it when an entry is logged on its day, else
    /// writes it, after placing the entries of the days before it.
    mutating func feed(_ row: JournalRow, writer: inout AtomicFile.Writer) {
      if let last, row.day < last { outOfOrder = true }
      last = row.day
      guard !outOfOrder, failure == nil else { return }
      if let heldDay, heldDay != row.day { release(writer: &writer) }
      while failure == nil, let next = peek(), next.day < row.day {
        place(next.entry, on: next.day, previous: [], writer: &writer)
        advance()
      }
      if let next = peek(), next.day == row.day {
        heldDay = row.day
        held.append(row)
        return
      }
      write(row, writer: &writer)
    }

    /// Writes the held day's rows with its entry merged in.
    private mutating func release(writer: inout AtomicFile.Writer) {
      guard let day = heldDay else { return }
      if let next = peek(), next.day == day {
        place(next.entry, on: day, previous: held, writer: &writer)
        advance()
      }
      held = []
      heldDay = nil
    }

    /// Places the entries of the days after the last row, ends the file, and throws why an
    /// entry cannot be logged or ``Unchanged`` when nothing would change.
    mutating func finish(writer: inout AtomicFile.Writer) throws {
      if failure == nil {
        release(writer: &writer)
        while failure == nil, let next = peek() {
          place(next.entry, on: next.day, previous: [], writer: &writer)
          advance()
        }
      }
      if let failure { throw failure }
      // A file that could not be read again as it was checked: nothing is renamed into place.
      if let problem = feed.failure { throw JournalError.invalidEntry(problem) }
      if format == .json { writer.write(rows == 0 ? "]\n}\n" : "\n  ]\n}\n") }
      guard columnsAdded || tally.days > tally.unchangedDays else { throw Unchanged() }
    }

    /// Merges a day's entry into its rows (`previous`, or none) and writes the result.
    private mutating func place(
      _ entry: JournalEntry, on day: Day, previous: [JournalRow], writer: inout AtomicFile.Writer
    ) {
      do throws(JournalError) {
        let merged = try Journal.merge(entry, into: previous, on: day, replacing: replacing)
        if keepChanges { changes.append(merged.change) }
        tally.count(merged.change)
        replaced += merged.replaced
        for row in merged.rows { write(row, writer: &writer) }
      } catch {
        failure = error
      }
    }

    /// Writes one row in the file's format and units.
    private mutating func write(_ row: JournalRow, writer: inout AtomicFile.Writer) {
      let measurements = row.measurements
      if format == .json {
        var members = ["\"date\": \"\(row.day)\""]
        if let time = row.time { members.append("\"time\": \"\(time)\"") }
        if let context = row.context { members.append("\"context\": \(JournalCSV.jsonString(context))") }
        for column in columns {
          guard let metric = column.field.metric, let value = measurements.steps[metric.name] else {
            continue
          }
          let unit = column.unit ?? column.field.units.first ?? .pound
          members.append(
            "\"\(column.field.rawValue)\": \(JournalCSV.decimal(steps: value, of: metric, in: unit))")
        }
        if let symptoms = measurements.symptoms {
          members.append("\"symptoms\": \(JournalCSV.jsonString(symptoms))")
        }
        writer.write((rows == 0 ? "" : ",") + "\n    { " + members.joined(separator: ", ") + " }")
      } else {
        let cells = columns.map { column -> String in
          if let code = column.code {
            return measurements.answers[code].map { $0 ? "yes" : "no" } ?? ""
          }
          switch column.field {
          case .date: return row.day.description
          case .time: return row.time?.description ?? ""
          case .context: return JournalCSV.quoted(row.context ?? "")
          case .symptoms: return JournalCSV.quoted(measurements.symptoms ?? "")
          default:
            guard let metric = column.field.metric, let value = measurements.steps[metric.name]
            else { return "" }
            return JournalCSV.decimal(
              steps: value, of: metric, in: column.unit ?? column.field.units.first ?? .pound)
          }
        }
        writer.write(cells.joined(separator: ",") + "\n")
      }
      rows += 1
    }

    /// The codes of the coded symptoms the entries answer, sorted.
    private func answerCodes() -> [String] {
      summary.codes.sorted()
    }

    /// Whether an entry's rows fill a field, and the unit it was first written in.
    private func filling(_ field: ReadingField) -> (filled: Bool, unit: InputUnit?) {
      guard let unit = summary.firstUnits[field] else { return (false, nil) }
      return (true, unit)
    }

    /// A column for a field the entries fill, in the unit first written.
    private func column(_ field: ReadingField) -> Column {
      let unit = filling(field).unit ?? field.units.first
      let header = unit.map {
        $0 == field.units.first ? field.rawValue : "\(field.rawValue) (\($0.rawValue))"
      }
      return Column(field: field, unit: unit, header: header ?? field.rawValue)
    }

    /// Makes sure the header has a column for every field the entries fill.
    private mutating func addColumns() {
      if columns.isEmpty {
        let start = [ReadingField.date] + [ReadingField.time, .context].filter { filling($0).filled }
        let fields: [ReadingField] = [.weight, .systolic, .diastolic, .sugar]
        let others = ReadingField.allCases.filter {
          $0.metric != nil && !fields.contains($0) && filling($0).filled
        }
        columns = (start + fields + others + [.symptoms]).map(column)
        for code in answerCodes() {
          columns.append(Column(field: .symptoms, unit: nil, header: "symptom \(code)", code: code))
        }
        columnsAdded = true
        return
      }
      for code in answerCodes() where !columns.contains(where: { $0.code == code }) {
        columns.append(Column(field: .symptoms, unit: nil, header: "symptom \(code)", code: code))
        columnsAdded = true
      }
      for field in ReadingField.allCases
      where !columns.contains(where: { $0.field == field && $0.code == nil }) {
        guard field != .date, filling(field).filled else { continue }
        // A time or context column goes after the date (and the time), the others at the end.
        let after = columns.lastIndex {
          $0.code == nil && ($0.field == .date || ($0.field == .time && field == .context))
        }
        if field == .time || field == .context, let after {
          columns.insert(column(field), at: after + 1)
        } else {
          columns.append(column(field))
        }
        columnsAdded = true
      }
    }
  }

  /// What merging an entry into a day's rows gives.
  struct Merged {
    /// The day's rows now, in order.
    var rows: [JournalRow]
    var change: JournalChange
    /// The rows whose values were replaced, as they were.
    var replaced: [JournalRow]
  }

  /// An entry merged into a day's rows: each of its rows merges into the day's row of the same
  /// time and context, or is added among them by time; throws ``JournalError/alreadyLogged(day:_:)``
  /// for a different value already logged in a row without `replacing`,
  /// ``JournalError/invalidEntry(_:)`` for swapped pressures in a row.
  static func merge(
    _ entry: JournalEntry, into previous: [JournalRow], on day: Day, replacing: Bool
  ) throws(JournalError) -> Merged {
    var rows = previous
    // For each row, its index in `previous` (nil for a new one) and whether the entry touched it.
    var origins: [Int?] = previous.indices.map { $0 }
    var touched = [Bool](repeating: false, count: previous.count)
    var conflicts: [JournalConflict] = []
    var replacedFields: [ReadingField] = []
    var replacedOrigins: [Int] = []
    for entryRow in entry.rows {
      let index: Int
      if let found = rows.firstIndex(where: { $0.time == entryRow.time && $0.context == entryRow.context }) {
        index = found
      } else {
        // After every row whose time is not later (rows without a time first).
        let at =
          rows.firstIndex { row in
            switch (row.time, entryRow.time) {
            case (nil, _): return false
            case (.some, nil): return true
            case (let a?, let b?): return a > b
            }
          } ?? rows.count
        rows.insert(
          JournalRow(day: day, time: entryRow.time, context: entryRow.context, measurements: Measurements()),
          at: at)
        origins.insert(nil, at: at)
        touched.insert(false, at: at)
        index = at
      }
      touched[index] = true
      var merged = rows[index].measurements
      var rowReplaced = false
      for field in ReadingField.allCases {
        guard let metric = field.metric, let value = entryRow.measurements.steps[metric.name] else {
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
                Rational(value, scale), metric.unit, enteredIn: entryRow.measurements.enteredUnit(of: metric)),
              location: entryRow.locations[field], time: entryRow.time, context: entryRow.context))
          replacedFields.append(field)
          rowReplaced = true
        }
        merged.set(metric, steps: value, enteredIn: entryRow.measurements.enteredUnit(of: metric))
      }
      if let symptoms = entryRow.measurements.symptoms {
        if let old = merged.symptoms, !old.isEmpty, old != symptoms {
          conflicts.append(
            JournalConflict(
              field: .symptoms, logged: "\"\(old)\"", entered: "\"\(symptoms)\"",
              location: entryRow.locations[.symptoms], time: entryRow.time, context: entryRow.context))
          replacedFields.append(.symptoms)
          rowReplaced = true
        }
        merged.symptoms = symptoms
      }
      for (code, answer) in entryRow.measurements.answers.sorted(by: { $0.key < $1.key }) {
        if let old = merged.answers[code], old != answer {
          conflicts.append(
            JournalConflict(
              field: .symptoms, logged: "symptom \(code) \(old ? "yes" : "no")",
              entered: "symptom \(code) \(answer ? "yes" : "no")", location: nil, time: entryRow.time,
              context: entryRow.context))
          if !replacedFields.contains(.symptoms) { replacedFields.append(.symptoms) }
          rowReplaced = true
        }
        merged.answers[code] = answer
      }
      if rowReplaced, let origin = origins[index], !replacedOrigins.contains(origin) {
        replacedOrigins.append(origin)
      }
      rows[index].measurements = merged
      let located = entryRow.locations[.systolic] != nil ? ReadingField.systolic : .diastolic
      let when = entryRow.time.map { " at \($0)" } ?? ""
      if let issue = ReadingsCollector.pressureIssue(
        merged, at: entry.span(of: located, in: entryRow),
        hint: "the other pressure was logged earlier on \(day)\(when); log both together as bp 128/82")
      {
        throw .invalidEntry(ReadingsError(issues: [issue]))
      }
    }
    if !conflicts.isEmpty, !replacing {
      throw .alreadyLogged(day: day, conflicts)
    }
    let before = previous.isEmpty ? nil : Reading(date: day, measurements: JournalRow.day(previous))
    let after = Reading(date: day, measurements: JournalRow.day(rows))
    let logged = rows.indices.filter { touched[$0] }.map { index in
      JournalEntry.Row(
        time: rows[index].time, context: rows[index].context, measurements: rows[index].measurements)
    }
    let change = JournalChange(
      day: day, previous: before, reading: after, replacedFields: replacedFields, rows: logged,
      updatedRow: rows.indices.contains { touched[$0] && origins[$0] != nil })
    let replacedRows = replacing ? replacedOrigins.sorted().map { previous[$0] } : []
    return Merged(rows: rows, change: change, replaced: change.isUnchanged ? [] : replacedRows)
  }
}

/// What the entries of a log or an import fill, noted as their rows go by (in date order):
/// the columns a journal needs for them.
struct EntrySummary {
  /// The codes of the coded symptoms answered.
  var codes: Set<String> = []
  /// Each field filled, with the unit its first value was written in (`nil` for the default
  /// or a field without units).
  var firstUnits: [ReadingField: InputUnit?] = [:]
  /// Whether the rows' days never went back.
  var inDateOrder = true
  private var lastDay: Day?

  /// Notes one row of an entry on `day`.
  mutating func add(_ row: JournalEntry.Row, on day: Day) {
    if let lastDay, day < lastDay { inDateOrder = false }
    lastDay = day
    firstUnits[.date] = firstUnits[.date] ?? .some(nil)
    if row.time != nil, firstUnits[.time] == nil { firstUnits[.time] = .some(nil) }
    if row.context != nil, firstUnits[.context] == nil { firstUnits[.context] = .some(nil) }
    if row.measurements.symptoms != nil, firstUnits[.symptoms] == nil { firstUnits[.symptoms] = .some(nil) }
    for field in ReadingField.allCases where firstUnits[field] == nil {
      guard let metric = field.metric, row.measurements.steps[metric.name] != nil else { continue }
      firstUnits[field] = .some(row.units[field] ?? row.measurements.enteredUnit(of: metric))
    }
    codes.formUnion(row.measurements.answers.keys)
  }

  /// Notes one record of a readings file, as the row it is logged as.
  mutating func add(_ record: ReadingsCollector.Row) {
    add(DayFeed.entryRow(record), on: record.reading.date)
  }
}

/// The days an entry or an import logs, in date order, each with its entry: handed to a
/// ``Journal/Merge`` one at a time as the journal's rows go by.
final class DayFeed {
  private let nextDay: () -> (day: Day, entry: JournalEntry)?
  private let stop: () -> Void
  private let problem: () -> ReadingsError?

  private init(
    next: @escaping () -> (day: Day, entry: JournalEntry)?, stop: @escaping () -> Void = {},
    problem: @escaping () -> ReadingsError? = { nil }
  ) {
    nextDay = next
    self.stop = stop
    self.problem = problem
  }

  /// The next day, or `nil` after the last (or when the feed failed: see ``failure``).
  func next() -> (day: Day, entry: JournalEntry)? { nextDay() }
  /// Ends the feed early: a reading thread stops handing on days (idempotent).
  func close() { stop() }
  /// Why a streamed file could not be read to its end, once ``next()`` gave `nil`.
  var failure: ReadingsError? { problem() }

  /// A record of a readings file as a row of an entry: one value per measure.
  static func entryRow(_ record: ReadingsCollector.Row) -> JournalEntry.Row {
    JournalEntry.Row(
      time: record.time, context: record.context, measurements: JournalRow.plain(record.reading.measurements))
  }

  /// The entries of days, in date order.
  static func days(_ days: [Day: JournalEntry]) -> DayFeed {
    var order = days.keys.sorted()[...]
    return DayFeed(next: {
      guard let day = order.popFirst(), let entry = days[day] else { return nil }
      return (day, entry)
    })
  }

  /// Records held whole, in date order, grouped by day.
  static func rows(_ rows: [ReadingsCollector.Row]) -> DayFeed {
    var rest = rows[...]
    return DayFeed(next: {
      guard let day = rest.first?.reading.date else { return nil }
      var entry = JournalEntry(text: "", rows: [])
      while let record = rest.first, record.reading.date == day {
        entry.rows.append(entryRow(record))
        rest.removeFirst()
      }
      return (day, entry)
    })
  }

  /// The days of a readings file whose records are in date order, read on a thread of their
  /// own (``ReadingsFile/forEachRow(in:_:)``) and handed over through a buffer of a few days.
  static func streamed(from source: URL) -> DayFeed {
    let channel = DayChannel()
    let thread = Thread {
      var day: Day?
      var entry = JournalEntry(text: "", rows: [])
      var open = true
      do throws(ReadingsError) {
        _ = try ReadingsFile.forEachRow(in: source) { record in
          guard open else { return }
          if record.reading.date != day {
            if let day { open = channel.put((day, entry)) }
            day = record.reading.date
            entry = JournalEntry(text: "", rows: [])
          }
          entry.rows.append(entryRow(record))
        }
        if open, let day { _ = channel.put((day, entry)) }
        channel.finish(nil)
      } catch {
        channel.finish(error)
      }
    }
    thread.start()
    return DayFeed(next: channel.take, stop: channel.close, problem: { channel.failure })
  }
}

/// A bounded buffer of days between the thread reading a file and the journal's merge.
final class DayChannel: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [(day: Day, entry: JournalEntry)] = []
  private var head = 0
  private var done = false
  private var closed = false
  private var problem: ReadingsError?
  /// How many days may wait in the buffer.
  static let capacity = 64

  /// Adds a day, waiting while the buffer is full; `false` once the merge closed the channel.
  func put(_ item: (day: Day, entry: JournalEntry)) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.count - head >= DayChannel.capacity, !closed { condition.wait() }
    guard !closed else { return false }
    items.append(item)
    condition.broadcast()
    return true
  }

  /// Marks the end of the file, or why it could not be read.
  func finish(_ error: ReadingsError?) {
    condition.lock()
    done = true
    problem = error
    condition.broadcast()
    condition.unlock()
  }

  /// The next day, waiting for the reader; `nil` after the last.
  func take() -> (day: Day, entry: JournalEntry)? {
    condition.lock()
    defer { condition.unlock() }
    while head == items.count, !done { condition.wait() }
    guard head < items.count else { return nil }
    let item = items[head]
    head += 1
    if head >= DayChannel.capacity {
      items.removeFirst(head)
      head = 0
    }
    condition.broadcast()
    return item
  }

  /// Stops the reader handing on days.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Why the file could not be read to its end.
  var failure: ReadingsError? {
    condition.lock()
    defer { condition.unlock() }
    return problem
  }
}

/// One row of a journal: the readings of one day taken at one time (or none) in one context
/// (or none), one value per measure.
struct JournalRow: Hashable {
  var day: Day
  var time: TimeOfDay?
  var context: String?
  /// One value per measure (no ``Measurements/observations``), and the symptoms.
  var measurements: Measurements

  init(day: Day, time: TimeOfDay?, context: String?, measurements: Measurements) {
    self.day = day
    self.time = time
    self.context = context
    self.measurements = JournalRow.plain(measurements)
  }

  /// A record a readings file gave.
  init(_ row: ReadingsCollector.Row) {
    self.init(
      day: row.reading.date, time: row.time, context: row.context, measurements: row.reading.measurements)
  }

  /// A record's measurements with one value per measure (a record's readings share its time
  /// and context, so each measure has one).
  static func plain(_ measurements: Measurements) -> Measurements {
    guard measurements.hasObservations else { return measurements }
    var plain = Measurements(symptoms: measurements.symptoms)
    plain.answers = measurements.answers
    for (name, steps) in measurements.steps {
      let metric = Metric(name: name, unit: .number)
      plain.set(metric, steps: steps, enteredIn: measurements.enteredUnit(of: metric))
    }
    return plain
  }

  /// A day's rows as one day's readings, as rules see them.
  static func day(_ rows: [JournalRow]) -> Measurements {
    var day = Measurements()
    for row in rows {
      var timed = Measurements(symptoms: row.measurements.symptoms)
      timed.answers = row.measurements.answers
      for name in row.measurements.steps.keys.sorted() {
        guard let steps = row.measurements.steps[name] else { continue }
        let metric = Metric(name: name, unit: .number)
        timed.add(
          metric, steps: steps, time: row.time, context: row.context,
          enteredIn: row.measurements.enteredUnit(of: metric))
      }
      if rows.count == 1 { return timed }
      day.merge(timed)
    }
    return day
  }
}

/// What ``Journal/log(_:on:replacing:into:beforeRename:)`` did to a day.
package struct JournalChange: Sendable, Hashable {
  /// The day logged.
  package var day: Day
  /// The day's readings before (all its rows, as rules see the day), or `nil` when the day
  /// had no row.
  package var previous: Reading?
  /// The day's readings now.
  package var reading: Reading
  /// Fields whose earlier value the entry replaced (empty unless `replacing`).
  package var replacedFields: [ReadingField]
  /// The rows the entry added or merged into, as they are now, in the day's order.
  package var rows: [JournalEntry.Row] = []
  /// Whether a reading of the entry went into a row the day already had.
  package var updatedRow = false

  /// Whether the entry changed nothing (every value was already logged).
  package var isUnchanged: Bool { previous == reading }
}

/// What ``Journal/importReadings(from:replacing:into:beforeRename:)`` did to the file's days,
/// counted as they are merged (the days themselves are not kept).
struct JournalImport: Sendable, Hashable {
  /// The days of the file.
  var days = 0
  /// Days whose readings went only into rows the journal did not have.
  var newRowDays = 0
  /// Days on which a row the journal had was updated.
  var updatedDays = 0
  /// Days whose every reading was already logged.
  var unchangedDays = 0
  /// Fields whose earlier values were replaced (with `replacing`), in ``ReadingField`` order.
  var replacedFields: [ReadingField] = []

  /// The counts as ``Journal/importReadings(from:replacing:into:beforeRename:)`` returns them.
  static func tuple(
    days: Int = 0, newRowDays: Int = 0, updatedDays: Int = 0, unchangedDays: Int = 0,
    replacedFields: [ReadingField] = []
  ) -> (days: Int, newRowDays: Int, updatedDays: Int, unchangedDays: Int, replacedFields: [ReadingField]) {
    (days, newRowDays, updatedDays, unchangedDays, replacedFields)
  }

  /// Counts one day's change.
  mutating func count(_ change: JournalChange) {
    days += 1
    if change.isUnchanged {
      unchangedDays += 1
    } else if change.updatedRow {
      updatedDays += 1
    } else {
      newRowDays += 1
    }
    if !change.replacedFields.isEmpty {
      let all = Set(replacedFields + change.replacedFields)
      replacedFields = ReadingField.allCases.filter(all.contains)
    }
  }
}

/// A reading the day already has with another value.
public struct JournalConflict: Sendable, Hashable, CustomStringConvertible {
  /// The reading.
  package var field: ReadingField
  /// The value already logged, with its unit: `181 lb`.
  package var logged: String
  /// The value in the entry.
  package var entered: String
  /// Where the entry wrote it.
  package var location: JournalEntry.Location?
  /// The time of the row, when it has one.
  package var time: TimeOfDay? = nil
  /// The context of the row, when it has one.
  package var context: String? = nil

  /// Where the reading is logged, after the day: `` (the untimed row), ` at 07:10`,
  /// ` at 07:10 (fasting)`, ` (fasting)`.
  package var row: String {
    (time.map { " at \($0)" } ?? "") + (context.map { " (\($0))" } ?? "")
  }

  /// `weight is already logged for this day (181 lb); the entry says 182 lb`.
  public var description: String {
    "\(field.rawValue) is already logged for this day\(row) (\(logged)); the entry says \(entered)"
  }
}

/// Why a journal could not be opened, logged into or saved.
public enum JournalError: Error, Sendable, CustomStringConvertible {
  /// The journal is not a CSV or JSON file.
  case unsupportedFormat(String)
  /// The file exists but cannot be read.
  case unreadable(path: String, reason: String)
  /// The file does not parse as readings; it is never overwritten.
  case invalidJournal(path: String, ReadingsError)
  /// The entry does not parse, or is not valid on this day (its located problems).
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
