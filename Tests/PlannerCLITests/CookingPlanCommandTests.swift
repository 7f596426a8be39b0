import Foundation
import Testing

/// The cooking plan on the command line: a household plan that buys prints
/// one, in text and Markdown, as a meal plan does; figures worked out by hand.
@Suite("The cooking plan in planner solve")
struct CookingPlanCommandTests {
  // Rice at 2.00 for 500 g. Lunch: soup (300 g for 4) for Ana and Ben, 2
  // servings, 150 g; dinner: stew (300 g for 2) for all three, 3 servings,
  // 450 g. 600 g eaten: two bags, 4.00, so rice costs 4.00 / 600 g.
  static let plan = """
    store shop "Shop" { trip 1 USD }
    food rice "Rice, white, long-grain" { per 100 g { energy 100 kcal }; price 2 USD per 500 g at shop }
    recipe soup { serves 4; meal lunch; 300 g rice }
    recipe stew { serves 2; meal dinner; 300 g rice }
    household h { member ana {}; member ben {}; member cy { meals dinner } }
    plan home { days 1; meals lunch, dinner; household h; portions 1; minimize cost }
    plan alone { days 1; meals lunch, dinner; portions 1; minimize cost }
    """

  static func solve(_ name: String, _ format: String) throws -> String {
    let path = try SolveOutcomeTests.write(Self.plan)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path, "--plan", name, "--format", format])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    return result.stdout
  }

  @Test("a household's text output: each dish cooked once for everyone, with its share of what is paid")
  func householdText() throws {
    let text = try Self.solve("home", "text")
    #expect(text.contains("5.00 USD paid at the till (food 4.00 USD + trips 1.00 USD)"), "\(text)")
    let expected = """
      Cooking plan (cost: what is cooked, servings kept for later included; each ingredient's share of the food paid for, trips not shared out)
        Day 1 lunch: soup, cook 2 servings (0.5 × the recipe); 1.00 USD, 0.50 USD a serving
            150 g Rice 1.00 USD
        Day 1 dinner: stew, cook 3 servings (1.5 × the recipe); 3.00 USD, 1.00 USD a serving
            450 g Rice 3.00 USD
        Cooked per day: day 1 4.00 USD
        Cooked in week 1: 4.00 USD
      """
    #expect(text.contains(expected), "\(text)")
  }

  @Test("a household's Markdown has the cooking plan table")
  func householdMarkdown() throws {
    let markdown = try Self.solve("home", "markdown")
    #expect(markdown.contains("## Cooking plan\n"), "\(markdown)")
    #expect(
      markdown.contains(
        "| 1 | lunch | soup | 2 servings (0.5 × the recipe) | 150 g Rice 1.00 USD | 1.00 USD | 0.50 USD |"),
      "\(markdown)")
    #expect(
      markdown.contains(
        "Cooked per day (servings kept for later included; trips not shared out): day 1 4.00 USD."
          + " Cooked in week 1: 4.00 USD."), "\(markdown)")
  }

  @Test("a meal plan's Markdown has it too")
  func mealPlanMarkdown() throws {
    // One person: soup 1 serving (75 g), stew 1 serving (150 g); one bag, 2.00.
    let markdown = try Self.solve("alone", "markdown")
    #expect(
      markdown.contains(
        "| 1 | dinner | stew | 1 serving (0.5 × the recipe) | 150 g Rice 1.33 USD | 1.33 USD | 1.33 USD |"),
      "\(markdown)")
  }
}
