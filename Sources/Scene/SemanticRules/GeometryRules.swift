import JSON

// item.nonConvexPath, item.startsOverlapping and item.startsOutside. "At the start" means the behaviors alive
// when the first sub-step runs: the list plus what the events of frame 0 (`at: 0`) add or remove. Two items
// collide when a collision behavior in mode "everything" or "items" holds both; an item collides with the
// reference bounds when a collision behavior with translatesReferenceBoundsIntoBoundary holds it in a mode
// other than "items". Two anchored items never push each other (nor does the boundary push an anchored one),
// so those are left out. Items whose shape is not usable (missing center or size, a bad path) are skipped:
// they already have an error.
enum GeometryRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        nonConvexPaths(index) + index.atCheckedSizes(startingPositions)
    }

    private static func nonConvexPaths(_ index: SceneIndex) -> [Diagnostic] {
        index.scene.items.compactMap { nonConvexPath(of: $0, index.context) }
    }

    static func nonConvexPath(of item: Item, _ context: RuleContext) -> Diagnostic? {
        guard case .path(let points)? = item.collisionBounds, let problem = ConvexShape.pathProblem(points) else {
            return nil
        }
        let name = Wording.item(item)
        let message: String
        switch problem {
        case .tooFewPoints(let count):
            message =
                "the collisionBounds path of \(name) has \(count) point\(count == 1 ? "" : "s"); a path needs at least 3 points making a convex polygon around the center"
        case .noArea:
            message =
                "the collisionBounds path of \(name) has no area (its points lie on one line); give at least 3 points making a convex polygon"
        case .notConvex:
            message =
                "the collisionBounds path of \(name) is not convex; list the corners of a convex polygon in order (clockwise or counterclockwise), or split the item"
        }
        return context.diagnostic(
            "item.nonConvexPath", message,
            at: context.range(of: item.pointer.appending("collisionBounds").appending("path")))
    }

    private static func startingPositions(_ index: SceneIndex) -> [Diagnostic] {
        guard let start = Start(index) else { return [] }
        let collisions = start.collisions
        let anchored = start.anchored
        var shapes: [ConvexShape??] = Array(repeating: nil, count: index.scene.items.count)
        func shape(_ item: Int) -> ConvexShape? {
            if let known = shapes[item] { return known }
            let made = ConvexShape(item: index.scene.items[item])
            shapes[item] = .some(made)
            return made
        }
        // Extents without building shapes: most items meet no other, and are never shaped.
        var extents: [Extent??] = Array(repeating: nil, count: index.scene.items.count)
        func extent(_ item: Int) -> Extent? {
            if let known = extents[item] { return known }
            let made = ConvexShape.extent(of: index.scene.items[item])
            extents[item] = .some(made)
            return made
        }
        return overlaps(index, collisions, anchored, shape, extent) + outside(index, collisions, anchored, extent)
    }

    /// The items a collision holds, as indices into `scene.items`, each once, in file order.
    private static func members(_ holder: Holder, _ index: SceneIndex) -> [Int] {
        var isMember = [Bool](repeating: false, count: index.scene.items.count)
        var members: [Int] = []
        members.reserveCapacity(holder.collision.items.count)
        // A collision's `itemReferences` are its `items`: the targets resolved once by the index.
        for target in index.targets(ofBehavior: holder.source) where target >= 0 && !isMember[Int(target)] {
            isMember[Int(target)] = true
            members.append(Int(target))
        }
        return members.sorted()
    }

    /// The collision behaviors alive at the start, and which items are anchored then.
    struct Start {
        var collisions: [Holder] = []
        /// By item index (the first item with each id, which is the one references name).
        var anchored: [Bool]

        /// nil when no collision behavior is alive at the start (then nothing collides).
        init?(_ index: SceneIndex) {
            let timeline = index.timeline
            anchored = [Bool](repeating: false, count: index.scene.items.count)
            for entry in timeline.entries.indices where timeline.isAliveAtStart(entry) {
                let behavior = timeline.behavior(entry)
                let source = timeline.entries[entry].source
                switch behavior.kind {
                case .collision(let collision)?:
                    collisions.append(Holder(behavior: behavior, collision: collision, source: source))
                case .dynamicItem(let dynamicItem)? where dynamicItem.anchored == true:
                    for target in index.targets(ofBehavior: source) where target >= 0 { anchored[Int(target)] = true }
                default: break
                }
            }
            if collisions.isEmpty { return nil }
        }

        /// The collisions that make items collide with each other (not only with boundaries).
        var colliding: [Holder] { collisions.filter { $0.collision.resolvedMode != .boundaries } }

        /// For each item, the indices into `colliding` of the behaviors holding it, ascending; and the items held.
        static func holding(_ colliding: [Holder], _ index: SceneIndex) -> (holding: [[Int]], held: [Int]) {
            var holding = [[Int]](repeating: [], count: index.scene.items.count)
            var held: [Int] = []
            for (position, entry) in colliding.enumerated() {
                for member in members(entry, index) {
                    if holding[member].isEmpty { held.append(member) }
                    holding[member].append(position)
                }
            }
            return (holding, held)
        }
    }

    /// The first collision behavior holding both items (the one that makes them collide), if any: an index into
    /// `colliding`, from two ascending lists.
    static func firstCommon(_ a: [Int], _ b: [Int]) -> Int? {
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { return a[i] }
            if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return nil
    }

    /// The behavior (an index into `colliding`) that makes `earlier` and `later` collide at the start, nil when
    /// they do not: both have ids, they are not both anchored, a collision holds both, and their shapes overlap
    /// (tested with the earlier item's shape first; each shape is made only when the rest holds).
    static func collidingBehavior(
        _ earlier: Int, _ later: Int, _ items: [Item], _ anchored: [Bool], _ holding: [[Int]],
        _ earlierShape: () -> ConvexShape?, _ laterShape: () -> ConvexShape?
    ) -> Int? {
        guard items[earlier].id != nil, items[later].id != nil, !(anchored[earlier] && anchored[later]),
            let behavior = firstCommon(holding[earlier], holding[later]),
            let aShape = earlierShape(), let bShape = laterShape(), aShape.overlaps(bShape)
        else { return nil }
        return behavior
    }

    /// Whether an extent has a coordinate that is not a number (absurd coordinates): it cannot be sorted.
    static func hasNaN(_ extent: Extent) -> Bool {
        extent.minX.isNaN || extent.minY.isNaN || extent.maxX.isNaN || extent.maxY.isNaN
    }

    /// A collision behavior alive at the start, with its index in `SceneIndex.allBehaviors`.
    struct Holder {
        let behavior: Behavior
        let collision: CollisionBehavior
        let source: Int
    }

    // Sweep and prune: the candidates are the pairs whose extents overlap on x (sorted by minX, each item meets
    // only the items starting before it ends), then on y; `ConvexShape.overlaps` rejects any pair whose
    // extents merely touch or are apart, so leaving those out changes nothing. Extents with a NaN (absurd
    // coordinates) cannot be sorted: those items are tested against every other member.
    typealias Extent = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    private static func overlaps(
        _ index: SceneIndex, _ collisions: [Holder], _ anchored: [Bool],
        _ shape: (Int) -> ConvexShape?, _ extent: (Int) -> Extent?
    ) -> [Diagnostic] {
        let items = index.scene.items
        let colliding = collisions.filter { $0.collision.resolvedMode != .boundaries }
        let (holding, held) = Start.holding(colliding, index)
        var sweep: [(item: Int, extent: Extent)] = []
        var unsortable: [(item: Int, extent: Extent)] = []
        for member in held.sorted() {
            guard let extent = extent(member) else { continue }
            if hasNaN(extent) {
                unsortable.append((member, extent))
            } else {
                sweep.append((member, extent))
            }
        }
        sweep.sort { $0.extent.minX != $1.extent.minX ? $0.extent.minX < $1.extent.minX : $0.item < $1.item }
        // Per item, the items before it in the file that it overlaps (with the behavior that makes them collide),
        // up to `partnerLimit`: a crowd of N items at one spot is N diagnostics, not N(N−1)/2, and once an item
        // has its fill no more shapes are tested against it.
        var partners = [[(item: Int, behavior: Int)]](repeating: [], count: items.count)
        // A pair counts only for its later item, so once an item has its fill (it is "full"), a pair of it and
        // a full item changes nothing. The sweep of a full item skips the full items after it: `nextOpen`
        // finds the first sweep position at or after p whose item is not full (a union-find over positions,
        // with path halving; fullness only grows). Without it, a crowd of N items at one spot visited all
        // N(N−1)/2 candidate pairs; with it, about `partnerLimit`·N.
        var sweepPosition = [Int](repeating: -1, count: items.count)
        for (position, entry) in sweep.enumerated() { sweepPosition[entry.item] = position }
        var openAfter = Array(0...sweep.count)
        func nextOpen(_ p: Int) -> Int {
            var p = p
            while openAfter[p] != p {
                openAfter[p] = openAfter[openAfter[p]]
                p = openAfter[p]
            }
            return p
        }
        func consider(_ x: Int, _ y: Int) {
            let earlier = min(x, y)
            let later = max(x, y)
            guard partners[later].count < partnerLimit,
                let behavior = collidingBehavior(
                    earlier, later, items, anchored, holding, { shape(earlier) }, { shape(later) })
            else { return }
            partners[later].append((earlier, behavior))
            if partners[later].count == partnerLimit, sweepPosition[later] >= 0 {
                openAfter[sweepPosition[later]] = sweepPosition[later] + 1
            }
        }
        for (n, first) in sweep.enumerated() {
            var m = n + 1
            while m < sweep.count {
                if partners[first.item].count >= partnerLimit {
                    m = nextOpen(m)
                    if m == sweep.count { break }
                }
                let second = sweep[m]
                guard second.extent.minX <= first.extent.maxX else { break }
                if first.extent.minY <= second.extent.maxY, second.extent.minY <= first.extent.maxY {
                    consider(first.item, second.item)
                }
                m += 1
            }
        }
        let everyone = sweep + unsortable
        for (n, odd) in unsortable.enumerated() {
            for other in everyone where other.item != odd.item {
                // Each pair of two unsortable items once.
                if let position = unsortable.firstIndex(where: { $0.item == other.item }), position < n { continue }
                consider(odd.item, other.item)
            }
        }
        return partners.indices.compactMap { later in
            overlapDiagnostic(of: later, partners[later], colliding, index)
        }
    }

    /// `item.startsOverlapping` of the item at `later`, from the earlier items it overlaps (any order, at most
    /// `partnerLimit`) with the behavior (an index into `colliding`) that makes each pair collide; nil for none.
    static func overlapDiagnostic(
        of later: Int, _ partners: [(item: Int, behavior: Int)], _ colliding: [Holder], _ index: SceneIndex
    ) -> Diagnostic? {
        let context = index.context
        let items = index.scene.items
        let found = partners.sorted { $0.item < $1.item }
        guard let nearest = found.first else { return nil }
        let b = items[later]
        let names = found.prefix(relatedLimit).map { Wording.quoted(items[$0.item].id!) }
        let whom: String
        switch found.count {
        case 1:
            whom = "item \(names[0])"
        case 2...relatedLimit:
            whom =
                "\(found.count) items listed before it (\(names.dropLast().joined(separator: ", ")) and \(names.last!))"
        default:
            let count = found.count < partnerLimit ? "\(found.count)" : "\(partnerLimit) or more"
            whom = "\(count) items listed before it (\(names.joined(separator: ", ")), …)"
        }
        return context.diagnostic(
            "item.startsOverlapping",
            "item \(Wording.quoted(b.id!)) overlaps \(whom) at the start, and they collide (\(Wording.behavior(colliding[nearest.behavior].behavior))): the solver will push them apart violently; move them apart so their shapes do not overlap",
            at: context.range(of: b.pointer.appending("center")),
            related: found.prefix(relatedLimit).map { partner in
                let a = items[partner.item]
                return Diagnostic.Related(
                    message: "item \(Wording.quoted(a.id!)) starts here",
                    range: context.range(of: a.pointer.appending("center")))
            })
    }

    /// The most items before an item that its `item.startsOverlapping` counts (it says "or more" past it).
    static let partnerLimit = 10
    /// The most related places one `item.startsOverlapping` shows.
    static let relatedLimit = 3

    private static func outside(
        _ index: SceneIndex, _ collisions: [Holder],
        _ anchored: [Bool], _ extent: (Int) -> Extent?
    ) -> [Diagnostic] {
        guard index.scene.referenceView != nil else { return [] }
        var reported: Set<Int> = []
        var diagnostics: [Diagnostic] = []
        for holder in collisions where makesBoundsABoundary(holder) {
            for member in members(holder, index) where !reported.contains(member) {
                guard !anchored[member], let extent = extent(member),
                    let diagnostic = outsideDiagnostic(of: member, extent, holder, index)
                else { continue }
                reported.insert(member)
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    /// Whether `holder` turns the reference bounds into a boundary that its items collide with.
    static func makesBoundsABoundary(_ holder: Holder) -> Bool {
        holder.collision.translatesReferenceBoundsIntoBoundary && holder.collision.resolvedMode != .items
    }

    /// `item.startsOutside` of the item at `member`, whose extent is `extent`, against the bounds `holder` makes a
    /// boundary; nil when it starts inside them (or has no id).
    static func outsideDiagnostic(
        of member: Int, _ extent: Extent, _ holder: Holder, _ index: SceneIndex
    ) -> Diagnostic? {
        guard let view = index.scene.referenceView, let id = index.scene.items[member].id else { return nil }
        let context = index.context
        let item = index.scene.items[member]
        let behavior = holder.behavior
        let collision = holder.collision
        let insets = collision.resolvedInsets
        let left = insets.left
        let top = insets.top
        let right = view.width - insets.right
        let bottom = view.height - insets.bottom
        let tolerance = ConvexShape.tolerance(extent.minX, extent.minY, extent.maxX, extent.maxY, right, bottom)
        let side: String
        if extent.minX < left - tolerance {
            side =
                "its left edge is at x = \(Wording.coordinate(extent.minX)), the bounds begin at x = \(Wording.coordinate(left))"
        } else if extent.minY < top - tolerance {
            side =
                "its top edge is at y = \(Wording.coordinate(extent.minY)), the bounds begin at y = \(Wording.coordinate(top))"
        } else if extent.maxX > right + tolerance {
            side =
                "its right edge is at x = \(Wording.coordinate(extent.maxX)), the bounds end at x = \(Wording.coordinate(right))"
        } else if extent.maxY > bottom + tolerance {
            side =
                "its bottom edge is at y = \(Wording.coordinate(extent.maxY)), the bounds end at y = \(Wording.coordinate(bottom))"
        } else {
            return nil
        }
        let insetWords = collision.insets == nil ? "" : " inset"
        return context.diagnostic(
            "item.startsOutside",
            "item \(Wording.quoted(id)) starts partly outside the\(insetWords) reference bounds that \(Wording.behavior(behavior)) makes a boundary (\(side)): the boundary will push it back violently; move it inside",
            at: context.range(of: item.pointer.appending("center")),
            related: [
                Diagnostic.Related(
                    message: "the reference bounds become a boundary here",
                    range: context.range(of: behavior.pointer.appending("translatesReferenceBoundsIntoBoundary")))
            ])
    }
}
