import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// `leftovers worth P%` on real GLPK, for food-level, meal and household
/// plans. Every expected figure is found inside the test by brute force over
/// package counts: the till total less the share of each food's lowest price
/// per gram times the grams bought beyond the need after the pantry.
@Suite struct LeftoverCreditTests {
  /// 500 g for 2.00 (0.004 a gram) or 1000 g for 2.40 (0.0024 a gram, the lowest).
  static let small = Offer(store: "shop", price: 2, packageGrams: 500)
  static let big = Offer(store: "shop", price: 2.40, packageGrams: 1000)
  static let stores = [Store(id: "shop", name: "Shop")]

  static func rice(_ nutrients: [Nutrient: Double] = [.energy: 100]) -> Food {
    Food(id: "rice", name: "Rice, white", nutrientsPer100g: nutrients, offers: [small, big])
  }

  /// The best (objective, paid, credit) over 0...3 packages of each offer
  /// covering `need` grams beyond the pantry, with the credit at `share`.
  static func bruteForce(need: Double, share: Double) -> (objective: Double, paid: Decimal, credit: Double) {
    let offers = [small, big]
    let lowest = offers.map { NSDecimalNumber(decimal: $0.price).doubleValue / $0.packageGrams }.min() ?? 0
    var best: (objective: Double, paid: Decimal, credit: Double)?
    for a in 0...3 {
      for b in 0...3 {
        let grams = Double(a) * small.packageGrams + Double(b) * big.packageGrams
        guard grams >= need - 1e-9 else { continue }
        let paid = small.price * Decimal(a) + big.price * Decimal(b)
        let credit = share * lowest * (grams - need)
        let objective = NSDecimalNumber(decimal: paid).doubleValue - credit
        if best == nil || objective < (best?.objective ?? 0) - 1e-9 { best = (objective, paid, credit) }
      }
    }
    return best ?? (0, 0, 0)
  }

  /// A day that eats exactly 400 g of rice (400 kcal at 100 kcal per 100 g).
  static func dietProblem(share: Double, pantry: [PantryStock] = []) -> DietProblem {
    DietProblem(
      foods: [rice()], stores: stores, goals: [NutrientGoal(.energy, minimum: 400, maximum: 400)],
      purchasing: Purchasing(pantry: pantry, leftoverCredit: share))
  }

  @Test func withHalfCreditTheBiggerPackageWinsOverTheSmallerOne() throws {
    let none = Self.bruteForce(need: 400, share: 0)
    let half = Self.bruteForce(need: 400, share: 0.5)
    // Worked out independently: 2.00 at the till without credit; with 50%,
    // 2.40 − 0.5 × 0.0024 × 600 = 1.68 beats 2.00 − 0.5 × 0.0024 × 100 = 1.88.
    #expect(none.paid == 2)
    #expect(half.paid == Decimal(string: "2.4"))
    #expect(abs(half.credit - 0.72) < 1e-9)

    let without = try DietPlanner(solver: GLPKSolver()).solve(Self.dietProblem(share: 0))
    #expect(without.status == .optimal)
    #expect(without.cost == none.paid)
    #expect(without.leftoverCredit == nil)
    #expect(without.groceries?.items.map(\.packageGrams) == [500])

    let plan = try DietPlanner(solver: GLPKSolver()).solve(Self.dietProblem(share: 0.5))
    #expect(plan.status == .optimal)
    #expect(plan.cost == half.paid)
    #expect(plan.groceries?.total == half.paid)
    #expect(plan.leftoverCredit == Decimal(string: "0.72"))
    #expect(abs((plan.objectiveValue ?? 0) - half.objective) < 1e-6)
    #expect(plan.groceries?.items.map(\.packageGrams) == [1000])
    #expect(plan.groceries?.items.map(\.gramsLeft) == [600])
  }

