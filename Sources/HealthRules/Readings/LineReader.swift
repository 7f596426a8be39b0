import Diagnostics
import Foundation

/// Splits UTF-8 bytes into lines at each `"\n"`, pulling the bytes in chunks, so a reader
/// holds one line at a time however large the file is.
///
/// A `"\r"` before the `"\n"` stays in the line (CSV keeps it inside a quoted field);
/// ``displayText(_:)`` drops it for messages. Bytes read from a file are checked for
/// well-formed UTF-8 as they pass (``UTF8Validator``); a leading byte order mark is skipped.
///
/// - Complexity: O(n) in the bytes, with memory for one chunk and one line.
struct LineReader {
  /// One line, without its `"\n"`.
  struct Line {
    var bytes: [UInt8]
    /// Whether a `"\n"` ended the line (false for a last line without one).
    var ended: Bool
  }

  private var chunk: [UInt8] = []
  private var offset = 0
  private var pull: () throws -> [UInt8]?
  private var validator: UTF8Validator?
  private var atStart = true
  /// The first bytes, held until they are known to be or not to be a byte order mark.
  private var head: [UInt8] = []
  /// Whether the bytes so far are not well-formed UTF-8 (only checked for a file).
  private(set) var invalidUTF8 = false
  /// Why reading the file failed part way, if it did (the lines then stop there).
  private(set) var readError: String?

  /// Lines of a text already in memory.
  init(_ text: String) {
    var pending: [UInt8]? = Array(text.utf8)
    pull = {
      defer { pending = nil }
      return pending
    }
  }

  /// Lines of a file, read 64 KiB at a time.
  init(_ handle: FileHandle) {
    self.init {
      guard let data = try handle.read(upToCount: 1 << 16), !data.isEmpty else { return nil }
      return [UInt8](data)
    }
  }

  /// Lines of the bytes `pull` hands over one chunk at a time (`nil` at the end), checked as
  /// UTF-8 as a file's are: tests split a file at every offset with it.
  init(pull: @escaping () throws -> [UInt8]?) {
    self.pull = pull
    validator = UTF8Validator()
  }

  /// The next line, or `nil` at the end (a text ending in `"\n"` has no empty last line).
  mutating func next() -> Line? {
    var line: [UInt8] = []
    while true {
      if offset == chunk.count {
        guard !invalidUTF8, readError == nil, let more = nextChunk() else {
          return line.isEmpty ? nil : Line(bytes: line, ended: false)
        }
        chunk = more
        offset = 0
      }
      if let newline = chunk[offset...].firstIndex(of: UInt8(ascii: "\n")) {
        line.append(contentsOf: chunk[offset..<newline])
        offset = newline + 1
        return Line(bytes: line, ended: true)
      }
      line.append(contentsOf: chunk[offset...])
      offset = chunk.count
    }
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private mutating func nextChunk() -> [UInt8]? {
    while let bytes = pullChunk() {
      var more = bytes
      if validator != nil {
        let valid = validator!.feed(more)
        if valid < more.count {
          invalidUTF8 = true
          return nil
        }
      }
      if atStart {
        // A byte order mark may come split across the first chunks.
        head.append(contentsOf: more)
        if head.count < 3, Self.byteOrderMark.starts(with: head) { continue }
        atStart = false
        more = head.starts(with: Self.byteOrderMark) ? Array(head.dropFirst(3)) : head
        head = []
      }
      if !more.isEmpty { return more }
    }
    if validator != nil {
      validator!.finish()
      if validator!.failure != nil { invalidUTF8 = true }
    }
    // Fewer than three bytes, all a byte order mark's first ones (not UTF-8 from a file).
    atStart = false
    defer { head = [] }
    return head.isEmpty || invalidUTF8 ? nil : head
  }

  private mutating func pullChunk() -> [UInt8]? {
    do {
      return try pull()
    } catch {
      let error = error as NSError
      readError = RegularFile.phrase(for: error.domain == NSPOSIXErrorDomain ? Int32(error.code) : EIO)
      return nil
    }
  }

  /// A line's text for messages: without a final `"\r"`.
  static func displayText(_ bytes: [UInt8]) -> String {
    let end = bytes.last == UInt8(ascii: "\r") ? bytes.count - 1 : bytes.count
    return String(decoding: bytes[..<end], as: UTF8.self)
  }
}
