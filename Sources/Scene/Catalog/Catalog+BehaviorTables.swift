import Engine
import JSON

// The key tables of the seven behavior types and the objects inside them (insets, boundaries, field
// regions). Written from scene-format.md. The `type` key is listed in every behavior's table (its value
// selects the table); live keys are marked `live: true` (the `liveValues` tables derive from them).
extension Catalog {
    private static let typeKey = Key(
        "type", .enumeration(BehaviorType.allCases.map(\.rawValue)), required: true,
        doc: "The behavior's type: `gravity`, `collision`, `attachment`, `snap`, `push`, `dynamicItem` or `field`.")
    private static let idKey = Key(
        "id", .identifier(.behavior),
        doc:
            "The behavior's id: a non-empty string, unique among the behaviors present at the same time. Events and diagnostics refer to the behavior by it."
    )
    private static func itemsKey(_ what: String) -> Key {
        Key(
            "items", .references(.item), required: true, uiKit: "items", live: true,
            doc:
                "The ids of the items \(what). A `set` event may change the list, as `addItem:`/`removeItem:`: an item no behavior names any more stops where it is; one that joins starts from where it is, at rest."
        )
    }

    static let attachmentKinds = AttachmentKind.allCases.map(\.rawValue)
    static let fieldKinds = FieldKind.allCases.map(\.rawValue)

    /// The properties a dynamicItem behavior sets on its items, in the format page's order: the one list of them.
    /// Their defaults are UIKit's as the engine applies them (`BodyProperties()`), the one copy.
    package static let itemProperties: [ItemProperty] = [
        .number(
            "elasticity", \.elasticity, range: .unit,
            doc: "How much of the speed a collision gives back, 0…1 (contacts use the larger of the two)."),
        .number(
            "friction", \.friction, range: .nonNegative,
            doc:
                "Friction between surfaces sliding on each other, at least 0: 1 is strong friction, and higher numbers are stronger still, as Apple documents (contacts mix it as √(f₁·f₂))."
        ),
        .number(
            "density", \.density, range: .positive,
            doc:
                "Mass per area, greater than 0: mass = density × width × height / 10 000 (a 100×100 pt item of density 1 has 1 kg). Above 1 is allowed."
        ),
        .number(
            "resistance", \.resistance, range: .nonNegative,
            doc: "Linear damping, at least 0: each 1/120 s step multiplies the velocity by 1/(1 + h·resistance)."),
        .number(
            "angularResistance", \.angularResistance, range: .nonNegative,
            doc: "Angular damping, at least 0: each 1/120 s step multiplies the spin by 1/(1 + h·angularResistance)."),
        .flag("allowsRotation", \.allowsRotation, doc: "Whether the item may turn."),
        .flag(
            "anchored", \.anchored,
            doc:
                "An anchored item stays where it is, and others still collide with it. Removing the behavior does not undo it."
        ),
        .number(
            "charge", \.charge,
            doc: "Electric charge, for electric and magnetic fields. Removing the behavior does not undo it."),
    ]

