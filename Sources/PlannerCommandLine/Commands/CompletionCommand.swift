/// `planner completion bash|zsh|fish`: a shell completion script, from the commands' declarations.
enum CompletionCommand: TypedCommand {
  static let name = "completion"
  static let abstract = "Print a shell completion script for bash, zsh or fish."
  static let discussion = """
    bash: source <(planner completion bash)
    zsh:  planner completion zsh > "${fpath[1]}/_planner"
    fish: planner completion fish > ~/.config/fish/completions/planner.fish
    """

  struct Options: CommandOptions {
    var shell: CompletionScript.Shell?

    static var declarations: [OptionDeclaration<Options>] {
      [.argument("shell", \.shell, "bash, zsh or fish.")]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let shell = options.shell else { throw .internalError("completion ran without its shell") }
    console.out(CompletionScript.script(for: shell, commands: Planner.commands))
  }
}
