/// What a command says about itself in `--help`.
struct CommandInfo {
  var name: String
  /// One line for the command list.
  var abstract: String
  /// `planner solve FILE [options]`.
  var usage: String
  var discussion: String = ""
  var arguments: [(String, String)] = []
  var options: [OptionSpec] = []

  /// The last word of the name: what selects it among its siblings.
  var leafName: String { name.split(separator: " ").last.map(String.init) ?? name }
}

/// One option or flag a command accepts.
struct OptionSpec {
  /// Long name without dashes (`format`).
  var name: String
  /// One-letter short name, if any (`f`).
  var short: Character?
  /// The value's placeholder (`FORMAT`), or `nil` for a flag.
  var value: String?
  var help: String
  /// May it be given more than once?
  var repeatable = false

  static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, value: nil, help: help)
  }

  static func option(
    _ name: String, short: Character? = nil, value: String, _ help: String, repeatable: Bool = false
  )
    -> OptionSpec
  {
    OptionSpec(name: name, short: short, value: value, help: help, repeatable: repeatable)
  }

  static let help = OptionSpec.flag("help", short: "h", "Show help for this command.")
}

/// The standard `--format` option.
enum OutputFormat: String, CaseIterable {
  case text, json, markdown, csv

  static func option(_ formats: [OutputFormat]) -> OptionSpec {
    .option(
      "format", short: "f", value: "FORMAT",
      "Output format: \(formats.map(\.rawValue).joined(separator: ", ")) (default: text).")
  }
}
