import Foundation

extension MealPlanModelBuilder {
  /// The days of each seven-day block, and the block's share of a week.
  func weekBlocks() -> [(number: Int, days: ClosedRange<Int>, share: Double)] {
    stride(from: 1, through: problem.days, by: 7).enumerated().map { offset, first in
      let last = min(first + 6, problem.days)
      return (offset + 1, first...last, Double(last - first + 1) / 7)
    }
  }

  /// Who eats a week's slots, for every row that counts what is eaten
  /// (goals, cost, budgets, purchases, the goal-center tie-break): one
  /// person, whose servings are each option's own
  /// (``ModelOption/servingTerm(_:)``), or a household's members, each with
  /// a portion variable per option of every slot they eat
  /// (``ModelOption/memberSteps``, in the order of ``eaters``). The rows are
  /// written once, for either.
  struct Diners: Sendable {
    /// For each slot, the indices of the members who eat it; `nil` for one person, who eats every slot.
    var eaters: [[Int]]?
    /// Each diner's goals and the name part of their rows (`sam,`; empty for one person).
    var people: [(prefix: String, goals: [NutrientGoal])]
  }

  /// The plan's one person: every slot, the plan's goals.
  var person: Diners { Diners(eaters: nil, people: [("", problem.goals)]) }

  /// The terms of `amount` per serving of an option in a slot: eaten by one
  /// diner (`diner`, an index of ``Diners/people``), or by everyone (`nil`).
  func servingTerms(
    _ option: ModelOption, slot: Int, amount: Double, diner: Int? = nil, diners: Diners
  ) -> [(VariableRef, Double)] {
    guard let eaters = diners.eaters else { return [option.servingTerm(amount)] }
    guard let diner else { return option.memberSteps.map { ($0, amount * option.stepSize) } }
    guard let position = eaters[slot].firstIndex(of: diner) else { return [] }
    return [(option.memberSteps[position], amount * option.stepSize)]
  }

  /// An expression summing `perServing(option)` times servings over the
  /// slots eaten on the given days: by one diner, or by everyone (`diner`
  /// `nil`); by the plan's one person when `diners` is `nil`.
  func total(
    over slots: [ModelSlot], days: ClosedRange<Int>, diner: Int? = nil, diners: Diners? = nil,
    _ perServing: (ModelOption) -> Double
  ) -> LinearExpression {
    let diners = diners ?? person
    var expression = LinearExpression()
    for (index, slot) in slots.enumerated() where days.contains(slot.day) {
      if let diner, let eaters = diners.eaters, !eaters[index].contains(diner) { continue }
      for option in slot.options {
        let amount = perServing(option)
        if amount != 0 {
          for (variable, coefficient) in servingTerms(
            option, slot: index, amount: amount, diner: diner, diners: diners)
          {
            expression.add(variable, coefficient)
          }
        }
      }
    }
    return expression
  }

  /// The cost of every serving eaten: the objective of a plan priced by the serving.
  func costExpression(_ slots: [ModelSlot], diners: Diners) -> LinearExpression {
    var cost = LinearExpression()
    for (index, slot) in slots.enumerated() {
      for option in slot.options {
        for (variable, coefficient) in servingTerms(
          option, slot: index, amount: costPerServing(option), diners: diners)
        {
          cost.add(variable, coefficient)
        }
      }
    }
    return cost
  }

  func amount(_ nutrient: Nutrient, _ option: ModelOption) -> Double {
    candidates[option.candidate].profile.perServing(nutrient)
  }

