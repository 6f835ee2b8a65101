// A `pin` says which edges of the reference view a point keeps its distance to when the view is shown at
// another size than the scene's design size, as UIKit's autoresizing masks do for a view's frame. A pin names
// one horizontal edge (`left`, `right`, `centerX`) and one vertical edge (`top`, `bottom`, `centerY`); a list
// that leaves an axis out takes the scene's default edge on that axis (`referenceView.pin`, itself
// `["left", "top"]` when absent), so `["right"]` keeps the default's vertical edge.
//
// Placing is a translation per pin: for a design size W×H shown at W′×H′, `left` keeps x, `right` moves it by
// W′ − W, `centerX` by (W′ − W)/2, and the vertical edges likewise. Sizes never change. Simulation, the rules
// that look at the view and code generation all place points through `Pin.place(_:design:actual:)`.

/// Where a point stays when the reference view changes size: one horizontal and one vertical edge.
package struct Pin: Equatable, Hashable, Sendable {
    /// The edge of the view a point keeps its horizontal distance to.
    package enum Horizontal: String, CaseIterable, Sendable {
        case left, right, centerX
    }

    /// The edge of the view a point keeps its vertical distance to.
    package enum Vertical: String, CaseIterable, Sendable {
        case top, bottom, centerY
    }

    package var horizontal: Horizontal
    package var vertical: Vertical

    package init(_ horizontal: Horizontal, _ vertical: Vertical) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// `["left", "top"]`: the default of a scene without `referenceView.pin` (points keep their coordinates).
    package static let topLeft = Pin(.left, .top)

    /// Every edge name a `pin` list may hold, horizontal ones first (the catalog's enumeration).
    package static let edgeNames: [String] = Horizontal.allCases.map(\.rawValue) + Vertical.allCases.map(\.rawValue)

    /// `point`, given in a view of the `design` size, placed in a view of the `actual` size.
    package func place(_ point: Vector, design: Size, actual: Size) -> Vector {
        offset(design: design, actual: actual).map { Vector(x: point.x + $0.x, y: point.y + $0.y) } ?? point
    }

    /// How far every point with this pin moves from `design` to `actual`; nil when they are the same size.
    package func offset(design: Size, actual: Size) -> Vector? {
        guard design != actual else { return nil }
        let dx: Double =
            switch horizontal {
            case .left: 0
            case .right: actual.width - design.width
            case .centerX: (actual.width - design.width) / 2
            }
        let dy: Double =
            switch vertical {
            case .top: 0
            case .bottom: actual.height - design.height
            case .centerY: (actual.height - design.height) / 2
            }
        return Vector(x: dx, y: dy)
    }

    /// The list as a scene writes it (`["right", "bottom"]`).
    package var names: [String] { [horizontal.rawValue, vertical.rawValue] }
}

/// A `pin` list as written: each axis's edge, nil for an axis it leaves out (which takes the scene's default).
package struct PinEdges: Equatable, Hashable, Sendable {
    package var horizontal: Pin.Horizontal?
    package var vertical: Pin.Vertical?

    package init(horizontal: Pin.Horizontal? = nil, vertical: Pin.Vertical? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The edges of a list of names (the decoder has checked them: at most one per axis, each known; an unknown
    /// name is skipped and a second one on an axis is ignored).
    package init(names: [String]) {
        for name in names {
            if let edge = Pin.Horizontal(rawValue: name), horizontal == nil { horizontal = edge }
            if let edge = Pin.Vertical(rawValue: name), vertical == nil { vertical = edge }
        }
    }

    /// The pin with `fallback`'s edge on each axis this list leaves out.
    package func resolved(over fallback: Pin) -> Pin {
        Pin(horizontal ?? fallback.horizontal, vertical ?? fallback.vertical)
    }
}

/// A model object that declares points and may carry a `pin` (items, boundaries, attachments, snaps, fields,
/// `near` expectations).
package protocol Pinned {
    /// The `pin` as written; nil when absent or invalid (then the scene's default applies).
    var pin: PinEdges? { get }
}

extension Pinned {
    /// The object's pin: its own edges, the scene's default (`Scene.defaultPin`) on the axes it leaves out.
    package func resolvedPin(in scene: Scene) -> Pin { resolvedPin(default: scene.defaultPin) }

    /// The object's pin over a given default.
    package func resolvedPin(default fallback: Pin) -> Pin { (pin ?? PinEdges()).resolved(over: fallback) }
}

extension Scene {
    /// The pin of every point that does not name its own: `referenceView.pin` over `["left", "top"]`.
    package var defaultPin: Pin { (referencePin ?? PinEdges()).resolved(over: .topLeft) }
}
