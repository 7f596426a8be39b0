/// A command whose options are a typed value, built and validated before ``run(_:console:)``.
///
/// Its ``Command/info`` (usage, arguments, options) is generated from
/// ``CommandOptions/declarations``; subcommands are nested types listed in ``subcommands``.
protocol TypedCommand: Command {
  associatedtype Options: CommandOptions
  /// The words after `planner` (`foods search`).
  static var name: String { get }
  /// One line for the command list.
  static var abstract: String { get }
  /// Paragraphs after the overview.
  static var discussion: String { get }
  /// Runs the command with options already checked.
  static func run(_ options: Options, console: Console) throws(CLIError)
}

extension TypedCommand {
  static var discussion: String { "" }

  static var info: CommandInfo {
    let declarations = Options.declarations
    let arguments = declarations.filter {
      if case .argument = $0.kind { return true }
      return false
    }
    let options = declarations.filter {
      if case .argument = $0.kind { return false }
      return true
    }
    let usage = (["planner", name] + arguments.map(\.usage) + options.map(\.usage)).joined(separator: " ")
    return CommandInfo(
      name: name, abstract: abstract, usage: usage, discussion: discussion,
      arguments: arguments.map { ("<\($0.name)>", $0.help) }, options: options.compactMap(\.spec))
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    try run(try Options.parse(arguments, command: name), console: console)
  }
}

/// A command that only groups subcommands (`planner foods`): it runs none itself.
protocol CommandGroup: Command {
  /// The words after `planner`.
  static var name: String { get }
  /// One line for the command list.
  static var abstract: String { get }
  /// The nested commands, in the order help lists them.
  static var subcommands: [any Command.Type] { get }
}

extension CommandGroup {
  static var info: CommandInfo {
    CommandInfo(name: name, abstract: abstract, usage: "planner \(name) <subcommand> [options]")
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    throw .usage(
      "missing a subcommand for 'planner \(name)'",
      hint: "one of: " + subcommands.map { $0.info.leafName }.joined(separator: ", "))
  }
}
