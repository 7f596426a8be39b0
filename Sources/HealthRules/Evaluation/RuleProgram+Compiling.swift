extension RuleProgram {
  /// The compiler: walks checked conditions and fills the program's tables.
  struct Builder {
    let length: Int
    private(set) var instructions: [Instruction] = []
    private(set) var terms: [Term] = []
    private(set) var constants: [Rational] = []
    private(set) var numberRegisters = 0
    private(set) var truthRegisters = 0
    private(set) var customMetrics: [Metric] = []
    private(set) var matchers: [SymptomMatcher] = []
    /// Whether a `no readings` condition reads every metric and the symptom text.
    var readsEveryReading = false
    /// Truth registers listed by `atLeast` instructions, one run per instruction.
    private(set) var lists: [Int32] = []
    private(set) var parameters: [(name: String, unit: ValueUnit)] = []

    init(length: Int) {
      self.length = length
    }

    mutating func append(_ instruction: Instruction) {
      instructions.append(instruction)
    }

    mutating func addTerm(_ term: Term) -> Int32 {
      terms.append(term)
      return Int32(terms.count - 1)
    }

    mutating func setScale(of term: Int32, to constant: Int32) {
      terms[Int(term)].scale = constant
    }

    mutating func addConstant(_ value: Rational) -> Int32 {
      constants.append(value)
      return Int32(constants.count - 1)
    }

    mutating func addMatcher(_ matcher: SymptomMatcher) -> Int32 {
      matchers.append(matcher)
      return Int32(matchers.count - 1)
    }

    mutating func customIndex(_ metric: Metric) -> Int32 {
      if let index = customMetrics.firstIndex(of: metric) { return Int32(index) }
      customMetrics.append(metric)
      return Int32(customMetrics.count - 1)
    }

    /// Appends a run of truth registers; returns its first and last index in `lists`.
    mutating func addList(_ registers: [Int32]) -> (first: Int32, last: Int32) {
      lists.append(contentsOf: registers)
      return (Int32(lists.count - registers.count), Int32(lists.count - 1))
    }

    mutating func parameterIndex(_ name: String, _ unit: ValueUnit) -> Int32 {
      if let index = parameters.firstIndex(where: { $0.name == name }) { return Int32(index) }
      parameters.append((name, unit))
      return Int32(parameters.count - 1)
    }

    mutating func newNumber() -> Int32 {
      numberRegisters += 1
      return Int32(numberRegisters - 1)
    }

    mutating func newTruth() -> Int32 {
      truthRegisters += 1
      return Int32(truthRegisters - 1)
    }
  }
}

extension RuleProgram.Builder {
  typealias Instruction = RuleProgram.Instruction
  typealias Term = RuleProgram.Term
  typealias Opcode = RuleProgram.Opcode

  mutating func emit(_ condition: Condition) -> Int32 {
    switch condition {
    case .comparison(let lhs, let op, let rhs):
      let left = term(lhs)
      let right = term(rhs)
      let into = newTruth()
      append(
        Instruction(
          opcode: .compare, comparison: op,
          into: into, a: left, b: right))
      return into
    case .and(let x, let y), .or(let x, let y):
      let a = emit(x)
      let b = emit(y)
      let into = newTruth()
      let opcode: Opcode
      if case .and = condition { opcode = .and } else { opcode = .or }
      append(Instruction(opcode: opcode, into: into, a: a, b: b))
      return into
    case .not(let x):
      let a = emit(x)
      let into = newTruth()
      append(Instruction(opcode: .not, into: into, a: a))
      return into
    case .noReadings(let range):
      let slots = slotRange(range)
      let into = newTruth()
      readsEveryReading = true
      append(
        Instruction(
          opcode: .noReadings, into: into, first: Int32(slots.lowerBound), last: Int32(slots.upperBound)))
      return into
    case .symptomsMention(let word, let range):
      let slots = slotRange(range)
      let into = newTruth()
      append(
        Instruction(
          opcode: .symptoms, into: into, first: Int32(slots.lowerBound), last: Int32(slots.upperBound),
          extra: addMatcher(SymptomMatcher(word))))
      return into
    case .daysHolding(let count, let range, let inner, let missing):
      return emitOverDays(.atLeast, count: count, range: range, inner, missing: missing)
    case .inARow(let count, let range, let inner, let missing):
      return emitOverDays(.inARow, count: count, range: range, inner, missing: missing)
    }
  }

