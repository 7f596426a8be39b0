/// A rule a solver's plan breaks when it is re-checked from the foods and
/// recipes by a verifier that does not share the model builder's arithmetic.
public struct PlanViolation: Sendable, Hashable, Codable {
  /// The kind of rule: `goal`, `limit`, `budget`, `cost`, `amount` for
  /// food-level plans; `slot`, `portion`, `goal`, `budget`, `diet`, `avoid`,
  /// `repeat`, `lock`, `leftover`, `total` for meal plans.
  package var rule: String
  /// A sentence for people.
  package var message: String

  /// Creates a violation of a kind of rule, with its sentence.
  package init(rule: String, message: String) {
    self.rule = rule
    self.message = message
  }
}
