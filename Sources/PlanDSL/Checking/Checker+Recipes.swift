import Diagnostics
import Foundation
import MealOptimizer

extension Checker {
  mutating func checkRecipe(_ d: RecipeDeclaration, foods: [Food]) -> Recipe? {
    let errorsBefore = diagnostics.count
    var recipe = Recipe(id: d.name.name, name: d.displayName?.value ?? d.name.name)
    if let serves = d.serves {
      if let count = value(serves, as: .count, for: "'serves'", allowUnitless: true) {
        if count <= 0 {
          error(DiagnosticMessage.zeroAmount(serves, what: "'serves'"))
        } else {
          recipe.servings = count.double
        }
      }
    }
    recipe.meals = Set(d.meals.map { Meal($0.name) })
    if let time = d.time, let minutes = nonNegative(time, as: .time, for: "'time'") {
      recipe.minutes = minutes.double
    }
    for line in d.ingredients {
      guard let food = checkedFood(line.food.name, in: foods) else {
        if foodNames[line.food.name] == nil {
          error(DiagnosticMessage.unknownName(.food, line.food, hints: foodHints()))
        }
        continue
      }
      var amount = line.amount
      if amount.unit == nil {
        // A bare count uses the food's first measure (`2 eggs` with `measure large = 50 g`).
        guard
          let measure = food.measures.first(where: { $0.name != DietProblem.servingMeasure })
            ?? food.measures.first
        else {
          error(
            DiagnosticMessage.missingMeasure(line.food, count: amount))
          continue
        }
        amount.unit = UnitName(text: measure.name, range: amount.range)
      }
      guard let grams = grams(of: amount, in: food, for: "an ingredient") else { continue }
      guard grams > 0 else {
        error(DiagnosticMessage.zeroAmount(line.amount, what: "an ingredient"))
        continue
      }
      guard grams <= Self.largestIngredientGrams else {
        error(
          DiagnosticMessage.amountTooLarge(line.amount, what: "an ingredient"))
        continue
      }
      let text = sources.file(line.range.file)?.text(in: line.range) ?? "\(amount.value) \(line.food.name)"
      recipe.ingredients.append(RecipeIngredient(food: food.id, grams: grams.double, quantity: text))
    }
    if d.ingredients.isEmpty, !hadSyntaxError(in: d.range) {
      error(
        DiagnosticMessage.missingIngredients(d.name))
    }
    recipe.steps = d.steps.map { RecipeStep($0.value) }
    recipe.tags = Set(d.tags.map(\.name))
    return diagnostics.count == errorsBefore ? recipe : nil
  }

