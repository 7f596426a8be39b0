// catalog-bench: times loading the bundled food catalog and searching it.
// Run through Benchmarks/catalog/run.sh (a release build).
import Foundation
import MealOptimizer

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

// `catalog-bench show QUERY...` prints the top results of each query with their
// tags instead of timing anything: a tuning aid for the ranking and tag rules.
if CommandLine.arguments.dropFirst().first == "show" {
  let catalog = try FoodCatalog.bundled()
  for query in CommandLine.arguments.dropFirst(2) {
    print("== \(query)")
    for match in catalog.search(query, limit: 6) {
      let tags = catalog.food(ndbNumber: match.ndbNumber)?.tags.sorted().joined(separator: ",") ?? ""
      print(
        String(format: "%6.1f", match.score), match.ndbNumber, match.description, "|", match.group, "|", tags)
    }
  }
  exit(0)
}
// `catalog-bench dump` lists every food with its group and tags, to review the tag rules.
if CommandLine.arguments.dropFirst().first == "dump" {
  for food in try FoodCatalog.bundled().foods {
    print(
      food.ndbNumber ?? "", food.name, "|", food.group ?? "", "|", food.tags.sorted().joined(separator: ","))
  }
  exit(0)
}

let runs = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 20
var loads: [Double] = []
var catalog: FoodCatalog?
// Decode the resource afresh each run: FoodCatalog.bundled() caches the first load.
guard let resource = FoodCatalog.bundledResourceURL else { fatalError("the bundled catalog is missing") }
for _ in 0..<runs {
  loads.append(try milliseconds { catalog = try FoodCatalog(contentsOf: resource) })
}
guard let catalog else { fatalError("no catalog") }

let queries = [
  "greek yogurt", "rolled oats", "banana", "chicken breast", "brown rice", "lentils", "whole milk", "cheddar",
  "peanut butter", "broccoli",
]
var searches: [Double] = []
var checksum = 0
for _ in 0..<runs {
  for query in queries {
    searches.append(milliseconds { checksum &+= catalog.search(query, limit: 20).count })
  }
}
var filtered: [Double] = []
let filter = CatalogSearchFilter(tags: ["vegan"], conditions: [NutrientCondition("protein", .atLeast, 20)])
for _ in 0..<runs {
  filtered.append(milliseconds { checksum &+= catalog.search("", filters: filter, limit: 20).count })
}
var suggestions: [Double] = []
for _ in 0..<runs {
  suggestions.append(milliseconds { checksum &+= catalog.closeMatches(for: "Chese, chedar").count })
}
var lookups: [Double] = []
for _ in 0..<runs {
  lookups.append(milliseconds { checksum &+= catalog.food(ndbNumber: "08120")?.nutrientsPer100g.count ?? 0 })
}

print("catalog: \(catalog.count) foods, \(catalog.nutrients.count) nutrients")
print(
  String(
    format: "load (fresh decode), median of %d: %.2f ms  (min %.2f, max %.2f; target < 100 ms)",
    runs, median(loads), loads.min() ?? 0, loads.max() ?? 0))
print(
  String(
    format: "search, median of %d (%d everyday queries x %d): %.3f ms  (max %.3f; target < 20 ms)",
    searches.count, queries.count, runs, median(searches), searches.max() ?? 0))
print(String(format: "filtered scan (vegan, protein >= 20 g), median of %d: %.3f ms", runs, median(filtered)))
print(String(format: "closeMatches (\"Chese, chedar\"), median of %d: %.3f ms", runs, median(suggestions)))
print(String(format: "food(ndbNumber:) materialisation, median of %d: %.4f ms", runs, median(lookups)))
print("checksum \(checksum)")
