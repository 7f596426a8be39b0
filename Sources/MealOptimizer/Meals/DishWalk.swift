/// The state of ``MealPlanSearch/Step/dishSearch``: a week's dishes, one per
/// fresh slot, the rows on the day variables alone that every move must
/// keep, and the week's price at the till by ``TillPricer``.
///
/// A leftover slot holds its source's pick and portion variables, so it
/// follows the source's moves; in a household its members' portions are
/// its own, and a move of the source fits them as it fits the source's.
///
/// A move sets some day variables (a slot's pick and portion, or in a
/// household each member's portion) and is kept
/// only when every row on day variables alone that it touches still holds
/// (the goals of each day, one dish a slot, repetition limits, locks), so
/// the walk never leaves the plans those rows allow; rows that tie the days
/// to the purchases are the pricer's. Everything is deterministic: moves are
/// tried in slot and option order, and kicks draw from a fixed-seed
/// generator.
struct DishWalk {
  /// One choice a slot may make: an option and its portion in steps, or in
  /// a household each eating member's portion in steps (the option's
  /// ``ModelOption/memberSteps``, in order, then those of the same option in
  /// each of the slot's leftover slots).
  struct Choice: Hashable {
    var option: Int
    var steps: Double
    var members: [Double] = []
  }

  /// A row on day variables alone.
  struct DayRow {
    var lower: Double?
    var upper: Double?
    var terms: [(variable: Int, coefficient: Double)]
  }

  /// The fresh slots: the ones the walk moves.
  let slots: [ModelSlot]
  /// Each fresh slot's leftover slots, whose options follow its own.
  let followers: [[ModelSlot]]
  let pricer: TillPricer
  /// The whole model's values; only day variables change.
  private(set) var values: [Double]
  /// Each slot's choice.
  private(set) var choices: [Choice]
  /// Each slot's choices, in option order. A household slot lists each
  /// option once, its members' portions to be fitted when it is tried
  /// (``proposal(_:_:)``).
  let candidates: [[Choice]]
  private let rows: [DayRow]
  private let rowsOf: [Int: [Int]]
  /// Each household member portion's upper bound in steps, by variable.
  private let memberUpper: [Int: Double]
  /// The week's purchases priced under each store set.
  private var tally: TillTally
  /// The walk's price of the current week.
  private(set) var cost: Double
  /// Moves tried so far (the descent looks at the clock every 64).
  private(set) var tried = 0

  /// A walk from a plan of the model (`slots`: all of the model's, leftover
  /// slots included); `nil` when a slot's choice cannot be read off it.
  init?(model: LinearModel, slots allSlots: [ModelSlot], pricer: TillPricer, start: [Double]) {
    let fresh = allSlots.indices.filter { allSlots[$0].leftoverOf == nil }
    let slots = fresh.map { allSlots[$0] }
    let followers = fresh.map { index in allSlots.filter { $0.leftoverOf == index } }
    self.slots = slots
    self.followers = followers
    self.pricer = pricer
    self.values = start
    var choices: [Choice] = []
    var candidates: [[Choice]] = []
    for (position, slot) in slots.enumerated() {
      var list: [Choice] = []
      var current: Choice?
      for (index, option) in slot.options.enumerated() {
        if let steps = option.steps {
          let variable = model.variables[steps.index]
          let upper = min(variable.upper ?? 8, 12)
          var value = max(1, (variable.lower ?? 0).rounded(.up))
          while value <= upper {
            list.append(Choice(option: index, steps: value))
            value += 1
          }
        } else {
          list.append(Choice(option: index, steps: 0))
        }
        if start[option.pick.index] > 0.5 {
          current = Choice(
            option: index, steps: option.steps.map { start[$0.index].rounded() } ?? 0,
            members: Self.memberSteps(slot, followers[position], index).map { start[$0.index].rounded() })
        }
      }
      guard let current else { return nil }
      choices.append(current)
      candidates.append(list)
    }
    self.choices = choices
    self.candidates = candidates
    var memberUpper: [Int: Double] = [:]
    for slot in allSlots {
      for option in slot.options {
        for variable in option.memberSteps {
          memberUpper[variable.index] = model.variables[variable.index].upper
        }
      }
    }
    self.memberUpper = memberUpper
    let dayVariables = Set(
      allSlots.flatMap { $0.options.flatMap(\.variables) }.map(
        \.index))
    var rows: [DayRow] = []
    var rowsOf: [Int: [Int]] = [:]
    for row in model.constraints
    where row.expression.terms.allSatisfy({ dayVariables.contains($0.variable.index) }) {
      let index = rows.count
      rows.append(
        DayRow(
          lower: row.set.lower.map { $0 - row.expression.constant },
          upper: row.set.upper.map { $0 - row.expression.constant },
          terms: row.expression.terms.map { ($0.variable.index, $0.coefficient) }))
      for term in row.expression.terms where rowsOf[term.variable.index]?.last != index {
        rowsOf[term.variable.index, default: []].append(index)
      }
    }
    self.rows = rows
    self.rowsOf = rowsOf
    tally = TillTally(pricer: pricer, grams: pricer.foods.indices.map { pricer.grams(of: $0, in: start) })
    cost = .infinity
    reset(to: start)
  }

