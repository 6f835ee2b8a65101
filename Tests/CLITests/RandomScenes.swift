import TestSupport

// Seeded random scenes that lint clean (no error, no warning) and cover every behavior type, every attachment
// and field kind, every key, and the three kinds of events, for the round trip through generated code.
//
// Clean by construction: items sit in separate cells of a grid inside the reference view (no overlap, nothing
// outside the inset bounds), every item is named by a collision behavior that keeps it in the view, at most one
// gravity exists, `dynamicItem` behaviors never share an item, an item is the `item` of at most one attachment
// and one snap, pushes have a non-zero force, springs are damped, and events come sorted.
//
// What UIKit's API cannot say stays out: the pin, fixed and sliding factories take one anchor point in the
// reference view, so their items are unrotated and their two points coincide (the scene's offsets are then
// exactly what UIKit computes back). Two `set`s of one behavior never share a display frame: a recording of
// UIKit calls cannot tell them from one `set` of both values.
//
// The scene-format additions (item colors, `set`s of a behavior's `items`) are drawn from a second stream, so the
// scenes keep the shape they had before those additions. A `set` of `items` always changes the list (UIKit
// calls that change nothing leave nothing to record), keeps a collision at two items and others at one, and
// leaves `dynamicItem` behaviors alone (they never share an item).
//
// Pans, reactions and expectations come from a third stream, after everything else, for the same reason. A pan
// (at a time, sorted among the events) moves a distance attachment's anchor or a snap's point that no event
// removes, along 1 to 4 points (sometimes one repeated: a segment of length 0) for 0 to 0.5 s. Reactions come last
// in the file: `contactBegan` or `contactEnded` of an item with another item, the reference bounds or the keeper's
// own boundary "floor"; their action is a `set` or a `pan` of a behavior no event removes, the `add` of a field, or
// the `remove` of a behavior that no other event names (these two `once`).

struct RandomScene {
    let name: String
    let json: String
}

struct RandomSceneGenerator {
    private var random: SplitMix64
    /// The stream of the additions: colors and `set`s of `items`.
    private var additions: SplitMix64
    /// The stream of pans, reactions and expectations.
    private var scripts: SplitMix64
    private let index: Int

    init(seed: UInt64, index: Int) {
        random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
        additions = SplitMix64(seed: (seed ^ 0x5EED_ADD5) &+ UInt64(index) &* 0x9E37_79B9)
        scripts = SplitMix64(seed: (seed ^ 0x0BAD_CAFE) &+ UInt64(index) &* 0x9E37_79B9)
        self.index = index
    }

    /// Colors as a scene may write them: names and both hex forms, in either case.
    static let colors = ["red", "teal", "#0af", "#1E90FF", "#ffcc00", "rebeccapurple", "#ABC"]

    /// Ids that stress the naming rules: keywords of both languages, the generated class's own members, ids
    /// that differ only by punctuation or by a non-ASCII letter, quotes and backslashes, digits first.
    static let itemIdPool = [
        "ball", "my-ball", "my_ball", "my.ball", "default", "self", "Self", "2d", "café", "cafe", "Item", "animator",
        "a\"quote", "back\\slash", "rawValue", "init", "in", "😀", "items", "x y", "class", "id", "new", "allCases",
        "Type", "int", "_", "-", "nil", "placements",
    ]
    static let behaviorIdPool = [
        "gravity", "default", "make-gravity", "newThing", "copy", "event0SetA", "my behavior", "animator", "init",
        "for", "description", "item", "items", "self", "makeGravity", "walls", "snap", "😀", "class", "displayLink",
    ]

    private struct PlacedItem {
        var id: String
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var angle: Double = 0
        var bounds: String? = nil
        var mustStayUnrotated = false
    }

    private var items: [PlacedItem] = []
    private var width = 400.0
    private var height = 400.0
    private var attached: Set<Int> = []
    private var snapped: Set<Int> = []
    private var dynamicItems: Set<Int> = []
    private var hasGravity = false
    private var behaviorCount = 0
    private var usedBehaviorIds: Set<String> = []
    /// The items of each behavior with an id and an `items` list, by id, as the events so far leave them.
    private var itemLists: [String: [Int]] = [:]

