// One paragraph per object kind, written from scene-format.md: hover on an object's brace and the JSON
// schema's `$defs` descriptions read it through `ObjectDescription.documentation`.
extension Catalog {
    /// The paragraph of an object kind; `liveKeys` names the keys of a `liveValues` table (passed in because this
    /// runs while the tables are being built).
    static func objectDocumentation(_ kind: ObjectKind, liveKeys: [String] = []) -> String {
        switch kind {
        case .scene:
            "A scene for Impulse (format 1): what a UIKit Dynamics animator would hold — a reference view, dynamic items, behaviors in the order of `addBehavior:`, and an optional timeline of scripted changes. Units: points, seconds, radians (clockwise on screen), Hz; y points down."
        case .referenceView:
            "The animator's reference view: its bounds are the coordinate space (origin at the top-left corner, x to the right, y down), `{\"width\": w, \"height\": h}` in points."
        case .preview:
            "Defaults for previews of this scene: how long they run and at how many display frames per second (\(previewDefaultsText) when absent; at most \(SimulationRequest.frameLimitText) frames)."
        case .item:
            "A dynamic item (a view the animator moves): its id, initial center, size, angle and collision shape. Mass is density × width × height / 10 000."
        case .collisionBoundsPath:
            "A convex polygon as an item's collision shape: 3 or more points relative to the item's center, turning with the item (UIDynamicItemCollisionBoundsTypePath)."
        case .behavior(let type):
            "\(type.uiKitName): " + lowercasingFirstLetter(behaviorSummary(type))
                + (behaviorDetail(type).map { " " + $0 } ?? "")
        case .insets:
            "Insets of the reference-bounds boundary from the reference view's edges, in points (UIEdgeInsets); only meaningful with `translatesReferenceBoundsIntoBoundary`."
        case .segmentBoundary:
            "A straight boundary from one point to another in the reference view (addBoundaryWithIdentifier:fromPoint:toPoint:); items collide with it when the collision mode allows boundaries."
        case .pathBoundary:
            "A closed loop through points of the reference view, like a UIBezierPath boundary (addBoundaryWithIdentifier:forPath:); items collide with its edges."
        case .fieldRegion:
            "Where a field acts, around its position: a circle (`radius`) or a rectangle (`size`). Without a region the field acts everywhere."
        case .event:
            "One change of the timeline at `at` seconds, applied at the first frame at or after it, before that frame's sub-steps: set live properties of a behavior, add a behavior, remove one, or pan an anchor along a path. A reaction has `on` instead of `at`: it applies before the sub-steps of the frame after each contact event it names."
        case .reaction:
            "When a reaction applies: after each `contactBegan` or after each `contactEnded` event of one pair (the collision behavior's delegate, `collisionBehavior:beganContactForItem:…`)."
        case .contactFilter:
            "A pair of a contact: an item and what it touches (`with`: another item, or a boundary by id, `null` for the reference bounds). The pair matches whichever of two items comes first."
        case .contactPartner:
            "What the item touches: `{\"item\": id}` for another item, `{\"boundary\": id}` for a boundary of a collision behavior, `{\"boundary\": null}` for the reference bounds."
        case .expectation:
            "Something the animation must do, checked when the scene is simulated (`impulse lint --simulate`, the editor's `simulate`): an item `rests` by a time, stays `near` a point, makes a `contact` before a time or `noContact` at all, or the animator `pauses` by a time. A failure is `expect.failed`."
        case .liveValues(let type):
            "The properties of a \(type.rawValue) behavior that a `set` event can change while the scene runs: "
                + liveKeys.map { "`\($0)`" }.joined(separator: ", ") + "."
        }
    }

    /// One sentence per behavior type, what it does: the server's completion and hover show it, and it opens the
    /// type's paragraph (after its UIKit class name).
    package static func behaviorSummary(_ type: BehaviorType) -> String {
        switch type {
        case .gravity:
            "Its items fall with the gravity vector (1.0 = 1000 pt/s²), whatever their mass."
        case .collision:
            "Its items collide with each other and with its boundaries (explicit segments and paths, and the reference bounds when asked)."
        case .attachment:
            "Joins a point of `item` to a fixed `anchor` or to a point of another item (`attachedTo`), as a rod or spring (distance), a hinge (pin), a weld (fixed), a slider (sliding) or a rope (limit)."
        case .snap:
            "Pulls an item's center to a point and its angle to 0 with a damped spring."
        case .push:
            "A continuous force or a one-time impulse on its items, in UIKit Newtons (1 on a 100×100 pt item of density 1 gives 100 pt/s², or 100 pt/s once)."
        case .dynamicItem:
            "The physical properties of its items (elasticity, friction, density, resistance, rotation, anchoring, charge) and velocities added once."
        case .field:
            "A field (\(fieldKindList)) that acts on its items inside its region around its position."
        }
    }

    /// What the type's paragraph says after its summary, when there is more.
    private static func behaviorDetail(_ type: BehaviorType) -> String? {
        switch type {
        case .gravity:
            "Several gravity behaviors are undefined in UIKit: all their items use the vector of the one added or changed last."
        case .collision:
            "Items collide only with the items and boundaries of a collision behavior they share."
        case .snap:
            "Only one snap per item: when several name one item, the animator ignores all of them."
        case .dynamicItem:
            "The defaults apply to every item; when several behaviors set one property, the last one wins."
        case .attachment, .push, .field: nil
        }
    }

    /// The field kinds in words (`gravity, spring, …, electric or magnetic`): the two gravities are one word.
    private static var fieldKindList: String {
        var words: [String] = []
        for kind in FieldKind.allCases {
            let word = kind.rawValue.hasSuffix("Gravity") ? "gravity" : kind.rawValue
            if !words.contains(word) { words.append(word) }
        }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    private static func lowercasingFirstLetter(_ sentence: String) -> String {
        sentence.prefix(1).lowercased() + String(sentence.dropFirst())
    }
}
