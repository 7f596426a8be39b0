/// Replaces the document type declaration of an XML prolog with blanks.
///
/// Apple Health exports begin with a `<!DOCTYPE HealthData [ … ]>` whose
/// internal subset declares attributes `#REQUIRED`; the XML parser of
/// swift-corelibs-foundation crashes on such declarations. The readers do not
/// need the DTD, so every byte of it (the internal subset included) becomes a
/// space, except line breaks, which are kept: line and column numbers in the
/// rest of the file do not move, and whitespace is allowed where the
/// declaration was.
///
/// The blanker works on a stream of bytes fed in chunks of any size. It looks
/// only at the prolog (before the root element); once the root element starts,
/// bytes pass through untouched.
///
/// It also finds an XML declaration (`<?xml …?>`) that is not at the very
/// start of the file (``misplacedDeclaration``): ``XMLDeclarationReader`` reads
/// and blanks the one at the start before these bytes get here.
///
/// - Complexity: O(n) in the bytes fed, with O(1) memory.
struct DoctypeBlanker: Sendable {
  private enum State: Sendable {
    /// Before the root element, outside any markup.
    case prolog
    /// Inside `<?…?>` in the prolog.
    case instruction
    /// Inside `<!--…-->` in the prolog.
    case comment
    /// Inside `<!DOCTYPE …>`: every byte is blanked.
    case doctype
    /// In or after the root element: bytes pass through.
    case body
  }

  private static let doctype = Array("<!DOCTYPE".utf8)
  private static let commentStart = Array("<!--".utf8)

  private var state = State.prolog
  /// Bytes of the prolog held back until they show whether a declaration starts (at most 9).
  private var held: [UInt8] = []
  /// The last bytes seen, to find `?>`, `-->` and `<!--`.
  private var last: (UInt8, UInt8, UInt8) = (0, 0, 0)
  /// Inside the declaration: the open quote, the internal subset, a comment.
  private var quote: UInt8?
  private var inSubset = false
  private var inComment = false
  /// Where the next byte is (line and column from 1, columns in characters), and the text of its line so far.
  private var line = 1
  private var column = 1
  private var lineBytes: [UInt8] = []
  private var offset = 0
  /// Where the held `<` is.
  private var heldPlace = (line: 1, column: 1)

  /// An XML declaration found after the start of the file, in the prolog (outside comments and the DTD).
  var misplacedDeclaration: ReadingsIssue? {
    misplaced.map { issue in
      var issue = issue
      issue.lineText = String(decoding: misplacedLine, as: UTF8.self)
      return issue
    }
  }
  private var misplaced: ReadingsIssue?
  /// The misplaced declaration's line, read on to its end (at most 256 bytes) as bytes are fed.
  private var misplacedLine: [UInt8] = []
  private var misplacedLineOpen = false

  /// Whether everything fed so far has been in or after the root element.
  var isPassingThrough: Bool { state == .body && held.isEmpty }

