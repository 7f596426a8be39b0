internal import Diagnostics
import Foundation

/// One file of the SR28 ASCII release, split into records and fields.
///
/// The format: one record per line (CRLF, with LF and bare CR accepted too),
/// fields separated by `^`, text fields wrapped in `~`, Latin-1 text. Fields
/// are kept as byte ranges and decoded only when asked for.
struct SR28File {
  /// The file's name, for error messages (`NUT_DATA.txt`).
  let name: String
  let bytes: [UInt8]

  /// Reads `name` from `directory`.
  ///
  /// - Throws: ``SR28ImportError/unreadableFile(path:reason:)``.
  init(named name: String, in directory: URL) throws(SR28ImportError) {
    let url = directory.appendingPathComponent(name)
    do throws(RegularFileError) {
      bytes = Array(try RegularFile.contents(of: url.path))
    } catch {
      throw .unreadableFile(path: url.path, reason: error.reason)
    }
    self.name = name
  }

  init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }

  /// Calls `body` with each non-empty record, in file order.
  func forEachRecord(_ body: (SR28Record) throws(SR28ImportError) -> Void) throws(SR28ImportError) {
    var lineNumber = 1
    var start = 0
    var index = 0
    let count = bytes.count
    while index <= count {
      let atEnd = index == count
      let byte: UInt8 = atEnd ? 0 : bytes[index]
      if atEnd || byte == 0x0D || byte == 0x0A {
        if index > start {
          try body(SR28Record(file: self, line: lineNumber, range: start..<index))
        }
        if !atEnd && byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A {
          index += 1
        }
        lineNumber += 1
        start = index + 1
      }
      index += 1
    }
  }
}
