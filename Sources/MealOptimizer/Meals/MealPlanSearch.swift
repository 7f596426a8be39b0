import Foundation

/// The meal-plan search: a fixed list of named steps that finds a cheap week,
/// proves how cheap it is, then picks among weeks of (nearly) the same cost
/// by the tie-break; on any ``Solver``.
///
/// GLPK's branch-and-bound with its default settings is slow to find good
/// meal plans and slower to prove them (every day is a small knapsack, and
/// days look alike), so the search builds plans and bounds from smaller
/// solves, each a ``LinearModel`` operation: relax integrality, fix
/// variables, drop or restrict rows. The cost stage runs ``costSteps`` in
/// order, skipping the rest as soon as the best plan is proven within the
/// gap; the tie-break stage then runs ``Step/tieBreak``. docs/meals.md
/// ("Solving") describes each step and its tuning constants (``Tuning``).
///
/// Every solve but the last resort (``Step/fullModel``) is run to its own
/// completion, and the tie-break ends at a work limit
/// (``Tuning/moves``), so the same input gives the same plan on
/// every run; the wall clock only stops the search when the deadline passes,
/// and then the termination says ``TerminationStatus/timeLimit``. A
/// caller's stop (``StopRequest``) ends it the same way, with the best plan
/// and bound found by then and ``TerminationStatus/cancelled``. A plan is
/// kept only as a point of the model within ``feasibilityTolerance``.
package struct MealPlanSearch: Sendable {
  /// One step of the search (``SolveStep``); docs/meals.md describes each.
  package typealias Step = SolveStep

  /// The cost stage's steps, in order. ``Step/dishSearch`` runs twice: on
  /// the plan of ``Step/eatenWeek``, and on what ``Step/improveDays`` made
  /// of the dive's plan (``Progress/lead``). ``Step/improveDays`` runs twice
  /// too: on the dive's plan, and again on the plan ``Step/relaxAndFix``
  /// found. Neither walks a plan it has already started from.
  package static let costSteps: [Step] = [
    .withoutBudget, .relaxation, .eatenWeek, .dishSearch, .dayPatterns, .dive, .improveDays, .dishSearch,
    .weekTotals, .relaxAndFix, .improveDays, .fullModel,
  ]

  /// The search's tuning constants; docs/meals.md explains and measures them.
  package struct Tuning: Sendable, Hashable {
    /// The most moves of each step that searches by moves, a work limit
    /// (not the clock), so that the same input gives the same plan on every
    /// run: the dead ends ``Step/dive`` backs out of before it gives up,
    /// ``Step/dishSearch``'s kicks of each size, the solver calls of its
    /// count search (``MealPlanSearch/countSearch(_:pricer:_:)``) and the
    /// solves of ``Step/tieBreak``. 0 turns the kicks and the count search
    /// off, ends the dive at its first dead end and leaves the tie-break its
    /// LP. On issue 9's benchmark week under `--tie-break goal_center`, the
    /// LP and two rounds over its 28 slots are 57 solves. One limit for the four: on the family's 33
    /// tuning weeks at 10 s, against the four apart (40 dead ends, 75 kicks,
    /// 60 calls, 57 solves), 4 plans cheaper and 5 dearer, the geometric
    /// mean 0.02% lower (docs/performance.md).
    package var moves = 60
    /// The cutting planes of GLPK's trees: ``Step/weekTotals``' on the
    /// summed week, the proof by store sets', ``Step/fullModel``'s and a
    /// week's purchases solved for its meals
    /// (``MealPlanSearch/purchaseOptions()``). On
    /// issue 9's benchmark week, glpsol (pseudocost branching, best-bound
    /// search) proves the summed model's optimum in 15.5 s with
    /// mixed-integer rounding, cover and clique cuts, against 36.5 s with
    /// Gomory's cuts as well, and the search proves the week's plan within
    /// 1% at 6 to 7 s; with no cuts, or with all four kinds, at 8.9 to 9.5
    /// s on two runs of three and not in 10 s on the third
    /// (docs/performance.md). For ``Step/fullModel``
    /// (with ``treePresolve``), against no cuts and no presolver, on the
    /// family's 33 tuning weeks at 10 s: cheaper plans on 2 weeks (w00 proven
    /// within 1%, 56.96 → 55.12 USD; w08), a dearer one on 1 (w23, 0.9%),
    /// the geometric mean 0.12% lower. The whole week's tree of
    /// ``Step/weekTotals`` runs without cuts.
    package var treeCuts = "mir,cover,clique"
    /// How GLPK's trees branch, in ``Step/weekTotals``, the proof by store
    /// sets, ``Step/fullModel`` and a week's purchases solved for its meals
    /// (``MealPlanSearch/purchaseOptions()``): pseudocost branching. With GLPK's own
    /// best-bound node selection (which the trees keep), on issue 9's
    /// benchmark week glpsol so proves the summed model's optimum (42.35
    /// USD) in 36.5 s, where its default branching leaves the bound at 39.93
    /// after 30 s (docs/solver.md). For ``Step/fullModel``, against GLPK's
    /// default tree with all its cuts, on the family of weeks at 10 s: a
    /// cheaper plan on 1 week, dearer ones on 2, the geometric mean 0.05%
    /// lower; and at 60 s w42's only plan (docs/performance.md).
    package var treeBranching = "pseudocost"
    /// Whether GLPK's trees run its MIP presolver (`GLPKOptions.mipPresolve`),
    /// and the purchases solved for a week's meals
    /// (``MealPlanSearch/purchaseOptions()``, where it drops the fixed meals):
    /// on issue 9's benchmark week glpsol's bound on the summed model after
    /// 5 s is 40.39 USD with it, 39.75 without, and the search proves the
    /// week's plan within 1% after 10 s on none of three runs without it
    /// (6 to 7 s with it, docs/performance.md); for ``Step/fullModel`` see
    /// ``treeCuts``.
    package var treePresolve = true
    /// The most of the remaining time a step that may run long takes, so
    /// that the steps after it keep the rest: ``Step/weekTotals`` (or, with
    /// ``MealPlanSearch/worksBeside``, its wait for its tree to end, and the
    /// proof by store sets' with every processor; it had ¾ of its own, and
    /// on the family's 33 tuning weeks at 10 s ½ changed two plans, w05's,
    /// whose only plan the dive finds 9.9 s in, on either side of the
    /// clock, and w37's, as a second run with ¾ did: docs/performance.md),
    /// ``Step/withoutBudget``,
    /// ``Step/relaxation`` (on a week of thousands of recipes GLPK's simplex
    /// needs more than a minute for the LP alone; stopped at this share, the
    /// search goes on without its bound to the steps that plan day by day),
    /// ``Step/dayPatterns``' column generation and then its master with
    /// whole weights (column generation had 0.6 before: on the family's 33
    /// tuning weeks under `minimize cost eaten` at 10 s, one plan cheaper
    /// and one dearer with ½, docs/performance.md), and the wait,
    /// between steps, for a proof by store sets running beside the search
    /// (``MealPlanSearch/waitForProof(_:)``). The steps that take another
    /// share have their own constants.
    package var stepShare = 0.5
    /// The most of the remaining time ``Step/eatenWeek`` may take. With
    /// ``stepShare`` (½) instead, on the family's 33 tuning weeks at 10 s:
    /// 1 plan cheaper, 8 dearer (two weeks without a plan), the geometric
    /// mean 0.62% higher (docs/performance.md).
    package var eatenWeekShare = 0.25
    /// The weight of the best prices so far in the next round's prices
    /// (Wentges smoothing); 0 prices at the master's duals alone. Without
    /// it, on the family's 33 tuning weeks under `minimize cost eaten` at
    /// 10 s, 5 plans were cheaper and 3 dearer, but issue 9's benchmark
    /// week lost its proof: `eaten_week`'s inner search ends at another
    /// eaten week (53.46 USD for 53.47), from which `dish_search` reaches
    /// 45.04 at the till instead of 42.72 (docs/performance.md).
    package var patternSmoothing = 0.5
    /// The most branch-and-bound nodes of one move's solve on a model with
    /// purchases: a day of ``Step/improveDays``, a slot of
    /// ``Step/tieBreak``, a week ``Step/dishSearch`` keeps, a check of its
    /// count search, and a week's purchases completed for its meals
    /// (``MealPlanSearch/complete(_:days:_:)``). A move keeps the best plan
    /// its tree found by then (a check, the first week). A work limit, so
    /// the same input gives the same plan on every run. On the family's 33
    /// tuning weeks at 10 s, against 400 for the moves and 200 for the
    /// checks: 4 plans cheaper (w00 proven within 1%, 56.96 → 55.13 USD; w41
    /// 38.82 → 33.86), none dearer, the geometric mean 0.60% lower. For the
    /// completion, which had 2,000 nodes of GLPK's default tree, on all 44
    /// weeks at 10 s with the trees' settings: 200 nodes against 2,000, 1
    /// plan cheaper (w11), 1 dearer (w08), the geometric mean 0.02% lower
    /// (docs/performance.md).
    package var moveNodeLimit = 200
    /// How many slots the kicks of ``Step/dishSearch`` change, in turn: on
    /// issue 9's benchmark week kicks of 3 slots find the cheaper weeks, on
    /// the example's two-store week kicks of 6 (docs/meals.md).
    package var dishKickSizes = [3, 6]

    package init() {}

    /// Sets one constant from `name=value` (a list of whole numbers is
    /// written `3,6`), for benchmarks that try other values; `false` when
    /// the name is not a constant's or the value does not fit it.
    package mutating func set(_ setting: String) -> Bool {
      let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { return false }
      let value = parts[1]
      func whole(_ target: inout Int) -> Bool {
        guard let number = Int(value) else { return false }
        target = number
        return true
      }
      func real(_ target: inout Double) -> Bool {
        guard let number = Double(value), number.isFinite else { return false }
        target = number
        return true
      }
      switch parts[0] {
      case "moves": return whole(&moves)
      case "treeCuts": treeCuts = value
      case "treeBranching": treeBranching = value
      case "treePresolve":
        guard let flag = Bool(value) else { return false }
        treePresolve = flag
      case "stepShare": return real(&stepShare)
      case "eatenWeekShare": return real(&eatenWeekShare)
      case "patternSmoothing": return real(&patternSmoothing)
      case "moveNodeLimit": return whole(&moveNodeLimit)
      case "dishKickSizes":
        let sizes = value.split(separator: ",").compactMap { Int($0) }
        guard !sizes.isEmpty, sizes.count == value.split(separator: ",").count else { return false }
        dishKickSizes = sizes
      default: return false
      }
      return true
    }
  }

  /// Why the cost stage has no plan.
  package enum Failure: Error, Sendable, Hashable {
    /// No plan keeps every row.
    case infeasible
    /// The objective has no lower bound.
    case unbounded
    /// The search stopped (why, and the solver's message) before it found a plan.
    case noPlan(TerminationStatus, String?)
  }

  /// What one step did: for tests, the benchmark and docs/meals.md.
  package struct StepRecord: Sendable, Hashable {
    /// The step.
    package var step: Step
    /// The solver calls it made.
    package var solves: Int
    /// Seconds the solver spent in them.
    package var seconds: Double
    /// The best bound after the step, when known.
    package var bound: Double?
    /// The best plan's objective after the step (infinity without a plan);
    /// for ``Step/tieBreak``, the cost of the plan it kept.
    package var objective: Double
  }

  /// The search's state between steps.
  package struct Progress: Sendable {
    /// The best plan found so far.
    package var values: [Double]?
    /// Its objective; infinity without a plan.
    package var objective = Double.infinity
    /// The best proven lower bound on the objective.
    package var bound: Double?
    /// The LP relaxation's solution, which ``Step/dive`` starts from.
    package var root: Solution?
    /// The LP relaxation loaded in the solver, with its last basis: the
    /// dive goes on from it rather than loading and solving the LP anew.
    var rootSession: SessionBox?
    /// The last plan ``Step/improveDays`` improved, so it does not run twice on it.
    package var polished: [Double]?
    /// On a model with purchases, the plan the next ``Step/improveDays`` or
    /// ``Step/dishSearch`` starts from instead of the best: the dive's, then
    /// what improve_days made of it. It may cost more than the best; its
    /// neighbourhood is another one.
    package var lead: [Double]?
    /// The last plan ``Step/dishSearch`` started from, so it does not walk it twice.
    package var walked: [Double]?
    /// Solver calls so far.
    package var solves = 0
    /// Solver seconds so far.
    package var seconds = 0.0
    /// The step records of the search without budget rows, when it ran.
    package var unbudgeted: [StepRecord] = []
    /// Set when ``Step/dayPatterns`` converged: its bound is the best any
    /// Lagrangian relaxation of the rows between days gives.
    package var dualBoundFound = false
    /// Why the last resort stopped, when it ran.
    package var fullModelTermination: TerminationStatus?
    /// Set when the deadline passed before the last step.
    package var timedOut = false
    /// Seconds from the search's start (``MealPlanSearch/started``) until
    /// its plan was first proven within the gap, when it was.
    package var provenSeconds: Double?
    /// What runs beside the search on the summed week: the tree and the
    /// proof by store sets (shared with the inner search of ``Step/withoutBudget``).
    package var work = SummedWeekWork()
    /// ``Step/weekTotals``'s tree, while it runs on a thread of its own
    /// (``worksBeside``).
    var weekTotalsTree: BackgroundSolve? {
      get { work.tree }
      nonmutating set { work.tree = newValue }
    }
    /// A failure that ends the search (from ``Step/relaxation`` or ``Step/fullModel``).
    package var failure: Failure?
    /// What each step did, in order.
    package var records: [StepRecord] = []
    /// The step, objective and bound last given to ``MealPlanSearch/onProgress``.
    var reportedStep: Step?
    var reportedObjective: Double?
    var reportedBound: Double?

    package init() {}

    /// Keeps a plan when it is better than the best so far.
    mutating func consider(_ candidate: [Double]?, in model: LinearModel) {
      guard let candidate else { return }
      let value = model.objective.value(candidate)
      if value < objective {
        values = candidate
        objective = value
      }
    }

    /// Raises the bound.
    mutating func raise(_ bound: Double) {
      self.bound = max(self.bound ?? -.infinity, bound)
    }

    /// The relative gap between the best plan and the bound.
    package var gap: Double? {
      guard let bound, objective.isFinite else { return nil }
      return max(0, objective - bound) / max(abs(objective), 1e-9)
    }
  }

  /// A solver session kept in ``Progress`` between two steps. The search
  /// runs on one thread, which is also the thread the session's backend
  /// objects belong to; the box is only handed from step to step there.
  final class SessionBox: @unchecked Sendable {
    let session: any SolverSession
    init(_ session: any SolverSession) { self.session = session }
  }

  /// The solver for every step.
  package let solver: any Solver
  /// The model's slots, which say which variables belong to which day.
  package let slots: [ModelSlot]
  /// Each day's variables, when the search was made from them rather than
  /// from slots (a food plan's days); see ``dayBlocks``.
  package var givenBlocks: [[VariableRef]]?
  /// The cost steps this search runs, in order: ``costSteps`` unless changed.
  package var steps: [Step] = MealPlanSearch.costSteps
  /// The relative gap at which a plan counts as optimal (0.01 is 1%).
  package let relativeGap: Double
  /// When the search stops, whatever it has.
  package var deadline: ContinuousClock.Instant
  /// The tuning constants.
  package var tuning = Tuning()
  /// How far a plan the search keeps may break a row or an integrality,
  /// absolute up to 1 and relative above: GLPK's integrality tolerance, and
  /// the tolerance of ``MealPlan``'s goal check (a goal is violated beyond
  /// 1e-5 relative). Column generation in ``Step/dayPatterns`` also stops
  /// when its bound is this close to the master LP's value.
  package var feasibilityTolerance = 1e-5
  /// Whether the trees on the purchase relaxation (``Step/weekTotals``) and
  /// the proofs by store sets run on a thread of their own, beside the
  /// search: when the machine has more than one processor. The step then
  /// waits for the trees (at most ``Tuning/stepShare`` of the
  /// remaining time) where it would have run them, so the same answer comes
  /// at the same point of the search; trees still running then go on beside
  /// the later steps, and their bound counts when the search ends
  /// (docs/meals.md).
  package var worksBeside = ProcessInfo.processInfo.activeProcessorCount > 1
  /// The work on the summed week of the search this one runs inside
  /// (``Step/withoutBudget``), whose plans start its proofs; `nil` for a
  /// search of its own.
  package var sharedWork: SummedWeekWork?
  /// Called when a step starts and after a solver call that improved the
  /// best plan or bound (``MealPlannerOptions/progress``); nil for none.
  package var onProgress: SolveProgressHandler?
  /// When the search started, for ``SolveProgress/seconds``.
  package var started = ContinuousClock.now
  let clock = ContinuousClock()
  /// The indices of every pick variable.
  let picks: Set<Int>

  /// Creates a search.
  ///
  /// - Parameters:
  ///   - solver: the backend.
  ///   - slots: the slots of the model to be searched (``MealPlanModel/slots``).
  ///   - relativeGap: the gap at which a plan counts as optimal.
  ///   - deadline: when to stop.
  package init(solver: any Solver, slots: [ModelSlot], relativeGap: Double, deadline: ContinuousClock.Instant)
  {
    self.solver = solver
    self.slots = slots
    self.relativeGap = relativeGap
    self.deadline = deadline
    self.picks = Set(slots.flatMap { $0.options.map(\.pick.index) })
  }

  /// Records when the best plan was first proven within the gap.
  func noteProven(_ progress: inout Progress) {
    guard progress.provenSeconds == nil, progress.failure == nil,
      isProven(progress.objective, bound: progress.bound)
    else { return }
    progress.provenSeconds = (clock.now - started).seconds
  }

  /// The gap the trees that prove a plan are asked for: the search's, less
  /// the ``feasibilityTolerance``, so that a plan they prove leaves the
  /// tie-break that much room under its cap (``costCap(cost:bound:tolerance:)``)
  /// and stays proven through its rounding.
  var provenGap: Double { max(0, relativeGap - feasibilityTolerance) }

  /// The cutoff of a tree asked for a plan cheaper than `best` by more than
  /// the gap: ``provenGap`` under it, and at least 1e-6.
  func cutoff(below best: Double) -> Double {
    best - max(provenGap * abs(best), 1e-6)
  }

  /// Whether a plan's objective is proven within the gap by a bound.
  func isProven(_ objective: Double, bound: Double?) -> Bool {
    guard let bound, objective.isFinite else { return false }
    return objective - bound <= relativeGap * max(abs(objective), 1e-9) + 1e-9
  }

  /// Seconds until the deadline, at least 0.05 (a solver needs a positive limit).
  var remaining: Double { max(0.05, (deadline - clock.now).seconds) }

  /// When a step that takes at most `share` of the remaining time ends:
  /// that share from now, and never past the deadline.
  func deadline(share: Double) -> ContinuousClock.Instant {
    min(deadline, clock.now + .seconds(remaining * share))
  }

  /// Whether the deadline has passed, or the caller asked the search to
  /// stop (``StopRequest``): either way the search ends the step it is in.
  var isPastDeadline: Bool { clock.now >= deadline || StopRequest.isRequested }

  /// Why a search that ended without proving its plan stopped:
  /// ``TerminationStatus/cancelled`` when the caller stopped it,
  /// ``TerminationStatus/timeLimit`` when the deadline passed, otherwise
  /// how the last resort ended (``TerminationStatus/failed`` if it never ran).
  func unprovenTermination(_ progress: Progress) -> TerminationStatus {
    if StopRequest.isRequested { return .cancelled }
    return progress.timedOut ? .timeLimit : progress.fullModelTermination ?? .failed
  }

  /// Runs ``costSteps`` on a minimisation model.
  ///
  /// - Parameter model: the model; its objective is minimised.
  /// - Returns: the progress at the end (with a plan unless ``Progress/failure``
  ///   says why not), or the failure.
  package func minimizeCost(_ model: LinearModel) throws(PlanningError) -> Progress {
    var progress = Progress()
    if let sharedWork {
      progress.work = sharedWork
    } else {
      prepareWork(model, progress.work)
    }
    // However the search ends, what runs on the other threads ends with it.
    defer { if sharedWork == nil { progress.work.stopAll() } }
    for step in steps {
      absorbProof(&progress)
      waitForProof(&progress)
      noteProven(&progress)
      if progress.failure != nil || isProven(progress.objective, bound: progress.bound) { break }
      // A plan of the search without budget rows that keeps them is the plan
      // the other steps would find again: only the bounds and the last resort are left.
      if progress.values != nil, progress.records.first?.step == .withoutBudget, !progress.unbudgeted.isEmpty,
        step != .fullModel, step != .weekTotals
      {
        continue
      }
      guard !isPastDeadline else {
        progress.timedOut = true
        break
      }
      try perform(step, on: model, &progress)
    }
    if sharedWork == nil { try finishWeekTotals(&progress) }
    // The relaxation's session goes with the search, on the thread whose
    // solver objects it holds.
    progress.rootSession = nil
    noteProven(&progress)
    if progress.values == nil, progress.failure == nil {
      progress.failure = .noPlan(unprovenTermination(progress), nil)
    }
    return progress
  }

  /// Runs one step and records what it did.
  ///
  /// - Parameters:
  ///   - step: the step; ``Step/tieBreak`` is run by ``breakTies(_:objective:cap:from:)`` instead.
  ///   - model: the model being minimised.
  ///   - progress: the state, updated.
  package func perform(_ step: Step, on model: LinearModel, _ progress: inout Progress) throws(PlanningError)
  {
    let solves = progress.solves
    let seconds = progress.seconds
    report(step, &progress)
    switch step {
    case .withoutBudget: try withoutBudget(model, &progress)
    case .relaxation: try relaxation(model, &progress)
    case .eatenWeek: try eatenWeek(model, &progress)
    case .dive: try dive(model, &progress)
    case .improveDays: try improveDays(model, &progress)
    case .dishSearch: try dishSearch(model, &progress)
    case .relaxAndFix: try relaxAndFix(model, &progress)
    case .weekTotals: try weekTotals(model, &progress)
    case .fullModel: try fullModel(model, &progress)
    case .dayPatterns: try dayPatterns(model, &progress)
    case .tieBreak: break
    }
    progress.records.append(
      StepRecord(
        step: step, solves: progress.solves - solves, seconds: progress.seconds - seconds,
        bound: progress.bound, objective: progress.objective))
    report(nil, &progress)
  }

  /// Solves a model, counting the call.
  func run(
    _ model: LinearModel, _ progress: inout Progress, gap: Double? = nil, nodeLimit: Int? = nil
  ) throws(PlanningError) -> Solution {
    try run(model, &progress, solveOptions(gap: gap, nodeLimit: nodeLimit))
  }

  /// Solves a model with options from ``solveOptions(gap:cuts:nodeLimit:branching:nodeSelection:mipPresolve:)``, counting the call.
  func run(_ model: LinearModel, _ progress: inout Progress, _ options: SolverOptions) throws(PlanningError)
    -> Solution
  {
    try counted(&progress) { () throws(SolverError) in try solver.solve(model, options: options) }
  }

  /// Solves a session's model, counting the call as ``run(_:_:_:)`` does.
  func run(_ session: any SolverSession, _ progress: inout Progress, _ options: SolverOptions)
    throws(PlanningError) -> Solution
  {
    try counted(&progress) { () throws(SolverError) in try session.solve(options: options) }
  }

  /// Makes one solver call for ``run(_:_:_:)``: none once the caller has
  /// stopped the search, and the call counted, its seconds added and a
  /// time limit noted.
  func counted(
    _ progress: inout Progress, _ solve: () throws(SolverError) -> Solution
  ) throws(PlanningError) -> Solution {
    // A stopped search makes no more calls: each step takes this answer
    // like a time limit's without a plan, and ends.
    if StopRequest.isRequested { return StopRequest.stoppedSolution }
    // A plan or bound the step kept since the last call shows now.
    report(nil, &progress)
    let result: Solution
    do {
      result = try solve()
    } catch {
      // Stopped during the call: the best plan so far is the search's own.
      if error == .cancelled, StopRequest.isRequested { return StopRequest.stoppedSolution }
      throw PlanningError(error)
    }
    progress.solves += 1
    progress.seconds += result.seconds
    if result.termination == .timeLimit { progress.timedOut = true }
    return result
  }

  /// A session of the solver on a model, for a step that solves it many
  /// times with small changes (``SolverSession``).
  func session(_ model: LinearModel) throws(PlanningError) -> any SolverSession {
    do {
      return try solver.makeSession(for: model)
    } catch {
      throw PlanningError(error)
    }
  }

  /// Gives each of `variables` in a session its value in `fixed`, or, when
  /// it has none there, its bounds in `original`: only variables whose
  /// bounds in the session's model differ are changed, so a move that frees
  /// one block and fixes another touches just those.
  func setFixings(
    _ fixed: [VariableRef: Double], of variables: [VariableRef], in session: any SolverSession,
    original: LinearModel
  ) throws(PlanningError) {
    let current = session.model.variables
    do {
      for variable in variables {
        let bounds: (lower: Double?, upper: Double?)
        if let value = fixed[variable] {
          bounds = (value, value)
        } else {
          bounds = (original.variables[variable.index].lower, original.variables[variable.index].upper)
        }
        let now = current[variable.index]
        guard now.lower != bounds.lower || now.upper != bounds.upper else { continue }
        try session.setBounds(variable, lower: bounds.lower, upper: bounds.upper)
      }
    } catch {
      throw PlanningError(error)
    }
  }

  /// The options of a solve that starts now: the remaining time, the gap
  /// (the search's unless given), cuts, a node limit, the tree's branching
  /// and node selection (GLPK's own unless given) and the MIP presolver.
  func solveOptions(
    gap: Double? = nil, cuts: String = "none", nodeLimit: Int? = nil,
    branching: String? = nil, nodeSelection: String? = nil, mipPresolve: Bool = false
  ) -> SolverOptions {
    var options = SolverOptions()
    // GLPK's settings by name (`GLPKOptions`), set only when they differ from its defaults.
    if mipPresolve { options.backendSettings["mip_presolve"] = "on" }
    options.timeLimit = remaining
    options.relativeGap = gap ?? relativeGap
    if cuts != "none" { options.backendSettings["cuts"] = cuts }
    options.nodeLimit = nodeLimit
    if let branching { options.backendSettings["branching"] = branching }
    if let nodeSelection { options.backendSettings["node_selection"] = nodeSelection }
    return options
  }

  /// The options of a week's purchases solved for its meals, to optimality
  /// within ``Tuning/moveNodeLimit`` nodes: the completion of a week
  /// (``complete(_:days:_:)``) and a week ``Step/dishSearch`` keeps. GLPK's
  /// trees' settings (``treeOptions(gap:nodeSelection:)``): its MIP
  /// presolver drops the fixed meals and the rows they settle, so on issue
  /// 9's benchmark week the eaten week's completion takes 0.01 s where
  /// GLPK's default tree takes 1.3 s; on the family of weeks at 10 s, 14
  /// plans cheaper and none dearer (docs/performance.md). The count
  /// search's checks, which search the days, keep GLPK's default tree.
  func purchaseOptions() -> SolverOptions {
    var options = treeOptions(gap: 0)
    options.nodeLimit = tuning.moveNodeLimit
    return options
  }

  /// The options of GLPK's trees (``Step/weekTotals``', the proof by store
  /// sets', ``Step/fullModel``'s, and
  /// ``purchaseOptions()``'), from now to the deadline: the tuning's
  /// cuts, presolver and branching; the node selection is GLPK's best-bound
  /// search, under which the proven bound rises fastest, unless another is
  /// given.
  func treeOptions(gap: Double, nodeSelection: String? = nil) -> SolverOptions {
    solveOptions(
      gap: gap, cuts: tuning.treeCuts, branching: tuning.treeBranching, nodeSelection: nodeSelection,
      mipPresolve: tuning.treePresolve)
  }

  /// Whether a solve returned a whole point of the model.
  static func hasValues(_ result: Solution, count: Int) -> Bool {
    (result.status == .optimal || result.status == .feasible) && result.values.count == count
  }
}

