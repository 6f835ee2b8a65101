/// Why an `.impulse.json` cannot be used. Its `description` is the message users see:
/// `path:line:column: what is wrong and what to write instead`.
package struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Kind: String, Equatable, Sendable {
        /// The file exists but cannot be read.
        case unreadable
        /// The text is not JSON.
        case invalidJSON
        /// A key Impulse does not define at the top level.
        case unknownKey
        /// A value of the wrong JSON type.
        case wrongType
        /// A rule code that does not exist.
        case unknownRule
        /// A severity word other than error, warning, info, hint or off.
        case badSeverity
        /// A number outside what the key accepts.
        case outOfRange
    }

    package var kind: Kind
    /// The configuration file, as the user would find it.
    package var file: String
    /// 1-based line and column (Unicode scalars) of the offending token, when known.
    package var line: Int?
    package var column: Int?
    package var message: String

    package init(kind: Kind, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        return "\(file): \(message)"
    }
}
