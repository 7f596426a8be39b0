import Diagnostics
import Foundation
import HealthRules

/// Reads a file's bytes and decides whether they are text.
enum SourceReader {
  /// The outcome of reading one file.
  enum Outcome {
    /// The text's UTF-8 bytes, validated, without a byte-order mark.
    case text(bytes: [UInt8])
    case notText(byteOffset: Int)
    case unreadable(String)
  }

  /// Reads a regular file; anything else (a directory, a FIFO, a device, a
  /// loop of symbolic links) is unreadable, with the reason in words.
  static func read(_ path: String) -> Outcome {
    if let problem = RegularFile.problem(at: path) { return .unreadable(problem) }
    // Source ranges hold 32-bit offsets (``SourceRange/maximumOffset``).
    if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int,
      size > SourceRange.maximumOffset
    {
      return .unreadable("is larger than 4 GiB, the most a plan file may hold")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .unreadable(RegularFile.phrase(for: errno))
    }
    guard data.count <= SourceRange.maximumOffset else {
      return .unreadable("is larger than 4 GiB, the most a plan file may hold")
    }
    return decode(Array(data))
  }

  /// Whether every byte is ASCII and none is NUL.
  static func isPlainASCII(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      let highBits: UInt64 = 0x8080_8080_8080_8080
      let ones: UInt64 = 0x0101_0101_0101_0101
      var offset = 0
      while offset + 8 <= buffer.count {
        let word = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        // A byte of 0x80 or more, or a zero byte (the classic test: a byte
        // below 0x80 borrows into its top bit only when it is zero).
        if word & highBits != 0 || (word &- ones) & ~word & highBits != 0 { return false }
        offset += 8
      }
      while offset < buffer.count {
        if buffer[offset] == 0 || buffer[offset] >= 0x80 { return false }
        offset += 1
      }
      return true
    }
  }

  /// Decodes UTF-8 text; the first NUL byte or invalid sequence makes it "not text".
  static func decode(_ bytes: [UInt8]) -> Outcome {
    // Valid text (the usual case) is checked in one pass of the standard
    // library's validator, whose string is dropped at once (the bytes are what
    // is kept); only a file that fails is decoded scalar by scalar, to say where.
    // Plain ASCII without a NUL byte is text as it is: checked eight bytes at a
    // time, without the copy a validating `String` makes (a large plan is ASCII).
    if isPlainASCII(bytes) { return .text(bytes: bytes) }
    if !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .text(bytes: Array(bytes.dropFirst(3))) }
      return .text(bytes: bytes)
    }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    var scalars = String.UnicodeScalarView()
    var byteCounter = 0
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar.value == 0 { return .notText(byteOffset: offset) }
        scalars.append(scalar)
        byteCounter += UTF8.width(scalar)
        offset = byteCounter
      case .emptyInput: break loop
      case .error: return .notText(byteOffset: offset)
      }
    }
    var text = String(scalars)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    return .text(bytes: Array(text.utf8))
  }
}
