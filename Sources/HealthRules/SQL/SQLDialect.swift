/// A database whose SQL ``RuleSet/sql(dialect:table:asOf:patients:)`` can write.
package enum SQLDialect: String, Sendable, Hashable, CaseIterable {
  /// PostgreSQL 13 or later (the query uses `gcd` on `numeric`).
  case postgresql
}
