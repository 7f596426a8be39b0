import Diagnostics
import Foundation

/// A name as written, with where it was written.
package struct Identifier: Sendable, Hashable {
  package var name: String
  package var range: SourceRange
}

/// A string literal with its range.
package struct StringLiteral: Sendable, Hashable {
  package var value: String
  package var range: SourceRange
}

/// A unit as written after a number: `g`, `mg/dL`, `fl oz`, `%`, `USD`, or a food's measure (`cup`, `block`).
package struct UnitName: Sendable, Hashable {
  package var text: String
  package var range: SourceRange
}

/// A number with an optional unit: `2300 mg`, `10%`, `3.49 USD`, `7`.
///
/// Kept in 64 bytes (a food's nutrition holds one per figure): the fields are in
/// the order that packs them, and the number's range is its end alone, since it
/// starts where ``range`` starts.
package struct QuantityLiteral: Sendable, Hashable {
  /// The value exactly as written.
  package var value: Decimal
  package var range: SourceRange
  package var unit: UnitName?
  /// Where the number alone ends.
  private var numberEnd: UInt32

  package init(value: Decimal, unit: UnitName?, range: SourceRange, numberRange: SourceRange) {
    self.value = value
    self.range = range
    self.unit = unit
    self.numberEnd = UInt32(clamping: numberRange.end)
  }

  /// The range of the number alone: from where ``range`` starts.
  package var numberRange: SourceRange {
    get { SourceRange(file: range.file, start: range.start, end: Int(numberEnd)) }
    set { numberEnd = UInt32(clamping: newValue.end) }
  }
}

/// A bound on an amount: `>= 90 g`, `<= 2300 mg`, `1800...2200 kcal`, `== 3 g`.
package struct BoundLiteral: Sendable, Hashable {
  package enum Kind: Sendable, Hashable {
    case atLeast(QuantityLiteral)
    case atMost(QuantityLiteral)
    case exactly(QuantityLiteral)
    case between(QuantityLiteral, QuantityLiteral)
  }
  package var kind: Kind
  package var range: SourceRange

  /// Every quantity in the bound.
  package var quantities: [QuantityLiteral] {
    switch kind {
    case .atLeast(let q), .atMost(let q), .exactly(let q): [q]
    case .between(let a, let b): [a, b]
    }
  }
}

/// `per day` or `per week`, as written.
package struct PeriodLiteral: Sendable, Hashable {
  package var period: Identifier
}

/// One top-level declaration of a `.plan` file.
package enum Declaration: Sendable, Hashable {
  case use(UseDeclaration)
  case include(IncludeDeclaration)
  case store(StoreDeclaration)
  case food(FoodDeclaration)
  case goal(GoalDeclaration)
  case plan(PlanDeclaration)
  case rules(RulesDeclaration)
  case test(TestDeclaration)
  case recipe(RecipeDeclaration)
  case pantry(PantryDeclaration)
  case household(HouseholdDeclaration)
  case adapt(AdaptDeclaration)

  /// The declared name, for declarations that have one.
  package var name: Identifier? {
    switch self {
    case .use, .include: nil
    case .store(let d): d.name
    case .food(let d): d.name
    case .goal(let d): d.name
    case .plan(let d): d.name
    case .rules(let d): d.name
    case .recipe(let d): d.name
    case .pantry(let d): d.name
    case .household(let d): d.name
    case .test, .adapt: nil
    }
  }

  /// The keyword that introduces it.
  package var keyword: String {
    switch self {
    case .use: "use"
    case .include: "include"
    case .store: "store"
    case .food: "food"
    case .goal: "goal"
    case .plan: "plan"
    case .rules: "rules"
    case .test: "test"
    case .recipe: "recipe"
    case .pantry: "pantry"
    case .household: "household"
    case .adapt: "adapt"
    }
  }
}

/// `use catalog "usda-sr28"`.
package struct UseDeclaration: Sendable, Hashable {
  package var catalog: StringLiteral
  package var range: SourceRange
}

/// `include "pantry.plan"`.
package struct IncludeDeclaration: Sendable, Hashable {
  package var path: StringLiteral
  package var range: SourceRange
}

/// `store aldi "Aldi" { trip 2 USD }`.
package struct StoreDeclaration: Sendable, Hashable {
  package var name: Identifier
  package var displayName: StringLiteral?
  package var tripCost: QuantityLiteral?
  package var range: SourceRange
}

