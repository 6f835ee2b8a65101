// UIKit Dynamics' classes, as Apple's Swift interface declares them. Each records its initializer or factory, the
// properties the code assigns (in order) and its calls; `Recording.swift` turns that back into a scene.

/// UIKit `protocol UIDynamicAnimatorDelegate: NSObjectProtocol` (`@MainActor`): its two methods are `optional` in
/// UIKit; here they are requirements, so that a hook whose signature differs from UIKit's does not compile.
@MainActor public protocol UIDynamicAnimatorDelegate: NSObjectProtocol {
    /// UIKit `optional func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)`.
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// UIKit `optional func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)`.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

/// UIKit `class UIDynamicAnimator: NSObject` (`init(referenceView:)`, `addBehavior(_:)`, `removeBehavior(_:)`,
/// `behaviors`, `referenceView`, `delegate`).
open class UIDynamicAnimator: NSObject {
    /// UIKit `var referenceView: UIView? { get }`.
    open private(set) weak var referenceView: UIView?
    /// UIKit `weak var delegate: (any UIDynamicAnimatorDelegate)? { get set }`.
    open weak var delegate: (any UIDynamicAnimatorDelegate)?
    /// UIKit `var behaviors: [UIDynamicBehavior] { get }`.
    open private(set) var behaviors: [UIDynamicBehavior] = []

    /// UIKit `init(referenceView view: UIView)`.
    public init(referenceView view: UIView) {
        referenceView = view
        super.init()
        Recording.animatorCreated(self, referenceView: view)
    }

    /// UIKit `func addBehavior(_ behavior: UIDynamicBehavior)`.
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.dynamicAnimator == nil else { return }
        behaviors.append(behavior)
        behavior.dynamicAnimator = self
        Recording.added(behavior)
    }

    /// UIKit `func removeBehavior(_ behavior: UIDynamicBehavior)`.
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.dynamicAnimator === self else { return }
        behaviors.removeAll { $0 === behavior }
        behavior.dynamicAnimator = nil
        Recording.removed(behavior)
    }
}

/// UIKit `class UIDynamicBehavior: NSObject` (`dynamicAnimator`, `action`).
open class UIDynamicBehavior: NSObject {
    /// UIKit `var dynamicAnimator: UIDynamicAnimator? { get }`.
    open internal(set) weak var dynamicAnimator: UIDynamicAnimator?
    /// UIKit `var action: (() -> Void)? { get set }`.
    open var action: (() -> Void)?

    /// Recorded: the scene keys of the assigned properties with their values, in the order of the assignments.
    var assigned: [(key: String, value: JSONText)] = []
    /// Recorded: the scene id the recording gave it when it was first added.
    var recordedId: String?

    public override init() {}

    /// Records an assignment: part of the behavior before it is added, a `set` event after.
    func record(_ key: String, _ value: JSONText) {
        if let index = assigned.firstIndex(where: { $0.key == key }) {
            assigned[index].value = value
        } else {
            assigned.append((key, value))
        }
        if dynamicAnimator != nil { Recording.set(self, key: key, value: value) }
    }

    /// Records a change of the items by `addItem(_:)` or `removeItem(_:)`: a `set` of `items` while the behavior is
    /// in an animator (before, the snapshot taken when it is added holds them).
    func recordItems(_ items: [any UIDynamicItem]) {
        if dynamicAnimator != nil { Recording.itemsChanged(self, to: items) }
    }

    /// The scene object of the behavior as it is now (its type, items, construction and assignments).
    func sceneMembers() -> [(String, JSONText)] { [] }
}

/// UIKit `class UIGravityBehavior: UIDynamicBehavior` (`init(items:)`, `gravityDirection`, `angle`, `magnitude`,
/// `setAngle(_:magnitude:)`).
open class UIGravityBehavior: UIDynamicBehavior {
    /// UIKit `var items: [any UIDynamicItem] { get }`.
    open private(set) var items: [any UIDynamicItem]

    /// UIKit `init(items: [any UIDynamicItem])`.
    public init(items: [any UIDynamicItem]) { self.items = items }

    /// UIKit `func addItem(_ item: any UIDynamicItem)` (an item already there stays where it is).
    open func addItem(_ item: any UIDynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        recordItems(items)
    }

