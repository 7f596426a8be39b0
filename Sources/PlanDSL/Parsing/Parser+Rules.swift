extension Parser {
  static let rulesKeywords = ["window", "alert", "otherwise", "define", "category", "parameter", "symptom"]

  mutating func parseRules() -> Declaration? {
    let start = current.range
    guard let (name, display) = parseHeader("rules") else { return nil }
    var rules = RulesDeclaration(
      name: name, displayName: display, base: nil, window: nil, alerts: [], otherwise: nil, range: start)
    if consumeWord("extends") {
      rules.base = parseIdentifier("the name of a rule set, such as 'baseline'")
    }
    _ = parseBlock(of: "rules") { parser in
      parser.parseStatement(in: "rules", keywords: Self.rulesKeywords) { parser, keyword in
        switch keyword.value {
        case "window":
          rules.window = parser.parseQuantity("a number of days, as in 'window 7 days'")
        case "otherwise":
          guard let message = parser.parseOptionalString() else {
            parser.expected("a message in quotes after 'otherwise'")
            return
          }
          rules.otherwise = message
        case "define":
          if let definition = parser.parseDefine(keyword) { rules.definitions.append(definition) }
        case "category":
          rules.alerts.append(contentsOf: parser.parseCategory())
        case "parameter":
          if let parameter = parser.parseParameter(keyword) { rules.parameters.append(parameter) }
        case "symptom":
          if let symptom = parser.parseSymptom(keyword) { rules.symptoms.append(symptom) }
        default:
          if let alert = parser.parseAlert(keyword) { rules.alerts.append(alert) }
        }
      }
    }
    rules.range = start.union(previous.range)
    return .rules(rules)
  }

  /// `define NAME = EXPR`.
  mutating func parseDefine(_ keyword: Token) -> DefineStatement? {
    guard let name = parseIdentifier("a name, as in 'define stage2 = …'") else { return nil }
    guard consumeSymbol("=") else {
      expected("'=' and an expression, as in 'define high = systolic.today >= 140 mmHg'")
      return nil
    }
    guard let expression = parseRuleExpression() else { return nil }
    return DefineStatement(name: name, expression: expression, range: keyword.range.union(previous.range))
  }

  /// `parameter NAME: mass|pressure|glucose|number`.
  mutating func parseParameter(_ keyword: Token) -> ParameterStatement? {
    guard let name = parseIdentifier("a parameter name, as in 'parameter dry_weight: mass'") else {
      return nil
    }
    guard consumeSymbol(":") else {
      expected("':' and the parameter's kind, as in 'parameter dry_weight: mass'")
      return nil
    }
    guard let kind = parseIdentifier("a kind: mass, pressure, glucose or number") else { return nil }
    return ParameterStatement(name: name, kind: kind, range: keyword.range.union(previous.range))
  }

  /// `symptom NAME: "phrase", "phrase", …`.
  mutating func parseSymptom(_ keyword: Token) -> SymptomStatement? {
    guard let name = parseIdentifier("a symptom name, as in 'symptom dyspnea: \"short of breath\"'") else {
      return nil
    }
    guard consumeSymbol(":") else {
      expected("':' and the symptom's words in quotes, as in 'symptom dyspnea: \"short of breath\", \"SOB\"'")
      return nil
    }
    var phrases: [StringLiteral] = []
    repeat {
      guard let phrase = parseOptionalString() else {
        expected("words in quotes, as in \"short of breath\"")
        return nil
      }
      phrases.append(phrase)
    } while consumeSymbol(",")
    return SymptomStatement(name: name, phrases: phrases, range: keyword.range.union(previous.range))
  }

  /// `category NAME { level ID "message" [severity] when CONDITION … }`: each level is an alert
  /// that fires only when no level above it holds.
  mutating func parseCategory() -> [AlertStatement] {
    guard parseIdentifier("a category name, as in 'category bp { … }'") != nil else { return [] }
    var levels: [AlertStatement] = []
    _ = parseBlock(of: "category") { parser in
      parser.parseStatement(in: "category", keywords: ["level"]) { parser, keyword in
        guard var level = parser.parseAlert(keyword) else { return }
        level.excluding = levels.map(\.id)
        levels.append(level)
      }
    }
    return levels
  }

  /// `alert ID "message" [info|warning|urgent] when CONDITION` (the condition may continue on following lines).
  mutating func parseAlert(_ keyword: Token) -> AlertStatement? {
    guard let id = parseIdentifier("an alert id such as 'sugar_high'") else { return nil }
    guard let message = parseOptionalString() else {
      expected("the alert's message in quotes")
      return nil
    }
    var severity: Identifier?
    if current.kind == .identifier, !current.isWord("when"), !atStatementEnd {
      severity = parseIdentifier("a severity")
    }
    // `when` may start the next line.
    guard current.isWord("when") else {
      expected("'when' and the alert's condition")
      return nil
    }
    advance()
    guard let condition = parseRuleExpression() else { return nil }
    return AlertStatement(
      id: id, message: message, severity: severity, condition: condition,
      range: keyword.range.union(previous.range))
  }

  static let testKeywords = ["day", "on", "readings", "today", "expect", "given"]

  mutating func parseTest() -> Declaration? {
    let start = advance().range
    guard let name = parseOptionalString() else {
      expected("the test's name in quotes, as in 'test \"a steady week\" of home { … }'")
      skipToNextDeclaration()
      return nil
    }
    var test = TestDeclaration(
      name: name, ruleSet: nil, days: [], readingsFile: nil, today: nil, expectations: [], range: start)
    if consumeWord("of") {
      test.ruleSet = parseIdentifier("the name of a rule set after 'of'")
    }
    _ = parseBlock(of: "test") { parser in
      parser.parseStatement(in: "test", keywords: Self.testKeywords) { parser, keyword in
        switch keyword.value {
        case "day", "on":
          if let day = parser.parseTestDay(keyword) { test.days.append(day) }
        case "readings":
          guard let file = parser.parseOptionalString() else {
            parser.expected("a readings file in quotes")
            return
          }
          test.readingsFile = file
        case "given":
          guard let name = parser.parseIdentifier("a parameter name, as in 'given dry_weight 70 kg'"),
            let value = parser.parseQuantity("the parameter's value, as in 'given dry_weight 70 kg'")
          else { return }
          test.given.append(GivenStatement(name: name, value: value))
        case "today":
          guard parser.current.kind == .date, !parser.atStatementEnd else {
            parser.expected("a date such as 2026-11-29")
            return
          }
          test.today = parser.advance()
        default:
          if let expectation = parser.parseExpectation(keyword) { test.expectations.append(expectation) }
        }
      }
    }
    test.range = start.union(previous.range)
    return .test(test)
  }

  mutating func parseTestDay(_ keyword: Token) -> TestDay? {
    var day = TestDay(number: nil, date: nil, readings: [], range: keyword.range)
    if keyword.value == "day" {
      guard let number = parseQuantity("a day number from 1 to 7") else { return nil }
      day.number = number
    } else {
      guard current.kind == .date, !atStatementEnd else {
        expected("a date such as 2026-11-23 after 'on'")
        return nil
      }
      day.date = advance()
    }
    // `at 07:10`: the lexer reads a number, ':', a number (and ':', a number for seconds).
    if current.isWord("at"), !atStatementEnd {
      advance()
      guard current.kind == .number, !atStatementEnd, peek().isSymbol(":"), peek(2).kind == .number else {
        expected("a time such as 07:10 after 'at'")
        return nil
      }
      let first = advance()
      var text = first.value
      advance()
      text += ":" + advance().value
      if current.isSymbol(":"), peek().kind == .number {
        advance()
        text += ":" + advance().value
      }
      day.time = (text, first.range.union(previous.range))
    }
    // A context before the ':': `fasting`, `bedtime`, `"before meal"`.
    if let text = parseOptionalString() {
      day.context = text
    } else if current.kind == .identifier, !atStatementEnd, peek().isSymbol(":") {
      let word = advance()
      day.context = StringLiteral(value: word.value, range: word.range)
    }
    guard consumeSymbol(":") else {
      expected("':' and the day's readings")
      return nil
    }
    // `day 3:` alone is a day with no readings (a blank).
    if atStatementEnd {
      day.range = keyword.range.union(previous.range)
      return day
    }
    repeat {
      guard let metric = parseIdentifier("a reading such as 'weight 180 lb'") else { return nil }
      var reading = TestReading(metric: metric, value: nil, second: nil, text: nil, range: metric.range)
      if let text = parseOptionalString() {
        reading.text = text
      } else if atQuantity {
        reading.value = parseQuantity("a value")
        if consumeSymbol("/") {
          reading.second = parseQuantity("the diastolic value after '/'")
          if let unit = reading.second?.unit, reading.value?.unit == nil { reading.value?.unit = unit }
        }
      } else {
        expected("a value for '\(metric.name)'")
        return nil
      }
      reading.range = metric.range.union(previous.range)
      day.readings.append(reading)
    } while consumeSymbol(",")
    day.range = keyword.range.union(previous.range)
    return day
  }

  /// `expect healthy`, `expect not enough data`, `expect alert ID`, `expect no alert ID`,
  /// `expect unknown ID`, `expect alerts a, b`, `expect EXPRESSION`.
  mutating func parseExpectation(_ keyword: Token) -> RuleExpectation? {
    let start = current.range
    if current.isWord("healthy"), !atStatementEnd {
      advance()
      return .healthy(start)
    }
    if current.isWord("not"), peek().isWord("enough") {
      advance()
      advance()
      guard consumeWord("data") else {
        expected("'data' after 'not enough'")
        return nil
      }
      return .notEnoughData(start.union(previous.range))
    }
    if current.isWord("alert"), peek().kind == .identifier {
      advance()
      return parseIdentifier("an alert id").map { .alert($0) }
    }
    if current.isWord("unknown"), peek().kind == .identifier, !peek().atLineStart {
      advance()
      return parseIdentifier("an alert id").map { .unknown($0) }
    }
    if current.isWord("no"), peek().isWord("alert") {
      advance()
      advance()
      return parseIdentifier("an alert id").map { .noAlert($0) }
    }
    if current.isWord("alerts") {
      advance()
      if consumeWord("none") { return .exactAlerts([], start.union(previous.range)) }
      let ids = parseIdentifierList("an alert id")
      return ids.isEmpty ? nil : .exactAlerts(ids, start.union(previous.range))
    }
    guard let expression = parseRuleExpression() else { return nil }
    return .value(expression, start.union(previous.range))
  }
}
