extension CompiledRuleSet {
  /// Evaluates every alert for a window and explains the result.
  ///
  /// The outcomes come from the compiled code; fired and undecided alerts are
  /// then re-evaluated by the explaining evaluator to collect evidence and
  /// missing readings.
  ///
  /// - Parameter window: A window of ``RuleSet/windowLength`` days.
  /// - Returns: The verdict with every alert's result.
  /// - Precondition: `window.length == ruleSet.windowLength`.
  package func evaluate(_ window: Window) -> Verdict {
    let outcomes = outcomes(for: window)
    let explainer = Explainer(window: window)
    var results: [AlertResult] = []
    for (index, alert) in ruleSet.alerts.enumerated() {
      let truth = outcomes.outcome(ofAlertAt: index)
      let explained = truth == .no ? nil : explainer.truth(alert.condition)
      let outcome: AlertResult.Outcome =
        switch truth {
        case .yes: .fired
        case .no: .notFired
        case .unknown: .unknown
        }
      results.append(
        AlertResult(
          id: alert.id, severity: alert.severity,
          message: truth == .yes ? explainer.message(alert.messageParts) : alert.message, outcome: outcome,
          condition: conditionTexts[index],
          evidence: truth == .yes ? explained?.evidence ?? [] : [],
          missing: truth == .unknown ? explained?.missing ?? [] : [],
          problems: truth == .unknown ? explained?.problems ?? [] : []))
    }
    var missing: [MissingReading] = []
    for note in results.flatMap(\.missing) where !missing.contains(note) {
      missing.append(note)
    }
    let fired = Verdict.bySeverity(results.filter { $0.outcome == .fired && $0.severity != .info })
    let notes = results.filter { $0.outcome == .fired && $0.severity == .info }
    let status = outcomes.status
    let message: String
    switch status {
    case .alert: message = fired.map(\.message).joined(separator: "\n")
    case .healthy: message = ruleSet.otherwise
    case .notEnoughData:
      let reasons = missing.map(\.description) + results.flatMap(\.problems)
      message = "Not enough data to decide: " + reasons.joined(separator: "; ")
    }
    return Verdict(
      status: status, severity: (fired + notes).map(\.severity).max(), message: message, ruleSet: ruleSet.id,
      today: window.today, windowStart: window.firstDay, alerts: fired.map(\.id), notes: notes.map(\.id),
      unknown: results.filter { $0.outcome == .unknown }.map(\.id), results: results, missing: missing)
  }

  /// Builds the window for some readings and evaluates it.
  ///
  /// - Parameters:
  ///   - readings: Readings in any order, one per day.
  ///   - asOf: The day to treat as today; the latest reading's day by default.
  /// - Throws: ``WindowError`` for duplicate days or no readings.
  public func evaluate(_ readings: [Reading], asOf: Day? = nil) throws(WindowError) -> Verdict {
    evaluate(try window(for: readings, asOf: asOf))
  }
}
