import Diagnostics
import Foundation
import Testing

@testable import PlanDSL

/// The rule fragments of the docs (plain ``` blocks of `alert`, `define`, `symptom`,
/// `parameter` and `category` lines, shown without their `rules` block) parse as the
/// body of a `rules` block, and plain ``` blocks of whole `rules` parse as they are: a
/// form the docs show is a form the parser takes.
@Suite("Rule fragments in the documentation")
struct RuleFragmentSnippetTests {
  static let starts = ["alert ", "define ", "symptom ", "parameter ", "category ", "rules "]

  /// The fragments of every Markdown file in docs/, with the line each starts on.
  static let all: [DocumentationSnippetTests.Snippet] = {
    let root = DocumentationSnippetTests.root
    let docs =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
    var found: [DocumentationSnippetTests.Snippet] = []
    for name in docs.filter({ $0.hasSuffix(".md") }).sorted() {
      guard
        let text = try? String(contentsOf: root.appendingPathComponent("docs/" + name), encoding: .utf8)
      else { continue }
      var current: (line: Int, lines: [String], plain: Bool)?
      for (index, line) in text.components(separatedBy: "\n").enumerated() {
        if let block = current {
          if line.hasPrefix("```") {
            let body = block.lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            if block.plain, starts.contains(where: { body.hasPrefix($0) }) {
              found.append(
                .init(file: "docs/" + name, line: block.line, text: block.lines.joined(separator: "\n")))
            }
            current = nil
          } else {
            current?.lines.append(line)
          }
        } else if line.hasPrefix("```") {
          current = (index + 2, [], line == "```")
        }
      }
    }
    return found
  }()

  @Test("the docs have rule fragments to check")
  func found() {
    #expect(Self.all.count >= 7)
  }

  @Test("each rule fragment parses inside a rules block", arguments: all)
  func parses(_ snippet: DocumentationSnippetTests.Snippet) {
    var sources = SourceManager()
    let text =
      snippet.text.hasPrefix("rules ") ? snippet.text : "rules snippet {\n\(snippet.text)\n}\n"
    let index = sources.add(SourceFile(path: snippet.file, text: text))
    guard let file = sources.file(index) else {
      Issue.record("no source for \(snippet.testDescription)")
      return
    }
    var lexer = Lexer(file, fileIndex: index)
    var parser = Parser(tokens: lexer.tokenize(), file: index)
    _ = parser.parseFile()
    let messages = (lexer.diagnostics + parser.diagnostics).map { "\($0.message)" }
    #expect(messages == [], "\(snippet.testDescription)")
  }
}
