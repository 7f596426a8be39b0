/// Which kind of plan a result or problem is: food-level (``DietPlan``) or
/// weekly meals (``MealPlan``). Encoded as the `kind` key of a plan's JSON.
public enum PlanKind: String, Sendable, Hashable, Codable {
  /// A food-level plan: grams of foods each day.
  case foods
  /// A weekly meal plan: a recipe or food in every slot of every day.
  case meals
  /// A weekly meal plan for a household: shared dishes, a portion per member (``MealPlan/members``).
  case household
}
