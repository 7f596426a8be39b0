import Foundation

/// The one way planner writes a file: whole, atomically, and never over what is not a file.
///
/// Every output (`-o`/`--output`, `--pantry-out`, `--junit`, the journal and its history,
/// the outbox, exports) goes through ``write(_:to:newFileMode:beforeRename:)``:
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
public enum AtomicFile {
  /// Checks that `url` may be written, following symbolic links, before any work is done.
  ///
  /// - Returns: The file to replace or create: `url` with every symbolic link resolved.
  /// - Throws: ``AtomicFileError`` of kind ``AtomicFileError/Kind/notAFile`` for a directory,
  ///   a device, a FIFO, a socket or a link to nothing; ``AtomicFileError/Kind/failed`` when
  ///   the path cannot be examined.
  @discardableResult
  public static func checkDestination(_ url: URL) throws(AtomicFileError) -> URL {
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
  public static func write(
    _ data: Data, to url: URL, newFileMode: mode_t = 0o600, beforeRename: (URL) throws -> Void = { _ in }
  ) throws(AtomicFileError) {
    let (target, existingMode) = try destination(url)
    let shown = url.path
    let directory = target.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).tmp-\(UUID().uuidString)")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw AtomicFileError(.failed, path: shown, code: errno) }
    var failure: Int32?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = writeBytes(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
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
  public enum Kind: Sendable, Hashable {
    /// The destination is not a regular file nor a new path (``AtomicFileError/reason`` says
    /// what it is: `a device`); nothing was written.
    case notAFile
    /// A step of the write failed (a missing folder, a full disk).
    case failed
  }

  /// What went wrong.
  public var kind: Kind
  /// The destination, as given.
  public var path: String
  /// The `errno` value, or 0 when the failure did not come from the system.
  public var code: Int32
  /// The reason in words: `a device`, `the disk is full`.
  public var reason: String

  /// Creates an error; the reason defaults to words for `code`.
  public init(_ kind: Kind, path: String, code: Int32, reason: String? = nil) {
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
