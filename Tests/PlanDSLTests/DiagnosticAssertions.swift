import Diagnostics
import PlanDSL
import Testing

/// One expected diagnostic: where its caret lands (a marker in the test source), its
/// exact message and hint.
struct ExpectedDiagnostic: Sendable {
  var marker: String
  var message: String
  var hint: String?
  var severity: Diagnostic.Severity

  init(_ marker: String, _ message: String, hint: String? = nil, severity: Diagnostic.Severity = .error) {
    self.marker = marker
    self.message = message
    self.hint = hint
    self.severity = severity
  }
}

/// The markers a test source may hold, in the swift-syntax style: each stands where a caret must land.
let diagnosticMarkers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

/// The source without its markers, and the UTF-8 offset where each marker stood.
func removingMarkers(_ marked: String) -> (source: String, offsets: [String: Int]) {
  var source = ""
  var offsets: [String: Int] = [:]
  var rest = Substring(marked)
  while !rest.isEmpty {
    if let marker = diagnosticMarkers.first(where: { rest.hasPrefix($0) }) {
      offsets[marker] = source.utf8.count
      rest = rest.dropFirst(marker.count)
    } else {
      source.append(rest.removeFirst())
    }
  }
  return (source, offsets)
}

/// Checks a marked source as `test.plan` and expects exactly these diagnostics, in order,
/// each with its caret at its marker.
///
/// - Returns: The rendered diagnostics, for an exact comparison of the whole output.
@discardableResult
func assertDiagnostics(
  _ marked: String, _ expected: [ExpectedDiagnostic], directory: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> String {
  let (source, offsets) = removingMarkers(marked)
  let list: DiagnosticList
  do {
    let program = try PlanLoader().load(text: source, path: "test.plan", directory: directory)
    list = DiagnosticList(program.warnings, sources: program.sources)
  } catch {
    list = error
  }
  let found = list.diagnostics
  #expect(
    found.count == expected.count,
    "expected \(expected.count) diagnostics, found \(found.count):\n\(DiagnosticRenderer().render(list))",
    sourceLocation: sourceLocation)
  for (diagnostic, expectation) in zip(found, expected) {
    #expect(diagnostic.message == expectation.message, sourceLocation: sourceLocation)
    #expect(diagnostic.hint == expectation.hint, "\(diagnostic.message)", sourceLocation: sourceLocation)
    #expect(diagnostic.severity == expectation.severity, sourceLocation: sourceLocation)
    let marker = offsets[expectation.marker]
    #expect(marker != nil, "no marker \(expectation.marker) in the source", sourceLocation: sourceLocation)
    if let marker, let range = diagnostic.range, let file = list.sources.file(range.file) {
      let (line, column) = file.lineAndColumn(of: range.start)
      let (expectedLine, expectedColumn) = file.lineAndColumn(of: marker)
      #expect(
        range.start == marker,
        "'\(diagnostic.message)' is at \(line):\(column), not at \(expectation.marker) (\(expectedLine):\(expectedColumn))",
        sourceLocation: sourceLocation)
    }
  }
  return DiagnosticRenderer().render(list)
}
