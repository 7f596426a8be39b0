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

  /// Decodes UTF-8 text; the first NUL byte or invalid sequence makes it "not text".
  static func decode(_ bytes: [UInt8]) -> Outcome {
    // Valid text (the usual case) is checked in one pass of the standard
    // library's validator, whose string is dropped at once (the bytes are what
    // is kept); only a file that fails is decoded scalar by scalar, to say where.
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
