import Foundation

/// An input stream that reads another through ``AppleHealthInputFilter``, for
/// `XMLParser(stream:)`.
///
/// `XMLParser` on Linux opens the stream, reads it chunk by chunk until `read`
/// returns 0 or less, and closes it; this stream implements exactly that. The
/// stream ends at the filter's first failure.
final class AppleHealthInputStream: InputStream {
  private let base: InputStream
  /// The filter; its ``AppleHealthInputFilter/failure`` says why the stream ended early.
  private(set) var filter = AppleHealthInputFilter()
  private var pending: [UInt8] = []
  private var pendingStart = 0
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  init(_ base: InputStream) {
    self.base = base
    super.init(data: Data())
  }

  override func open() { base.open() }
  override func close() { base.close() }
  override var streamStatus: Stream.Status { base.streamStatus }
  override var streamError: Error? { base.streamError }
  override var hasBytesAvailable: Bool { pendingStart < pending.count || !filter.hasEnded }

  override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
    while pendingStart >= pending.count {
      guard !filter.hasEnded else { return 0 }
      let count = chunk.withUnsafeMutableBufferPointer { bytes in
        bytes.baseAddress.map { base.read($0, maxLength: bytes.count) } ?? -1
      }
      if count < 0 { return count }
      pending = count == 0 ? filter.finish() : filter.feed(chunk[0..<count])
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
