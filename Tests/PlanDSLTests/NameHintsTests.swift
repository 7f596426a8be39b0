import Diagnostics
import Foundation
import Testing

@testable import PlanDSL

/// Issue 43: the hints for unknown food names come from names prepared once (``NameHints``), with
/// the hints ``Suggestions`` gives.
@Suite("Name hints")
struct NameHintsTests {
  /// Names with what makes a hint hard: case, accents as one scalar or two, a dotted capital I
  /// (which lowercases to two scalars), swaps, and names of every length up to the longest.
  static let names = [
    "lentils", "Lentils_dry", "black_beans", "oats", "oat_bran", "peanut_butter", "spinach", "potatoes",
    "carrots", "milk", "café", "cafe\u{301}", "İzmir_figs", "rice", "Rice", "ricotta", "a", "ab",
    String(repeating: "x", count: 64), "food_number_1", "food_number_12", "food_number_123",
  ]

  /// Misspellings and names that are not near any.
  static let queries = [
    "lentil", "lentisl", "LENTILS", "blak_beans", "oat", "oast", "peanutbutter", "spinahc", "potato",
    "carots", "mlik", "cafe", "café", "izmir_figs", "i̇zmir_figs", "rcie", "ric", "b", "", "zzzzzz",
    String(repeating: "x", count: 63), String(repeating: "x", count: 65), "fod_number_12x", "food_numbr_1",
    "😀", "a😀",
  ]

  @Test("each hint is the one Suggestions finds, and the list is Suggestions' list")
  func sameHints() {
    for count in [0, 1, 5, Self.names.count] {
      let names = Array(Self.names.prefix(count))
      let hints = NameHints(names)
      #expect(hints.list == Suggestions.list(names))
      for query in Self.queries + names {
        #expect(
          hints.closest(to: query) == Suggestions.closest(to: query, in: names), "\(query) among \(count)")
      }
    }
  }

  @Test("an unknown food in a limit gets the closest food, as before")
  func unknownFoodInLimit() {
    let hints = NameHints(Self.names)
    #expect(hints.closest(to: "fod_number_12x") == "food_number_12")
    #expect(hints.closest(to: "zzzzzz") == nil)
    #expect(hints.closest(to: "lentisl") == "lentils")
  }
}
