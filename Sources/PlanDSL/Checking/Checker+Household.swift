import Diagnostics
import Foundation
import HealthRules
import MealOptimizer

/// A checked `household` block.
package struct HouseholdSpec: Sendable, Hashable {
  /// The household's name in the file.
  package var name: String
  /// The quoted display name, when one is written.
  package var displayName: String?
  /// The members; a member with neither goals nor a profile has no goals here
  /// and takes the plan's (see ``Program/householdProblem(for:)``).
  package var members: [HouseholdMember]
  /// Where the household is declared.
  package var range: SourceRange
}

/// A checked `adapt` block: goals a plan gains when a health alert fires.
package struct AdaptationSpec: Sendable, Hashable {
  /// The plan adapted.
  package var plan: String
  /// The rule set whose alert decides.
  package var rules: String
  /// The alert.
  package var alert: String
  /// The household member the goals are for; `nil` for the plan (every member of a household plan).
  package var member: String?
  /// The goals added when the alert fires.
  package var goals: [NutrientGoal]
  /// Where the adaptation is declared.
  package var range: SourceRange
}

extension Checker {
  mutating func checkHousehold(_ d: HouseholdDeclaration, goals: [GoalSpec], foods: [Food]) -> HouseholdSpec {
    var members: [HouseholdMember] = []
    var seen: [String: SourceRange] = [:]
    for member in d.members {
      if let first = seen[member.name.name] {
        error(DiagnosticMessage.duplicate("member", member.name, first: first))
        continue
      }
      seen[member.name.name] = member.name.range
      var own: [NutrientGoal] = []
      for name in member.goals {
        if let goal = goals.first(where: { $0.name == name.name }) {
          own += goal.goals
        } else {
          reportUnknown(.goal, name, candidates: goalNames.keys)
        }
      }
      let profile = member.profile.flatMap { checkProfile($0, member: member.name) }
      var skips: [SkippedMeal] = []
      for skip in member.skips {
        var days = 1...366
        if let first = skip.first, let last = skip.last {
          guard let a = wholeNumber(first, for: "a day", range: 1...366),
            let b = wholeNumber(last, for: "a day", range: 1...366)
          else { continue }
          guard a <= b else {
            error(DiagnosticMessage.emptyBoundRange(at: first.range.union(last.range)))
            continue
          }
          days = a...b
        }
        skips += skip.meals.map { SkippedMeal(meal: Meal($0.name), days: days) }
      }
      var diet: Set<DietLabel> = []
      for name in member.diet {
        if let label = DietLabel(rawValue: name.name) {
          diet.insert(label)
        } else {
          error(DiagnosticMessage.unknownName(.diet, name, candidates: DietLabel.allCases.map(\.rawValue)))
        }
      }
      let tags = member.avoid.isEmpty ? [] : Set(foods.flatMap(\.tags))
      let avoid = member.avoid.map { avoidRule($0, tags: tags) }
      for (rule, name) in zip(avoid, member.avoid) {
        warnIfAvoidMatchesNothing(rule, name: name, foods: foods)
      }
      var value = HouseholdMember(
        id: member.name.name, name: member.displayName?.value, goals: own + (profile?.goals ?? []),
        profile: profile, meals: member.meals.map { $0.map { Meal($0.name) } }, skips: skips, diet: diet,
        avoid: avoid)
      value.goals = own + (profile?.goals ?? [])
      members.append(value)
    }
    return HouseholdSpec(
      name: d.name.name, displayName: d.displayName?.value, members: members, range: d.range)
  }

  /// Age, sex, height, weight and activity; each is needed, each within range.
  mutating func checkProfile(_ d: ProfileDeclaration, member: Identifier) -> PersonProfile? {
    var age: Int?
    var sex: PersonProfile.Sex?
    var height: Double?
    var weight: Double?
    var activity: PersonProfile.Activity?
    var failed = false
    for entry in d.entries {
      switch entry.keyword.name {
      case "age":
        guard let quantity = entry.quantity else { continue }
        let plain = QuantityLiteral(
          value: quantity.value,
          unit: ["years", "year", "y"].contains(quantity.unit?.text ?? "") ? nil : quantity.unit,
          range: quantity.range, numberRange: quantity.numberRange)
        age = wholeNumber(plain, for: "an age in years", range: PersonProfile.ages)
        failed = failed || age == nil
      case "sex":
        guard let word = entry.word else { continue }
        sex = PersonProfile.Sex(rawValue: word.name)
        if sex == nil {
          error(
            DiagnosticMessage.unknownName(
              .choice, word, candidates: PersonProfile.Sex.allCases.map(\.rawValue)))
          failed = true
        }
      case "activity":
        guard let word = entry.word else { continue }
        activity = PersonProfile.Activity(rawValue: word.name)
        if activity == nil {
          error(
            DiagnosticMessage.unknownName(
              .choice, word, candidates: PersonProfile.Activity.allCases.map(\.rawValue)))
          failed = true
        }
      case "height":
        guard let quantity = entry.quantity else { continue }
        let metres: [String: Decimal] = [
          "m": 1, "cm": Decimal(string: "0.01")!, "in": Decimal(string: "0.0254")!,
        ]
        guard let unit = quantity.unit, let factor = metres[unit.text] else {
          error(DiagnosticMessage.badProfile("a height needs a unit: cm, m or in", at: quantity.range))
          failed = true
          continue
        }
        let value = (quantity.value * factor).double
        guard (0.5...2.5).contains(value) else {
          error(DiagnosticMessage.badProfile("a height must be from 50 cm to 250 cm", at: quantity.range))
          failed = true
          continue
        }
        height = value
      default:
        guard let quantity = entry.quantity else { continue }
        guard let grams = positive(quantity, as: .mass, for: "a weight") else {
          failed = true
          continue
        }
        guard (10_000...400_000).contains(grams) else {
          error(DiagnosticMessage.badProfile("a weight must be from 10 kg to 400 kg", at: quantity.range))
          failed = true
          continue
        }
        weight = grams.double / 1000
      }
    }
    guard !failed else { return nil }
    guard let age, let sex, let height, let weight, let activity else {
      let missing = [
        age == nil ? "age" : nil, sex == nil ? "sex" : nil, height == nil ? "height" : nil,
        weight == nil ? "weight" : nil, activity == nil ? "activity" : nil,
      ].compactMap { $0 }
      error(
        DiagnosticMessage.badProfile(
          "the profile of '\(member.name)' needs " + missing.joined(separator: ", "), at: d.range))
      return nil
    }
    return PersonProfile(
      age: age, sex: sex, heightMeters: height, weightKilograms: weight, activity: activity)
  }

