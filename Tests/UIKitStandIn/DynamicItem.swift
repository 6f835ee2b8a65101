/// UIKit `protocol UIDynamicItem: NSObjectProtocol` (`center`, `bounds`, `transform`, `collisionBoundsType`,
/// `collisionBoundingPath`). UIKit's last two are `optional` (`@objc` protocols need the Objective-C runtime); here
/// they are requirements with UIKit's defaults in an extension.
public protocol UIDynamicItem: NSObjectProtocol {
    /// UIKit `var center: CGPoint { get set }`.
    var center: CGPoint { get set }
    /// UIKit `var bounds: CGRect { get }`.
    var bounds: CGRect { get }
    /// UIKit `var transform: CGAffineTransform { get set }`.
    var transform: CGAffineTransform { get set }
    /// UIKit `optional var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }` (iOS 9).
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// UIKit `optional var collisionBoundingPath: UIBezierPath { get }` (iOS 9).
    var collisionBoundingPath: UIBezierPath { get }
}

extension UIDynamicItem {
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: UIBezierPath { UIBezierPath() }
}

/// UIKit `class UIView: UIResponder` (here on `NSObject`), a `UIDynamicItem`: `init(frame:)`, `init?(coder:)`,
/// `center`, `bounds`, `transform`, `backgroundColor`, `subviews`, `addSubview(_:)`, `gestureRecognizers`,
/// `addGestureRecognizer(_:)`, `collisionBoundsType`, `collisionBoundingPath`.
open class UIView: NSObject, UIDynamicItem {
    /// UIKit `var center: CGPoint { get set }`.
    open var center: CGPoint = .zero
    /// UIKit `var bounds: CGRect { get set }`.
    open var bounds: CGRect = .zero
    /// UIKit `var transform: CGAffineTransform { get set }`.
    open var transform: CGAffineTransform = .identity
    /// UIKit `var backgroundColor: UIColor? { get set }`.
    open var backgroundColor: UIColor?

    /// UIKit `init(frame: CGRect)`.
    public init(frame: CGRect) {
        bounds = CGRect(origin: .zero, size: frame.size)
        center = CGPoint(x: frame.midX, y: frame.midY)
    }

    /// UIKit `init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {}

    /// UIKit `convenience init()` (a zero frame).
    public override convenience init() { self.init(frame: .zero) }

    /// UIKit `var subviews: [UIView] { get }`.
    open private(set) var subviews: [UIView] = []
    /// UIKit `var gestureRecognizers: [UIGestureRecognizer]? { get set }`.
    @MainActor open var gestureRecognizers: [UIGestureRecognizer]?

    /// UIKit `func addSubview(_ view: UIView)`.
    open func addSubview(_ view: UIView) { subviews.append(view) }

    /// UIKit `func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer)`.
    @MainActor open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizers = (gestureRecognizers ?? []) + [gestureRecognizer]
        gestureRecognizer.view = self
    }

    /// UIKit `var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }` (iOS 9).
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    /// UIKit `var collisionBoundingPath: UIBezierPath { get }` (iOS 9).
    open var collisionBoundingPath: UIBezierPath { UIBezierPath() }
}