    /// A number that reads back exactly and adds exactly: a multiple of 1/4 in [lo, hi].
    private mutating func quarter(_ lo: Double, _ hi: Double) -> Double {
        let steps = Int((hi - lo) * 4)
        return lo + Double(random.below(steps + 1)) / 4
    }

    /// Any double in [lo, hi) (17 significant digits and all).
    private mutating func real(_ lo: Double, _ hi: Double) -> Double { lo + random.unit() * (hi - lo) }

    private func num(_ x: Double) -> String { x.description }
    private func pair(_ x: Double, _ y: Double) -> String { "[\(num(x)), \(num(y))]" }
    private func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private mutating func freshBehaviorId() -> String? {
        behaviorCount += 1
        if random.chance(15) { return nil }
        var id = random.chance(50) ? random.pick(Self.behaviorIdPool) : "b\(behaviorCount)"
        if usedBehaviorIds.contains(id) { id = "b\(behaviorCount)x" }
        usedBehaviorIds.insert(id)
        return id
    }

    private mutating func someItems(_ count: Int? = nil) -> [Int] {
        let wanted = count ?? (1 + random.below(min(3, items.count)))
        var chosen: [Int] = []
        for index in items.indices.shuffledOrder(&random) where chosen.count < wanted { chosen.append(index) }
        return chosen
    }

    private func ids(_ indices: [Int]) -> String {
        "[" + indices.map { string(items[$0].id) }.joined(separator: ", ") + "]"
    }

    private mutating func point() -> String { pair(quarter(40, width - 40), quarter(40, height - 40)) }

