/// Replaces every processing instruction with blanks.
///
/// swift-corelibs-foundation's `XMLParser` dereferences a null pointer on a
/// processing instruction without data (`<?x?>`), and the readers need none
/// of them, so each one (from `<?` to `?>`) becomes spaces, line breaks kept:
/// line and column numbers of the rest do not move. The XML declaration never
/// gets here: ``XMLDeclarationReader`` checks and blanks it first.
///
/// Fed in chunks of any size; a `<` at the end of a chunk is held back until
/// the next byte shows whether an instruction starts.
///
/// - Complexity: O(n) in the bytes fed, with O(1) memory.
struct ProcessingInstructionBlanker: Sendable {
  private var holdingLessThan = false
  private var inInstruction = false
  private var lastWasQuestionMark = false

  /// Filters the next chunk.
  mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 1)
    for byte in bytes {
      if inInstruction {
        let closes = lastWasQuestionMark && byte == UInt8(ascii: ">")
        lastWasQuestionMark = byte == UInt8(ascii: "?")
        out.append(byte == 0x0A || byte == 0x0D ? byte : UInt8(ascii: " "))
        if closes { inInstruction = false }
        continue
      }
      if holdingLessThan {
        holdingLessThan = false
        if byte == UInt8(ascii: "?") {
          inInstruction = true
          lastWasQuestionMark = false
          out.append(contentsOf: [0x20, 0x20])
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
    defer { holdingLessThan = false }
    return holdingLessThan ? [UInt8(ascii: "<")] : []
  }
}
