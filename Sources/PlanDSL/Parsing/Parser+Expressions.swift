import Diagnostics

extension Parser {
  /// Infix operators by precedence, lowest first.
  static let infixLevels: [[String]] = [
    ["or"], ["and"], ["<", "<=", ">", ">=", "==", "!="], ["+", "-"], ["*", "/"],
  ]

  /// Whether the current token is one of `operators`. Infix operators may start a
  /// continuation line, so line breaks do not end an expression before them.
  func atInfix(_ operators: [String]) -> Bool {
    guard !atEnd else { return false }
    switch current.kind {
    case .symbol: return operators.contains(current.value)
    case .identifier: return operators.contains(current.value)
    default: return false
    }
  }

  /// How deeply a rule expression may nest: parentheses, call arguments, `not` and `-`.
  ///
  /// Real rules nest a handful of levels; the limit keeps the parser, the
  /// checker and the evaluator (all recursive) far from the end of the stack.
  static let maximumExpressionNesting = 64

  /// How many operators (infix, prefix and `.`) one rule expression may have.
  ///
  /// A long chain such as `a + a + … + a` becomes a tree as deep as the chain
  /// is long; the limit bounds that depth.
  static let maximumExpressionOperators = 1000

  /// A rule expression: conditions, comparisons, arithmetic, calls.
  ///
  /// An expression deeper than ``maximumExpressionNesting`` or longer than
  /// ``maximumExpressionOperators`` is reported once, and the rest of it skipped.
  mutating func parseRuleExpression(level: Int = 0) -> RuleExpression? {
    if level == 0 {
      if expressionNesting == 0 { expressionOperators = 0 }
      guard enterNestedExpression() else { return nil }
      defer { expressionNesting -= 1 }
      let expression = parseRuleExpression(level: 1)
      if expressionNesting == 1, expression == nil, expressionLimitReported { skipRestOfExpression() }
      return expression
    }
    return parseInfixRule(level: level - 1)
  }

  /// Counts one more level of nesting; reports the limit the first time it is passed.
  mutating func enterNestedExpression() -> Bool {
    expressionNesting += 1
    guard expressionNesting <= Self.maximumExpressionNesting else {
      expressionNesting -= 1
      if !expressionLimitReported {
        expressionLimitReported = true
        report(DiagnosticMessage.expressionTooDeep(limit: Self.maximumExpressionNesting, at: current.range))
      }
      return false
    }
    return true
  }

  /// Counts one more operator; reports the limit the first time it is passed.
  mutating func countOperator(_ token: Token) -> Bool {
    expressionOperators += 1
    guard expressionOperators <= Self.maximumExpressionOperators else {
      if !expressionLimitReported {
        expressionLimitReported = true
        report(DiagnosticMessage.expressionTooLong(limit: Self.maximumExpressionOperators, at: token.range))
      }
      return false
    }
    return true
  }

  /// After a limit error: skips the expression's remaining tokens, including
  /// continuation lines that start with an operator or a closing parenthesis.
  mutating func skipRestOfExpression() {
    let operators = Self.infixLevels.flatMap { $0 } + [")", ",", "."]
    while !atEnd, !current.isSymbol(";"), !current.isSymbol("}") {
      if current.atLineStart, !atInfix(operators) { break }
      advance()
    }
    expressionLimitReported = false
  }

  /// The infix operators of `infixLevels[level]` and above.
  mutating func parseInfixRule(level: Int) -> RuleExpression? {
    if level == Self.infixLevels.count { return parseUnaryRule() }
    guard var lhs = parseInfixRule(level: level + 1) else { return nil }
    while atInfix(Self.infixLevels[level]) {
      let op = advance()
      guard countOperator(op) else { return nil }
      guard let rhs = parseInfixRule(level: level + 1) else { return nil }
      lhs = .binary(op.value, op.range, lhs, rhs)
      // Comparisons do not chain: `a < b < c` is an error, not `(a < b) < c`.
      if level == 2, atInfix(Self.infixLevels[2]) {
        report(
          DiagnosticMessage.chainedComparison(at: current.range))
        return nil
      }
    }
    return lhs
  }

