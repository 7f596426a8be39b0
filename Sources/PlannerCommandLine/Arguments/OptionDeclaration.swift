/// One option, flag or argument of a command, declared once with the property it fills.
///
/// The property is named by a key path, so a misspelt one does not compile; the
/// parser, the usage line, the help and the shell completions are all built from
/// these declarations.
///
/// ```
/// static var declarations: [OptionDeclaration<Options>] {
///   [
///     .argument("file", \.file, "The .plan file."),
///     .option("limit", short: "n", \.limit, value: "N", "How many results to show."),
///   ]
/// }
/// ```
struct OptionDeclaration<Options> {
  /// What kind of command-line word it is.
  enum Kind: Equatable {
    /// `--name` alone.
    case flag
    /// `--name VALUE`; `repeatable` when it may be given more than once.
    case option(value: String, repeatable: Bool)
    /// A positional argument; `variadic` takes every remaining one.
    case argument(required: Bool, variadic: Bool)
  }

  /// The long name without dashes (`time-limit`), or the argument's name (`file`).
  var name: String
  /// The one-letter short name, if any.
  var short: Character?
  var kind: Kind
  /// One line for the help.
  var help: String
  /// How a missing argument is named in the error (`a .plan file`); `<name>` when `nil`.
  var missing: String? = nil
  /// Whether an option must be given (a required option shows without brackets in the usage).
  var required = false
  /// Stores one text into the options value.
  var store: (inout Options, String) throws(CLIError) -> Void

  /// A flag that sets a `Bool` property.
  static func flag(
    _ name: String, short: Character? = nil, _ keyPath: WritableKeyPath<Options, Bool>, _ help: String
  ) -> OptionDeclaration {
    OptionDeclaration(name: name, short: short, kind: .flag, help: help) { options, _ throws(CLIError) in
      options[keyPath: keyPath] = true
    }
  }

  /// An option with one value, stored in an optional property; `required` when it must be given.
  static func option<Value: ArgumentValue>(
    _ name: String, short: Character? = nil, _ keyPath: WritableKeyPath<Options, Value?>, value: String,
    required: Bool = false, _ help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, short: short, kind: .option(value: value, repeatable: false), help: help, required: required
    ) {
      options, text throws(CLIError) in
      options[keyPath: keyPath] = try Value.read(text, for: "--" + name)
    }
  }

  /// An option with one value and a default, stored in a plain property.
  static func option<Value: ArgumentValue>(
    _ name: String, short: Character? = nil, _ keyPath: WritableKeyPath<Options, Value>, value: String,
    _ help: String
  ) -> OptionDeclaration {
    OptionDeclaration(name: name, short: short, kind: .option(value: value, repeatable: false), help: help) {
      options, text throws(CLIError) in
      options[keyPath: keyPath] = try Value.read(text, for: "--" + name)
    }
  }

  /// An option that may be given several times, collected in an array.
  static func option<Value: ArgumentValue>(
    _ name: String, short: Character? = nil, _ keyPath: WritableKeyPath<Options, [Value]>, value: String,
    _ help: String
  ) -> OptionDeclaration {
    OptionDeclaration(name: name, short: short, kind: .option(value: value, repeatable: true), help: help) {
      options, text throws(CLIError) in
      options[keyPath: keyPath].append(try Value.read(text, for: "--" + name))
    }
  }

  /// A required positional argument; `missing` names it in the error when it is not given.
  static func argument<Value: ArgumentValue>(
    _ name: String, _ keyPath: WritableKeyPath<Options, Value?>, missing: String? = nil, _ help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, kind: .argument(required: true, variadic: false), help: help, missing: missing
    ) { options, text throws(CLIError) in
      options[keyPath: keyPath] = try Value.read(text, for: "<\(name)>")
    }
  }

  /// A positional argument that may be left out.
  static func optionalArgument<Value: ArgumentValue>(
    _ name: String, _ keyPath: WritableKeyPath<Options, Value?>, _ help: String
  ) -> OptionDeclaration {
    OptionDeclaration(name: name, kind: .argument(required: false, variadic: false), help: help) {
      options, text throws(CLIError) in
      options[keyPath: keyPath] = try Value.read(text, for: "<\(name)>")
    }
  }

  /// `--format`, `-f`: one of the formats this command writes.
  static func format(_ keyPath: WritableKeyPath<Options, OutputFormat>, _ allowed: [OutputFormat])
    -> OptionDeclaration
  {
    let names = allowed.map(\.rawValue)
    return OptionDeclaration(
      name: "format", short: "f", kind: .option(value: "FORMAT", repeatable: false),
      help: "Output format: \(names.joined(separator: ", ")) (default: \(names.first ?? "text")).",
      missing: nil
    ) { options, text throws(CLIError) in
      guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
        throw .usage(
          "unknown format '\(text.escapedForTerminal)'; expected one of \(names.joined(separator: ", "))",
          hint: closestMatch(to: text, in: names).map { "did you mean '\($0)'?" })
      }
      options[keyPath: keyPath] = format
    }
  }

  /// Every remaining positional argument (at least one when `required`).
  static func arguments<Value: ArgumentValue>(
    _ name: String, _ keyPath: WritableKeyPath<Options, [Value]>, required: Bool = true,
    missing: String? = nil, _ help: String
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, kind: .argument(required: required, variadic: true), help: help, missing: missing
    ) {
      options, text throws(CLIError) in
      options[keyPath: keyPath].append(try Value.read(text, for: "<\(name)>"))
    }
  }

  /// The option as the argument splitter knows it, or `nil` for a positional argument.
  var spec: OptionSpec? {
    switch kind {
    case .flag: .flag(name, short: short, help)
    case .option(let value, let repeatable):
      .option(name, short: short, value: value, help, repeatable: repeatable)
    case .argument: nil
    }
  }

  /// How it appears in a usage line: `<file>`, `<words> ...`, `[--limit <N>]`.
  var usage: String {
    switch kind {
    case .flag: "[--\(name)]"
    case .option(let value, _) where required: "--\(name) <\(value)>"
    case .option(let value, let repeatable): "[--\(name) <\(value)>]" + (repeatable ? " ..." : "")
    case .argument(let required, let variadic):
      required ? "<\(name)>" + (variadic ? " ..." : "") : "[<\(name)>" + (variadic ? " ...]" : "]")
    }
  }
}