    mutating func make() -> RandomScene {
        width = 400 + quarter(0, 40)
        height = 400 + quarter(0, 80)
        let count = 2 + random.below(5)
        var pool = Self.itemIdPool
        var usedIds: Set<String> = []
        for k in 0..<count {
            var id = random.chance(60) ? pool.remove(at: random.below(pool.count)) : "item\(k)"
            if usedIds.contains(id) { id = "item\(k)" }
            usedIds.insert(id)
            let cell = k  // 3 × 3 grid, cells 120 pt apart
            let w = quarter(16, 50)
            let h = quarter(16, 50)
            var item = PlacedItem(
                id: id, x: 80 + Double(cell % 3) * 120 + quarter(-10, 10),
                y: 80 + Double(cell / 3) * 120 + quarter(-10, 10),
                width: w, height: h)
            switch random.below(5) {
            case 0: item.bounds = "\"ellipse\""
            case 1:
                item.bounds =
                    "{\"path\": [\(pair(0, -h / 2)), \(pair(w / 2, h / 2)), \(pair(-w / 2, h / 2))]}"
            case 2: item.bounds = "\"rectangle\""
            default: break
            }
            items.append(item)
        }

        var behaviors: [String] = []
        var live: [(id: String, type: String, detail: String)] = []
        let types = ["gravity", "collision", "attachment", "snap", "push", "dynamicItem", "field"]
        for _ in 0..<(1 + random.below(6)) {
            if let (text, id, type, detail) = behavior(random.pick(types)) {
                behaviors.append(text)
                if let id { live.append((id, type, detail)) }
            }
        }
        let listed = live
        // Every item in a collision that keeps it in the view.
        let keeper = behaviors.count
        behaviors.append(
            "{\"type\": \"collision\", \"id\": \"keeper\", \"items\": \(ids(Array(items.indices))), "
                + "\"translatesReferenceBoundsIntoBoundary\": true}")

        let frameRate = random.pick([60.0, 30.0, 120.0, 50.0])
        let duration = random.pick([0.5, 1.0, 1.25])
        var events: [String] = []
        var at = random.chance(30) ? 0.0 : quarter(0, 0.25)
        var lastSet: (id: String, frame: Double)?
        for _ in 0..<random.below(6) {
            let frame = (at * frameRate).rounded(.up)
            switch random.below(3) {
            case 0 where !live.isEmpty:
                let target = live[random.below(live.count)]
                let properties = liveValues(target.type, detail: target.detail)
                let itemChange = itemsChange(target.id, type: target.type)
                let joined: String? =
                    switch (properties, itemChange) {
                    case (let properties?, let change?): additions.chance(50) ? properties + ", " + change : change
                    case (let properties?, nil): properties
                    case (nil, let change?): change
                    case (nil, nil): nil
                    }
                guard let values = joined else { break }
                if let lastSet, lastSet.id == target.id, lastSet.frame == frame { break }
                if values.contains("\"items\"") { itemLists[target.id] = pendingItems }
                events.append("{\"at\": \(num(at)), \"set\": \(string(target.id)), \"values\": {\(values)}}")
                lastSet = (target.id, frame)
            case 1:
                let type = random.pick(["field", "push", "snap", "dynamicItem", "attachment", "gravity", "collision"])
                if let (text, id, type, detail) = behavior(type, forcingId: true) {
                    events.append("{\"at\": \(num(at)), \"add\": \(text)}")
                    if let id { live.append((id, type, detail)) }
                }
            default:
                guard !live.isEmpty else { break }
                let target = live.remove(at: random.below(live.count))
                events.append("{\"at\": \(num(at)), \"remove\": \(string(target.id))}")
                if target.type == "gravity" { hasGravity = false }
            }
            if !random.chance(20) { at += Double(1 + random.below(8)) / 40 }
            if at >= duration { break }
        }
        var expectations: [String] = []
        addScripts(
            to: &events, keeper: &behaviors[keeper], expectations: &expectations,
            stable: listed.filter { entry in live.contains { $0.id == entry.id } }, duration: duration)

        var itemTexts: [String] = []
        for item in items {
            var text =
                "{\"id\": \(string(item.id)), \"center\": \(pair(item.x, item.y)), \"size\": \(pair(item.width, item.height))"
            if !item.mustStayUnrotated, random.chance(50) {
                text += ", \"angle\": \(num(real(-1.5, 1.5)))"
            }
            if let bounds = item.bounds { text += ", \"collisionBounds\": \(bounds)" }
            if additions.chance(40) { text += ", \"color\": \(string(additions.pick(Self.colors)))" }
            itemTexts.append(text + "}")
        }
        let name = "Random scene \(index)"
        let json =
            "{\n\"format\": 1,\n\"name\": \(string(name)),\n\"referenceView\": {\"width\": \(num(width)), \"height\": \(num(height))},\n"
            + "\"items\": [\n" + itemTexts.joined(separator: ",\n") + "\n],\n"
            + "\"behaviors\": [\n" + behaviors.joined(separator: ",\n") + "\n],\n"
            + "\"events\": [\n" + events.joined(separator: ",\n") + "\n],\n"
            + (expectations.isEmpty ? "" : "\"expect\": [\n" + expectations.joined(separator: ",\n") + "\n],\n")
            + "\"preview\": {\"duration\": \(num(duration)), \"frameRate\": \(num(frameRate))}\n}\n"
        return RandomScene(name: name, json: json)
    }

