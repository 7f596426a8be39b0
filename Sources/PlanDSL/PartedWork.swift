/// Work cut into parts, one thread a part (``PartedParse``, ``Checker/checkInParts(_:)``,
/// ``Checker/checkLimitsInParts(_:foods:)``): what every part starts from, read by
/// every thread and written by none, and one slot per part for its result,
/// each written by its own thread only. ``release()`` frees the slots.
final class PartedWork<Start, Slot>: @unchecked Sendable {
  /// What each part starts from.
  let start: Start
  /// One result per part, `nil` until the part is done.
  let slots: UnsafeMutableBufferPointer<Slot?>

  init(start: Start, parts: Int) {
    self.start = start
    slots = .allocate(capacity: parts)
    slots.initialize(repeating: nil)
  }

  func release() {
    slots.deinitialize()
    slots.deallocate()
  }
}
