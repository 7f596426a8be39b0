/// A dish a person cooks: ingredients in grams, the servings it makes, the
/// meals it suits, and its steps.
///
/// A recipe refers to foods by identifier; its nutrition, cost and diet
/// labels are computed from those foods (see `RecipeProfile`), never typed
/// by hand.
///
/// ```swift
/// let oats = Recipe(
///   id: "overnight_oats", name: "Overnight oats", servings: 2, meals: [.breakfast], minutes: 5,
///   ingredients: [
///     RecipeIngredient(food: "oats", grams: 80),
///     RecipeIngredient(food: "milk", grams: 366, quantity: "1.5 cup"),
///   ],
///   steps: [RecipeStep("Mix the oats and milk in a jar and refrigerate overnight.")])
/// ```
public struct Recipe: Sendable, Hashable, Codable, Identifiable {
  /// The identifier a plan uses (`overnight_oats`).
  public var id: String
  /// A name for people ("Overnight oats").
  package var name: String
  /// How many servings the ingredients make; positive.
  package var servings: Double
  /// The meals the recipe suits; by default a plan offers it only in these slots.
  package var meals: Set<Meal>
  /// Total time from start to table, in minutes, when known.
  package var minutes: Double?
  /// What goes in, for the whole recipe (all ``servings``).
  package var ingredients: [RecipeIngredient]
  /// The method, in order.
  package var steps: [RecipeStep]
  /// Free-form tags (`soup`, `batch`), not diet labels: those are derived.
  package var tags: Set<String>

  /// Creates a recipe from its parts.
  ///
  /// - Parameters:
  ///   - id: the recipe's identifier, which plans name.
  ///   - name: its name for people.
  ///   - servings: how many servings the ingredients make.
  ///   - meals: the slots it may be eaten in.
  ///   - minutes: how long it takes; `nil` when unknown.
  ///   - ingredients: its foods and their grams, for all its servings.
  ///   - tags: free-form tags (`soup`, `batch`).
  public init(
    id: String, name: String, servings: Double = 1, meals: Set<Meal> = [], minutes: Double? = nil,
    ingredients: [RecipeIngredient] = [], tags: Set<String> = []
  ) {
    self.init(
      id: id, name: name, servings: servings, meals: meals, minutes: minutes, ingredients: ingredients,
      steps: [], tags: tags)
  }

  /// Creates a recipe with its method.
  package init(
    id: String, name: String, servings: Double = 1, meals: Set<Meal> = [], minutes: Double? = nil,
    ingredients: [RecipeIngredient] = [], steps: [RecipeStep] = [], tags: Set<String> = []
  ) {
    self.id = id
    self.name = name
    self.servings = servings
    self.meals = meals
    self.minutes = minutes
    self.ingredients = ingredients
    self.steps = steps
    self.tags = tags
  }

  enum CodingKeys: String, CodingKey {
    case id, name, servings, meals, minutes, ingredients, steps, tags
  }
}

/// One ingredient of a recipe: a food and how much of it.
public struct RecipeIngredient: Sendable, Hashable, Codable {
  /// The food's identifier.
  package var food: String
  /// The amount for the whole recipe, in grams.
  package var grams: Double
  /// The amount as the recipe states it, for display ("1.5 cup"); `nil` shows grams.
  package var quantity: String?

  /// Creates a value from its parts.
  public init(food: String, grams: Double, quantity: String? = nil) {
    self.food = food
    self.grams = grams
    self.quantity = quantity
  }
}

/// One step of a recipe's method.
package struct RecipeStep: Sendable, Hashable, Codable {
  /// What to do.
  package var text: String
  /// The food identifiers the step uses, when the author lists them; `nil`
  /// lets ``Recipe/ingredients(usedIn:foods:)`` find them in the text.
  package var uses: [String]?

  /// Creates a value from its parts.
  package init(_ text: String, uses: [String]? = nil) {
    self.text = text
    self.uses = uses
  }
}