  /// A plan's `household` names a household whose members eat the plan's meals on its days,
  /// and none of its locks serves a member a dish their own `diet` or `avoid` excludes.
  mutating func checkHouseholdPlans(
    _ plans: [PlanSpec], households: [HouseholdSpec], foods: [Food], recipes: [Recipe]
  ) {
    var members: [String: [MemberDeclaration]] = [:]
    for case .household(let d) in declarations { members[d.name.name] = members[d.name.name] ?? d.members }
    for plan in plans {
      guard let meals = plan.mealPlan, let name = meals.householdName else { continue }
      guard households.contains(where: { $0.name == name.name }) else {
        reportUnknown(.household, name, candidates: households.map(\.name))
        continue
      }
      if let household = households.first(where: { $0.name == name.name }) {
        checkMemberLocks(
          meals, plan: plan.name, household: household, declared: members[name.name] ?? [],
          foods: foods, recipes: recipes)
      }
      let slots = meals.slots.map(\.name)
      for member in members[name.name] ?? [] {
        for meal in (member.meals ?? []) + member.skips.flatMap(\.meals) where !slots.contains(meal.name) {
          error(DiagnosticMessage.unknownName(.meal, meal, candidates: slots))
        }
        for skip in member.skips {
          for day in [skip.first, skip.last].compactMap({ $0 }) where day.value > Decimal(plan.days) {
            error(
              DiagnosticMessage.badCount(
                what: "a skipped day of plan '\(plan.name)'", from: 1, to: plan.days, at: day.range))
          }
        }
      }
    }
  }

  /// A lock to a recipe that a member who eats the locked slot excludes by
  /// their own `diet` or `avoid` is an error at the member's term.
  mutating func checkMemberLocks(
    _ spec: MealPlanSpec, plan: String, household: HouseholdSpec, declared: [MemberDeclaration],
    foods: [Food], recipes: [Recipe]
  ) {
    let foodsByID = Dictionary(foods.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for (member, declaration) in zip(household.members, declared) where member.id == declaration.name.name {
      guard !member.diet.isEmpty || !member.avoid.isEmpty else { continue }
      for lock in spec.locks where member.eats(lock.meal, day: lock.day) {
        guard let recipe = recipes.first(where: { $0.id == lock.recipe }),
          let profile = try? RecipeProfile(recipe: recipe, foods: foodsByID)
        else { continue }
        let place =
          "plan '\(plan)' locks day \(lock.day) \(lock.meal), which \(member.name) eats, to '\(recipe.id)'"
        for (rule, term) in zip(member.avoid, declaration.avoid) where profile.contains(rule) {
          let food =
            recipe.ingredients.map(\.food).first {
              foodsByID[$0].map { AvoidMatcher.food($0, matches: rule) } ?? false
            }
            ?? recipe.id
          error(
            DiagnosticMessage.memberLockConflictsWithAvoid(
              member: member.name, term: term, place: place, food: food))
        }
        let missing = member.diet.subtracting(profile.labels).map(\.rawValue).sorted()
        if !missing.isEmpty, let first = declaration.diet.first {
          error(
            DiagnosticMessage.memberLockConflictsWithDiet(
              member: member.name, at: first, place: place, labels: missing))
        }
      }
    }
  }

  mutating func checkAdapt(
    _ d: AdaptDeclaration, plans: [PlanSpec], households: [HouseholdSpec], ruleSets: [RuleSet]
  ) -> AdaptationSpec? {
    var failed = false
    let plan = plans.first { $0.name == d.plan.name }
    if plan == nil {
      reportUnknown(.plan, d.plan, candidates: plans.map(\.name))
      failed = true
    }
    if let rules = ruleSets.first(where: { $0.id == d.rules.name }) {
      if !rules.alerts.contains(where: { $0.id == d.alert.name }) {
        error(DiagnosticMessage.unknownName(.alert, d.alert, candidates: rules.alerts.map(\.id)))
        failed = true
      }
    } else {
      reportUnknown(.ruleSet, d.rules, candidates: ruleSets.map(\.id), declaredAs: "rules")
      failed = true
    }
    if let member = d.member, let plan {
      let household = plan.mealPlan?.household.flatMap { name in households.first { $0.name == name } }
      if household?.members.contains(where: { $0.id == member.name }) != true {
        error(DiagnosticMessage.unknownName(.member, member, candidates: household?.members.map(\.id) ?? []))
        failed = true
      }
    }
    let checked = checkGoal(
      GoalDeclaration(name: d.plan, displayName: nil, entries: d.entries, range: d.range))
    guard !failed, checked.goals.count == d.entries.count else { return nil }
    return AdaptationSpec(
      plan: d.plan.name, rules: d.rules.name, alert: d.alert.name, member: d.member?.name,
      goals: checked.goals,
      range: d.range)
  }
}