    /// Pans among the events at a time, reactions after them and expectations, from the scripts' stream, on the
    /// behaviors of the list that no event removes (`stable`); `keeper` may get the boundary "floor".
    private mutating func addScripts(
        to events: inout [String], keeper: inout String, expectations: inout [String],
        stable: [(id: String, type: String, detail: String)], duration: Double
    ) {
        var stable = stable
        let movable = { (entry: (id: String, type: String, detail: String)) in
            entry.type == "snap" || entry.detail == "distance-anchor"
        }
        func time(of event: String) -> Double {
            Double(event.dropFirst("{\"at\": ".count).prefix { $0 != "," }) ?? 0
        }
        func pan(_ target: String) -> String {
            var path: [String] = []
            for _ in 0..<(1 + scripts.below(4)) {
                if let last = path.last, scripts.chance(20) {
                    path.append(last)
                } else {
                    path.append(pair(quarterOf(&scripts, 40, width - 40), quarterOf(&scripts, 40, height - 40)))
                }
            }
            let length = scripts.pick([0, 0.125, 0.25, 0.375, 0.5])
            return
                "\"pan\": \(string(target)), \"path\": [\(path.joined(separator: ", "))], \"duration\": \(num(length))"
        }
        // Pans at a time.
        for _ in 0..<(scripts.chance(40) ? 1 + scripts.below(2) : 0) {
            let targets = stable.filter(movable)
            guard !targets.isEmpty else { break }
            let at = quarterOf(&scripts, 0, duration - 0.25)
            let text = "{\"at\": \(num(at)), " + pan(scripts.pick(targets).id) + "}"
            let place = events.firstIndex { time(of: $0) > at } ?? events.count
            events.insert(text, at: place)
        }
        // Reactions, after every event at a time.
        var hasFloor = false
        var added = 0
        for _ in 0..<(scripts.chance(50) ? 1 + scripts.below(3) : 0) {
            let item = scripts.below(items.count)
            let with: String
            switch scripts.below(3) {
            case 0:
                let other = (item + 1 + scripts.below(items.count - 1)) % items.count
                with = "{\"item\": \(string(items[other].id))}"
            case 1:
                with = "{\"boundary\": null}"
            default:
                hasFloor = true
                with = "{\"boundary\": \"floor\"}"
            }
            let on =
                "\"on\": {\"\(scripts.chance(50) ? "contactBegan" : "contactEnded")\": "
                + "{\"item\": \(string(items[item].id)), \"with\": \(with)}}"
            var once = scripts.chance(50)
            let action: String
            switch scripts.below(4) {
            case 0 where !stable.filter(movable).isEmpty:
                action = pan(scripts.pick(stable.filter(movable)).id)
            case 1 where !stable.isEmpty:
                let target = scripts.pick(stable)
                swap(&random, &scripts)  // liveValues draws from `random`: keep that stream as it was
                let values = liveValues(target.type, detail: target.detail)
                swap(&random, &scripts)
                guard let values else { continue }
                action = "\"set\": \(string(target.id)), \"values\": {\(values)}"
            case 2:
                // A field that acts on one item, added once.
                added += 1
                once = true
                action =
                    "\"add\": {\"type\": \"field\", \"id\": \"reactionField\(added)\", \"kind\": \"vortex\", "
                    + "\"items\": [\(string(items[item].id))], \"strength\": \(num(quarterOf(&scripts, 0.25, 2)))}"
            default:
                // The remove of a behavior no other event names.
                let named = events.joined()
                guard
                    let target = stable.first(where: { entry in
                        !named.contains("\"set\": \(string(entry.id)),")
                            && !named.contains("\"pan\": \(string(entry.id)),")
                    })
                else { continue }
                stable.removeAll { $0.id == target.id }
                once = true
                action = "\"remove\": \(string(target.id))"
            }
            events.append("{" + on + (once ? ", \"once\": true" : "") + ", " + action + "}")
        }
        if hasFloor {
            keeper.removeLast()
            keeper +=
                ", \"boundaries\": [{\"id\": \"floor\", \"from\": \(pair(0, height - 2)), \"to\": \(pair(width, height - 2))}]}"
        }
        // Expectations, which the round trip copies.
        if scripts.chance(20) {
            let item = string(items[scripts.below(items.count)].id)
            expectations.append(
                scripts.pick([
                    "{\"type\": \"rests\", \"item\": \(item), \"by\": \(num(duration))}",
                    "{\"type\": \"noContact\", \"item\": \(item), \"with\": {\"boundary\": null}}",
                    "{\"type\": \"pauses\", \"by\": \(num(duration))}",
                ]))
        }
    }