  /// A condition counted over days (`at least K of …`, `N days in a row …`):
  /// the condition for each day, then one instruction over their truths.
  private mutating func emitOverDays(
    _ opcode: Opcode, count: Int, range: DayRange, _ inner: Condition, missing: MissingDays
  ) -> Int32 {
    let days = Condition.perDay(inner, over: range, length: length) ?? []
    let run = addList(days.map { emit($0) })
    let into = newTruth()
    append(
      Instruction(
        opcode: opcode, into: into, first: run.first, last: run.last, minimum: Int32(count),
        extra: missing == .asFalse ? 1 : 0))
    return into
  }

  /// Adds an operand for an expression, emitting instructions for the parts it cannot read inline.
  ///
  /// - Returns: The operand's index in the term table.
  mutating func term(_ expression: HealthExpression) -> Int32 {
    switch expression {
    case .constant(let value, _):
      return addTerm(Term(source: .constant, index: addConstant(value)))
    case .reading(let metric, let range):
      let slot = slotRange(range).lowerBound
      if let row = metric.builtinIndex {
        return addTerm(
          Term(source: .slot, index: Int32(row * length + slot), steps: metric.unit.storageScale))
      }
      let into = newNumber()
      append(Instruction(opcode: .customReading, into: into, first: Int32(slot), extra: customIndex(metric)))
      return addTerm(Term(source: .register, index: into))
    case .aggregate(let aggregate, let metric, let range, let requested):
      let slots = slotRange(range)
      let minimum = Int32(AggregateKernel.effectiveMinimum(aggregate, requested: requested))
      if let row = metric.builtinIndex, aggregate == .mean {
        let start = Int32(row * length + slots.lowerBound)
        let end = Int32(row * length + slots.upperBound)
        return addTerm(
          Term(source: .mean, index: start, end: end, minimum: minimum, steps: metric.unit.storageScale))
      }
      let into = newNumber()
      if let row = metric.builtinIndex {
        let start = Int32(row * length + slots.lowerBound)
        let end = Int32(row * length + slots.upperBound)
        append(
          Instruction(
            opcode: .aggregate, aggregate: aggregate, into: into, first: start, last: end, minimum: minimum,
            steps: metric.unit.storageScale))
      } else {
        append(
          Instruction(
            opcode: .customAggregate, aggregate: aggregate, into: into, first: Int32(slots.lowerBound),
            last: Int32(slots.upperBound), minimum: minimum, extra: customIndex(metric)))
      }
      return addTerm(Term(source: .register, index: into))
    case .arithmetic(.multiply, let inner, .constant(let constant, _)):
      let base = term(inner)
      if terms[Int(base)].scale < 0 {
        setScale(of: base, to: addConstant(constant))
        return base
      }
      return arithmetic(.multiply, base, addTerm(Term(source: .constant, index: addConstant(constant))))
    case .arithmetic(let op, let lhs, let rhs):
      return arithmetic(op, term(lhs), term(rhs))
    case .negate(let operand):
      let inner = term(operand)
      let into = newNumber()
      append(Instruction(opcode: .negate, into: into, a: inner))
      return addTerm(Term(source: .register, index: into))
    case .countDays(let range, let inner, let missing):
      let days = Condition.perDay(inner, over: range, length: length) ?? []
      let registers = days.map { emit($0) }
      let run = addList(registers)
      let into = newNumber()
      append(
        Instruction(
          opcode: .countDays, into: into, first: run.first, last: run.last,
          extra: missing == .asFalse ? 1 : 0))
      return addTerm(Term(source: .register, index: into))
    case .parameter(let name, let unit):
      let into = newNumber()
      append(
        Instruction(
          opcode: .parameter, into: into, extra: parameterIndex(name, unit), steps: unit.storageScale))
      return addTerm(Term(source: .register, index: into))
    }
  }

  private mutating func arithmetic(_ op: ArithmeticOperator, _ left: Int32, _ right: Int32) -> Int32 {
    let into = newNumber()
    append(
      Instruction(
        opcode: .arithmetic, arithmetic: op,
        into: into, a: left, b: right))
    return addTerm(Term(source: .register, index: into))
  }

  /// Zero-based slots of a checked range; an unchecked out-of-window range yields today's slot.
  func slotRange(_ range: DayRange) -> ClosedRange<Int> {
    guard let days = range.dayNumbers(inWindowOf: length) else { return (length - 1)...(length - 1) }
    return (days.lowerBound - 1)...(days.upperBound - 1)
  }
}
