import Diagnostics

/// Names prepared once for "did you mean" hints, for a checker that looks up many unknown names
/// among the same ones (the foods a plan's limits name).
///
/// ``Suggestions/closest(to:in:)`` lowercases, splits and counts every candidate on every call:
/// a plan of 4,000 foods whose 4,000 limits each name a food that is not declared took 37 s to
/// check (16 million such candidates). Here each name is lowercased and split into characters
/// once, each character numbered (so the edit distance compares numbers, not `Character`s, which
/// compare as strings), and the names are grouped by length, so a hint compares only the names
/// whose length is within the distance allowed. The hint is the same: the closest name within the distance, the
/// first in order among equals, or else the list of names (``Suggestions/list(_:)``).
struct NameHints {
  /// The names by their length in characters, each with its lowercased characters' numbers.
  private let byLength: [Int: [(name: String, characters: [Int32])]]
  /// The number of each character of the lowercased names.
  private let numbers: [Character: Int32]
  /// How many names were prepared (the checker rebuilds the hints when this changes).
  let count: Int
  /// The hint when no name is close: "expected one of: …".
  let list: String?

  init(_ names: some Collection<String>) {
    count = names.count
    var numbers: [Character: Int32] = [:]
    var byLength: [Int: [(name: String, characters: [Int32])]] = [:]
    for name in names {
      let characters = name.lowercased().map { character in
        if let number = numbers[character] { return number }
        let number = Int32(numbers.count)
        numbers[character] = number
        return number
      }
      byLength[name.count, default: []].append((name, characters))
    }
    self.numbers = numbers
    self.byLength = byLength
    list = Suggestions.list(names)
  }

  /// The closest name, as ``Suggestions/closest(to:in:)`` finds it, or `nil`.
  func closest(to name: String) -> String? {
    guard name.utf8.count <= Suggestions.maximumNameLength * 4, name.count <= Suggestions.maximumNameLength
    else { return nil }
    // A character no name has is -1: the distance compares the name's characters only with a
    // candidate's, never with each other, so it matches nothing, as it would not.
    let target = name.lowercased().map { numbers[$0] ?? -1 }
    let limit = max(1, min(3, target.count / 3 + 1))
    var rows = Rows()
    var best: (name: String, distance: Int)?
    for length in max(0, target.count - limit)...(target.count + limit) {
      for candidate in byLength[length] ?? [] {
        guard let distance = rows.distance(target, candidate.characters, limit: limit) else { continue }
        if distance < (best?.distance ?? Int.max)
          || (distance == best?.distance && candidate.name < best!.name)
        {
          best = (candidate.name, distance)
        }
      }
    }
    return best?.name
  }

  /// The rows of ``Suggestions/distance(_:_:limit:)``'s table, kept from one candidate to the next.
  private struct Rows {
    var previous2: [Int] = []
    var previous: [Int] = []
    var current: [Int] = []

    /// ``Suggestions/distance(_:_:limit:)`` on character numbers, step for step, without
    /// allocating a table for each candidate.
    mutating func distance(_ a: [Int32], _ b: [Int32], limit: Int) -> Int? {
      if abs(a.count - b.count) > limit { return nil }
      if a.isEmpty { return b.count }
      if b.isEmpty { return a.count }
      let width = b.count + 1
      if previous.count < width {
        previous2 = [Int](repeating: 0, count: width)
        previous = previous2
        current = previous2
      }
      for j in 0..<width { previous[j] = j }
      for i in 1...a.count {
        current[0] = i
        var rowMinimum = i
        for j in 1...b.count {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            value = min(value, previous2[j - 2] + 1)
          }
          current[j] = value
          rowMinimum = min(rowMinimum, value)
        }
        if rowMinimum > limit { return nil }
        swap(&previous2, &previous)
        swap(&previous, &current)
      }
      return previous[b.count] <= limit ? previous[b.count] : nil
    }
  }
}
