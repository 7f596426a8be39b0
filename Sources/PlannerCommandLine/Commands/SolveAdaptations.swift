import Foundation
import HealthRules
import MealOptimizer
import PlanDSL

/// `planner solve … --readings FILE [--as-of DATE]`: the plan's `adapt` blocks
/// evaluated on readings, before the plan is solved.
enum SolveAdaptations {
  /// Evaluates the plan's adaptations on the readings given, or returns none
  /// when no readings are given.
  ///
  /// Each `--readings` is a file, or `MEMBER=FILE` for one member of the
  /// plan's household.
  static func evaluate(
    _ program: Program, plan: PlanSpec, readings: [String], asOf: String?, console: Console
  ) throws(CLIError) -> [PlanAdaptation] {
    guard !readings.isEmpty else {
      _ = try day(asOf)
      if asOf != nil { throw .usage("'--as-of' needs '--readings FILE'", hint: nil) }
      return []
    }
    let members = plan.mealPlan?.household.flatMap { program.household(named: $0) }?.members.map(\.id) ?? []
    var shared: [Reading]?
    var own: [String: [Reading]] = [:]
    for argument in readings {
      if let equals = argument.firstIndex(of: "="), members.contains(String(argument[..<equals])) {
        let member = String(argument[..<equals])
        guard own[member] == nil else {
          throw .usage("'--readings \(member)=…' is given twice", hint: nil)
        }
        own[member] = try HealthCommand.loadReadings(
          String(argument[argument.index(after: equals)...]), colors: console.errorIsTerminal)
      } else {
        guard shared == nil else {
          throw .usage(
            "'--readings' without a member is given twice",
            hint: members.isEmpty ? nil : "name a member: --readings \(members[0])=FILE")
        }
        shared = try HealthCommand.loadReadings(argument, colors: console.errorIsTerminal)
      }
    }
    return try evaluate(
      program, plan: plan, readings: Readings(shared: shared, members: own), asOf: asOf, console: console)
  }

  /// Readings already read: for the plan, and each member's own.
  struct Readings: Sendable {
    var shared: [Reading]?
    var members: [String: [Reading]]
  }

  /// Evaluates the plan's adaptations on readings already read (by `planner worker`, from the database).
  static func evaluate(
    _ program: Program, plan: PlanSpec, readings: Readings, asOf: String?, console: Console
  ) throws(CLIError) -> [PlanAdaptation] {
    let day = try day(asOf)
    if program.adaptations(of: plan).isEmpty {
      console.err("note: plan '\(plan.name)' has no 'adapt' blocks; the readings change nothing\n")
      return []
    }
    return program.evaluateAdaptations(
      of: plan, readings: readings.shared ?? [], memberReadings: readings.members, asOf: day)
  }

  private static func day(_ asOf: String?) throws(CLIError) -> Day? {
    guard let asOf else { return nil }
    guard let parsed = Day(iso: asOf) else {
      throw .usage("'--as-of' takes a date such as 2026-11-29, not '\(asOf.escapedForTerminal)'", hint: nil)
    }
    return parsed
  }

  /// One line per adaptation for text output.
  static func text(_ adaptations: [PlanAdaptation]) -> String {
    adaptations.map { "Adapted: \($0.message.escapedForTerminal)\n" }.joined()
  }

  /// A Markdown section listing the adaptations.
  static func markdown(_ adaptations: [PlanAdaptation]) -> String {
    guard !adaptations.isEmpty else { return "" }
    return "\n## Health adaptations\n\n" + adaptations.map { "- \($0.message)\n" }.joined()
  }
}
