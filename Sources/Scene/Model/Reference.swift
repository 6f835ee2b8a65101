import JSON

/// An id written in the file to name something else (an item in `items`/`item`/`attachedTo`, a behavior in
/// an event's `set`/`remove`), with the pointer of the string token so rules can report on it.
///
/// Ids are compared as decoded JSON strings: case-sensitive, no Unicode normalization.
///
/// Equality and hashing compare the id byte for byte (its UTF-8), not by Swift's canonical equivalence, under
/// which `"\u00e9"` and `"e\u0301"` would be one id.
package struct Reference: Equatable, Hashable, Sendable {
    package var id: String
    /// The pointer of the id's string value (`/behaviors/2/items/0`).
    package var pointer: JSONPointer
    package init(id: String, pointer: JSONPointer) {
        self.id = id
        self.pointer = pointer
    }

    package static func == (a: Reference, b: Reference) -> Bool {
        a.pointer == b.pointer && a.id.utf8.elementsEqual(b.id.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(pointer)
        hasher.combine(id.exactId)
    }
}
