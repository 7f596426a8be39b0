import Diagnostics

/// `household family "The Parks" { member ana { … } … }`.
package struct HouseholdDeclaration: Sendable, Hashable {
  package var name: Identifier
  package var displayName: StringLiteral?
  package var members: [MemberDeclaration]
  package var range: SourceRange
}

/// `member ana "Ana" { goal adult; meals breakfast, dinner; skip lunch on days 1...5; avoid peanut; profile { … } }`.
package struct MemberDeclaration: Sendable, Hashable {
  package var name: Identifier
  package var displayName: StringLiteral?
  package var goals: [Identifier] = []
  package var meals: [Identifier]?
  package var skips: [SkipStatement] = []
  /// `diet vegetarian`: labels every dish this member eats must have.
  package var diet: [Identifier] = []
  /// `avoid peanut`: foods, tags or allergens this member's portions never contain.
  package var avoid: [Identifier] = []
  package var profile: ProfileDeclaration?
  package var range: SourceRange
}

/// `skip lunch on days 1...5`, `skip lunch, snack on day 6`, `skip snack`.
package struct SkipStatement: Sendable, Hashable {
  package var meals: [Identifier]
  package var first: QuantityLiteral?
  package var last: QuantityLiteral?
  package var range: SourceRange
}

/// `profile { age 41; sex female; height 165 cm; weight 68 kg; activity low_active }`.
package struct ProfileDeclaration: Sendable, Hashable {
  /// One `KEYWORD VALUE` line: a quantity (`age`, `height`, `weight`) or a word (`sex`, `activity`).
  package struct Entry: Sendable, Hashable {
    package var keyword: Identifier
    package var quantity: QuantityLiteral?
    package var word: Identifier?
  }
  package var entries: [Entry]
  package var range: SourceRange
}

/// `adapt week when home.bp_high [for ana] { sodium <= 1500 mg per day }`.
package struct AdaptDeclaration: Sendable, Hashable {
  package var plan: Identifier
  package var rules: Identifier
  package var alert: Identifier
  package var member: Identifier?
  package var entries: [GoalEntry]
  package var range: SourceRange
}
