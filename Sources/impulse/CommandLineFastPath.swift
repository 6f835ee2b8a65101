import ArgumentParser
import Reporting

/// The two command lines that start-up matters most for, recognized before ArgumentParser runs.
///
/// ArgumentParser builds the whole command tree and, before it parses anything, checks whether the command line
/// asks for a completion script by parsing it twice more with commands of its own; the Swift runtime looks their
/// types up by name. For a one-frame preview of a small scene that was about a quarter of the process's time.
/// `impulse --version` and a plain `impulse preview SCENE [--frames N] [--duration S] [--every K] [--format F]
/// [-o FILE]` are recognized here and run exactly as ArgumentParser would run them: the values are converted by
/// the same `ExpressibleByArgument` initializers, from the same defaults (`PreviewOptions`), and validated and run
/// by the same `PreviewOptions.validate()` and `run(scene:)` that the command calls.
/// Everything else goes to ArgumentParser untouched: a repeated option, `--name=value`, a value or scene that
/// starts with `-`, `--`, help (`-h`, `--help`, `help`), `--version` after a subcommand, completion requests, a
/// value that does not convert and a command that does not validate. So help, completions and every error
/// message are ArgumentParser's own (`CLITests/CommandLineFastPathTests` runs each line both ways).
enum CommandLineFastPath {
    /// What a recognized command line runs.
    enum Recognized {
        /// `impulse --version`: prints the version as ArgumentParser does.
        case version
        /// `impulse preview SCENE …`, parsed and validated.
        case preview(scene: String, options: PreviewOptions)
    }

    /// The command `arguments` (without the program's name) run, or nil for ArgumentParser to parse.
    static func recognize(_ arguments: [String]) -> Recognized? {
        if arguments == ["--version"] { return .version }
        guard arguments.first == "preview" else { return nil }
        return preview(arguments.dropFirst()).map { Recognized.preview(scene: $0.scene, options: $0.options) }
    }

    /// `preview`'s arguments: one scene and each option at most once, every token in its plain form; the options
    /// left out keep `PreviewOptions`' defaults, as ArgumentParser's declarations do.
    private static func preview(_ arguments: ArraySlice<String>) -> (scene: String, options: PreviewOptions)? {
        var scene: String?
        var options = PreviewOptions()
        // An array and a switch rather than a set and a dictionary literal: the first use of a generic type
        // has the runtime build its metadata, a measurable part of a one-frame preview's start.
        var given: [String] = []
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
            let option =
                switch token {
                case "--steps": "--frames"
                case "-o": "--output"
                default: token
                }
            guard !given.contains(option) else { return nil }
            given.append(option)
            switch option {
            case "--frames":
                guard let parsed = Int(argument: value) else { return nil }
                options.frames = parsed
            case "--duration":
                guard let parsed = Double(argument: value) else { return nil }
                options.duration = parsed
            case "--every":
                guard let parsed = Int(argument: value) else { return nil }
                options.every = parsed
            case "--format":
                guard let parsed = PreviewFormat(argument: value) else { return nil }
                options.format = parsed
            case "--output":
                options.output = value
            default:
                return nil
            }
            index = next + 1
        }
        guard let scene, (try? options.validate()) != nil else { return nil }
        return (scene, options)
    }
}
