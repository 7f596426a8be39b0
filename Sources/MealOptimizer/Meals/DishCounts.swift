/// The week's dishes counted per meal, priced at the till by ``TillPricer``:
/// the state of ``MealPlanSearch/countSearch(_:pricer:_:)``.
///
/// What a week buys depends only on how many times each meal serves each
/// dish, not on which day; which days can serve them is the day rows'
/// business. So a move here shifts one serving of a meal from one dish to
/// another, or two such shifts at once (one that alone costs the same or
/// more can open the way for another), and is priced without looking at the
/// days; the search then asks the solver whether some week with those counts
/// keeps every day row. The walk over slots (``DishWalk``) cannot make these
/// moves when no single slot change keeps its day's goals.
struct DishCounts {
  /// One meal's dish: the pick variable of each fresh slot that offers it.
  struct Dish {
    var meal: String
    var picks: [Int]
    /// The foods one serving eats: (index in the pricer's foods, grams).
    var foods: [(food: Int, grams: Double)]
    /// The objective's coefficient of one serving on the days (0 at the till).
    var cost: Double
  }

  /// A change of counts: (dish, +1 or -1) pairs.
  typealias Shift = [(dish: Int, by: Int)]

  let pricer: TillPricer
  let dishes: [Dish]
  private(set) var counts: [Int]
  private var wholeRows: [WholeRow] = []
  /// The week's purchases priced under each store set.
  private var tally: TillTally
  /// The objective's terms on the days at the current counts (0 at the till).
  private var dayTotal: Double
  /// The count-space price of the current counts.
  private(set) var cost: Double

  /// The counts of a plan; `nil` when a slot's options have portions that
  /// vary, household members, or dishes whose servings differ by day.
  init?(slots: [ModelSlot], pricer: TillPricer, start: [Double]) {
    self.pricer = pricer
    var dishIndex: [String: Int] = [:]
    var dishes: [Dish] = []
    let objective = Dictionary(pricer.dayObjective.map { ($0.variable, $0.coefficient) }, uniquingKeysWith: +)
    for slot in slots {
      guard slot.leftoverOf == nil else { return nil }
      for option in slot.options {
        guard option.steps == nil, option.memberSteps.isEmpty else { return nil }
        let key = "\(slot.meal.name)\u{1F}\(option.kind.rawValue)\u{1F}\(option.id)"
        let pick = option.pick.index
        // One entry a food (a recipe may list a food twice).
        let foods = Dictionary((pricer.foodsOf[pick] ?? []).map { ($0.food, $0.grams) }, uniquingKeysWith: +)
          .sorted { $0.key < $1.key }.map { (food: $0.key, grams: $0.value) }
        let cost = objective[pick] ?? 0
        if let index = dishIndex[key] {
          // Every day's serving must eat and cost the same for counts to price it.
          let known = dishes[index]
          guard known.cost == cost, known.foods.count == foods.count,
            zip(known.foods, foods).allSatisfy({ $0.food == $1.food && $0.grams == $1.grams })
          else { return nil }
          dishes[index].picks.append(pick)
        } else {
          dishIndex[key] = dishes.count
          dishes.append(Dish(meal: slot.meal.name, picks: [pick], foods: foods, cost: cost))
        }
      }
    }
    self.dishes = dishes
    counts = dishes.map { dish in Int(dish.picks.reduce(0) { $0 + start[$1] }.rounded()) }
    tally = TillTally(pricer: pricer, grams: pricer.foods.indices.map { pricer.grams(of: $0, in: start) })
    dayTotal = Self.dayCost(dishes, counts)
    cost = tally.price + dayTotal
  }

  private static func dayCost(_ dishes: [Dish], _ counts: [Int]) -> Double {
    zip(dishes, counts).reduce(0) { $0 + $1.0.cost * Double($1.1) }
  }

  /// Every shift of one serving of a meal from a dish it serves to another
  /// dish of that meal with a slot to spare.
  func singleShifts() -> [Shift] {
    var byMeal: [String: [Int]] = [:]
    for (index, dish) in dishes.enumerated() { byMeal[dish.meal, default: []].append(index) }
    var result: [Shift] = []
    for meal in byMeal.keys.sorted() {
      let members = byMeal[meal] ?? []
      for from in members where counts[from] > 0 {
        for to in members where to != from && counts[to] < dishes[to].picks.count {
          result.append([(from, -1), (to, 1)])
        }
      }
    }
    return result
  }

