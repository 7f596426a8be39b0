import Foundation

/// Writes a file a command was asked to produce (`--junit`, `--output`)
/// without overwriting what is not ours.
///
/// The target must be a regular file or absent; a directory, a device, a FIFO
/// or a socket is refused before anything is written. A symbolic link is
/// followed and its target checked the same way. The data go to a temporary
/// file in the target's folder, which is then renamed over the target: a
/// reader never sees half a file, and a failed write leaves the old file as it
/// was. An existing file keeps its permissions.
enum OutputFile {
  /// Checks that `path` may be written, before any work is done.
  ///
  /// - Throws: ``CLIError/usage`` for a directory, device, FIFO or socket;
  ///   ``CLIError/invalidInput`` for a path that cannot be examined.
  static func checkTarget(_ path: String, option: String) throws(CLIError) {
    _ = try target(path, option: option)
  }

  /// Writes `data` to `path` through a temporary file and a rename.
  ///
  /// - Throws: ``CLIError`` naming the path and the reason, in words.
  static func write(_ data: Data, to path: String, option: String) throws(CLIError) {
    let (resolved, existing) = try target(path, option: option)
    let folder = (resolved as NSString).deletingLastPathComponent
    let name = (resolved as NSString).lastPathComponent
    var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).planner-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { throw failure(path, errno) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var ok = true
    var code: Int32 = 0
    data.withUnsafeBytes { bytes in
      var offset = 0
      while ok, offset < bytes.count, let base = bytes.baseAddress {
        let count = Foundation.write(descriptor, base + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        if count <= 0 {
          ok = false
          code = count < 0 ? errno : EIO
        } else {
          offset += count
        }
      }
    }
    let mode = existing.map { $0 & 0o7777 } ?? (0o666 & ~currentUmask())
    if ok, fchmod(descriptor, mode) != 0 {
      ok = false
      code = errno
    }
    if close(descriptor) != 0, ok {
      ok = false
      code = errno
    }
    if ok, rename(temporary, resolved) != 0 {
      ok = false
      code = errno
    }
    if !ok {
      unlink(temporary)
      throw failure(path, code)
    }
  }

  /// The path to write (symbolic links resolved) and the mode of the file there, if any.
  private static func target(_ path: String, option: String) throws(CLIError) -> (String, mode_t?) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      guard code == ENOENT else { throw failure(path, code) }
      var link = stat()
      if lstat(path, &link) == 0 {
        throw .usage("'--\(option) \(path.escapedForTerminal)' is a symbolic link to nothing", hint: nil)
      }
      return (path, nil)
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
      throw .usage(
        "'--\(option) \(path.escapedForTerminal)' is \(what); planner writes only to a regular file or a new path",
        hint: "give the path of a file to create or replace")
    }
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    return (resolved, info.st_mode)
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  private static func failure(_ path: String, _ code: Int32) -> CLIError {
    .invalidInput("cannot write '\(path.escapedForTerminal)': \(String(cString: strerror(code)))")
  }
}
