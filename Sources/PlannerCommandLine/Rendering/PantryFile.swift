import Foundation
import MealOptimizer

/// The pantry after a plan, as a `.plan` file: a `pantry` block another plan can include.
enum PantryFile {
  /// The file's text: one line per lot left (`224 g olive_oil category "oils" use by 2027-03-01`),
  /// opened packages noted in a comment.
  ///
  /// - Parameters:
  ///   - name: the pantry's name (`after_week` after plan `week`), which next week's plan names.
  ///   - plan: the plan that left it, for the header comment.
  ///   - leftovers: the plan's ``GroceryList/leftovers``.
  static func text(name: String, plan: String, leftovers: [PantryAmount]) -> String {
    var out = "// The pantry after plan '\(plan)': what was at home and not eaten, and the rest\n"
    out += "// of the packages it bought. Written by 'planner solve --pantry-out'.\n\n"
    out += "pantry \(name) {\n"
    for item in leftovers where item.grams >= 0.05 {
      var line = "  \(grams(item.grams)) g \(item.food)"
      if let category = item.category { line += " category \"\(escaped(category))\"" }
      if let useBy = item.useBy { line += " use by \(useBy)" }
      if let package = item.packageGrams { line += "  // opened: the rest of a \(grams(package)) g package" }
      out += line + "\n"
    }
    return out + "}\n"
  }

  /// Grams with at most one decimal and no thousands separator, as the language reads them.
  static func grams(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }
}