    /// UIKit `func removeItem(_ item: any UIDynamicItem)`.
    open func removeItem(_ item: any UIDynamicItem) {
        items.removeAll { $0 === item }
        recordItems(items)
    }

    /// UIKit `var gravityDirection: CGVector { get set }`.
    open var gravityDirection = CGVector(dx: 0, dy: 1) { didSet { record("direction", .vector(gravityDirection)) } }
    /// UIKit `var angle: CGFloat { get set }`.
    open var angle: CGFloat = .pi / 2 { didSet { record("angle", .number(angle)) } }
    /// UIKit `var magnitude: CGFloat { get set }`.
    open var magnitude: CGFloat = 1 { didSet { record("magnitude", .number(magnitude)) } }

    /// UIKit `func setAngle(_ angle: CGFloat, magnitude: CGFloat)`.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        self.angle = angle
        self.magnitude = magnitude
    }

    override func sceneMembers() -> [(String, JSONText)] {
        [("type", .string("gravity")), ("items", Recording.ids(items))] + assigned.map { ($0.key, $0.value) }
    }
}

/// UIKit `protocol UICollisionBehaviorDelegate: NSObjectProtocol`: its four methods are `optional` in UIKit;
/// here they are requirements, so that a hook whose signature differs from UIKit's does not compile.
@MainActor public protocol UICollisionBehaviorDelegate: NSObjectProtocol {
    /// UIKit `collisionBehavior(_:beganContactFor:with:at:)`.
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem,
        at p: CGPoint)
    /// UIKit `collisionBehavior(_:endedContactFor:with:)`.
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem)
    /// UIKit `collisionBehavior(_:beganContactFor:withBoundaryIdentifier:at:)`.
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint)
    /// UIKit `collisionBehavior(_:endedContactFor:withBoundaryIdentifier:)`.
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
        withBoundaryIdentifier identifier: (any NSCopying)?)
}

/// UIKit `class UICollisionBehavior: UIDynamicBehavior` (`init(items:)`, `collisionMode`,
/// `translatesReferenceBoundsIntoBoundary`, `setTranslatesReferenceBoundsIntoBoundary(with:)`,
/// `addBoundary(withIdentifier:for:)`, `addBoundary(withIdentifier:from:to:)`, `collisionDelegate`).
open class UICollisionBehavior: UIDynamicBehavior {
    /// UIKit `struct UICollisionBehavior.Mode: OptionSet` (`items`, `boundaries`, `everything`).
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let items = Mode(rawValue: 1 << 0)
        public static let boundaries = Mode(rawValue: 1 << 1)
        public static let everything = Mode(rawValue: UInt.max)
    }

    /// UIKit `var items: [any UIDynamicItem] { get }`.
    open private(set) var items: [any UIDynamicItem]
    /// Recorded: the boundaries in the order they were added.
    private var boundaries: [JSONText] = []

    /// UIKit `init(items: [any UIDynamicItem])`.
    public init(items: [any UIDynamicItem]) { self.items = items }

    /// UIKit `func addItem(_ item: any UIDynamicItem)` (an item already there stays where it is).
    open func addItem(_ item: any UIDynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        recordItems(items)
    }

    /// UIKit `func removeItem(_ item: any UIDynamicItem)`.
    open func removeItem(_ item: any UIDynamicItem) {
        items.removeAll { $0 === item }
        recordItems(items)
    }

    /// UIKit `var collisionMode: UICollisionBehavior.Mode { get set }`.
    open var collisionMode: Mode = .everything {
        didSet {
            let name =
                switch collisionMode {
                case .items: "items"
                case .boundaries: "boundaries"
                case .everything: "everything"
                default: "mode \(collisionMode.rawValue)"
                }
            record("mode", .string(name))
        }
    }

    /// UIKit `var translatesReferenceBoundsIntoBoundary: Bool { get set }`.
    open var translatesReferenceBoundsIntoBoundary = false {
        didSet { record("translatesReferenceBoundsIntoBoundary", .bool(translatesReferenceBoundsIntoBoundary)) }
    }

    /// UIKit `func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets)`.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        translatesReferenceBoundsIntoBoundary = true
        record(
            "insets",
            .object([
                ("top", .number(insets.top)), ("left", .number(insets.left)), ("bottom", .number(insets.bottom)),
                ("right", .number(insets.right)),
            ]))
    }

    /// UIKit `func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath)`.
    open func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath) {
        var members: [(String, JSONText)] = [("id", Recording.boundaryId(identifier))]
        members.append(("path", .array(bezierPath.points.map(JSONText.point))))
        if !bezierPath.isClosed { members.append(("unclosedPath", .bool(true))) }
        boundaries.append(.object(members))
    }

    /// UIKit `func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint)`.
    open func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        boundaries.append(
            .object([("id", Recording.boundaryId(identifier)), ("from", .point(p1)), ("to", .point(p2))]))
    }

    /// UIKit `func removeBoundary(withIdentifier identifier: any NSCopying)`.
    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        let id = Recording.boundaryId(identifier).text
        boundaries.removeAll { boundary in
            guard case .object(let members) = boundary else { return false }
            return members.first { $0.0 == "id" }?.1.text == id
        }
    }

    /// Not UIKit: the boundaries as they are now, as the scene's json writes them (for tests that move them).
    public var boundariesJSON: String { JSONText.array(boundaries).text }

    /// UIKit `weak var collisionDelegate: (any UICollisionBehaviorDelegate)? { get set }`.
    open weak var collisionDelegate: (any UICollisionBehaviorDelegate)?

    override func sceneMembers() -> [(String, JSONText)] {
        var members: [(String, JSONText)] = [("type", .string("collision")), ("items", Recording.ids(items))]
        members += assigned.map { ($0.key, $0.value) }
        if !boundaries.isEmpty { members.append(("boundaries", .array(boundaries))) }
        return members
    }
}

