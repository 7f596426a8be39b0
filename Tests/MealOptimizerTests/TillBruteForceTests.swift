import Foundation
import GLPKBackend
import MealOptimizer
import Testing

/// Issue 41's "Must show": on small generated weeks paid at the till (one
/// person, or a household of two with their own goals and portions; foods
/// in two package sizes at two stores with trips; a pantry with a lot past
/// its use-by date after day 1), the planner's proven optimum equals a brute
/// force done here, with none of the planner's code: every dish and portion
/// of every slot, each day's goals checked, and for each week that keeps
/// them the cheapest whole packages over every set of stores, the pantry
/// used first. One person's weeks are also planned with day 1's dinner as
/// day 2's lunch (leftovers) and no dish twice a day.
@Suite("Planner's optimum at the till against a brute force", .serialized)
struct TillBruteForceTests {
  static let seeds: [UInt64] = Array(1...8)

  /// One eater's daily goals: energy within a range, protein at least.
  struct Goals {
    var energy: ClosedRange<Double>
    var protein: Double
  }

  /// A generated week of two days, lunch and dinner, every slot offering
  /// the same four recipes.
  struct TinyWeek {
    var foods: [Food]
    var stores: [Store]
    /// Each store's trip, in cents.
    var trips: [String: Int]
    var recipes: [Recipe]
    /// Each eater's goals (one for a person alone).
    var members: [Goals]
    /// Servings each eater may have of a dish.
    var portions: PortionOptions
    var pantry: [PantryStock]
    var maximumStores: Int?
    /// The second member skips lunch on day 2.
    var skip: Bool
    /// Day 1's dinner is day 2's lunch too (`leftovers dinner to lunch`):
    /// the same dish and portion, its food bought and eaten on day 2; and
    /// no dish twice a day (`repeat once per day`), so that the leftover
    /// decides what else day 2 may serve.
    var leftovers = false
    let days = 2
    let slots: [Meal] = [.lunch, .dinner]

    var servings: [Double] {
      Array(stride(from: portions.minimum, through: portions.maximum + 1e-9, by: portions.step))
    }

    /// Whether an eater eats a slot.
    func eats(_ member: Int, day: Int, _ meal: Meal) -> Bool {
      !(skip && member == 1 && day == 2 && meal == .lunch)
    }

    var mealProblem: MealPlanProblem {
      let only = SlotChoice(recipes: .only(recipes.map(\.id)))
      return MealPlanProblem(
        foods: foods, stores: stores, recipes: recipes, days: days, slots: slots,
        slotChoices: [.lunch: only, .dinner: only], portions: portions,
        goals: members.count == 1 ? Self.goals(members[0]) : [],
        repetition: RepetitionLimits(oncePerDay: leftovers),
        leftovers: leftovers ? [LeftoverRule(from: .dinner, to: .lunch)] : [], tieBreak: .none,
        purchasing: Purchasing(pantry: pantry, maximumStores: maximumStores))
    }

    var householdProblem: HouseholdProblem {
      HouseholdProblem(
        meals: mealProblem,
        household: Household(
          id: "pair",
          members: [
            HouseholdMember(id: "ana", goals: Self.goals(members[0])),
            HouseholdMember(
              id: "kid", goals: Self.goals(members[1]),
              skips: skip ? [SkippedMeal(meal: .lunch, days: 2...2)] : []),
          ]))
    }

    static func goals(_ goals: Goals) -> [NutrientGoal] {
      [
        NutrientGoal(.energy, minimum: goals.energy.lowerBound, maximum: goals.energy.upperBound),
        NutrientGoal(.protein, minimum: goals.protein),
      ]
    }
  }

