import Scene

/// The settings of one `.impulse.json`: severities per rule code, excluded paths, the formatter's indent,
/// whether `impulse lint` simulates.
///
/// ```json
/// {"rules": {"item.unused": "off", "scene.angleUnits": "error"}, "exclude": ["drafts/**"], "indent": 2, "simulate": false}
/// ```
package struct Configuration: Equatable, Sendable {
    /// The severity overrides by code, as `RuleSettings` takes them (`nil`: the code is off).
    package var rules: [String: Severity?]
    /// Paths left out, relative to `folder`.
    package var exclude: [Glob]
    /// Spaces per level for `impulse format` and the server's formatting.
    package var indent: Int
    /// Whether `impulse lint` runs the simulation rules (`--simulate` turns them on as well).
    package var simulate: Bool
    /// The `.impulse.json` file these settings come from (absolute), nil for the built-in defaults.
    package var file: String?
    /// `"root": true`: this folder is a project's root; the search for settings never goes above it (as
    /// `.editorconfig`'s `root`), so a stray `.impulse.json` in a home folder or `/tmp` cannot reach its files.
    package var isRoot = false

    package init(
        rules: [String: Severity?] = [:], exclude: [Glob] = [], indent: Int = 2, simulate: Bool = false,
        file: String? = nil
    ) {
        self.rules = rules
        self.exclude = exclude
        self.indent = indent
        self.simulate = simulate
        self.file = file
    }

    /// The settings of a folder without any `.impulse.json`.
    package static let defaults = Configuration()

    /// The name of the configuration file.
    package static let fileName = ".impulse.json"

    /// The indents `indent` accepts.
    package static let indentRange = 1...16

    /// The folder the `exclude` globs are relative to (absolute), nil for the defaults.
    package var folder: String? { file.map(FileSystem.parentDirectory) }

    /// Whether the file at `path` (absolute and clean) is excluded by these settings.
    package func excludes(_ path: String) -> Bool {
        guard let folder, let relative = FileSystem.relativePath(path, inside: folder), !relative.isEmpty else {
            return false
        }
        return exclude.contains { $0.matches(relative) }
    }
}
