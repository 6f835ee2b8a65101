import JSON

/// One behavior of the `behaviors` list or of an event's `add`, as `addBehavior:` would receive it.
package struct Behavior: Equatable, Sendable {
    /// `/behaviors/N` or `/events/N/add`.
    package var pointer: JSONPointer
    /// Non-empty; nil when absent or invalid.
    package var id: String?
    /// The behavior and its properties; nil when `type` is missing or not one of the seven types (the
    /// behavior is kept so its id still counts for references).
    package var kind: Kind?

    package init(pointer: JSONPointer, id: String? = nil, kind: Kind?) {
        self.pointer = pointer
        self.id = id
        self.kind = kind
    }

    /// The seven behavior types with their properties.
    package enum Kind: Equatable, Sendable {
        case gravity(GravityBehavior)
        case collision(CollisionBehavior)
        case attachment(AttachmentBehavior)
        case snap(SnapBehavior)
        case push(PushBehavior)
        case dynamicItem(DynamicItemBehavior)
        case field(FieldBehavior)

        /// The `type` string of this kind.
        package var type: BehaviorType {
            switch self {
            case .gravity: .gravity
            case .collision: .collision
            case .attachment: .attachment
            case .snap: .snap
            case .push: .push
            case .dynamicItem: .dynamicItem
            case .field: .field
            }
        }
    }

    /// The behavior's `type`, nil when it is invalid.
    package var type: BehaviorType? { kind?.type }

    /// The `pin` of the behavior's point (an attachment's anchor, a snap's point, a field's position) as written;
    /// nil for the other types and when absent. `set` and `pan` events move that point with this pin.
    package var pin: PinEdges? {
        switch kind {
        case .attachment(let b): b.pin
        case .snap(let b): b.pin
        case .field(let b): b.pin
        default: nil
        }
    }

    /// The pin of the behavior's point: its own edges over the scene's default.
    package func resolvedPin(in scene: Scene) -> Pin { (pin ?? PinEdges()).resolved(over: scene.defaultPin) }

    /// Every item this behavior names (`items`, `item`, `attachedTo`), in text order.
    package var itemReferences: [Reference] {
        switch kind {
        case .gravity(let b): b.items
        case .collision(let b): b.items
        case .attachment(let b): [b.item, b.attachedTo].compactMap { $0 }
        case .snap(let b): [b.item].compactMap { $0 }
        case .push(let b): b.items
        case .dynamicItem(let b): b.items
        case .field(let b): b.items
        case nil: []
        }
    }
}

/// The `type` of a behavior.
package enum BehaviorType: String, CaseIterable, Sendable {
    case gravity, collision, attachment, snap, push, dynamicItem, field

    /// The position in `allCases`.
    var ordinal: Int {
        switch self {
        case .gravity: 0
        case .collision: 1
        case .attachment: 2
        case .snap: 3
        case .push: 4
        case .dynamicItem: 5
        case .field: 6
        }
    }

    /// The UIKit class it stands for (`UIGravityBehavior`).
    package var uiKitName: String {
        switch self {
        case .gravity: "UIGravityBehavior"
        case .collision: "UICollisionBehavior"
        case .attachment: "UIAttachmentBehavior"
        case .snap: "UISnapBehavior"
        case .push: "UIPushBehavior"
        case .dynamicItem: "UIDynamicItemBehavior"
        case .field: "UIFieldBehavior"
        }
    }
}
