import Foundation

extension MealPlanner {
  /// Why a week has no plan, one person's or a household's: sentences found
  /// by arithmetic on the allowed recipes (a diner's daily goals out of
  /// reach, ``dailyBoundReasons(builder:slots:diners:)``) and, when the week
  /// has budgets, by searching the model without its
  /// ``ConstraintGroup/budget`` rows; then a minimal set of conflicting lines
  /// (``explainConflicts(_:reasons:budgetReach:)``), which goes to the plan's
  /// ``MealPlan/explanation``.
  ///
  /// - Parameters:
  ///   - problem: the week as written (with its household, if any).
  ///   - built: its model.
  ///   - dailyReasons: the diners' daily goals out of reach.
  func explainInfeasibleLines(_ problem: MealPlanProblem, built: MealPlanModel, dailyReasons: [String])
    throws(PlanningError) -> PlanExplanation
  {
    var reasons = dailyReasons
    var budgetReach: BudgetReach?
    var withoutBudgets: CostWithoutBudgets?
    if !problem.budgets.isEmpty {
      options.explanationProgress?(ExplanationProgress(seconds: 0, phase: .withoutBudgets, done: 0, total: 1))
      let clock = ContinuousClock()
      let seconds = min(options.timeLimit ?? 10, 10)
      let search = MealPlanSearch(
        solver: solver, slots: built.slots, relativeGap: options.relativeGap,
        deadline: clock.now + .seconds(seconds))
      if let found = try? search.minimizeCost(built.model.dropping([.budget])), let point = found.values {
        let cost = found.objective
        let bound = found.bound.flatMap { $0.isFinite ? min($0, cost) : nil }
        withoutBudgets = CostWithoutBudgets(found: cost, provenBound: bound, currency: problem.currency)
        let limits = problem.budgets.map {
          "\(format($0.amount)) \(problem.currency) per \($0.period.rawValue)"
        }
        let days = Double(problem.days)
        let perPeriod = { (period: Period) in period == .day ? cost / days : cost / days * 7 }
        let below = problem.budgets.contains {
          NSDecimalNumber(decimal: $0.amount).doubleValue < perPeriod($0.period) - 1e-9
        }
        let places = problem.budgets.compactMap { $0.source.map { "at \($0)" } }
        let proof = Self.proofPhrase(
          cost: cost, bound: bound, relativeGap: options.relativeGap, currency: problem.currency)
        reasons.append(
          "the cheapest plan found in \(SolveReport.seconds(seconds)) that meets every other line costs"
            + " \(format(cost)) \(problem.currency) for"
            + " \(problem.days) day\(problem.days == 1 ? "" : "s") (\(format(cost / days)) per day,"
            + " \(format(cost / days * 7)) per week), "
            + (below ? "above" : "but not within") + " the budget of " + limits.joined(separator: " and ")
            + (below ? "" : " on every day")
            + (places.isEmpty ? "" : " (" + places.joined(separator: ", ") + ")") + proof)
        // The plan found is a plan of the week with each budget raised to its
        // cost only when the budget counts what the plan's cost counts (not
        // the food eaten against a budget on what is paid at the till).
        if below, problem.purchasing == nil || problem.purchasing?.costBasis == .paid {
          let perBudget = Dictionary(
            uniqueKeysWithValues: problem.budgets.enumerated().compactMap { b, budget -> (Int, Double)? in
              let value = perPeriod(budget.period)
              return NSDecimalNumber(decimal: budget.amount).doubleValue < value - 1e-9 ? (b, value) : nil
            })
          budgetReach = BudgetReach(perBudget: perBudget, point: point)
        }
      }
    }
    if StopRequest.isRequested { throw .cancelled }
    var why = try explainConflicts(problem, reasons: reasons, budgetReach: budgetReach)
    why.withoutBudgets = withoutBudgets
    return why
  }

  func format(_ value: Double) -> String { String(format: "%.2f", value) }
  func format(_ value: Decimal) -> String { format(NSDecimalNumber(decimal: value).doubleValue) }

  /// One diner's daily goals, for ``dailyBoundReasons(builder:slots:diners:)``.
  struct DailyDiner {
    /// What starts their sentences: `Ana, ` for a household member, empty for one person.
    var prefix: String
    var goals: [NutrientGoal]
    /// The slots they eat, by position in the model's slots; `nil` for every slot.
    var eats: Set<Int>?
    /// Whether their portion of a slot can be any allowed step (a
    /// household member's), or is the option's own (one person's: fixed
    /// where a lock or leftover fixes it).
    var anyStep: Bool
  }

  /// Daily goals that no choice of allowed recipes can reach even one at a
  /// time: for each diner, the most (or least) of a nutrient every slot they
  /// eat can hold.
  func dailyBoundReasons(builder: MealPlanModelBuilder, slots: [ModelSlot], diners: [DailyDiner]) -> [String]
  {
    var reasons: [String] = []
    let problem = builder.problem
    for diner in diners {
      for goal in diner.goals where goal.period == .day && goal.basis == .absolute {
        let place = goal.source.map { " at \($0)" } ?? ""
        let unit = goal.nutrient.definition?.unit.rawValue ?? ""
        for day in 1...problem.days {
          var most = 0.0
          var least = 0.0
          for (index, slot) in slots.enumerated() where slot.day == day && diner.eats?.contains(index) ?? true
          {
            let meal = slot.leftoverOf.map { slots[$0].meal } ?? slot.meal
            let range = builder.portions(for: meal).stepRange ?? 1...1
            let amounts = slot.options.map { option -> (Double, Double) in
              let perServing = builder.amount(goal.nutrient, option)
              let steps =
                option.steps == nil && !diner.anyStep
                ? (option.fixedSteps, option.fixedSteps) : (range.lowerBound, range.upperBound)
              return (
                perServing * option.stepSize * Double(steps.0), perServing * option.stepSize * Double(steps.1)
              )
            }
            most += amounts.map(\.1).max() ?? 0
            least += amounts.map(\.0).min() ?? 0
          }
          if let minimum = goal.minimum, most < minimum - 1e-9 {
            reasons.append(
              "\(diner.prefix)day \(day): even the richest allowed choices give at most \(format(most)) \(unit) \(goal.nutrient), below the goal of at least \(format(minimum)) \(unit)\(place)"
            )
            break
          }
          if let maximum = goal.maximum, least > maximum + 1e-9 {
            reasons.append(
              "\(diner.prefix)day \(day): even the leanest allowed choices give at least \(format(least)) \(unit) \(goal.nutrient), above the goal of at most \(format(maximum)) \(unit)\(place)"
            )
            break
          }
        }
      }
    }
    return reasons
  }
}
