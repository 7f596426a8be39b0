import Foundation

/// A `.plan` file with every file it includes, as texts: what a job solves.
///
/// Paths are relative to the root file's folder and use `/` (`family.plan`,
/// `shared/pantry.plan`); a source is stored once however many jobs solve it
/// (``JobQueue/store(_:)``).
///
/// ```swift
/// let source = PlanSource(root: "week.plan", files: ["week.plan": text])
/// ```
public struct PlanSource: Sendable, Hashable, Codable {
  /// The path of the file that is solved, a key of ``files``.
  public var root: String
  /// Every file's text by its path.
  public var files: [String: String]

  /// Creates a source.
  public init(root: String, files: [String: String]) {
    self.root = root
    self.files = files
  }

  /// Checks that the root is among the files and that every path is relative, without `..`.
  ///
  /// - Throws: ``QueueError/invalidJob(_:)``.
  public func validate() throws(QueueError) {
    guard files[root] != nil else {
      throw .invalidJob("the plan source's root '\(root)' is not among its files")
    }
    for path in files.keys {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      if path.isEmpty || path.hasPrefix("/") || parts.contains("..") || parts.contains("") {
        throw .invalidJob("'\(path)' is not a relative path below the plan's folder")
      }
      if path.utf8.contains(0) || files[path]?.utf8.contains(0) == true {
        throw .invalidJob("'\(path)' holds a NUL character")
      }
    }
  }

  /// The JSON text stored and hashed: keys sorted, so the same files give the same text.
  func canonicalJSON() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding a dictionary of strings cannot fail.
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
