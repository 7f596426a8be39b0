import Diagnostics
import Foundation
import PlanDSL

/// A plan written after a suite's foods, loaded as `t.plan`: for the
/// language suites that check one statement against a small kitchen.
enum PlanText {
  /// The program of the foods and the plan.
  static func load(_ foods: String, _ plan: String) throws(DiagnosticList) -> Program {
    try PlanLoader().load(text: foods + "\n" + plan, path: "t.plan")
  }

  /// The rendered diagnostics of the foods and the plan; empty when they load.
  static func errors(_ foods: String, _ plan: String) -> String {
    do {
      _ = try load(foods, plan)
      return ""
    } catch {
      return DiagnosticRenderer().render(error)
    }
  }
}