extension MealPlanSearch {
  /// ``Step/withoutBudget``: a budget that does not bind costs nothing to
  /// check. The cost steps run on the model ``LinearModel/dropping(_:)`` its
  /// ``ConstraintGroup/budget`` rows, with at most ``Tuning/stepShare`` of the remaining time.
  /// Dropping rows can only lower the minimum, so that search's bound holds
  /// for the week; its plan counts when it keeps the budget rows too. When
  /// the week without budget is infeasible, so is the week. Without budget
  /// rows the step does nothing.
  func withoutBudget(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    guard !model.constraints(in: .budget).isEmpty else { return }
    var inner = self
    inner.deadline = deadline(share: tuning.stepShare)
    // `week_totals` runs after this step on the model with its budget rows,
    // whose summed model bounds the week at least as well: one tree for it,
    // not two. With purchases the last resort, too, runs once, after it.
    let purchases = !model.constraints(in: .purchases).isEmpty
    inner.steps.removeAll { $0 == .weekTotals || (purchases && $0 == .fullModel) }
    // Its plans start proofs on this search's summed week.
    inner.sharedWork = progress.work
    // The inner search's plans may break the budget: show its steps and bound only.
    if let outer = onProgress {
      inner.onProgress = { snapshot in
        var shown = snapshot
        shown.step = .withoutBudget
        shown.innerStep = snapshot.step
        shown.bestCost = nil
        outer(shown)
      }
    }
    let found = try inner.minimizeCost(model.dropping([.budget]))
    progress.solves += found.solves
    progress.seconds += found.seconds
    progress.unbudgeted = found.records
    if found.failure == .infeasible { progress.failure = .infeasible }
    if let bound = found.bound { progress.raise(bound) }
    // The other rows are the inner model's, which its search kept; check the budget's.
    if let values = found.values,
      model.keeping([.budget]).isFeasible(values, tolerance: feasibilityTolerance)
    {
      progress.consider(values, in: model)
    }
  }

