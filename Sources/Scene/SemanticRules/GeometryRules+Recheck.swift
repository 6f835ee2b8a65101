import JSON

// The geometry family after one item moved or changed its shape, without running it over every item.
//
// Design: `check` sweeps every item held by a collision (sorted by extent) for starting overlaps, and tests each
// against the reference bounds. When one item X changes its center, size, angle or collision shape (ids and
// behaviors as before), only these diagnostics can change: X's own (its path, its overlaps with earlier items,
// its place in the bounds) and the overlaps of each later item that X overlapped before or overlaps now. Those
// are made again from pair tests against every other item (linear, no sort); the rest move with the text.
//
// Why it is exact: an item's `item.startsOverlapping` names the earlier items it overlaps. Unless the item
// overlaps `partnerLimit` or more of them, the sweep finds every one (it only skips pairs of two items that both
// have their fill), so a recount from pair tests gives the same list. With a full item, which ones are named
// depends on the sweep's order: then, as with several checked sizes or an extent that is not a number, the
// family runs whole. Items that do not meet X, before or after, keep their pairs, and X's place in the sweep
// does not reorder the others.
extension GeometryRules {
    /// The family's diagnostics after the item at `changed` became what `index` holds, `old` being what it was;
    /// `previous` are the family's diagnostics in `previousDocument`, which `splice` turned into the current one.
    /// The same as `check(index)`, or nil when it must run whole.
    static func recheck(
        _ index: SceneIndex, changed: Int, old: Item, previous: [Diagnostic], previousDocument: JSONDocument,
        splice: JSONDocument.Splice
    ) -> [Diagnostic]? {
        guard index.scene.checkedSizes.count <= 1 else { return nil }
        let items = index.scene.items
        let context = index.context
        // What is made again, known by code and range in the previous text.
        struct Place: Hashable {
            let code: String
            let range: Range<Int>
        }
        func oldPlace(_ code: String, _ pointer: JSONPointer) -> Place {
            Place(code: code, range: previousDocument.valueRange(of: pointer))
        }
        let center = { (item: Int) in items[item].pointer.appending("center") }
        var remade: Set<Place> = [
            oldPlace("item.nonConvexPath", items[changed].pointer.appending("collisionBounds").appending("path")),
            oldPlace("item.startsOverlapping", center(changed)), oldPlace("item.startsOutside", center(changed)),
        ]
        var fresh: [Diagnostic] = []
        if let path = nonConvexPath(of: items[changed], context) { fresh.append(path) }

        if let start = Start(index) {
            let colliding = start.colliding
            let (holding, held) = Start.holding(colliding, index)
            let anchored = start.anchored
            var extents = [Extent?](repeating: nil, count: items.count)
            for item in held {
                guard let extent = ConvexShape.extent(of: items[item]) else { continue }
                guard !hasNaN(extent) else { return nil }
                extents[item] = extent
            }
            let oldExtent = ConvexShape.extent(of: old)
            if let oldExtent, hasNaN(oldExtent) { return nil }
            var shapes: [ConvexShape??] = Array(repeating: nil, count: items.count)
            func shape(_ item: Int) -> ConvexShape? {
                if let known = shapes[item] { return known }
                let made = ConvexShape(item: items[item])
                shapes[item] = .some(made)
                return made
            }
            /// The behavior (into `colliding`) that makes `earlier` and `later` collide when their shapes overlap at
            /// the start, tested as the sweep tests a pair: extents first, then the shapes, the earlier one's first.
            func meet(
                _ earlier: Int, _ earlierShape: () -> ConvexShape?, _ earlierExtent: Extent?,
                _ later: Int, _ laterShape: () -> ConvexShape?, _ laterExtent: Extent?
            ) -> Int? {
                guard let a = earlierExtent, let b = laterExtent,
                    a.minX <= b.maxX, b.minX <= a.maxX, a.minY <= b.maxY, b.minY <= a.maxY
                else { return nil }
                return collidingBehavior(earlier, later, items, anchored, holding, earlierShape, laterShape)
            }
            /// Every earlier item `later` overlaps; nil when there are `partnerLimit` or more.
            func partners(of later: Int) -> [(item: Int, behavior: Int)]? {
                var found: [(item: Int, behavior: Int)] = []
                for earlier in held where earlier < later {
                    guard
                        let behavior = meet(
                            earlier, { shape(earlier) }, extents[earlier], later, { shape(later) }, extents[later])
                    else { continue }
                    found.append((earlier, behavior))
                    if found.count >= partnerLimit { return nil }
                }
                return found
            }
            // The later items X met before or meets now: their lists are made again.
            var oldShape: ConvexShape??
            func shapeBefore() -> ConvexShape? {
                if let known = oldShape { return known }
                let made = ConvexShape(item: old)
                oldShape = .some(made)
                return made
            }
            var owners = [changed]
            for later in held where later > changed {
                let now = meet(changed, { shape(changed) }, extents[changed], later, { shape(later) }, extents[later])
                let before = meet(changed, shapeBefore, oldExtent, later, { shape(later) }, extents[later])
                if now != nil || before != nil { owners.append(later) }
            }
            for owner in owners {
                guard let found = partners(of: owner) else { return nil }
                remade.insert(oldPlace("item.startsOverlapping", center(owner)))
                if let diagnostic = overlapDiagnostic(of: owner, found, colliding, index) { fresh.append(diagnostic) }
            }
            // Every holder's member is tested against the bounds, held by a colliding behavior or not.
            if index.scene.referenceView != nil, !anchored[changed], let extent = ConvexShape.extent(of: items[changed])
            {
                for holder in start.collisions where makesBoundsABoundary(holder) {
                    guard index.targets(ofBehavior: holder.source).contains(Int32(changed)) else { continue }
                    if let diagnostic = outsideDiagnostic(of: changed, extent, holder, index) {
                        fresh.append(diagnostic)
                        break
                    }
                }
            }
        }

        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(previous.count + fresh.count)
        for diagnostic in previous where !remade.contains(Place(code: diagnostic.code, range: diagnostic.range)) {
            guard let moved = diagnostic.moved(by: splice) else { return nil }
            diagnostics.append(moved)
        }
        return diagnostics + fresh
    }
}
