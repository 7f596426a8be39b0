/// Sentences that differ only in the day they name, said once.
///
/// "day 1: every recipe for breakfast is excluded …" through "day 7: …"
/// become "days 1 to 7: every recipe for breakfast is excluded …"; days that
/// do not follow each other are listed ("days 1, 3 and 5: …"). Sentences
/// without a leading `day N: ` that repeat exactly are kept once.
package enum DaySentences {
  /// The sentences with those that differ only in their day merged, in the
  /// order each first appears.
  ///
  /// ```swift
  /// DaySentences.collapse(["day 1: no breakfast", "day 2: no breakfast"])  // ["days 1 to 2: no breakfast"]
  /// ```
  package static func collapse(_ sentences: [String]) -> [String] {
    var order: [String] = []
    var days: [String: [Int]] = [:]
    var dayless: Set<String> = []
    for sentence in sentences {
      if let (day, rest) = split(sentence) {
        if days[rest] == nil { order.append("\u{0}" + rest) }
        if days[rest]?.contains(day) != true { days[rest, default: []].append(day) }
      } else if dayless.insert(sentence).inserted {
        order.append(sentence)
      }
    }
    return order.map { entry in
      guard entry.hasPrefix("\u{0}") else { return entry }
      let rest = String(entry.dropFirst())
      return label(days[rest] ?? []) + ": " + rest
    }
  }

  /// `day 3`, `days 1 to 7`, `days 1, 3 and 5`.
  static func label(_ days: [Int]) -> String {
    let sorted = days.sorted()
    guard let first = sorted.first, let last = sorted.last else { return "" }
    if sorted.count == 1 { return "day \(first)" }
    if last - first + 1 == sorted.count { return "days \(first) to \(last)" }
    return "days " + sorted.dropLast().map(String.init).joined(separator: ", ") + " and \(last)"
  }

  /// `(3, "rest")` for `"day 3: rest"`.
  static func split(_ sentence: String) -> (Int, String)? {
    guard sentence.hasPrefix("day "), let colon = sentence.firstIndex(of: ":") else { return nil }
    let number = sentence[sentence.index(sentence.startIndex, offsetBy: 4)..<colon]
    guard let day = Int(number) else { return nil }
    let rest = sentence[sentence.index(after: colon)...].drop { $0 == " " }
    return (day, String(rest))
  }
}
