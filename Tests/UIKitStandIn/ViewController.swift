// What a view controller that runs a generated scene touches: `UIViewController` with its view and layout hook,
// and the two gesture recognizers the README's controller uses. They record nothing; the test drives them.

/// UIKit `@MainActor class UIGestureRecognizer: NSObject` (`init(target:action:)`, `addTarget(_:action:)`,
/// `location(in:)`, `view`).
@MainActor open class UIGestureRecognizer: NSObject {
    /// The target and action given to `init(target:action:)`.
    public let target: Any?
    public let action: Selector?
    /// Where the test puts the finger, in the reference view's coordinates.
    public var testLocation = CGPoint.zero

    /// UIKit `init(target: Any?, action: Selector?)`.
    public init(target: Any?, action: Selector?) {
        self.target = target
        self.action = action
        if let target, let action { targets.append((target, action)) }
    }

    /// The targets and actions of `init(target:action:)` and `addTarget(_:action:)`, in order.
    public private(set) var targets: [(target: Any, action: Selector)] = []

    /// UIKit `func addTarget(_ target: Any, action: Selector)`.
    open func addTarget(_ target: Any, action: Selector) { targets.append((target, action)) }

    /// UIKit `var view: UIView? { get }`.
    open internal(set) weak var view: UIView?

    /// UIKit `func location(in view: UIView?) -> CGPoint`.
    open func location(in view: UIView?) -> CGPoint { testLocation }
}

/// UIKit `class UITapGestureRecognizer: UIGestureRecognizer`.
open class UITapGestureRecognizer: UIGestureRecognizer {}

/// UIKit `class UIPanGestureRecognizer: UIGestureRecognizer`.
open class UIPanGestureRecognizer: UIGestureRecognizer {}

/// UIKit `@MainActor class UIViewController: UIResponder` (here on `NSObject`): `view`, `viewDidLoad()`,
/// `viewDidLayoutSubviews()`.
@MainActor open class UIViewController: NSObject {
    private var loadedView: UIView?

    public override init() {}

    /// UIKit `var view: UIView! { get set }`: made (and `viewDidLoad()` called) on first use.
    open var view: UIView! {
        get {
            if let loadedView { return loadedView }
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            loadedView = view
            viewDidLoad()
            return view
        }
        set { loadedView = newValue }
    }

    /// UIKit `func viewDidLoad()`.
    open func viewDidLoad() {}

    /// UIKit `func viewDidLayoutSubviews()`.
    open func viewDidLayoutSubviews() {}
}
