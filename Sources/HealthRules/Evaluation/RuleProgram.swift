/// A rule set compiled to a flat list of small instructions over registers.
///
/// Metrics become row offsets and day ranges become slot indices once, at
/// compile time; constants go to a side table. Instructions and operands are
/// small trivial values (integers only), so the interpreter loop does no
/// reference counting, no allocation and no large copies: the baseline rules
/// run as six instructions per window. The common operand shapes (a constant,
/// one day's reading, a mean over days, any of them times a constant such as
/// `110%`) are read inline by the instruction that uses them.
final class RuleProgram: Sendable {
  /// Where an operand's number comes from.
  enum Source: UInt8, Sendable {
    case constant, slot, mean, register
  }

  /// A number operand, optionally times a constant from the table.
  struct Term: Sendable {
    var source: Source
    /// The constant's index, the slot, the mean's first slot, or the register.
    var index: Int32
    /// The mean's last slot.
    var end: Int32 = 0
    /// The mean's minimum number of readings.
    var minimum: Int32 = 0
    /// The index of a constant to multiply by, or -1.
    var scale: Int32 = -1
    /// The storage scale of a slot's or a mean's metric: a stored `n` is `n / steps`.
    var steps: Int64 = 1000
  }

  enum Opcode: UInt8, Sendable {
    case compare, aggregate, customAggregate, customReading, arithmetic, negate, and, or, not
    case symptoms, atLeast, inARow, countDays, parameter, noReadings
  }

  /// One step. Fields are read according to the opcode:
  /// - compare: `into` truth ← terms[`a`] `comparison` terms[`b`]
  /// - aggregate: `into` number ← `aggregate` over slots `first...last`, `minimum` readings
  /// - customAggregate: the same over custom metric `extra`, slots relative to its row
  /// - customReading: `into` number ← custom metric `extra` at slot `first`
  /// - arithmetic: `into` number ← terms[`a`] `arithmetic` terms[`b`]
  /// - negate: `into` number ← -terms[`a`]
  /// - and / or / not: `into` truth ← truths `a`, `b`
  /// - symptoms: `into` truth ← matcher `extra` over slots `first...last`
  /// - noReadings: `into` truth ← no metric and no symptom text in slots `first...last`
  /// - atLeast: `into` truth ← at least `minimum` of the truths `lists[first...last]` hold
  ///   (`extra` 1: undecided ones count as no)
  /// - inARow: `into` truth ← `minimum` consecutive truths of `lists[first...last]` hold (`extra` as above)
  /// - countDays: `into` number ← how many truths of `lists[first...last]` hold (`extra` 1: undecided
  ///   ones count as no; 0: unknown when any is undecided)
  /// - parameter: `into` number ← parameter `extra`, `steps` per unit
  struct Instruction: Sendable {
    var opcode: Opcode
    var comparison: ComparisonOperator = .equal
    var arithmetic: ArithmeticOperator = .add
    var aggregate: Aggregate = .mean
    var into: Int32
    var a: Int32 = 0
    var b: Int32 = 0
    var first: Int32 = 0
    var last: Int32 = 0
    var minimum: Int32 = 0
    var extra: Int32 = 0
    /// The storage scale of a built-in aggregate's metric.
    var steps: Int64 = 1000
  }

  let instructions: [Instruction]
  /// The truth register holding each alert's outcome, in alert order.
  let results: [Int32]
  let terms: [Term]
  let constants: [Rational]
  let numberRegisters: Int
  let truthRegisters: Int
  let customMetrics: [Metric]
  let matchers: [SymptomMatcher]
  let lists: [Int32]
  let length: Int
  /// The parameters read, in the order frames give their values.
  let parameters: [(name: String, unit: ValueUnit)]
  /// Whether a rule asks whether days have any reading at all (`no readings for 3 days`), which
  /// reads symptom text and custom metrics too.
  let readsEveryReading: Bool

  /// Compiles checked conditions, one per alert, into one program.
  init(conditions: [Condition], length: Int) {
    var builder = Builder(length: length)
    results = conditions.map { builder.emit($0) }
    instructions = builder.instructions
    terms = builder.terms
    constants = builder.constants
    numberRegisters = builder.numberRegisters
    truthRegisters = builder.truthRegisters
    customMetrics = builder.customMetrics
    matchers = builder.matchers
    lists = builder.lists
    parameters = builder.parameters
    readsEveryReading = builder.readsEveryReading
    self.length = length
  }

