/// Where a key's numbers are angles in radians (`Key.angle`): a magnitude above 2π there looks like degrees
/// (`scene.angleUnits`).
package enum AngleUse: Equatable, Sendable {
    /// Always an angle (an item's, a gravity's or a push's `angle`).
    case always
    /// An angle only for these attachment kinds (a pin's `range`; a sliding attachment's is in points).
    case forKinds([String])

    /// Whether numbers of a key with this use are angles in an object of kind `kind` (nil: kind unknown).
    package func applies(toKind kind: String?) -> Bool {
        switch self {
        case .always: true
        case .forKinds(let kinds): kind.map(kinds.contains) ?? false
        }
    }

    /// The largest magnitude that does not look like degrees: one full turn.
    package static let plausibleMaximum = 2 * Double.pi
}
