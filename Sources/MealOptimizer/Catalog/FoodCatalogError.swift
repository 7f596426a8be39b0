import Foundation

/// Why a catalog file could not be loaded.
public enum FoodCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The bundled catalog resource is missing from the package.
  case resourceMissing(name: String)
  /// The file could not be read.
  case unreadableFile(path: String, reason: String)
  /// The data is not a catalog file (wrong magic bytes or version).
  case notACatalog
  /// The data ends early or holds an impossible value at a byte offset.
  case corrupt(offset: Int, reason: String)

  public var description: String {
    switch self {
    case .resourceMissing(let name): "the bundled food catalog '\(name)' is missing from the package"
    case .unreadableFile(let path, let reason): "cannot read the food catalog '\(path)': \(reason)"
    case .notACatalog: "not a planner food catalog file (or a version this build cannot read)"
    case .corrupt(let offset, let reason): "the food catalog is damaged at byte \(offset): \(reason)"
    }
  }
}

extension FoodCatalogError: LocalizedError {
  /// The same text as `description`, for `localizedDescription`.
  public var errorDescription: String? { description }
}
