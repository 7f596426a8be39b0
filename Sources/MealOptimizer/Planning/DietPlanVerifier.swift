import Foundation

/// Checks a candidate plan against the original ``DietProblem``, recomputing
/// every total straight from the foods.
///
/// The verifier does not reuse the model builder's coefficients: nutrient
/// totals come from `Food/amount(of:inGrams:)`, costs from each offer's
/// `Decimal` price, percent-of-energy shares from the totals themselves. A
/// bound is met when the total is within `absoluteTolerance +
/// relativeTolerance × |bound|` of it (both 1e-6 by default): GLPK's own
/// feasibility tolerance is 1e-7 on the scaled model, so a correct plan
/// passes and a wrong one does not.
package struct DietPlanVerifier: Sendable, Hashable {
  /// The part of a bound's size a total may pass it by.
  package var relativeTolerance: Double
  /// What a total may pass a bound by regardless of its size.
  package var absoluteTolerance: Double

  package init(relativeTolerance: Double = 1e-6, absoluteTolerance: Double = 1e-6) {
    self.relativeTolerance = relativeTolerance
    self.absoluteTolerance = absoluteTolerance
  }

  /// Checks grams of each food on each day against every goal and limit.
  ///
  /// - Parameters:
  ///   - problem: The original problem.
  ///   - grams: Grams of each food, `grams[day - 1][food]`, foods in the problem's order.
  ///   - objectiveValue: The cost the solver reported, checked against the
  ///     recomputed cost when the objective is cost.
  ///   - purchases: What the plan buys; required when the problem has
  ///     ``DietProblem/purchasing``. The verifier recomputes what must be
  ///     bought from the grams and the pantry, checks the plan buys at least
  ///     that at allowed stores, and recomputes what is paid from the offers
  ///     and trips; budgets and a cost objective are then checked against
  ///     what is paid.
  /// - Returns: The recomputed days and totals, and every violation found.
  /// - Complexity: O(*d* × *f* × *g*) for *d* days, *f* foods and *g* goals and limits.
  package func verify(
    _ problem: DietProblem, grams: [[Double]], objectiveValue: Double? = nil, purchases: [Purchase]? = nil
  )
    -> DietPlanVerification
  {
    verify(problem, grams: grams, objectiveValue: objectiveValue, purchases: purchases, index: nil)
  }

  /// ``verify(_:grams:objectiveValue:purchases:)`` with the foods indexed by
  /// the caller (``DietPlanner`` makes one index for every step of a solve).
  /// The verifier does not trust it: a position it gives is used only when the
  /// food there has the id looked for, and an id it does not find is searched for.
  func verify(
    _ problem: DietProblem, grams: [[Double]], objectiveValue: Double?, purchases: [Purchase]?,
    index: IdentifierTable?
  ) -> DietPlanVerification {
    var violations: [PlanViolation] = []
    guard grams.count == problem.days, grams.allSatisfy({ $0.count == problem.foods.count }) else {
      return DietPlanVerification(
        days: [], weeklyGoals: [], foodTotals: [], cost: 0,
        violations: [
          PlanViolation(
            rule: "amount",
            message: "the plan has \(grams.count) days of amounts for a problem of \(problem.days) days")
        ])
    }
    let foods = problem.foods
    // The limits (one or two per food in a large plan) are checked on a second
    // thread while the goals and amounts are on this one; their violations
    // come after the goals' as before.
    let (limitViolations, checked) = BothAtOnce.run(
      { self.limitViolations(problem, grams: grams, index: index ?? IdentifierTable(foods: foods)) },
      { self.goalsAndAmounts(problem, grams: grams) })
    violations = checked.violations + limitViolations
    let (days, weekly, totals) = (checked.days, checked.weekly, checked.totals)
    var paid: Decimal?
    var exactPaid: Decimal?
    var credit = 0.0
    if let purchasing = problem.purchasing {
      var eaten: [String: [Double]] = [:]
      for (f, food) in foods.enumerated() { eaten[food.id, default: []] = grams.map { $0[f] } }
      let checker = PurchaseCheck(
        purchasing: purchasing, foods: Dictionary(foods.map { ($0.id, $0) }) { a, _ in a },
        stores: problem.stores,
        days: problem.days, tolerance: tolerance)
      let checked = checker.check(purchases ?? [], eaten: eaten)
      if purchases == nil {
        violations.append(PlanViolation(rule: "purchase", message: "the plan says nothing of what it buys"))
      }
      violations += checked.violations
      paid = checked.paid
      exactPaid = checked.exact
      if purchasing.creditsLeftovers { credit = checker.leftoverCredit(purchases ?? [], eaten: eaten) }
    }
    if let budget = problem.budget, let paid = exactPaid {
      let days = Decimal(problem.days)
      let limit = budget.period == .week ? budget.amount * days / 7 : budget.amount * days
      let limitValue = NSDecimalNumber(decimal: limit).doubleValue
      if exceeds(NSDecimalNumber(decimal: paid).doubleValue, maximum: limitValue) {
        violations.append(
          PlanViolation(
            rule: "budget",
            message:
              "the plan pays \(paid.rounded(places: 2)) at the till, above the budget of \(limit.rounded(places: 2))"
          ))
      }
    } else if let budget = problem.budget {
      let spends = budget.period == .week ? [totals.cost] : grams.map { amounts($0, problem: problem).cost }
      for (index, spend) in spends.enumerated() {
        let limit = NSDecimalNumber(decimal: budget.amount).doubleValue
        if exceeds(NSDecimalNumber(decimal: spend).doubleValue, maximum: limit) {
          let when = budget.period == .week ? "the plan" : "day \(index + 1)"
          violations.append(
            PlanViolation(
              rule: "budget",
              message: "\(when) costs \(spend.rounded(places: 2)), above the budget of \(budget.amount)"))
        }
      }
    }
    if case .minimizeCost = problem.objective, let objectiveValue {
      // With a credit for leftovers, the objective is what is paid less the credit.
      let cost =
        NSDecimalNumber(
          decimal: problem.purchasing?.costBasis == .paid ? exactPaid ?? totals.cost : totals.cost
        ).doubleValue - credit
      if abs(cost - objectiveValue) > tolerance(objectiveValue) {
        violations.append(
          PlanViolation(
            rule: "cost",
            message: credit > 0
              ? "the solver reported \(objectiveValue) paid less the leftover credit, but it is \(cost)"
              : "the solver reported a cost of \(objectiveValue) but the foods cost \(cost)"))
      }
    }
    var verification = DietPlanVerification(
      days: days, weeklyGoals: weekly, foodTotals: totals.lines, cost: totals.cost, violations: violations)
    verification.paid = paid
    verification.exactPaid = exactPaid
    return verification
  }

  /// The amounts eaten and the goals of each day and of the whole plan, with
  /// the violations found in them (amounts first, then goals).
  private func goalsAndAmounts(_ problem: DietProblem, grams: [[Double]]) -> (
    violations: [PlanViolation], days: [DietPlan.Day], weekly: [GoalCheck],
    totals: (lines: [DietPlan.FoodAmount], cost: Decimal)
  ) {
    var violations: [PlanViolation] = []
    let foods = problem.foods
    for (d, day) in grams.enumerated() {
      for (f, amount) in day.enumerated() where !(amount.isFinite && amount >= 0) {
        violations.append(
          PlanViolation(rule: "amount", message: "day \(d + 1): \(foods[f].id) has \(amount) g"))
      }
    }
    var days: [DietPlan.Day] = []
    for (d, day) in grams.enumerated() {
      var checks: [GoalCheck] = []
      for goal in problem.goals where goal.period == .day {
        let check = self.check(goal, grams: [day], foods: foods)
        if check.status == .violated {
          violations.append(PlanViolation(rule: "goal", message: "day \(d + 1): \(describe(check))"))
        }
        checks.append(check)
      }
      let amounts = self.amounts(day, problem: problem)
      days.append(
        .init(day: d + 1, foods: amounts.lines, cost: amounts.cost.rounded(places: 2), goals: checks))
    }
    var weekly: [GoalCheck] = []
    for goal in problem.goals where goal.period == .week {
      let check = self.check(goal, grams: grams, foods: foods)
      if check.status == .violated {
        violations.append(PlanViolation(rule: "goal", message: "whole plan: \(describe(check))"))
      }
      weekly.append(check)
    }
    let totalGrams = foods.indices.map { f in grams.reduce(0) { $0 + $1[f] } }
    return (violations, days, weekly, amounts(totalGrams, problem: problem))
  }

  func tolerance(_ bound: Double) -> Double { absoluteTolerance + relativeTolerance * abs(bound) }

  private func exceeds(_ value: Double, maximum: Double) -> Bool { value > maximum + tolerance(maximum) }

  private func describe(_ check: GoalCheck) -> String {
    let bounds = [check.minimum.map { "at least \($0)" }, check.maximum.map { "at most \($0)" }]
    return
      "\(check.nutrient) is \(check.total) \(check.unit), wanted \(bounds.compactMap { $0 }.joined(separator: " and "))"
  }

  /// A goal's total over the given days, and how it compares with the bounds.
  private func check(_ goal: NutrientGoal, grams: [[Double]], foods: [Food]) -> GoalCheck {
    func total(_ nutrient: Nutrient) -> Double {
      // Foods read in place: a `Food` copied out of the array retains each of its fields.
      foods.withUnsafeBufferPointer { foods in
        grams.reduce(0) { sum, day in
          // A food not eaten adds nothing (and a plan eats few of many foods): no lookup for it.
          var dayTotal = 0.0
          for f in day.indices where day[f] != 0 {
            dayTotal += foods[f].amount(of: nutrient, inGrams: day[f])
          }
          return sum + dayTotal
        }
      }
    }
    let amount = total(goal.nutrient)
    let status: GoalCheck.Status
    let value: Double
    let unit: String
    switch goal.basis {
    case .absolute:
      value = amount
      unit = goal.nutrient.definition?.unit.rawValue ?? ""
      status = compare(amount, goal.minimum, goal.maximum)
    case .percentOfEnergy:
      let energy = total(.energy)
      let kilocalories = amount * (goal.nutrient.definition?.kilocaloriesPerUnit ?? 0)
      value = energy > 0 ? kilocalories / energy : 0
      unit = "share_of_energy"
      // Compare kilocalories with the bound's share of energy, as the goal says.
      status = compare(kilocalories, goal.minimum.map { $0 * energy }, goal.maximum.map { $0 * energy })
    }
    return GoalCheck(
      nutrient: goal.nutrient, basis: goal.basis, period: goal.period, total: value, minimum: goal.minimum,
      maximum: goal.maximum, unit: unit, status: status)
  }

  private func compare(_ value: Double, _ minimum: Double?, _ maximum: Double?) -> GoalCheck.Status {
    if let minimum, value < minimum - tolerance(minimum) { return .violated }
    if let maximum, value > maximum + tolerance(maximum) { return .violated }
    if let minimum, abs(value - minimum) <= tolerance(minimum) { return .atMinimum }
    if let maximum, abs(value - maximum) <= tolerance(maximum) { return .atMaximum }
    return .met
  }

  /// Food limits, group limits and whole servings.
  private func limitViolations(_ problem: DietProblem, grams: [[Double]], index: IdentifierTable)
    -> [PlanViolation]
  {
    var violations: [PlanViolation] = []
    let foods = problem.foods
    func position(_ id: String) -> Int? {
      if let f = index[id], foods.indices.contains(f), foods[f].id == id { return f }
      return foods.firstIndex { $0.id == id }
    }
    // Each limit's food found once, not once a day; the bounds in a list of
    // plain values, read day after day without copying the limits.
    var checks: [(limit: Int, food: Int, minimum: Double?, maximum: Double?)] = []
    checks.reserveCapacity(problem.foodLimits.count)
    problem.foodLimits.withUnsafeBufferPointer { limits in
      for l in limits.indices {
        if let f = position(limits[l].food) {
          checks.append((l, f, limits[l].minimumGrams, limits[l].maximumGrams))
        }
      }
    }
    for (d, day) in grams.enumerated() {
      for check in checks {
        let grams = day[check.food]
        if let minimum = check.minimum, grams < minimum - tolerance(minimum) {
          violations.append(
            PlanViolation(
              rule: "limit",
              message:
                "day \(d + 1): \(problem.foodLimits[check.limit].food) is \(grams) g, below its minimum of \(minimum) g"
            ))
        }
        if let maximum = check.maximum, exceeds(grams, maximum: maximum) {
          violations.append(
            PlanViolation(
              rule: "limit",
              message:
                "day \(d + 1): \(problem.foodLimits[check.limit].food) is \(grams) g, above its maximum of \(maximum) g"
            ))
        }
      }
      for id in problem.wholeServings {
        guard let f = position(id) else { continue }
        let serving = problem.wholeServingGrams(of: foods[f])
        let servings = day[f] / serving
        if abs(servings - servings.rounded()) > 1e-6 {
          violations.append(
            PlanViolation(
              rule: "limit", message: "day \(d + 1): \(id) is \(servings) servings, not a whole number"))
        }
      }
    }
    // Limits read in place, each member found once (into a list kept from one
    // limit to the next), with its serving's grams when the limit counts servings.
    var members: [(food: Int, serving: Double)] = []
    problem.groupLimits.withUnsafeBufferPointer { limits in
      for l in limits.indices {
        let inGrams = limits[l].unit == .grams
        members.removeAll(keepingCapacity: true)
        for id in limits[l].foods {
          if let f = position(id) {
            members.append((f, inGrams ? 1 : foods[f].measure(named: DietProblem.servingMeasure)?.grams ?? 1))
          }
        }
        // A daily limit is checked on each day, a whole-plan one on the sum of all days.
        let daily = limits[l].period == .day
        for index in 0..<(daily ? grams.count : 1) {
          var total = 0.0
          for day in daily ? index..<index + 1 : grams.indices {
            for (f, serving) in members {
              total += inGrams ? grams[day][f] : grams[day][f] / serving
            }
          }
          if compare(total, limits[l].minimum, limits[l].maximum) == .violated {
            let when = daily ? "day \(index + 1)" : "the plan"
            violations.append(
              PlanViolation(
                rule: "limit",
                message: "\(when): food group '\(limits[l].name)' totals \(total) \(limits[l].unit.rawValue)")
            )
          }
        }
      }
    }
    return violations
  }

  /// The foods with a non-zero amount, by decreasing weight, and their total cost.
  private func amounts(_ grams: [Double], problem: DietProblem) -> (
    lines: [DietPlan.FoodAmount], cost: Decimal
  ) {
    var lines: [DietPlan.FoodAmount] = []
    var cost = Decimal()
    for (f, amount) in grams.enumerated() where amount > 0 {
      let food = problem.foods[f]
      var lineCost = Decimal()
      if let offer = food.cheapestOffer {
        lineCost = offer.price * Decimal(amount) / Decimal(offer.packageGrams)
      }
      cost += lineCost
      let serving = food.measure(named: DietProblem.servingMeasure)?.grams
      lines.append(
        .init(
          food: food.id, name: food.name, grams: amount, servings: serving.map { amount / $0 },
          cost: lineCost.rounded(places: 2)))
    }
    lines.sort { $0.grams != $1.grams ? $0.grams > $1.grams : $0.food < $1.food }
    return (lines, cost)
  }
}

