/// A validated ``LinearModel`` in the form solvers and file writers want:
/// finite numbers only, bounds as optionals, each constraint's terms merged by
/// variable with zero coefficients dropped, and constants moved to the bounds.
///
/// Built by ``LinearModel/compacted()``; shared with the solver backends of this package (`package` access), not public.
package struct CompactModel: Sendable {
  package struct Column: Sendable {
    package var name: String
    package var lower: Double?
    package var upper: Double?
    package var kind: LinearModel.VariableKind
    package var objective: Double
  }

  package struct Row: Sendable {
    package var name: String
    package var lower: Double?
    package var upper: Double?
    /// Variable index and coefficient, by increasing index, no zeros.
    package var terms: [(column: Int, coefficient: Double)]
  }

  package var name: String
  package var sense: LinearModel.Sense
  package var objectiveConstant: Double
  package var columns: [Column]
  package var rows: [Row]

  /// How many nonzero coefficients the rows hold.
  package var nonzeros: Int { rows.reduce(0) { $0 + $1.terms.count } }
}
