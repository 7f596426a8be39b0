import Foundation

/// Builds the mixed-integer model of a ``HouseholdProblem`` on ``LinearModel``.
///
/// Variables, for each slot of each day that some member eats (`day3,dinner`)
/// and each recipe or food `r` it may hold:
/// - `pick[r,day3,dinner]`, binary: the table serves `r` (one dish for everyone);
/// - `serve[r,day3,dinner,sam]`, integer: Sam's portion in steps of the
///   portion step, for each member who eats the slot that day.
///
/// A leftover slot reuses its source's picks (the same dish) with portions of
/// its own for the members who eat it. A slot nobody eats has no variables
/// and costs nothing, unless its cooking feeds a leftover slot someone eats.
///
/// Rows: `fill`, `portion_min`/`portion_max` and `portions` per member, and
/// locks, here; the rows that count what is eaten are
/// ``MealPlanModelBuilder``'s own, written once for one person and a
/// household: `goal[sam,protein,day3]` per member and goal, budgets and the
/// purchase part on what everyone eats, repetition on the table's dishes,
/// the tie-break. The objective is the cost of every member's servings.
///
/// A member's own `diet` and `avoid` (``HouseholdMember/diet``,
/// ``HouseholdMember/avoid``) keep a dish they exclude off every fresh slot
/// they eat, so the others share it only where that member is not at the
/// table; at a leftover slot they eat, their portion of such a dish is fixed
/// at zero, so the source slot cannot cook it when a portion is required.
package struct HouseholdModelBuilder: Sendable {
  /// The problem being modelled.
  package let problem: HouseholdProblem
  /// The builder of the shared week, for its recipes, exclusions and rows.
  let base: MealPlanModelBuilder
  /// For each member, why their own `diet` or `avoid` excludes each of the
  /// base's candidates, or `nil` when they may eat it.
  let memberExclusions: [[String?]]

  /// Checks the problem and computes every recipe's profile.
  ///
  /// - Parameter problem: the problem.
  /// - Throws: ``PlanningError`` for a malformed shared week (see
  ///   ``MealPlanModelBuilder/init(problem:)``), a household without members,
  ///   a member listed twice, a member's slot or skipped day the plan does
  ///   not have, or a lock that fixes servings (each member has their own).
  package init(problem: HouseholdProblem) throws(PlanningError) {
    self.problem = problem
    let base = try MealPlanModelBuilder(problem: problem.meals)
    self.base = base
    let members = problem.household.members
    self.memberExclusions = members.map { member in
      guard !member.diet.isEmpty || !member.avoid.isEmpty else {
        return Array(repeating: nil, count: base.candidates.count)
      }
      return base.candidates.map {
        MealPlanModelBuilder.exclusion(
          of: $0.profile, diet: member.diet, avoid: member.avoid, whose: member.name)
      }
    }
    guard !members.isEmpty else { throw .invalidProblem("a household needs at least one member") }
    var seen: Set<String> = []
    for member in members {
      guard seen.insert(member.id).inserted else { throw .duplicateIdentifier(member.id) }
      for meal in (member.meals ?? []) + member.skips.map(\.meal) where !problem.meals.slots.contains(meal) {
        throw .invalidProblem("member '\(member.id)' names meal '\(meal)', which the plan does not have")
      }
      for skip in member.skips where skip.days.lowerBound < 1 || skip.days.upperBound > problem.meals.days {
        throw .invalidProblem("member '\(member.id)' skips days outside 1...\(problem.meals.days)")
      }
      for goal in member.goals where goal.basis == .percentOfEnergy {
        guard goal.nutrient.definition?.kilocaloriesPerUnit != nil else {
          throw .invalidProblem("'\(goal.nutrient)' supplies no energy, so it has no percent-of-energy goal")
        }
      }
    }
    if problem.meals.locks.contains(where: { $0.servings != nil }) {
      throw .invalidProblem(
        "a household plan's lock fixes the dish, not the servings: each member has a portion")
    }
  }

  /// The household model: the shared model and who eats each of its slots.
  package struct Built: Sendable {
    /// The model and its slots; each option's ``ModelOption/memberSteps``
    /// follow ``eaters`` of its slot.
    package var model: MealPlanModel
    /// For each slot of ``model``, the indices of the members who eat it.
    package var eaters: [[Int]]
  }

  /// The members as the diners of the week's rows: who eats each slot, each member's goals.
  func diners(eaters: [[Int]]) -> MealPlanModelBuilder.Diners {
    MealPlanModelBuilder.Diners(
      eaters: eaters, people: problem.household.members.map { ("\($0.id),", $0.goals) })
  }

  /// Builds the model.
  ///
  /// - Returns: the model, its slots and who eats each, and any conflicts
  ///   found before solving (a slot with no allowed recipe).
  /// - Complexity: O(days × slots × options × members × goals).
  package func build() -> Built {
    let week = problem.meals
    var model = LinearModel(name: "household_plan")
    let leftoverSource = base.leftoverSources()
    var conflicts: [String] = []
    var slots: [ModelSlot] = []
    var eaters: [[Int]] = []
    var slotIndex: [MealPlanModelBuilder.LockKey: Int] = [:]
    // A slot is cooked when someone eats it or eats its leftovers.
    var cooked: Set<MealPlanModelBuilder.LockKey> = []
    for day in 1...week.days {
      for meal in week.slots where !problem.eaters(meal, day: day).isEmpty {
        cooked.insert(.init(day: day, meal: meal))
        if let rule = leftoverSource[meal], day - rule.daysLater >= 1 {
          cooked.insert(.init(day: day - rule.daysLater, meal: rule.from))
        }
      }
    }
    for day in 1...week.days {
      for meal in week.slots {
        let key = MealPlanModelBuilder.LockKey(day: day, meal: meal)
        let who = problem.eaters(meal, day: day)
        if let rule = leftoverSource[meal], day - rule.daysLater >= 1 {
          guard !who.isEmpty,
            let source = slotIndex[.init(day: day - rule.daysLater, meal: rule.from)]
          else { continue }
          let options = slots[source].options.map { option in
            var leftover = option
            leftover.memberSteps = addPortions(
              option, name: "\(option.id),\(key)", meal: rule.from, who: who, to: &model)
            return leftover
          }
          addPortionSums(options, key: key, meal: rule.from, who: who, to: &model)
          slotIndex[key] = slots.count
          slots.append(ModelSlot(day: day, meal: meal, leftoverOf: source, options: options))
          eaters.append(who)
          continue
        }
        guard cooked.contains(key) else { continue }
        var options: [ModelOption] = []
        let step = base.portions(for: meal).step
        let allowed = base.allowedCandidates(in: meal)
        let forAll = allowed.filter { index in who.allSatisfy { memberExclusions[$0][index] == nil } }
        if !allowed.isEmpty && forAll.isEmpty {
          let reasons = allowed.prefix(3).map { index in
            "'\(base.candidates[index].id)': "
              + (who.lazy.compactMap { memberExclusions[$0][index] }.first ?? "allowed")
          }
          conflicts.append(
            "day \(day): every recipe for \(meal) is excluded by a member's diet or avoid rules ("
              + reasons.joined(separator: "; ") + (allowed.count > 3 ? "; ..." : "") + ")")
        }
        for index in forAll {
          let candidate = base.candidates[index]
          let name = "\(candidate.id),\(key)"
          let pick = model.addVariable("pick[\(name)]", kind: .binary)
          var option = ModelOption(
            kind: candidate.kind, id: candidate.id, pick: pick, steps: nil, stepSize: step, fixedSteps: 0,
            candidate: index)
          option.memberSteps = addPortions(option, name: name, meal: meal, who: who, to: &model)
          options.append(option)
        }
        if allowed.isEmpty { conflicts.append(base.emptySlotReason(day: day, meal: meal)) }
        addPortionSums(options, key: key, meal: meal, who: who, to: &model)
        model.addConstraint(
          "fill[\(key)]", LinearExpression(options.map { ($0.pick, 1) }), .equalTo(1), group: .fill)
        slotIndex[key] = slots.count
        slots.append(ModelSlot(day: day, meal: meal, leftoverOf: nil, options: options))
        eaters.append(who)
      }
    }
    for lock in week.locks {
      guard let index = slotIndex[.init(day: lock.day, meal: lock.meal)] else { continue }
      let slot = slots[index].leftoverOf.map { slots[$0] } ?? slots[index]
      if let conflict = base.addLock(lock, slot: slot, to: &model) { conflicts.append(conflict) }
    }
    // Goals, cost, budgets, purchases, repetition and the tie-break: the same rows as one person's week.
    let built = base.addEatingRows(
      slots: slots, diners: diners(eaters: eaters), conflicts: conflicts, to: &model)
    return Built(model: built, eaters: eaters)
  }

  /// Adds each eating member's portion variable and its rows for one option.
  func addPortions(
    _ option: ModelOption, name: String, meal: Meal, who: [Int], to model: inout LinearModel
  ) -> [VariableRef] {
    let range = base.portions(for: meal).stepRange ?? 1...1
    return who.map { member in
      let id = problem.household.members[member].id
      // A dish the member's own diet or avoid excludes: no portion for them.
      let excluded = memberExclusions[member][option.candidate] != nil
      let serve = model.addVariable(
        "serve[\(name),\(id)]", lower: 0, upper: excluded ? 0 : Double(range.upperBound), kind: .integer)
      model.addConstraint(
        "portion_max[\(name),\(id)]",
        LinearExpression([(serve, 1), (option.pick, -Double(range.upperBound))]), .lessThan(0),
        group: .portions)
      model.addConstraint(
        "portion_min[\(name),\(id)]",
        LinearExpression([(serve, 1), (option.pick, -Double(range.lowerBound))]), .greaterThan(0),
        group: .portions)
      return serve
    }
  }

  /// `portions[day3,dinner,sam]`: a member's portion over every option of a
  /// slot is one allowed portion. Implied by `fill` and the per-option rows,
  /// it tightens the LP relaxation the search's bounds come from.
  func addPortionSums(
    _ options: [ModelOption], key: MealPlanModelBuilder.LockKey, meal: Meal, who: [Int],
    to model: inout LinearModel
  ) {
    guard !options.isEmpty, let range = base.portions(for: meal).stepRange else { return }
    for (position, member) in who.enumerated() {
      model.addConstraint(
        "portions[\(key),\(problem.household.members[member].id)]",
        LinearExpression(options.map { ($0.memberSteps[position], 1) }),
        .interval(Double(range.lowerBound), Double(range.upperBound)), group: .portions)
    }
  }
}