  /// Checks the weekly meal-plan statements of a plan.
  mutating func checkMealPlan(
    _ statements: [MealPlanStatement], plan: inout PlanSpec, foods: [Food], recipes: [Recipe]
  ) {
    var spec = MealPlanSpec()
    var avoidNames: [Identifier] = []
    var lockRecipes: [Identifier] = []
    var allowedRecipes: [Identifier] = []
    var lockStatements: [(day: Int, range: SourceRange)] = []
    for statement in statements {
      switch statement {
      case .meals(let names, _):
        spec.slots = names.map { Meal($0.name) }
      case .diet(let names, _):
        for name in names {
          if let label = DietLabel(rawValue: name.name) {
            spec.diet.insert(label)
            spec.sources.diet[label.rawValue] = sourceReference(name.range)
          } else {
            error(DiagnosticMessage.unknownName(.diet, name, candidates: DietLabel.allCases.map(\.rawValue)))
          }
        }
      case .avoid(let names, _):
        let tags = Set(foods.flatMap(\.tags))
        for name in names {
          spec.avoid.append(avoidRule(name, tags: tags))
          spec.sources.avoid.append(sourceReference(name.range))
          avoidNames.append(name)
        }
      case .portions(let low, let high, let step, _):
        guard let low, let high else {
          spec.portions = .wholeServing
          continue
        }
        guard let a = value(low, as: .count, for: "a portion", allowUnitless: true),
          let b = value(high, as: .count, for: "a portion", allowUnitless: true)
        else { continue }
        let s = step.flatMap { value($0, as: .count, for: "a step", allowUnitless: true) } ?? (a == b ? a : 1)
        let options = PortionOptions(minimum: a.double, maximum: b.double, step: s.double)
        if options.stepRange == nil {
          error(
            DiagnosticMessage.badPortions(at: low.range.union(high.range)))
        } else {
          spec.portions = options
        }
      case .repeatAtMost(let count, let counting, let range):
        spec.repetition.maximumPerWeek = wholeNumber(count, for: "'repeat at most'", range: 1...1000)
        spec.sources.maximumPerWeek = sourceReference(range)
        if let counting {
          let words: [String: RepetitionLimits.Counting] = [
            "meals": .meals, "meal": .meals, "cookings": .cookings, "cooking": .cookings,
          ]
          if let value = words[counting.name] {
            spec.repetition.counting = value
          } else {
            error(DiagnosticMessage.unknownName(.choice, counting, candidates: ["meals", "cookings"]))
          }
        }
      case .household(let name, _):
        spec.household = name.name
        spec.householdName = name
      case .repeatOncePerDay(let range):
        spec.repetition.oncePerDay = true
        spec.sources.oncePerDay = sourceReference(range)
      case .repeatNotConsecutive(let range):
        spec.repetition.notOnConsecutiveDays = true
        spec.sources.notOnConsecutiveDays = sourceReference(range)
      case .lock(let day, let meal, let recipe, let statement):
        guard let number = wholeNumber(day, for: "a day", range: 1...366) else { continue }
        lockStatements.append((number, statement))
        guard recipes.contains(where: { $0.id == recipe.name }) else {
          reportUnknown(.recipe, recipe, candidates: recipes.map(\.id))
          continue
        }
        spec.locks.append(SlotLock(day: number, meal: Meal(meal.name), recipe: recipe.name))
        spec.sources.locks.append(sourceReference(statement))
        lockRecipes.append(recipe)
        spec.lockMeals.append(meal)
      case .leftovers(let from, let to, let range):
        spec.leftovers.append(LeftoverRule(from: Meal(from.name), to: Meal(to.name)))
        spec.sources.leftovers.append(sourceReference(range))
        spec.leftoverMeals += [from, to]
      case .allow(let meal, let kind, let names, _):
        var choice = spec.choices[Meal(meal.name)] ?? SlotChoice()
        switch kind.name {
        case "foods":
          for name in names {
            guard let food = checkedFood(name.name, in: foods) else {
              reportUnknown(.food, name, candidates: foodNames.keys)
              continue
            }
            let grams =
              food.measure(named: DietProblem.servingMeasure)?.grams ?? food.measures.first?.grams ?? 100
            choice.foods.append(FoodServing(food: food.id, grams: grams))
          }
        case "recipes":
          var ids: [String] = []
          for name in names {
            if recipes.contains(where: { $0.id == name.name }) {
              ids.append(name.name)
              allowedRecipes.append(name)
            } else {
              reportUnknown(.recipe, name, candidates: recipes.map(\.id))
            }
          }
          choice.recipes = .only(ids)
        default:
          error(DiagnosticMessage.unknownName(.choice, kind, candidates: ["foods", "recipes"]))
        }
        spec.choices[Meal(meal.name)] = choice
        spec.lockMeals.append(meal)
      case .tieBreak(let name, _):
        if let tieBreak = MealTieBreak(rawValue: name.name) {
          spec.tieBreak = tieBreak
        } else {
          error(
            DiagnosticMessage.unknownName(
              .tieBreak, name, candidates: MealTieBreak.allCases.map(\.rawValue)))
        }
      }
    }
    let slotNames = Set(spec.slots.map(\.name))
    for meal in spec.lockMeals + spec.leftoverMeals where !slotNames.contains(meal.name) {
      error(DiagnosticMessage.unknownName(.meal, meal, candidates: slotNames))
    }
    for lock in lockStatements where lock.day > plan.days {
      error(DiagnosticMessage.lockAfterLastDay(day: lock.day, days: plan.days, at: lock.range))
    }
    // A recipe declared with a mistake was reported where it is; the plan does not repeat it.
    if recipes.isEmpty, declared["recipe", default: [:]].isEmpty {
      error(
        DiagnosticMessage.noRecipes(plan: plan.name, at: plan.range))
    }
    checkAvoidAndLocks(
      spec, avoidNames: avoidNames, lockRecipes: lockRecipes, allowedRecipes: allowedRecipes, foods: foods,
      recipes: recipes)
    checkUntaggedDietFoods(spec, statements: statements, foods: foods, recipes: recipes)
    plan.mealPlan = spec
  }
}
