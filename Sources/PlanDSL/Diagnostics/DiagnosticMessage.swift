import Diagnostics

/// The catalog of every diagnostic the language front end produces: one named entry per message.
///
/// Messages are lowercase, without a final period, and quote code in '…'.
/// Each has a stable identifier (the `id` of the ``Diagnostic``), listed in
/// docs/language.md.
package enum DiagnosticMessage {
  // MARK: Files

  static func unreadableFile(_ path: String, _ why: String, at range: SourceRange?) -> Diagnostic {
    Diagnostic(id: DiagnosticID.unreadableFile.rawValue, message: "cannot read '\(path)': \(why)", at: range)
  }

  static func notText(_ path: String, byteOffset: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.notText.rawValue,
      message: "'\(path)' is not UTF-8 text (bad byte at offset \(byteOffset))", at: range,
      hint: "a .plan file is plain text; check that the right file was given")
  }

  static func emptyFile(_ path: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.emptyFile.rawValue, message: "'\(path)' has no declarations", at: range,
      hint: "a plan file declares foods, goals and a plan, such as 'plan week { … }'")
  }

  static func includeCycle(_ path: String, at range: SourceRange, chain: [Diagnostic.Note]) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.includeCycle.rawValue, message: "'\(path)' includes itself", at: range, notes: chain)
  }

  // MARK: Lexing

  static func unexpectedCharacter(_ text: String, _ range: SourceRange) -> Diagnostic {
    let shown =
      text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
      ? text : "\\u{\(String(text.unicodeScalars.first?.value ?? 0, radix: 16))}"
    return Diagnostic(
      id: DiagnosticID.unexpectedCharacter.rawValue, message: "unexpected character '\(shown)'", at: range)
  }

  static func unexpectedCharacters(_ first: String, count: Int, _ range: SourceRange) -> Diagnostic {
    let shown =
      first.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
      ? first : "\\u{\(String(first.unicodeScalars.first?.value ?? 0, radix: 16))}"
    return Diagnostic(
      id: DiagnosticID.unexpectedCharacter.rawValue,
      message: "\(count) unexpected characters, starting with '\(shown)'",
      at: range)
  }

  static func currencySymbol(_ symbol: String, code: String, amount: String, _ range: SourceRange)
    -> Diagnostic
  {
    make(
      .unexpectedCharacter, "unexpected character '\(symbol)'", at: range,
      hint: "write the amount, then its currency code, as in '\(amount) \(code)'")
  }

  static func decimalComma(whole: String, fraction: String, at range: SourceRange) -> Diagnostic {
    make(
      .decimalComma, "'\(whole),\(fraction)' is written with a decimal comma", at: range,
      hint: "numbers use a decimal point: write '\(whole).\(fraction)'"
        + (fraction.count == 3 ? " (or '\(whole)\(fraction)' if the comma separates thousands)" : ""),
      fixIts: [Diagnostic.FixIt(replacing: range, with: "\(whole).\(fraction)")])
  }

  static func unterminatedString(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.unterminatedString.rawValue, message: "unterminated string", at: range,
      hint: "add a closing '\"' on the same line")
  }

  static func controlCharacterInString(_ character: String, _ range: SourceRange) -> Diagnostic {
    let code = String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)
    return Diagnostic(
      id: DiagnosticID.controlCharacter.rawValue,
      message:
        "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) in a string",
      at: range, hint: "remove it; write '\\n' for a line break or '\\t' for a tab")
  }

  static func unterminatedComment(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.unterminatedComment.rawValue, message: "unterminated '/*' comment", at: range,
      hint: "add '*/' to close it")
  }

  static func unknownEscape(_ character: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.unknownEscape.rawValue, message: "unknown escape '\\\(character)' in string",
      at: range,
      hint: "use \\\", \\\\, \\n or \\t")
  }

  static func tooManyErrors(limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.tooManyErrors.rawValue,
      message: "more than \(limit) errors in this file; stopped reading here",
      at: range,
      hint: "fix the first errors, or check that this is a .plan file")
  }

  // MARK: Parsing

  static func expected(_ what: String, found token: Token?, at range: SourceRange, hint: String? = nil)
    -> Diagnostic
  {
    let message = token.map { "expected \(what), found \($0.quoted)" } ?? "expected \(what)"
    return make(.expected, message, at: range, hint: hint)
  }

  static func expectedDeclaration(found token: Token, hint: String?) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.expectedDeclaration.rawValue,
      message: "expected a declaration such as 'food', 'goal' or 'plan', found \(token.quoted)",
      at: token.range,
      hint: hint)
  }

  static func unclosedBlock(_ owner: String, at range: SourceRange, opening: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.unclosedBlock.rawValue, message: "expected '}' to close the \(owner) block", at: range,
      notes: [.init("to match this opening '{'", at: opening)])
  }

  static func unknownStatement(_ token: Token, in owner: String, hint: String?) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.unknownStatement.rawValue,
      message: "unknown statement \(token.quoted) in \(owner) block",
      at: token.range, hint: hint)
  }

  static func extraTokens(after what: String, _ token: Token) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.extraTokens.rawValue, message: "unexpected \(token.quoted) after \(what)",
      at: token.range,
      hint: "put each statement on its own line or separate them with ';'")
  }

  static func badNumber(_ text: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(id: DiagnosticID.badNumber.rawValue, message: "'\(text)' is not a number", at: range)
  }

  static func tooManyDigits(_ written: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.badNumber.rawValue, message: "'\(written)' has too many digits for an exact value",
      at: range,
      hint: "rules and readings hold exact values of up to 18 digits")
  }

  static func tooManySignificantDigits(_ text: String, limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.badNumber.rawValue, message: "'\(text)' has more than \(limit) significant digits",
      at: range,
      hint: "a number keeps at most \(limit) digits exactly; round it")
  }

  static func strictBound(_ op: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .warning, id: DiagnosticID.strictBound.rawValue, message: "'\(op)' is read as '\(op)=' in a goal",
      at: range,
      hint: "write '\(op)=' to say so")
  }

  static func expressionTooDeep(limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.expressionTooDeep.rawValue, message: "expression nests more than \(limit) levels deep",
      at: range,
      hint: "split the condition into simpler alerts")
  }

  static func expressionTooLong(limit: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.expressionTooLong.rawValue, message: "expression has more than \(limit) operators",
      at: range,
      hint: "split the condition into simpler alerts")
  }

  // MARK: Checking

  static func duplicate(_ kind: String, _ name: Identifier, first: SourceRange) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.duplicateName.rawValue, message: "duplicate \(kind) '\(name.name)'", at: name.range,
      notes: [.init("'\(name.name)' was first defined here", at: first)])
  }

  static func unknownName(_ kind: NameKind, _ name: Identifier, candidates: some Sequence<String>)
    -> Diagnostic
  {
    let known = Array(candidates)
    let closest = Suggestions.closest(to: name.name, in: known)
    return make(
      kind.id, "unknown \(kind.rawValue) '\(name.name)'", at: name.range,
      hint: closest.map { "did you mean '\($0)'?" } ?? Suggestions.list(known),
      fixIts: closest.map { [Diagnostic.FixIt(replacing: name.range, with: $0)] } ?? [])
  }

  /// An unknown name, its hint from names prepared once (``NameHints``): the same diagnostic as
  /// ``unknownName(_:_:candidates:)`` with those names.
  static func unknownName(_ kind: NameKind, _ name: Identifier, hints: NameHints) -> Diagnostic {
    let closest = hints.closest(to: name.name)
    return make(
      kind.id, "unknown \(kind.rawValue) '\(name.name)'", at: name.range,
      hint: closest.map { "did you mean '\($0)'?" } ?? hints.list,
      fixIts: closest.map { [Diagnostic.FixIt(replacing: name.range, with: $0)] } ?? [])
  }

  static func badDate(_ token: Token) -> Diagnostic {
    make(
      .badDate, "'\(token.value)' is not a calendar date", at: token.range,
      hint: "write a date that exists, as yyyy-mm-dd: 2026-12-05")
  }

  static func unknownUnit(_ unit: UnitName, candidates: some Sequence<String>) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.unknownUnit.rawValue, message: "unknown unit '\(unit.text)'", at: unit.range,
      hint: Suggestions.hint(for: unit.text, in: candidates))
  }

  static func wrongDimension(_ unit: UnitName, is actual: String, expected: String, for what: String)
    -> Diagnostic
  {
    Diagnostic(
      id: DiagnosticID.wrongDimension.rawValue,
      message: "'\(unit.text)' is a unit of \(actual), but \(what) needs \(expected)",
      at: unit.range)
  }

  static func missingUnit(_ quantity: QuantityLiteral, expected: String, for what: String) -> Diagnostic {
    let example = UnitDimension(rawValue: expected).map(exampleUnit) ?? "g"
    return make(
      .missingUnit, "\(what) needs a unit of \(expected)", at: quantity.range,
      hint: "write a unit after the number, such as '\(quantity.value) \(example)'")
  }

  /// A unit to show in a hint for a quantity of this dimension.
  static func exampleUnit(_ dimension: UnitDimension) -> String {
    switch dimension {
    case .money: "USD"
    case .count: "serving"
    case .percent: "%"
    default: dimension.canonicalUnit
    }
  }

  static func negativeAmount(_ quantity: QuantityLiteral, what: String) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.negativeAmount.rawValue, message: "\(what) cannot be negative", at: quantity.range)
  }

  static func zeroAmount(_ quantity: QuantityLiteral, what: String) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.zeroAmount.rawValue, message: "\(what) must be greater than zero", at: quantity.range)
  }

  static func avoidMatchesNothing(_ term: Identifier, candidates: some Sequence<String>) -> Diagnostic {
    Diagnostic(
      .warning, id: DiagnosticID.avoidMatchesNothing.rawValue,
      message: "'avoid \(term.name)' matches no food, so it excludes nothing", at: term.range,
      hint: Suggestions.hint(for: term.name, in: candidates)
        ?? "avoid takes an allergen (peanut, milk, …), a food, a tag or a word of a food's name")
  }

  static func lockConflictsWithDiet(_ recipe: Identifier, labels: [String]) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.lockConflictsWithDiet.rawValue,
      message: "recipe '\(recipe.name)' is locked in, but it is not \(labels.joined(separator: " or "))",
      at: recipe.range, hint: "lock a recipe that fits the plan's diet, or change the diet")
  }

  static func lockConflictsWithAvoid(_ recipe: Identifier, food: String, avoided: Identifier) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.lockConflictsWithAvoid.rawValue,
      message: "recipe '\(recipe.name)' is locked in, but it contains '\(food)', which the plan avoids",
      at: recipe.range, notes: [.init("'avoid \(avoided.name)' is here", at: avoided.range)])
  }

  static func memberLockConflictsWithAvoid(member: String, term: Identifier, place: String, food: String)
    -> Diagnostic
  {
    Diagnostic(
      id: DiagnosticID.lockConflictsWithAvoid.rawValue,
      message: "\(member) avoids '\(term.name)', but \(place), which contains '\(food)'",
      at: term.range, hint: "lock a recipe free of it, or skip that meal for \(member)")
  }

  static func memberLockConflictsWithDiet(
    member: String, at term: Identifier, place: String, labels: [String]
  )
    -> Diagnostic
  {
    Diagnostic(
      id: DiagnosticID.lockConflictsWithDiet.rawValue,
      message:
        "\(member)'s diet is \(labels.joined(separator: " and ")), but \(place), which is not",
      at: term.range, hint: "lock a recipe that fits \(member)'s diet, or skip that meal for \(member)")
  }

  static func conflictingLimits(
    foods: String, minimum: String, maximum: String, period: String, at range: SourceRange, other: SourceRange
  ) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.conflictingLimits.rawValue,
      message:
        "limits on \(foods) cannot both hold: at least \(minimum) but at most \(maximum) per \(period)",
      at: range, notes: [.init("the other limit is here", at: other)],
      hint: "remove one of the limits or widen them")
  }

  static func impossibleNutrient(_ quantity: QuantityLiteral, nutrient: String, reason: String) -> Diagnostic
  {
    Diagnostic(
      .warning, id: DiagnosticID.impossibleNutrient.rawValue, message: "this much '\(nutrient)' is \(reason)",
      at: quantity.range,
      hint: "check the unit (mg or g?) and the amount after 'per'")
  }

  /// A figure so large that the solver cannot plan with it exactly: amounts of a
  /// billionth of a gram of the food would count, below the solver's tolerances.
  static func beyondSolverRange(_ quantity: QuantityLiteral, nutrient: String, bound: String) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.beyondSolverRange.rawValue,
      message:
        "'\(nutrient) \(quantity.written)' is more than the solver can plan with exactly: at most \(bound)",
      at: quantity.range,
      hint: "check the number and its unit (mg or g?); even a figure per dollar fits well below this")
  }

  static func measureTooSmall(_ quantity: QuantityLiteral) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.measureTooSmall.rawValue,
      message: "a measure must weigh at least 0.001 g, not '\(quantity.written)'",
      at: quantity.range, hint: "check the unit; a pinch of salt is about 0.3 g")
  }

  static func amountTooLarge(_ quantity: QuantityLiteral, what: String) -> Diagnostic {
    Diagnostic(
      id: DiagnosticID.amountTooLarge.rawValue,
      message: "\(what) of '\(quantity.written)' weighs more than one tonne",
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
      .warning, id: DiagnosticID.allowedRecipeExcluded.rawValue,
      message: "recipe '\(recipe.name)' is allowed here but will never be chosen: \(why)", at: recipe.range,
      notes: avoided.map { [.init("'avoid \($0.name)' is here", at: $0.range)] } ?? [])
  }
}