    /// The index in `itemProperties` of the property `name`, for a name written in our code: another name is a
    /// misspelling in the code, and stops the program.
    package static func itemPropertyIndex(_ name: String) -> Int {
        guard let index = itemProperties.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("the catalog has no dynamicItem property \(name)")
        }
        return index
    }

    /// The falloff's default, which depends on the kind, from the engine: "0 (radialGravity 2, spring −1, …)".
    static let falloffDefaultText: String = {
        let others = Dictionary(grouping: FieldKind.allCases.filter { $0.defaultFalloff != 0 }, by: \.defaultFalloff)
        let parts = others.keys.sorted { abs($0) > abs($1) || (abs($0) == abs($1) && $0 > $1) }.map { falloff in
            let names = others[falloff]!.map(\.rawValue)
            let kinds = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            let magnitude = abs(falloff) == abs(falloff).rounded() ? String(Int(abs(falloff))) : String(abs(falloff))
            return kinds + " " + (falloff < 0 ? "−" : "") + magnitude
        }
        return "0 (" + parts.joined(separator: ", ") + ")"
    }()

    /// The keys of a behavior type or an object inside a behavior (`Catalog.table(_:)` adds `$comment` and the
    /// paragraph); nil for the kinds of `sceneTable(_:)`.
    static func behaviorTable(_ kind: ObjectKind) -> ObjectDescription? {
        switch kind {
        case .behavior(.gravity):
            ObjectDescription(
                kind,
                keys: [
                    typeKey, idKey, itemsKey("that fall"),
                    Key(
                        "direction", .vector, default: .array([.number(0), .number(1)]), uiKit: "gravityDirection",
                        live: true,
                        doc:
                            "The gravity vector; a length of 1.0 is 1000 pt/s² (UIKit's standard gravity). Exclusive with `angle`/`magnitude`. The acceleration does not depend on mass."
                    ),
                    Key(
                        "angle", .number, default: .number(.pi / 2), defaultText: "π/2", unit: "rad", uiKit: "angle",
                        live: true, angle: .always,
                        doc:
                            "The direction of gravity in radians (π/2 points down the screen); with `magnitude`, the other way to give the vector. Exclusive with `direction`."
                    ),
                    Key(
                        "magnitude", .number, default: .number(1), uiKit: "magnitude", live: true,
                        doc:
                            "The strength of gravity; 1.0 is 1000 pt/s². With `angle`, the other way to give the vector. Exclusive with `direction`."
                    ),
                ],
                exclusions: [
                    Exclusion(
                        ["direction"], excludes: ["angle", "magnitude"],
                        advice: "give the gravity vector either as `direction` or as `angle` and `magnitude`")
                ])
        case .behavior(.collision):
            ObjectDescription(
                kind,
                keys: [
                    typeKey, idKey, itemsKey("that collide"),
                    Key(
                        "mode", .enumeration(CollisionMode.allCases.map(\.rawValue)), default: .string("everything"),
                        uiKit: "collisionMode",
                        doc:
                            "What the items collide with: `everything` (items and boundaries), `items` (each other only; boundaries are ignored) or `boundaries` (boundaries only; items pass through each other)."
                    ),
                    Key(
                        "translatesReferenceBoundsIntoBoundary", .boolean, default: .bool(false),
                        uiKit: "translatesReferenceBoundsIntoBoundary",
                        doc:
                            "When true, the reference view's bounds (inset by `insets`) become a boundary that keeps the items inside. `false` is the same as leaving it out."
                    ),
                    Key(
                        "insets", .object(.insets), defaultText: "all 0",
                        uiKit: "setTranslatesReferenceBoundsIntoBoundaryWithInsets:",
                        doc:
                            "Insets of the reference-bounds boundary, `{\"top\", \"left\", \"bottom\", \"right\"}` in points. Only with `translatesReferenceBoundsIntoBoundary`."
                    ),
                    Key(
                        "boundaries", .array(.oneOf([.object(.segmentBoundary), .object(.pathBoundary)])),
                        default: .array([]), uiKit: "addBoundaryWithIdentifier:",
                        doc:
                            "Extra boundaries: segments `{\"id\", \"from\", \"to\"}` and closed paths `{\"id\", \"path\"}` (like a UIBezierPath boundary). Ids are unique within the behavior."
                    ),
                ])
        case .behavior(.attachment):
            ObjectDescription(
                kind,
                keys: [
                    typeKey, idKey,
                    Key(
                        "item", .reference(.item), required: true, uiKit: "items",
                        doc: "The id of the attached item."),
                    Key(
                        "offset", .vector, default: .array([.number(0), .number(0)]), unit: "pt",
                        uiKit: "offsetFromCenter",
                        doc:
                            "Where on the item the attachment holds it, from its center in points; turns with the item."
                    ),
                    Key(
                        "anchor", .point, unit: "pt", uiKit: "anchorPoint", kinds: ["distance", "sliding"], live: true,
                        doc:
                            "A fixed point in the reference view to attach the item to (distance and sliding only). Exactly one of `anchor` and `attachedTo`."
                    ),
                    pinKey(of: "`anchor`", kinds: ["distance", "sliding"]),
                    Key(
                        "attachedTo", .reference(.item), uiKit: "attachedToItem",
                        doc:
                            "The id of another item to attach the item to. Exactly one of `anchor` and `attachedTo`; pin, fixed and limit attachments need it."
                    ),
                    Key(
                        "attachedOffset", .vector, default: .array([.number(0), .number(0)]), unit: "pt",
                        uiKit: "offsetFromCenter (attached item)",
                        doc:
                            "Where on the `attachedTo` item the attachment holds, from its center in points; turns with that item. Only with `attachedTo`."
                    ),
                    Key(
                        "kind", .enumeration(attachmentKinds), default: .string("distance"), uiKit: "attachmentType",
                        doc:
                            "The iOS 9 factory: `distance` (a rod or spring), `pin` (a hinge), `fixed` (welded), `sliding` (along an axis) or `limit` (a rope with a maximum length)."
                    ),
                    Key(
                        "length", .number, defaultText: "the distance at the start", range: .nonNegative, unit: "pt",
                        uiKit: "length",
                        kinds: ["distance", "limit"], live: true,
                        doc:
                            "Distance: the rod's length or the spring's rest length. Limit: the maximum length. At least 0; by default the distance between the two points at the start."
                    ),
                    Key(
                        "damping", .number, default: .number(0), range: .nonNegative, uiKit: "damping",
                        kinds: ["distance"],
                        live: true,
                        doc: "The spring's damping ratio (distance only); 1 is critical damping."),
                    Key(
                        "frequency", .number, default: .number(0), range: .nonNegative, unit: "Hz", uiKit: "frequency",
                        kinds: ["distance"], live: true,
                        doc: "The spring's frequency in Hz (distance only); 0 makes a rigid rod."),
                    Key(
                        "frictionTorque", .number, default: .number(0), range: .nonNegative, uiKit: "frictionTorque",
                        kinds: ["pin"],
                        doc: "Torque that resists turning the pin (pin only), at least 0."),
                    Key(
                        "range", .rangePair, defaultText: "unlimited", uiKit: "attachmentRange",
                        kinds: ["pin", "sliding"],
                        angle: .forKinds(["pin"]),
                        doc:
                            "`[min, max]` with min ≤ 0 ≤ max: the allowed rotation in radians (pin) or travel in points along the axis (sliding)."
                    ),
                    Key(
                        "axis", .vector, nonZero: true, uiKit: "axisOfTranslation", kinds: ["sliding"],
                        requiredForKinds: ["sliding"],
                        doc:
                            "The direction the item slides along (sliding only, required there, not `[0, 0]`), given in the reference view at the start; it turns with the item."
                    ),
                ],
                exclusions: [
                    Exclusion(
                        ["anchor"], excludes: ["attachedTo"],
                        advice: "attach the item either to a fixed `anchor` or to another item with `attachedTo`"),
                    Exclusion(
                        ["anchor"], excludes: ["attachedOffset"],
                        advice: "`attachedOffset` applies only with `attachedTo`"),
                ], requiresOneOf: ["anchor", "attachedTo"])
        case .behavior(.snap):
            ObjectDescription(
                kind,
                keys: [
                    typeKey, idKey,
                    Key(
                        "item", .reference(.item), required: true, uiKit: "item",
                        doc:
                            "The id of the item to snap. Only one snap per item: when several snaps name one item, the animator ignores all of them."
                    ),
                    Key(
                        "point", .point, required: true, unit: "pt", uiKit: "snapPoint", live: true,
                        doc: "Where the item's center goes, in the reference view; the item also turns back to angle 0."
                    ),
                    pinKey(of: "`point`"),
                    Key(
                        "damping", .number, default: .number(0.5), range: .unit, uiKit: "damping",
                        doc:
                            "How much the snap's oscillation is damped, 0…1. Read once, when the snap is added: to change it, remove the snap and add a new one."
                    ),
                ])
        case .behavior(.push):
            ObjectDescription(
                kind,
                keys: [
                    typeKey, idKey, itemsKey("to push"),
                    Key(
                        "mode", .enumeration(PushMode.allCases.map(\.rawValue)), default: .string("continuous"),
                        uiKit: "mode",
                        doc:
                            "`continuous` pushes in every step; `instantaneous` gives one impulse, then turns itself off. Fixed once the push is added."
                    ),
                    Key(
                        "direction", .vector, default: .array([.number(0), .number(0)]), unit: "UIKit N",
                        uiKit: "pushDirection", live: true,
                        doc:
                            "The force vector in UIKit Newtons: one UIKit Newton gives a 100×100 pt item of density 1 an acceleration of 100 pt/s² (an instantaneous push of 1 gives it 100 pt/s). Exclusive with `angle`/`magnitude`."
                    ),
                    Key(
                        "angle", .number, default: .number(0), unit: "rad", uiKit: "angle", live: true, angle: .always,
                        doc:
                            "The direction of the force in radians; with `magnitude`, the other way to give the vector. Exclusive with `direction`."
                    ),
                    Key(
                        "magnitude", .number, default: .number(0), unit: "UIKit N", uiKit: "magnitude", live: true,
                        doc:
                            "The strength of the force in UIKit Newtons; with `angle`, the other way to give the vector. Exclusive with `direction`."
                    ),
                    Key(
                        "active", .boolean, default: .bool(true), uiKit: "active", live: true,
                        doc:
                            "Whether the push acts. An instantaneous push applies once, then sets itself inactive; setting it active again pushes again."
                    ),
                    Key(
                        "offset", .vector, default: .array([.number(0), .number(0)]), unit: "pt",
                        uiKit: "targetOffsetFromCenter",
                        doc:
                            "Where the force applies, from the item's center in points; not rotated with the item. An offset force also turns the item."
                    ),
                ],
                exclusions: [
                    Exclusion(
                        ["direction"], excludes: ["angle", "magnitude"],
                        advice: "give the force either as `direction` or as `angle` and `magnitude`")
                ])
        case .behavior(.dynamicItem):
            ObjectDescription(
                kind,
                keys: [
                    typeKey, idKey, itemsKey("whose properties this behavior sets"),
                ]
                    + itemProperties.map(\ItemProperty.key) + [
                        Key(
                            "linearVelocity", .vector, default: .array([.number(0), .number(0)]), unit: "pt/s",
                            uiKit: "addLinearVelocity:forItem:",
                            doc: "A velocity added once, when the behavior is added, in points per second."),
                        Key(
                            "angularVelocity", .number, default: .number(0), unit: "rad/s",
                            uiKit: "addAngularVelocity:forItem:",
                            doc: "A spin added once, when the behavior is added, in radians per second."),
                    ])
        case .behavior(.field):
            ObjectDescription(
                kind,
                keys: [
                    typeKey, idKey, itemsKey("the field acts on (it acts on no others)"),
                    Key(
                        "kind", .enumeration(fieldKinds), required: true, uiKit: "UIFieldBehavior factory",
                        doc:
                            "The field: `linearGravity`, `radialGravity`, `spring`, `drag`, `vortex`, `velocity`, `noise`, `turbulence`, `electric` or `magnetic`."
                    ),
                    Key(
                        "position", .point, defaultText: "the center of the reference view", unit: "pt",
                        uiKit: "position",
                        doc: "The field's center in the reference view."),
                    pinKey(of: "`position`"),
                    Key(
                        "region", .object(.fieldRegion), defaultText: "infinite", uiKit: "region",
                        doc:
                            "Where the field acts, around `position`: `{\"radius\": r}` or `{\"size\": [w, h]}`; everywhere when absent."
                    ),
                    Key(
                        "strength", .number, default: .number(FieldDefinition.defaultStrength), uiKit: "strength",
                        doc: "The field's strength."),
                    Key(
                        "falloff", .number, defaultText: falloffDefaultText, uiKit: "falloff",
                        doc: "How the strength falls off with distance (an exponent); the default depends on the kind."),
                    Key(
                        "minimumRadius", .number, default: .number(FieldDefinition.defaultMinimumRadius),
                        range: .nonNegative, unit: "pt",
                        uiKit: "minimumRadius",
                        doc: "Below this distance from `position` the falloff no longer grows, at least 0."),
                    Key(
                        "direction", .vector, default: .array([.number(0), .number(1)]), uiKit: "direction",
                        kinds: ["linearGravity", "velocity"],
                        doc: "The field's vector (linearGravity and velocity only)."),
                    Key(
                        "smoothness", .number, default: .number(0), uiKit: "smoothness",
                        kinds: ["noise", "turbulence"],
                        doc: "How smooth the noise is (noise and turbulence only)."),
                    Key(
                        "animationSpeed", .number, default: .number(0), uiKit: "animationSpeed",
                        kinds: ["noise", "turbulence"],
                        doc: "How fast the noise changes over time (noise and turbulence only)."),
                ])
        case .insets:
            ObjectDescription(
                kind,
                keys: ["top", "left", "bottom", "right"].map { side in
                    Key(
                        side, .number, default: .number(0), unit: "pt", uiKit: "UIEdgeInsets.\(side)",
                        doc:
                            "How far the reference-bounds boundary lies inside the \(side) edge of the reference view, in points."
                    )
                })
        case .segmentBoundary:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "id", .identifier(.boundary), required: true, uiKit: "identifier",
                        doc: "The boundary's id, unique within its collision behavior; contact events name it."),
                    Key(
                        "from", .point, required: true, unit: "pt", uiKit: "fromPoint",
                        doc: "One end of the segment, in the reference view."),
                    Key(
                        "to", .point, required: true, unit: "pt", uiKit: "toPoint",
                        doc: "The other end of the segment, in the reference view."),
                    pinKey(of: "`from` and `to`"),
                ])
        case .pathBoundary:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "id", .identifier(.boundary), required: true, uiKit: "identifier",
                        doc: "The boundary's id, unique within its collision behavior; contact events name it."),
                    Key(
                        "path", .array(.point), required: true, unit: "pt", uiKit: "forPath",
                        doc:
                            "The points of a closed loop in the reference view (like a UIBezierPath boundary), at least 2 distinct points."
                    ),
                    pinKey(of: "every point of `path`"),
                ])
        case .fieldRegion:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "radius", .number, range: .nonNegative, unit: "pt", uiKit: "UIRegion(radius:)",
                        doc: "A circular region of this radius around the field's position. Exclusive with `size`."),
                    Key(
                        "size", .size, range: .nonNegative, unit: "pt", uiKit: "UIRegion(size:)",
                        doc:
                            "A rectangular region of this `[width, height]` centered on the field's position. Exclusive with `radius`."
                    ),
                ],
                exclusions: [
                    Exclusion(
                        ["radius"], excludes: ["size"],
                        advice: "a region is either a circle (`radius`) or a rectangle (`size`)")
                ], requiresOneOf: ["radius", "size"])
        default: nil
        }
    }
}
