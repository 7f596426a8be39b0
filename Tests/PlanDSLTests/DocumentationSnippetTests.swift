import Diagnostics
import Foundation
import Testing

@testable import PlanDSL

/// Every ```plan block of the README and docs/ is written in the language as
/// it is: each one lexes and parses without a diagnostic. (Blocks are
/// excerpts, so names they use may be declared elsewhere: only the grammar is
/// checked here; whole programs are checked by the tests of `Examples/`.)
@Suite("Plan snippets in the documentation")
struct DocumentationSnippetTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  struct Snippet: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var text: String
    var testDescription: String { "\(file):\(line)" }
  }

  /// The ```plan blocks of one Markdown file, with the line each starts on.
  static func snippets(in relativePath: String) -> [Snippet] {
    guard let text = try? String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    else {
      return []
    }
    var found: [Snippet] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if let block = current {
        if line.hasPrefix("```") {
          found.append(
            Snippet(file: relativePath, line: block.line, text: block.lines.joined(separator: "\n")))
          current = nil
        } else {
          current?.lines.append(line)
        }
      } else if line == "```plan" {
        current = (index + 2, [])
      }
    }
    return found
  }

  static let all: [Snippet] = {
    let docs =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
    // The DocC articles of the library products: Sources/MODULE/MODULE.docc/*.md.
    let manager = FileManager.default
    let modules =
      (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)) ?? []
    let articles = modules.sorted().flatMap { module in
      let catalog = "Sources/\(module)/\(module).docc"
      let names = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? []
      return names.filter { $0.hasSuffix(".md") }.sorted().map { catalog + "/" + $0 }
    }
    let files = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 } + articles
    return files.flatMap { snippets(in: $0) }
  }()

  @Test("the README, docs/ and the DocC articles have plan snippets to check")
  func found() {
    #expect(Self.snippets(in: "README.md").count == 4)
    #expect(Self.snippets(in: "Sources/HealthRules/HealthRules.docc/RulesAndTests.md").count == 1)
  }

  @Test("each plan snippet lexes and parses without a diagnostic", arguments: all)
  func parses(_ snippet: Snippet) {
    var sources = SourceManager()
    let index = sources.add(SourceFile(path: snippet.file, text: snippet.text))
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
