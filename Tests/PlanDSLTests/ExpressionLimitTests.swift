import Diagnostics
import Foundation
import PlanDSL
import Testing

/// Rule expressions too deep or too long for the recursive parser, checker and
/// evaluator are refused with one located error, never a stack overflow.
@Suite("Limits on rule expressions")
struct ExpressionLimitTests {
  func rules(_ condition: String) -> String {
    "rules r {\n  window 7 days\n  alert a \"A\" when \(condition)\n}\n"
  }

  @Test("1,500 nested parentheses are one error at the 65th")
  func nestedParentheses() {
    let condition =
      String(repeating: "(", count: 1500) + "weight.today > 1" + String(repeating: ")", count: 1500)
    let lines = render(rules(condition)).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "test.plan:3:84: error: expression nests more than 64 levels deep")
    #expect(lines.suffix(3) == ["  hint: split the condition into simpler alerts", "1 error generated.", ""])
  }

  @Test("a chain of 8,000 '+' terms is one error at the 1,001st operator")
  func longChain() {
    let condition = "weight.today > " + Array(repeating: "1", count: 8000).joined(separator: " + ")
    let lines = render(rules(condition)).split(separator: "\n", omittingEmptySubsequences: false)
    // `weight.today` has one operator ('.'), so the 1,000th '+' is the 1,001st operator.
    #expect(lines.first == "test.plan:3:4029: error: expression has more than 1000 operators")
    #expect(lines.suffix(2) == ["1 error generated.", ""])
  }

  @Test("8,000 'not' and 'or' terms are one error each, and the next alert is still read")
  func notAndOr() {
    let nots = String(repeating: "not ", count: 8000) + "weight.today > 1"
    #expect(
      render(rules(nots)).hasPrefix("test.plan:3:276: error: expression nests more than 64 levels deep\n"))
    let ors = Array(repeating: "weight.today > 1", count: 8000).joined(separator: " or ")
    let source = rules(ors).replacingOccurrences(
      of: "}\n", with: "  alert b \"B\" when weight.today > 1 +\n}\n")
    let rendered = render(source)
    #expect(rendered.hasPrefix("test.plan:3:"))
    #expect(rendered.contains("error: expression has more than 1000 operators\n"))
    #expect(rendered.contains("test.plan:4:38: error: expected an expression\n"))
    #expect(rendered.hasSuffix("2 errors generated.\n"))
  }

  @Test("a chain continued over 3,000 lines stops at its line, and its rest is skipped")
  func continuationLines() {
    let source =
      "rules r {\n  window 7 days\n  alert a \"A\" when weight.today > 1\n"
      + String(repeating: "    + 1\n", count: 3000) + "}\n"
    #expect(
      render(source) == """
        test.plan:1002:5: error: expression has more than 1000 operators
              + 1
              ^
          hint: split the condition into simpler alerts
        1 error generated.

        """)
  }

  @Test("an expression at the limits is accepted")
  func atTheLimits() {
    let nested = String(repeating: "(", count: 63) + "weight.today > 1 lb" + String(repeating: ")", count: 63)
    #expect(render(rules(nested)) == "no error")
    let chain = "weight.today > " + Array(repeating: "1 lb", count: 999).joined(separator: " + ")
    #expect(render(rules(chain)) == "no error")
  }
}
