/// The mixed-integer model of a ``MealPlanProblem``, with the map from its
/// variables back to the week's slots.
///
/// Variables, for each recipe or food `r` a fresh slot may hold (`day3`, `dinner`):
/// - `pick[r,day3,dinner]`, binary: the slot serves `r`;
/// - `serve[r,day3,dinner]`, integer: the portion in steps of the portion
///   step (servings = step × serve), present only when the slot allows more
///   than one portion size; otherwise servings are fixed by `pick`.
///
/// A leftover slot has no variables of its own: it reuses its source slot's.
package struct MealPlanModel: Sendable {
  /// The model, minimising cost.
  package var model: LinearModel
  /// The plan's total cost as an expression of the model's variables.
  package let cost: LinearExpression
  /// The tie-break objective (minimised), when the problem asks for one and it has terms.
  package let tieBreak: LinearExpression?
  /// Every slot of every day, day-major in slot order.
  package let slots: [ModelSlot]
  /// Reasons, found before solving, why no plan can exist (a slot with no
  /// allowed recipe, a lock on an excluded recipe); empty when none were found.
  package let conflicts: [String]
  /// The purchase part, when the problem has ``MealPlanProblem/purchasing``.
  var purchaseRows: PurchaseRows?
  /// For each diner (one person, or each member of a household), the rows
  /// of each of their goals, in the order of their goals (for explanations).
  var dinerGoalRows: [[Range<Int>]] = []
  /// The rows of each goal of one person's plan, in the order of its goals.
  var goalRows: [Range<Int>] { dinerGoalRows.first ?? [] }

  /// What a solution buys, when the problem has ``MealPlanProblem/purchasing``.
  package func purchases(from values: [Double]) -> [Purchase]? {
    purchaseRows?.purchases(from: values)
  }
}

/// One slot of one day in a ``MealPlanModel``.
package struct ModelSlot: Sendable, Hashable {
  /// The day, from 1.
  package let day: Int
  /// The slot's meal.
  package let meal: Meal
  /// The index in ``MealPlanModel/slots`` of the slot whose cooking this one eats, for a leftover slot.
  package let leftoverOf: Int?
  /// What the slot may serve (for a leftover slot, its source's options).
  package let options: [ModelOption]
}

/// One recipe or food that a slot may serve, with its variables.
package struct ModelOption: Sendable, Hashable {
  /// Whether the option is a recipe or a single food.
  package enum Kind: String, Sendable, Hashable, Codable {
    case recipe, food
  }

  /// Whether the option is a recipe or a single food.
  package let kind: Kind
  /// The recipe's or food's identifier.
  package let id: String
  /// The binary choice variable.
  package let pick: VariableRef
  /// The integer portion variable (in steps), when portions vary.
  package let steps: VariableRef?
  /// Servings per step.
  package let stepSize: Double
  /// The number of steps when portions are fixed (``steps`` is `nil`).
  package let fixedSteps: Int
  /// The builder's index of the recipe or food serving.
  let candidate: Int
  /// In a household plan, each eating member's integer portion (in steps of
  /// ``stepSize``), in the order of the household's members who eat the slot;
  /// empty in a plan for one person. See ``HouseholdModelBuilder``.
  package var memberSteps: [VariableRef] = []

  /// Every variable of the option: its pick, its portion steps when they
  /// vary, and each member's portion.
  var variables: [VariableRef] { [pick] + (steps.map { [$0] } ?? []) + memberSteps }

  /// The servings as terms of the model: coefficient `c` per serving gives `(variable, c × …)`.
  func servingTerm(_ perServing: Double) -> (VariableRef, Double) {
    if let steps {
      (steps, perServing * stepSize)
    } else {
      (pick, perServing * stepSize * Double(fixedSteps))
    }
  }

  /// The servings in a solution, 0 when the option is not picked.
  package func servings(in values: [Double]) -> Double {
    guard pick.index < values.count, values[pick.index] > 0.5 else { return 0 }
    if let steps, steps.index < values.count { return stepSize * values[steps.index].rounded() }
    return stepSize * Double(fixedSteps)
  }
}
