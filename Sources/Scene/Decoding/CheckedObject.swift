import JSON

/// An object whose members were checked against its catalog table: typed accessors return a member's value
/// only when it passed its checks (nil when absent or invalid).
struct CheckedObject {
    let object: JSONObject
    let pointer: JSONPointer
    let description: ObjectDescription
    /// Keys of the table whose values passed their checks.
    var valid: Set<String> = []

    func has(_ key: String) -> Bool { object[key] != nil }
    func value(_ key: String) -> JSONValue? { valid.contains(key) ? object[key] : nil }
    func number(_ key: String) -> Double? { value(key)?.numberValue }
    func bool(_ key: String) -> Bool? { value(key)?.boolValue }
    func string(_ key: String) -> String? { value(key)?.stringValue }

    func vector(_ key: String) -> Vector? { value(key).flatMap(CheckedObject.pair).map { Vector(x: $0, y: $1) } }
    func size(_ key: String) -> Size? { value(key).flatMap(CheckedObject.pair).map { Size(width: $0, height: $1) } }
    func interval(_ key: String) -> Interval? { value(key).flatMap(CheckedObject.pair).map { Interval(min: $0, max: $1) } }

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
              let a = elements[0].numberValue, let b = elements[1].numberValue, a.isFinite, b.isFinite else { return nil }
        return (a, b)
    }
}
