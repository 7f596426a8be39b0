import Diagnostics

extension Parser {
  /// Parses a whole file.
  mutating func parseFile() -> SourceFileSyntax {
    var declarations: [Declaration] = []
    declarations.reserveCapacity(declarationsExpected)
    while !atEnd {
      if stopAfterTooManyErrors() { break }
      if consumeSymbol(";") { continue }
      if let foods = plainFoods() {
        declarations += foods
        continue
      }
      let before = index
      if let declaration = parseDeclaration() {
        declarations.append(declaration)
      }
      if index == before { advance() }
    }
    return SourceFileSyntax(file: file, declarations: declarations)
  }

  mutating func parseDeclaration() -> Declaration? {
    guard current.kind == .identifier else {
      report(DiagnosticMessage.expectedDeclaration(found: current, hint: nil))
      skipToNextDeclaration()
      return nil
    }
    let start = current.range
    switch current.value {
    case "use":
      advance()
      guard consumeWord("catalog") else {
        expected("'catalog' after 'use'")
        skipStatement()
        return nil
      }
      guard let name = parseOptionalString() else {
        expected("a catalog name in quotes, such as \"usda-sr28\"")
        skipStatement()
        return nil
      }
      finishStatement("'use catalog'")
      return .use(UseDeclaration(catalog: name, range: start.union(name.range)))
    case "include":
      advance()
      guard let path = parseOptionalString() else {
        expected("a file path in quotes after 'include'")
        skipStatement()
        return nil
      }
      finishStatement("'include'")
      return .include(IncludeDeclaration(path: path, range: start.union(path.range)))
    case "store": return parseStore()
    case "food": return parseFood()
    case "goal": return parseGoal()
    case "plan": return parsePlan()
    case "rules": return parseRules()
    case "test": return parseTest()
    case "recipe": return parseRecipe()
    case "pantry": return parsePantry()
    case "household": return parseHousehold()
    case "adapt": return parseAdapt()
    default:
      let hint = Suggestions.hint(for: current.value, in: Self.declarationKeywords)
      report(DiagnosticMessage.expectedDeclaration(found: current, hint: hint))
      skipToNextDeclaration()
      return nil
    }
  }

  /// Skips tokens until a line that starts with a declaration keyword.
  mutating func skipToNextDeclaration() {
    advance()
    var depth = 0
    while !atEnd {
      if current.isSymbol("{") { depth += 1 }
      if current.isSymbol("}") { depth = max(0, depth - 1) }
      if depth == 0, current.atLineStart, current.isWord(in: Self.declarationKeywords) {
        return
      }
      advance()
    }
  }

  /// The name and optional display name after a keyword.
  mutating func parseHeader(_ keyword: String) -> (Identifier, StringLiteral?)? {
    advance()
    guard let name = parseIdentifier("a name for the \(keyword)") else {
      skipToNextDeclaration()
      return nil
    }
    return (name, parseOptionalString())
  }

  mutating func parseStore() -> Declaration? {
    let start = current.range
    guard let (name, display) = parseHeader("store") else { return nil }
    var trip: QuantityLiteral?
    if current.isSymbol("{") {
      _ = parseBlock(of: "store") { parser in
        parser.parseStatement(in: "store", keywords: ["trip"]) { parser, keyword in
          trip = parser.parseQuantity("a cost such as '2 USD' after 'trip'")
        }
      }
    } else {
      finishStatement("the store's name")
    }
    return .store(
      StoreDeclaration(name: name, displayName: display, tripCost: trip, range: start.union(previous.range)))
  }

  /// Parses one statement that starts with one of `keywords`, reporting unknown ones with a hint.
  mutating func parseStatement(
    in owner: String, keywords: [String], _ body: (inout Parser, Token) -> Void
  ) {
    guard current.isWord(in: keywords) else {
      let hint = current.kind == .identifier ? Suggestions.hint(for: current.value, in: keywords) : nil
      report(DiagnosticMessage.unknownStatement(current, in: owner, hint: hint))
      advance()
      skipStatement()
      return
    }
    let keyword = advance()
    body(&self, keyword)
    finishStatement("'\(keyword.value)'")
  }

  mutating func parseFood() -> Declaration? {
    let start = current.range
    guard let (name, display) = parseHeader("food") else { return nil }
    var catalog: FoodDeclaration.CatalogReference?
    if consumeSymbol("=") {
      if consumeWord("usda") {
        if current.kind == .number, !atStatementEnd {
          let token = advance()
          catalog = .number(token.value, token.range)
        } else if let description = parseOptionalString() {
          catalog = .description(description)
        } else {
          expected("an NDB number or a description in quotes after 'usda'")
        }
      } else {
        expected("'usda' and a food number after '='")
        skipStatement()
      }
    }
    var food = FoodDeclaration(
      name: name, displayName: display, catalog: catalog, nutrition: [], measures: [], density: nil,
      prices: [],
      tags: [], removedTags: [], range: start)
    if current.isSymbol("{") {
      _ = parseBlock(of: "food") { parser in
        parser.parseFoodStatement(&food)
      }
    } else {
      finishStatement("the food's header")
      if catalog == nil {
        expected("'{' with the food's nutrition, or '= usda NUMBER'")
      }
    }
    food.range = start.union(previous.range)
    return .food(food)
  }