/// UIKit `class UIAttachmentBehavior: UIDynamicBehavior`: the initializers with offsets, the iOS 9 factories
/// (`fixedAttachment`, `pinAttachment`, `slidingAttachment` (both), `limitAttachment`), `anchorPoint`, `length`,
/// `damping`, `frequency`, `frictionTorque`, `attachmentRange`.
public class UIAttachmentBehavior: UIDynamicBehavior {
    /// Recorded: what created it, in the scene's keys (kind, item, offset, anchor, attachedTo, attachedOffset,
    /// axis), computed from the items' state at creation as UIKit does.
    private let construction: [(String, JSONText)]
    /// UIKit `var items: [any UIDynamicItem] { get }`.
    open private(set) var items: [any UIDynamicItem]

    required init(construction: [(String, JSONText)], items: [any UIDynamicItem], anchor: CGPoint) {
        self.construction = construction
        self.items = items
        anchorPoint = anchor
    }

    /// UIKit `convenience init(item: any UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point:
    /// CGPoint)`.
    public convenience init(item: any UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint)
    {
        self.init(
            construction: [
                ("item", Recording.id(item)), ("offset", .offset(offset)), ("anchor", .point(point)),
            ], items: [item], anchor: point)
    }

    /// UIKit `convenience init(item item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2:
    /// any UIDynamicItem, offsetFromCenter offset2: UIOffset)`.
    public convenience init(
        item item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: any UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) {
        self.init(
            construction: [
                ("item", Recording.id(item1)), ("offset", .offset(offset1)), ("attachedTo", Recording.id(item2)),
                ("attachedOffset", .offset(offset2)),
            ], items: [item1, item2], anchor: .zero)
    }

    /// UIKit `class func fixedAttachment(with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem,
    /// attachmentAnchor point: CGPoint) -> Self` (iOS 9).
    open class func fixedAttachment(
        with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem, attachmentAnchor point: CGPoint
    ) -> Self {
        Self(
            construction: [
                ("kind", .string("fixed")), ("item", Recording.id(item1)),
                ("offset", Recording.offset(of: point, in: item1)),
                ("attachedTo", Recording.id(item2)), ("attachedOffset", Recording.offset(of: point, in: item2)),
            ], items: [item1, item2], anchor: point)
    }

    /// UIKit `class func pinAttachment(with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem,
    /// attachmentAnchor point: CGPoint) -> Self` (iOS 9).
    open class func pinAttachment(
        with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem, attachmentAnchor point: CGPoint
    ) -> Self {
        Self(
            construction: [
                ("kind", .string("pin")), ("item", Recording.id(item1)),
                ("offset", Recording.offset(of: point, in: item1)),
                ("attachedTo", Recording.id(item2)), ("attachedOffset", Recording.offset(of: point, in: item2)),
            ], items: [item1, item2], anchor: point)
    }

