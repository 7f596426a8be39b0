import Diagnostics
import Dispatch

/// A large file parsed in parts at once, one thread a part.
///
/// The file is cut just after lines holding only `}` (the end of a top-level
/// declaration, in the usual layout), each part is lexed and parsed as if it
/// were a file of its own, and the parts' declarations are put together in
/// order. That is the file's own parse whenever no part has a mistake: a cut
/// inside a block or a block comment leaves the part before it with an
/// unclosed block or comment, which is a mistake (a string cannot hold a line
/// break without one), and between top-level declarations neither the lexer
/// nor the parser carries anything but the count of mistakes so far and
/// whether a token is the file's first (``Parser/init(lexer:file:continuing:)``).
/// When any part has a mistake the result is dropped and the caller parses
/// the whole file in one go, so that every message is exactly the one a whole
/// parse gives. PartedParseTests compares the two readings.
enum PartedParse {
  /// The smallest part worth a thread of its own, in bytes.
  static let smallestPart = 256 * 1024
  /// The most parts a file is cut into.
  static let mostParts = 8

  /// Where to cut `bytes` into at most `parts` parts of about equal size: each
  /// cut is the first byte after a line holding exactly `}` (`\n}\n`, or
  /// `\n}\r\n` in a file with CRLF line ends). Fewer cuts when fewer such lines exist.
  static func cuts(in bytes: [UInt8], parts: Int) -> [Int] {
    guard parts > 1 else { return [] }
    var cuts: [Int] = []
    var from = 0
    for part in 1..<parts {
      let target = max(from, bytes.count / parts * part)
      guard let cut = lineAfterClosingBrace(in: bytes, from: target) else { break }
      cuts.append(cut)
      from = cut + 1
    }
    return cuts
  }

  /// The first offset at or after `start`, before the end, that starts a line
  /// just after a line holding only `}` (and a carriage return before its line
  /// feed, in a file with CRLF line ends).
  ///
  /// Such a `}` is a token (a line comment or a string cannot hold it), or lies
  /// in a block comment (the part before the cut then leaves the comment open,
  /// a mistake), and the lexer starts the next line in the state it starts a
  /// file in: nothing open, at the start of a line.
  static func lineAfterClosingBrace(in bytes: [UInt8], from start: Int) -> Int? {
    var offset = max(start, 3)
    while offset < bytes.count {
      if bytes[offset - 1] == UInt8(ascii: "\n") {
        var brace = offset - 2
        if bytes[brace] == UInt8(ascii: "\r") { brace -= 1 }
        if brace >= 1, bytes[brace] == UInt8(ascii: "}"), bytes[brace - 1] == UInt8(ascii: "\n") {
          return offset
        }
      }
      offset += 1
    }
    return nil
  }

  /// How many parts to cut a file of `byteCount` bytes into on `processors`
  /// processors, each part at least `smallestPart` bytes.
  static func partCount(byteCount: Int, processors: Int, smallestPart: Int = smallestPart) -> Int {
    max(1, min(processors, mostParts, byteCount / max(1, smallestPart)))
  }

  /// The file's declarations, parsed in at most `parts` parts on as many threads,
  /// when the file can be cut and no part has a mistake; `nil` otherwise: the
  /// caller then parses the whole file (``Parser/parseFile()``).
  static func parse(_ source: SourceFile, fileIndex: Int, parts: Int) -> SourceFileSyntax? {
    let bytes = source.bytes
    let cuts = cuts(in: bytes, parts: parts)
    guard !cuts.isEmpty else { return nil }
    let bounds = [0] + cuts + [bytes.count]
    let results = PartedWork<Void, [Declaration]>(start: (), parts: bounds.count - 1)
    defer { results.release() }
    DispatchQueue.concurrentPerform(iterations: bounds.count - 1) { part in
      let lexer = Lexer(source, fileIndex: fileIndex, part: bounds[part]..<bounds[part + 1])
      var parser = Parser(lexer: lexer, file: fileIndex, continuing: part > 0)
      let syntax = parser.parseFile()
      let clean = parser.diagnostics.isEmpty && parser.lexerDiagnostics.isEmpty
      results.slots[part] = clean ? syntax.declarations : nil
    }
    guard results.slots.allSatisfy({ $0 != nil }), var declarations = results.slots[0] else { return nil }
    // The first part's list taken out of its slot (then held once: growing it
    // moves its declarations rather than copying them), the others appended.
    results.slots[0] = nil
    declarations.reserveCapacity(results.slots.reduce(declarations.count) { $0 + ($1?.count ?? 0) })
    for part in results.slots.dropFirst() { declarations.append(contentsOf: part ?? []) }
    return SourceFileSyntax(file: fileIndex, declarations: declarations)
  }
}
