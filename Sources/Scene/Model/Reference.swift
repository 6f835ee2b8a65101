import JSON

/// An id written in the file to name something else (an item in `items`/`item`/`attachedTo`, a behavior in
/// an event's `set`/`remove`), with the pointer of the string token so rules can report on it.
///
/// Ids are compared as decoded JSON strings: case-sensitive, no Unicode normalization.
package struct Reference: Equatable, Hashable, Sendable {
    package var id: String
    /// The pointer of the id's string value (`/behaviors/2/items/0`).
    package var pointer: JSONPointer
    package init(id: String, pointer: JSONPointer) { self.id = id; self.pointer = pointer }
}
