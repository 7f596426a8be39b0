import Foundation

/// The text of one input file (a `.plan` file, a readings file), with its path and line table.
///
/// A source file may hold an excerpt of a larger file: `firstLine` says which
/// line of the whole file its text starts on, so a reader that keeps only the
/// lines at fault still reports their real line numbers.
package struct SourceFile: Sendable, Hashable {
  /// The path as the user wrote it or as it was resolved from an `include`.
  package let path: String
  /// The file's text, decoded from ``bytes`` when asked for (a large file is
  /// kept once, as its bytes).
  package var text: String { String(decoding: bytes, as: UTF8.self) }
  /// The UTF-8 bytes of `text`, which source offsets index.
  package let bytes: [UInt8]
  /// The line of the whole file on which `text` starts (1 unless this is an excerpt).
  package let firstLine: Int
  /// The byte offset at which each line starts.
  private let lineStarts: [Int]

  /// Creates a source file from text.
  ///
  /// - Parameters:
  ///   - path: The path shown in diagnostics.
  ///   - text: The file's text, or an excerpt of it.
  ///   - firstLine: The 1-based line of the whole file on which `text` starts.
  package init(path: String, text: String, firstLine: Int = 1) {
    self.init(path: path, utf8: Array(text.utf8), firstLine: firstLine)
  }

  /// Creates a source file from the UTF-8 bytes of its text, which a reader of
  /// the file already holds and has validated: a large file is not copied again.
  package init(path: String, utf8 bytes: [UInt8], firstLine: Int = 1) {
    self.path = path
    self.firstLine = max(1, firstLine)
    self.bytes = bytes
    var starts = [0]
    // Line breaks found by memchr (many bytes at a time), not byte by byte.
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count,
        let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset)
      {
        offset = base.distance(to: UnsafeRawPointer(found)) + 1
        starts.append(offset)
      }
    }
    self.lineStarts = starts
  }

  /// The 1-based line and column (in characters) of a byte offset.
  package func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    var hint = 0
    return lineAndColumn(of: offset, hint: &hint)
  }

  /// ``lineAndColumn(of:)`` for a reader going through the file in order:
  /// `hint` is the 0-based line of the offset it asked for before (0 at
  /// first), and is set to this offset's. The line is looked for a few lines
  /// after the hint first, and by a binary search when it lies elsewhere.
  package func lineAndColumn(of offset: Int, hint: inout Int) -> (line: Int, column: Int) {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    if hint > 0, hint < lineStarts.count, lineStarts[hint] <= clamped {
      low = hint
      var steps = 0
      while low + 1 < lineStarts.count, lineStarts[low + 1] <= clamped, steps < 8 {
        low += 1
        steps += 1
      }
      if low + 1 < lineStarts.count, lineStarts[low + 1] <= clamped { low = line(of: clamped, from: low) }
    } else {
      low = line(of: clamped, from: 0)
    }
    hint = low
    let start = lineStarts[low]
    // ASCII before the offset is one character per byte (no line break lies in
    // it, so no "\r\n" pair): counted without building a string.
    if !bytes[start..<clamped].contains(where: { $0 >= 0x80 }) {
      return (low + firstLine, clamped - start + 1)
    }
    let prefix = String(decoding: bytes[start..<clamped], as: UTF8.self)
    return (low + firstLine, prefix.count + 1)
  }

  /// The 0-based line holding a byte offset, at `from` or after it, by a binary search.
  private func line(of offset: Int, from: Int) -> Int {
    var low = from
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The byte offset of a 1-based line (of the whole file) and column (in characters),
  /// clamped to the line.
  package func offset(line: Int, column: Int) -> Int {
    let bounds = lineBounds(line)
    var offset = bounds.lowerBound
    var remaining = max(0, column - 1)
    while remaining > 0, offset < bounds.upperBound {
      offset += 1
      while offset < bounds.upperBound, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      remaining -= 1
    }
    return offset
  }

  /// The text of a 1-based line (of the whole file), without its line break.
  package func lineText(_ line: Int) -> String {
    let line = line - firstLine + 1
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  /// The byte offsets of a 1-based line (of the whole file), without its line break
  /// (empty outside the text).
  func lineBounds(_ line: Int) -> Range<Int> {
    let line = line - firstLine + 1
    guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return start..<max(start, end)
  }

  /// The text covered by a range.
  package func text(in range: SourceRange) -> String {
    let start = max(0, min(range.start, bytes.count))
    let end = max(start, min(range.end, bytes.count))
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

/// A span of bytes in one source file.
///
/// Every identifier and literal of a parsed file carries one, so it is kept
/// in 12 bytes (three 32-bit fields) rather than 24: a file larger than
/// ``SourceRange/maximumOffset`` bytes is refused when it is read, and a
/// value out of range is clamped rather than trapping.
package struct SourceRange: Sendable, Hashable {
  @usableFromInline var storedFile: UInt32
  @usableFromInline var storedStart: UInt32
  @usableFromInline var storedEnd: UInt32

  /// The largest byte offset a range can hold: files are at most this many bytes.
  package static let maximumOffset = Int(UInt32.max)

  /// Which file, as an index into the ``SourceManager``'s files.
  @inlinable package var file: Int {
    get { Int(storedFile) }
    set { storedFile = UInt32(clamping: newValue) }
  }
  /// The first byte.
  @inlinable package var start: Int {
    get { Int(storedStart) }
    set { storedStart = UInt32(clamping: newValue) }
  }
  /// One past the last byte.
  @inlinable package var end: Int {
    get { Int(storedEnd) }
    set { storedEnd = UInt32(clamping: newValue) }
  }

  /// Creates a range of bytes `start..<end` in the file at index `file`.
  @inlinable @inline(__always) package init(file: Int, start: Int, end: Int) {
    storedFile = UInt32(clamping: file)
    storedStart = UInt32(clamping: start)
    storedEnd = UInt32(clamping: end)
  }

  /// The smallest range covering both.
  package func union(_ other: SourceRange) -> SourceRange {
    guard other.file == file else { return self }
    return SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
  }

  /// An empty range at this range's end, for "expected X here".
  package var afterEnd: SourceRange { SourceRange(file: file, start: end, end: end) }
}