    /// UIKit `class func slidingAttachment(with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem,
    /// attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector) -> Self` (iOS 9).
    open class func slidingAttachment(
        with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem, attachmentAnchor point: CGPoint,
        axisOfTranslation axis: CGVector
    ) -> Self {
        Self(
            construction: [
                ("kind", .string("sliding")), ("item", Recording.id(item1)),
                ("offset", Recording.offset(of: point, in: item1)), ("attachedTo", Recording.id(item2)),
                ("attachedOffset", Recording.offset(of: point, in: item2)), ("axis", .vector(axis)),
            ], items: [item1, item2], anchor: point)
    }

    /// UIKit `class func slidingAttachment(with item: any UIDynamicItem, attachmentAnchor point: CGPoint,
    /// axisOfTranslation axis: CGVector) -> Self` (iOS 9).
    open class func slidingAttachment(
        with item: any UIDynamicItem, attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector
    ) -> Self {
        Self(
            construction: [
                ("kind", .string("sliding")), ("item", Recording.id(item)),
                ("offset", Recording.offset(of: point, in: item)), ("anchor", .point(point)), ("axis", .vector(axis)),
            ], items: [item], anchor: point)
    }

    /// UIKit `class func limitAttachment(with item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset,
    /// attachedTo item2: any UIDynamicItem, offsetFromCenter offset2: UIOffset) -> Self` (iOS 9).
    open class func limitAttachment(
        with item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: any UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) -> Self {
        Self(
            construction: [
                ("kind", .string("limit")), ("item", Recording.id(item1)), ("offset", .offset(offset1)),
                ("attachedTo", Recording.id(item2)), ("attachedOffset", .offset(offset2)),
            ], items: [item1, item2], anchor: .zero)
    }

    /// UIKit `var anchorPoint: CGPoint { get set }`.
    open var anchorPoint: CGPoint { didSet { record("anchor", .point(anchorPoint)) } }
    /// UIKit `var length: CGFloat { get set }`.
    open var length: CGFloat = 0 { didSet { record("length", .number(length)) } }
    /// UIKit `var damping: CGFloat { get set }`.
    open var damping: CGFloat = 0 { didSet { record("damping", .number(damping)) } }
    /// UIKit `var frequency: CGFloat { get set }`.
    open var frequency: CGFloat = 0 { didSet { record("frequency", .number(frequency)) } }
    /// UIKit `var frictionTorque: CGFloat { get set }` (iOS 9).
    open var frictionTorque: CGFloat = 0 { didSet { record("frictionTorque", .number(frictionTorque)) } }
    /// UIKit `var attachmentRange: UIFloatRange { get set }` (iOS 9).
    open var attachmentRange: UIFloatRange = .infinite {
        didSet {
            record("range", .array([.number(attachmentRange.minimum), .number(attachmentRange.maximum)]))
        }
    }

    override func sceneMembers() -> [(String, JSONText)] {
        [("type", .string("attachment"))] + construction + assigned.map { ($0.key, $0.value) }
    }
}

/// UIKit `class UISnapBehavior: UIDynamicBehavior` (`init(item:snapTo:)`, `damping`, `snapPoint`).
open class UISnapBehavior: UIDynamicBehavior {
    let item: any UIDynamicItem
    var snappedItem: any UIDynamicItem { item }
    private let point: CGPoint

    /// UIKit `init(item: any UIDynamicItem, snapTo point: CGPoint)`.
    public init(item: any UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        self.point = point
        snapPoint = point
    }

    /// UIKit `var damping: CGFloat { get set }`.
    open var damping: CGFloat = 0.5 { didSet { record("damping", .number(damping)) } }
    /// UIKit `var snapPoint: CGPoint { get set }` (iOS 9).
    open var snapPoint: CGPoint { didSet { record("point", .point(snapPoint)) } }

    override func sceneMembers() -> [(String, JSONText)] {
        [("type", .string("snap")), ("item", Recording.id(item)), ("point", .point(point))]
            + assigned.map { ($0.key, $0.value) }
    }
}

