internal import CGLPK
import MealOptimizer

extension GLPKSolver {
  /// Turns GLPK's return codes and statuses into a ``Solution``.
  ///
  /// Termination (why GLPK stopped) and result status (what the values are)
  /// are mapped separately: a `glp_simplex` return of 0 only says the method
  /// ran to its end, and the status says whether that end is an optimum;
  /// with presolve an infeasible LP returns `GLP_ENOPFS` with no solution.
  static func solution(
    from raw: GLPKRawResult, mixedInteger: Bool, maximize: Bool, seconds: Double
  ) -> Solution {
    let (termination, status, message) = raw.mipRan || mixedInteger ? mipOutcome(raw) : lpOutcome(raw)
    var solution = Solution(termination: termination, status: status, seconds: seconds, message: message)
    if raw.mipRan, status == .unknown, let bound = raw.mipBound {
      // Stopped before any plan: the best active node still bounds every
      // plan, since no node was pruned for want of an incumbent.
      solution.bound = bound
    }
    guard status == .optimal || status == .feasible else { return solution }
    solution.values = raw.values
    solution.objectiveValue = raw.objective
    if raw.mipRan {
      if status == .optimal && termination == .completed {
        solution.relativeGap = 0
        solution.bound = raw.objective
      } else if let bound = raw.mipBound {
        // The best active node bounds every plan still to be found; the
        // incumbent bounds itself. The gap is measured as GLPK measures it.
        let proven = maximize ? max(bound, raw.objective) : min(bound, raw.objective)
        solution.bound = proven
        solution.relativeGap = abs(raw.objective - proven) / (abs(raw.objective) + Double.ulpOfOne)
      } else {
        solution.relativeGap = raw.mipGap
      }
    } else if status == .optimal {
      solution.relativeGap = 0
      solution.bound = raw.objective
      solution.rowDuals = raw.rowDuals
      solution.reducedCosts = raw.columnDuals
    }
    return solution
  }

  private typealias Outcome = (TerminationStatus, ResultStatus, String?)

  private static func lpOutcome(_ raw: GLPKRawResult) -> Outcome {
    let code = raw.lpReturn
    if code == 0 {
      switch raw.lpStatus {
      case Int32(GLP_OPT): return (.completed, .optimal, nil)
      case Int32(GLP_NOFEAS): return (.completed, .infeasible, nil)
      case Int32(GLP_UNBND): return (.completed, .unbounded, nil)
      case Int32(GLP_FEAS):
        return (.failed, .feasible, "GLPK stopped at a feasible point it could not prove optimal")
      default: return (.failed, .unknown, "GLPK ended without a primal or dual feasible solution")
      }
    }
    switch code {
    case Int32(GLP_ENOPFS): return (.completed, .infeasible, nil)
    case Int32(GLP_ETMLIM):
      let feasible = raw.primalStatus == Int32(GLP_FEAS)
      return (.timeLimit, feasible ? .feasible : .unknown, "the time limit was reached")
    default: return (.failed, .unknown, failureText(code))
    }
  }

  private static func mipOutcome(_ raw: GLPKRawResult) -> Outcome {
    guard raw.mipRan else {
      // The LP relaxation decided the outcome.
      let (termination, status, message) = lpOutcome(raw)
      switch status {
      case .infeasible: return (termination, .infeasible, "the LP relaxation is infeasible")
      case .unbounded: return (termination, .unbounded, "the LP relaxation is unbounded")
      default: return (termination, .unknown, message ?? "the LP relaxation was not solved")
      }
    }
    let hasPoint = raw.mipStatus == Int32(GLP_OPT) || raw.mipStatus == Int32(GLP_FEAS)
    let pointStatus: ResultStatus =
      raw.mipStatus == Int32(GLP_OPT) ? .optimal : (hasPoint ? .feasible : .unknown)
    if raw.nodeLimitHit, raw.mipReturn == Int32(GLP_ESTOP) {
      return (
        .nodeLimit, hasPoint ? .feasible : .unknown,
        hasPoint ? "the node limit was reached" : "the node limit was reached before any integer solution"
      )
    }
    switch raw.mipReturn {
    case 0:
      switch raw.mipStatus {
      case Int32(GLP_OPT): return (.completed, .optimal, nil)
      case Int32(GLP_NOFEAS): return (.completed, .infeasible, nil)
      case Int32(GLP_FEAS): return (.completed, .feasible, nil)
      default: return (.failed, .unknown, "branch-and-cut ended without a solution")
      }
    case Int32(GLP_ENOPFS):
      // Only with ``GLPKOptions/mipPresolve``: the MIP presolver proved that no point exists.
      return (.completed, .infeasible, "the MIP presolver found that no integer point exists")
    case Int32(GLP_EMIPGAP):
      return (.gapLimit, hasPoint ? .feasible : .unknown, "the relative gap limit was reached")
    case Int32(GLP_ETMLIM):
      return (
        .timeLimit, hasPoint ? .feasible : .unknown,
        hasPoint ? "the time limit was reached" : "the time limit was reached before any integer solution"
      )
    default:
      return (.failed, hasPoint ? pointStatus : .unknown, failureText(raw.mipReturn))
    }
  }

  private static func failureText(_ code: Int32) -> String {
    switch code {
    case Int32(GLP_EBADB): "GLPK: the initial basis is invalid"
    case Int32(GLP_ESING): "GLPK: the basis matrix became singular"
    case Int32(GLP_ECOND): "GLPK: the basis matrix is ill-conditioned"
    case Int32(GLP_EBOUND): "GLPK: some variable has incorrect bounds"
    case Int32(GLP_EFAIL): "GLPK: the solver failed"
    case Int32(GLP_EITLIM): "GLPK: the iteration limit was reached"
    case Int32(GLP_ENODFS): "GLPK: no dual feasible solution (infeasible or unbounded)"
    case Int32(GLP_ENOFEAS): "GLPK: no primal or dual feasible solution"
    case Int32(GLP_ENOCVG): "GLPK: the interior-point method did not converge"
    case Int32(GLP_EINSTAB): "GLPK: numerical instability"
    case Int32(GLP_EROOT): "GLPK: the LP relaxation was not optimal before branch-and-cut"
    default: "GLPK returned code \(code)"
    }
  }
}
