import JSON

/// A dynamic item (a UIView, in UIKit terms).
package struct Item: Equatable, Sendable, Pinned {
    /// `/items/N`.
    package var pointer: JSONPointer
    /// Non-empty; nil when missing or invalid.
    package var id: String?
    /// Initial center in the reference view.
    package var center: Point?
    /// Width and height, both > 0.
    package var size: Size?
    /// Initial rotation in radians (nil when absent: 0).
    package var angle: Double?
    /// The collision shape (nil when absent: a rectangle).
    package var collisionBounds: CollisionBounds?
    /// The color previews and generated code draw it in (nil when absent or invalid); no physics.
    package var color: RGBColor?
    /// The edges `center` keeps its distance to at another view size (nil when absent or invalid).
    package var pin: PinEdges?

    package init(
        pointer: JSONPointer, id: String? = nil, center: Point? = nil, size: Size? = nil, angle: Double? = nil,
        collisionBounds: CollisionBounds? = nil, color: RGBColor? = nil, pin: PinEdges? = nil
    ) {
        self.pointer = pointer
        self.id = id
        self.center = center
        self.size = size
        self.angle = angle
        self.collisionBounds = collisionBounds
        self.color = color
        self.pin = pin
    }

    /// The angle with its default applied.
    package var resolvedAngle: Double { angle ?? Self.defaultAngle }
    static let defaultAngle = Catalog.knownDefaultNumber("angle", in: .item)
    /// The collision shape with its default applied.
    package var resolvedCollisionBounds: CollisionBounds { collisionBounds ?? .rectangle }
}

/// An item's `collisionBounds`: `"rectangle"`, `"ellipse"`, or `{"path": [[x, y], ...]}` (points relative to
/// the item's center, turning with it).
package enum CollisionBounds: Equatable, Sendable {
    case rectangle
    case ellipse
    /// The path's points as written (convexity and count are checked by `item.nonConvexPath`).
    case path([Point])
}
