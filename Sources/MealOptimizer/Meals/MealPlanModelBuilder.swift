/// Builds the mixed-integer model of a ``MealPlanProblem`` on ``LinearModel``.
///
/// Rows (constraints), with their names and ``ConstraintGroup``s:
/// - `fill[day3,dinner]` (``ConstraintGroup/fill``): the picks of a fresh slot sum to 1;
/// - `portion_max[r,day3,dinner]`, `portion_min[...]` (``ConstraintGroup/portions``):
///   `min × pick ≤ serve ≤ max × pick`;
/// - `goal[protein,day3]` (``ConstraintGroup/dailyGoals``), `goal[fiber,week1]`
///   (``ConstraintGroup/weeklyGoals``): nutrient totals of a day or a seven-day
///   block within the goal (`goal[saturated_fat,day3,max]` for each side of a
///   percent-of-energy goal);
/// - `budget[day3]`, `budget[week1]` (``ConstraintGroup/budget``): cost within the budget;
/// - `repeat[r,week1]`, `once_a_day[r,day3]`, `apart[r,day3]`, `cooked_link[...]`
///   (``ConstraintGroup/repetition``): repetition limits;
/// - `lock[day3,dinner]`, `lock_portion[day3,dinner]` (``ConstraintGroup/locks``): locks;
/// - `repeats_count[r]`, `center[protein,day3]` (``ConstraintGroup/tieBreak``):
///   the tie-break's variables.
///
/// Find a kind of row with ``LinearModel/constraints(in:)``, leave it out
/// with ``LinearModel/dropping(_:)``.
///
/// The objective is the total cost: for every slot, servings times the cost
/// of a serving at each food's cheapest price per gram.
///
/// ```swift
/// let built = try MealPlanModelBuilder(problem: problem).build()
/// let solution = try GLPKSolver().solve(built.model, options: SolverOptions())
/// ```
package struct MealPlanModelBuilder: Sendable {
  /// The problem being modelled.
  package let problem: MealPlanProblem
  /// Everything a slot could serve: every recipe, then every food serving a slot names.
  let candidates: [Candidate]
  /// Why each candidate is excluded from the plan (diet or avoid), or `nil`.
  let exclusions: [String?]

  struct Candidate: Sendable {
    var kind: ModelOption.Kind
    var profile: RecipeProfile
    var id: String { profile.recipe.id }
  }

  /// Checks the problem and computes every recipe's profile.
  ///
  /// - Parameter problem: the problem.
  /// - Throws: ``PlanningError`` for a malformed problem: an unknown food, a
  ///   duplicate identifier, a malformed recipe, no days or slots, bad portions,
  ///   a bad leftover rule or lock, or an allowed recipe whose food has no price.
  /// - Complexity: O(recipes × ingredients × nutrients).
  package init(problem: MealPlanProblem) throws(PlanningError) {
    self.problem = problem
    var foods: [String: Food] = [:]
    for food in problem.foods {
      guard foods[food.id] == nil else { throw .duplicateIdentifier(food.id) }
      foods[food.id] = food
    }
    var candidates: [Candidate] = []
    var recipeIDs: Set<String> = []
    var avoidable: [String: AvoidableFood] = [:]
    for recipe in problem.recipes {
      guard recipeIDs.insert(recipe.id).inserted else { throw .duplicateIdentifier(recipe.id) }
      let profile = try RecipeProfile(recipe: recipe, foods: foods, avoidable: &avoidable)
      candidates.append(Candidate(kind: .recipe, profile: profile))
    }
    var servingKeys: Set<FoodServing> = []
    for meal in problem.slots {
      for serving in problem.slotChoices[meal]?.foods ?? [] where servingKeys.insert(serving).inserted {
        guard let food = foods[serving.food] else {
          throw .invalidProblem("slot '\(meal)' offers unknown food '\(serving.food)'")
        }
        guard serving.grams.isFinite, serving.grams > 0 else {
          throw .invalidProblem(
            "slot '\(meal)' offers '\(serving.food)' in a serving that is not a positive weight")
        }
        if recipeIDs.contains(food.id) { throw .duplicateIdentifier(food.id) }
        let single = Recipe(
          id: food.id, name: food.name, servings: 1, meals: [meal],
          ingredients: [RecipeIngredient(food: food.id, grams: serving.grams)])
        let profile = try RecipeProfile(recipe: single, foods: foods, avoidable: &avoidable)
        candidates.append(Candidate(kind: .food, profile: profile))
      }
    }
    self.candidates = candidates
    self.exclusions = candidates.map { Self.exclusion(of: $0.profile, problem: problem) }
    try validate()
  }

  /// Why the diet or an avoid rule excludes a recipe, or `nil` when it is allowed.
  static func exclusion(of profile: RecipeProfile, problem: MealPlanProblem) -> String? {
    exclusion(of: profile, diet: problem.diet, avoid: problem.avoid, whose: "the plan")
  }

  /// Why a diet or an avoid rule of someone (`whose`: "the plan", a member's name) excludes a recipe.
  static func exclusion(of profile: RecipeProfile, diet: Set<DietLabel>, avoid: [AvoidRule], whose: String)
    -> String?
  {
    let missing = diet.subtracting(profile.labels).sorted()
    if !missing.isEmpty {
      return "it is not " + missing.map(\.rawValue).joined(separator: " or ")
        + (whose == "the plan" ? "" : " (\(whose)'s diet)")
    }
    for rule in avoid where profile.contains(rule) {
      switch rule {
      case .food(let id), .tag(let id), .term(let id): return "it contains '\(id)', which \(whose) avoids"
      }
    }
    return nil
  }

  func validate() throws(PlanningError) {
    guard problem.days >= 1 else { throw .invalidProblem("a plan needs at least one day") }
    guard !problem.slots.isEmpty else { throw .invalidProblem("a plan needs at least one meal slot") }
    guard Set(problem.slots).count == problem.slots.count else {
      throw .invalidProblem("a meal slot is listed twice")
    }
    for meal in problem.slots where portions(for: meal).stepRange == nil {
      throw .invalidProblem(
        "the portions for '\(meal)' allow no serving: minimum and step must be positive, and a whole number of steps must lie between minimum and maximum"
      )
    }
    if let limit = problem.repetition.maximumPerWeek, limit < 1 {
      throw .invalidProblem("a recipe must be allowed at least once a week")
    }
    for rule in problem.leftovers {
      guard problem.slots.contains(rule.from), problem.slots.contains(rule.to) else {
        throw .invalidProblem(
          "leftovers from '\(rule.from)' to '\(rule.to)' name a meal the plan does not have")
      }
      let order = { (meal: Meal) in problem.slots.firstIndex(of: meal) ?? 0 }
      guard rule.daysLater >= 0, rule.daysLater > 0 || order(rule.from) < order(rule.to) else {
        throw .invalidProblem(
          "leftovers must be eaten after they are cooked ('\(rule.from)' to '\(rule.to)')")
      }
      guard problem.leftovers.filter({ $0.to == rule.to }).count == 1,
        !problem.leftovers.contains(where: { $0.from == rule.to })
      else {
        throw .invalidProblem(
          "'\(rule.to)' can be filled by one leftover rule only, and not be a source as well")
      }
    }
    for lock in problem.locks {
      guard (1...problem.days).contains(lock.day), problem.slots.contains(lock.meal) else {
        throw .invalidProblem(
          "the lock on day \(lock.day) '\(lock.meal)' names a slot the plan does not have")
      }
      guard candidates.contains(where: { $0.id == lock.recipe }) else {
        throw .invalidProblem(
          "the lock on day \(lock.day) '\(lock.meal)' names unknown recipe '\(lock.recipe)'")
      }
    }
    for goal in problem.goals where goal.basis == .percentOfEnergy {
      guard goal.nutrient.definition?.kilocaloriesPerUnit != nil else {
        throw .invalidProblem("'\(goal.nutrient)' supplies no energy, so it has no percent-of-energy goal")
      }
    }
    for (index, candidate) in candidates.enumerated() where exclusions[index] == nil {
      if candidate.profile.costPerServing == nil, isOffered(candidate) {
        let food = candidate.profile.recipe.ingredients.first { ingredient in
          problem.foods.first { $0.id == ingredient.food }?.cheapestOffer == nil
        }
        throw .missingPrice(food: food?.food ?? candidate.id)
      }
    }
  }

  /// The portions a slot allows.
  func portions(for meal: Meal) -> PortionOptions {
    problem.slotChoices[meal]?.portions ?? problem.portions
  }

  /// Whether some slot offers the candidate, ignoring diet and avoid.
  func isOffered(_ candidate: Candidate) -> Bool {
    problem.slots.contains { offers(candidate, in: $0) }
  }

  /// Whether a slot offers the candidate, ignoring diet and avoid.
  func offers(_ candidate: Candidate, in meal: Meal) -> Bool {
    let choice = problem.slotChoices[meal] ?? SlotChoice()
    switch candidate.kind {
    case .food:
      let grams = candidate.profile.recipe.ingredients.first?.grams ?? 0
      return choice.foods.contains(FoodServing(food: candidate.id, grams: grams))
    case .recipe:
      switch choice.recipes {
      case .suitingMeal: return candidate.profile.recipe.meals.contains(meal)
      case .only(let ids): return ids.contains(candidate.id)
      case .none: return false
      }
    }
  }
}