  mutating func parseUnaryRule() -> RuleExpression? {
    if current.isWord("not") || current.isSymbol("-") || current.isSymbol("!") {
      let op = advance()
      guard countOperator(op), enterNestedExpression() else { return nil }
      defer { expressionNesting -= 1 }
      guard let operand = parseUnaryRule() else { return nil }
      return .unary(op.value == "!" ? "not" : op.value, op.range, operand)
    }
    return parsePostfixRule()
  }

  mutating func parsePostfixRule() -> RuleExpression? {
    guard var expression = parsePrimaryRule() else { return nil }
    while current.isSymbol("."), !atEnd {
      guard countOperator(advance()) else { return nil }
      guard
        let member = parseIdentifier("a day such as 'today' or 'yesterday' after '.'", startsStatement: true)
      else { return nil }
      var arguments: [RuleExpression]?
      if current.isSymbol("("), !current.atLineStart {
        arguments = parseArguments()
        if arguments == nil { return nil }
      }
      expression = .member(expression, member, arguments, expression.range.union(previous.range))
    }
    return expression
  }

  mutating func parseArguments() -> [RuleExpression]? {
    let open = advance()
    var arguments: [RuleExpression] = []
    if consumeSymbol(")") { return arguments }
    repeat {
      guard let argument = parseArgument() else { return nil }
      arguments.append(argument)
    } while consumeSymbol(",")
    guard consumeSymbol(")") else {
      report(
        DiagnosticMessage.expectedCloseArguments(
          at: atEnd ? previous.range.afterEnd : current.range, open: open.range))
      return nil
    }
    return arguments
  }

  /// An argument: a day reference (`days 4...7`) or an expression.
  mutating func parseArgument() -> RuleExpression? {
    if let days = parseDays() { return .days(days) }
    return parseRuleExpression()
  }

  /// `today`, `yesterday`, `window`, `day N`, `days A...B`, `last N days`, when the cursor is at one.
  mutating func parseDays() -> DaysLiteral? {
    let start = current.range
    func finish(_ kind: DaysLiteral.Kind) -> DaysLiteral {
      DaysLiteral(kind: kind, range: start.union(previous.range))
    }
    guard current.kind == .identifier else { return nil }
    switch current.value {
    case "today", "yesterday", "window":
      let word = advance().value
      return finish(word == "today" ? .today : word == "yesterday" ? .yesterday : .window)
    case "day" where peek().kind == .number:
      advance()
      guard let n = parseQuantity("a day number") else { return nil }
      return finish(.day(n))
    case "days" where peek().kind == .number:
      advance()
      guard let a = parseQuantity("the first day") else { return nil }
      guard consumeSymbol("...") else {
        expected("'...' and the last day, as in 'days 4...7'")
        return nil
      }
      guard let b = parseQuantity("the last day") else { return nil }
      return finish(.days(a, b))
    case "last" where peek().kind == .number:
      advance()
      guard var n = parseQuantity("a number of days") else { return nil }
      if let unit = n.unit, unit.text == "days" || unit.text == "day" {
        n.unit = nil
        n.range = n.numberRange
      }
      return finish(.last(n))
    default:
      return nil
    }
  }

  /// `no readings for N days` or `no readings in DAYS`, at `no`.
  mutating func parseNoReadings() -> RuleExpression? {
    let start = advance().range
    advance()  // 'readings'
    if current.isWord("for") {
      let forRange = advance().range
      guard current.kind == .number, var count = parseQuantity("a number of days") else {
        expected("a number of days, as in 'no readings for 3 days'")
        return nil
      }
      guard let unit = count.unit, unit.text == "days" || unit.text == "day" else {
        expected("'days' after the number, as in 'no readings for 3 days'")
        return nil
      }
      count.unit = nil
      count.range = count.numberRange
      let days = DaysLiteral(kind: .last(count), range: forRange.union(previous.range))
      return .noReadings(days, start.union(previous.range))
    }
    guard current.isWord("in") || current.isWord("on") else {
      expected("'for' and a number of days, as in 'no readings for 3 days', or 'in' and days")
      return nil
    }
    advance()
    guard let days = parseDays() else {
      expected("days such as 'last 3 days' or 'days 5...7'")
      return nil
    }
    return .noReadings(days, start.union(previous.range))
  }

