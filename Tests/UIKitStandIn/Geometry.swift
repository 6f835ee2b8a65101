// A stand-in for UIKit on Linux, for tests only: the module is named `UIKit`, so generated code compiles
// unchanged. Every public declaration follows Apple's published Swift interface of UIKit (and of the
// CoreGraphics, QuartzCore and ObjectiveC names that UIKit re-exports), cited in its `///`; what Foundation on
// Linux already has (CGFloat, CGPoint, CGSize, CGRect, NSObject, NSString, RunLoop) comes from Foundation.
// Behind the declarations, the classes record what the code does (`Recording.swift`).

@_exported import Foundation

/// CoreGraphics `typealias CFTimeInterval = Double` (QuartzCore's clock unit).
public typealias CFTimeInterval = Double

/// ObjectiveC `struct Selector` (`init(_ str: String)`): Linux has no Objective-C runtime, so the test turns
/// `#selector(name(_:))` into `Selector("name:")`; the stand-in keeps the name.
public struct Selector: Hashable, Sendable {
    public let name: String
    public init(_ name: String) { self.name = name }
}

/// CoreGraphics `struct CGVector` (`init(dx:dy:)`, `dx`, `dy`).
public struct CGVector: Equatable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init() {
        dx = 0
        dy = 0
    }
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }
    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }
}

/// CoreGraphics `struct CGAffineTransform` (`a`, `b`, `c`, `d`, `tx`, `ty`, `init(rotationAngle:)`, `identity`).
public struct CGAffineTransform: Equatable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    /// Recorded: the angle given to `init(rotationAngle:)`, so that the recording reads back the exact angle.
    var rotationAngle: CGFloat?

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
        rotationAngle = nil
    }

    /// CoreGraphics `init(rotationAngle angle: CGFloat)`.
    public init(rotationAngle angle: CGFloat) {
        let radians = Double(angle)
        self.init(
            a: CGFloat(cos(radians)), b: CGFloat(sin(radians)), c: CGFloat(-sin(radians)), d: CGFloat(cos(radians)),
            tx: 0, ty: 0)
        rotationAngle = angle
    }

    /// CoreGraphics `static let identity: CGAffineTransform`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

/// UIKit `struct UIOffset` (`init(horizontal:vertical:)`, `horizontal`, `vertical`).
public struct UIOffset: Equatable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat
    public init() {
        horizontal = 0
        vertical = 0
    }
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    /// UIKit `static let zero: UIOffset`.
    public static let zero = UIOffset()
}

/// UIKit `struct UIEdgeInsets` (`init(top:left:bottom:right:)`).
public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init() { (top, left, bottom, right) = (0, 0, 0, 0) }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
    /// UIKit `static let zero: UIEdgeInsets`.
    public static let zero = UIEdgeInsets()
}

/// UIKit `struct UIFloatRange` (`init(minimum:maximum:)`, `minimum`, `maximum`, iOS 9).
public struct UIFloatRange: Equatable, Sendable {
    public var minimum: CGFloat
    public var maximum: CGFloat
    public init() {
        minimum = 0
        maximum = 0
    }
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }
    /// UIKit `static let zero: UIFloatRange`.
    public static let zero = UIFloatRange()
    /// UIKit `static let infinite: UIFloatRange`.
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)
}

/// UIKit `class UIRegion` (`init(radius:)`, `init(size:)`, `class var infinite`, iOS 9).
open class UIRegion: NSObject {
    /// Recorded: the circle's radius or the rectangle's size; neither for the infinite region.
    let radius: CGFloat?
    let size: CGSize?

    /// UIKit `init(radius: CGFloat)`.
    public init(radius: CGFloat) {
        self.radius = radius
        size = nil
    }

    /// UIKit `init(size: CGSize)`.
    public init(size: CGSize) {
        radius = nil
        self.size = size
    }

    private override init() {
        radius = nil
        size = nil
    }

    /// UIKit `class var infinite: UIRegion { get }`.
    open class var infinite: UIRegion { UIRegion() }
}

/// UIKit `class UIBezierPath` (`init()`, `move(to:)`, `addLine(to:)`, `close()`).
open class UIBezierPath: NSObject {
    /// Recorded: the points of `move(to:)` and `addLine(to:)` in order, and whether `close()` was called.
    private(set) var points: [CGPoint] = []
    private(set) var isClosed = false

    public override init() {}

    /// UIKit `func move(to point: CGPoint)`.
    open func move(to point: CGPoint) { points = [point] }
    /// UIKit `func addLine(to point: CGPoint)`.
    open func addLine(to point: CGPoint) { points.append(point) }
    /// UIKit `func close()`.
    open func close() { isClosed = true }
}

/// UIKit `class UIColor` (`init(red:green:blue:alpha:)`).
open class UIColor: NSObject {
    let components: (CGFloat, CGFloat, CGFloat, CGFloat)
    /// UIKit `init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { components = (red, green, blue, alpha) }

    /// Recorded: the color as a scene writes it, `#rrggbb` (each component to the nearest of 256 steps; the
    /// recording reports a color that is not opaque).
    var hex: String {
        if components.3 != 1 { Recording.problem("a view color that is not opaque") }
        let digits = Array("0123456789abcdef")
        var text = "#"
        for component in [components.0, components.1, components.2] {
            let byte = Int((min(1, max(0, Double(component))) * 255).rounded())
            text.append(digits[byte / 16])
            text.append(digits[byte % 16])
        }
        return text
    }
}

/// UIKit `enum UIDynamicItemCollisionBoundsType: UInt` (`rectangle`, `ellipse`, `path`, iOS 9).
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    case rectangle = 0
    case ellipse = 1
    case path = 2
}

/// QuartzCore `func CACurrentMediaTime() -> CFTimeInterval`: the recording's clock.
public func CACurrentMediaTime() -> CFTimeInterval { Recording.mediaTime }

/// QuartzCore `class CADisplayLink` (`init(target:selector:)`, `add(to:forMode:)`, `invalidate()`, `timestamp`,
/// `isPaused`). The recording fires the links that are on a run loop (`Recording.runDisplayLinks`).
open class CADisplayLink: NSObject {
    /// The target and selector given to `init(target:selector:)`.
    public let target: Any
    public let selector: Selector
    /// Whether `add(to:forMode:)` put it on a run loop, and `invalidate()` has not taken it off.
    public private(set) var isScheduled = false
    private(set) var isInvalidated = false

    /// QuartzCore `init(target: Any, selector sel: Selector)`.
    public init(target: Any, selector sel: Selector) {
        self.target = target
        selector = sel
    }

    /// QuartzCore `func add(to runloop: RunLoop, forMode mode: RunLoop.Mode)`.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !isInvalidated else { return }
        isScheduled = true
        Recording.links.append(self)
    }

    /// QuartzCore `func invalidate()`.
    open func invalidate() {
        isInvalidated = true
        isScheduled = false
    }

    /// QuartzCore `var timestamp: CFTimeInterval { get }`: the time of the frame being displayed.
    open internal(set) var timestamp: CFTimeInterval = 0
    /// QuartzCore `var isPaused: Bool { get set }`.
    open var isPaused = false
}
