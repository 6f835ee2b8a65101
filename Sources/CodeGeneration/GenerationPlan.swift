import Scene

// The language-neutral plan of the animator that generated code builds: what to create with which UIKit
// initializer or factory, which properties to assign (each a catalog key, so its UIKit name and value type come
// from `Catalog`), what to call after `addBehavior(_:)`, and the timeline. It is built once from a decoded scene
// without errors (`GenerationPlan+Building.swift`); each emitter only spells it in its language.

/// What `impulse generate` writes, in no language yet.
package struct GenerationPlan: Sendable {
    /// The generated type's name (`ShowcaseDynamics`).
    package var typeName: String
    /// The scene's `name`.
    package var sceneName: String
    /// The reference view's size in points.
    package var referenceSize: Size
    /// Every item in scene order.
    package var items: [PlannedItem]
    /// The behaviors list, then the behaviors that events add, in file order.
    package var behaviors: [PlannedBehavior]
    /// The timeline in file order.
    package var events: [PlannedEvent]
    /// Indices into `events` of the events at a time (not the reactions), sorted by `at`, then by file order: the
    /// order in which a display link reaches them.
    package var eventsByTime: [Int]
    /// Every explicit boundary, in the order of the collision behaviors and their `boundaries`.
    package var boundaries: [PlannedBoundary]
    /// Where the code cannot say exactly what the scene says, one sentence each (shown on standard error and as
    /// comments in the code).
    package var notes: [String]
    /// The scene's expectations (`expect`), one sentence each: an app has nothing to check them against, so the
    /// code states them in a comment.
    package var expectations: [String] = []

    /// Whether some event is a pan (the code then has the table of pan paths and the per-frame update).
    package var hasPans: Bool { events.contains { if case .pan = $0.action { true } else { false } } }
    /// Whether some event is a reaction (the contact hooks then queue them).
    package var hasReactions: Bool { events.contains { $0.trigger != nil } }

    /// A generous guess of the generated text's size in bytes, to reserve it once (a large text that outgrows its
    /// storage is copied each time it doubles). Item lists dominate a large scene: about 20 bytes per reference.
    var expectedTextSize: Int {
        let references = behaviors.reduce(0) { $0 + $1.construction.itemCount }
        let steps = behaviors.reduce(0) { $0 + $1.steps.count }
        return 8_192 + 400 * items.count + 700 * behaviors.count + 300 * events.count + 24 * references + 64 * steps
    }

    /// Whether some point moves when the reference view has another size than `referenceSize`.
    package var hasPins: Bool {
        items.contains { $0.pin != .topLeft } || behaviors.contains { $0.pin != .topLeft || $0.pointPin != .topLeft }
            || boundaries.contains { $0.pin != .topLeft }
    }

    /// Whether some item has elliptic collision bounds (the code then declares a view that says so).
    package var usesEllipse: Bool { items.contains { $0.shape == .ellipse } }
    /// Whether some item has path collision bounds.
    package var usesPath: Bool { items.contains { if case .path = $0.shape { true } else { false } } }
}

/// One item: where it starts and how it collides.
package struct PlannedItem: Sendable {
    package var id: String
    package var center: Point
    package var size: Size
    /// Radians; 0 when the scene gives none.
    package var angle: Double
    package var shape: Shape
    /// The edges its center keeps its distance to when the reference view has another size.
    package var pin: Pin = .topLeft
    /// The prototype view's background color as red, green, blue and alpha in 0…1; nil for the default.
    package var color: Color?

    package enum Shape: Equatable, Sendable {
        case rectangle, ellipse
        /// Points relative to the center.
        case path([Point])
    }

    package struct Color: Equatable, Sendable {
        package var red, green, blue, alpha: Double
    }
}

/// A literal of one of UIKit's value types.
package enum PlannedValue: Equatable, Sendable {
    case number(Double)
    case bool(Bool)
    /// CGPoint.
    case point(Point)
    /// CGVector.
    case vector(Vector)
    /// UIOffset.
    case offset(Vector)
    /// UIFloatRange.
    case range(Interval)
    /// UIRegion.
    case region(FieldBehavior.Region)
    /// UICollisionBehavior.Mode.
    case collisionMode(CollisionMode)
}

/// A property assignment: the catalog key says the UIKit property's name (`uiKitName`).
package struct PlannedAssignment: Sendable {
    package var key: Key
    package var value: PlannedValue
}

/// How a behavior is created: a UIKit initializer or factory and its arguments (items by index in `items`).
package enum PlannedConstruction: Sendable {
    case gravity(items: [Int])
    case collision(items: [Int])
    case snap(item: Int, point: Point)
    case push(items: [Int], mode: PushMode)
    case dynamicItem(items: [Int])
    /// `init(item:offsetFromCenter:attachedToAnchor:)`.
    case attachmentToAnchor(item: Int, offset: Vector, anchor: Point)
    /// `init(item:offsetFromCenter:attachedTo:offsetFromCenter:)`.
    case attachmentToItem(item: Int, offset: Vector, other: Int, otherOffset: Vector)
    /// `pinAttachment(with:attachedTo:attachmentAnchor:)`.
    case pin(item: Int, other: Int, anchor: Point)
    /// `fixedAttachment(with:attachedTo:attachmentAnchor:)`.
    case fixed(item: Int, other: Int, anchor: Point)
    /// `slidingAttachment(with:attachmentAnchor:axisOfTranslation:)`.
    case slidingToAnchor(item: Int, anchor: Point, axis: Vector)
    /// `slidingAttachment(with:attachedTo:attachmentAnchor:axisOfTranslation:)`.
    case slidingToItem(item: Int, other: Int, anchor: Point, axis: Vector)
    /// `limitAttachment(with:offsetFromCenter:attachedTo:offsetFromCenter:)`.
    case limit(item: Int, offset: Vector, other: Int, otherOffset: Vector)
    /// A `UIFieldBehavior` factory with its arguments.
    case field(PlannedField)
}