  /// ``Step/relaxation``: the LP relaxation. Its optimum bounds every plan;
  /// an infeasible or unbounded relaxation ends the search.
  func relaxation(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    var inner = self
    inner.deadline = deadline(share: tuning.stepShare)
    let timedOut = progress.timedOut
    let session = try self.session(model.relaxingIntegrality())
    let root = try inner.run(session, &progress, inner.solveOptions())
    // The trees of `week_totals` on their own thread choose their model by it.
    progress.work.noteRelaxation(root.status == .optimal ? root.objectiveValue : nil)
    switch root.status {
    case .optimal:
      progress.root = root
      progress.rootSession = SessionBox(session)
      if let value = root.objectiveValue { progress.raise(value) }
    case .infeasible: progress.failure = .infeasible
    case .unbounded: progress.failure = .unbounded
    default:
      // Stopped by the caller: a plan found before (without_budget's) is kept.
      if root.termination == .cancelled { return }
      // Stopped at its share of the time: the steps that plan day by day
      // need no root (only the dive does), and may still find a plan.
      if root.termination == .timeLimit, !isPastDeadline {
        progress.timedOut = timedOut
        return
      }
      progress.failure = .noPlan(root.termination, root.message)
    }
  }

  /// ``Step/fullModel``: the last resort. The whole MIP goes to the solver
  /// with the remaining time and a cutoff row that asks for a plan better
  /// than the best by more than the gap. The tree's bound (or, with the
  /// cutoff, the cutoff if lower) and its proven gap raise the bound; an
  /// infeasible answer proves the best plan within the gap.
  func fullModel(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    var improving = model
    let best = progress.objective
    let cutoff = best.isFinite ? self.cutoff(below: best) : Double.infinity
    if best.isFinite {
      improving.addConstraint("cutoff", model.objective, .lessThan(cutoff), group: .cutoff)
    }
    let result = try run(improving, &progress, treeOptions(gap: provenGap))
    progress.fullModelTermination = result.termination
    if let treeBound = result.bound, result.status != .infeasible, result.status != .unbounded {
      // Every plan either keeps the cutoff (then it costs at least the tree's
      // bound, even when the time limit stopped the tree) or costs more than it.
      progress.raise(min(treeBound, cutoff))
    }
    if Self.hasValues(result, count: model.variables.count) {
      if result.status == .optimal || result.termination == .gapLimit {
        let value = model.objective.value(result.values)
        progress.raise(value - (result.relativeGap ?? 0) * abs(value))
      }
      try accept(result.values, in: model, &progress)
    } else if result.status == .infeasible, result.termination == .completed {
      if best.isFinite {
        // No plan beats the best by more than the cutoff's part of the gap
        // (at gap 0 the cutoff's 1e-6 is the solver's tolerance): the best
        // is within the gap.
        progress.raise(best - provenGap * abs(best))
      } else {
        progress.failure = .infeasible
      }
    } else if result.status == .unbounded, !best.isFinite {
      progress.failure = .unbounded
    } else if !best.isFinite {
      progress.failure = .noPlan(result.termination, result.message)
    }
  }
}
