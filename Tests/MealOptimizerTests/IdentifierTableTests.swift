import Foundation
import Testing

@testable import MealOptimizer

@Suite("Finding foods by id")
struct IdentifierTableTests {
  /// ASCII ids of every length a plan can hold: short and long (past the 15
  /// bytes a string keeps inline, past 8-byte words), empty, repeated.
  static let ids: [String] = {
    var ids = (0..<3_000).map { "f\(String(format: "%05d", $0))" }
    ids += ["", "a", "ab", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnopq", "K"]
    ids += (0..<200).map { "a_food_with_a_rather_long_identifier_number_\($0)" }
    ids += ["f00007", "a", "K", "f02999"]  // repeats
    return ids
  }()
  /// The same with ids that are not ASCII, two of them equal to another as
  /// Swift compares strings (a decomposed and a precomposed é, the Kelvin sign and K).
  static let unicodeIDs =
    ids.dropLast(4) + ["crème_fraîche", "jalapeño", "豆腐", "e\u{301}clair", "\u{e9}clair", "\u{212A}"]

  @Test("each id is found at its first position, and an absent id is not found")
  func positions() {
    for table in [IdentifierTable(Self.ids), IdentifierTable(Self.ids, longestProbe: 0)] {
      expectFirstPositions(table, Self.ids)
      #expect(table["f03000"] == nil)
      #expect(table["abcdefghijklmno"] == nil)
      #expect(table["A"] == nil)
      #expect(table.count == Self.ids.count)
    }
  }

  @Test("repeated ids are listed with the positions they repeat at, in order")
  func repeats() {
    let count = Self.ids.count
    for table in [IdentifierTable(Self.ids), IdentifierTable(Self.ids, longestProbe: 0)] {
      #expect(table.repeats.map(\.id) == ["f00007", "a", "K", "f02999"])
      #expect(table.repeats.map(\.position) == [count - 4, count - 3, count - 2, count - 1])
    }
  }

  @Test("ids that are not ASCII are equal as Swift compares them")
  func unicode() {
    let ids = Array(Self.unicodeIDs)
    let table = IdentifierTable(ids)
    #expect(table.usesDictionary)
    expectFirstPositions(table, ids)
    let e = ids.firstIndex(of: "e\u{301}clair")!
    #expect(table["\u{e9}clair"] == e)
    #expect(table["\u{212A}"] == ids.firstIndex(of: "K"))
    #expect(table.repeats.map(\.position) == [ids.count - 2, ids.count - 1])
    // An ASCII table asked for an id that is not ASCII compares it with each id.
    let ascii = IdentifierTable(Self.ids)
    #expect(!ascii.usesDictionary)
    #expect(ascii["\u{212A}"] == Self.ids.firstIndex(of: "K"))
    #expect(ascii["jalapeño"] == nil)
  }

  @Test("a table whose probes run long falls back to a dictionary with the same answers")
  func fallback() {
    #expect(!IdentifierTable(Self.ids).usesDictionary)
    // With no probe allowed, the first collision of 3,000 ids in 8,192 slots falls back.
    #expect(IdentifierTable(Self.ids, longestProbe: 0).usesDictionary)
  }

  @Test("ids stored differently (bridged, sliced, built up) hash alike")
  func storage() {
    let built = String(repeating: "x", count: 40)
    let sliced = String("__\(built)__".dropFirst(2).dropLast(2))
    let bridged = NSString(string: "crème_fraîche") as String
    let table = IdentifierTable(["crème_fraîche", built, "tofu"])
    #expect(table[sliced] == 1)
    #expect(table[bridged] == 0)
    #expect(table[Substring("xtofux").dropFirst().dropLast().description] == 2)
  }

  @Test("an empty list finds nothing")
  func empty() {
    let table = IdentifierTable([])
    #expect(table["anything"] == nil)
    #expect(table.repeats.isEmpty)
  }

  private func expectFirstPositions(
    _ table: IdentifierTable, _ ids: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var first: [String: Int] = [:]
    for (position, id) in ids.enumerated() where first[id] == nil { first[id] = position }
    let wrong = first.filter { table[$0.key] != $0.value }.map(\.key).sorted()
    #expect(wrong == [], sourceLocation: sourceLocation)
  }
}
