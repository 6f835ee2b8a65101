import JSON

// The key tables of the scene's own objects: top level, referenceView, preview, items, events.
// Written from scene-format.md; every word a user reads in hover comes from here.
extension Catalog {
    /// A preview's length when the scene has no `preview`: the defaults of `preview.duration` and
    /// `preview.frameRate`. Stated here, outside the tables, so that their documentation can say them too.
    package static let previewDefaultDuration = 3.0
    package static let previewDefaultFrameRate = 60.0
    /// "3 s at 60 Hz".
    package static var previewDefaultsText: String {
        "\(NumberText.format(previewDefaultDuration)) s at \(NumberText.format(previewDefaultFrameRate)) Hz"
    }

    static let allBehaviorShapes: ValueType = .oneOf(BehaviorType.allCases.map { .object(.behavior($0)) })

    /// The shape of every `pin`: a list of edge names (at most one per axis, `scene.pinConflict`).
    package static let pinType: ValueType = .array(.enumeration(Pin.edgeNames))

    /// The `pin` key of an object whose point is `point` (a phrase: "`center`", "`anchor`"), for the kinds given (nil: all).
    static func pinKey(of point: String, kinds: [String]? = nil) -> Key {
        Key(
            "pin", pinType, defaultText: "`referenceView.pin`", uiKit: "autoresizingMask", kinds: kinds,
            doc:
                "The edges of the reference view that \(point) keeps its distance to when the view is shown at another size than `referenceView` (`impulse preview --reference-size`, `preview.sizes`, generated code): at most one of `left`, `right`, `centerX` and at most one of `top`, `bottom`, `centerY`. `right` keeps the distance to the right edge (x′ = W′ − (W − x)), `centerX` to the middle (x′ = W′/2 + (x − W/2)), `left` keeps x; the vertical edges likewise. An axis left out takes `referenceView.pin`'s edge. Sizes never change."
        )
    }

