import Foundation

/// A `.plan` file with every file it reads (its includes, the readings files its tests name),
/// as texts: what a job solves.
///
/// Paths are kept as `planner` read them, relative to ``directory`` or absolute, so that the
/// worker loads the plan, and writes the paths into its JSON, exactly as `planner solve` run
/// in that directory does. A source is stored once however many jobs solve it
/// (``JobQueue/store(_:)``).
///
/// ```swift
/// let source = PlanSource(root: "week.plan", files: ["week.plan": text], directory: "/srv/plans")
/// ```
package struct PlanSource: Sendable, Hashable, Codable {
  /// The path of the file that is solved, a key of ``files``.
  package var root: String
  /// Every file's text by its path.
  package var files: [String: String]
  /// The absolute directory relative paths are relative to (where `planner enqueue` ran).
  package var directory: String

  /// Creates a source.
  package init(root: String, files: [String: String], directory: String) {
    self.root = root
    self.files = files
    self.directory = directory
  }

  /// Checks that the root is among the files, that the directory is absolute and that no
  /// path or text holds a NUL character (PostgreSQL text cannot).
  ///
  /// - Throws: ``QueueError/invalidJob(_:)``.
  package func validate() throws(QueueError) {
    guard files[root] != nil else {
      throw .invalidJob("the plan source's root '\(root)' is not among its files")
    }
    guard directory.hasPrefix("/") else {
      throw .invalidJob("the plan source's directory '\(directory)' is not an absolute path")
    }
    for (path, text) in files where path.isEmpty || path.utf8.contains(0) || text.utf8.contains(0) {
      throw .invalidJob("'\(path)' is empty or holds a NUL character")
    }
  }

  /// The JSON text stored and hashed: keys sorted, so the same files give the same text.
  func canonicalJSON() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding strings cannot fail.
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