/// UIKit `class UIPushBehavior: UIDynamicBehavior` (`init(items:mode:)`, `mode`, `active`, `angle`, `magnitude`,
/// `pushDirection`, `setAngle(_:magnitude:)`, `setTargetOffsetFromCenter(_:for:)`).
open class UIPushBehavior: UIDynamicBehavior {
    /// UIKit `enum UIPushBehavior.Mode: Int` (`continuous`, `instantaneous`).
    public enum Mode: Int, Sendable {
        case continuous = 0
        case instantaneous = 1
    }

    /// UIKit `var items: [any UIDynamicItem] { get }`.
    open private(set) var items: [any UIDynamicItem]
    /// UIKit `var mode: UIPushBehavior.Mode { get }`.
    public let mode: Mode
    /// Recorded: the offsets given to `setTargetOffsetFromCenter(_:for:)`, by item.
    private var offsets: [ObjectIdentifier: UIOffset] = [:]

    /// UIKit `init(items: [any UIDynamicItem], mode: UIPushBehavior.Mode)`.
    public init(items: [any UIDynamicItem], mode: Mode) {
        self.items = items
        self.mode = mode
    }

    /// UIKit `func addItem(_ item: any UIDynamicItem)` (an item already there stays where it is).
    open func addItem(_ item: any UIDynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        recordItems(items)
    }

    /// UIKit `func removeItem(_ item: any UIDynamicItem)`.
    open func removeItem(_ item: any UIDynamicItem) {
        items.removeAll { $0 === item }
        recordItems(items)
    }

    /// UIKit `var active: Bool { get set }`.
    open var active = true { didSet { record("active", .bool(active)) } }
    /// UIKit `var angle: CGFloat { get set }`.
    open var angle: CGFloat = 0 { didSet { record("angle", .number(angle)) } }
    /// UIKit `var magnitude: CGFloat { get set }`.
    open var magnitude: CGFloat = 0 { didSet { record("magnitude", .number(magnitude)) } }
    /// UIKit `var pushDirection: CGVector { get set }`.
    open var pushDirection = CGVector() { didSet { record("direction", .vector(pushDirection)) } }

    /// UIKit `func setAngle(_ angle: CGFloat, magnitude: CGFloat)`.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        self.angle = angle
        self.magnitude = magnitude
    }

    /// UIKit `func setTargetOffsetFromCenter(_ o: UIOffset, for item: any UIDynamicItem)`.
    open func setTargetOffsetFromCenter(_ o: UIOffset, for item: any UIDynamicItem) {
        offsets[ObjectIdentifier(item)] = o
    }

    override func sceneMembers() -> [(String, JSONText)] {
        var members: [(String, JSONText)] = [
            ("type", .string("push")), ("items", Recording.ids(items)),
            ("mode", .string(mode == .continuous ? "continuous" : "instantaneous")),
        ]
        members += assigned.map { ($0.key, $0.value) }
        let given = items.map { offsets[ObjectIdentifier($0)] }
        if let first = given.first, let offset = first {
            members.append(("offset", .offset(offset)))
            if !given.allSatisfy({ $0 == offset }) { Recording.problem("a push gives its items different offsets") }
        } else if given.contains(where: { $0 != nil }) {
            Recording.problem("a push gives an offset to some of its items only")
        }
        return members
    }
}

/// UIKit `class UIDynamicItemBehavior: UIDynamicBehavior` (`init(items:)`, `elasticity`, `friction`, `density`,
/// `resistance`, `angularResistance`, `charge`, `isAnchored`, `allowsRotation`, `addLinearVelocity(_:for:)`,
/// `addAngularVelocity(_:for:)`).
open class UIDynamicItemBehavior: UIDynamicBehavior {
    /// UIKit `var items: [any UIDynamicItem] { get }`.
    open private(set) var items: [any UIDynamicItem]
    /// Recorded: the velocities added while the behavior was in an animator, by item.
    var linearVelocities: [ObjectIdentifier: CGPoint] = [:]
    var angularVelocities: [ObjectIdentifier: CGFloat] = [:]

    /// UIKit `init(items: [any UIDynamicItem])`.
    public init(items: [any UIDynamicItem]) { self.items = items }

    /// UIKit `func addItem(_ item: any UIDynamicItem)` (an item already there stays where it is).
    open func addItem(_ item: any UIDynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        recordItems(items)
    }