    /// The keys of one of the scene's own object kinds (`Catalog.table(_:)` adds `$comment` and the paragraph); nil
    /// for the kinds of `behaviorTable(_:)`.
    static func sceneTable(_ kind: ObjectKind) -> ObjectDescription? {
        switch kind {
        case .scene:
            ObjectDescription(
                kind,
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
                            "The timeline of scripted changes, sorted by `at`: each event sets live properties of a behavior, adds a behavior, removes one or pans an anchor along a path, as an app's gestures would. A reaction has `on` instead of `at`: it applies after each contact event it names, as a collision delegate would."
                    ),
                    Key(
                        "expect", .array(.object(.expectation)), default: .array([]),
                        doc:
                            "Expectations checked when the scene is simulated (`impulse lint --simulate`, the editor's `simulate`): `rests`, `near`, `contact`, `noContact` and `pauses`. Each one the run does not meet is an `expect.failed` error saying what happened instead; without a simulation only their shape is checked."
                    ),
                    Key(
                        "preview", .object(.preview),
                        doc:
                            "Defaults for previews of this scene: `{\"duration\": s, \"frameRate\": hz, \"sizes\": [[w, h], ...]}`, \(previewDefaultsText) when absent; at most \(SimulationRequest.frameLimitText) frames in all."
                    ),
                ])
        case .referenceView:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "width", .number, required: true, range: .positive, unit: "pt", uiKit: "bounds.size.width",
                        doc: "The reference view's width in points, greater than 0."),
                    Key(
                        "height", .number, required: true, range: .positive, unit: "pt", uiKit: "bounds.size.height",
                        doc: "The reference view's height in points, greater than 0."),
                    Key(
                        "pin", pinType, default: .array([.string("left"), .string("top")]), uiKit: "autoresizingMask",
                        doc:
                            "The scene's default pin: the edges every point (item centers, boundaries, anchors, snap points, field positions, `near` points, `set` and `pan` values) keeps its distance to when the view is shown at another size, unless its object has a `pin` of its own. At most one of `left`, `right`, `centerX` and at most one of `top`, `bottom`, `centerY`; an axis left out is `left` or `top`. `[\"left\", \"top\"]` (the default) keeps every coordinate."
                    ),
                ])
        case .preview:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "duration", .number, default: .number(previewDefaultDuration),
                        range: NumericRange(min: 0, minIsInclusive: false, max: 3600), unit: "s",
                        doc:
                            "How long a preview runs, in seconds (greater than 0, at most an hour: 3600). `duration × frameRate` may not exceed \(SimulationRequest.frameLimitText) frames."
                    ),
                    Key(
                        "frameRate", .number, default: .number(previewDefaultFrameRate),
                        range: NumericRange(min: 1, max: 1000), unit: "Hz",
                        doc:
                            "Display frames per second of a preview (at least 1, at most 1000). The animator runs fixed sub-steps of 1/120 s inside each frame, so a frame's work grows as the rate falls."
                    ),
                    Key(
                        "sizes", .array(.size), range: .positive, unit: "pt",
                        doc:
                            "Other reference view sizes to check the scene at, `[[w, h], ...]` in points (each greater than 0): `impulse lint --simulate` checks every `expect` at the design size and at each of these, and the rules that look at the view (`boundary.outside`, `snap.pointOutside`, `item.startsOverlapping`, `item.startsOutside`) check each size, with every point placed by its `pin`."
                    ),
                ])
        case .item:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "id", .identifier(.item), required: true,
                        doc: "The item's id: a non-empty string, unique among items. Behaviors name the item by it."),
                    Key(
                        "center", .point, required: true, unit: "pt", uiKit: "center",
                        doc: "The item's initial center in the reference view, `[x, y]` in points (y down)."),
                    pinKey(of: "`center`"),
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
                ])
        case .collisionBoundsPath:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "path", .array(.point), required: true, unit: "pt", uiKit: "collisionBoundingPath",
                        doc:
                            "The vertices of a convex polygon, 3 or more `[x, y]` points relative to the item's center."
                    )
                ])
        case .event:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "at", .number, range: .nonNegative, unit: "s",
                        doc:
                            "When the event applies, in seconds (≥ 0): at the first frame whose time is at least `at`, before that frame's sub-steps run. Events should be sorted by `at`. A reaction has `on` instead."
                    ),
                    Key(
                        "on", .object(.reaction), uiKit: "UICollisionBehaviorDelegate",
                        doc:
                            "Instead of `at`: a reaction to contacts, `{\"contactBegan\" | \"contactEnded\": {\"item\": id, \"with\": {\"item\": id} | {\"boundary\": id | null}}}`. The action applies before the sub-steps of the frame after each such contact event."
                    ),
                    Key(
                        "once", .boolean, default: .bool(false),
                        doc: "With `on`: `true` applies the reaction at the first such contact event only."),
                    Key(
                        "set", .reference(.behavior),
                        doc:
                            "The id of a behavior whose live properties `values` changes: an attachment's anchor, length, damping and frequency; a snap's point; a push's active, direction, angle and magnitude; a gravity's direction, angle and magnitude; the items of a gravity, collision, push, dynamicItem or field behavior."
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
                    Key(
                        "pan", .reference(.behavior),
                        doc:
                            "A pan gesture: the id of an attachment whose `anchor` (or of a snap whose `point`) follows `path` at constant speed for `duration` seconds. On every frame of the gesture the anchor is where the finger is at that frame's time, as `set` events at each frame would place it."
                    ),
                    Key(
                        "path", .array(.point), unit: "pt", requiredWith: "pan", minimumCount: 1,
                        doc: "With `pan`: the finger's path, 1 or more `[x, y]` points of the reference view."),
                    Key(
                        "duration", .number, range: .nonNegative, unit: "s", requiredWith: "pan",
                        doc: "With `pan`: how long the finger takes to follow the path, in seconds (≥ 0)."),
                ],
                exclusions: [
                    Exclusion(
                        ["set"], excludes: ["add", "remove", "pan"],
                        advice: "an event has exactly one action; use one event per action"),
                    Exclusion(
                        ["add"], excludes: ["remove", "pan"],
                        advice: "an event has exactly one action; use one event per action"),
                    Exclusion(
                        ["remove"], excludes: ["pan"],
                        advice: "an event has exactly one action; use one event per action"
                    ),
                    Exclusion(
                        ["values"], excludes: ["add", "remove", "pan"], advice: "`values` belongs with `set` only"),
                    Exclusion(
                        ["path", "duration"], excludes: ["set", "add", "remove"],
                        advice: "`path` and `duration` belong with `pan` only"),
                    Exclusion(
                        ["at"], excludes: ["on"],
                        advice: "an event applies at a time or in reaction to contacts, not both"),
                    Exclusion(
                        ["once"], excludes: ["at"], advice: "`once` belongs with `on`: an event at a time applies once"),
                ], requiresOneOf: ["set", "add", "remove", "pan"], alsoRequiresOneOf: ["at", "on"])
        case .reaction:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "contactBegan", .object(.contactFilter), uiKit: "collisionBehavior:beganContactForItem:",
                        doc: "Apply the action after each frame in which this pair begins to touch."),
                    Key(
                        "contactEnded", .object(.contactFilter), uiKit: "collisionBehavior:endedContactForItem:",
                        doc: "Apply the action after each frame in which this pair stops touching."),
                ],
                exclusions: [
                    Exclusion(
                        ["contactBegan"], excludes: ["contactEnded"],
                        advice: "a reaction listens to one kind of contact event; use two events")
                ], requiresOneOf: ["contactBegan", "contactEnded"])
        case .contactFilter:
            ObjectDescription(
                kind,
                keys: [
                    Key("item", .reference(.item), required: true, doc: "The id of one item of the pair."),
                    Key(
                        "with", .object(.contactPartner), required: true,
                        doc:
                            "What the item touches: `{\"item\": id}`, `{\"boundary\": id}`, or `{\"boundary\": null}` for the reference bounds."
                    ),
                ])
        case .contactPartner:
            ObjectDescription(
                kind,
                keys: [
                    Key("item", .reference(.item), doc: "The id of the other item."),
                    Key(
                        "boundary", .oneOf([.reference(.boundary), .null]), uiKit: "boundaryIdentifier",
                        doc:
                            "The id of a boundary of a collision behavior the item belongs to; `null` is the reference bounds (translatesReferenceBoundsIntoBoundary)."
                    ),
                ],
                exclusions: [
                    Exclusion(["item"], excludes: ["boundary"], advice: "a contact is with an item or with a boundary")
                ], requiresOneOf: ["item", "boundary"])
        case .expectation:
            ObjectDescription(
                kind,
                keys: [
                    Key(
                        "type", .enumeration(ExpectationType.allCases.map(\.rawValue)), required: true,
                        doc:
                            "What is expected: `rests` (the item rests by `by`), `near` (from `by` to the end the item's center stays within `within` of `point`), `contact` (such a contact begins before `before`), `noContact` (it never begins), `pauses` (the animator is paused at `by`)."
                    ),
                    Key(
                        "item", .reference(.item), kinds: ["rests", "near", "contact", "noContact"],
                        requiredForKinds: ["rests", "near", "contact", "noContact"], doc: "The id of the item expected."
                    ),
                    Key(
                        "by", .number, range: .nonNegative, unit: "s", kinds: ["rests", "near", "pauses"],
                        requiredForKinds: ["rests", "near", "pauses"],
                        doc:
                            "The time in seconds (≥ 0) by which it holds: the item rests at `by` (rests), stays near from `by` to the end (near), the animator is paused at `by` (pauses)."
                    ),
                    Key(
                        "point", .point, unit: "pt", kinds: ["near"], requiredForKinds: ["near"],
                        doc: "With near: the point the item's center stays near, in the reference view."),
                    pinKey(of: "`point`", kinds: ["near"]),
                    Key(
                        "within", .number, range: .nonNegative, unit: "pt", kinds: ["near"], requiredForKinds: ["near"],
                        doc: "With near: the largest distance in points between the item's center and `point`."),
                    Key(
                        "angleWithin", .number, range: .nonNegative, unit: "rad", kinds: ["near"],
                        doc: "With near, optional: the largest angle in radians between the item's angle and 0."),
                    Key(
                        "with", .object(.contactPartner), kinds: ["contact", "noContact"],
                        requiredForKinds: ["contact", "noContact"],
                        doc:
                            "With contact and noContact: what the item touches, `{\"item\": id}`, `{\"boundary\": id}` or `{\"boundary\": null}` (the reference bounds)."
                    ),
                    Key(
                        "before", .number, range: .nonNegative, unit: "s", kinds: ["contact"],
                        requiredForKinds: ["contact"],
                        doc: "With contact: the contact begins before this time in seconds."),
                ])
        default: nil
        }
    }
}
