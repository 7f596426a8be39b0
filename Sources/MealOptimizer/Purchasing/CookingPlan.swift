import Foundation

/// What to cook when: each cooking of a meal plan, the recipe scaled to the
/// servings cooked (leftovers included), each ingredient's grams and its share
/// of the cost, and the cost per serving, per day and per week.
///
/// An ingredient's share of the cost is its grams times its food's cost per
/// gram eaten: for a plan that buys (``GroceryList/stores`` set), what was
/// paid for the food's packages divided by the grams of it the plan eats (so
/// opened packages and rounding are paid for by the meals that use the food,
/// and pantry stock is free); otherwise the food's cheapest price per gram.
/// Trips are not shared out. Each share is rounded to the cent, so the
/// cookings add up to the food paid for (``GroceryList/total`` less the
/// trips) within a cent per ingredient line. A food served alone (a slot's
/// `foods` choice) is listed as a cooking with no ingredients and no cost.
///
/// ```swift
/// let cooking = CookingPlan(plan: plan, recipes: problem.recipes, foods: problem.foods)
/// for session in cooking.sessions { print(session.day, session.name, session.servings) }
/// ```
package struct CookingPlan: Sendable, Hashable, Codable {
  /// Every cooking, by day, then in slot order.
  package var sessions: [CookingSession]
  /// The cost of what is cooked on each day, `days[0]` for day 1.
  package var dayCosts: [Decimal]
  /// The cost of what is cooked in each seven-day week.
  package var weekCosts: [Decimal]
  /// The cost of everything cooked.
  package var total: Decimal

  enum CodingKeys: String, CodingKey {
    case sessions, total
    case dayCosts = "day_costs"
    case weekCosts = "week_costs"
  }

  /// Builds the cooking plan of a meal plan, one person's or a household's:
  /// each dish on the table is cooked for everyone's servings together (a
  /// slot filled by leftovers adds its servings to the cooking it eats
  /// from), and the ingredients' shares come from the plan's shopping list.
  ///
  /// - Parameters:
  ///   - plan: the plan.
  ///   - recipes: the plan's recipes (a food served alone is a one-ingredient recipe).
  ///   - foods: the plan's foods.
  package init(plan: MealPlan, recipes: [Recipe], foods: [Food]) {
    self.init(
      days: plan.days.map { day in (day.day, day.meals.filter { $0.servings > 0 }) },
      groceries: plan.groceries,
      recipes: recipes, foods: foods)
  }

  /// Builds a cooking plan from each day's meals (their servings eaten) and the plan's shopping list.
  init(
    days planDays: [(day: Int, meals: [PlannedMeal])], groceries: GroceryList?, recipes: [Recipe],
    foods: [Food]
  ) {
    let recipeByID = Dictionary(recipes.map { ($0.id, $0) }) { a, _ in a }
    let foodByID = Dictionary(foods.map { ($0.id, $0) }) { a, _ in a }
    // Servings cooked at each fresh slot: its own and its leftovers'.
    var cooked: [String: Double] = [:]
    func key(_ day: Int, _ meal: Meal) -> String { "\(day)|\(meal.name)" }
    for day in planDays {
      for meal in day.meals {
        let source =
          meal.leftoverFromDay.flatMap { from in meal.leftoverFromMeal.map { key(from, $0) } }
          ?? key(day.day, meal.meal)
        cooked[source, default: 0] += meal.servings
      }
    }
    // Grams of each food eaten over the plan, for the cost per gram.
    var eaten: [String: Double] = [:]
    for day in planDays {
      for meal in day.meals where meal.leftoverFromDay == nil {
        let servings = cooked[key(day.day, meal.meal)] ?? meal.servings
        for ingredient in Self.perServing(meal, recipeByID) {
          eaten[ingredient.food, default: 0] += ingredient.grams * servings
        }
      }
    }
    var perGram: [String: Double] = [:]
    if let groceries, groceries.stores != nil {
      var paid: [String: Decimal] = [:]
      for item in groceries.items { paid[item.food, default: 0] += item.cost }
      for (food, grams) in eaten where grams > 0 {
        perGram[food] = NSDecimalNumber(decimal: paid[food] ?? 0).doubleValue / grams
      }
    } else {
      for (food, _) in eaten { perGram[food] = foodByID[food]?.cheapestOffer?.pricePerGram ?? 0 }
    }
    var sessions: [CookingSession] = []
    for day in planDays {
      for meal in day.meals where meal.leftoverFromDay == nil {
        let servings = cooked[key(day.day, meal.meal)] ?? meal.servings
        let recipe = recipeByID[meal.id]
        let lines = Self.perServing(meal, recipeByID).map { ingredient in
          let grams = ingredient.grams * servings
          return CookingIngredient(
            food: ingredient.food,
            name: foodByID[ingredient.food].map { GroceryList.shortName($0) } ?? ingredient.food,
            grams: grams, cost: Self.cents(grams * (perGram[ingredient.food] ?? 0)))
        }
        let cost = lines.reduce(Decimal()) { $0 + $1.cost }
        sessions.append(
          CookingSession(
            day: day.day, meal: meal.meal, id: meal.id, name: meal.name, servings: servings,
            leftoverServings: servings - meal.servings,
            recipeServings: recipe?.servings ?? 1, ingredients: lines, cost: cost,
            costPerServing: servings > 0
              ? Self.cents(NSDecimalNumber(decimal: cost).doubleValue / servings) : 0))
      }
    }
    self.sessions = sessions
    let days = planDays.map(\.day).max() ?? 0
    var dayCosts = [Decimal](repeating: 0, count: days)
    for session in sessions where session.day >= 1 && session.day <= days {
      dayCosts[session.day - 1] += session.cost
    }
    self.dayCosts = dayCosts
    self.weekCosts = stride(from: 0, to: days, by: 7).map { start in
      dayCosts[start..<min(days, start + 7)].reduce(Decimal()) { $0 + $1 }
    }
    self.total = dayCosts.reduce(Decimal()) { $0 + $1 }
  }

  /// A planned meal's ingredients per serving.
  static func perServing(_ meal: PlannedMeal, _ recipes: [String: Recipe]) -> [RecipeIngredient] {
    guard let recipe = recipes[meal.id], recipe.servings > 0 else { return [] }
    return recipe.ingredients.map { RecipeIngredient(food: $0.food, grams: $0.grams / recipe.servings) }
  }

  /// An amount of money rounded to the cent.
  static func cents(_ value: Double) -> Decimal {
    var exact = Decimal(value)
    var rounded = Decimal()
    NSDecimalRound(&rounded, &exact, 2, .plain)
    return rounded
  }
}