    /// UIKit `func removeItem(_ item: any UIDynamicItem)`.
    open func removeItem(_ item: any UIDynamicItem) {
        items.removeAll { $0 === item }
        recordItems(items)
    }

    /// UIKit `var elasticity: CGFloat { get set }`.
    open var elasticity: CGFloat = 0 { didSet { record("elasticity", .number(elasticity)) } }
    /// UIKit `var friction: CGFloat { get set }`.
    open var friction: CGFloat = 0 { didSet { record("friction", .number(friction)) } }
    /// UIKit `var density: CGFloat { get set }`.
    open var density: CGFloat = 1 { didSet { record("density", .number(density)) } }
    /// UIKit `var resistance: CGFloat { get set }`.
    open var resistance: CGFloat = 0 { didSet { record("resistance", .number(resistance)) } }
    /// UIKit `var angularResistance: CGFloat { get set }`.
    open var angularResistance: CGFloat = 0 { didSet { record("angularResistance", .number(angularResistance)) } }
    /// UIKit `var charge: CGFloat { get set }` (iOS 9).
    open var charge: CGFloat = 0 { didSet { record("charge", .number(charge)) } }
    /// UIKit `var isAnchored: Bool { get set }` (iOS 9).
    open var isAnchored = false { didSet { record("anchored", .bool(isAnchored)) } }
    /// UIKit `var allowsRotation: Bool { get set }`.
    open var allowsRotation = true { didSet { record("allowsRotation", .bool(allowsRotation)) } }

    /// UIKit `func addLinearVelocity(_ velocity: CGPoint, for item: any UIDynamicItem)`: honoured only while the
    /// behavior is in an animator (the recording says so otherwise).
    open func addLinearVelocity(_ velocity: CGPoint, for item: any UIDynamicItem) {
        guard dynamicAnimator != nil else {
            Recording.problem("addLinearVelocity(_:for:) before the behavior is added: UIKit ignores it")
            return
        }
        linearVelocities[ObjectIdentifier(item)] = velocity
        Recording.velocityAdded(self)
    }

    /// UIKit `func addAngularVelocity(_ velocity: CGFloat, for item: any UIDynamicItem)`: as above.
    open func addAngularVelocity(_ velocity: CGFloat, for item: any UIDynamicItem) {
        guard dynamicAnimator != nil else {
            Recording.problem("addAngularVelocity(_:for:) before the behavior is added: UIKit ignores it")
            return
        }
        angularVelocities[ObjectIdentifier(item)] = velocity
        Recording.velocityAdded(self)
    }

    override func sceneMembers() -> [(String, JSONText)] {
        [("type", .string("dynamicItem")), ("items", Recording.ids(items))] + assigned.map { ($0.key, $0.value) }
    }

    /// The velocities added after `addBehavior`, as the scene's keys (all items must have the same).
    func velocityMembers() -> [(String, JSONText)] {
        var members: [(String, JSONText)] = []
        let linear = items.map { linearVelocities[ObjectIdentifier($0)] }
        if let first = linear.first, let velocity = first {
            members.append(("linearVelocity", .point(velocity)))
            if !linear.allSatisfy({ $0 == velocity }) { Recording.problem("items get different linear velocities") }
        } else if linear.contains(where: { $0 != nil }) {
            Recording.problem("a linear velocity for some items only")
        }
        let angular = items.map { angularVelocities[ObjectIdentifier($0)] }
        if let first = angular.first, let velocity = first {
            members.append(("angularVelocity", .number(velocity)))
            if !angular.allSatisfy({ $0 == velocity }) { Recording.problem("items get different angular velocities") }
        } else if angular.contains(where: { $0 != nil }) {
            Recording.problem("an angular velocity for some items only")
        }
        return members
    }
}

/// UIKit `class UIFieldBehavior: UIDynamicBehavior` (iOS 9): the ten factories, `addItem(_:)`, `position`,
/// `region`, `strength`, `falloff`, `minimumRadius`, `direction`, `smoothness`, `animationSpeed`.
public class UIFieldBehavior: UIDynamicBehavior {
    /// Recorded: the factory, in the scene's keys (kind and the factory's arguments).
    private let construction: [(String, JSONText)]
    /// UIKit `var items: [any UIDynamicItem] { get }`.
    open private(set) var items: [any UIDynamicItem] = []

