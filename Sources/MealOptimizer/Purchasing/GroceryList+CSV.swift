internal import Diagnostics
import Foundation

extension GroceryList {
  /// The columns of ``csvText()``, in order.
  package static let csvColumns = [
    "kind", "store", "store_name", "category", "food", "name", "grams_needed", "packages", "package_grams",
    "package", "price", "cost", "grams_left", "use_by",
  ]

  /// The shopping list as CSV (RFC 4180: comma-separated, fields with a
  /// comma, quote or line break quoted, quotes doubled, a text a spreadsheet
  /// would take for a formula written with a leading `'`), one header line of
  /// ``csvColumns`` and then one row per line, sorted as the list is:
  ///
  /// - `item`: a line to buy (store, category, food, grams needed, packages,
  ///   package grams and name, package price, cost, grams left);
  /// - `trip`: a store visited, with its trip as the cost (for a list built
  ///   from grams too: every store a line is bought at);
  /// - `pantry`: stock the plan takes from home (grams in `grams_needed`);
  /// - `left`: what is left after the plan (grams in `grams_left`; an opened
  ///   package has its `package_grams`);
  /// - `total`: everything paid, trips included.
  ///
  /// Grams are rounded to 0.1 g; money is written as the list holds it.
  ///
  /// - Parameter stores: store names by identifier, for lists that carry no ``stores``.
  /// - Returns: the text, ending with a line break.
  package func csvText(storeNames: [String: String] = [:]) -> String {
    var names = storeNames
    for store in stores ?? [] { names[store.id] = store.name }
    func grams(_ value: Double?) -> String {
      guard let value else { return "" }
      let rounded = (value * 10).rounded() / 10
      return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
    func money(_ value: Decimal?) -> String { value.map { "\($0)" } ?? "" }
    var rows: [[String]] = [Self.csvColumns]
    for item in items {
      let package = item.packageName ?? ""
      rows.append([
        "item", item.store ?? "", item.store.flatMap { names[$0] } ?? "", item.category ?? "", item.food,
        item.name, grams(item.gramsNeeded ?? item.grams), item.loose == true ? "" : String(item.packages),
        grams(item.packageGrams), package, money(item.packagePrice), money(item.cost), grams(item.gramsLeft),
        "",
      ])
    }
    for store in visits {
      rows.append(["trip", store.id, store.name, "", "", "", "", "", "", "", "", money(store.trip), "", ""])
    }
    for use in fromPantry ?? [] {
      rows.append([
        "pantry", "", "", use.category ?? "", use.food, use.name, grams(use.grams), "", "", "", "", "", "",
        use.useBy ?? "",
      ])
    }
    for left in leftovers ?? [] {
      rows.append([
        "left", "", "", left.category ?? "", left.food, left.name, "", "", grams(left.packageGrams), "", "",
        "",
        grams(left.grams), left.useBy ?? "",
      ])
    }
    rows.append(["total", "", "", "", "", "", "", "", "", "", "", money(total), "", ""])
    return rows.map { $0.map { CSVField.encode($0, inertFormulas: true) }.joined(separator: ",") }.joined(
      separator: "\n") + "\n"
  }
}