  /// Whether the program reads nothing but the built-in metrics' numbers (no symptoms, no custom metrics).
  var readsOnlyBuiltinMetrics: Bool {
    matchers.isEmpty && customMetrics.isEmpty && parameters.isEmpty && !readsEveryReading
  }

  // MARK: Running

  /// Runs the program on one window.
  ///
  /// - Returns: Bit masks of the alerts that fired and that were unknown.
  func run(_ frame: Frame) -> (fired: UInt64, unknown: UInt64) {
    withRunner { $0.run(frame) }
  }

  /// Calls `body` with a runner for this program: the tables are pinned and the
  /// registers allocated once, for every window `body` evaluates.
  func withRunner<Result>(_ body: (Runner) -> Result) -> Result {
    instructions.withUnsafeBufferPointer { code in
      terms.withUnsafeBufferPointer { terms in
        constants.withUnsafeBufferPointer { constants in
          customMetrics.withUnsafeBufferPointer { metrics in
            matchers.withUnsafeBufferPointer { matchers in
              results.withUnsafeBufferPointer { results in
                lists.withUnsafeBufferPointer { lists in
                  withUnsafeTemporaryAllocation(of: Rational?.self, capacity: max(1, numberRegisters)) {
                    numbers in
                    withUnsafeTemporaryAllocation(of: Truth.self, capacity: max(1, truthRegisters)) {
                      truths in
                      body(
                        Runner(
                          code: code, terms: terms, constants: constants, metrics: metrics,
                          matchers: matchers,
                          results: results, lists: lists, numbers: numbers, truths: truths))
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// Evaluates windows with a program's pinned tables and registers.
  struct Runner {
    let code: UnsafeBufferPointer<Instruction>
    let terms: UnsafeBufferPointer<Term>
    let constants: UnsafeBufferPointer<Rational>
    let metrics: UnsafeBufferPointer<Metric>
    let matchers: UnsafeBufferPointer<SymptomMatcher>
    let results: UnsafeBufferPointer<Int32>
    let lists: UnsafeBufferPointer<Int32>
    let numbers: UnsafeMutableBufferPointer<Rational?>
    let truths: UnsafeMutableBufferPointer<Truth>

    @inline(__always)
    func value(_ index: Int32, _ frame: Frame) -> Rational? {
      let term = terms[Int(index)]
      let base: Rational
      switch term.source {
      case .constant:
        base = constants[Int(term.index)]
      case .slot:
        let raw = frame.values[Int(term.index)]
        guard raw != Window.missing else { return nil }
        base = Rational(unreduced: raw, term.steps)
      case .mean:
        guard
          let mean = AggregateKernel.mean(
            frame.values, from: Int(term.index), through: Int(term.end), minimum: Int(term.minimum),
            scale: term.steps)
        else { return nil }
        base = mean
      case .register:
        guard let stored = numbers[Int(term.index)] else { return nil }
        base = stored
      }
      guard term.scale >= 0 else { return base }
      return base.multiplied(by: constants[Int(term.scale)])
    }

    /// Runs the program on one window.
    func run(_ frame: Frame) -> (fired: UInt64, unknown: UInt64) {
      var fired: UInt64 = 0
      var unknown: UInt64 = 0
      for step in code.indices {
        let instruction = code[step]
        let into = Int(instruction.into)
        switch instruction.opcode {
        case .compare:
          if let a = value(instruction.a, frame), let b = value(instruction.b, frame) {
            truths[into] = instruction.comparison.holds(forOrder: Rational.compare(a, b)) ? .yes : .no
          } else {
            truths[into] = .unknown
          }
        case .or:
          truths[into] = truths[Int(instruction.a)] || truths[Int(instruction.b)]
        case .and:
          truths[into] = truths[Int(instruction.a)] && truths[Int(instruction.b)]
        case .not:
          truths[into] = !truths[Int(instruction.a)]
        case .aggregate:
          numbers[into] = AggregateKernel.evaluate(
            instruction.aggregate, frame.values, from: Int(instruction.first),
            through: Int(instruction.last), minimum: Int(instruction.minimum), scale: instruction.steps)
        case .arithmetic:
          numbers[into] = RuleProgram.arithmetic(
            instruction.arithmetic, value(instruction.a, frame),
            value(instruction.b, frame))
        case .negate:
          numbers[into] = value(instruction.a, frame)?.negated()
        case .customReading:
          if let row = frame.row(of: metrics[Int(instruction.extra)]) {
            let raw = frame.values[row * frame.length + Int(instruction.first)]
            let steps = metrics[Int(instruction.extra)].unit.storageScale
            numbers[into] = raw == Window.missing ? nil : Rational(unreduced: raw, steps)
          } else {
            numbers[into] = nil
          }
        case .customAggregate:
          let aggregate = instruction.aggregate
          if let row = frame.row(of: metrics[Int(instruction.extra)]) {
            let base = row * frame.length
            numbers[into] = AggregateKernel.evaluate(
              aggregate, frame.values, from: base + Int(instruction.first),
              through: base + Int(instruction.last),
              minimum: Int(instruction.minimum), scale: metrics[Int(instruction.extra)].unit.storageScale)
          } else {
            numbers[into] = aggregate == .count && instruction.minimum == 0 ? .zero : nil
          }
        case .symptoms:
          truths[into] = RuleProgram.symptoms(
            matchers[Int(instruction.extra)], frame, Int(instruction.first)...Int(instruction.last))
        case .noReadings:
          truths[into] = RuleProgram.noReadings(frame, Int(instruction.first)...Int(instruction.last))
        case .atLeast:
          var yes = 0
          var unknown = 0
          for index in stride(from: Int(instruction.first), through: Int(instruction.last), by: 1) {
            switch truths[Int(lists[index])] {
            case .yes: yes += 1
            case .unknown: unknown += 1
            case .no: break
            }
          }
          truths[into] = Condition.atLeast(
            Int(instruction.minimum), yes: yes, unknown: unknown,
            missing: instruction.extra == 1 ? .asFalse : .asUnknown)
        case .inARow:
          let days = stride(from: Int(instruction.first), through: Int(instruction.last), by: 1).map {
            truths[Int(lists[$0])]
          }
          truths[into] = Condition.run(
            Int(instruction.minimum), in: days, missing: instruction.extra == 1 ? .asFalse : .asUnknown)
        case .countDays:
          var yes: Int64 = 0
          var unknown = false
          for index in stride(from: Int(instruction.first), through: Int(instruction.last), by: 1) {
            switch truths[Int(lists[index])] {
            case .yes: yes += 1
            case .unknown: unknown = true
            case .no: break
            }
          }
          numbers[into] = unknown && instruction.extra == 0 ? nil : Rational(unreduced: yes, 1)
        case .parameter:
          let raw = frame.parameters[Int(instruction.extra)]
          numbers[into] = raw == Window.missing ? nil : Rational(unreduced: raw, instruction.steps)
        }
      }
      for alert in results.indices {
        switch truths[Int(results[alert])] {
        case .yes: fired |= UInt64(1) << UInt64(alert)
        case .unknown: unknown |= UInt64(1) << UInt64(alert)
        case .no: break
        }
      }
      return (fired, unknown)
    }
  }

  private static func arithmetic(_ op: ArithmeticOperator, _ a: Rational?, _ b: Rational?) -> Rational? {
    guard let a, let b else { return nil }
    switch op {
    case .add: return a.adding(b)
    case .subtract: return a.subtracting(b)
    case .multiply: return a.multiplied(by: b)
    case .divide: return a.divided(by: b)
    }
  }

  /// Yes when no slot of `slots` has a value of any metric or symptom text, else no.
  private static func noReadings(_ frame: Frame, _ slots: ClosedRange<Int>) -> Truth {
    let rows = Metric.builtins.count + frame.customMetrics.count
    for slot in slots {
      if slot < frame.symptoms.count, frame.symptoms[slot] != nil { return .no }
      for row in 0..<rows where frame.values[row * frame.length + slot] != Window.missing { return .no }
    }
    return .yes
  }

  private static func symptoms(_ matcher: SymptomMatcher, _ frame: Frame, _ slots: ClosedRange<Int>) -> Truth
  {
    var anyMissing = false
    for slot in slots {
      guard let text = frame.symptoms[slot] else {
        anyMissing = true
        continue
      }
      if matcher.matches(text) { return .yes }
    }
    return anyMissing ? .unknown : .no
  }
}
