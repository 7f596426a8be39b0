import Foundation

/// Why a path cannot be read as a regular file, as a plain phrase.
///
/// Readers of this package (readings files, `.plan` files and their
/// includes, catalogs, the SR28 files) read only regular files: a FIFO would block, a device could be
/// endless, and a directory or a loop of symbolic links is a mistake worth
/// naming. System errors become short phrases ("no such file", "permission
/// denied"), never a raw domain and code.
package enum RegularFile {
  /// The reason `path` cannot be read, or `nil` when it is a readable regular file.
  package static func problem(at path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      var link = stat()
      if code == ENOENT, lstat(path, &link) == 0 { return "is a symbolic link to nothing" }
      return phrase(for: code)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return "is a directory"
    case S_IFIFO: return "is a FIFO (named pipe), not a regular file"
    case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
    case S_IFSOCK: return "is a socket, not a regular file"
    default: return "is not a regular file"
    }
    guard access(path, R_OK) == 0 else { return phrase(for: errno) }
    return nil
  }

  /// A short phrase for an `errno` value.
  package static func phrase(for code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case ENOTDIR: "a folder on the path is a file"
    case ELOOP: "is a loop of symbolic links"
    case EACCES, EPERM: "permission denied"
    case ENAMETOOLONG: "the path is too long"
    default: String(cString: strerror(code)).lowercased()
    }
  }

  /// The whole contents of the regular file at `path`.
  ///
  /// - Throws: the reason as a phrase ("is a FIFO (named pipe), not a regular
  ///   file", "no such file"), never a raw domain and code.
  package static func contents(of path: String) throws(RegularFileError) -> Data {
    if let problem = problem(at: path) { throw RegularFileError(path: path, reason: problem) }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
    } catch {
      let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
      let code = underlying?.domain == NSPOSIXErrorDomain ? Int32(underlying?.code ?? 0) : 0
      throw RegularFileError(path: path, reason: code != 0 ? phrase(for: code) : "the file could not be read")
    }
  }
}

/// A file that could not be read, with the reason as a phrase.
package struct RegularFileError: Error, Sendable, Hashable {
  /// The path as given.
  package var path: String
  /// Why, as a phrase: `no such file`, `is a directory`.
  package var reason: String
}
