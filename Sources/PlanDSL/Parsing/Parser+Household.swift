import Diagnostics

extension Parser {
  /// The entries of a goal block (`goal`, `adapt`): `NUTRIENT BOUND [of energy] [per PERIOD]`.
  mutating func parseGoalEntries(of owner: String) -> [GoalEntry] {
    var entries: [GoalEntry] = []
    _ = parseBlock(of: owner) { parser in
      guard let nutrient = parser.parseIdentifier("a nutrient name such as 'protein'", startsStatement: true)
      else {
        parser.skipStatement()
        return
      }
      guard let bound = parser.parseBound("a bound such as '>= 90 g' after '\(nutrient.name)'") else {
        parser.skipStatement()
        return
      }
      var ofEnergy: Identifier?
      if parser.consumeWord("of") {
        ofEnergy = parser.parseIdentifier("'energy' after 'of'")
      }
      let period = parser.parsePeriod()
      entries.append(
        GoalEntry(
          nutrient: nutrient, bound: bound, ofEnergy: ofEnergy, period: period,
          range: nutrient.range.union(parser.previous.range)))
      parser.finishStatement("the goal for '\(nutrient.name)'")
    }
    return entries
  }

  static let memberKeywords = ["goal", "goals", "meals", "skip", "diet", "avoid", "profile"]
  static let profileKeywords = ["age", "sex", "height", "weight", "activity"]

  /// `household family "The Parks" { member ana "Ana" { … } … }`.
  mutating func parseHousehold() -> Declaration? {
    let start = current.range
    guard let (name, display) = parseHeader("household") else { return nil }
    var members: [MemberDeclaration] = []
    _ = parseBlock(of: "household") { parser in
      parser.parseStatement(in: "household", keywords: ["member"]) { parser, keyword in
        if let member = parser.parseMember(keyword) { members.append(member) }
      }
    }
    return .household(
      HouseholdDeclaration(
        name: name, displayName: display, members: members, range: start.union(previous.range)))
  }

  mutating func parseMember(_ keyword: Token) -> MemberDeclaration? {
    guard let name = parseIdentifier("a name for the member") else { return nil }
    var member = MemberDeclaration(name: name, displayName: parseOptionalString(), range: keyword.range)
    _ = parseBlock(of: "member") { parser in
      parser.parseStatement(in: "member", keywords: Self.memberKeywords) { parser, keyword in
        switch keyword.value {
        case "goal", "goals": member.goals += parser.parseIdentifierList("a goal name")
        case "meals":
          member.meals = (member.meals ?? []) + parser.parseIdentifierList("a meal such as 'lunch'")
        case "skip": if let skip = parser.parseSkip(keyword) { member.skips.append(skip) }
        case "diet": member.diet += parser.parseIdentifierList("a diet such as 'vegetarian'")
        case "avoid": member.avoid += parser.parseIdentifierList("a food, tag or allergen")
        default: member.profile = parser.parseProfile(keyword)
        }
      }
    }
    member.range = keyword.range.union(previous.range)
    return member
  }

  /// `skip lunch[, snack] [on day N | on days A...B]`.
  mutating func parseSkip(_ keyword: Token) -> SkipStatement? {
    let meals = parseIdentifierList("a meal such as 'lunch'")
    guard !meals.isEmpty else { return nil }
    var skip = SkipStatement(meals: meals, range: keyword.range)
    if consumeWord("on") {
      if consumeWord("day") {
        guard let day = parsePlainNumber("a day number") else { return nil }
        (skip.first, skip.last) = (day, day)
      } else if consumeWord("days") {
        guard let first = parsePlainNumber("a day number such as 1") else { return nil }
        skip.first = first
        skip.last = first
        if consumeSymbol("...") {
          guard let last = parsePlainNumber("the last day") else { return nil }
          skip.last = last
        }
      } else {
        expected("'day N' or 'days A...B' after 'on'")
        return nil
      }
    }
    skip.range = keyword.range.union(previous.range)
    return skip
  }

  /// `profile { age 41; sex female; height 165 cm; weight 68 kg; activity low_active }`.
  mutating func parseProfile(_ keyword: Token) -> ProfileDeclaration? {
    var entries: [ProfileDeclaration.Entry] = []
    let block = parseBlock(of: "profile") { parser in
      parser.parseStatement(in: "profile", keywords: Self.profileKeywords) { parser, keyword in
        let name = Identifier(name: keyword.value, range: keyword.range)
        switch keyword.value {
        case "sex", "activity":
          let what = keyword.value == "sex" ? "'female' or 'male'" : "an activity such as 'active'"
          if let word = parser.parseIdentifier(what) {
            entries.append(.init(keyword: name, word: word))
          }
        default:
          if let quantity = parser.parseQuantity("a number after '\(keyword.value)'") {
            entries.append(.init(keyword: name, quantity: quantity))
          }
        }
      }
    }
    guard let block else { return nil }
    return ProfileDeclaration(entries: entries, range: keyword.range.union(block))
  }

  /// `adapt PLAN when RULES.ALERT [for MEMBER] { goal entries }`.
  mutating func parseAdapt() -> Declaration? {
    let start = advance().range
    guard let plan = parseIdentifier("the name of the plan to adapt") else {
      skipToNextDeclaration()
      return nil
    }
    guard consumeWord("when") else {
      expected("'when RULES.ALERT', as in 'adapt week when home.bp_high { … }'")
      skipToNextDeclaration()
      return nil
    }
    guard let rules = parseIdentifier("a rule set and an alert, as in 'home.bp_high'") else {
      skipToNextDeclaration()
      return nil
    }
    guard consumeSymbol(".") else {
      expected("'.' and an alert name after the rule set, as in 'home.bp_high'")
      skipToNextDeclaration()
      return nil
    }
    guard let alert = parseIdentifier("an alert name after '.'") else {
      skipToNextDeclaration()
      return nil
    }
    var member: Identifier?
    if consumeWord("for") {
      member = parseIdentifier("a household member after 'for'")
    }
    let entries = parseGoalEntries(of: "adapt")
    return .adapt(
      AdaptDeclaration(
        plan: plan, rules: rules, alert: alert, member: member, entries: entries,
        range: start.union(previous.range)))
  }
}
