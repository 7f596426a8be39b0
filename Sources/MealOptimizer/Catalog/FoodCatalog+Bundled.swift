import Foundation

extension FoodCatalog {
  /// The name of the bundled catalog resource.
  public static let bundledResourceName = "usda-sr28.plancat"

  /// Loads the catalog bundled with the package: the 8,789 foods of USDA SR28.
  ///
  /// Each call decodes the resource afresh; keep the result if you need it again.
  ///
  /// - Returns: The catalog.
  /// - Throws: ``FoodCatalogError`` when the resource is missing or damaged.
  /// - Complexity: O(*n*) in the size of the resource (a few milliseconds in a release build).
  public static func bundled() throws(FoodCatalogError) -> FoodCatalog {
    guard
      let url = Bundle.module.url(
        forResource: "usda-sr28", withExtension: "plancat", subdirectory: "Resources")
    else {
      throw .resourceMissing(name: bundledResourceName)
    }
    return try FoodCatalog(contentsOf: url)
  }

  /// Loads a catalog file written by ``serialized()``.
  ///
  /// - Parameter url: The file's location.
  /// - Throws: ``FoodCatalogError``.
  public init(contentsOf url: URL) throws(FoodCatalogError) {
    let data: Data
    do {
      data = try Data(contentsOf: url, options: .mappedIfSafe)
    } catch {
      throw .unreadableFile(path: url.path, reason: error.localizedDescription)
    }
    try self.init(serialized: data)
  }
}
