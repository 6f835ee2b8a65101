/// Where outgoing messages go. Implementations write one whole message at a time, so messages sent from
/// several threads at once never interleave.
package protocol MessageSink: AnyObject, Sendable {
    func send(_ message: Message)
}
