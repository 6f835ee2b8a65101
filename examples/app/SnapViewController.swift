import UIKit

/// A screen that runs examples/pinned-floor.dynamics.json through its generated class
/// (examples/generated/pinned-floor/PinnedFloorDynamics.swift), without editing it: the app places the views,
/// listens through the closures, drives the snap with a tap, and keeps the scene's pinned floor and snap point at
/// their edges when the view changes size.
final class SnapViewController: UIViewController {
    private var dynamics: PinnedFloorDynamics?
    private(set) var contacts: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        // Views of the scene's sizes, placed by their pins in the view's size; the app's own views work the same
        // way (with `placement: .keepViews` when the app has placed them itself).
        let views = PinnedFloorDynamics.makeViews()
        for item in PinnedFloorDynamics.Item.allCases { view.addSubview(views[item]!) }
        let dynamics = PinnedFloorDynamics(referenceView: view, items: views, placement: .fromScene)

        // Seams: the scene's reactions run on their own; the app hears about contacts and rest.
        dynamics.onContactBegan = { [weak self] item, partner, _ in
            self?.contacts.append("\(item.rawValue) touched \(partner)")
        }
        dynamics.onPause = { [weak self] in self?.contacts.append("at rest") }

        // Inputs: a tap moves the snap point of the scene's snap behavior "dock".
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(snapToTap(_:))))

        dynamics.playTimeline()
        self.dynamics = dynamics
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The floor follows the bottom edge, the snap point the right edge (their pins), at any size.
        dynamics?.layoutDidChange()
    }

    @objc func snapToTap(_ tap: UITapGestureRecognizer) {
        dynamics?.snap(.dock, to: tap.location(in: view))
    }

    /// The live snap point, for the test.
    var snapPoint: CGPoint? { dynamics?.dock.snapPoint }
}
