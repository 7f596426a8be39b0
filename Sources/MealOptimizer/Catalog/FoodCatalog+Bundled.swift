internal import Diagnostics
import Foundation

extension FoodCatalog {
  /// The name of the bundled catalog resource.
  package static let bundledResourceName = "usda-sr28.plancat"

  /// Loads the catalog bundled with the package: the 8,789 foods of USDA SR28.
  ///
  /// The resource is read lazily: the first call decodes it (a few
  /// milliseconds in a release build) and every later call, from any thread,
  /// returns the same catalog. A program that never asks for it never reads it.
  ///
  /// - Returns: The catalog.
  /// - Throws: ``FoodCatalogError`` when the resource is missing or damaged.
  /// - Complexity: O(*n*) in the size of the resource on the first call, O(1) after.
  public static func bundled() throws(FoodCatalogError) -> FoodCatalog {
    try bundledOnce.get()
  }

  /// The bundled catalog, decoded on first use (a static `let` is initialised
  /// lazily and exactly once).
  private static let bundledOnce: Result<FoodCatalog, FoodCatalogError> = Result {
    () throws(FoodCatalogError) -> FoodCatalog in try decodeBundled()
  }

  /// Where the bundled catalog resource is, or `nil` when the bundle lacks it.
  ///
  /// ``FoodCatalog/init(contentsOf:)`` on this URL decodes a fresh copy (the
  /// catalog benchmark times that).
  package static var bundledResourceURL: URL? {
    Bundle.module.url(forResource: "usda-sr28", withExtension: "plancat", subdirectory: "Resources")
  }

  private static func decodeBundled() throws(FoodCatalogError) -> FoodCatalog {
    guard let url = bundledResourceURL else {
      throw .resourceMissing(name: bundledResourceName)
    }
    return try FoodCatalog(contentsOf: url)
  }

  /// Loads a catalog file written by ``serialized()``.
  ///
  /// - Parameter url: The file's location.
  /// - Throws: ``FoodCatalogError``.
  package init(contentsOf url: URL) throws(FoodCatalogError) {
    let data: Data
    do throws(RegularFileError) {
      data = try RegularFile.contents(of: url.path)
    } catch {
      throw .unreadableFile(path: url.path, reason: error.reason)
    }
    try self.init(serialized: data)
  }
}
