/// A database whose SQL ``RuleSet/sql(dialect:table:asOf:patients:)`` can write.
public enum SQLDialect: String, Sendable, Hashable, CaseIterable {
  /// PostgreSQL 12 or later (and the databases built on it, such as Citus).
  case postgresql
}
