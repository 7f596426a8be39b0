import Foundation

/// The one way planner writes a file: whole, atomically, and never over what is not a file.
///
/// Every output (`-o`/`--output`, `--pantry-out`, `--junit`, the journal and its history,
/// the outbox, exports) goes through ``write(_:to:newFileMode:beforeRename:)``, or, for a
/// file written as it is made (the journal), ``write(to:newFileMode:beforeRename:body:)``,
/// which the first is built on:
///
/// - The destination must be a regular file or a new path. A directory, a device, a FIFO or a
///   socket is refused before anything is written (``AtomicFileError/Kind/notAFile``).
/// - A symbolic link is written through: its target is checked the same way and replaced,
///   and the link is kept. A link to nothing is refused.
/// - The data go to a temporary file in the target's folder (so the rename stays on one
///   file system), flushed with `fsync`, given the mode of the file it replaces (or
///   `newFileMode`), renamed over the target, and the folder is flushed so the rename is
///   durable. A crash before the rename leaves the old file untouched and, at worst, a
///   hidden `.NAME.tmp-…` file beside it.
///
/// ```swift
/// try AtomicFile.write(Data("date,weight\n".utf8), to: journalURL)
/// ```
package enum AtomicFile {
  /// Checks that `url` may be written, following symbolic links, before any work is done.
  ///
  /// - Returns: The file to replace or create: `url` with every symbolic link resolved.
  /// - Throws: ``AtomicFileError`` of kind ``AtomicFileError/Kind/notAFile`` for a directory,
  ///   a device, a FIFO, a socket or a link to nothing; ``AtomicFileError/Kind/failed`` when
  ///   the path cannot be examined.
  @discardableResult
  package static func checkDestination(_ url: URL) throws(AtomicFileError) -> URL {
    try destination(url).url
  }

  /// Writes `data` to `url`, replacing any existing file atomically.
  ///
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: The destination file, or a symbolic link to it.
  ///   - newFileMode: The permissions of a file that did not exist; `0o600` by default (health
  ///     data are private). A replaced file keeps its own.
  ///   - beforeRename: Called with the temporary file once it is written and flushed, just
  ///     before the rename; a test throws here to simulate a crash. If it throws, the
  ///     temporary file is left in place, as after a real crash.
  /// - Throws: ``AtomicFileError``; the destination is then unchanged.
  package static func write(
    _ data: Data, to url: URL, newFileMode: mode_t = 0o600, beforeRename: (URL) throws -> Void = { _ in }
  ) throws(AtomicFileError) {
    do {
      try write(to: url, newFileMode: newFileMode, beforeRename: beforeRename) { writer in
        writer.write(data)
      }
    } catch let error as AtomicFileError {
      throw error
    } catch {
      // The body above throws nothing of its own.
      throw AtomicFileError(.failed, path: url.path, code: 0, reason: "\(error)")
    }
  }

  /// Writes `url` from what `body` hands a ``Writer``, replacing any existing file atomically,
  /// with the same policy as ``write(_:to:newFileMode:beforeRename:)``; memory holds one
  /// buffer of the file, however large it is.
  ///
  /// The destination is checked before `body` runs. When `body` throws, the temporary file is
  /// removed, the destination is unchanged and the error is rethrown as it is: a caller that
  /// finds part way that nothing should be written throws its own error.
  ///
  /// ```swift
  /// try AtomicFile.write(to: url) { writer in
  ///   writer.write("date,weight\n")
  ///   for row in rows { writer.write(row + "\n") }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - url: The destination file, or a symbolic link to it.
  ///   - newFileMode: The permissions of a file that did not exist; `0o600` by default.
  ///   - beforeRename: Called with the temporary file once it is written and flushed, just
  ///     before the rename (the temporary file is then left in place if it throws).
  ///   - body: Writes the contents through the writer it is given.
  /// - Throws: ``AtomicFileError`` when the file cannot be written, or what `body` throws; the
  ///   destination is then unchanged.
  package static func write(
    to url: URL, newFileMode: mode_t = 0o600, beforeRename: (URL) throws -> Void = { _ in },
    body: (inout Writer) throws -> Void
  ) throws {
    let (target, existingMode) = try destination(url)
    let shown = url.path
    let directory = target.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).tmp-\(UUID().uuidString)")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw AtomicFileError(.failed, path: shown, code: errno) }
    var writer = Writer(descriptor: descriptor)
    do {
      try body(&writer)
    } catch {
      close(descriptor)
      unlink(temporary.path)
      throw error
    }
    writer.flush()
    var failure = writer.failure
    if failure == nil, fchmod(descriptor, existingMode ?? newFileMode) != 0 { failure = errno }
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if let failure {
      unlink(temporary.path)
      throw AtomicFileError(.failed, path: shown, code: failure)
    }
    do {
      try beforeRename(temporary)
    } catch {
      throw AtomicFileError(.failed, path: shown, code: 0, reason: "\(error)")
    }
    guard rename(temporary.path, target.path) == 0 else {
      let code = errno
      unlink(temporary.path)
      throw AtomicFileError(.failed, path: shown, code: code)
    }
    // The rename is durable once the folder is flushed (a file system that cannot flush a
    // folder, EINVAL, makes it durable by itself).
    let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    var code = directoryDescriptor >= 0 ? 0 : errno
    if directoryDescriptor >= 0 {
      if fsync(directoryDescriptor) != 0, errno != EINVAL { code = errno }
      close(directoryDescriptor)
    }
    guard code == 0 else {
      throw AtomicFileError(
        .failed, path: shown, code: code,
        reason: "it was replaced, but its folder could not be flushed to disk ("
          + AtomicFileError.words(for: code) + ")")
    }
  }

  /// Buffers what ``AtomicFile/write(to:newFileMode:beforeRename:body:)`` writes and hands it to
  /// the temporary file in chunks of 64 KiB.
  ///
  /// A write that fails is remembered and every later one is skipped; the file is then not
  /// renamed into place and ``AtomicFile/write(to:newFileMode:beforeRename:body:)`` throws it.
  package struct Writer {
    private static let chunk = 1 << 16
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The `errno` of the first write that failed, if one did.
    package private(set) var failure: Int32?

    init(descriptor: Int32) {
      self.descriptor = descriptor
      buffer.reserveCapacity(Self.chunk)
    }

    /// Appends text, as UTF-8.
    package mutating func write(_ text: String) {
      guard failure == nil else { return }
      var text = text
      text.withUTF8 { buffer.append(contentsOf: $0) }
      if buffer.count >= Self.chunk { flush() }
    }

    /// Appends bytes.
    package mutating func write(_ data: Data) {
      guard failure == nil else { return }
      buffer.append(contentsOf: data)
      if buffer.count >= Self.chunk { flush() }
    }

    /// Hands the buffered bytes to the file.
    mutating func flush() {
      guard failure == nil else { return }
      let descriptor = descriptor
      var problem: Int32?
      buffer.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
          let written = writeBytes(descriptor, base + offset, bytes.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            problem = errno
            return
          }
          offset += written
        }
      }
      failure = problem
      buffer.removeAll(keepingCapacity: true)
    }
  }

  /// The file to write (links resolved) and the permissions of the file there, if any.
  private static func destination(_ url: URL) throws(AtomicFileError) -> (url: URL, mode: mode_t?) {
    let path = url.path
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      var link = stat()
      if code == ENOENT, lstat(path, &link) == 0 {
        throw AtomicFileError(.notAFile, path: path, code: 0, reason: "a symbolic link to nothing")
      }
      guard code == ENOENT else { throw AtomicFileError(.failed, path: path, code: code) }
      return (url, nil)
    }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG else {
      let what: String
      switch kind {
      case S_IFDIR: what = "a directory"
      case S_IFCHR, S_IFBLK: what = "a device"
      case S_IFIFO: what = "a FIFO (named pipe)"
      case S_IFSOCK: what = "a socket"
      default: what = "not a regular file"
      }
      throw AtomicFileError(.notAFile, path: path, code: 0, reason: what)
    }
    guard let resolved = realpath(path, nil) else { throw AtomicFileError(.failed, path: path, code: errno) }
    defer { free(resolved) }
    return (URL(fileURLWithPath: String(cString: resolved)), info.st_mode & 0o7777)
  }
}

