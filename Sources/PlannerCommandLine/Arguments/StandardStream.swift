import Foundation

/// Standard output or standard error, written with `write(2)`.
///
/// `FileHandle.write(_:)` traps when a write fails (a full disk, `> /dev/full`,
/// a closed descriptor). Here a failed write ends the process with one line on
/// standard error (when standard error itself still works) and exit code 74
/// (``CLIError/ExitCode/ioError``), never a trap. A reader that goes away (a
/// broken pipe, as in `planner foods | head -1`) ends the process by `SIGPIPE`,
/// silently, as for any Unix tool.
enum StandardStream: Int32 {
  case output = 1
  case error = 2

  var name: String { self == .output ? "standard output" : "standard error" }

  /// Writes all of `text`, retrying short and interrupted writes.
  func write(_ text: String) {
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Foundation.write(rawValue, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { Self.fail(writing: self, errno: count < 0 ? errno : EIO) }
      written += count
    }
    bytes.removeAll()
  }

  /// Opens `/dev/null`, read-only, on standard input, output or error when one is closed.
  ///
  /// Otherwise the next file planner opens (a plan, a readings file, a
  /// temporary output file) would take the closed descriptor's number and
  /// receive what was meant for the terminal. Read-only, so writes still fail
  /// (`EBADF`) and end the process as a closed stream should.
  static func reserveClosedDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
      let opened = open("/dev/null", O_RDONLY)
      if opened >= 0, opened != descriptor {
        _ = dup2(opened, descriptor)
        _ = close(opened)
      }
    }
  }

  /// Ends the process after a failed write, with one line on standard error if it still works.
  static func fail(writing stream: StandardStream, errno code: Int32) -> Never {
    let reason = String(cString: strerror(code))
    let line = Array("planner: error: cannot write to \(stream.name): \(reason)\n".utf8)
    if stream == .output {
      _ = line.withUnsafeBytes { Foundation.write(StandardStream.error.rawValue, $0.baseAddress, $0.count) }
    }
    exit(CLIError.ExitCode.ioError.rawValue)
  }
}
