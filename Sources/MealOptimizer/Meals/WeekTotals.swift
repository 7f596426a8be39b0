import Foundation

/// A meal-plan model summed over its days: a smaller model whose minimum is
/// a lower bound on the week's (``MealPlanSearch/Step/weekTotals``).
///
/// Each class of day variables (a slot's meal, a dish, and the variable's
/// role: its pick, its portion steps or a member's steps) becomes one
/// variable, the sum of the class over the days; every other variable (the
/// packages, store visits, `bought` and `cooked` flags) stays as it is. Each
/// row of the model becomes a row of the sum when that is valid, and is
/// dropped otherwise:
///
/// - a row that holds every member of each class it touches, with one
///   coefficient per class (the week's purchase, repetition and `cooked`
///   rows), is kept, in the class sums;
/// - rows alike but for their day (each day's goals, fills and `uses` rows),
///   which together hold every member of each class they touch, are added
///   up into one row, their bounds added up too;
/// - a row bounded below whose class terms all have coefficients of one sign
///   (a lock: `pick[pasta,day5,dinner] = 1`) keeps its lower bound with each
///   class's largest coefficient, since a class sum is at least any of its
///   members; likewise a row bounded above with coefficients of the other
///   sign keeps its upper bound;
/// - any other row is dropped.
///
/// Every plan of the model, summed by class, keeps each of these rows, and
/// its objective is at least the summed objective (each class keeps its
/// members' smallest cost, and they are not negative), so the summed model's
/// minimum, or any proven bound on it, bounds the week. Days that differ
/// only in which dishes they serve when lose that difference: on the example
/// till week GLPK proves the summed model's optimum, 59.18 USD against the
/// LP's 51.98, in about 7 s of the search's 60 (docs/meals.md, "Known limits").
package struct WeekTotals: Sendable {
  /// The summed model.
  package var model: LinearModel
  /// The class sums: the summed model's variables that stand for the days'
  /// picks and portions (each other variable is the week's own).
  package var sums: [VariableRef]
  /// For each variable of the week, its variable in the summed model: its
  /// class's sum, or itself.
  var image: [Int]

  /// One row, seen by class: each class's largest and smallest member
  /// coefficient, and the other terms.
  private struct Shape: Hashable {
    var classes: [Int: Double]
    var smallest: [Int: Double]
    var others: [Int: Double]
  }

  /// Sums a model over its days; `nil` when it has fewer than two days or no
  /// class spans two days, or when `deadline` passes first (summing a week of
  /// thousands of recipes takes seconds of its own).
  package init?(_ source: LinearModel, slots: [ModelSlot], deadline: ContinuousClock.Instant? = nil) {
    // The class of each day variable, and the day it belongs to.
    struct ClassKey: Hashable {
      var meal: String
      var kind: ModelOption.Kind
      var id: String
      var role: Int
    }
    var classOf: [Int: Int] = [:]
    var dayOf: [Int: Int] = [:]
    var keys: [ClassKey: Int] = [:]
    var members: [[Int]] = []
    for slot in slots where slot.leftoverOf == nil {
      for option in slot.options {
        let roles = option.variables
        for (role, variable) in roles.enumerated() where classOf[variable.index] == nil {
          let key = ClassKey(meal: slot.meal.name, kind: option.kind, id: option.id, role: role)
          let index = keys[key] ?? members.count
          if index == members.count {
            keys[key] = index
            members.append([])
          }
          members[index].append(variable.index)
          classOf[variable.index] = index
          dayOf[variable.index] = slot.day
        }
      }
    }
    guard members.contains(where: { $0.count > 1 }), Set(dayOf.values).count > 1 else { return nil }
    // A class sum bounds its members only when none is negative.
    guard classOf.keys.allSatisfy({ (source.variables[$0].lower ?? -1) >= 0 }) else { return nil }

    var summed = LinearModel(name: source.name + "_week_totals")
    var newIndex: [Int: VariableRef] = [:]
    var classVariable: [VariableRef] = []
    for (index, list) in members.enumerated() {
      let variables = list.map { source.variables[$0] }
      let lower = variables.reduce(0.0) { $0 + ($1.lower ?? -.infinity) }
      let upper = variables.reduce(0.0) { $0 + ($1.upper ?? .infinity) }
      let kind: LinearModel.VariableKind =
        variables.allSatisfy { $0.kind != .continuous } ? .integer : .continuous
      classVariable.append(
        summed.addVariable(
          "total[\(index)]", lower: lower.isFinite ? lower : nil, upper: upper.isFinite ? upper : nil,
          kind: kind))
    }
    for (index, variable) in source.variables.enumerated() where classOf[index] == nil {
      newIndex[index] = summed.addVariable(
        variable.name, lower: variable.lower, upper: variable.upper, kind: variable.kind)
    }

    func shape(_ expression: LinearExpression) -> (shape: Shape, days: Set<Int>, uniform: Bool, all: Bool) {
      var classes: [Int: Double] = [:]
      var smallest: [Int: Double] = [:]
      var others: [Int: Double] = [:]
      var seen: [Int: Set<Int>] = [:]
      var uniform = true
      var days = Set<Int>()
      var coefficientOf: [Int: Double] = [:]
      for term in expression.terms {
        coefficientOf[term.variable.index, default: 0] += term.coefficient
      }
      for (index, coefficient) in coefficientOf where coefficient != 0 {
        if let cls = classOf[index] {
          if let known = classes[cls], known != coefficient { uniform = false }
          classes[cls] = classes[cls].map { max($0, coefficient) } ?? coefficient
          smallest[cls] = smallest[cls].map { min($0, coefficient) } ?? coefficient
          seen[cls, default: []].insert(index)
          if let day = dayOf[index] { days.insert(day) }
        } else {
          others[index] = coefficient
        }
      }
      let all = seen.allSatisfy { $0.value.count == members[$0.key].count }
      return (Shape(classes: classes, smallest: smallest, others: others), days, uniform, all)
    }
    func expression(_ shape: Shape, times count: Double = 1, smallest: Bool = false) -> LinearExpression {
      var result = LinearExpression()
      for (cls, coefficient) in (smallest ? shape.smallest : shape.classes).sorted(by: { $0.key < $1.key }) {
        result.add(classVariable[cls], coefficient)
      }
      for (index, coefficient) in shape.others.sorted(by: { $0.key < $1.key }) {
        if let variable = newIndex[index] { result.add(variable, coefficient * count) }
      }
      return result
    }

    // Rows alike but for their day, waiting to be added up.
    struct FamilyKey: Hashable {
      var shape: Shape
      var lower: Double?
      var upper: Double?
      var group: ConstraintGroup?
    }
    var families: [FamilyKey: (rows: [String], days: [Int])] = [:]
    var familyOrder: [FamilyKey] = []
    for (number, row) in source.constraints.enumerated() {
      if let deadline, number % 64 == 0, ContinuousClock.now >= deadline { return nil }
      let seen = shape(row.expression)
      let constant = row.expression.constant
      let lower = row.set.lower.map { $0 - constant }
      let upper = row.set.upper.map { $0 - constant }
      if seen.shape.classes.isEmpty || (seen.uniform && seen.all) {
        Self.add(row.name, expression(seen.shape), lower: lower, upper: upper, group: row.group, to: &summed)
        continue
      }
      if seen.uniform, seen.days.count == 1, let day = seen.days.first {
        let key = FamilyKey(shape: seen.shape, lower: lower, upper: upper, group: row.group)
        if families[key] == nil { familyOrder.append(key) }
        families[key, default: ([], [])].rows.append(row.name)
        families[key, default: ([], [])].days.append(day)
        continue
      }
      Self.addOneSided(
        row.name, seen.shape, lower: lower, upper: upper, group: row.group, expression, to: &summed)
    }
    for key in familyOrder {
      guard let family = families[key] else { continue }
      let days = Set(family.days)
      // Each member of each class must be in exactly one of the rows.
      let complete =
        days.count == family.days.count
        && key.shape.classes.keys.allSatisfy { cls in
          members[cls].allSatisfy { dayOf[$0].map(days.contains) ?? false }
            && members[cls].count == days.count
        }
      if complete {
        let count = Double(days.count)
        Self.add(
          "sum[\(family.rows[0])]", expression(key.shape, times: count), lower: key.lower.map { $0 * count },
          upper: key.upper.map { $0 * count }, group: key.group, to: &summed)
      } else {
        for name in family.rows {
          Self.addOneSided(
            name, key.shape, lower: key.lower, upper: key.upper, group: key.group, expression, to: &summed)
        }
      }
    }

    // Each class keeps its members' smallest cost.
    var costs: [Int: Double] = [:]
    var objective = LinearExpression(constant: source.objective.constant)
    var otherCost: [Int: Double] = [:]
    for term in source.objective.terms {
      if classOf[term.variable.index] != nil {
        costs[term.variable.index, default: 0] += term.coefficient
      } else {
        otherCost[term.variable.index, default: 0] += term.coefficient
      }
    }
    for (cls, list) in members.enumerated() {
      let least = list.map { costs[$0] ?? 0 }.min() ?? 0
      if least != 0 { objective.add(classVariable[cls], least) }
    }
    for (index, coefficient) in otherCost.sorted(by: { $0.key < $1.key }) {
      if let variable = newIndex[index] { objective.add(variable, coefficient) }
    }
    summed.setObjective(source.sense, objective)
    guard source.sense == .minimize else { return nil }
    model = summed
    sums = classVariable
    image = source.variables.indices.map {
      classOf[$0].map { classVariable[$0].index } ?? newIndex[$0]?.index ?? 0
    }
  }

  /// A point of the week, summed by class: a point of the summed model when
  /// the week's point keeps the week's rows.
  func summing(_ values: [Double]) -> [Double] {
    var result = [Double](repeating: 0, count: model.variables.count)
    for (index, value) in values.enumerated() where index < image.count { result[image[index]] += value }
    return result
  }

  private static func add(
    _ name: String, _ expression: LinearExpression, lower: Double?, upper: Double?, group: ConstraintGroup?,
    to model: inout LinearModel
  ) {
    let set: ConstraintSet
    switch (lower, upper) {
    case (let low?, let high?): set = low == high ? .equalTo(low) : .interval(low, high)
    case (let low?, nil): set = .greaterThan(low)
    case (nil, let high?): set = .lessThan(high)
    case (nil, nil): return
    }
    model.addConstraint(name, expression, set, group: group)
  }

  /// A row on some members of its classes: its lower bound holds for the class
  /// sums when every class coefficient is positive (a sum is at least any of
  /// its members, all at least 0), its upper bound when every one is negative.
  private static func addOneSided(
    _ name: String, _ shape: Shape, lower: Double?, upper: Double?, group: ConstraintGroup?,
    _ expression: (Shape, Double, Bool) -> LinearExpression, to model: inout LinearModel
  ) {
    // Lower bound: each class at its largest coefficient; upper: at its smallest.
    if let lower, shape.smallest.values.allSatisfy({ $0 > 0 }) {
      add(name, expression(shape, 1, false), lower: lower, upper: nil, group: group, to: &model)
    } else if let upper, shape.classes.values.allSatisfy({ $0 < 0 }) {
      add(name, expression(shape, 1, true), lower: nil, upper: upper, group: group, to: &model)
    }
  }
}