  /// A week from a seed: five foods, each sold in a small and a large
  /// package at the first store and in one of the sizes at the second (or
  /// only at one store); four recipes of two or three foods; goals drawn
  /// between a quarter and two thirds of what a day can hold, the energy
  /// range narrow on seeds 3 and 7 (where whole portions may miss it); a pantry lot good
  /// through day 1 and, on some seeds, one that keeps; on some seeds one
  /// store at most.
  static func week(seed: UInt64, household: Bool) -> TinyWeek {
    var numbers = SplitMix64(seed: seed &* 7919 &+ (household ? 1 : 0))
    let stores = [
      Store(id: "north", name: "North", tripCost: Money(minorUnits: numbers.int(50...300))),
      Store(id: "south", name: "South", tripCost: Money(minorUnits: numbers.int(0...200))),
    ]
    var trips: [String: Int] = [:]
    for store in stores {
      trips[store.id] = Int(truncating: NSDecimalNumber(decimal: (store.tripCost ?? 0) * 100))
    }
    var foods: [Food] = []
    for index in 0..<5 {
      let small = Double(numbers.int(2...8) * 50)
      let smallPrice = numbers.int(60...400)
      let large = small * Double(numbers.int(2...3))
      let largePrice = smallPrice * numbers.int(15...25) / 10
      var offers: [Offer] = []
      let placement = numbers.int(0...3)
      if placement != 3 {
        offers.append(Offer(store: "north", price: Money(minorUnits: smallPrice), packageGrams: small))
        offers.append(Offer(store: "north", price: Money(minorUnits: largePrice), packageGrams: large))
      }
      if placement != 2 {
        let (grams, price) = numbers.int(0...1) == 0 ? (small, smallPrice) : (large, largePrice)
        let cents = price * numbers.int(7...13) / 10
        offers.append(Offer(store: "south", price: Money(minorUnits: cents), packageGrams: grams))
      }
      foods.append(
        Food(
          id: "food\(index)", name: "Food \(index)",
          nutrientsPer100g: [
            .energy: Double(numbers.int(40...400)) + 0.5, .protein: Double(numbers.int(1...25)) + 0.25,
          ],
          offers: offers))
    }
    var recipes: [Recipe] = []
    for index in 0..<4 {
      var ingredients: [RecipeIngredient] = []
      var used: Set<Int> = []
      for _ in 0..<numbers.int(2...3) {
        let food = numbers.int(0...4)
        guard used.insert(food).inserted else { continue }
        ingredients.append(RecipeIngredient(food: "food\(food)", grams: Double(numbers.int(4...20) * 10)))
      }
      recipes.append(
        Recipe(
          id: "dish\(index)", name: "Dish \(index)", servings: Double(numbers.int(1...2)),
          meals: [.lunch, .dinner], ingredients: ingredients))
    }
    let portions =
      numbers.int(0...1) == 0
      ? PortionOptions(minimum: 1, maximum: 2, step: 1) : PortionOptions(minimum: 0.5, maximum: 1, step: 0.5)
    var pantry = [
      PantryStock(food: "food\(numbers.int(0...4))", grams: Double(numbers.int(5...30) * 10), lastDay: 1)
    ]
    if numbers.int(0...1) == 0 {
      pantry.append(PantryStock(food: "food\(numbers.int(0...4))", grams: Double(numbers.int(5...30) * 10)))
    }
    var week = TinyWeek(
      foods: foods, stores: stores, trips: trips, recipes: recipes, members: [], portions: portions,
      pantry: pantry, maximumStores: numbers.int(0...2) == 0 ? 1 : nil, skip: household && seed % 2 == 0)
    // What one eater's day can hold at most: the richest dish at the largest portion, twice.
    let largest = week.servings.last ?? 1
    let most = { (nutrient: Nutrient) in
      2 * largest * recipes.map { BruteForce.perServing(nutrient, of: $0, foods: foods) }.max()!
    }
    for member in 0..<(household ? 2 : 1) {
      let scale = member == 0 ? 1 : 0.6
      let low = most(.energy) * scale * (0.25 + 0.4 * numbers.unit()) + 0.37
      week.members.append(
        Goals(
          energy: low...(low * (seed % 4 == 3 ? 1.01 + 0.04 * numbers.unit() : 1.5 + 0.8 * numbers.unit())),
          protein: most(.protein) * scale * (0.1 + 0.35 * numbers.unit()) + 0.13))
    }
    return week
  }

  /// The brute force: none of the planner's code.
  struct BruteForce {
    let week: TinyWeek
    /// What one slot serves: a dish and each eater's servings (0 for one who skips it).
    struct Serving: Hashable {
      var dish: Int
      var servings: [Double]
    }

