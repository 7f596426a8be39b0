extension MealPlanProblem {
  /// Checks that every goal names a nutrient that ``NutrientTable`` or one
  /// of the problem's foods knows.
  ///
  /// A goal on `"protien"` is the issue "unknown nutrient 'protien'; did
  /// you mean 'protein'?", not a week that comes back infeasible.
  ///
  /// - Throws: ``PlanningError/invalidProblem(_:)`` listing each unknown nutrient.
  package func validateNutrients() throws(PlanningError) {
    var seen: Set<Nutrient> = []
    let issues = goals.map(\.nutrient).filter { seen.insert($0).inserted }.compactMap {
      PlanIssue.unknownNutrient($0, foods: foods)
    }
    if !issues.isEmpty { throw .invalidProblem(issues) }
  }
}
