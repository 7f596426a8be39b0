import Foundation
import MealOptimizer

/// `planner catalog import-sr28 DIR -o FILE`: builds the food catalog from the USDA SR28 release.
enum CatalogCommand: Command {
  static let info = CommandInfo(
    name: "catalog",
    abstract: "Build the food catalog file from the USDA SR28 ASCII release.",
    usage: "planner catalog import-sr28 <sr28-directory> --output FILE",
    discussion: """
      Reads FD_GROUP, NUTR_DEF, FOOD_DES, NUT_DATA and WEIGHT (Latin-1, '^'-separated, '~'-quoted)
      and writes the compact catalog that planner bundles. Scripts/import-catalog.sh regenerates the
      bundled resource with it.
      """,
    arguments: [("import-sr28 <dir>", "The folder holding the SR28 .txt files.")],
    options: [.option("output", short: "o", value: "FILE", "Where to write the catalog.")]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    let positionals = try arguments.positionals(
      exactly: ["an action (import-sr28)", "the SR28 folder"], command: info.name)
    guard positionals[0] == "import-sr28" else {
      throw .usage("unknown action '\(positionals[0])' for 'planner catalog'", hint: "use 'import-sr28'")
    }
    guard let output = arguments.value("output") else {
      throw .usage("missing '--output FILE' for 'planner catalog import-sr28'", hint: nil)
    }
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
