import Diagnostics
import Foundation
import PlanDSL
import Testing

/// Limits that no amount can meet are found at `check` time, located.
@Suite("Conflicting limits")
struct LimitConflictTests {
  static func source(_ limits: String) -> String {
    """
    food a {
      per 100 g { protein 10 g }
      measure cup = 236.6 g
      price 1 USD per 1 kg
    }
    goal g { protein >= 1 g per day }
    plan p {
      goal g
    \(limits)
    }
    """
  }

  @Test("'limit a <= 2 cup' and 'limit a >= 5 cup' are one located error with a note")
  func conflict() {
    #expect(
      render(Self.source("  limit a <= 2 cup\n  limit a >= 5 cup")) == """
        test.plan:10:11: error: limits on 'a' cannot both hold: at least 1183 g but at most 473.2 g per day
            limit a >= 5 cup
                    ^~~~~~~~
          hint: remove one of the limits or widen them
        test.plan:9:11: note: the other limit is here
            limit a <= 2 cup
                    ^~~~~~~~
        1 error generated.

        """)
  }

  @Test("limits that overlap, or bound different periods, are accepted")
  func noConflict() {
    #expect(render(Self.source("  limit a <= 2 cup\n  limit a >= 1 cup")) == "no error")
    #expect(render(Self.source("  limit a <= 2 cup per day\n  limit a >= 5 cup per week")) == "no error")
  }

  /// Each limit is compared with the tightest bounds before it, not with every
  /// earlier limit (5,000 limits on one food took 18 s; linear now): the note
  /// cites the first limit that holds the tightest bound.
  @Test("after 3,000 equal limits, a conflicting one cites the first of them")
  func manyLimits() {
    let repeated = String(repeating: "  limit a <= 2 cup\n", count: 3000)
    let output = render(Self.source(repeated + "  limit a >= 5 cup\n  limit a <= 1 cup"))
    #expect(
      output == """
        test.plan:3009:11: error: limits on 'a' cannot both hold: at least 1183 g but at most 473.2 g per day
            limit a >= 5 cup
                    ^~~~~~~~
          hint: remove one of the limits or widen them
        test.plan:9:11: note: the other limit is here
            limit a <= 2 cup
                    ^~~~~~~~
        test.plan:3010:11: error: limits on 'a' cannot both hold: at least 1183 g but at most 236.6 g per day
            limit a <= 1 cup
                    ^~~~~~~~
          hint: remove one of the limits or widen them
        test.plan:3009:11: note: the other limit is here
            limit a >= 5 cup
                    ^~~~~~~~
        2 errors generated.

        """)
  }
}
