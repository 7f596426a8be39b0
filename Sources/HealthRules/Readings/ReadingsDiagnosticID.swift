/// The readings' part of the diagnostic catalog: one entry for each kind of problem a readings
/// file (CSV, JSON, an Apple Health export) or a journal entry (`planner log`) can have.
///
/// The raw value is the stable id that text and JSON diagnostics carry, the case's name in
/// kebab case. docs/health.md lists every entry with an example message, and
/// docs/language.md's diagnostics table names them all.
///
/// ```swift
/// do {
///   _ = try CSVReadings.parse("date,systolc\n2026-03-01,120\n")
/// } catch {
///   error.issues[0].id  // .unknownColumn ("unknown-column")
/// }
/// ```
package enum ReadingsDiagnosticID: String, CaseIterable, Sendable, Hashable, Codable {
  // The file as a whole.
  /// The file cannot be opened or read: missing, a directory, a FIFO, no permission.
  case cannotReadFile = "cannot-read-file"
  /// A file name whose extension names no readings format (`.csv`, `.json`, `.xml`).
  case unknownFormat = "unknown-format"
  /// The bytes are not UTF-8.
  case notUtf8 = "not-utf8"

  // CSV.
  /// A CSV file without a header line.
  case missingHeader = "missing-header"
  /// A header cell that names no column (with the closest column name).
  case unknownColumn = "unknown-column"
  /// Two header cells for one column.
  case duplicateColumn = "duplicate-column"
  /// A header without a `date` column.
  case missingDateColumn = "missing-date-column"
  /// A unit in a header cell without its closing `)`.
  case unclosedUnit = "unclosed-unit"
  /// A quoted field (or quoted text in a journal entry) without its closing quote.
  case unterminatedQuote = "unterminated-quote"
  /// Text between a quoted field's closing quote and the next comma.
  case textAfterQuote = "text-after-quote"
  /// A row with more or fewer fields than the header has columns.
  case raggedRow = "ragged-row"

  // JSON.
  /// JSON that does not parse.
  case jsonSyntax = "json-syntax"
  /// A JSON value of the wrong kind: a string where a number goes, an object where an array does.
  case wrongValueType = "wrong-value-type"
  /// A JSON key that is not a reading or a known member.
  case unknownKey = "unknown-key"
  /// A key given twice in one JSON reading.
  case duplicateKey = "duplicate-key"
  /// A JSON object without its `readings` array.
  case missingReadings = "missing-readings"

  // Apple Health.
  /// XML that does not parse, or an export cut short.
  case xmlSyntax = "xml-syntax"
  /// An XML file that is not an Apple Health export.
  case notAppleHealth = "not-apple-health"

  // Values, in every format.
  /// A reading without a date.
  case missingDate = "missing-date"
  /// A date that is not a real `yyyy-mm-dd` day.
  case invalidDate = "invalid-date"
  /// Two readings for one day (a note points at the first).
  case duplicateDate = "duplicate-date"
  /// A value that is not a plain decimal number (a decimal comma gets a hint).
  case invalidNumber = "invalid-number"
  /// A number too large to hold exactly.
  case numberTooLarge = "number-too-large"
  /// A value outside the plausible range of its reading (weight 0 lb, sugar 5000 mg/dL).
  case readingOutOfRange = "reading-out-of-range"
  /// A systolic pressure not above the diastolic one.
  case swappedPressures = "swapped-pressures"
  /// A unit that planner does not know (with the closest of the reading's units).
  case unknownReadingUnit = "unknown-reading-unit"
  /// A known unit of another kind of reading (`kg` for sugar), or a custom metric's unit changed.
  case wrongUnit = "wrong-unit"
  /// A unit on a reading that takes none (`date`, `symptoms`).
  case unitNotAllowed = "unit-not-allowed"
  /// A reading name without its value: an Apple Health record without `value`, `weight` alone.
  case missingValue = "missing-value"

  // Journal entries (`planner log`).
  /// An entry that names no reading.
  case emptyEntry = "empty-entry"
  /// A word that is not a reading name (with the closest name).
  case unknownItem = "unknown-item"
  /// A number without a reading name before it.
  case unnamedValue = "unnamed-value"
  /// A reading given twice in one entry.
  case repeatedItem = "repeated-item"
  /// A `bp` value that is not `systolic/diastolic`.
  case invalidPressure = "invalid-pressure"
  /// A reading already logged for that day with another value (without `--replace`).
  case alreadyLogged = "already-logged"
  /// A coded symptom that is neither yes nor no: `'symptom chest_pain' is yes or no, not 'maybe'`.
  case invalidAnswer = "invalid-answer"

  // Codes.
  /// A code planner does not read: a FHIR Observation's LOINC code or UCUM unit, a
  /// `modifierExtension`, an Apple Health meal time other than 1 or 2. Never guessed.
  case unknownCode = "unknown-code"
}
