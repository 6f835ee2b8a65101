import ArgumentParser
import Reporting

/// The two command lines that start-up matters most for, recognized before ArgumentParser runs.
///
/// ArgumentParser builds the whole command tree and, before it parses anything, checks whether the command line
/// asks for a completion script by parsing it twice more with commands of its own; the Swift runtime looks their
/// types up by name. For a one-frame preview of a small scene that was about a quarter of the process's time.
/// `impulse --version` and a plain `impulse preview SCENE [--frames N] [--duration S] [--every K] [--format F]
/// [-o FILE]` are recognized here and run exactly as ArgumentParser would run them: the values are converted by
/// the same `ExpressibleByArgument` initializers, and the command is validated by its own `validate()`.
/// Everything else goes to ArgumentParser untouched: a repeated option, `--name=value`, a value or scene that
/// starts with `-`, `--`, help (`-h`, `--help`, `help`), `--version` after a subcommand, completion requests, a
/// value that does not convert and a command that does not validate. So help, completions and every error
/// message are ArgumentParser's own (`CLITests/CommandLineFastPathTests` runs each line both ways).
enum CommandLineFastPath {
    /// What a recognized command line runs.
    enum Recognized {
        /// `impulse --version`: prints the version as ArgumentParser does.
        case version
        /// `impulse preview …`, parsed and validated.
        case preview(PreviewCommand)
    }

    /// The command `arguments` (without the program's name) run, or nil for ArgumentParser to parse.
    static func recognize(_ arguments: [String]) -> Recognized? {
        if arguments == ["--version"] { return .version }
        guard arguments.first == "preview" else { return nil }
        return preview(arguments.dropFirst()).map(Recognized.preview)
    }

    /// `preview`'s arguments: one scene and each option at most once, every token in its plain form.
    private static func preview(_ arguments: ArraySlice<String>) -> PreviewCommand? {
        var scene: String?
        var frames: Int?
        var duration: Double?
        var every: Int?
        var format: PreviewFormat?
        var output: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let token = arguments[index]
            guard !token.isEmpty else { return nil }
            if !token.hasPrefix("-") {
                guard scene == nil, token != "help" else { return nil }
                scene = token
                index += 1
                continue
            }
            let next = index + 1
            guard next < arguments.endIndex, let value = Optional(arguments[next]), !value.isEmpty,
                !value.hasPrefix("-")
            else { return nil }
            switch token {
            case "--frames", "--steps":
                guard frames == nil, let parsed = Int(argument: value) else { return nil }
                frames = parsed
            case "--duration":
                guard duration == nil, let parsed = Double(argument: value) else { return nil }
                duration = parsed
            case "--every":
                guard every == nil, let parsed = Int(argument: value) else { return nil }
                every = parsed
            case "--format":
                guard format == nil, let parsed = PreviewFormat(argument: value) else { return nil }
                format = parsed
            case "-o", "--output":
                guard output == nil else { return nil }
                output = value
            default:
                return nil
            }
            index = next + 1
        }
        guard let scene else { return nil }
        // Every property is set: a property left as declared would be a definition, not a value.
        var command = PreviewCommand()
        command.scene = scene
        command.frames = frames
        command.duration = duration
        command.every = every ?? 1
        command.format = format ?? .text
        command.output = output
        command.referenceSize = nil
        command.autoplay = false
        guard (try? command.validate()) != nil else { return nil }
        return command
    }
}