/// The ten `UIFieldBehavior` factories.
package enum PlannedField: Sendable {
    case linearGravity(direction: Vector)
    case radialGravity(position: Point)
    case spring, drag, vortex
    case velocity(direction: Vector)
    case noise(smoothness: Double, animationSpeed: Double)
    case turbulence(smoothness: Double, animationSpeed: Double)
    case electric, magnetic
}

/// A call on a behavior before it is added, after its assignments.
package enum PlannedStep: Sendable {
    /// `UIFieldBehavior.addItem(_:)`.
    case addItem(Int)
    /// `UIPushBehavior.setTargetOffsetFromCenter(_:for:)`.
    case targetOffset(item: Int, offset: Vector)
    /// `translatesReferenceBoundsIntoBoundary = true`.
    case translatesReferenceBounds
    /// `setTranslatesReferenceBoundsIntoBoundary(with:)`.
    case translatesReferenceBoundsWithInsets(Insets)
    /// `addBoundary(withIdentifier:from:to:)`; the boundary by index in `GenerationPlan.boundaries`.
    case segmentBoundary(Int, from: Point, to: Point)
    /// `addBoundary(withIdentifier:for:)` with a closed `UIBezierPath`.
    case pathBoundary(Int, points: [Point])
    /// `collisionDelegate = self`.
    case collisionDelegate
}

/// A call after `addBehavior(_:)`, where UIKit honours it.
package enum PlannedAfterAdd: Sendable {
    /// `addLinearVelocity(_:for:)`.
    case linearVelocity(item: Int, velocity: Vector)
    /// `addAngularVelocity(_:for:)`.
    case angularVelocity(item: Int, velocity: Double)
}

/// One behavior declaration: of the behaviors list, or added by an event.
package struct PlannedBehavior: Sendable {
    /// The scene's id; nil when it has none (the code names it after its type).
    package var id: String?
    package var type: BehaviorType
    /// The index in `events` of the event that adds it; nil for the behaviors list.
    package var addingEvent: Int?
    package var construction: PlannedConstruction
    package var assignments: [PlannedAssignment]
    package var steps: [PlannedStep]
    package var afterAdd: [PlannedAfterAdd]
    /// The behavior's pin: of the points its events and inputs set (`anchor`, `point`, `position`).
    package var pin: Pin = .topLeft
    /// The pin of the point its construction or assignments give (an anchor on an item follows the item; a field
    /// without `position` stays at the view's center).
    package var pointPin: Pin = .topLeft
}

/// One event of the timeline.
package struct PlannedEvent: Sendable {
    /// Seconds after the timeline starts; nil for a reaction.
    package var at: Double?
    /// The contact that applies a reaction; nil for an event at a time.
    package var trigger: PlannedTrigger? = nil
    package var action: Action

    package enum Action: Sendable {
        /// Assignments to a behavior (by index in `behaviors`), then its new item list (by index in `items`, in
        /// order, no repeats; nil when the event leaves the items alone), reached with `addItem(_:)` and
        /// `removeItem(_:)`.
        case set(Int, [PlannedAssignment], items: [Int]?)
        /// Creates and adds a behavior (by index in `behaviors`).
        case add(Int)
        /// Removes a behavior (by index in `behaviors`).
        case remove(Int)
        /// Moves a behavior's point (`key`: an attachment's `anchor`, a snap's `point`) along `path` at constant
        /// speed for `duration` seconds, frame by frame.
        case pan(Int, key: Key, path: [Point], duration: Double)
    }
}

/// The contact after which a reaction applies: `contactBegan` (or `contactEnded`) of an item with another item or a
/// boundary.
package struct PlannedTrigger: Sendable {
    /// `contactEnded` (else `contactBegan`).
    package var ended: Bool
    /// The item, by index in `items`.
    package var item: Int
    package var partner: Partner
    /// `once: true`: only the first such contact applies it.
    package var once: Bool

    package enum Partner: Sendable {
        /// Another item (by index in `items`), in either order.
        case item(Int)
        /// A boundary by id; nil for the reference view's bounds (which UIKit reports with a nil identifier).
        case boundary(String?)
    }
}

/// An explicit boundary of a collision behavior; the delegate receives its id.
package struct PlannedBoundary: Sendable {
    package var id: String
    /// The collision behavior (by index in `behaviors`).
    package var behavior: Int
    /// The edges its points keep their distance to.
    package var pin: Pin = .topLeft
}

extension PlannedConstruction {
    /// How many item references the construction writes (for the size guess).
    var itemCount: Int {
        switch self {
        case .gravity(let items), .collision(let items), .push(let items, _), .dynamicItem(let items): items.count
        case .field: 0
        default: 2
        }
    }
}
