/// Help laid out as OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
enum HelpText {
  static func overview(_ commands: [any Command.Type]) -> String {
    var text = """
      OVERVIEW: planner \(Planner.version): cost-efficient meal plans on GLPK, and home health checks

      USAGE: planner <command> [options]

      COMMANDS:

      """
    let width = (commands.map { $0.info.name.count }.max() ?? 0) + 2
    for command in commands {
      text +=
        "  " + command.info.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.info.abstract
        + "\n"
    }
    text += """

      OPTIONS:
        --version       Show the version.
        -h, --help      Show help.

      See 'planner <command> --help' for a command's options.
      EXIT CODES: 0 success; 1 no feasible plan, a failed test or an alert; 2 not enough data
                  (health); 64 bad usage; 65 invalid input; 70 internal error; 74 output failed;
                  75 journal locked by another process (try again).

      """
    return text
  }

  /// A command's help: its info, then its subcommands.
  static func help(for command: any Command.Type) -> String {
    var text = help(for: command.info)
    let subcommands = command.subcommands
    guard !subcommands.isEmpty else { return text }
    text += "\nSUBCOMMANDS:\n"
    let width = (subcommands.map { $0.info.leafName.count }.max() ?? 0) + 2
    for subcommand in subcommands {
      text +=
        "  " + subcommand.info.leafName.padding(toLength: width, withPad: " ", startingAt: 0)
        + subcommand.info.abstract + "\n"
    }
    text += "\nSee 'planner \(command.info.name) <subcommand> --help' for a subcommand's options.\n"
    return text
  }

  static func help(for info: CommandInfo) -> String {
    var text = "OVERVIEW: \(info.abstract)\n"
    if !info.discussion.isEmpty { text += "\n" + info.discussion + "\n" }
    text += "\nUSAGE: \(info.usage)\n"
    if !info.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      let width = (info.arguments.map(\.0.count).max() ?? 0) + 2
      for (name, help) in info.arguments {
        text += "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + help + "\n"
      }
    }
    text += "\nOPTIONS:\n"
    let options = info.options + [.help]
    let labels = options.map { spec -> String in
      var label = spec.short.map { "-\($0), " } ?? ""
      label += "--\(spec.name)"
      if let value = spec.value { label += " <\(value)>" }
      return label
    }
    let width = (labels.map(\.count).max() ?? 0) + 2
    for (label, spec) in zip(labels, options) {
      text += "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + spec.help + "\n"
    }
    return text
  }
}