// MARK: - Clinical rules, second edition: counting over days
//
// Kept in one block, apart from the rest of the catalog, to ease merging with the
// catalog's reorganisation. Ids: `missing-policy`, `unknown-missing-policy`,
// `bad-day-count`, `day-outside-window`, `definition-cycle`, `unknown-alert-reference`,
// `implausible-reading`, `pressure-order`.

extension DiagnosticMessage {
  /// `at least 3 of last 7 days: …` (or `count(… where …)`) without saying how a missing day counts.
  static func missingPolicy(at range: SourceRange, inCount: Bool = false) -> Diagnostic {
    make(
      .missingPolicy, "say how a day with a missing reading counts", at: range,
      hint: inCount
        ? "add ', missing counts as false' or ', missing counts as unknown' before the ')'"
        : "add '(missing counts as false)' or '(missing counts as unknown)' before the ':'")
  }

  /// `missing counts as maybe`.
  static func unknownMissingPolicy(_ word: Identifier) -> Diagnostic {
    make(
      .unknownMissingPolicy, "a missing day counts as 'false' or 'unknown', not '\(word.name)'",
      at: word.range,
      hint: "'false': a day that cannot be decided does not count; 'unknown': it may go either way")
  }

  /// `at least 8 of last 7 days`.
  static func badDayCount(_ count: Int, days: Int, inARow: Bool = false, at range: SourceRange) -> Diagnostic
  {
    let plural = days == 1 ? "" : "s"
    return make(
      .badDayCount,
      inARow
        ? "\(count) days in a row cannot fit in \(days) day\(plural)"
        : "at least \(count) of \(days) day\(plural) can never hold",
      at: range, hint: "count at most \(days) day\(plural)")
  }

