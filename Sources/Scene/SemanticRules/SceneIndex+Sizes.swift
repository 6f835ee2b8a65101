// The rules that look at the view (`boundary.outside`, `snap.pointOutside`, `item.startsOverlapping`,
// `item.startsOutside`) check the scene at its design size and at each of `preview.sizes`, with every point
// placed by its pin (`Scene.placed(in:)`). What the design size finds is reported as it always was. A problem
// that only other sizes show (a code on a range the design size leaves clean) is reported once, with the
// message of the first size that shows it, starting with every size that shows it ("at 320×568 and 430×932:
// …"); its quick fixes are left out, since they would be computed in placed coordinates.

extension SceneIndex {
    /// `check` at the design size and at each other size of `Scene.checkedSizes`, merged as described above.
    func atCheckedSizes(_ check: (SceneIndex) -> [Diagnostic]) -> [Diagnostic] {
        let designFindings = check(self)
        let sizes = scene.checkedSizes
        guard sizes.count > 1 else { return designFindings }
        struct Place: Hashable {
            let code: String
            let range: Range<Int>
        }
        var seen = Set(designFindings.map { Place(code: $0.code, range: $0.range) })
        var extra: [(diagnostic: Diagnostic, sizes: [Size])] = []
        var extraIndex: [Place: Int] = [:]
        for size in sizes.dropFirst() {
            let placed = SceneIndex(
                RuleContext(scene: scene.placed(in: size), document: document, isComplete: context.isComplete),
                tables: tables)
            for diagnostic in check(placed) {
                let place = Place(code: diagnostic.code, range: diagnostic.range)
                if let index = extraIndex[place] {
                    if extra[index].sizes.last != size { extra[index].sizes.append(size) }
                } else if seen.insert(place).inserted {
                    extraIndex[place] = extra.count
                    extra.append((diagnostic, [size]))
                }
            }
        }
        return designFindings
            + extra.map { found in
                var diagnostic = found.diagnostic
                diagnostic.message = "at \(Wording.list(found.sizes.map(Wording.size))): " + diagnostic.message
                diagnostic.fixes = []
                return diagnostic
            }
    }
}
