import Scene

/// An item's elasticity, friction and density where they differ from UIKit's defaults (the catalog's), as the
/// scene gives them at the start: the dynamicItem behaviors of the behaviors list that name the item, laid over
/// the defaults in order, as the animator lays them. The svg draws them as a badge under the item and the player
/// as a badge and a tooltip (`PreviewCausesEncoder`'s `properties`), so that a bouncy ball looks different from a
/// dull one before it moves.
struct ItemMaterial: Equatable {
    /// The properties shown, in this order.
    static let names = ["elasticity", "friction", "density"]

    /// (name, value) of each property that differs from its default, in `names` order.
    var differing: [(name: String, value: Double)]

    static func == (a: ItemMaterial, b: ItemMaterial) -> Bool {
        a.differing.elementsEqual(b.differing) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The material of each of `items` (the simulated items, in run order) in `scene`.
    static func of(_ items: [Item], in scene: Scene?) -> [ItemMaterial] {
        let defaults = names.map { Catalog.key($0, in: .behavior(.dynamicItem))?.defaultValue?.numberValue }
        var given: [String: [Double?]] = [:]
        for behavior in scene?.behaviors ?? [] {
            guard case .dynamicItem(let dynamic)? = behavior.kind else { continue }
            let values = names.map { dynamic[$0]?.numberValue }
            for reference in dynamic.items {
                var current = given[reference.id] ?? [Double?](repeating: nil, count: names.count)
                for (slot, value) in values.enumerated() where value != nil { current[slot] = value }
                given[reference.id] = current
            }
        }
        return items.map { item in
            let values = item.id.flatMap { given[$0] } ?? []
            var differing: [(name: String, value: Double)] = []
            for (slot, value) in values.enumerated() {
                guard let value, value.isFinite, value != defaults[slot] else { continue }
                differing.append((names[slot], value))
            }
            return ItemMaterial(differing: differing)
        }
    }

    /// The badge: `e 0.8 · μ 0.1 · ρ 3` (nil when nothing differs); numbers as `format` writes them.
    func badge(_ format: (Double) -> String) -> String? {
        guard !differing.isEmpty else { return nil }
        let symbols = ["elasticity": "e", "friction": "μ", "density": "ρ"]
        return differing.map { "\(symbols[$0.name] ?? $0.name) \(format($0.value))" }.joined(separator: " · ")
    }

    /// The words of the tooltip: `elasticity 0.8, friction 0.1`.
    func sentence(_ format: (Double) -> String) -> String {
        differing.map { "\($0.name) \(format($0.value))" }.joined(separator: ", ")
    }
}
