import Foundation
import MealOptimizer

/// `planner catalog`: tools for the food catalog, through the `import-sr28` subcommand.
enum CatalogCommand: CommandGroup {
  static let name = "catalog"
  static let abstract = "Build the food catalog file from the USDA SR28 ASCII release."
  static var subcommands: [any Command.Type] { [ImportSR28.self] }
}

/// `planner catalog import-sr28 DIR --output FILE`: builds the food catalog from the USDA SR28 release.
enum ImportSR28: TypedCommand {
  static let name = "catalog import-sr28"
  static let abstract = "Build the food catalog file from the USDA SR28 ASCII release."
  static let discussion = """
    Reads FD_GROUP, NUTR_DEF, FOOD_DES, NUT_DATA and WEIGHT (Latin-1, '^'-separated, '~'-quoted)
    and writes the compact catalog that planner bundles. Scripts/import-catalog.sh regenerates the
    bundled resource with it.
    """

  struct Options: CommandOptions {
    var directory: String?
    var output: String?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .argument("sr28-directory", \.directory, "The folder holding the SR28 .txt files."),
        .option("output", short: "o", \.output, value: "FILE", required: true, "Where to write the catalog."),
      ]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let directory = options.directory, let output = options.output else {
      throw .internalError("import-sr28 ran without its checked options")
    }
    let positionals = ["import-sr28", directory]
    try OutputFile.checkTarget(output, option: "output")
    let started = Date()
    let catalog: FoodCatalog
    do throws(SR28ImportError) {
      catalog = try SR28Importer.importCatalog(from: URL(fileURLWithPath: positionals[1]))
    } catch {
      throw .invalidInput("\(error)")
    }
    let data: Data
    do {
      data = try catalog.serialized()
    } catch {
      throw .invalidInput("cannot serialize the catalog: \(error)")
    }
    try OutputFile.write(data, to: output, option: "output")
    let seconds = Date().timeIntervalSince(started)
    console.out(
      "wrote \(output.escapedForTerminal): \(catalog.count) foods, \(catalog.nutrients.count) nutrients, "
        + "\(data.count) bytes in " + String(format: "%.2f s", seconds) + "\n")
  }
}