  /// Filters the next chunk; bytes held back are returned by a later call or by ``finish()``.
  mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index != bytes.endIndex, !isPassingThrough {
      feed(bytes[index], into: &out)
      index = bytes.index(after: index)
    }
    if misplacedLineOpen {
      for byte in bytes[index...] {
        guard byte != 0x0A, byte != 0x0D, misplacedLine.count < 256 else {
          misplacedLineOpen = false
          break
        }
        misplacedLine.append(byte)
      }
    }
    out.append(contentsOf: bytes[index...])
    return out
  }

  /// The bytes still held back at the end of the input.
  mutating func finish() -> [UInt8] {
    defer { held = [] }
    return held
  }

  private mutating func remember(_ byte: UInt8) {
    last = (last.1, last.2, byte)
  }

  private mutating func feed(_ byte: UInt8, into out: inout [UInt8]) {
    defer { advance(past: byte) }
    switch state {
    case .body:
      out.append(byte)
    case .instruction:
      out.append(byte)
      if last.2 == UInt8(ascii: "?"), byte == UInt8(ascii: ">") { state = .prolog }
      remember(byte)
    case .comment:
      out.append(byte)
      if last.1 == UInt8(ascii: "-"), last.2 == UInt8(ascii: "-"), byte == UInt8(ascii: ">") {
        state = .prolog
      }
      remember(byte)
    case .doctype:
      out.append(byte == 0x0A || byte == 0x0D ? byte : 0x20)
      blankDeclaration(byte)
      remember(byte)
    case .prolog:
      prolog(byte, into: &out)
    }
  }

  /// Counts lines and columns (a byte order mark at the start takes no column).
  private mutating func advance(past byte: UInt8) {
    defer { offset += 1 }
    if misplacedLineOpen {
      if byte == 0x0A || byte == 0x0D || misplacedLine.count >= 256 {
        misplacedLineOpen = false
      } else {
        misplacedLine.append(byte)
      }
    }
    if byte == 0x0A {
      line += 1
      column = 1
      lineBytes = []
      return
    }
    if lineBytes.count < 256 { lineBytes.append(byte) }
    if byte & 0xC0 != 0x80, !(offset == 0 && byte == 0xEF) { column += 1 }
  }

  /// Whether held bytes can be the start of `<?xml` followed by a space or `?` (any case).
  private static func isDeclaration(_ bytes: [UInt8]) -> Bool {
    guard bytes.count <= 6 else { return false }
    return bytes.enumerated().allSatisfy { offset, byte in
      switch offset {
      case 0: byte == UInt8(ascii: "<")
      case 1: byte == UInt8(ascii: "?")
      case 2...4: byte | 0x20 == Array("xml".utf8)[offset - 2]
      default: XMLDeclarationReader.isSpace(byte) || byte == UInt8(ascii: "?")
      }
    }
  }

  private mutating func prolog(_ byte: UInt8, into out: inout [UInt8]) {
    if held.isEmpty {
      if byte == UInt8(ascii: "<") {
        held = [byte]
        heldPlace = (line, column)
      } else {
        out.append(byte)
      }
      return
    }
    held.append(byte)
    let isDoctype = held.elementsEqual(Self.doctype.prefix(held.count))
    let isComment = held.elementsEqual(Self.commentStart.prefix(held.count))
    let isDeclaration = Self.isDeclaration(held)
    if isDeclaration, held.count == 6, misplaced == nil {
      misplaced = ReadingsIssue(
        .xmlSyntax, line: heldPlace.line, column: heldPlace.column, length: 5,
        message: "the XML declaration must be at the very start of the file",
        hint: "remove it, or move it to the start of line 1 with nothing before it")
      // This byte's line text is added by `advance(past:)`, which runs after this.
      misplacedLine = Array(lineBytes)
      misplacedLineOpen = true
    }
    if isDoctype, held.count == Self.doctype.count {
      out.append(contentsOf: repeatElement(0x20, count: held.count))
      held = []
      state = .doctype
      quote = nil
      inSubset = false
      inComment = false
      last = (0, 0, 0)
    } else if isComment, held.count == Self.commentStart.count {
      out.append(contentsOf: held)
      held = []
      state = .comment
      last = (0, 0, 0)
    } else if !isDoctype, !isComment, !isDeclaration || held.count == 6 {
      out.append(contentsOf: held)
      let isInstruction = held.count >= 2 && held[1] == UInt8(ascii: "?")
      state = isInstruction ? .instruction : .body
      // Inside an instruction, its opening `?` does not close it (`<?>` is not closed).
      let tail = Array(held.dropFirst(isInstruction ? 2 : held.count - 1).suffix(3))
      let padded = Array(repeating: UInt8(0), count: 3 - tail.count) + tail
      last = (padded[0], padded[1], padded[2])
      held = []
    }
  }

  /// Follows quotes, the internal subset and comments to find the declaration's closing `>`.
  private mutating func blankDeclaration(_ byte: UInt8) {
    if inComment {
      if last.1 == UInt8(ascii: "-"), last.2 == UInt8(ascii: "-"), byte == UInt8(ascii: ">") {
        inComment = false
      }
    } else if let open = quote {
      if byte == open { quote = nil }
    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
      quote = byte
    } else if inSubset {
      if last == (UInt8(ascii: "<"), UInt8(ascii: "!"), UInt8(ascii: "-")), byte == UInt8(ascii: "-") {
        inComment = true
      } else if byte == UInt8(ascii: "]") {
        inSubset = false
      }
    } else if byte == UInt8(ascii: "[") {
      inSubset = true
    } else if byte == UInt8(ascii: ">") {
      state = .prolog
    }
  }
}
