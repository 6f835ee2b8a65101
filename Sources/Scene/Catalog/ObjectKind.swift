/// Every kind of JSON object the scene format defines; the catalog holds one key table per kind.
package enum ObjectKind: Hashable, Sendable {
    /// The document's root object.
    case scene
    /// `referenceView`: `{"width", "height"}`.
    case referenceView
    /// `preview`: `{"duration", "frameRate"}`.
    case preview
    /// An element of `items`.
    case item
    /// An item's `collisionBounds` given as `{"path": [...]}`.
    case collisionBoundsPath
    /// A behavior of one type (an element of `behaviors`, or an event's `add`).
    case behavior(BehaviorType)
    /// A collision behavior's `insets`.
    case insets
    /// A collision boundary given as a segment `{"id", "from", "to"}`.
    case segmentBoundary
    /// A collision boundary given as a closed path `{"id", "path"}`.
    case pathBoundary
    /// A field's `region`: `{"radius"}` or `{"size"}`.
    case fieldRegion
    /// An element of `events`.
    case event
    /// A reaction's `on`: `{"contactBegan": {...}}` or `{"contactEnded": {...}}`.
    case reaction
    /// A contact pair `{"item", "with"}` (in a reaction's `on`, in a contact expectation).
    case contactFilter
    /// A contact pair's `with`: `{"item"}` or `{"boundary"}`.
    case contactPartner
    /// An element of `expect`.
    case expectation
    /// The `values` of a `set` event whose target is a behavior of this type.
    case liveValues(BehaviorType)

    /// Every object kind, in the order the format's page describes them.
    package static var allCases: [ObjectKind] {
        [.scene, .referenceView, .preview, .item, .collisionBoundsPath]
            + BehaviorType.allCases.map { .behavior($0) }
            + [.insets, .segmentBoundary, .pathBoundary, .fieldRegion, .event, .reaction, .contactFilter]
            + [.contactPartner, .expectation]
            + Catalog.liveTypes.map { .liveValues($0) }
    }

    /// Whether a number outside its range keeps its place in the model (reported, then judged by the rules
    /// across objects): a behavior's and a `set` event's values. Other kinds feed the timeline and the shapes.
    package var keepsOutOfRangeNumbers: Bool {
        switch self {
        case .behavior, .liveValues: true
        default: false
        }
    }

    /// A dense number for each kind (`0 ..< ordinalCount`), to index tables without hashing.
    var ordinal: Int {
        switch self {
        case .scene: 0
        case .referenceView: 1
        case .preview: 2
        case .item: 3
        case .collisionBoundsPath: 4
        case .insets: 5
        case .segmentBoundary: 6
        case .pathBoundary: 7
        case .fieldRegion: 8
        case .event: 9
        case .reaction: 10
        case .contactFilter: 11
        case .contactPartner: 12
        case .expectation: 13
        case .behavior(let type): 14 + type.ordinal
        case .liveValues(let type): 14 + BehaviorType.allCases.count + type.ordinal
        }
    }

    static var ordinalCount: Int { 14 + 2 * BehaviorType.allCases.count }

    /// How messages name an object of this kind ("a gravity behavior", "the top level").
    package var displayName: String {
        switch self {
        case .scene: "the top level"
        case .referenceView: "referenceView"
        case .preview: "preview"
        case .item: "an item"
        case .collisionBoundsPath: "a collisionBounds path"
        case .behavior(let type): type == .attachment ? "an attachment behavior" : "a \(type.rawValue) behavior"
        case .insets: "insets"
        case .segmentBoundary: "a segment boundary"
        case .pathBoundary: "a path boundary"
        case .fieldRegion: "a field region"
        case .event: "an event"
        case .reaction: "a reaction's on"
        case .contactFilter: "a contact pair"
        case .contactPartner: "a contact pair's with"
        case .expectation: "an expectation"
        case .liveValues(let type): "the values of a set event on a \(type.rawValue) behavior"
        }
    }
}
