import Foundation

/// What a child process reads on its standard input, held in a private
/// temporary file (mode 0600) rather than a pipe: a child that never reads
/// its input can then neither block planner on a full pipe nor kill it with
/// SIGPIPE. The file is closed and removed by ``remove()`` (call it in a
/// `defer`, which also keeps the file until the child has been started) or
/// when the value goes away.
struct PrivateInputFile: ~Copyable {
  let url: URL
  /// Open for reading, at the start: give it to `Process.standardInput`.
  let handle: FileHandle

  /// Writes `contents` to a new file named `prefix`-UUID.json in the temporary
  /// folder; `nil` when it cannot be written or opened.
  init?(_ contents: Data, prefix: String) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString).json")
    guard
      FileManager.default.createFile(
        atPath: url.path, contents: contents, attributes: [.posixPermissions: 0o600])
    else { return nil }
    guard let handle = try? FileHandle(forReadingFrom: url) else {
      try? FileManager.default.removeItem(at: url)
      return nil
    }
    self.url = url
    self.handle = handle
  }

  /// Closes and removes the file (again, harmlessly, if it was already).
  func remove() {
    try? handle.close()
    try? FileManager.default.removeItem(at: url)
  }

  deinit { remove() }
}
