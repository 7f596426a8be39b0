import Foundation
import MealOptimizer

/// GLPK's own settings: the LP method, presolvers, scaling, and how
/// branch-and-cut branches, picks nodes and cuts. Given to
/// ``GLPKSolver/init(options:)``; one solve can change them by name
/// (`SolverOptions/backendSettings`, whose names are listed in docs/solver.md).
///
/// The defaults were chosen by measurement on diet models.
/// `Benchmarks/solver/run.sh` times every combination on a generated diet
/// model of 8,000 foods over 7 days (56,000 variables). GLPK's usual path,
/// the primal simplex with presolve on (which rescales the presolved problem
/// itself), took 3.5 s (5.9 s with weekly per-food limits, 8,091 rows); the
/// dual simplex with presolve off and equilibration scaling reached the same
/// optimum in 0.69 s (1.25 s): 5.1x (4.7x) faster. Without scaling it was a
/// little faster still on these generated data (0.52 s, 0.86 s), but
/// equilibration is kept as the default because real food tables mix
/// coefficients from micrograms to kilocalories. Presolve stays available for
/// models where it pays. The interior-point method is slow on such wide
/// models (minutes) and is not the default.
///
/// ```swift
/// var glpk = GLPKOptions()
/// glpk.cuts = .all
/// let solution = try GLPKSolver(options: glpk).solve(model, options: SolverOptions())
/// ```
package struct GLPKOptions: Sendable, Hashable {
  /// The LP algorithm.
  package enum Method: String, Sendable, Hashable, CaseIterable {
    case primalSimplex = "primal"
    case dualSimplex = "dual"
    case interiorPoint = "interior"
  }

  /// How branch-and-bound chooses the variable to branch on (GLPK's `br_tech`).
  package enum Branching: String, Sendable, Hashable, CaseIterable {
    /// The first fractional integer variable.
    case firstFractional = "first_fractional"
    /// The last fractional integer variable.
    case lastFractional = "last_fractional"
    /// The integer variable farthest from a whole number.
    case mostFractional = "most_fractional"
    /// Driebeck and Tomlin's heuristic, GLPK's default.
    case driebeckTomlin = "driebeck_tomlin"
    /// Hybrid pseudocost branching: each variable's measured effect on the
    /// bound, learned as the tree grows.
    case pseudocost
  }

  /// Which open node branch-and-bound solves next (GLPK's `bt_tech`).
  package enum NodeSelection: String, Sendable, Hashable, CaseIterable {
    /// The newest node first.
    case depthFirst = "depth_first"
    /// The oldest node first.
    case breadthFirst = "breadth_first"
    /// The node with the best local bound first (the lowest, for
    /// minimisation): it raises the tree's proven bound fastest. GLPK's default.
    case bestBound = "best_bound"
    /// The node whose bound projects best toward a whole solution.
    case bestProjection = "best_projection"
  }

  /// How the LP is scaled before solving.
  package enum Scaling: String, Sendable, Hashable, CaseIterable {
    case none, equilibration, geometric
    case geometricThenEquilibration = "auto"
  }

  /// Families of cutting planes that branch-and-cut can add.
  package struct CutPlanes: OptionSet, Sendable, Hashable {
    /// The families as bits: 1 MIR, 2 Gomory, 4 cover, 8 clique.
    package let rawValue: Int
    /// The families whose bits are set in `rawValue`.
    package init(rawValue: Int) { self.rawValue = rawValue }
    /// Mixed-integer rounding cuts (GLPK's `mir_cuts`).
    package static let mixedIntegerRounding = CutPlanes(rawValue: 1)
    /// Gomory's mixed-integer cuts (`gmi_cuts`).
    package static let gomory = CutPlanes(rawValue: 2)
    /// Mixed cover cuts (`cov_cuts`).
    package static let cover = CutPlanes(rawValue: 4)
    /// Clique cuts (`clq_cuts`).
    package static let clique = CutPlanes(rawValue: 8)
    /// All four families.
    package static let all: CutPlanes = [.mixedIntegerRounding, .gomory, .cover, .clique]

    /// The names a `cuts` setting may list.
    static let names: [(String, CutPlanes)] = [
      ("mir", .mixedIntegerRounding), ("gomory", .gomory), ("cover", .cover), ("clique", .clique),
    ]
  }

  /// The LP algorithm; the dual simplex by measurement. MIPs solve their LP
  /// relaxation with the simplex method even when the interior point is chosen.
  package var method: Method = .dualSimplex
  /// Whether GLPK's LP presolver runs first; off by measurement. With
  /// presolve on, GLPK scales the presolved problem itself and ``scaling`` is
  /// not used, and the simplex method does not start from a session's basis.
  package var presolve: Bool = false
  /// How the problem is scaled before the simplex method; equilibration by measurement.
  package var scaling: Scaling = .equilibration
  /// The cutting planes branch-and-cut adds. None by default: they slow each
  /// node, and most small models prove faster without them; they raise the
  /// bound of models with whole packages (see docs/meals.md and docs/solver.md).
  /// LPs ignore them.
  package var cuts: CutPlanes = []
  /// How branch-and-bound chooses the variable to branch on; GLPK's
  /// default. LPs ignore it.
  package var branching: Branching = .driebeckTomlin
  /// Which open node branch-and-bound solves next; GLPK's default. LPs ignore it.
  package var nodeSelection: NodeSelection = .bestBound
  /// Whether GLPK's MIP presolver runs before branch-and-cut (`glp_intopt`'s
  /// `presolve`); off by default. It tightens bounds and rows of the
  /// integer model: on issue 9's benchmark week it lifts the bound of the
  /// summed week (the meal-plan search's step `week_totals`) after 5 s from
  /// 39.75 to 40.39 USD (docs/performance.md). LPs ignore it.
  package var mipPresolve = false

  /// GLPK's defaults as measured above.
  package init() {}

  /// These options with settings by name applied, as
  /// ``SolverOptions/backendSettings`` gives them for one solve.
  ///
  /// The names are the properties' in snake case: `method` (`primal`,
  /// `dual`, `interior`), `presolve` and `mip_presolve` (`on`, `off`),
  /// `scaling` (`none`, `equilibration`, `geometric`, `auto`), `branching`
  /// (`first_fractional`, `last_fractional`, `most_fractional`,
  /// `driebeck_tomlin`, `pseudocost`), `node_selection` (`depth_first`,
  /// `breadth_first`, `best_bound`, `best_projection`) and `cuts` (`none`,
  /// `all`, or a comma-separated list of `mir`, `gomory`, `cover`, `clique`).
  ///
  /// - Throws: ``SolverError/invalidOptions(_:)`` for a name or value GLPK
  ///   does not have, naming it.
  package func applying(_ settings: [String: String]) throws(SolverError) -> GLPKOptions {
    var options = self
    for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
      func bad() -> SolverError {
        SolverError.invalidOptions("GLPK has no value '\(value)' for its setting '\(name)'")
      }
      func flag() throws(SolverError) -> Bool {
        switch value {
        case "on", "true": return true
        case "off", "false": return false
        default: throw bad()
        }
      }
      func known<T>(_ parsed: T?) throws(SolverError) -> T {
        guard let parsed else { throw bad() }
        return parsed
      }
      switch name {
      case "method": options.method = try known(Method(rawValue: value))
      case "presolve": options.presolve = try flag()
      case "mip_presolve": options.mipPresolve = try flag()
      case "scaling": options.scaling = try known(Scaling(rawValue: value))
      case "branching": options.branching = try known(Branching(rawValue: value))
      case "node_selection": options.nodeSelection = try known(NodeSelection(rawValue: value))
      case "cuts": options.cuts = try known(Self.cuts(value))
      default:
        throw SolverError.invalidOptions(
          "GLPK has no setting '\(name)' (it has branching, cuts, method, mip_presolve, node_selection,"
            + " presolve, scaling)")
      }
    }
    return options
  }

  /// The families a `cuts` setting names; `nil` for a name that is not one.
  private static func cuts(_ text: String) -> CutPlanes? {
    switch text {
    case "none", "": return []
    case "all": return .all
    default:
      var cuts: CutPlanes = []
      for part in text.split(separator: ",") {
        let name = part.trimmingCharacters(in: .whitespaces)
        guard let family = CutPlanes.names.first(where: { $0.0 == name })?.1 else { return nil }
        cuts.insert(family)
      }
      return cuts
    }
  }
}
