import HealthRules

/// A type an option's or argument's text is read as, with its own check.
///
/// The checks run while the options are built, before a command runs, so a
/// command never sees an out-of-range number.
protocol ArgumentValue {
  /// Reads a value from the text given for `name` (`--limit`, `<file>`).
  ///
  /// - Throws: ``CLIError/usage(_:hint:)`` naming the option and the text.
  static func read(_ text: String, for name: String) throws(CLIError) -> Self
}

extension String: ArgumentValue {
  static func read(_ text: String, for name: String) throws(CLIError) -> String { text }
}

extension Int: ArgumentValue {
  /// A count of results: a whole number from 1 to ``ParsedArguments/maximumCount``.
  static func read(_ text: String, for name: String) throws(CLIError) -> Int {
    guard let count = Int(text), count >= 1, count <= ParsedArguments.maximumCount else {
      throw .usage(
        "'\(name)' takes a whole number from 1 to 1000000, not '\(text.escapedForTerminal)'", hint: nil)
    }
    return count
  }
}

/// A positive number of seconds, at most ``ParsedArguments/maximumSeconds``.
struct Seconds: ArgumentValue, Equatable {
  var value: Double

  static func read(_ text: String, for name: String) throws(CLIError) -> Seconds {
    guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
      throw .usage(
        "'\(name)' takes a positive number of seconds, not '\(text.escapedForTerminal)'", hint: nil)
    }
    guard seconds <= ParsedArguments.maximumSeconds else {
      throw .usage("'\(name)' takes at most 1000000 seconds, not '\(text.escapedForTerminal)'", hint: nil)
    }
    return Seconds(value: seconds)
  }
}

extension Day: ArgumentValue {
  /// A calendar date written yyyy-mm-dd, or `today` (the local calendar day).
  static func read(_ text: String, for name: String) throws(CLIError) -> Day {
    if text.lowercased() == "today" { return LocalCalendar.today() }
    guard let day = Day(iso: text) else {
      throw .usage("'\(name)' takes a date such as 2026-11-29, not '\(text.escapedForTerminal)'", hint: nil)
    }
    return day
  }
}

extension OutputFormat: ArgumentValue {
  static func read(_ text: String, for name: String) throws(CLIError) -> OutputFormat {
    guard let format = OutputFormat(rawValue: text) else {
      throw .usage(
        "unknown format '\(text.escapedForTerminal)'; expected one of "
          + allCases.map(\.rawValue).joined(separator: ", "),
        hint: closestMatch(to: text, in: allCases.map(\.rawValue)).map { "did you mean '\($0)'?" })
    }
    return format
  }
}

extension UnitSystem: ArgumentValue {
  /// `--units metric` (kg, mmHg, mmol/L) or `--units us` (lb, mmHg, mg/dL).
  static func read(_ text: String, for name: String) throws(CLIError) -> UnitSystem {
    guard let system = UnitSystem(rawValue: text.lowercased()) else {
      throw .usage(
        "unknown unit system '\(text.escapedForTerminal)' for '\(name)'; expected metric or us",
        hint: "metric shows kg and mmol/L, us shows lb and mg/dL; without it, readings show as entered")
    }
    return system
  }

  /// The help of every `--units` option.
  static let help =
    "Show readings in metric (kg, mmol/L) or us (lb, mg/dL) units (default: each as it was entered)."
}

/// A length of time: a number of seconds, or a number with `s`, `m`, `h` or `d` (`90s`, `30m`,
/// `2h`, `1d`), above 0 and at most 30 days.
struct Interval: ArgumentValue, Equatable {
  var seconds: Double

  static func read(_ text: String, for name: String) throws(CLIError) -> Interval {
    let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
    var number = Substring(text)
    var scale = 1.0
    if let last = text.last, let unit = units[last] {
      number = number.dropLast()
      scale = unit
    }
    guard let value = Double(number), value.isFinite, value > 0, value * scale <= 30 * 86_400 else {
      throw .usage(
        "'\(name)' takes a time such as 90s, 30m, 2h or 1d (at most 30 days), not '\(text.escapedForTerminal)'",
        hint: nil)
    }
    return Interval(seconds: value * scale)
  }
}
