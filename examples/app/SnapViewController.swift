import UIKit

/// A screen that runs examples/snap-tap.dynamics.json through its generated class
/// (examples/generated/snap-tap/SnapToATappedPointDynamics.swift), without editing it: the app places the views,
/// listens through the closures, and drives the snap with a tap.
final class SnapViewController: UIViewController {
    private var dynamics: SnapToATappedPointDynamics?
    private(set) var contacts: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        // Views of the scene's sizes; the app's own views work the same way (with `placement: .keepViews` when
        // the app has placed them itself).
        let views = SnapToATappedPointDynamics.makeViews()
        for item in SnapToATappedPointDynamics.Item.allCases { view.addSubview(views[item]!) }
        let dynamics = SnapToATappedPointDynamics(referenceView: view, items: views, placement: .fromScene)

        // Seams: the scene's reactions run on their own; the app hears about contacts and rest.
        dynamics.onContactBegan = { [weak self] item, partner, _ in
            self?.contacts.append("\(item.rawValue) touched \(partner)")
        }
        dynamics.onPause = { [weak self] in self?.contacts.append("at rest") }

        // Inputs: a tap moves the snap point of the scene's snap behavior "snap".
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(snapToTap(_:))))

        dynamics.playTimeline()
        self.dynamics = dynamics
    }

    @objc func snapToTap(_ tap: UITapGestureRecognizer) {
        dynamics?.snap(.snap, to: tap.location(in: view))
    }

    /// The live snap point, for the test.
    var snapPoint: CGPoint? { dynamics?.snap?.snapPoint }
}