    required init(construction: [(String, JSONText)]) { self.construction = construction }

    /// UIKit `func addItem(_ item: any UIDynamicItem)` (an item already there stays where it is).
    open func addItem(_ item: any UIDynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        recordItems(items)
    }

    /// UIKit `func removeItem(_ item: any UIDynamicItem)`.
    open func removeItem(_ item: any UIDynamicItem) {
        items.removeAll { $0 === item }
        recordItems(items)
    }

    /// UIKit `class func linearGravityField(direction: CGVector) -> Self`.
    open class func linearGravityField(direction: CGVector) -> Self {
        Self(construction: [("kind", .string("linearGravity")), ("direction", .vector(direction))])
    }
    /// UIKit `class func radialGravityField(position: CGPoint) -> Self`.
    open class func radialGravityField(position: CGPoint) -> Self {
        Self(construction: [("kind", .string("radialGravity")), ("position", .point(position))])
    }
    /// UIKit `class func springField() -> Self`.
    open class func springField() -> Self { Self(construction: [("kind", .string("spring"))]) }
    /// UIKit `class func dragField() -> Self`.
    open class func dragField() -> Self { Self(construction: [("kind", .string("drag"))]) }
    /// UIKit `class func vortexField() -> Self`.
    open class func vortexField() -> Self { Self(construction: [("kind", .string("vortex"))]) }
    /// UIKit `class func velocityField(direction: CGVector) -> Self`.
    open class func velocityField(direction: CGVector) -> Self {
        Self(construction: [("kind", .string("velocity")), ("direction", .vector(direction))])
    }
    /// UIKit `class func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> Self`.
    open class func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> Self {
        Self(construction: [
            ("kind", .string("noise")), ("smoothness", .number(smoothness)), ("animationSpeed", .number(speed)),
        ])
    }
    /// UIKit `class func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> Self`.
    open class func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> Self {
        Self(construction: [
            ("kind", .string("turbulence")), ("smoothness", .number(smoothness)), ("animationSpeed", .number(speed)),
        ])
    }
    /// UIKit `class func electricField() -> Self`.
    open class func electricField() -> Self { Self(construction: [("kind", .string("electric"))]) }
    /// UIKit `class func magneticField() -> Self`.
    open class func magneticField() -> Self { Self(construction: [("kind", .string("magnetic"))]) }

    /// UIKit `var position: CGPoint { get set }`.
    open var position: CGPoint = .zero { didSet { record("position", .point(position)) } }
    /// UIKit `var region: UIRegion { get set }`.
    open var region: UIRegion = .infinite {
        didSet {
            if let radius = region.radius {
                record("region", .object([("radius", .number(radius))]))
            } else if let size = region.size {
                record("region", .object([("size", .array([.number(size.width), .number(size.height)]))]))
            } else {
                Recording.problem("the infinite region assigned: the scene has no key for it")
            }
        }
    }
    /// UIKit `var strength: CGFloat { get set }`.
    open var strength: CGFloat = 1 { didSet { record("strength", .number(strength)) } }
    /// UIKit `var falloff: CGFloat { get set }`.
    open var falloff: CGFloat = 0 { didSet { record("falloff", .number(falloff)) } }
    /// UIKit `var minimumRadius: CGFloat { get set }`.
    open var minimumRadius: CGFloat = 0 { didSet { record("minimumRadius", .number(minimumRadius)) } }
    /// UIKit `var direction: CGVector { get set }`.
    open var direction = CGVector() { didSet { record("direction", .vector(direction)) } }
    /// UIKit `var smoothness: CGFloat { get set }`.
    open var smoothness: CGFloat = 0 { didSet { record("smoothness", .number(smoothness)) } }
    /// UIKit `var animationSpeed: CGFloat { get set }`.
    open var animationSpeed: CGFloat = 0 { didSet { record("animationSpeed", .number(animationSpeed)) } }

    override func sceneMembers() -> [(String, JSONText)] {
        var members: [(String, JSONText)] = [("type", .string("field")), ("items", Recording.ids(items))]
        members += construction
        for (key, value) in assigned {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                members[index].1 = value
            } else {
                members.append((key, value))
            }
        }
        return members
    }
}
