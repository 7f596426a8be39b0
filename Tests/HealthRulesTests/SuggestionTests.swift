import Foundation
import Testing

@testable import HealthRules

@Suite("Did-you-mean suggestions for readings")
struct SuggestionTests {
  @Test("a 1 MB unknown column gets no suggestion, at once; a short one still does")
  func bounded() {
    let started = Date()
    let word = String(repeating: "w", count: 1_000_000)
    #expect(Suggestion.closest(to: word, among: ["weight", "systolic", "diastolic", "sugar"]) == nil)
    #expect(Date().timeIntervalSince(started) < 1)
    #expect(
      Suggestion.closest(to: "wieght", among: ["weight", "systolic", "diastolic", "sugar"]) == "weight")
  }
}