  static let foodKeywords = ["per", "measure", "price", "tags", "tag", "untag", "density"]

  mutating func parseFoodStatement(_ food: inout FoodDeclaration) {
    parseStatement(in: "food", keywords: Self.foodKeywords) { parser, keyword in
      switch keyword.value {
      case "per":
        guard let amount = parser.parseServingAmount() else { return }
        if let plain = parser.plainNutritionBlock() {
          food.nutrition.append(
            NutritionBlock(amount: amount, entries: plain.entries, range: keyword.range.union(plain.range)))
          return
        }
        let mark = parser.nutrientScratch.count
        let block = parser.parseBlock(of: "nutrition") { parser in
          guard
            let nutrient = parser.parseIdentifier("a nutrient name such as 'protein'", startsStatement: true)
          else {
            parser.skipStatement()
            return
          }
          guard let amount = parser.parseQuantity("an amount such as '17.3 g' after '\(nutrient.name)'")
          else {
            parser.skipStatement()
            return
          }
          parser.nutrientScratch.append(NutrientAmount(nutrient: nutrient, amount: amount))
          let last = parser.previous
          parser.finishStatement("'\(nutrient.name) \(last.value)'")
        }
        // Copied out at their exact count: `Array(scratch[mark...])` would share the
        // scratch's buffer (and its spare room) when the slice is all of it.
        let entries = parser.nutrientScratch.withUnsafeBufferPointer {
          Array(UnsafeBufferPointer(rebasing: $0[mark...]))
        }
        parser.nutrientScratch.removeSubrange(mark...)
        food.nutrition.append(
          NutritionBlock(amount: amount, entries: entries, range: keyword.range.union(block ?? amount.range)))
      case "measure":
        guard let name = parser.parseIdentifier("a measure name such as 'cup'") else { return }
        guard parser.consumeSymbol("=") else {
          parser.expected("'=' and a weight, as in 'measure cup = 81 g'")
          return
        }
        guard let amount = parser.parseQuantity("a weight such as '81 g'") else { return }
        food.measures.append(
          MeasureStatement(name: name, amount: amount, range: keyword.range.union(amount.range)))
      case "price":
        guard let price = parser.parseQuantity("a price such as '3.49 USD'") else {
          return
        }
        guard parser.consumeWord("per") else {
          parser.expected("'per' and a package size, as in 'price 3.49 USD per 42 oz'")
          return
        }
        guard let package = parser.parseServingAmount() else { return }
        let loose = parser.consumeWord("loose")
        var store: Identifier?
        if parser.consumeWord("at") {
          store = parser.parseIdentifier("a store name after 'at'")
        }
        food.prices.append(
          PriceStatement(
            price: price, package: package, store: store, loose: loose,
            range: keyword.range.union(parser.previous.range)))
      case "tags", "tag":
        food.tags += parser.parseIdentifierList("a tag such as 'vegan'")
      case "untag":
        food.removedTags += parser.parseIdentifierList("a tag to remove")
      case "density":
        food.density = parser.parseQuantity("a density such as '1.03 g/ml'")
      default:
        break
      }
    }
  }

  /// An amount of food: `100 g`, `42 oz`, `block` (one of a measure), `2 slice`.
  mutating func parseServingAmount() -> QuantityLiteral? {
    if current.kind == .identifier, !atStatementEnd, !Self.isNonUnitWord(current.value) {
      let token = advance()
      let unit = UnitName(text: token.value, range: token.range)
      return QuantityLiteral(value: 1, unit: unit, range: token.range, numberRange: token.range)
    }
    return parseQuantity("an amount such as '100 g' or a measure name")
  }

  mutating func parseGoal() -> Declaration? {
    let start = current.range
    guard let (name, display) = parseHeader("goal") else { return nil }
    let entries = parseGoalEntries(of: "goal")
    return .goal(
      GoalDeclaration(name: name, displayName: display, entries: entries, range: start.union(previous.range)))
  }

