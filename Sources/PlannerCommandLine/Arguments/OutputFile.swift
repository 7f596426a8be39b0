import Foundation
import HealthRules

/// The command line's side of ``HealthRules/AtomicFile``, the one output policy (a regular
/// file or a new path, symbolic links written through, a temporary file renamed into place):
/// its errors as ``CLIError``s that name the option.
enum OutputFile {
  /// Checks that `path` may be written, before any work is done.
  ///
  /// - Throws: ``CLIError/usage`` for a directory, device, FIFO, socket or link to nothing;
  ///   ``CLIError/outputFailed`` for a path that cannot be examined.
  static func checkTarget(_ path: String, option: String) throws(CLIError) {
    do throws(AtomicFileError) {
      try AtomicFile.checkDestination(URL(fileURLWithPath: path))
    } catch {
      throw CLIError(error, option: option)
    }
  }

  /// Writes `data` to `path` through a temporary file and a rename; a new file gets the
  /// usual permissions (0666 less the umask).
  ///
  /// - Throws: ``CLIError`` naming the path and the reason, in words.
  static func write(_ data: Data, to path: String, option: String) throws(CLIError) {
    do throws(AtomicFileError) {
      try AtomicFile.write(data, to: URL(fileURLWithPath: path), newFileMode: 0o666 & ~currentUmask())
    } catch {
      throw CLIError(error, option: option)
    }
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }
}