  /// Starts again from a plan's values (every figure recomputed).
  mutating func reset(to start: [Double]) {
    values = start
    for (slot, list) in candidates.enumerated() {
      if let chosen = list.first(where: {
        slots[slot].options[$0.option].pick.index < start.count
          && start[slots[slot].options[$0.option].pick.index] > 0.5
      }) {
        let option = slots[slot].options[chosen.option]
        choices[slot] = Choice(
          option: chosen.option, steps: option.steps.map { start[$0.index].rounded() } ?? 0,
          members: memberSteps(slot, chosen.option).map { start[$0.index].rounded() })
      }
    }
    tally.reset(grams: pricer.foods.indices.map { pricer.grams(of: $0, in: values) })
    cost = price(tally.price)
  }

  /// The week's price: the till's, and the objective's terms on the days (none at the till).
  private func price(_ till: Double) -> Double {
    till + pricer.dayObjective.reduce(0) { $0 + $1.coefficient * values[$1.variable] }
  }

  /// The members' portion variables of a fresh slot's option: the slot's,
  /// then each of its leftover slots' (``Choice/members``, in order).
  static func memberSteps(_ slot: ModelSlot, _ followers: [ModelSlot], _ option: Int) -> [VariableRef] {
    slot.options[option].memberSteps + followers.flatMap { $0.options[option].memberSteps }
  }

  /// ``memberSteps(_:_:_:)`` of a fresh slot by its index.
  func memberSteps(_ slot: Int, _ option: Int) -> [VariableRef] {
    Self.memberSteps(slots[slot], followers[slot], option)
  }

  /// The variables a slot's choice sets, with their values.
  private func settings(_ slot: Int, _ choice: Choice) -> [(Int, Double)] {
    let option = slots[slot].options[choice.option]
    var result = [(option.pick.index, 1.0)]
    if let steps = option.steps { result.append((steps.index, choice.steps)) }
    for (variable, steps) in zip(memberSteps(slot, choice.option), choice.members) {
      result.append((variable.index, steps))
    }
    return result
  }

  /// The choice a move tries: `choice` itself, or in a household slot its
  /// option with each member's least portion that keeps every day row of
  /// theirs (each member's rows are their own, so each is fitted alone, the
  /// rest of the week as it is); `nil` when some member has none. Less food
  /// never costs more at the till, so the least portion is the one to price.
  func proposal(_ slot: Int, _ choice: Choice) -> Choice? {
    let option = slots[slot].options[choice.option]
    let portions = memberSteps(slot, choice.option)
    guard !portions.isEmpty else { return choice }
    var trial = self
    for (variable, _) in clearing(slot) { trial.values[variable] = 0 }
    trial.values[option.pick.index] = 1
    var members: [Double] = []
    for variable in portions {
      let upper = min(memberUpper[variable.index] ?? 8, 12)
      var fitted: Double?
      var steps = 0.0
      while steps <= upper {
        trial.values[variable.index] = steps
        if (rowsOf[variable.index] ?? []).allSatisfy({ trial.holds(rows[$0]) }) {
          fitted = steps
          break
        }
        steps += 1
      }
      guard let fitted else { return nil }
      members.append(fitted)
    }
    return Choice(option: choice.option, steps: choice.steps, members: members)
  }

  /// A household slot's current dish with one member's portion a step
  /// smaller or larger: the moves that let the walk trade portions between
  /// a member's meals.
  func portionMoves(_ slot: Int) -> [Choice] {
    let current = choices[slot]
    var result: [Choice] = []
    for member in current.members.indices {
      for delta in [-1.0, 1.0] where current.members[member] + delta >= 0 {
        var choice = current
        choice.members[member] += delta
        result.append(choice)
      }
    }
    return result
  }

  private func clearing(_ slot: Int) -> [(Int, Double)] {
    settings(slot, choices[slot]).map { ($0.0, 0) }
  }

