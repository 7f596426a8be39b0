import Foundation

/// An input stream that reads another and blanks its document type declaration
/// (see ``DoctypeBlanker``), for `XMLParser(stream:)`.
///
/// `XMLParser` on Linux opens the stream, reads it chunk by chunk until `read`
/// returns 0 or less, and closes it; this stream implements exactly that.
final class DoctypeBlankingStream: InputStream {
  private let base: InputStream
  private var blanker = DoctypeBlanker()
  private var instructions = ProcessingInstructionBlanker()
  /// Checks that the bytes are UTF-8; the stream ends before the first invalid one.
  private(set) var validator = UTF8Validator()
  private var pending: [UInt8] = []
  private var pendingStart = 0
  private var ended = false
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  init(_ base: InputStream) {
    self.base = base
    super.init(data: Data())
  }

  override func open() { base.open() }
  override func close() { base.close() }
  override var streamStatus: Stream.Status { base.streamStatus }
  override var streamError: Error? { base.streamError }
  override var hasBytesAvailable: Bool { pendingStart < pending.count || !ended }

  override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
    while pendingStart >= pending.count {
      guard !ended else { return 0 }
      let count = chunk.withUnsafeMutableBufferPointer { bytes in
        bytes.baseAddress.map { base.read($0, maxLength: bytes.count) } ?? -1
      }
      if count < 0 { return count }
      let valid = count == 0 ? 0 : validator.feed(chunk[0..<count])
      if count == 0 || valid < count {
        if count == 0 { validator.finish() }
        ended = true
        pending = instructions.feed(blanker.feed(chunk[0..<valid]) + blanker.finish()) + instructions.finish()
      } else if blanker.isPassingThrough {
        pending = instructions.feed(chunk[0..<count])
      } else {
        pending = instructions.feed(blanker.feed(chunk[0..<count]))
      }
      pendingStart = 0
    }
    let count = min(length, pending.count - pendingStart)
    guard count > 0 else { return 0 }
    pending.withUnsafeBufferPointer { bytes in
      if let start = bytes.baseAddress {
        buffer.update(from: start + pendingStart, count: count)
      }
    }
    pendingStart += count
    return count
  }
}
