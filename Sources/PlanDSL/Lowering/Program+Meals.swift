import MealOptimizer

extension Program {
  /// The weekly meal-plan problem a checked plan with `meals` describes.
  ///
  /// - Parameter plan: A plan of this program whose `PlanSpec/mealPlan` is set.
  /// - Returns: Foods, recipes, slots, goals, budgets and rules in canonical units, ready for `MealPlanner`;
  ///   `nil` for a food-level plan.
  package func mealPlanProblem(for plan: PlanSpec) -> MealPlanProblem? {
    guard let meals = plan.mealPlan else { return nil }
    let goals = goals(of: plan)
    var problem = MealPlanProblem(
      foods: foods, stores: stores, recipes: recipes, days: plan.days, slots: meals.slots,
      slotChoices: meals.choices,
      portions: meals.portions, goals: goals, budgets: plan.budget.map { [$0] } ?? [], diet: meals.diet,
      avoid: meals.avoid, repetition: meals.repetition, locks: meals.locks, leftovers: meals.leftovers,
      tieBreak: meals.tieBreak, currency: currency ?? "USD", purchasing: purchasing(for: plan))
    problem.ruleSources = meals.sources
    return problem
  }
}
