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
  static let catalogIDs = Set(DiagnosticID.allCases.map(\.rawValue) + [ReadingsError.diagnosticID])

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

  @Test("each id is its catalog case's name in kebab case")
  func idsDeriveFromNames() {
    for id in DiagnosticID.allCases {
      let name = String(describing: id)
      let kebab = name.reduce(into: "") { out, character in
        if character.isUppercase { out += "-" + character.lowercased() } else { out.append(character) }
      }
      #expect(id.rawValue == kebab, "\(name)")
    }
  }
}
