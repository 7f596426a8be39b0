/// Replaces every processing instruction after the XML declaration with blanks.
///
/// swift-corelibs-foundation's `XMLParser` dereferences a null pointer on a
/// processing instruction without data (`<?x?>`), and the readers need none
/// of them, so each one (from `<?` to `?>`) becomes spaces, line breaks kept:
/// line and column numbers of the rest do not move. The XML declaration
/// (`<?xml …?>` at the very start) is kept; it names the encoding.
///
/// Fed in chunks of any size; a `<` at the end of a chunk is held back until
/// the next byte shows whether an instruction starts.
///
/// - Complexity: O(n) in the bytes fed, with O(1) memory.
struct ProcessingInstructionBlanker: Sendable {
  private var offset = 0
  private var holdingLessThan = false
  private var inInstruction = false
  private var keepingDeclaration = false
  private var lastWasQuestionMark = false
  /// The instruction at the very start, held until it shows whether it is the
  /// XML declaration (`<?xml` and a space).
  private var opening: [UInt8] = []
  private static let declarationLimit = 512

  /// Whether held bytes of the first instruction are an XML declaration.
  private static func isDeclaration(_ bytes: [UInt8]) -> Bool {
    guard bytes.count > 6 else { return false }
    let target = bytes[2..<5].map { $0 | 0x20 }
    return target == Array("xml".utf8) && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[5])
  }

  /// The held first instruction, kept or blanked.
  private func released(_ bytes: [UInt8]) -> [UInt8] {
    Self.isDeclaration(bytes) ? bytes : bytes.map { $0 == 0x0A || $0 == 0x0D ? $0 : 0x20 }
  }

  /// Filters the next chunk.
  mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 1)
    for byte in bytes {
      defer { offset += 1 }
      if inInstruction {
        let closes = lastWasQuestionMark && byte == UInt8(ascii: ">")
        lastWasQuestionMark = byte == UInt8(ascii: "?")
        if keepingDeclaration {
          opening.append(byte)
          if closes || opening.count >= Self.declarationLimit {
            out.append(contentsOf: released(opening))
            keepingDeclaration = false
            opening = []
          }
        } else {
          out.append(byte == 0x0A || byte == 0x0D ? byte : UInt8(ascii: " "))
        }
        if closes { inInstruction = false }
        continue
      }
      if holdingLessThan {
        holdingLessThan = false
        if byte == UInt8(ascii: "?") {
          inInstruction = true
          lastWasQuestionMark = false
          keepingDeclaration = offset == 1
          if keepingDeclaration {
            opening = [UInt8(ascii: "<"), byte]
          } else {
            out.append(contentsOf: [0x20, 0x20])
          }
          continue
        }
        out.append(UInt8(ascii: "<"))
      }
      if byte == UInt8(ascii: "<") {
        holdingLessThan = true
      } else {
        out.append(byte)
      }
    }
    return out
  }

  /// The byte still held back at the end of the input.
  mutating func finish() -> [UInt8] {
    defer {
      holdingLessThan = false
      opening = []
    }
    return released(opening) + (holdingLessThan ? [UInt8(ascii: "<")] : [])
  }
}
