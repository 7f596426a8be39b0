/// A validated ``LinearModel`` in the form solvers and file writers want:
/// finite numbers only, bounds as optionals, each constraint's terms merged by
/// variable with zero coefficients dropped, and constants moved to the bounds.
///
/// Built by ``LinearModel/compacted()``; internal to the library.
struct CompactModel: Sendable {
  struct Column: Sendable {
    var name: String
    var lower: Double?
    var upper: Double?
    var kind: LinearModel.VariableKind
    var objective: Double
  }

  struct Row: Sendable {
    var name: String
    var lower: Double?
    var upper: Double?
    /// Variable index and coefficient, by increasing index, no zeros.
    var terms: [(column: Int, coefficient: Double)]
  }

  var name: String
  var sense: LinearModel.Sense
  var objectiveConstant: Double
  var columns: [Column]
  var rows: [Row]

  /// How many nonzero coefficients the rows hold.
  var nonzeros: Int { rows.reduce(0) { $0 + $1.terms.count } }
}
