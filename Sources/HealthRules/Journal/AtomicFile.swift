import Foundation

/// Replaces a file's contents all at once, so a crash leaves either the old file or the new one.
///
/// The data is written to a temporary file in the same directory (so the rename
/// stays on one file system), flushed to disk with `fsync`, and renamed over the
/// destination; the directory is then flushed so the rename itself is durable.
/// A crash before the rename leaves the old file untouched and, at worst, a
/// hidden `.NAME.tmp-…` file beside it.
///
/// ```swift
/// try AtomicFile.write(Data("date,weight\n".utf8), to: journalURL)
/// ```
public enum AtomicFile {
  /// Writes `data` to `url`, replacing any existing file atomically.
  ///
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: The destination file.
  ///   - beforeRename: Called with the temporary file once it is written and flushed, just
  ///     before the rename; a test throws here to simulate a crash. If it throws, the
  ///     temporary file is left in place, as after a real crash.
  /// - Throws: ``AtomicFileError`` when a step fails; the destination is then unchanged.
  public static func write(
    _ data: Data, to url: URL, beforeRename: (URL) throws -> Void = { _ in }
  ) throws(AtomicFileError) {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
    // Keep the permissions of the file being replaced; a new file is private (health data).
    var status = stat()
    let mode = stat(url.path, &status) == 0 ? mode_t(status.st_mode) & 0o777 : 0o600
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, mode)
    guard descriptor >= 0 else { throw AtomicFileError(step: "create \(temporary.path)", code: errno) }
    var failure: AtomicFileError?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = writeBytes(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = AtomicFileError(step: "write \(temporary.path)", code: errno)
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 {
      failure = AtomicFileError(step: "flush \(temporary.path)", code: errno)
    }
    close(descriptor)
    if let failure {
      unlink(temporary.path)
      throw failure
    }
    do {
      try beforeRename(temporary)
    } catch {
      throw AtomicFileError(step: "prepare to replace \(url.path)", code: 0, reason: "\(error)")
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      unlink(temporary.path)
      throw AtomicFileError(step: "replace \(url.path)", code: code)
    }
    let directoryDescriptor = open(directory.path, O_RDONLY)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }
}

/// A step of an atomic write that failed, with the system's reason.
public struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was being done: `write /path/.journal.csv.tmp-…`.
  public var step: String
  /// The `errno` value, or 0 when the failure did not come from the system.
  public var code: Int32
  /// The reason in words.
  public var reason: String

  /// Creates an error; the reason defaults to the system's text for `code`.
  public init(step: String, code: Int32, reason: String? = nil) {
    self.step = step
    self.code = code
    self.reason = reason ?? String(cString: strerror(code))
  }

  /// `cannot STEP: REASON`.
  public var description: String {
    "cannot \(step): \(reason)"
  }
}

/// The system's `write(2)`, named apart from ``AtomicFile/write(_:to:beforeRename:)``.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
