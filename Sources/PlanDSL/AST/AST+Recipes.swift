import Diagnostics

/// `recipe overnight_oats "Overnight oats" { … }`.
package struct RecipeDeclaration: Sendable, Hashable {
  package var name: Identifier
  package var displayName: StringLiteral?
  /// `serves 2`.
  package var serves: QuantityLiteral?
  /// `meal breakfast, snack`.
  package var meals: [Identifier]
  /// `time 25 min`.
  package var time: QuantityLiteral?
  package var ingredients: [IngredientLine]
  package var steps: [StringLiteral]
  package var tags: [Identifier]
  package var range: SourceRange
}

/// `1.5 cup milk`, `80 g oats`, `1 medium banana`, `1/2 cup lentils`, `2 eggs`.
package struct IngredientLine: Sendable, Hashable {
  /// The amount; its unit is a unit or one of the food's measures, or absent for a count.
  package var amount: QuantityLiteral
  package var food: Identifier
  package var range: SourceRange
}

/// Statements a `plan` gains for weekly meal plans built from recipes.
package enum MealPlanStatement: Sendable, Hashable {
  /// `meals breakfast, lunch, dinner, snack`.
  case meals([Identifier], SourceRange)
  /// `diet vegetarian, gluten-free`.
  case diet([Identifier], SourceRange)
  /// `avoid peanut, tofu`: a food, a tag or an allergen.
  case avoid([Identifier], SourceRange)
  /// `portions 0.5...2 step 0.5` or `portions whole`.
  case portions(QuantityLiteral?, QuantityLiteral?, QuantityLiteral?, SourceRange)
  /// `repeat at most 2 per week`, `repeat at most 2 cookings per week`.
  case repeatAtMost(QuantityLiteral, Identifier?, SourceRange)
  /// `repeat once per day`.
  case repeatOncePerDay(SourceRange)
  /// `repeat not on consecutive days`.
  case repeatNotConsecutive(SourceRange)
  /// `lock day 3 dinner lasagna`.
  case lock(QuantityLiteral, Identifier, Identifier, SourceRange)
  /// `leftovers dinner to lunch`.
  case leftovers(Identifier, Identifier, SourceRange)
  /// `allow snack foods banana, apples` / `allow snack recipes a, b`.
  case allow(Identifier, Identifier, [Identifier], SourceRange)
  /// `tie-break variety`.
  case tieBreak(Identifier, SourceRange)
  /// `household family`: plan the week for the members of a household.
  case household(Identifier, SourceRange)
}

extension MealPlanStatement {
  /// A key for "given twice" checks, and the statement's range.
  static func key(_ statement: MealPlanStatement) -> (String, SourceRange) {
    switch statement {
    case .meals(_, let r): ("meals", r)
    case .diet(_, let r): ("diet", r)
    case .avoid(_, let r): ("avoid", r)
    case .portions(_, _, _, let r): ("portions", r)
    case .repeatAtMost(_, _, let r): ("repeat at most", r)
    case .repeatOncePerDay(let r): ("repeat once per day", r)
    case .repeatNotConsecutive(let r): ("repeat not on consecutive days", r)
    case .lock(_, _, _, let r): ("lock", r)
    case .leftovers(_, _, let r): ("leftovers", r)
    case .allow(_, _, _, let r): ("allow", r)
    case .tieBreak(_, let r): ("tie-break", r)
    case .household(_, let r): ("household", r)
    }
  }
}
