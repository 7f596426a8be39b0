import Foundation
import HealthRules
import PlanDSL
import Testing

/// The diagnostic catalog and docs/language.md list the same ids.
@Suite("The diagnostic catalog and its documentation")
struct DiagnosticCatalogDocsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every id the front end and the readings readers can produce.
  static let catalogIDs = Set(
    DiagnosticID.allCases.map(\.rawValue) + ReadingsDiagnosticID.allCases.map(\.rawValue))

  /// The ids in the first column of the table under "## Diagnostics" in docs/language.md.
  static func documentedIDs() throws -> Set<String> {
    let docs = try String(contentsOf: root.appendingPathComponent("docs/language.md"), encoding: .utf8)
    let section = try #require(docs.range(of: "## Diagnostics"))
    var ids: Set<String> = []
    var inTable = false
    for line in docs[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") { break }
      if line.hasPrefix("| id |") {
        inTable = true
        continue
      }
      guard inTable, line.hasPrefix("|"), !line.hasPrefix("| ---") else { continue }
      let first = line.dropFirst().prefix { $0 != "|" }
      for match in first.matches(of: /`([a-z0-9-]+)`/) { ids.insert(String(match.output.1)) }
    }
    return ids
  }

  @Test("docs/language.md lists every diagnostic id")
  func everyIDIsDocumented() throws {
    let missing = Self.catalogIDs.subtracting(try Self.documentedIDs()).sorted()
    #expect(missing == [])
  }

  @Test("docs/language.md lists no id that the catalog does not have")
  func noStaleIDs() throws {
    let stale = try Self.documentedIDs().subtracting(Self.catalogIDs).sorted()
    #expect(stale == [])
  }

  /// The ids in the first column of the table under "### Errors in readings files" in docs/health.md.
  static func readingsIDsInHealthDocs() throws -> [String] {
    let docs = try String(contentsOf: root.appendingPathComponent("docs/health.md"), encoding: .utf8)
    let section = try #require(docs.range(of: "### Errors in readings files"))
    var ids: [String] = []
    for line in docs[section.upperBound...].split(separator: "\n") {
      if line.hasPrefix("#") { break }
      guard line.hasPrefix("| `") else { continue }
      let first = line.dropFirst().prefix { $0 != "|" }
      for match in first.matches(of: /`([a-z0-9-]+)`/) { ids.append(String(match.output.1)) }
    }
    return ids
  }

  @Test("docs/health.md lists the readings catalog, every id once, in the catalog's order")
  func readingsCatalogIsDocumented() throws {
    #expect(try Self.readingsIDsInHealthDocs() == ReadingsDiagnosticID.allCases.map(\.rawValue))
  }

  @Test("each id is its catalog case's name in kebab case")
  func idsDeriveFromNames() {
    let cases =
      DiagnosticID.allCases.map { (String(describing: $0), $0.rawValue) }
      + ReadingsDiagnosticID.allCases.map { (String(describing: $0), $0.rawValue) }
    for (name, rawValue) in cases {
      let kebab = name.reduce(into: "") { out, character in
        if character.isUppercase { out += "-" + character.lowercased() } else { out.append(character) }
      }
      #expect(rawValue == kebab, "\(name)")
    }
  }
}
