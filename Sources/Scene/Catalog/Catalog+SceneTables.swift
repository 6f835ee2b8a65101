import JSON

// The key tables of the scene's own objects: top level, referenceView, preview, items, events.
// Written from scene-format.md; every word a user reads in hover comes from here.
extension Catalog {
    static let allBehaviorShapes: ValueType = .oneOf(BehaviorType.allCases.map { .object(.behavior($0)) })

    static let sceneTables: [ObjectDescription] = [
        ObjectDescription(
            .scene,
            keys: [
                Key(
                    "$schema", .string,
                    doc:
                        "The JSON schema of the file. Impulse ignores it; it lets plain JSON editors find `dynamics-scene.schema.json` for completion and checks."
                ),
                Key(
                    "format", .integer, default: .number(1), allowedNumbers: [1],
                    doc:
                        "The version of the scene format. Only 1 exists; any other number is an error (`1.0` counts as 1, the string `\"1\"` does not)."
                ),
                Key(
                    "name", .string, defaultText: "the file name without `.dynamics.json`",
                    doc: "The scene's name, shown in previews and in the editor's outline."),
                Key(
                    "referenceView", .object(.referenceView), required: true,
                    doc:
                        "The view the animator works in (UIDynamicAnimator's referenceView): `{\"width\": w, \"height\": h}` in points. Coordinates start at its top-left corner, x to the right and y down."
                ),
                Key(
                    "items", .array(.object(.item)), required: true,
                    doc:
                        "The dynamic items (the views the animator moves). May be empty, but then nothing moves (a warning)."
                ),
                Key(
                    "behaviors", .array(allBehaviorShapes), default: .array([]),
                    doc:
                        "The behaviors, in the order of `addBehavior:`: gravity, collision, attachment, snap, push, dynamicItem and field."
                ),
                Key(
                    "events", .array(.object(.event)), default: .array([]),
                    doc:
                        "The timeline of scripted changes, sorted by `at`: each event sets live properties of a behavior, adds a behavior or removes one, as an app's gestures would."
                ),
                Key(
                    "preview", .object(.preview),
                    doc:
                        "Defaults for previews of this scene: `{\"duration\": s, \"frameRate\": hz}`, 3 s at 60 Hz when absent; at most 216 000 frames in all."
                ),
            ]),
        ObjectDescription(
            .referenceView,
            keys: [
                Key(
                    "width", .number, required: true, range: .positive, unit: "pt", uiKit: "bounds.size.width",
                    doc: "The reference view's width in points, greater than 0."),
                Key(
                    "height", .number, required: true, range: .positive, unit: "pt", uiKit: "bounds.size.height",
                    doc: "The reference view's height in points, greater than 0."),
            ]),
        ObjectDescription(
            .preview,
            keys: [
                Key(
                    "duration", .number, default: .number(3),
                    range: NumericRange(min: 0, minIsInclusive: false, max: 3600), unit: "s",
                    doc:
                        "How long a preview runs, in seconds (greater than 0, at most an hour: 3600). `duration × frameRate` may not exceed 216 000 frames."
                ),
                Key(
                    "frameRate", .number, default: .number(60),
                    range: NumericRange(min: 1, max: 1000), unit: "Hz",
                    doc:
                        "Display frames per second of a preview (at least 1, at most 1000). The animator runs fixed sub-steps of 1/120 s inside each frame, so a frame's work grows as the rate falls."
                ),
            ]),
        ObjectDescription(
            .item,
            keys: [
                Key(
                    "id", .identifier(.item), required: true,
                    doc: "The item's id: a non-empty string, unique among items. Behaviors name the item by it."),
                Key(
                    "center", .point, required: true, unit: "pt", uiKit: "center",
                    doc: "The item's initial center in the reference view, `[x, y]` in points (y down)."),
                Key(
                    "size", .size, required: true, range: .positive, unit: "pt", uiKit: "bounds.size",
                    doc:
                        "The item's `[width, height]` in points, both greater than 0. Mass is density × width × height / 10 000 (a 100×100 pt item of density 1 has 1 kg)."
                ),
                Key(
                    "angle", .number, default: .number(0), unit: "rad", uiKit: "transform", angle: .always,
                    doc: "The item's initial rotation in radians; positive turns clockwise on screen."),
                Key(
                    "collisionBounds",
                    .oneOf([.enumeration(["rectangle", "ellipse"]), .object(.collisionBoundsPath)]),
                    default: .string("rectangle"), uiKit: "collisionBoundsType",
                    doc:
                        "The item's collision shape: `\"rectangle\"` (its bounds), `\"ellipse\"` (inscribed in its bounds), or `{\"path\": [[x, y], ...]}`, a convex polygon of 3 or more points relative to the center that turns with the item."
                ),
                Key(
                    "color", .color, uiKit: "backgroundColor",
                    doc:
                        "The item's color in previews and in generated code's prototype views: `\"#rgb\"`, `\"#rrggbb\"` or a CSS color name in lower case (`\"tomato\"`). It has no physics."
                ),
            ]),
        ObjectDescription(
            .collisionBoundsPath,
            keys: [
                Key(
                    "path", .array(.point), required: true, unit: "pt", uiKit: "collisionBoundingPath",
                    doc: "The vertices of a convex polygon, 3 or more `[x, y]` points relative to the item's center.")
            ]),
        ObjectDescription(
            .event,
            keys: [
                Key(
                    "at", .number, required: true, range: .nonNegative, unit: "s",
                    doc:
                        "When the event applies, in seconds (≥ 0): at the first frame whose time is at least `at`, before that frame's sub-steps run. Events should be sorted by `at`."
                ),
                Key(
                    "set", .reference(.behavior),
                    doc:
                        "The id of a behavior whose live properties `values` changes: an attachment's anchor, length, damping and frequency; a snap's point; a push's active, direction, angle and magnitude; a gravity's direction, angle and magnitude."
                ),
                Key(
                    "values", .oneOf(liveTypes.map { .object(.liveValues($0)) }), requiredWith: "set",
                    doc: "With `set`: the properties to change and their new values."),
                Key(
                    "add", allBehaviorShapes, uiKit: "addBehavior:",
                    doc:
                        "A behavior to add at this time, as `addBehavior:` (a `dynamicItem` behavior added by an event adds its velocities once, when it is added)."
                ),
                Key(
                    "remove", .reference(.behavior), uiKit: "removeBehavior:",
                    doc: "The id of a behavior to remove at this time, as `removeBehavior:`."),
            ],
            exclusions: [
                Exclusion(
                    ["set"], excludes: ["add", "remove"],
                    advice: "an event has exactly one action; use one event per action"),
                Exclusion(
                    ["add"], excludes: ["remove"], advice: "an event has exactly one action; use one event per action"),
                Exclusion(["values"], excludes: ["add", "remove"], advice: "`values` belongs with `set` only"),
            ], requiresOneOf: ["set", "add", "remove"]),
    ]
}
