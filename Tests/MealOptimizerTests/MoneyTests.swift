import Foundation
import GLPKBackend
import MealOptimizer
import Testing

/// Prices given in Swift are exact: from a string, from minor units, from a literal.
@Suite struct MoneyTests {
  static let exact = Decimal(string: "13.96")!

  @Test("Money(\"3.49\") times 4 is exactly 13.96; the Decimal literal is not")
  func timesFour() throws {
    let price = try Money("3.49")
    #expect(price.amount == Decimal(string: "3.49")!)
    #expect(price.amount * 4 == Self.exact)
    #expect(Money(price.amount * 4).description == "13.96")
    #expect(Money(minorUnits: 349) == price)
    let literal: Money = 3.49
    #expect(literal == price)
    // The trap Money removes: a Decimal literal is built in binary floating point.
    #expect((3.49 as Decimal) * 4 != Self.exact)
  }

  @Test("minor units of other currencies, negative amounts and sums")
  func minorUnits() throws {
    #expect(Money(minorUnits: 1250, fractionDigits: 0).description == "1250")
    #expect(Money(minorUnits: 1250, fractionDigits: 3).description == "1.25")
    #expect(Money(minorUnits: -5).description == "-0.05")
    #expect(try Money("0.10").amount + Money("0.20").amount == Decimal(string: "0.3")!)
    #expect(try Money("-0.5") < Money(0))
  }

  @Test(
    "text that is not an amount is a clear error",
    arguments: [
      "", "3,49", "$3.49", "1e3", "3.4.9", "-", "3.", " 3.49", "12345678901234567890123456789012345678901",
    ])
  func refused(_ text: String) {
    let error = #expect(throws: Money.FormatError.self) { try Money(text) }
    #expect(error?.text == text)
    #expect(
      error?.localizedDescription
        == "'\(text)' is not an amount of money: write up to 38 digits with at most one '.', such as 3.49")
  }

  @Test("four packages at Money(\"3.49\") come to exactly 13.96 at the till, in the plan and its list")
  func tillTotal() throws {
    let rice = Food(
      id: "rice", name: "Rice", nutrientsPer100g: [.energy: 100],
      offers: [Offer(store: "shop", price: try Money("3.49"), packageGrams: 100)])
    let problem = DietProblem(
      foods: [rice], stores: [Store(id: "shop", name: "Shop")], goals: [NutrientGoal(.energy, minimum: 350)],
      purchasing: Purchasing())
    let plan = try DietPlanner(solver: GLPKSolver()).solve(problem)
    #expect(plan.status == .optimal)
    #expect(plan.groceries?.items.first?.packages == 4)
    #expect(plan.cost == Self.exact)
    #expect(plan.groceries?.total == Self.exact)
  }

  @Test("a budget and a trip cost from Money, and Money read from JSON as a number or a string")
  func budgetsAndJSON() throws {
    #expect(Budget(try Money("45.50"), per: .week).amount == Decimal(string: "45.5")!)
    #expect(Store(id: "a", name: "A", tripCost: Money(minorUnits: 299)).tripCost == Decimal(string: "2.99")!)
    let decoded = try JSONDecoder().decode([Money].self, from: Data(#"["3.49", 2]"#.utf8))
    #expect(decoded == [try Money("3.49"), 2])
    #expect(String(decoding: try JSONEncoder().encode(try Money("3.49")), as: UTF8.self) == "3.49")
  }
}
