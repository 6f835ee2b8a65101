import JSON

/// An object whose members were checked against its catalog table: typed accessors return a member's value
/// only when it passed its checks (nil when absent or invalid).
struct CheckedObject {
    let object: JSONObject
    let pointer: JSONPointer
    let description: ObjectDescription
    /// The table's keys (by their index in `description.keys`) whose values passed their checks.
    private var valid: UInt64 = 0

    init(object: JSONObject, pointer: JSONPointer, description: ObjectDescription) {
        precondition(description.keys.count <= 64, "a key table has at most 64 keys")
        self.object = object
        self.pointer = pointer
        self.description = description
    }

    /// Records that the value of the table's key at `index` passed its checks.
    mutating func markValid(keyAt index: Int) { valid |= 1 << UInt64(index) }

    /// Records that the value of the table's key `name` passed its checks.
    mutating func markValid(_ name: String) {
        assertInCatalog(name)
        if let index = description.index(of: name) { markValid(keyAt: index) }
    }

    func has(_ key: String) -> Bool {
        assertInCatalog(key)
        return object[key] != nil
    }

    func value(_ key: String) -> JSONValue? {
        assertInCatalog(key)
        guard let index = description.index(of: key), valid & (1 << UInt64(index)) != 0 else { return nil }
        return object[key]
    }

    /// Every key the decoder reads is a catalog key: a misspelled name in the decoder would otherwise read
    /// nil, as if the scene had left the key out. (A key of another object kind is allowed: live values read
    /// every behavior type's keys and get nil for the others.) Checked in debug builds, which every test run
    /// uses; a release build pays nothing.
    private func assertInCatalog(_ key: String) {
        assert(
            description.index(of: key) != nil || !Catalog.kinds(defining: key).isEmpty,
            "the decoder reads \"\(key)\", which no catalog table defines")
    }

    func number(_ key: String) -> Double? { value(key)?.numberValue }
    func bool(_ key: String) -> Bool? { value(key)?.boolValue }
    func string(_ key: String) -> String? { value(key)?.stringValue }

    func vector(_ key: String) -> Vector? { value(key).flatMap(CheckedObject.pair).map { Vector(x: $0, y: $1) } }
    func size(_ key: String) -> Size? { value(key).flatMap(CheckedObject.pair).map { Size(width: $0, height: $1) } }
    func interval(_ key: String) -> Interval? {
        value(key).flatMap(CheckedObject.pair).map { Interval(min: $0, max: $1) }
    }

    /// An array of points (a path); nil unless every point is valid.
    func points(_ key: String) -> [Point]? {
        guard let elements = value(key)?.arrayValue else { return nil }
        let pairs = elements.compactMap(CheckedObject.pair)
        return pairs.count == elements.count ? pairs.map { Vector(x: $0, y: $1) } : nil
    }

    func reference(_ key: String) -> Reference? {
        string(key).map { Reference(id: $0, pointer: pointer.appending(key)) }
    }

    /// The string elements of an id array (elements of another type were reported and are left out).
    func references(_ key: String) -> [Reference] {
        guard let elements = value(key)?.arrayValue else { return [] }
        let base = pointer.appending(key)
        return elements.enumerated().compactMap { index, element in
            element.stringValue.map { Reference(id: $0, pointer: base.appending(index)) }
        }
    }

    func enumeration<E: RawRepresentable>(_ key: String, as type: E.Type) -> E? where E.RawValue == String {
        string(key).flatMap(E.init(rawValue:))
    }

    static func pair(_ value: JSONValue) -> (Double, Double)? {
        guard let elements = value.arrayValue, elements.count == 2,
            let a = elements[0].numberValue, let b = elements[1].numberValue, a.isFinite, b.isFinite
        else { return nil }
        return (a, b)
    }
}