/// `food tofu "Tofu, firm" { … }` or `food oats = usda 08120 { … }`.
package struct FoodDeclaration: Sendable, Hashable {
  /// Where a catalog food comes from: `usda 08120` or `usda "Oats, rolled"`.
  package enum CatalogReference: Sendable, Hashable {
    case number(String, SourceRange)
    case description(StringLiteral)

    package var range: SourceRange {
      switch self {
      case .number(_, let r): r
      case .description(let s): s.range
      }
    }
  }

  package var name: Identifier
  package var displayName: StringLiteral?
  package var catalog: CatalogReference?
  package var nutrition: [NutritionBlock]
  package var measures: [MeasureStatement]
  package var density: QuantityLiteral?
  package var prices: [PriceStatement]
  package var tags: [Identifier]
  /// Tags removed from a catalog food's derived tags (`untag vegan`).
  package var removedTags: [Identifier]
  package var range: SourceRange
}

/// `per 100 g { energy 144 kcal; protein 17.3 g }`.
package struct NutritionBlock: Sendable, Hashable {
  package var amount: QuantityLiteral
  package var entries: [NutrientAmount]
  package var range: SourceRange
}

/// `protein 17.3 g`.
package struct NutrientAmount: Sendable, Hashable {
  package var nutrient: Identifier
  package var amount: QuantityLiteral
}

/// `measure block = 396 g`.
package struct MeasureStatement: Sendable, Hashable {
  package var name: Identifier
  package var amount: QuantityLiteral
  package var range: SourceRange
}

/// `price 2.29 USD per block at aldi`.
package struct PriceStatement: Sendable, Hashable {
  package var price: QuantityLiteral
  /// The package: `42 oz`, `block` (one measure), `12 large`.
  package var package: QuantityLiteral
  package var store: Identifier?
  /// `loose`: sold by weight, any amount at the price per package.
  package var loose = false
  package var range: SourceRange
}

/// `pantry home "At home" { 2 kg rice; 6 large eggs category "baking" use by 2026-12-05 }`.
package struct PantryDeclaration: Sendable, Hashable {
  package var name: Identifier
  package var displayName: StringLiteral?
  package var lines: [PantryLine]
  package var range: SourceRange
}

/// One line of a pantry: `AMOUNT [UNIT] FOOD [category "…"] [use by DATE]`.
package struct PantryLine: Sendable, Hashable {
  package var amount: QuantityLiteral
  package var food: Identifier
  package var category: StringLiteral?
  /// The use-by date token (`2026-12-05`).
  package var useBy: Token?
  package var range: SourceRange
}

/// `goal moderate { … }`.
package struct GoalDeclaration: Sendable, Hashable {
  package var name: Identifier
  package var displayName: StringLiteral?
  package var entries: [GoalEntry]
  package var range: SourceRange
}

/// `protein >= 90 g per day`, `saturated_fat <= 10% of energy per day`.
package struct GoalEntry: Sendable, Hashable {
  package var nutrient: Identifier
  package var bound: BoundLiteral
  /// Set when the bound is a percent of energy (`of energy`).
  package var ofEnergy: Identifier?
  package var period: PeriodLiteral?
  package var range: SourceRange
}

/// `plan week { … }`.
package struct PlanDeclaration: Sendable, Hashable {
  package var name: Identifier
  package var displayName: StringLiteral?
  package var statements: [PlanStatement]
  package var range: SourceRange
}

/// One statement inside a `plan` block.
package enum PlanStatement: Sendable, Hashable {
  /// `days 7`.
  case days(QuantityLiteral, SourceRange)
  /// `goal moderate` (several goals may be listed).
  case goals([Identifier], SourceRange)
  /// `budget 60 USD per week`.
  case budget(QuantityLiteral, PeriodLiteral?, SourceRange)
  /// `foods oats, tofu, milk`: restrict the plan to these foods.
  case foods([Identifier], SourceRange)
  /// `limit oats <= 200 g per day`, `limit milk + ice_cream <= 6 servings per day`.
  case limit([Identifier], BoundLiteral, PeriodLiteral?, SourceRange)
  /// `minimize cost`, `maximize protein`.
  case objective(Identifier, Identifier, SourceRange)
  /// `whole servings` / `servings of 100 g`: quantities in whole servings.
  case wholeServings([Identifier], SourceRange)
  /// `currency USD`.
  case currency(Identifier, SourceRange)
  /// A statement of a weekly meal plan (`meals`, `diet`, `repeat`, …).
  case meal(MealPlanStatement)
  /// `pantry home`: the stock the plan draws on first.
  case pantry(Identifier, SourceRange)
  /// `stores aldi, market`: the stores the plan may buy at.
  case stores([Identifier], SourceRange)
  /// `stores at most 2`.
  case storeLimit(QuantityLiteral, SourceRange)
  /// `leftovers worth 50%`: what the plan buys and does not eat is credited
  /// at this share of its price per gram.
  case leftoverCredit(QuantityLiteral, SourceRange)
  /// `start 2026-12-01`: the date of day 1, for use-by dates.
  case start(Token, SourceRange)
}

/// A parsed file: its declarations in order.
package struct SourceFileSyntax: Sendable, Hashable {
  package var file: Int
  package var declarations: [Declaration]
}