  /// The counts after a shift, or `nil` when a count leaves its range or a
  /// row on whole dishes (``wholeRows``) fails.
  func applying(_ shift: Shift) -> [Int]? {
    var result = counts
    for (dish, by) in shift {
      result[dish] += by
      if result[dish] < 0 || result[dish] > dishes[dish].picks.count { return nil }
    }
    let touched = Set(shift.map(\.dish))
    for row in wholeRows where row.terms.contains(where: { touched.contains($0.dish) }) {
      let value = row.terms.reduce(0.0) { $0 + $1.coefficient * Double(result[$1.dish]) }
      if let lower = row.lower, value < lower - 1e-9 { return nil }
      if let upper = row.upper, value > upper + 1e-9 { return nil }
    }
    return result
  }

  /// The rows of a model that a week's counts decide: every term a pick of a
  /// dish, every pick of each dish it touches in it with one coefficient (a
  /// dish's limit over the week, say).
  mutating func keepWholeRows(of model: LinearModel) {
    var dishOf: [Int: Int] = [:]
    for (index, dish) in dishes.enumerated() {
      for pick in dish.picks { dishOf[pick] = index }
    }
    wholeRows = []
    // A pick held at 1 (a lock) keeps its dish's count at least 1 each.
    // A pick held by its bound and by a row counts once.
    var heldPicks = Set<Int>()
    for (index, variable) in model.variables.enumerated() where (variable.lower ?? 0) > 1e-9 {
      if dishOf[index] != nil { heldPicks.insert(index) }
    }
    for row in model.constraints where row.expression.terms.count == 1 {
      let term = row.expression.terms[0]
      guard dishOf[term.variable.index] != nil, term.coefficient > 0,
        let lower = row.set.lower, (lower - row.expression.constant) / term.coefficient > 1e-9
      else { continue }
      heldPicks.insert(term.variable.index)
    }
    var held: [Int: Int] = [:]
    for pick in heldPicks { if let dish = dishOf[pick] { held[dish, default: 0] += 1 } }
    for (dish, count) in held.sorted(by: { $0.key < $1.key }) {
      wholeRows.append(WholeRow(terms: [(dish, 1)], lower: Double(count), upper: nil))
    }
    for row in model.constraints {
      var coefficient: [Int: Double] = [:]
      var seen: [Int: Int] = [:]
      var whole = true
      for term in row.expression.terms {
        guard let dish = dishOf[term.variable.index],
          coefficient[dish].map({ $0 == term.coefficient }) ?? true
        else {
          whole = false
          break
        }
        coefficient[dish] = term.coefficient
        seen[dish, default: 0] += 1
      }
      guard whole, !coefficient.isEmpty, seen.allSatisfy({ dishes[$0.key].picks.count == $0.value }) else {
        continue
      }
      let constant = row.expression.constant
      wholeRows.append(
        WholeRow(
          terms: coefficient.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) },
          lower: row.set.lower.map { $0 - constant }, upper: row.set.upper.map { $0 - constant }))
    }
  }

  /// A row on whole dishes: its terms per dish and its bounds.
  struct WholeRow {
    var terms: [(dish: Int, coefficient: Double)]
    var lower: Double?
    var upper: Double?
  }

  /// The count-space price of the counts after a shift (the least over the
  /// store sets of trips and covers), without moving; infinity when no store
  /// set covers it.
  mutating func price(of shift: Shift) -> Double {
    var delta: [Int: Double] = [:]
    for (dish, by) in shift {
      for (food, amount) in dishes[dish].foods { delta[food, default: 0] += amount * Double(by) }
    }
    let change = tally.pricing(
      delta.sorted(by: { $0.key < $1.key }).filter { abs($0.value) > 1e-12 }.map {
        ($0.key, max(0, tally.grams[$0.key] + $0.value))
      })
    var day = 0.0
    for (dish, by) in shift { day += dishes[dish].cost * Double(by) }
    return change.price + dayTotal + day
  }

  /// Starts again from a plan's values (every figure recomputed).
  mutating func reset(to start: [Double]) {
    counts = dishes.map { dish in Int(dish.picks.reduce(0) { $0 + start[$1] }.rounded()) }
    tally.reset(grams: pricer.foods.indices.map { pricer.grams(of: $0, in: start) })
    dayTotal = Self.dayCost(dishes, counts)
    cost = tally.price + dayTotal
  }
}