    /// A multiple of 1/4 in [lo, hi] from `stream`.
    private func quarterOf(_ stream: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double {
        let steps = Int(((hi - lo) * 4).rounded(.down))
        return lo + Double(stream.below(steps + 1)) / 4
    }

    /// The list `itemsChange` last drew.
    private var pendingItems: [Int] = []

    /// Sometimes a `"items": [...]` value for the live behavior `id` of `type` that changes its list (drawn from
    /// the additions' stream); nil otherwise.
    private mutating func itemsChange(_ id: String, type: String) -> String? {
        guard ["gravity", "collision", "push", "field"].contains(type), let current = itemLists[id],
            additions.chance(40)
        else { return nil }
        let least = type == "collision" ? 2 : 1
        guard items.count >= least else { return nil }
        for _ in 0..<4 {
            var order = Array(items.indices)
            for i in order.indices.reversed() where i > 0 { order.swapAt(i, additions.below(i + 1)) }
            let chosen = Array(order.prefix(least + additions.below(items.count - least + 1)))
            if chosen != current {
                pendingItems = chosen
                return "\"items\": \(ids(chosen))"
            }
        }
        return nil
    }

    /// The values of a `set` event valid for a live behavior (its type and, for attachments, its kind and
    /// whether it has an anchor).
    private mutating func liveValues(_ type: String, detail: String) -> String? {
        switch type {
        case "gravity":
            return random.chance(50)
                ? "\"direction\": \(pair(quarter(-1, 1), quarter(-1, 1)))"
                : "\"angle\": \(num(real(-3, 3))), \"magnitude\": \(num(quarter(0.25, 2)))"
        case "push":
            switch random.below(3) {
            case 0: return "\"active\": \(random.chance(50)), \"direction\": \(pair(quarter(-2, 2), quarter(0.25, 2)))"
            case 1: return "\"magnitude\": \(num(quarter(0.25, 2)))"
            default: return "\"angle\": \(num(real(-3, 3)))"
            }
        case "snap":
            return "\"point\": \(point())"
        case "attachment":
            switch detail {
            case "distance-anchor":
                return random.chance(50)
                    ? "\"anchor\": \(point())"
                    : "\"length\": \(num(quarter(10, 120))), \"damping\": \(num(quarter(0.25, 1))), \"frequency\": \(num(quarter(0, 3)))"
            case "distance-item": return "\"length\": \(num(quarter(10, 120)))"
            case "sliding-anchor": return "\"anchor\": \(point())"
            case "limit": return "\"length\": \(num(quarter(50, 200)))"
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A behavior of `type` that keeps the scene clean, its id, its type and a detail for `liveValues`; nil when
    /// the scene has no room for one (no free item for an attachment or a snap, a gravity already).
    private mutating func behavior(
        _ type: String, forcingId: Bool = false
    ) -> (String, String?, String, String)? {
        var id = freshBehaviorId()
        if forcingId, id == nil {
            id = "added\(behaviorCount)"
            usedBehaviorIds.insert(id!)
        }
        var members: [String] = ["\"type\": \"\(type)\""]
        if let id { members.append("\"id\": \(string(id))") }
        var detail = ""
        switch type {
        case "gravity":
            guard !hasGravity else { return nil }
            hasGravity = true
            let chosen = someItems()
            if let id { itemLists[id] = chosen }
            members.append("\"items\": \(ids(chosen))")
            switch random.below(3) {
            case 0: members.append("\"direction\": \(pair(quarter(-1, 1), quarter(0.25, 1.5)))")
            case 1: members.append("\"angle\": \(num(real(0.5, 2.5))), \"magnitude\": \(num(quarter(0.25, 2)))")
            default: break
            }
        case "collision":
            let chosen = someItems(2 + random.below(max(1, items.count - 1)))
            guard chosen.count >= 2 else { return nil }
            if let id { itemLists[id] = chosen }
            members.append("\"items\": \(ids(chosen))")
            let mode = random.pick(["everything", "items", "boundaries", ""])
            if !mode.isEmpty { members.append("\"mode\": \"\(mode)\"") }
            if mode != "items" {
                if random.chance(50) {
                    members.append("\"translatesReferenceBoundsIntoBoundary\": true")
                    if random.chance(50) {
                        members.append(
                            "\"insets\": {\"top\": \(num(quarter(0, 20))), \"left\": \(num(quarter(0, 20))), "
                                + "\"bottom\": \(num(quarter(0, 20))), \"right\": \(num(quarter(0, 20)))}")
                    }
                }
                var boundaries: [String] = []
                let names = ["ledge", "default", "floor-1", "floor_1", "😀", "self"]
                for k in 0..<random.below(3) {
                    let name = names[(k + random.below(names.count)) % names.count] + (k == 0 ? "" : "\(k)")
                    if random.chance(50) {
                        boundaries.append(
                            "{\"id\": \(string(name)), \"from\": \(pair(quarter(10, 100), height - 10)), "
                                + "\"to\": \(pair(quarter(200, width - 10), height - 10))}")
                    } else {
                        boundaries.append(
                            "{\"id\": \(string(name)), \"path\": [\(pair(10, 10)), \(pair(60, 10)), \(pair(35, 30))]}")
                    }
                }
                if !boundaries.isEmpty {
                    members.append("\"boundaries\": [" + boundaries.joined(separator: ", ") + "]")
                }
            }
        case "attachment":
            let free = items.indices.filter { !attached.contains($0) }
            guard let item = free.randomElement(using: &random) else { return nil }
            let others = items.indices.filter { $0 != item }
            let kind = random.pick(["distance", "pin", "fixed", "sliding", "limit", ""])
            attached.insert(item)
            let offset = (quarter(-8, 8), quarter(-8, 8))
            members.append("\"item\": \(string(items[item].id))")
            if !kind.isEmpty { members.append("\"kind\": \"\(kind)\"") }
            switch kind {
            case "pin", "fixed":
                guard let other = others.randomElement(using: &random) else { return nil }
                items[item].mustStayUnrotated = true
                items[other].mustStayUnrotated = true
                let px = items[item].x + offset.0
                let py = items[item].y + offset.1
                members.append("\"offset\": \(pair(offset.0, offset.1))")
                members.append("\"attachedTo\": \(string(items[other].id))")
                members.append("\"attachedOffset\": \(pair(px - items[other].x, py - items[other].y))")
                if kind == "pin" {
                    if random.chance(50) { members.append("\"frictionTorque\": \(num(quarter(0, 2)))") }
                    if random.chance(50) { members.append("\"range\": \(pair(-quarter(0, 3), quarter(0, 3)))") }
                }
            case "sliding":
                items[item].mustStayUnrotated = true
                members.append("\"offset\": \(pair(offset.0, offset.1))")
                let px = items[item].x + offset.0
                let py = items[item].y + offset.1
                if random.chance(50), let other = others.randomElement(using: &random) {
                    items[other].mustStayUnrotated = true
                    members.append("\"attachedTo\": \(string(items[other].id))")
                    members.append("\"attachedOffset\": \(pair(px - items[other].x, py - items[other].y))")
                } else {
                    members.append("\"anchor\": \(pair(px, py))")
                    detail = "sliding-anchor"
                }
                members.append("\"axis\": \(pair(quarter(0.25, 1), quarter(-1, 1)))")
                if random.chance(50) { members.append("\"range\": \(pair(-quarter(0, 40), quarter(0, 40)))") }
            case "limit":
                guard let other = others.randomElement(using: &random) else { return nil }
                members.append("\"offset\": \(pair(offset.0, offset.1))")
                members.append("\"attachedTo\": \(string(items[other].id))")
                if random.chance(50) { members.append("\"attachedOffset\": \(pair(quarter(-5, 5), quarter(-5, 5)))") }
                if random.chance(50) { members.append("\"length\": \(num(quarter(100, 250)))") }
                detail = "limit"
            default:  // distance
                if random.chance(70) { members.append("\"offset\": \(pair(offset.0, offset.1))") }
                if random.chance(50), let other = others.randomElement(using: &random) {
                    members.append("\"attachedTo\": \(string(items[other].id))")
                    if random.chance(50) {
                        members.append("\"attachedOffset\": \(pair(quarter(-5, 5), quarter(-5, 5)))")
                    }
                    detail = "distance-item"
                } else {
                    members.append("\"anchor\": \(point())")
                    detail = "distance-anchor"
                }
                if random.chance(50) { members.append("\"length\": \(num(quarter(10, 150)))") }
                if random.chance(50) {
                    members.append("\"frequency\": \(num(quarter(0.25, 3))), \"damping\": \(num(quarter(0.25, 1)))")
                } else if random.chance(30) {
                    members.append("\"damping\": \(num(quarter(0, 1)))")
                }
            }
        case "snap":
            let free = items.indices.filter { !snapped.contains($0) }
            guard let item = free.randomElement(using: &random) else { return nil }
            snapped.insert(item)
            members.append("\"item\": \(string(items[item].id)), \"point\": \(point())")
            if random.chance(50) { members.append("\"damping\": \(num(random.unit()))") }
        case "push":
            let chosen = someItems()
            if let id { itemLists[id] = chosen }
            members.append("\"items\": \(ids(chosen))")
            if random.chance(50) { members.append("\"mode\": \"\(random.pick(["continuous", "instantaneous"]))\"") }
            if random.chance(50) {
                members.append("\"direction\": \(pair(quarter(-2, 2), quarter(0.25, 2)))")
            } else {
                members.append("\"angle\": \(num(real(-3, 3))), \"magnitude\": \(num(quarter(0.25, 2)))")
            }
            if random.chance(30) { members.append("\"active\": \(random.chance(70))") }
            if random.chance(40) { members.append("\"offset\": \(pair(quarter(-5, 5), quarter(-5, 5)))") }
        case "dynamicItem":
            let free = items.indices.filter { !dynamicItems.contains($0) }
            guard !free.isEmpty else { return nil }
            let chosen = Array(free.shuffledOrder(&random).prefix(1 + random.below(2)))
            dynamicItems.formUnion(chosen)
            members.append("\"items\": \(ids(chosen))")
            let properties: [(String, String)] = [
                ("elasticity", num(quarter(0, 1))), ("friction", num(quarter(0, 2))),
                ("density", num(quarter(0.25, 3))),
                ("resistance", num(quarter(0, 2))), ("angularResistance", num(quarter(0, 2))),
                ("allowsRotation", "\(random.chance(50))"), ("anchored", "\(random.chance(30))"),
                ("charge", num(quarter(-2, 2))), ("linearVelocity", pair(quarter(-50, 50), quarter(-50, 50))),
                ("angularVelocity", num(quarter(-2, 2))),
            ]
            for (key, value) in properties where random.chance(40) { members.append("\"\(key)\": \(value)") }
        default:  // field
            let kinds = [
                "linearGravity", "radialGravity", "spring", "drag", "vortex", "velocity", "noise", "turbulence",
                "electric", "magnetic",
            ]
            let kind = random.pick(kinds)
            let chosen = someItems()
            if let id { itemLists[id] = chosen }
            members.append("\"kind\": \"\(kind)\", \"items\": \(ids(chosen))")
            if random.chance(60) { members.append("\"position\": \(point())") }
            switch random.below(3) {
            case 0: members.append("\"region\": {\"radius\": \(num(quarter(50, 300)))}")
            case 1: members.append("\"region\": {\"size\": \(pair(quarter(50, 300), quarter(50, 300)))}")
            default: break
            }
            if random.chance(60) { members.append("\"strength\": \(num(quarter(-2, 2)))") }
            if random.chance(40) { members.append("\"falloff\": \(num(quarter(-1, 2)))") }
            if random.chance(40) { members.append("\"minimumRadius\": \(num(quarter(0, 20)))") }
            if kind == "linearGravity" || kind == "velocity", random.chance(60) {
                members.append("\"direction\": \(pair(quarter(-1, 1), quarter(-1, 1)))")
            }
            if kind == "noise" || kind == "turbulence" {
                if random.chance(60) { members.append("\"smoothness\": \(num(quarter(0, 1)))") }
                if random.chance(60) { members.append("\"animationSpeed\": \(num(quarter(0, 2)))") }
            }
        }
        return ("{" + members.joined(separator: ", ") + "}", id, type, detail)
    }
}

extension Range<Int> {
    /// The indices in a random order.
    fileprivate func shuffledOrder(_ random: inout SplitMix64) -> [Int] {
        var order = Array(self)
        for i in order.indices.reversed() where i > 0 { order.swapAt(i, random.below(i + 1)) }
        return order
    }
}

extension Array where Element == Int {
    fileprivate func randomElement(using random: inout SplitMix64) -> Int? {
        isEmpty ? nil : self[random.below(count)]
    }

    fileprivate func shuffledOrder(_ random: inout SplitMix64) -> [Int] {
        var order = self
        for i in order.indices.reversed() where i > 0 { order.swapAt(i, random.below(i + 1)) }
        return order
    }
}
