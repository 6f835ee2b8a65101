/// A mistake in a tool call (a missing argument, a path outside the workspace, an unknown code…): the call
/// answers an `isError: true` result whose text is `message`, never a protocol error.
struct ToolError: Error, Equatable, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