  /// `pantry home "At home" { 2 kg rice; 1/2 cup olive_oil; 6 large eggs category "baking" use by 2026-12-05 }`.
  mutating func parsePantry() -> Declaration? {
    let start = current.range
    guard let (name, display) = parseHeader("pantry") else { return nil }
    var lines: [PantryLine] = []
    _ = parseBlock(of: "pantry") { parser in
      guard let ingredient = parser.parseIngredientUntil(["category", "use"]) else {
        parser.skipStatement()
        return
      }
      var line = PantryLine(amount: ingredient.amount, food: ingredient.food, range: ingredient.range)
      while !parser.atStatementEnd {
        if parser.consumeWord("category") {
          guard let category = parser.parseOptionalString() else {
            parser.expected("a category in quotes after 'category', as in 'category \"baking\"'")
            parser.skipStatement()
            return
          }
          line.category = category
        } else if parser.consumeWord("use") {
          guard parser.consumeWord("by"), parser.current.kind == .date, !parser.atStatementEnd else {
            parser.expected("'by' and a date such as 2026-12-05 after 'use'")
            parser.skipStatement()
            return
          }
          line.useBy = parser.advance()
        } else {
          parser.expected("'category \"…\"', 'use by DATE' or the end of the line")
          parser.skipStatement()
          return
        }
      }
      line.range = line.range.union(parser.previous.range)
      lines.append(line)
      parser.finishStatement("the pantry line")
    }
    return .pantry(
      PantryDeclaration(name: name, displayName: display, lines: lines, range: start.union(previous.range)))
  }

  static let planKeywords =
    [
      "days", "goal", "goals", "budget", "foods", "limit", "minimize", "maximize", "whole", "currency",
      "pantry",
      "stores", "start",
    ]
    + mealPlanKeywords

  mutating func parsePlan() -> Declaration? {
    let start = current.range
    guard let (name, display) = parseHeader("plan") else { return nil }
    var statements: [PlanStatement] = []
    _ = parseBlock(of: "plan") { parser in
      if let limits = parser.plainLimits() {
        statements += limits
        return
      }
      parser.parseStatement(in: "plan", keywords: Self.planKeywords) { parser, keyword in
        if let statement = parser.parsePlanStatement(keyword) {
          statements.append(statement)
        }
      }
    }
    return .plan(
      PlanDeclaration(
        name: name, displayName: display, statements: statements, range: start.union(previous.range)))
  }

  mutating func parsePlanStatement(_ keyword: Token) -> PlanStatement? {
    func range() -> SourceRange { keyword.range.union(previous.range) }
    switch keyword.value {
    case "days":
      return parseQuantity("a number of days").map { .days($0, range()) }
    case "goal", "goals":
      let names = parseIdentifierList("a goal name")
      return names.isEmpty ? nil : .goals(names, range())
    case "budget":
      guard let amount = parseQuantity("an amount such as '60 USD'") else { return nil }
      return .budget(amount, parsePeriod(), range())
    case "foods":
      let names = parseIdentifierList("a food name")
      return names.isEmpty ? nil : .foods(names, range())
    case "limit":
      var foods: [Identifier] = []
      repeat {
        guard let food = parseIdentifier("a food name") else { return nil }
        foods.append(food)
      } while consumeSymbol("+")
      guard let bound = parseBound("a bound such as '<= 200 g'") else { return nil }
      return .limit(foods, bound, parsePeriod(), range())
    case "minimize", "maximize":
      guard var target = parseIdentifier("'cost' or a nutrient name") else { return nil }
      if target.name == "cost", current.kind == .identifier, current.value == "eaten", !atStatementEnd {
        let eaten = advance()
        target = Identifier(name: "cost eaten", range: target.range.union(eaten.range))
      }
      return .objective(Identifier(name: keyword.value, range: keyword.range), target, range())
    case "pantry":
      return parseIdentifier("a pantry name").map { .pantry($0, range()) }
    case "stores":
      if consumeWord("at") {
        guard consumeWord("most") else {
          expected("'most' and a number, as in 'stores at most 2'")
          return nil
        }
        return parseQuantity("a number of stores").map { .storeLimit($0, range()) }
      }
      let names = parseIdentifierList("a store name")
      return names.isEmpty ? nil : .stores(names, range())
    case "leftovers" where current.kind == .identifier && current.value == "worth":
      advance()
      return parseQuantity("a share such as '50%'").map { .leftoverCredit($0, range()) }
    case "start":
      guard current.kind == .date, !atStatementEnd else {
        expected("a date such as 2026-12-01 after 'start'")
        return nil
      }
      let date = advance()
      return .start(date, range())
    case "whole":
      guard consumeWord("servings") else {
        expected("'servings' after 'whole'")
        return nil
      }
      // 'whole servings' for every food, or 'whole servings eggs, bread' for some.
      let foods = atStatementEnd ? [] : parseIdentifierList("a food")
      return .wholeServings(foods, range())
    case "currency":
      return parseIdentifier("a currency code such as 'USD'").map { .currency($0, range()) }
    default:
      return parseMealPlanStatement(keyword)
    }
  }
}