/// The typed options of one command: built from the command line and checked
/// (``validate()``) before the command runs.
protocol CommandOptions {
  /// Options with every default.
  init()
  /// Every option, flag and argument, in the order usage and help show them.
  static var declarations: [OptionDeclaration<Self>] { get }
  /// Checks what the types alone cannot (options that go together, files that must differ).
  ///
  /// - Throws: ``CLIError/usage(_:hint:)``.
  mutating func validate() throws(CLIError)
}

extension CommandOptions {
  mutating func validate() throws(CLIError) {}

  /// Builds the options from split arguments: each value read by its declaration's type,
  /// positionals assigned in order, then ``validate()``.
  ///
  /// - Throws: ``CLIError/usage(_:hint:)`` for a bad value, a missing or an extra argument.
  static func parse(_ arguments: ParsedArguments, command: String) throws(CLIError) -> Self {
    var options = Self()
    for declaration in declarations {
      switch declaration.kind {
      case .flag:
        if arguments.flag(declaration.name) { try declaration.store(&options, "") }
      case .option:
        for text in arguments.all(declaration.name) { try declaration.store(&options, text) }
      case .argument:
        break
      }
    }
    var positionals = arguments.positionals[...]
    for declaration in declarations {
      guard case .argument(let required, let variadic) = declaration.kind else { continue }
      if positionals.isEmpty {
        if required {
          throw .usage(
            "missing \(declaration.missing ?? "<\(declaration.name)>") for 'planner \(command)'",
            hint: "see 'planner \(command) --help'")
        }
        continue
      }
      if variadic {
        for text in positionals { try declaration.store(&options, text) }
        positionals = []
      } else {
        try declaration.store(&options, positionals.removeFirst())
      }
    }
    if let extra = positionals.first {
      throw .usage(
        "unexpected argument '\(extra.escapedForTerminal)' for 'planner \(command)'",
        hint: "see 'planner \(command) --help'")
    }
    for declaration in declarations where declaration.required && arguments.all(declaration.name).isEmpty {
      guard case .option(let value, _) = declaration.kind else { continue }
      throw .usage(
        "missing '--\(declaration.name) \(value)' for 'planner \(command)'",
        hint: "see 'planner \(command) --help'")
    }
    try options.validate()
    return options
  }
}