  /// A test reading outside the range readings files accept.
  static func implausibleReading(_ problem: String, at range: SourceRange) -> Diagnostic {
    make(
      .implausibleReading, problem, at: range,
      hint: "test readings are checked like readings files; a file with this value would be refused")
  }

  /// `bp 80/120` in a test: systolic not above diastolic.
  static func pressureOrder(systolic: QuantityLiteral, diastolic: QuantityLiteral, at range: SourceRange)
    -> Diagnostic
  {
    let s = "\(systolic.value)"
    let d = "\(diastolic.value)"
    return make(
      .pressureOrder, "systolic \(s) mmHg is not above diastolic \(d) mmHg", at: range,
      hint: "did you mean bp \(d)/\(s)? systolic, the larger, comes first")
  }

  /// `define a = b + 1` with `define b = a`.
  static func definitionCycle(_ name: Identifier, through chain: [String]) -> Diagnostic {
    let path = (chain.drop { $0 != name.name } + [name.name]).joined(separator: " -> ")
    return make(
      .definitionCycle, "'\(name.name)' is defined in terms of itself (\(path))",
      at: name.range,
      hint: "a definition may use other definitions, but not itself")
  }

  /// `when alert.stage3` with no alert `stage3` above.
  static func unknownAlertReference(_ id: Identifier, candidates: some Sequence<String>) -> Diagnostic {
    let near = Suggestions.hint(for: id.name, in: Array(candidates))
    return make(
      .unknownAlertReference, "no alert '\(id.name)' above this one", at: id.range,
      hint: near
        ?? "an alert can refer to the alerts written before it (and those of the rule set it extends)")
  }