/// The result of ``DietPlanVerifier/verify(_:grams:objectiveValue:)``.
package struct DietPlanVerification: Sendable, Hashable {
  /// Each day's foods, cost and daily goal checks.
  package var days: [DietPlan.Day]
  /// Checks of goals over the whole plan.
  package var weeklyGoals: [GoalCheck]
  /// Each food's total over the plan.
  package var foodTotals: [DietPlan.FoodAmount]
  /// The whole plan's cost, unrounded.
  package var cost: Decimal
  /// Every bound the plan breaks; empty for a valid plan.
  package var violations: [PlanViolation]
  /// What the plan pays at the till (packages, loose food to the cent a line,
  /// trips), recomputed, when the problem has ``DietProblem/purchasing``.
  package var paid: Decimal?
  /// The same with loose food unrounded: what the model and the budget count.
  package var exactPaid: Decimal?

  /// Creates a verification from its parts.
  package init(
    days: [DietPlan.Day], weeklyGoals: [GoalCheck], foodTotals: [DietPlan.FoodAmount], cost: Decimal,
    violations: [PlanViolation]
  ) {
    self.days = days
    self.weeklyGoals = weeklyGoals
    self.foodTotals = foodTotals
    self.cost = cost
    self.violations = violations
  }

  /// Whether the plan meets every goal and limit.
  package var isValid: Bool { violations.isEmpty }
}
