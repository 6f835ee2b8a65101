/// The registry of every diagnostic code (rules.md), `sim.*` included, in the page's order.
package enum Rules {
    package static let all: [Rule] = [
        // Syntax and shape
        Rule("json.syntax", .error, .syntaxAndShape, "The text is not JSON (RFC 8259)."),
        Rule("json.duplicateKey", .warning, .syntaxAndShape, "A key appears twice in one object; the last one wins."),
        Rule(
            "json.unsupported", .error, .syntaxAndShape,
            "Valid JSON that Impulse cannot hold (a NUL character in a key, nesting deeper than 2048)."),
        Rule("scene.format", .error, .syntaxAndShape, "`format` is not 1."),
        Rule("scene.noItems", .warning, .syntaxAndShape, "`items` is empty: nothing will move."),
        Rule("scene.missingKey", .error, .syntaxAndShape, "A required key is absent."),
        Rule("scene.unknownKey", .warning, .syntaxAndShape, "A key the format does not define here."),
        Rule("scene.type", .error, .syntaxAndShape, "A value of the wrong JSON type."),
        Rule(
            "scene.enum", .error, .syntaxAndShape,
            "A string outside its enumeration (`type`, `mode`, `kind`, `collisionBounds`, `color`, a `pin` edge)."),
        Rule("scene.range", .error, .syntaxAndShape, "A number outside its range."),
        Rule(
            "scene.rangeAdvice", .warning, .syntaxAndShape,
            "Retired: it flagged friction above 1, which Apple documents as valid; no key triggers it.", retired: true),
        Rule("scene.nonFinite", .error, .syntaxAndShape, "A number that is not finite as a double (e.g. `1e999`)."),
        Rule(
            "scene.exclusiveKeys", .error, .syntaxAndShape, "Keys that exclude each other, or none of a required pair."),
        Rule(
            "scene.pinConflict", .error, .syntaxAndShape,
            "A `pin` that names two edges of one axis (`left` with `right`, `top` with `centerY`)."),
        Rule(
            "scene.angleUnits", .warning, .syntaxAndShape,
            "An angle (item, gravity, push, pin range) above a full turn: it looks like degrees, not radians."),
        // References and identity
        Rule("item.duplicateId", .error, .referencesAndIdentity, "Two items share an id."),
        Rule("item.unknown", .error, .referencesAndIdentity, "`item`, `items` or `attachedTo` names no item."),
        Rule("item.unused", .warning, .referencesAndIdentity, "An item no behavior names: it will never move."),
        Rule(
            "behavior.duplicateId", .error, .referencesAndIdentity,
            "Two behaviors present at the same time share an id."),
        Rule(
            "behavior.unknown", .error, .referencesAndIdentity, "An event names no behavior that exists at that time."),
        Rule("behavior.duplicateItem", .warning, .referencesAndIdentity, "One behavior lists the same item twice."),
        Rule("behavior.empty", .warning, .referencesAndIdentity, "A behavior with an empty `items` list does nothing."),
        Rule(
            "boundary.duplicateId", .error, .referencesAndIdentity,
            "Two boundaries of one collision behavior share an id."),
        Rule(
            "boundary.unknown", .error, .referencesAndIdentity,
            "A reaction or expectation names a boundary that no collision behavior has."),
        // Dynamics semantics
        Rule(
            "attachment.duplicate", .error, .dynamicsSemantics,
            "An item is the `item` of more than one attachment; they fight over it."),
        Rule("attachment.self", .error, .dynamicsSemantics, "`attachedTo` names the attached item itself."),
        Rule("attachment.kindKey", .error, .dynamicsSemantics, "An attachment key that its `kind` does not take."),
        Rule(
            "snap.duplicate", .error, .dynamicsSemantics,
            "Several snaps name one item: the animator ignores all of them."),
        Rule(
            "gravity.multiple", .warning, .dynamicsSemantics,
            "More than one gravity behavior: undefined in UIKit; the last one added or changed wins."),
        Rule(
            "dynamicItem.conflict", .warning, .dynamicsSemantics,
            "Two dynamicItem behaviors give one item different values for one property; the later wins."),
        Rule("collision.noEffect", .warning, .dynamicsSemantics, "A collision behavior with one item and no boundary."),
        Rule(
            "collision.ignoredBoundaries", .warning, .dynamicsSemantics,
            "Mode `items` with boundaries or reference bounds: they are ignored."),
        Rule(
            "collision.insetsWithoutBounds", .warning, .dynamicsSemantics,
            "`insets` without `translatesReferenceBoundsIntoBoundary`."),
        Rule(
            "boundary.degenerate", .error, .dynamicsSemantics,
            "A zero-length segment, or a path with fewer than 2 distinct points."),
        Rule("item.startsOverlapping", .warning, .dynamicsSemantics, "Two items that collide overlap at the start."),
        Rule(
            "item.startsOutside", .warning, .dynamicsSemantics,
            "An item colliding with the reference bounds starts outside them."),
        Rule(
            "item.nonConvexPath", .error, .dynamicsSemantics,
            "A `collisionBounds` path that is not convex, or has fewer than 3 points."),
        Rule(
            "push.noEffect", .warning, .dynamicsSemantics, "A push with magnitude 0 and no later event that changes it."
        ),
        Rule("field.kindKey", .warning, .dynamicsSemantics, "A field key that its `kind` ignores."),
        Rule("event.notLive", .error, .dynamicsSemantics, "An event sets a property that cannot change live."),
        Rule("event.order", .warning, .dynamicsSemantics, "Events not sorted by `at`."),
        Rule(
            "snap.pointOutside", .warning, .dynamicsSemantics,
            "A snap point, static or set by an event, outside the reference view."),
        Rule("boundary.outside", .warning, .dynamicsSemantics, "A boundary entirely outside the reference view."),
        Rule(
            "attachment.undamped", .hint, .dynamicsSemantics,
            "A spring attachment (frequency above 0) with damping 0: it never settles."),
        Rule(
            "reaction.neverTouches", .warning, .dynamicsSemantics,
            "A reaction or expectation about a contact between two things that can never touch."),
        Rule(
            "reaction.removesItsContact", .warning, .dynamicsSemantics,
            "A reaction removes the collision behavior whose contacts it listens to: it can apply at most once."),
        // From a simulation
        Rule("sim.escapes", .warning, .simulation, "An item leaves the reference view for good."),
        Rule(
            "sim.diverged", .error, .simulation,
            "Positions or velocities stop being finite, or an item ends up more than 10⁶ pt away."),
        Rule("sim.neverRests", .info, .simulation, "The scene has not come to rest by the end of the preview."),
        Rule("sim.tunnels", .warning, .simulation, "An item passes through a boundary it collides with."),
        Rule("expect.failed", .error, .simulation, "An expectation of `expect` that the simulation does not meet."),
    ]

    private static let byCode: [String: Rule] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })

    /// The rule of a code, nil for a code that does not exist.
    package static func rule(_ code: String) -> Rule? { byCode[code] }

    /// The default severity of a code (`.error` for an unknown code, so a typo in a rule never hides a problem).
    package static func defaultSeverity(of code: String) -> Severity { byCode[code]?.defaultSeverity ?? .error }

    /// The codes nearest to a misspelled one (for `impulse explain` and configuration messages).
    package static func nearestCodes(to code: String) -> [String] {
        let lowered = code.lowercased()
        let scalars = Array(lowered.unicodeScalars)
        let limit = max(2, code.count / 3)
        var scored: [(code: String, distance: Int)] = []
        for rule in all {
            let candidate = rule.code.lowercased()
            let distance = editDistance(scalars, Array(candidate.unicodeScalars))
            if distance <= limit || candidate.contains(lowered) {
                scored.append((rule.code, distance))
            }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.code < $1.code }
        return scored.prefix(3).map(\.code)
    }
}
