extension RuleSet {
  /// The bundled default rules for home monitoring.
  ///
  /// - `weight_gain` "You are gaining weight!": `mean(weight, days 4...7) > mean(weight, days 1...3)`.
  /// - `sugar_high` "Your sugar level is high!": `sugar.today >= sugar.yesterday * 110%`.
  /// - `bp_high` "Your blood pressure is high!":
  ///   `systolic.today >= systolic.yesterday * 110% or diastolic.today >= diastolic.yesterday * 110%`.
  /// - otherwise "You are in good health, keep up the good work".
  ///
  /// All three alerts are warnings. The window is seven days.
  public static let baseline = RuleSet(
    id: "baseline",
    name: "Home monitoring",
    windowLength: 7,
    alerts: [
      Alert(
        id: "weight_gain", severity: .warning, message: "You are gaining weight!",
        condition: .comparison(
          .aggregate(.mean, .weight, .days(4, 7)), .greater,
          .aggregate(.mean, .weight, .days(1, 3)))),
      Alert(
        id: "sugar_high", severity: .warning, message: "Your sugar level is high!",
        condition: risesTenPercent(.sugar)),
      Alert(
        id: "bp_high", severity: .warning, message: "Your blood pressure is high!",
        condition: .or(risesTenPercent(.systolic), risesTenPercent(.diastolic))),
    ],
    otherwise: "You are in good health, keep up the good work")

  private static func risesTenPercent(_ metric: Metric) -> Condition {
    .comparison(
      .reading(metric, .today), .greaterOrEqual,
      .arithmetic(.multiply, .reading(metric, .yesterday), .percent(110)))
  }
}