/// One cooking: a recipe, scaled to the servings cooked.
package struct CookingSession: Sendable, Hashable, Codable {
  /// The day, from 1.
  package var day: Int
  /// The slot it is cooked for.
  package var meal: Meal
  /// The recipe's (or food's) identifier.
  package var id: String
  /// Its name.
  package var name: String
  /// Servings cooked, leftovers included.
  package var servings: Double
  /// Of those, servings kept for later slots.
  package var leftoverServings: Double
  /// The servings the recipe is written for: the recipe is scaled by `servings / recipeServings`.
  package var recipeServings: Double
  /// Each ingredient's grams for the servings cooked, with its share of the cost.
  package var ingredients: [CookingIngredient]
  /// The cost of the cooking: its ingredients' shares.
  package var cost: Decimal
  /// The cost of one serving.
  package var costPerServing: Decimal

  /// How many times the recipe is made: servings cooked / the recipe's servings.
  package var scale: Double { recipeServings > 0 ? servings / recipeServings : 0 }

  enum CodingKeys: String, CodingKey {
    case day, meal, id, name, servings, ingredients, cost
    case leftoverServings = "leftover_servings"
    case recipeServings = "recipe_servings"
    case costPerServing = "cost_per_serving"
  }
}

/// One ingredient of a cooking.
package struct CookingIngredient: Sendable, Hashable, Codable {
  /// The food's identifier.
  package var food: String
  /// Its short name.
  package var name: String
  /// Grams for the servings cooked.
  package var grams: Double
  /// Its share of the cost.
  package var cost: Decimal
}
