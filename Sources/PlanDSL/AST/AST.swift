import Foundation

/// A name as written, with where it was written.
public struct Identifier: Sendable, Hashable {
  public var name: String
  public var range: SourceRange
}

/// A string literal with its range.
public struct StringLiteral: Sendable, Hashable {
  public var value: String
  public var range: SourceRange
}

/// A unit as written after a number: `g`, `mg/dL`, `fl oz`, `%`, `USD`, or a food's measure (`cup`, `block`).
public struct UnitName: Sendable, Hashable {
  public var text: String
  public var range: SourceRange
}

/// A number with an optional unit: `2300 mg`, `10%`, `3.49 USD`, `7`.
public struct QuantityLiteral: Sendable, Hashable {
  /// The value exactly as written.
  public var value: Decimal
  public var unit: UnitName?
  public var range: SourceRange
  /// The range of the number alone.
  public var numberRange: SourceRange
}

/// A bound on an amount: `>= 90 g`, `<= 2300 mg`, `1800...2200 kcal`, `== 3 g`.
public struct BoundLiteral: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case atLeast(QuantityLiteral)
    case atMost(QuantityLiteral)
    case exactly(QuantityLiteral)
    case between(QuantityLiteral, QuantityLiteral)
  }
  public var kind: Kind
  public var range: SourceRange

  /// Every quantity in the bound.
  public var quantities: [QuantityLiteral] {
    switch kind {
    case .atLeast(let q), .atMost(let q), .exactly(let q): [q]
    case .between(let a, let b): [a, b]
    }
  }
}

/// `per day` or `per week`, as written.
public struct PeriodLiteral: Sendable, Hashable {
  public var period: Identifier
}

/// One top-level declaration of a `.plan` file.
public enum Declaration: Sendable, Hashable {
  case use(UseDeclaration)
  case include(IncludeDeclaration)
  case store(StoreDeclaration)
  case food(FoodDeclaration)
  case goal(GoalDeclaration)
  case plan(PlanDeclaration)
  case rules(RulesDeclaration)
  case test(TestDeclaration)
  case recipe(RecipeDeclaration)

  /// The declared name, for declarations that have one.
  public var name: Identifier? {
    switch self {
    case .use, .include: nil
    case .store(let d): d.name
    case .food(let d): d.name
    case .goal(let d): d.name
    case .plan(let d): d.name
    case .rules(let d): d.name
    case .recipe(let d): d.name
    case .test: nil
    }
  }

  /// The keyword that introduces it.
  public var keyword: String {
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
    }
  }
}

/// `use catalog "usda-sr28"`.
public struct UseDeclaration: Sendable, Hashable {
  public var catalog: StringLiteral
  public var range: SourceRange
}

/// `include "pantry.plan"`.
public struct IncludeDeclaration: Sendable, Hashable {
  public var path: StringLiteral
  public var range: SourceRange
}

/// `store aldi "Aldi" { trip 2 USD }`.
public struct StoreDeclaration: Sendable, Hashable {
  public var name: Identifier
  public var displayName: StringLiteral?
  public var tripCost: QuantityLiteral?
  public var range: SourceRange
}

/// `food tofu "Tofu, firm" { … }` or `food oats = usda 08120 { … }`.
public struct FoodDeclaration: Sendable, Hashable {
  /// Where a catalog food comes from: `usda 08120` or `usda "Oats, rolled"`.
  public enum CatalogReference: Sendable, Hashable {
    case number(String, SourceRange)
    case description(StringLiteral)

    public var range: SourceRange {
      switch self {
      case .number(_, let r): r
      case .description(let s): s.range
      }
    }
  }

  public var name: Identifier
  public var displayName: StringLiteral?
  public var catalog: CatalogReference?
  public var nutrition: [NutritionBlock]
  public var measures: [MeasureStatement]
  public var density: QuantityLiteral?
  public var prices: [PriceStatement]
  public var tags: [Identifier]
  /// Tags removed from a catalog food's derived tags (`untag vegan`).
  public var removedTags: [Identifier]
  public var range: SourceRange
}

/// `per 100 g { energy 144 kcal; protein 17.3 g }`.
public struct NutritionBlock: Sendable, Hashable {
  public var amount: QuantityLiteral
  public var entries: [NutrientAmount]
  public var range: SourceRange
}

/// `protein 17.3 g`.
public struct NutrientAmount: Sendable, Hashable {
  public var nutrient: Identifier
  public var amount: QuantityLiteral
}

/// `measure block = 396 g`.
public struct MeasureStatement: Sendable, Hashable {
  public var name: Identifier
  public var amount: QuantityLiteral
  public var range: SourceRange
}

/// `price 2.29 USD per block at aldi`.
public struct PriceStatement: Sendable, Hashable {
  public var price: QuantityLiteral
  /// The package: `42 oz`, `block` (one measure), `12 large`.
  public var package: QuantityLiteral
  public var store: Identifier?
  public var range: SourceRange
}

/// `goal moderate { … }`.
public struct GoalDeclaration: Sendable, Hashable {
  public var name: Identifier
  public var displayName: StringLiteral?
  public var entries: [GoalEntry]
  public var range: SourceRange
}

/// `protein >= 90 g per day`, `saturated_fat <= 10% of energy per day`.
public struct GoalEntry: Sendable, Hashable {
  public var nutrient: Identifier
  public var bound: BoundLiteral
  /// Set when the bound is a percent of energy (`of energy`).
  public var ofEnergy: Identifier?
  public var period: PeriodLiteral?
  public var range: SourceRange
}

/// `plan week { … }`.
public struct PlanDeclaration: Sendable, Hashable {
  public var name: Identifier
  public var displayName: StringLiteral?
  public var statements: [PlanStatement]
  public var range: SourceRange
}

/// One statement inside a `plan` block.
public enum PlanStatement: Sendable, Hashable {
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
  case wholeServings(SourceRange)
  /// `currency USD`.
  case currency(Identifier, SourceRange)
  /// A statement of a weekly meal plan (`meals`, `diet`, `repeat`, …).
  case meal(MealPlanStatement)
}

/// A parsed file: its declarations in order.
public struct SourceFileSyntax: Sendable, Hashable {
  public var file: Int
  public var declarations: [Declaration]
}