  /// A per-day condition that, read on the range's first day, needs days before the window.
  static func dayOutsideWindow(window: Int, at range: SourceRange) -> Diagnostic {
    make(
      .dayOutsideWindow,
      "read on the first of these days, this condition needs days before the \(window)-day window",
      at: range,
      hint:
        "the condition is read on each day as if it were today; shorten the days counted or widen 'window'")
  }
}

extension QuantityLiteral {
  /// The number and unit as written: `0.000002 g`, `10000000 tbsp`.
  var written: String { "\(value)" + (unit.map { " \($0.text)" } ?? "") }
}

// MARK: - Clinical rules, third edition: parameters, symptoms, templates, extends

extension DiagnosticMessage {
  /// `given dry_weight 70 mmHg` for a mass, or a plain number given a unit.
  static func parameterUnit(_ name: String, kind: String, units: [String], at range: SourceRange)
    -> Diagnostic
  {
    make(
      .parameterUnit,
      units.isEmpty
        ? "parameter '\(name)' is a plain number"
        : "parameter '\(name)' is a \(kind), given in \(units.joined(separator: ", "))",
      at: range,
      hint: units.isEmpty ? "write the number alone" : "as in 'given \(name) 70 \(units[0])'")
  }

  /// `{weight.today` without its `}`, `{}`, or a `{…}` that is not one value.
  static func badTemplate(_ problem: String, at range: SourceRange) -> Diagnostic {
    make(
      .badTemplate, "in the message: \(problem)", at: range,
      hint:
        "write a value between braces, as in \"Weight up {weight.today - weight.yesterday}\"; '{{' and '}}' are braces"
    )
  }

  /// `extends` with a shorter window than an inherited alert's days.
  static func inheritedDaysOutsideWindow(_ alert: String, base: String, window: Int, at range: SourceRange)
    -> Diagnostic
  {
    make(
      .inheritedDaysOutsideWindow,
      "alert '\(alert)' of '\(base)' reads days before this \(window)-day window",
      at: range,
      hint: "inherited days keep their place relative to today; widen 'window' or replace the alert")
  }
}
