/// A comparison between two numbers of the same unit.
package enum ComparisonOperator: String, Sendable, Hashable, Codable, CaseIterable {
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case equal = "=="
  case notEqual = "!="

  /// Whether `order` (negative, zero or positive, as from ``Rational/compare(_:_:)``) satisfies the comparison.
  @inline(__always)
  package func holds(forOrder order: Int) -> Bool {
    switch self {
    case .less: return order < 0
    case .lessOrEqual: return order <= 0
    case .greater: return order > 0
    case .greaterOrEqual: return order >= 0
    case .equal: return order == 0
    case .notEqual: return order != 0
    }
  }
}

/// An arithmetic operation on two numbers.
package enum ArithmeticOperator: String, Sendable, Hashable, Codable, CaseIterable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
}