  /// `at least K of DAYS (missing counts as …): CONDITION`, at `at least`.
  mutating func parseAtLeast() -> RuleExpression? {
    let start = advance().range
    advance()  // 'least'
    guard current.kind == .number, let count = parseQuantity("a number of days") else {
      if !atEnd, current.kind != .number { expected("a number of days, as in 'at least 3 of last 7 days'") }
      return nil
    }
    guard consumeWord("of") else {
      expected("'of' and the days, as in 'at least 3 of last 7 days'")
      return nil
    }
    guard let days = parseDays() else {
      expected("days such as 'last 7 days' or 'days 1...7'")
      return nil
    }
    return parseDaysHoldingRest(count: count, days: days, start: start)
  }

  /// `N days in a row (missing counts as …): CONDITION`, at the number.
  mutating func parseInARow() -> RuleExpression? {
    let start = current.range
    guard var n = parseQuantity("a number of days") else { return nil }
    n.unit = nil
    n.range = n.numberRange
    // 'in a row'
    advance()
    advance()
    advance()
    // `N days in a row in DAYS`: anywhere in those days.
    if current.isWord("in"), !atStatementEnd {
      advance()
      guard let within = parseDays() else {
        expected("days such as 'window' or 'last 5 days' after 'in a row in'")
        return nil
      }
      guard case .daysHolding(var literal) = parseDaysHoldingRest(count: n, days: within, start: start) else {
        return nil
      }
      literal.within = true
      return .daysHolding(literal)
    }
    let days = DaysLiteral(kind: .last(n), range: start.union(previous.range))
    return parseDaysHoldingRest(count: nil, days: days, start: start)
  }

  /// `count(DAYS where CONDITION, missing counts as false|unknown)`, at `count`.
  mutating func parseCountDays() -> RuleExpression? {
    let start = advance().range
    let open = advance()
    guard let days = parseDays() else { return nil }
    guard consumeWord("where") else {
      expected(
        "'where' and the condition for one day, as in 'count(last 7 days where sugar.today > 180 mg/dL, …)'")
      return nil
    }
    guard enterNestedExpression() else { return nil }
    defer { expressionNesting -= 1 }
    guard let condition = parseRuleExpression(level: 1) else { return nil }
    var missing: Identifier?
    if consumeSymbol(",") {
      guard let policy = parseMissingCountsAs() else { return nil }
      missing = policy
    }
    guard consumeSymbol(")") else {
      report(
        DiagnosticMessage.expectedCloseParenthesis(
          at: atEnd ? previous.range.afterEnd : current.range, open: open.range))
      return nil
    }
    return .countDays(
      CountDaysLiteral(days: days, condition: condition, missing: missing, range: start.union(previous.range))
    )
  }

  /// `missing counts as WORD`, for counting over days: the word (checked
  /// later), or nil after reporting what was expected.
  mutating func parseMissingCountsAs() -> Identifier? {
    guard consumeWord("missing"), consumeWord("counts"), consumeWord("as"), current.kind == .identifier else {
      expected("'missing counts as false' or 'missing counts as unknown'")
      return nil
    }
    let word = advance()
    return Identifier(name: word.value, range: word.range)
  }

  /// `(missing counts as false|unknown): CONDITION` after the days.
  mutating func parseDaysHoldingRest(count: QuantityLiteral?, days: DaysLiteral, start: SourceRange)
    -> RuleExpression?
  {
    var missing: Identifier?
    if current.isSymbol("(") {
      let open = advance()
      guard let policy = parseMissingCountsAs() else { return nil }
      missing = policy
      guard consumeSymbol(")") else {
        report(
          DiagnosticMessage.expectedCloseParenthesis(
            at: atEnd ? previous.range.afterEnd : current.range, open: open.range))
        return nil
      }
    }
    guard consumeSymbol(":") else {
      expected("':' and the condition for one day, as in ': systolic.today >= 135 mmHg'")
      return nil
    }
    guard enterNestedExpression() else { return nil }
    defer { expressionNesting -= 1 }
    guard let condition = parseRuleExpression(level: 1) else { return nil }
    return .daysHolding(
      DaysHoldingLiteral(
        count: count, days: days, missing: missing, condition: condition, range: start.union(previous.range)))
  }