/// Why a file could not be written; the destination is unchanged.
public struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: Sendable, Hashable {
    /// The destination is not a regular file nor a new path (``AtomicFileError/reason`` says
    /// what it is: `a device`); nothing was written.
    case notAFile
    /// A step of the write failed (a missing folder, a full disk).
    case failed
  }

  /// What went wrong.
  package var kind: Kind
  /// The destination, as given.
  package var path: String
  /// The `errno` value, or 0 when the failure did not come from the system.
  package var code: Int32
  /// The reason in words: `a device`, `the disk is full`.
  package var reason: String

  /// Creates an error; the reason defaults to words for `code`.
  package init(_ kind: Kind, path: String, code: Int32, reason: String? = nil) {
    self.kind = kind
    self.path = path
    self.code = code
    self.reason = reason ?? AtomicFileError.words(for: code)
  }

  /// `'PATH' is a device; planner writes only to a regular file or a new path`, or
  /// `cannot write 'PATH': REASON`.
  public var description: String {
    switch kind {
    case .notAFile: "'\(path)' is \(reason); planner writes only to a regular file or a new path"
    case .failed: "cannot write '\(path)': \(reason)"
    }
  }

  /// The reason for a system error, in words.
  static func words(for code: Int32) -> String {
    switch code {
    case ENOENT: "its folder does not exist"
    case ENOTDIR: "a part of its folder is not a folder"
    case ENOSPC: "the disk is full"
    case EDQUOT: "the disk quota is used up"
    case EACCES, EPERM: "permission denied"
    case EROFS: "the file system is read-only"
    case EISDIR: "it is a directory"
    default: String(cString: strerror(code))
    }
  }
}

/// The system's `write(2)`, named apart from ``AtomicFile/write(_:to:newFileMode:beforeRename:)``.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
