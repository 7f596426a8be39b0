import Foundation
import Testing

@testable import HealthRules

@Suite("Errors describe themselves")
struct ErrorDescriptionTests {
  @Test("a rule error reads as its message")
  func ruleError() {
    let error: any Error = RuleError(
      .duplicateAlert, alertID: "bp_high", message: "duplicate alert 'bp_high'")
    #expect(error.localizedDescription == "alert 'bp_high': duplicate alert 'bp_high'")
  }

  @Test("a window error reads as its reason")
  func windowError() {
    let error: any Error = WindowError.invalidLength(0)
    #expect(error.localizedDescription == "a window needs at least one day, not 0")
  }

  @Test("a readings error gives each issue with its line and column")
  func readingsError() {
    let error: any Error = ReadingsError(issues: [
      ReadingsIssue(.invalidNumber, line: 4, column: 12, message: "'abc' is not a number"),
      ReadingsIssue(
        .unknownColumn, line: 2, column: 1, message: "unknown column 'sistolic'",
        hint: "did you mean 'systolic'?"),
    ])
    #expect(
      error.localizedDescription
        == "line 2, column 1: unknown column 'sistolic' (did you mean 'systolic'?)\n"
        + "line 4, column 12: 'abc' is not a number")
  }
}