    static func perServing(_ nutrient: Nutrient, of recipe: Recipe, foods: [Food]) -> Double {
      recipe.ingredients.reduce(0) { sum, ingredient in
        let food = foods.first { $0.id == ingredient.food }!
        return sum + (food.nutrientsPer100g[nutrient] ?? 0) * ingredient.grams / recipe.servings / 100
      }
    }

    /// Every way to serve a slot.
    func servings(day: Int, _ meal: Meal) -> [Serving] {
      var each: [[Double]] = [[]]
      for member in week.members.indices {
        let choices = week.eats(member, day: day, meal) ? week.servings : [0]
        each = each.flatMap { prefix in choices.map { prefix + [$0] } }
      }
      return week.recipes.indices.flatMap { dish in each.map { Serving(dish: dish, servings: $0) } }
    }

    /// Whether a day's two slots keep every eater's goals.
    func keepsGoals(_ day: [Serving]) -> Bool {
      for (member, goals) in week.members.enumerated() {
        var energy = 0.0
        var protein = 0.0
        for serving in day {
          let recipe = week.recipes[serving.dish]
          energy += Self.perServing(.energy, of: recipe, foods: week.foods) * serving.servings[member]
          protein += Self.perServing(.protein, of: recipe, foods: week.foods) * serving.servings[member]
        }
        guard goals.energy.contains(energy), protein >= goals.protein else { return false }
      }
      return true
    }

    /// Grams of each food a day eats.
    func grams(_ day: [Serving]) -> [Double] {
      var grams = [Double](repeating: 0, count: week.foods.count)
      for serving in day {
        let recipe = week.recipes[serving.dish]
        let total = serving.servings.reduce(0, +)
        for ingredient in recipe.ingredients {
          let food = week.foods.firstIndex { $0.id == ingredient.food }!
          grams[food] += ingredient.grams / recipe.servings * total
        }
      }
      return grams
    }

    /// Grams of a food the pantry can feed the days that eat `need[day]`:
    /// each lot feeds only the days up to its last; by max-flow min-cut,
    /// the least over K of what days 1...K eat plus the stock good after day K.
    func pantryUsable(food: String, need: [Double]) -> Double {
      let lots = week.pantry.filter { $0.food == food }
      return (0...need.count).map { cut in
        need.prefix(cut).reduce(0, +)
          + lots.filter { ($0.lastDay ?? .max) > cut }.reduce(0) { $0 + $1.grams }
      }.min()!
    }

    /// The cheapest whole packages, in cents, that buy at least `grams` of a
    /// food at the given stores; nil when none sells it.
    func cheapest(food: Food, grams: Double, at stores: Set<String>) -> Int? {
      guard grams > 1e-9 else { return 0 }
      let offers = food.offers.filter { stores.contains($0.store ?? "") }
      guard !offers.isEmpty else { return nil }
      func cents(_ offer: Offer) -> Int { Int(truncating: NSDecimalNumber(decimal: offer.price * 100)) }
      // Every count of each offer but the last; the last covers the rest.
      func best(_ index: Int, _ left: Double) -> Int {
        let offer = offers[index]
        let needed = left <= 1e-9 ? 0 : Int((left / offer.packageGrams - 1e-9).rounded(.up))
        if index == offers.count - 1 { return needed * cents(offer) }
        return (0...needed).map { count in
          count * cents(offer) + best(index + 1, left - Double(count) * offer.packageGrams)
        }.min()!
      }
      return best(0, grams)
    }

