/// The outcome of a condition in three-valued (Kleene) logic.
package enum Truth: String, Sendable, Hashable, Codable, CaseIterable {
  /// The condition holds.
  case yes
  /// The condition does not hold.
  case no
  /// The readings needed to decide are missing (or arithmetic could not be done exactly).
  case unknown

  /// Kleene conjunction: no wins, then unknown, then yes.
  @inline(__always)
  package static func && (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .no || rhs == .no { return .no }
    if lhs == .unknown || rhs == .unknown { return .unknown }
    return .yes
  }

  /// Kleene disjunction: yes wins, then unknown, then no.
  @inline(__always)
  package static func || (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .yes || rhs == .yes { return .yes }
    if lhs == .unknown || rhs == .unknown { return .unknown }
    return .no
  }

  /// Negation; unknown stays unknown.
  @inline(__always)
  package static prefix func ! (operand: Truth) -> Truth {
    switch operand {
    case .yes: return .no
    case .no: return .yes
    case .unknown: return .unknown
    }
  }
}