  mutating func parsePrimaryRule() -> RuleExpression? {
    if current.isWord("at"), peek().isWord("least") {
      return parseAtLeast()
    }
    if current.kind == .number, peek().isWord("days") || peek().isWord("day"), peek(2).isWord("in"),
      peek(3).isWord("a"), peek(4).isWord("row")
    {
      return parseInARow()
    }
    if current.isWord("count"), peek().isSymbol("("),
      ["today", "yesterday", "window", "day", "days", "last"].contains(peek(2).value),
      peek(2).kind == .identifier, !peek(3).isSymbol(",")
    {
      return parseCountDays()
    }
    if current.kind == .number {
      return parseQuantity("a number").map { .quantity($0) }
    }
    if current.kind == .string {
      let token = advance()
      return .string(StringLiteral(value: token.value, range: token.range))
    }
    if current.isSymbol("(") {
      let open = advance()
      guard let inner = parseRuleExpression() else { return nil }
      guard consumeSymbol(")") else {
        report(
          DiagnosticMessage.expectedCloseParenthesis(
            at: atEnd ? previous.range.afterEnd : current.range, open: open.range))
        return nil
      }
      return inner
    }
    if current.isWord("no"), peek().isWord("readings") {
      return parseNoReadings()
    }
    if current.kind == .identifier {
      if current.isWord("symptoms"),
        peek().isWord("mention") || peek().isWord("mentions") || peek().isWord("contain")
          || peek().isWord("contains")
      {
        let start = advance().range
        advance()
        guard current.kind == .string else {
          // A declared symptom by name: `symptoms mention dyspnea`.
          if current.kind == .identifier, !atStatementEnd {
            let nameToken = advance()
            var days: DaysLiteral?
            if current.isWord("in") || current.isWord("on") {
              advance()
              days = parseDays()
              if days == nil {
                expected("days such as 'today' or 'last 3 days'")
                return nil
              }
            }
            return .mentionSymptom(
              Identifier(name: nameToken.value, range: nameToken.range), days, start.union(previous.range))
          }
          expected("a word in quotes, as in 'symptoms mention \"dizzy\"', or a declared symptom's name")
          return nil
        }
        let token = advance()
        var days: DaysLiteral?
        if current.isWord("in") || current.isWord("on") {
          advance()
          days = parseDays()
          if days == nil {
            expected("days such as 'today' or 'last 3 days'")
            return nil
          }
        }
        return .mention(
          StringLiteral(value: token.value, range: token.range), days, start.union(previous.range))
      }
      if peek().isSymbol("("), !peek().atLineStart, peek(2).kind == .identifier,
        peek(2).isWord("where")
          || (["mean", "first", "last", "min", "max"].contains(peek(2).value)
            && (peek(3).isSymbol(")") || peek(3).isWord("where")))
      {
        return parseSelection()
      }
      let token = advance()
      let name = Identifier(name: token.value, range: token.range)
      if current.isSymbol("("), !current.atLineStart {
        guard let arguments = parseArguments() else { return nil }
        return .call(name, arguments, token.range.union(previous.range))
      }
      return .name(name)
    }
    expected("an expression")
    return nil
  }

  /// `sugar(first where context = fasting)`: a measure, then in parentheses how a day's
  /// readings combine, a context, or both. The context is a word or a quoted text.
  mutating func parseSelection() -> RuleExpression? {
    let token = advance()
    let metric = Identifier(name: token.value, range: token.range)
    let open = advance()
    var combine: Identifier?
    var context: StringLiteral?
    if !current.isWord("where") {
      let word = advance()
      combine = Identifier(name: word.value, range: word.range)
    }
    if current.isWord("where") {
      advance()
      guard current.isWord("context") else {
        expected("'context' after 'where', as in 'sugar(where context = fasting)'")
        return nil
      }
      advance()
      guard consumeSymbol("=") || consumeSymbol("==") else {
        expected("'=' and a context, as in 'where context = fasting'")
        return nil
      }
      var words: [Token] = []
      if current.kind == .string {
        words.append(advance())
      } else {
        while current.kind == .identifier, !atEnd { words.append(advance()) }
      }
      guard let first = words.first, let last = words.last else {
        expected("a context such as 'fasting' or \"before meal\"")
        return nil
      }
      context = StringLiteral(
        value: words.map(\.value).joined(separator: " "), range: first.range.union(last.range))
    }
    guard consumeSymbol(")") else {
      report(
        DiagnosticMessage.expectedCloseParenthesis(
          at: atEnd ? previous.range.afterEnd : current.range, open: open.range))
      return nil
    }
    return .selected(metric, combine, context, token.range.union(previous.range))
  }
}
