import Diagnostics
import Foundation
import Testing

/// The one edit distance (in the Diagnostics target) that readings, plans and the catalog use.
@Suite("Did-you-mean suggestions for readings")
struct SuggestionTests {
  @Test("a 1 MB unknown column gets no suggestion, at once; a short one still does")
  func bounded() {
    let started = Date()
    let word = String(repeating: "w", count: 1_000_000)
    #expect(Suggestions.closest(to: word, in: ["weight", "systolic", "diastolic", "sugar"]) == nil)
    #expect(Date().timeIntervalSince(started) < 1)
    #expect(Suggestions.closest(to: "wieght", in: ["weight", "systolic", "diastolic", "sugar"]) == "weight")
  }

  @Test(
    "the distance counts insertions, deletions, substitutions and swaps, and stops past the limit",
    arguments: [
      ("protien", "protein", Int.max, 1 as Int?),
      ("kitten", "sitting", Int.max, 3),
      ("kitten", "sitting", 2, nil),
      ("", "abc", Int.max, 3),
      ("abc", "", 2, nil),
      ("cheese", "chess", 1, nil),
      ("cheese", "chees", 1, 1),
      ("ca", "abc", Int.max, 3),
    ])
  func distance(_ a: String, _ b: String, _ limit: Int, _ expected: Int?) {
    #expect(Suggestions.distance(Array(a), Array(b), limit: limit) == expected)
    #expect(Suggestions.distance(Array(a.utf8), Array(b.utf8), limit: limit) == expected)
  }
}
