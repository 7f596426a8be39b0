/// The catalog of every diagnostic the language front end produces.
///
/// Messages are lowercase, without a final period, and quote code in '…'.
/// Each has a stable identifier (the `id` of the ``Diagnostic``), listed in
/// docs/language.md.
public enum DiagnosticMessage {
  // MARK: Files

  static func unreadableFile(_ path: String, _ why: String, at range: SourceRange?) -> Diagnostic {
    Diagnostic(id: "unreadable-file", message: "cannot read '\(path)': \(why)", at: range)
  }

  static func notText(_ path: String, byteOffset: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "not-text", message: "'\(path)' is not UTF-8 text (bad byte at offset \(byteOffset))", at: range,
      hint: "a .plan file is plain text; check that the right file was given")
  }

  static func emptyFile(_ path: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "empty-file", message: "'\(path)' has no declarations", at: range,
      hint: "a plan file declares foods, goals and a plan, such as 'plan week { … }'")
  }

  static func includeCycle(_ path: String, at range: SourceRange, chain: [Diagnostic.Note]) -> Diagnostic {
    Diagnostic(id: "include-cycle", message: "'\(path)' includes itself", at: range, notes: chain)
  }

  // MARK: Lexing

  static func unexpectedCharacter(_ text: String, _ range: SourceRange) -> Diagnostic {
    let shown =
      text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
      ? text : "\\u{\(String(text.unicodeScalars.first?.value ?? 0, radix: 16))}"
    return Diagnostic(id: "unexpected-character", message: "unexpected character '\(shown)'", at: range)
  }

  static func unexpectedCharacters(_ first: String, count: Int, _ range: SourceRange) -> Diagnostic {
    let shown =
      first.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
      ? first : "\\u{\(String(first.unicodeScalars.first?.value ?? 0, radix: 16))}"
    return Diagnostic(
      id: "unexpected-character", message: "\(count) unexpected characters, starting with '\(shown)'",
      at: range)
  }

  static func unterminatedString(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "unterminated-string", message: "unterminated string", at: range,
      hint: "add a closing '\"' on the same line")
  }

  static func controlCharacterInString(_ character: String, _ range: SourceRange) -> Diagnostic {
    let code = String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)
    return Diagnostic(
      id: "control-character",
      message:
        "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) in a string",
      at: range, hint: "remove it; write '\\n' for a line break or '\\t' for a tab")
  }

  static func unterminatedComment(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "unterminated-comment", message: "unterminated '/*' comment", at: range,
      hint: "add '*/' to close it")
  }

  static func unknownEscape(_ character: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "unknown-escape", message: "unknown escape '\\\(character)' in string", at: range,
      hint: "use \\\", \\\\, \\n or \\t")
  }

  static func tooManyErrors(limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "too-many-errors", message: "more than \(limit) errors in this file; stopped reading here",
      at: range,
      hint: "fix the first errors, or check that this is a .plan file")
  }

  // MARK: Parsing

  static func expected(_ what: String, found token: Token?, at range: SourceRange) -> Diagnostic {
    let message = token.map { "expected \(what), found \($0.quoted)" } ?? "expected \(what)"
    return Diagnostic(id: "expected", message: message, at: range)
  }

  static func expectedDeclaration(found token: Token, hint: String?) -> Diagnostic {
    Diagnostic(
      id: "expected-declaration",
      message: "expected a declaration such as 'food', 'goal' or 'plan', found \(token.quoted)",
      at: token.range,
      hint: hint)
  }

  static func unclosedBlock(_ owner: String, at range: SourceRange, opening: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "unclosed-block", message: "expected '}' to close the \(owner) block", at: range,
      notes: [.init("to match this opening '{'", at: opening)])
  }

  static func unknownStatement(_ token: Token, in owner: String, hint: String?) -> Diagnostic {
    Diagnostic(
      id: "unknown-statement", message: "unknown statement \(token.quoted) in \(owner) block",
      at: token.range, hint: hint)
  }

  static func extraTokens(after what: String, _ token: Token) -> Diagnostic {
    Diagnostic(
      id: "extra-tokens", message: "unexpected \(token.quoted) after \(what)", at: token.range,
      hint: "put each statement on its own line or separate them with ';'")
  }

  static func badNumber(_ text: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(id: "bad-number", message: "'\(text)' is not a number", at: range)
  }

  static func tooManyDigits(_ written: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "bad-number", message: "'\(written)' has too many digits for an exact value", at: range,
      hint: "rules and readings hold exact values of up to 18 digits")
  }

  static func tooManySignificantDigits(_ text: String, limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "bad-number", message: "'\(text)' has more than \(limit) significant digits", at: range,
      hint: "a number keeps at most \(limit) digits exactly; round it")
  }

  static func strictBound(_ op: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .warning, id: "strict-bound", message: "'\(op)' is read as '\(op)=' in a goal", at: range,
      hint: "write '\(op)=' to say so")
  }

  static func expressionTooDeep(limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "expression-too-deep", message: "expression nests more than \(limit) levels deep", at: range,
      hint: "split the condition into simpler alerts")
  }

  static func expressionTooLong(limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "expression-too-long", message: "expression has more than \(limit) operators", at: range,
      hint: "split the condition into simpler alerts")
  }

  // MARK: Checking

  static func duplicate(_ kind: String, _ name: Identifier, first: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "duplicate-name", message: "duplicate \(kind) '\(name.name)'", at: name.range,
      notes: [.init("'\(name.name)' was first defined here", at: first)])
  }

  static func unknownName(_ kind: String, _ name: Identifier, candidates: some Sequence<String>) -> Diagnostic
  {
    Diagnostic(
      id: "unknown-\(kind.replacingOccurrences(of: " ", with: "-"))",
      message: "unknown \(kind) '\(name.name)'",
      at: name.range, hint: Suggestions.hint(for: name.name, in: candidates))
  }

  static func badDate(_ token: Token) -> Diagnostic {
    Diagnostic(
      id: "bad-date", message: "'\(token.value)' is not a calendar date", at: token.range,
      hint: "write a date that exists, as yyyy-mm-dd: 2026-12-05")
  }

  static func unknownUnit(_ unit: UnitName, candidates: some Sequence<String>) -> Diagnostic {
    Diagnostic(
      id: "unknown-unit", message: "unknown unit '\(unit.text)'", at: unit.range,
      hint: Suggestions.hint(for: unit.text, in: candidates))
  }

  static func wrongDimension(_ unit: UnitName, is actual: String, expected: String, for what: String)
    -> Diagnostic
  {
    Diagnostic(
      id: "wrong-dimension", message: "'\(unit.text)' is a unit of \(actual), but \(what) needs \(expected)",
      at: unit.range)
  }

  static func missingUnit(_ quantity: QuantityLiteral, expected: String, for what: String) -> Diagnostic {
    Diagnostic(
      id: "missing-unit", message: "\(what) needs a unit of \(expected)", at: quantity.range,
      hint: "write a unit after the number, such as '\(quantity.value) g'")
  }

  static func negativeAmount(_ quantity: QuantityLiteral, what: String) -> Diagnostic {
    Diagnostic(id: "negative-amount", message: "\(what) cannot be negative", at: quantity.range)
  }

  static func zeroAmount(_ quantity: QuantityLiteral, what: String) -> Diagnostic {
    Diagnostic(id: "zero-amount", message: "\(what) must be greater than zero", at: quantity.range)
  }

  static func avoidMatchesNothing(_ term: Identifier, candidates: some Sequence<String>) -> Diagnostic {
    Diagnostic(
      .warning, id: "avoid-matches-nothing",
      message: "'avoid \(term.name)' matches no food, so it excludes nothing", at: term.range,
      hint: Suggestions.hint(for: term.name, in: candidates)
        ?? "avoid takes an allergen (peanut, milk, …), a food, a tag or a word of a food's name")
  }

  static func lockConflictsWithDiet(_ recipe: Identifier, labels: [String]) -> Diagnostic {
    Diagnostic(
      id: "lock-conflicts-with-diet",
      message: "recipe '\(recipe.name)' is locked in, but it is not \(labels.joined(separator: " or "))",
      at: recipe.range, hint: "lock a recipe that fits the plan's diet, or change the diet")
  }

  static func lockConflictsWithAvoid(_ recipe: Identifier, food: String, avoided: Identifier) -> Diagnostic {
    Diagnostic(
      id: "lock-conflicts-with-avoid",
      message: "recipe '\(recipe.name)' is locked in, but it contains '\(food)', which the plan avoids",
      at: recipe.range, notes: [.init("'avoid \(avoided.name)' is here", at: avoided.range)])
  }

  static func conflictingLimits(
    foods: String, minimum: String, maximum: String, period: String, at range: SourceRange, other: SourceRange
  ) -> Diagnostic {
    Diagnostic(
      id: "conflicting-limits",
      message:
        "limits on \(foods) cannot both hold: at least \(minimum) but at most \(maximum) per \(period)",
      at: range, notes: [.init("the other limit is here", at: other)],
      hint: "remove one of the limits or widen them")
  }

  static func impossibleNutrient(_ quantity: QuantityLiteral, nutrient: String, reason: String) -> Diagnostic
  {
    Diagnostic(
      .warning, id: "impossible-nutrient", message: "this much '\(nutrient)' is \(reason)",
      at: quantity.range,
      hint: "check the unit (mg or g?) and the amount after 'per'")
  }

  static func measureTooSmall(_ quantity: QuantityLiteral) -> Diagnostic {
    Diagnostic(
      id: "measure-too-small", message: "a measure must weigh at least 0.001 g, not '\(quantity.written)'",
      at: quantity.range, hint: "check the unit; a pinch of salt is about 0.3 g")
  }

  static func amountTooLarge(_ quantity: QuantityLiteral, what: String) -> Diagnostic {
    Diagnostic(
      id: "amount-too-large", message: "\(what) of '\(quantity.written)' weighs more than one tonne",
      at: quantity.range, hint: "check the number and its unit")
  }

  static func allowedRecipeExcluded(
    _ recipe: Identifier, labels: [String], food: String?, avoided: Identifier?
  )
    -> Diagnostic
  {
    let why =
      if let food, let avoided { "it contains '\(food)', which 'avoid \(avoided.name)' excludes" } else {
        "it is not \(labels.joined(separator: " or "))"
      }
    return Diagnostic(
      .warning, id: "allowed-recipe-excluded",
      message: "recipe '\(recipe.name)' is allowed here but will never be chosen: \(why)", at: recipe.range,
      notes: avoided.map { [.init("'avoid \($0.name)' is here", at: $0.range)] } ?? [])
  }

  static func invalid(
    _ id: String, _ message: String, at range: SourceRange?, hint: String? = nil,
    notes: [Diagnostic.Note] = []
  ) -> Diagnostic {
    Diagnostic(id: id, message: message, at: range, notes: notes, hint: hint)
  }

  static func warning(_ id: String, _ message: String, at range: SourceRange?, hint: String? = nil)
    -> Diagnostic
  {
    Diagnostic(.warning, id: id, message: message, at: range, hint: hint)
  }
}

extension QuantityLiteral {
  /// The number and unit as written: `0.000002 g`, `10000000 tbsp`.
  var written: String { "\(value)" + (unit.map { " \($0.text)" } ?? "") }
}