  /// Adds every diner's goal rows (`goal[protein,day3]`, a member's
  /// `goal[sam,protein,day3]`) and returns, for each diner, each goal's
  /// rows, in the order of their goals.
  @discardableResult
  func addGoalRows(slots: [ModelSlot], diners: Diners, to model: inout LinearModel) -> [[Range<Int>]] {
    var periods: [(label: String, days: ClosedRange<Int>, scale: Double, period: Period)] = []
    periods += (1...problem.days).map { ("day\($0)", $0...$0, 1, Period.day) }
    periods += weekBlocks().map { ("week\($0.number)", $0.days, $0.share, Period.week) }
    return diners.people.indices.map { diner in
      var rows: [Range<Int>] = []
      for goal in diners.people[diner].goals {
        let first = model.constraints.count
        defer { rows.append(first..<model.constraints.count) }
        for period in periods where period.period == goal.period {
          let name = "goal[\(diners.people[diner].prefix)\(goal.nutrient),\(period.label)"
          let group: ConstraintGroup = period.period == .day ? .dailyGoals : .weeklyGoals
          switch goal.basis {
          case .absolute:
            let expression = total(over: slots, days: period.days, diner: diner, diners: diners) {
              amount(goal.nutrient, $0)
            }
            let low = goal.minimum.map { $0 * period.scale }
            let high = goal.maximum.map { $0 * period.scale }
            guard let set = Self.constraintSet(low, high) else { continue }
            model.addConstraint(name + "]", expression, set, group: group)
          case .percentOfEnergy:
            let factor = goal.nutrient.definition?.kilocaloriesPerUnit ?? 0
            let sides = [(goal.minimum, "min"), (goal.maximum, "max")].compactMap { bound, side in
              bound.map { ($0, side) }
            }
            for (share, side) in sides {
              let expression = total(over: slots, days: period.days, diner: diner, diners: diners) {
                factor * amount(goal.nutrient, $0) - share * amount(.energy, $0)
              }
              let suffix = sides.count > 1 ? ",\(side)]" : "]"
              model.addConstraint(
                name + suffix, expression, side == "min" ? .greaterThan(0) : .lessThan(0), group: group)
            }
          }
        }
      }
      return rows
    }
  }

  static func constraintSet(_ low: Double?, _ high: Double?) -> ConstraintSet? {
    switch (low, high) {
    case (let low?, let high?): low == high ? .equalTo(low) : .interval(low, high)
    case (let low?, nil): .greaterThan(low)
    case (nil, let high?): .lessThan(high)
    case (nil, nil): nil
    }
  }

  /// `budget[day3]`, `budget[week1]`: what everyone eats costs at most the budget.
  func addBudgetRows(slots: [ModelSlot], diners: Diners, to model: inout LinearModel) {
    for budget in problem.budgets {
      let limit = NSDecimalNumber(decimal: budget.amount).doubleValue
      switch budget.period {
      case .day:
        for day in 1...problem.days {
          let expression = total(over: slots, days: day...day, diners: diners) { costPerServing($0) }
          model.addConstraint("budget[day\(day)]", expression, .lessThan(limit), group: .budget)
        }
      case .week:
        for block in weekBlocks() {
          let expression = total(over: slots, days: block.days, diners: diners) { costPerServing($0) }
          model.addConstraint(
            "budget[week\(block.number)]", expression, .lessThan(limit * block.share), group: .budget)
        }
      }
    }
  }

  /// The pick variables of each recipe's fresh (cooked) slots on each day.
  func cookings(_ slots: [ModelSlot]) -> [String: [Int: [VariableRef]]] {
    var result: [String: [Int: [VariableRef]]] = [:]
    for slot in slots where slot.leftoverOf == nil {
      for option in slot.options where option.kind == .recipe {
        result[option.id, default: [:]][slot.day, default: []].append(option.pick)
      }
    }
    return result
  }

  /// The pick variables of each recipe on each day it is on the table: a
  /// leftover slot repeats its source's pick on the day it is eaten.
  func servings(_ slots: [ModelSlot]) -> [String: [Int: [VariableRef]]] {
    var result: [String: [Int: [VariableRef]]] = [:]
    for slot in slots {
      for option in slot.options where option.kind == .recipe {
        result[option.id, default: [:]][slot.day, default: []].append(option.pick)
      }
    }
    return result
  }

  func addRepetitionRows(slots: [ModelSlot], to model: inout LinearModel) {
    let rules = problem.repetition
    let cooked = cookings(slots)
    let served = rules.counting == .meals ? servings(slots) : cooked
    // Each recipe's picks by day, in one pass over the slots (looking through every
    // slot's options for each recipe and day grew with the square of the recipes).
    var eatenByDay: [String: [Int: [VariableRef]]] = [:]
    if rules.oncePerDay {
      for slot in slots {
        for option in slot.options where option.kind == .recipe {
          if eatenByDay[option.id]?[slot.day]?.contains(option.pick) == true { continue }
          eatenByDay[option.id, default: [:]][slot.day, default: []].append(option.pick)
        }
      }
    }
    for (recipe, byDay) in cooked.sorted(by: { $0.key < $1.key }) {
      if let limit = rules.maximumPerWeek {
        let counted = served[recipe] ?? byDay
        for block in weekBlocks() {
          let picks = block.days.flatMap { counted[$0] ?? [] }
          if picks.count > limit {
            model.addConstraint(
              "repeat[\(recipe),week\(block.number)]", LinearExpression(picks.map { ($0, 1) }),
              .lessThan(Double(limit)), group: .repetition)
          }
        }
      }
      if rules.oncePerDay {
        let eatenOn = eatenByDay[recipe] ?? [:]
        for day in 1...problem.days {
          let eaten = eatenOn[day] ?? []
          if eaten.count > 1 {
            model.addConstraint(
              "once_a_day[\(recipe),day\(day)]", LinearExpression(eaten.map { ($0, 1) }), .lessThan(1),
              group: .repetition)
          }
        }
      }
      if rules.notOnConsecutiveDays, problem.days > 1 {
        addApartRows(recipe: recipe, byDay: byDay, aggregate: rules.oncePerDay, to: &model)
      }
    }
  }