    /// The least paid at the till, in cents, for what each day eats.
    func paid(_ days: [[Double]]) -> Int? {
      let toBuy = week.foods.indices.map { food in
        let need = days.map { $0[food] }
        return max(0, need.reduce(0, +) - pantryUsable(food: week.foods[food].id, need: need))
      }
      var best: Int?
      let names = week.stores.map(\.id)
      for mask in 0..<(1 << names.count) {
        let visited = Set(names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] })
        if let most = week.maximumStores, visited.count > most { continue }
        var total = visited.reduce(0) { $0 + week.trips[$1]! }
        for (food, grams) in zip(week.foods, toBuy) {
          guard let cost = cheapest(food: food, grams: grams, at: visited) else {
            total = .max
            break
          }
          total += cost
        }
        if total < (best ?? .max) { best = total }
      }
      return best
    }

    /// The cheapest week, in cents; nil when no week keeps the goals.
    func minimum() -> Int? {
      if week.leftovers { return minimumWithLeftovers() }
      let days = (1...week.days).map { day in
        let lunch = servings(day: day, .lunch)
        let dinner = servings(day: day, .dinner)
        return Set(lunch.flatMap { a in dinner.map { [a, $0] } }.filter(keepsGoals).map(grams))
      }
      return cheapest(days[0].lazy.flatMap { first in days[1].lazy.map { [first, $0] } })
    }

    /// The cheapest week when day 2's lunch is day 1's dinner and no dish
    /// is served twice a day, in cents.
    func minimumWithLeftovers() -> Int? {
      let days = (1...week.days).map { day in
        servings(day: day, .lunch).flatMap { a in servings(day: day, .dinner).map { [a, $0] } }.filter {
          $0[0].dish != $0[1].dish && keepsGoals($0)
        }
      }
      return cheapest(
        days[0].lazy.flatMap { first in
          days[1].lazy.filter { $0[0] == first[1] }.map { [grams(first), grams($0)] }
        })
    }

    /// The least ``paid(_:)`` over weeks given by what each day eats, each
    /// distinct week priced once; nil when none can be bought.
    func cheapest(_ weeks: some Sequence<[[Double]]>) -> Int? {
      var cache: [[[Double]]: Int?] = [:]
      var best: Int?
      for days in weeks {
        let cost: Int?
        if let known = cache[days] {
          cost = known
        } else {
          cost = paid(days)
          cache[days] = cost
        }
        if let cost, cost < (best ?? .max) { best = cost }
      }
      return best
    }
  }

  static let options = MealPlannerOptions(timeLimit: 60, relativeGap: 1e-9, tieBreakTimeLimit: 1)

  /// Checks a planner's answer against the brute force: the same cheapest
  /// cost to the cent, a true bound, or both infeasible.
  static func expectAgrees(
    status: PlanStatus, cost: Decimal?, bound: Double?, minimum: Int?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let minimum else {
      #expect(status == .infeasible, sourceLocation: sourceLocation)
      return
    }
    #expect(status == .optimal, sourceLocation: sourceLocation)
    #expect(cost == Decimal(minimum) / 100, "brute force \(minimum) cents", sourceLocation: sourceLocation)
    #expect((bound ?? .infinity) <= Double(minimum) / 100 + 1e-6, sourceLocation: sourceLocation)
  }

  @Test("one person: the planner's cheapest week is the brute force's, to the cent", arguments: seeds)
  func solo(seed: UInt64) throws {
    let week = Self.week(seed: seed, household: false)
    let minimum = BruteForce(week: week).minimum()
    let problem = week.mealProblem
    let plan = try MealPlanner(solver: GLPKSolver(), options: Self.options).solve(problem)
    Self.expectAgrees(status: plan.status, cost: plan.cost, bound: plan.report.bound, minimum: minimum)
  }

  @Test(
    "one person with leftovers (day 1's dinner is day 2's lunch), once a day: the planner's cheapest week is the brute force's",
    arguments: seeds)
  func soloLeftovers(seed: UInt64) throws {
    var week = Self.week(seed: seed, household: false)
    week.leftovers = true
    let minimum = BruteForce(week: week).minimum()
    let plan = try MealPlanner(solver: GLPKSolver(), options: Self.options).solve(week.mealProblem)
    Self.expectAgrees(status: plan.status, cost: plan.cost, bound: plan.report.bound, minimum: minimum)
  }

  @Test("a household of two: the planner's cheapest week is the brute force's, to the cent", arguments: seeds)
  func household(seed: UInt64) throws {
    let week = Self.week(seed: seed, household: true)
    let minimum = BruteForce(week: week).minimum()
    let problem = week.householdProblem
    let plan = try MealPlanner(solver: GLPKSolver(), options: Self.options).solve(problem)
    Self.expectAgrees(status: plan.status, cost: plan.cost, bound: plan.report.bound, minimum: minimum)
  }
}