  private func holds(_ row: DayRow) -> Bool {
    let activity = row.terms.reduce(0) { $0 + $1.coefficient * values[$1.variable] }
    if let lower = row.lower, activity < lower - 1e-7 * max(1, abs(lower)) { return false }
    if let upper = row.upper, activity > upper + 1e-7 * max(1, abs(upper)) { return false }
    return true
  }

  /// Sets slots to new choices when every day row they touch still holds
  /// and, unless `always`, the week gets cheaper by more than 1e-7; returns
  /// whether the move was made.
  mutating func move(_ changes: [(slot: Int, choice: Choice)], always: Bool = false) -> Bool {
    tried += 1
    var assignments: [(Int, Double)] = []
    for change in changes { assignments += clearing(change.slot) }
    for change in changes { assignments += settings(change.slot, change.choice) }
    let previous = assignments.map { ($0.0, values[$0.0]) }
    for (variable, value) in assignments { values[variable] = value }
    func undo() {
      for (variable, value) in previous.reversed() { values[variable] = value }
    }
    var touched: [Int] = []
    var seen = Set<Int>()
    for (variable, _) in assignments {
      for row in rowsOf[variable] ?? [] where seen.insert(row).inserted { touched.append(row) }
    }
    for row in touched where !holds(rows[row]) {
      undo()
      return false
    }
    var foods: [Int] = []
    var seenFoods = Set<Int>()
    for (variable, _) in assignments {
      for (food, _) in pricer.foodsOf[variable] ?? [] where seenFoods.insert(food).inserted {
        foods.append(food)
      }
    }
    let change = tally.pricing(foods.map { ($0, pricer.grams(of: $0, in: values)) })
    let newCost = price(change.price)
    guard (always && newCost.isFinite) || newCost < cost - 1e-7 else {
      undo()
      return false
    }
    tally.make(change)
    cost = newCost
    for change in changes { choices[change.slot] = change.choice }
    return true
  }

  /// Moves until none makes the week cheaper or the deadline has passed (or
  /// the caller stopped the search): each slot's other choices, then each
  /// dish of a meal replaced by another wherever that meal serves it. Each
  /// move kept makes the week cheaper, so the descent ends.
  mutating func descend(deadline: ContinuousClock.Instant) {
    var improved = true
    while improved {
      improved = false
      for slot in slots.indices {
        if tried % 64 == 0, ContinuousClock.now >= deadline || StopRequest.isRequested { return }
        for candidate in candidates[slot] where candidate != choices[slot] {
          guard let choice = proposal(slot, candidate), choice != choices[slot] else { continue }
          if move([(slot, choice)]) { improved = true }
        }
        for choice in portionMoves(slot) {
          if move([(slot, choice)]) { improved = true }
        }
      }
      // Every slot of a meal that serves dish A serves B instead.
      var meals: [String: [Int]] = [:]
      for (index, slot) in slots.enumerated() { meals[slot.meal.name, default: []].append(index) }
      for name in meals.keys.sorted() {
        guard let members = meals[name] else { continue }
        let served = Array(Set(members.map { slots[$0].options[choices[$0].option].id })).sorted()
        for dish in served {
          let holding = members.filter { slots[$0].options[choices[$0].option].id == dish }
          guard holding.count > 1, let first = holding.first else { continue }
          for other in slots[first].options where other.id != dish {
            var changes: [(slot: Int, choice: Choice)] = []
            for slot in holding {
              guard let index = slots[slot].options.firstIndex(where: { $0.id == other.id }) else { break }
              // The same portion when the other dish allows it, else its first.
              let portions = candidates[slot].filter { $0.option == index }
              guard
                let candidate = portions.first(where: { $0.steps == choices[slot].steps }) ?? portions.first,
                let choice = proposal(slot, candidate)
              else { break }
              changes.append((slot, choice))
            }
            guard changes.count == holding.count else { continue }
            if move(changes) { improved = true }
          }
        }
      }
    }
  }

  /// What the week buys at its price: the cheapest store set's visits (1
  /// for its stores, 0 for the others) and every package count, by variable.
  func purchases() -> [Int: Double] { pricer.purchases(tally) ?? [:] }

  /// Changes `count` slots drawn by `generator` to other choices that keep
  /// the day rows, whatever they cost.
  mutating func kick(_ count: Int, _ generator: inout SplitMix64) {
    for _ in 0..<count {
      let slot = Int(generator.next() % UInt64(slots.count))
      let list = candidates[slot]
      guard list.count > 1 else { continue }
      for _ in 0..<8 {
        guard let choice = proposal(slot, list[Int(generator.next() % UInt64(list.count))]) else { continue }
        if choice != choices[slot], move([(slot, choice)], always: true) { break }
      }
    }
  }
}
