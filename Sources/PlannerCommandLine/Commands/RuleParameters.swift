import Foundation
import HealthRules

/// `--param NAME=VALUE` of `planner health`: a per-patient parameter that the rules declare
/// (`parameter dry_weight: mass`), such as `--param dry_weight=70.5kg`.
enum RuleParameters {
  static let help =
    "A per-patient parameter the rules declare, as dry_weight=70.5kg (repeat for several)."

  /// Sets every `--param` on the window, checked against the rule set's declared parameters.
  static func apply(_ texts: [String], ruleSet: RuleSet, to window: inout Window) throws(CLIError) {
    for (name, steps) in try values(texts, ruleSet: ruleSet) { window.setParameter(name, steps: steps) }
  }

  /// Every `--param`, checked against the rule set's declared parameters, in storage steps.
  static func values(_ texts: [String], ruleSet: RuleSet) throws(CLIError) -> [String: Int64] {
    var result: [String: Int64] = [:]
    for text in texts {
      let (name, steps) = try parse(text, ruleSet: ruleSet)
      guard result[name] == nil else {
        throw .usage("'--param \(name)' is given twice", hint: "give each parameter once")
      }
      result[name] = steps
    }
    return result
  }

  /// `dry_weight=70.5kg` as the parameter's name and its value in storage steps.
  static func parse(_ text: String, ruleSet: RuleSet) throws(CLIError) -> (String, Int64) {
    let parts = text.split(separator: "=", maxSplits: 1).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
    let declared = ruleSet.parameters.keys.sorted()
    guard parts.count == 2, !parts[0].isEmpty else {
      throw .usage(
        "'--param' takes NAME=VALUE, such as dry_weight=70.5kg, not '\(text.escapedForTerminal)'", hint: nil)
    }
    let name = parts[0]
    guard let unit = ruleSet.parameters[name] else {
      let near = closestMatch(to: name, in: declared).map { "did you mean '\($0)'?" }
      throw .usage(
        "the rules declare no parameter '\(name.escapedForTerminal)'",
        hint: near
          ?? (declared.isEmpty
            ? "these rules have no parameters" : "they declare \(declared.joined(separator: ", "))"))
    }
    let value = parts[1]
    let digits = value.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
    let unitText = value.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
    guard let exact = Rational(decimal: String(digits)) else {
      throw .usage("'--param \(name)' needs a number, not '\(value.escapedForTerminal)'", hint: nil)
    }
    let units = InputUnit.allCases.filter { $0.canonical == unit }.map(\.rawValue)
    if unit == .number {
      guard unitText.isEmpty, let steps = exact.roundedToSteps(unit.storageScale) else {
        throw .usage("'--param \(name)' is a plain number, not '\(value.escapedForTerminal)'", hint: nil)
      }
      return (name, steps)
    }
    guard let input = InputUnit(symbol: unitText), input.canonical == unit else {
      throw .usage(
        "'--param \(name)' needs a unit: \(units.joined(separator: ", ")), not '\(value.escapedForTerminal)'",
        hint: "as in \(name)=70\(units.first ?? "")")
    }
    guard let steps = input.storageSteps(exact) else {
      throw .usage("'--param \(name)': \(value.escapedForTerminal) is too large", hint: nil)
    }
    return (name, steps)
  }
}
