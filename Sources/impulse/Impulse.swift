import ArgumentParser

@main
struct Impulse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "impulse",
        abstract: "Lint, preview and serve UIKit Dynamics scenes written as JSON."
    )
}