  @Test func pantryStockLeftUnusedIsNotCredited() throws {
    // 300 g at home: 100 g to buy. 2.40 − 0.5 × 0.0024 × 900 = 1.32 beats
    // 2.00 − 0.5 × 0.0024 × 400 = 1.52; the 300 g lot is all eaten.
    let expected = Self.bruteForce(need: 100, share: 0.5)
    #expect(expected.paid == Decimal(string: "2.4"))
    #expect(abs(expected.credit - 1.08) < 1e-9)
    let plan = try DietPlanner(solver: GLPKSolver()).solve(
      Self.dietProblem(share: 0.5, pantry: [PantryStock(food: "rice", grams: 300)]))
    #expect(plan.status == .optimal)
    #expect(plan.cost == expected.paid)
    #expect(plan.leftoverCredit == Decimal(string: "1.08"))
    #expect(abs((plan.objectiveValue ?? 0) - expected.objective) < 1e-6)
    #expect(plan.groceries?.fromPantry?.map(\.grams) == [300])
  }

  @Test func plentyOfPantryStockIsNotCreditedEither() throws {
    // 2 kg at home covers the 400 g: nothing is bought, nothing is credited.
    let plan = try DietPlanner(solver: GLPKSolver()).solve(
      Self.dietProblem(share: 0.5, pantry: [PantryStock(food: "rice", grams: 2000)]))
    #expect(plan.status == .optimal)
    #expect(plan.cost == 0)
    #expect(plan.leftoverCredit == 0)
    #expect(plan.objectiveValue.map { abs($0) < 1e-9 } == true)
  }

  /// One dinner of a recipe that uses 400 g of rice.
  static func mealProblem(share: Double) -> MealPlanProblem {
    let recipe = Recipe(
      id: "pilaf", name: "Pilaf", servings: 1, meals: [.dinner],
      ingredients: [.init(food: "rice", grams: 400)])
    return MealPlanProblem(
      foods: [rice()], stores: stores, recipes: [recipe], days: 1, slots: [.dinner],
      portions: PortionOptions(minimum: 1, maximum: 1, step: 1), tieBreak: .none,
      purchasing: Purchasing(leftoverCredit: share))
  }

  @Test func aMealPlanIsCreditedTheSameWay() throws {
    let half = Self.bruteForce(need: 400, share: 0.5)
    let plan = try MealPlanner(solver: GLPKSolver()).solve(Self.mealProblem(share: 0.5))
    #expect(plan.status == .optimal)
    #expect(plan.cost == half.paid)
    #expect(plan.groceries?.total == half.paid)
    #expect(plan.leftoverCredit == Decimal(string: "0.72"))
    #expect(abs((plan.report.bound ?? 0) - half.objective) < 1e-6)
    let none = try MealPlanner(solver: GLPKSolver()).solve(Self.mealProblem(share: 0))
    #expect(none.cost == 2)
    #expect(none.leftoverCredit == nil)
  }

  @Test func aHouseholdPlanIsCreditedTheSameWay() throws {
    let half = Self.bruteForce(need: 400, share: 0.5)
    let household = Household(id: "home", members: [HouseholdMember(id: "ana")])
    let plan = try MealPlanner(solver: GLPKSolver()).solve(
      HouseholdProblem(meals: Self.mealProblem(share: 0.5), household: household))
    #expect(plan.status == .optimal)
    #expect(plan.cost == half.paid)
    #expect(plan.leftoverCredit == Decimal(string: "0.72"))
  }

  @Test func theVerifierRecomputesTheCredit() throws {
    let problem = Self.mealProblem(share: 0.5)
    var plan = try MealPlanner(solver: GLPKSolver()).solve(problem)
    #expect(MealPlanVerifier(problem: problem).verify(plan).isEmpty)
    plan.leftoverCredit = 1
    let violations = MealPlanVerifier(problem: problem).verify(plan)
    #expect(violations.map(\.rule) == ["cost"])
    let message = violations.first?.message ?? ""
    #expect(message.contains("credits 1.0 for leftovers but they are worth 0.72"), "\(message)")
  }

  @Test func theCreditIsCodable() throws {
    let purchasing = Purchasing(leftoverCredit: 0.25)
    let data = try JSONEncoder().encode(purchasing)
    #expect(try JSONDecoder().decode(Purchasing.self, from: data) == purchasing)
    let old = Data(#"{"pantry":[],"cost_basis":"paid"}"#.utf8)
    #expect(try JSONDecoder().decode(Purchasing.self, from: old).leftoverCredit == 0)
  }
}
