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
}
