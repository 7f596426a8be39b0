import HealthDatabase
import Testing

/// Passwords never appear in a message that repeats a connection string.
@Suite("Passwords kept out of connection messages")
struct ConnectionStringTests {
  @Test(
    "every password form is replaced by ***",
    arguments: [
      ("postgresql://clinic:hunter2@db/health", "postgresql://clinic:***@db/health"),
      ("postgres:/clinic:hunter2@db", "postgres:/clinic:***@db"),
      ("clinic:hunter2@db", "clinic:***@db"),
      ("postgresql://clinic:hunt%32er@db/x", "postgresql://clinic:***@db/x"),
      ("host=db password=hunter2 user=clinic", "host=db password=*** user=clinic"),
      ("host=db password = 'hun ter\\'2' user=clinic", "host=db password = '***' user=clinic"),
      (
        "postgresql://db/x?sslmode=require&password=hunter2", "postgresql://db/x?sslmode=require&password=***"
      ),
      ("postgresql://clinic@db/x", "postgresql://clinic@db/x"),
    ])
  func redacted(connection: String, shown: String) {
    #expect(ConnectionString.redacted(connection) == shown)
  }

  @Test("a libpq message that repeats a decoded or quoted password has it replaced")
  func libpqMessages() {
    #expect(
      ConnectionString.redacting(
        "invalid percent-encoded token: \"hunt%zzer2\"", in: "postgresql://clinic:hunt%zzer2@db/x")
        == "invalid percent-encoded token: \"***\"")
    #expect(
      ConnectionString.redacting("password \"hunter2\" is wrong", in: "postgresql://c:hunter%32@db/x")
        == "password \"***\" is wrong")
    #expect(
      ConnectionString.redacting("bad value \"hun ter'2\"", in: "password='hun ter\\'2'")
        == "bad value \"***\"")
  }
}
