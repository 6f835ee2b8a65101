import JSON

/// A decoded scene file (scene-format.md, version 1): what a UIKit Dynamics animator would hold.
///
/// The model keeps what the file states. Conventions for every node:
/// - `pointer` is where the node stands in the document; a property's pointer is
///   `pointer.appending("key")`, and `RuleContext`/`JSONDocument` helpers turn pointers into ranges.
/// - An optional property is `nil` when the key is absent **or** its value failed to decode (that value
///   already has a `scene.*` diagnostic, so rules skip it). `Scene.invalid` tells the two apart.
/// - Defaults are not filled in (except where a key's absence and its default mean the same thing, noted on
///   the property); the `resolved…` accessors apply the catalog's defaults.
package struct Scene: Equatable, Sendable {
    /// The document's root (`JSONPointer.root`).
    package var pointer: JSONPointer
    /// `format` as written when it is a number (1 is the only valid value); nil when absent or not a number.
    package var format: Double?
    /// `name`, or the file name without `.dynamics.json` when absent (`"scene"` without a file name).
    package var name: String
    /// `referenceView`'s width and height; nil when missing or not valid.
    package var referenceView: Size?
    /// `referenceView.pin` as written: the default pin of every point (see `defaultPin`); nil when absent or invalid.
    package var referencePin: PinEdges?
    /// The items in file order (also items whose `id` is missing: their `id` is nil).
    package var items: [Item]
    /// The behaviors in file order, the order of `addBehavior:`.
    package var behaviors: [Behavior]
    /// The timeline in file order (not sorted: `event.order` reports unsorted events).
    package var events: [Event]
    /// `expect`, in file order (entries that are not objects are left out).
    package var expectations: [Expectation]
    /// `preview`; all nil when absent.
    package var preview: Preview
    /// Pointers of values that were present but failed to decode (wrong type, outside the enumeration or range,
    /// not finite). A rule can tell "absent" (not in here) from "bad" (in here).
    package var invalid: Set<JSONPointer>

    package init(
        pointer: JSONPointer = .root, format: Double? = nil, name: String, referenceView: Size? = nil,
        items: [Item] = [], behaviors: [Behavior] = [], events: [Event] = [], expectations: [Expectation] = [],
        preview: Preview = Preview(), invalid: Set<JSONPointer> = []
    ) {
        self.pointer = pointer
        self.format = format
        self.name = name
        self.referenceView = referenceView
        self.items = items
        self.behaviors = behaviors
        self.events = events
        self.expectations = expectations
        self.preview = preview
        self.invalid = invalid
    }
}

/// The `preview` object: defaults for previews of this scene.
package struct Preview: Equatable, Sendable {
    /// `/preview` (also when the key is absent).
    package var pointer: JSONPointer
    /// Seconds, > 0; nil when absent or invalid.
    package var duration: Double?
    /// Hz, in (0, 1000]; nil when absent or invalid.
    package var frameRate: Double?
    /// The other view sizes `lint --simulate` and the rules that look at the view check the scene at, in file
    /// order (valid entries only; empty when absent).
    package var sizes: [Size]

    package init(
        pointer: JSONPointer = JSONPointer.root.appending("preview"), duration: Double? = nil, frameRate: Double? = nil,
        sizes: [Size] = []
    ) {
        self.pointer = pointer
        self.duration = duration
        self.frameRate = frameRate
        self.sizes = sizes
    }

    /// The preview's duration in seconds (the catalog's default, 3, when not given).
    package var resolvedDuration: Double { duration ?? Preview.defaultDuration }
    /// The preview's frame rate in Hz (the catalog's default, 60, when not given).
    package var resolvedFrameRate: Double { frameRate ?? Preview.defaultFrameRate }
    /// The catalog's default `duration` (the constant its key states, without building the tables).
    package static let defaultDuration = Catalog.previewDefaultDuration
    /// The catalog's default `frameRate`.
    package static let defaultFrameRate = Catalog.previewDefaultFrameRate
}

extension Scene {
    /// From this many items and behaviors, a scene is decoded in runs of elements and its rule families are
    /// checked on several threads (when the caller allows more than one).
    static let parallelMinimumElements = 2_048
}
