import Foundation
import HealthRules
import MealOptimizer

extension Program {
  /// What a plan buys, as the engines take it: set when the plan counts what
  /// is paid (`minimize cost`, or a budget) or names a pantry.
  ///
  /// `minimize cost` minimises everything paid at the till, trips included;
  /// `minimize cost eaten` the food eaten. Use-by dates become plan days from
  /// the plan's `start` date, or from today (UTC) when it has none.
  ///
  /// - Parameters:
  ///   - plan: a plan of this program.
  ///   - today: the date day 1 falls on when the plan has no `start`.
  /// - Returns: the purchasing settings, or `nil` when the plan neither counts cost nor names a pantry.
  package func purchasing(for plan: PlanSpec, today: Day = Day.today) -> Purchasing? {
    // `minimize cost eaten` without a budget has nothing to buy: what is paid changes nothing.
    let countsPaid = (plan.objective == .minimizeCost && !plan.minimizesCostEaten) || plan.budget != nil
    guard countsPaid || plan.pantry != nil else { return nil }
    let start = plan.start ?? today
    let stock = plan.pantry.flatMap { pantry(named: $0) }?.stock(startingOn: start) ?? []
    return Purchasing(
      pantry: stock, stores: plan.stores, maximumStores: plan.maximumStores,
      costBasis: plan.minimizesCostEaten ? .eaten : .paid, leftoverCredit: plan.leftoverCredit ?? 0)
  }
}

extension Day {
  /// Today's date in UTC.
  package static var today: Day {
    Day(ordinal: Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)))
  }
}