  /// Rows that keep a recipe from being cooked on two consecutive days.
  ///
  /// With the once-a-day rule the cookings of two consecutive days sum to at
  /// most 1; without it, a `cooked[r,dayN]` indicator per day stands for "any
  /// cooking that day".
  func addApartRows(recipe: String, byDay: [Int: [VariableRef]], aggregate: Bool, to model: inout LinearModel)
  {
    var indicator: [Int: VariableRef] = [:]
    func dayTerm(_ day: Int) -> [(VariableRef, Double)] {
      let picks = byDay[day] ?? []
      if aggregate || picks.count <= 1 { return picks.map { ($0, 1) } }
      if let variable = indicator[day] { return [(variable, 1)] }
      let variable = model.addVariable("cooked[\(recipe),day\(day)]", lower: 0, upper: 1)
      for (offset, pick) in picks.enumerated() {
        model.addConstraint(
          "cooked_link[\(recipe),day\(day),\(offset + 1)]", LinearExpression([(pick, 1), (variable, -1)]),
          .lessThan(0), group: .repetition)
      }
      indicator[day] = variable
      return [(variable, 1)]
    }
    for day in 1..<problem.days {
      let terms = dayTerm(day) + dayTerm(day + 1)
      if terms.count > 1, !(byDay[day] ?? []).isEmpty, !(byDay[day + 1] ?? []).isEmpty {
        model.addConstraint(
          "apart[\(recipe),day\(day)]", LinearExpression(terms), .lessThan(1), group: .repetition)
      }
    }
  }

  /// Adds the tie-break's variables and rows and returns its objective:
  /// variety counts the table's cookings; goal-center each diner's distance
  /// from the middle of their daily goal ranges (`center[protein,day3]`, a
  /// member's `center[sam,protein,day3]`; none for a day where nothing
  /// eaten has the nutrient).
  func addTieBreak(slots: [ModelSlot], diners: Diners, to model: inout LinearModel) -> LinearExpression? {
    var objective = LinearExpression()
    switch problem.tieBreak {
    case .none:
      return nil
    case .variety:
      for (recipe, byDay) in cookings(slots).sorted(by: { $0.key < $1.key }) {
        let picks = byDay.values.flatMap { $0 }
        guard picks.count > 1 else { continue }
        let repeats = model.addVariable("repeats[\(recipe)]", lower: 0)
        model.addConstraint(
          "repeats_count[\(recipe)]", LinearExpression(picks.map { ($0, 1) } + [(repeats, -1)]), .lessThan(1),
          group: .tieBreak)
        objective.add(repeats, 1)
      }
    case .goalCenter:
      for (diner, person) in diners.people.enumerated() {
        for goal in person.goals where goal.period == .day && goal.basis == .absolute {
          guard let low = goal.minimum, let high = goal.maximum, high > low else { continue }
          for day in 1...problem.days {
            let name = "\(person.prefix)\(goal.nutrient),day\(day)"
            var expression = total(over: slots, days: day...day, diner: diner, diners: diners) {
              amount(goal.nutrient, $0)
            }
            guard !expression.terms.isEmpty else { continue }
            let over = model.addVariable("over[\(name)]", lower: 0)
            let under = model.addVariable("under[\(name)]", lower: 0)
            expression.add(over, -1)
            expression.add(under, 1)
            model.addConstraint("center[\(name)]", expression, .equalTo((low + high) / 2), group: .tieBreak)
            objective.add(over, 2 / (high - low))
            objective.add(under, 2 / (high - low))
          }
        }
      }
    }
    return objective.terms.isEmpty ? nil : objective
  }
}
