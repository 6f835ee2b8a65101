/// A contact pair of the scene (`ContactFilter`) with its ids resolved to the simulation's item indices: what
/// reactions and contact expectations compare each contact event with.
struct ContactPair: Equatable {
    var item: Int
    var partner: Partner

    enum Partner: Equatable {
        case item(Int)
        /// A boundary id; nil for the reference bounds.
        case boundary(String?)
    }

    /// The pair a filter names, with the simulation's item indices by id; nil when an id names no simulated item.
    init?(_ filter: ContactFilter, itemIndex: [ExactId: Int]) {
        guard let item = itemIndex[filter.item.id.exactId] else { return nil }
        self.item = item
        switch filter.partner {
        case .item(let other):
            guard let otherItem = itemIndex[other.id.exactId] else { return nil }
            partner = .item(otherItem)
        case .boundary(let id, _):
            partner = .boundary(id)
        }
    }

    /// Whether a contact event between `item` and `partner` is about this pair (two items in either order).
    func matches(item touching: Int, partner touched: SimulationEvent.ContactPartner) -> Bool {
        switch (partner, touched) {
        case (.item(let other), .item(let touchedItem)):
            return (item == touching && other == touchedItem) || (other == touching && item == touchedItem)
        case (.boundary(let id), .boundary(let touchedId)):
            guard item == touching else { return false }
            guard let id else { return touchedId == nil }
            return touchedId?.isSameId(as: id) == true
        default:
            return false
        }
    }

    /// The items whose contact events can match (one or two).
    var items: [Int] {
        if case .item(let other) = partner, other != item { return [item, other] }
        return [item]
    }
}
