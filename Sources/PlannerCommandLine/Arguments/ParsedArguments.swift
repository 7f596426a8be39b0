import Diagnostics
import PlanDSL

/// Arguments split into options, flags and positionals, checked against a command's options.
struct ParsedArguments {
  private(set) var values: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []

  /// Splits `arguments` (after the command name) by the command's option specs.
  ///
  /// - Throws: ``CLIError/usage`` for an unknown option or a missing value.
  init(_ arguments: [String], options: [OptionSpec], command: String) throws(CLIError) {
    let specs = options + [.help]
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      // A negative number (`-5`, `-.5`) is a value, not an option.
      let isNegativeNumber =
        argument.count > 1 && argument.dropFirst().first.map { $0.isNumber || $0 == "." } == true
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") || isNegativeNumber {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name: String
      var inlineValue: String?
      if argument.hasPrefix("--") {
        name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        name = String(argument.dropFirst())
      }
      guard let spec = specs.first(where: { $0.name == name || ($0.short.map(String.init) == name) }) else {
        let candidates = specs.map { "--" + $0.name }
        throw .usage(
          "unknown option '\(argument)' for 'planner \(command)'",
          hint: closestMatch(to: "--" + name, in: candidates).map { "did you mean '\($0)'?" })
      }
      if spec.value == nil {
        if inlineValue != nil { throw .usage("option '--\(spec.name)' takes no value", hint: nil) }
        flags.insert(spec.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw .usage("option '--\(spec.name)' needs a value (\(spec.value ?? "VALUE"))", hint: nil)
      }
      try Self.checkNumber(value, for: spec)
      if !spec.repeatable, values[spec.name] != nil {
        throw .usage("option '--\(spec.name)' is given more than once", hint: nil)
      }
      values[spec.name, default: []].append(value)
    }
  }

  /// The largest `SECONDS` value: about 11.6 days, well inside what a solver's
  /// millisecond counter (a 32-bit integer in GLPK) can hold.
  static let maximumSeconds = 1_000_000.0

  /// The largest `N` value (a count of results).
  static let maximumCount = 1_000_000

  /// Checks the values of numeric options, by their placeholder, before any command sees them:
  /// `SECONDS` is a finite number above 0 and at most ``maximumSeconds``; `N` a whole number from 1 to
  /// ``maximumCount``. No command can then trap converting an out-of-range number.
  ///
  /// - Throws: ``CLIError/usage`` naming the option, the range and the value.
  static func checkNumber(_ text: String, for spec: OptionSpec) throws(CLIError) {
    switch spec.value {
    case "SECONDS":
      guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
        throw .usage(
          "'--\(spec.name)' takes a positive number of seconds, not '\(text.escapedForTerminal)'", hint: nil)
      }
      guard seconds <= maximumSeconds else {
        throw .usage(
          "'--\(spec.name)' takes at most 1000000 seconds, not '\(text.escapedForTerminal)'", hint: nil)
      }
    case "N":
      guard let count = Int(text), count >= 1, count <= maximumCount else {
        throw .usage(
          "'--\(spec.name)' takes a whole number from 1 to 1000000, not '\(text.escapedForTerminal)'",
          hint: nil)
      }
    default:
      break
    }
  }

  func flag(_ name: String) -> Bool { flags.contains(name) }
  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// The `--format` value, checked against what the command supports.
  func format(_ allowed: [OutputFormat]) throws(CLIError) -> OutputFormat {
    guard let text = value("format") else { return .text }
    guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
      throw .usage(
        "unknown format '\(text)'; expected one of \(allowed.map(\.rawValue).joined(separator: ", "))",
        hint: closestMatch(to: text, in: allowed.map(\.rawValue)).map { "did you mean '\($0)'?" })
    }
    return format
  }

  /// Exactly `count` positionals, or a usage error naming what is missing.
  func positionals(exactly names: [String], command: String) throws(CLIError) -> [String] {
    if positionals.count < names.count {
      throw .usage(
        "missing \(names[positionals.count]) for 'planner \(command)'",
        hint: "see 'planner \(command) --help'")
    }
    if positionals.count > names.count {
      throw .usage(
        "unexpected argument '\(positionals[names.count])' for 'planner \(command)'",
        hint: "see 'planner \(command) --help'")
    }
    return positionals
  }
}

/// The closest of `candidates` to `name`, if close enough.
func closestMatch(to name: String, in candidates: [String]) -> String? {
  Suggestions.closest(to: name, in: candidates)
}
