import Foundation
import Testing

/// Every diagnostic id the front end can produce is listed in docs/language.md.
@Suite("The diagnostic catalog and its documentation")
struct DiagnosticCatalogDocsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The literal ids in the PlanDSL sources: `id: "…"`, `invalid("…"` and `warning("…"`.
  static func ids() throws -> Set<String> {
    let folder = root.appendingPathComponent("Sources/PlanDSL")
    let files =
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    let pattern = try NSRegularExpression(pattern: #"(?:id:\s*|(?:invalid|warning)\(\s*)"([a-z0-9-]+)""#)
    var ids: Set<String> = []
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        if let range = Range(match.range(at: 1), in: text) { ids.insert(String(text[range])) }
      }
    }
    return ids
  }

  @Test("docs/language.md lists every diagnostic id")
  func everyIDIsDocumented() throws {
    let ids = try Self.ids()
    #expect(ids.count > 60)
    let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/language.md"), encoding: .utf8)
    let missing = ids.filter { !docs.contains("`\($0)`") }.sorted()
    #expect(missing == [])
  }
}
