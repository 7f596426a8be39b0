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

  private mutating func prolog(_ byte: UInt8, into out: inout [UInt8]) {
    if held.isEmpty {
      if byte == UInt8(ascii: "<") { held = [byte] } else { out.append(byte) }
      return
    }
    held.append(byte)
    let isDoctype = held.elementsEqual(Self.doctype.prefix(held.count))
    let isComment = held.elementsEqual(Self.commentStart.prefix(held.count))
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
    } else if !isDoctype, !isComment {
      out.append(contentsOf: held)
      state = held.count >= 2 && held[1] == UInt8(ascii: "?") ? .instruction : .body
      held = []
      last = (0, 0, byte)
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
