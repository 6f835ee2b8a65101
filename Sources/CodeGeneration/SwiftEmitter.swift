import Scene
import SourceLiterals

// The plan as one Swift file: `import UIKit` and one class, nothing of Impulse at run time.
//
// Shape of the class (every name below is reserved before any scene id is named):
// - `Item`, a `String` enum of the item ids (`CaseIterable`), and `starts`, where each item starts (one statement
//   per item, so that a scene of thousands of items type-checks in linear time);
// - `init(referenceView:items:placement:)` places the app's items (`.fromScene`) or leaves them (`.keepViews`),
//   creates every behavior of the list (`Make.<name>`), then adds them in scene order and gives the velocities that
//   UIKit honours only once a behavior is in the animator;
// - `Pin` and `Layout`: every point is written as in the scene with its pin (`layout.place(point, .rightBottom)`;
//   a point pinned to the left and top edges stays a plain literal) and placed from the reference view's size at
//   `init`; `layoutDidChange()` places the boundaries again and moves anchors, snap points and field positions by
//   the change of their pin's offset (so a point an event or an input has set moves as well);
// - one property per scene id (behaviors of one id and type share it; optional when events add or remove it, and
//   always the live behavior), one method per event, `playTimeline()` with a display link whose target holds the
//   scene weakly;
// - the seams an app sets instead of editing the file: `onContactBegan`, `onContactEnded`, `onPause`, `onResume`,
//   `onStep`; the inputs a gesture drives: `snap(_:to:)`, `push(_:angle:magnitude:)`, `push(_:direction:)`,
//   `moveAnchor(_:to:)`, and `attach(_:snap:)`/`attach(_:to:)` that connect a tap or a pan gesture recognizer to them;
// - `makeViews()` and the two views whose collision bounds are an ellipse or a path.
// Long item lists are index lists (`Make.items(at:)`), never literals of calls: those type-check in quadratic time.

/// Writes the Swift file of a plan.
package struct SwiftEmitter {
    let plan: GenerationPlan
    /// Case names of `Item`, by item (without backticks).
    private let itemNames: [String]
    /// Property names of the behaviors, by behavior (without backticks): the behaviors of one id and one type share
    /// one property.
    private let behaviorNames: [String]
    /// Factory names in `Make`, by behavior (one each).
    private let factoryNames: [String]
    /// Whether a behavior's property is optional: an event adds or removes a behavior of its name.
    private let isOptional: [Bool]
    /// Whether a behavior is the first of its property (which it declares).
    private let declaresProperty: [Bool]
    /// Method names of the events, by event.
    private let eventNames: [String]
    /// Constant names in `Boundary`, by boundary.
    private let boundaryNames: [String]
    /// `item(.name)`, by item: how the factories reach an item.
    private let itemReferences: [String]

    package init(plan: GenerationPlan) {
        self.plan = plan
        var cases = NameSpace(reserved: SwiftNames.reservedInEnum)
        itemNames = plan.items.map { cases.claim(Identifiers.lowerCamel($0.id, fallback: "item")) }
        itemReferences = itemNames.map { "item(." + Self.escaped($0) + ")" }
        var members = NameSpace(reserved: SwiftNames.reservedMembers)
        var factories = NameSpace(reserved: SwiftNames.reservedInEnum.union(["items"]))
        var byId: [[UInt8]: (type: BehaviorType, name: String)] = [:]
        var names: [String] = []
        var declares: [Bool] = []
        var factoryNames: [String] = []
        for behavior in plan.behaviors {
            let base = Identifiers.lowerCamel(behavior.id ?? behavior.type.rawValue, fallback: behavior.type.rawValue)
            factoryNames.append(factories.claim(base))
            // Ids are compared byte for byte.
            if let id = behavior.id, let shared = byId[Array(id.utf8)], shared.type == behavior.type {
                names.append(shared.name)
                declares.append(false)
            } else {
                let name = members.claim(base)
                if let id = behavior.id, byId[Array(id.utf8)] == nil { byId[Array(id.utf8)] = (behavior.type, name) }
                names.append(name)
                declares.append(true)
            }
        }
        var optionalNames: Set<String> = []
        for (index, behavior) in plan.behaviors.enumerated() where behavior.addingEvent != nil {
            optionalNames.insert(names[index])
        }
        for event in plan.events {
            if case .remove(let target) = event.action { optionalNames.insert(names[target]) }
        }
        behaviorNames = names
        self.factoryNames = factoryNames
        declaresProperty = declares
        isOptional = names.map { optionalNames.contains($0) }
        let behaviorNames = names
        eventNames = plan.events.enumerated().map { index, event in
            let what: String =
                switch event.action {
                case .set(let target, _, _): "set " + behaviorNames[target]
                case .add(let target): "add " + behaviorNames[target]
                case .remove(let target): "remove " + behaviorNames[target]
                case .pan(let target, _, _, _): "pan " + behaviorNames[target]
                }
            return members.claim(Identifiers.lowerCamel("event \(index) " + what, fallback: "event"))
        }
        var constants = NameSpace(reserved: SwiftNames.reservedInEnum)
        boundaryNames = plan.boundaries.map { constants.claim(Identifiers.lowerCamel($0.id, fallback: "boundary")) }
    }

    /// The whole file.
    package func emit() -> String {
        var w = CodeWriter(capacity: plan.expectedTextSize)
        let type = plan.typeName
        w.line(
            "// Generated by `impulse generate swift` from the scene \(StringLiteral.quotedForComment(plan.sceneName))."
        )
        w.line("// Generate it again when the scene changes. Customize it from your code, through the closures")
        w.line("// (`onContactBegan`, `onStep`, …) and the inputs (`snap(_:to:)`, …), or in a subclass.")
        w.line("// Only UIKit is used at run time.")
        for note in plan.notes { w.line("// Note: " + note) }
        if !plan.expectations.isEmpty {
            w.line("// The scene expects (checked by `impulse preview`, not at run time):")
            for expectation in plan.expectations { w.line("// - " + expectation) }
        }
        w.line()
        w.line("import UIKit")
        w.line()
        w.line("/// The UIKit Dynamics animator of the scene \(StringLiteral.quotedForComment(plan.sceneName)).")
        w.line("///")
        w.line("/// Pass your own views (or any `UIDynamicItem`) by the scene's ids, or `makeViews()` for a prototype.")
        w.block("@MainActor class \(type): NSObject, UICollisionBehaviorDelegate, UIDynamicAnimatorDelegate {") { w in
            emitTypes(&w)
            w.line()
            emitStaticData(&w)
            w.line()
            emitProperties(&w)
            w.line()
            emitInit(&w)
            w.line()
            emitFactories(&w)
            w.line()
            emitTimeline(&w)
            w.line()
            emitInputs(&w)
            emitContacts(&w)
            w.line()
            emitViews(&w)
        }
        return w.text
    }

    // MARK: Names and literals

    private static func escaped(_ name: String) -> String {
        SwiftNames.keywords.contains(name) ? "`\(name)`" : name
    }
    private func escaped(_ name: String) -> String { Self.escaped(name) }
    private func item(_ index: Int) -> String { itemReferences[index] }
    /// `[item(.a), item(.b)]` for a short list; a long one as `Make.items(at: [0, 1, …], item)`, or all the items
    /// as `Item.allCases.map { item($0) }`: a literal of many calls type-checks in quadratic time.
    private func items(_ indices: [Int]) -> String {
        if indices.count > 8 {
            if indices.count == plan.items.count, indices.elementsEqual(0..<plan.items.count) {
                return "Item.allCases.map { item($0) }"
            }
            var text = "Make.items(at: ["
            text.reserveCapacity(24 + indices.count * 6)
            for (position, index) in indices.enumerated() {
                if position > 0 { text += ", " }
                text += String(index)
            }
            return text + "], { item($0) })"
        }
        var text = "["
        for (position, index) in indices.enumerated() {
            if position > 0 { text += ", " }
            text += itemReferences[index]
        }
        return text + "]"
    }
    private func number(_ value: Double) -> String { NumberLiteral.text(value) }
    private func point(_ p: Point) -> String { "CGPoint(x: \(number(p.x)), y: \(number(p.y)))" }
    private func vector(_ v: Vector) -> String { "CGVector(dx: \(number(v.x)), dy: \(number(v.y)))" }
    private func offset(_ v: Vector) -> String { "UIOffset(horizontal: \(number(v.x)), vertical: \(number(v.y)))" }
    private func string(_ text: String) -> String { "\"" + StringLiteral.escaped(text, swift: true) + "\"" }
    /// `Pin`'s constant of a pin (`rightBottom`).
    private func pinName(_ pin: Pin) -> String {
        let vertical = pin.vertical.rawValue
        return pin.horizontal.rawValue + vertical.prefix(1).uppercased() + vertical.dropFirst()
    }
    /// A scene point placed in the reference view's size now (`layout`, a local or the property): a plain literal
    /// when it keeps its coordinates.
    private func placed(_ p: Point, _ pin: Pin) -> String {
        pin == .topLeft ? point(p) : "layout.place(\(point(p)), .\(pinName(pin)))"
    }

    /// A literal; a point placed by `pin`.
    private func value(_ value: PlannedValue, pin: Pin = .topLeft) -> String {
        switch value {
        case .number(let n): number(n)
        case .bool(let b): b ? "true" : "false"
        case .point(let p): placed(p, pin)
        case .vector(let v): vector(v)
        case .offset(let v): offset(v)
        case .range(let r): "UIFloatRange(minimum: \(number(r.min)), maximum: \(number(r.max)))"
        case .region(.radius(let r)): "UIRegion(radius: \(number(r)))"
        case .region(.size(let s)): "UIRegion(size: CGSize(width: \(number(s.width)), height: \(number(s.height))))"
        case .collisionMode(let mode): "." + mode.rawValue
        }
    }

    /// The Swift name of a catalog key's UIKit property.
    private func property(_ key: Key) -> String {
        let name = key.uiKitName ?? key.name
        return SwiftNames.propertyRenames[name] ?? name
    }

    private func comment(_ behavior: Int) -> String { plan.comment(behavior: behavior) }

    private func behaviorClass(_ behavior: PlannedBehavior) -> String { behavior.type.uiKitName }

    // MARK: Parts

    private func emitTypes(_ w: inout CodeWriter) {
        w.line("/// The scene's items, by id (the raw value).")
        guard !plan.items.isEmpty else {
            // A scene without items: an enum with a raw type needs a case.
            w.block("struct Item: RawRepresentable, Hashable, CaseIterable {") { w in
                w.line("let rawValue: String")
                w.line("static let allCases: [Item] = []")
            }
            emitShapesAndBoundaries(&w)
            return
        }
        w.block("enum Item: String, CaseIterable {") { w in
            for (index, item) in plan.items.enumerated() {
                let name = itemNames[index]
                w.line("case \(escaped(name))" + (name == item.id ? "" : " = " + string(item.id)))
            }
        }
        emitShapesAndBoundaries(&w)
    }

    private func emitShapesAndBoundaries(_ w: inout CodeWriter) {
        w.line()
        w.line("/// How an item collides: UIKit reads `collisionBoundsType` and `collisionBoundingPath` from the item.")
        w.block("enum Shape {") { w in
            w.line("case rectangle, ellipse")
            w.line("/// A convex polygon, points relative to the item's center.")
            w.line("case path([CGPoint])")
        }
        w.line()
        w.line("/// Where an item starts, as in the scene.")
        w.block("struct Start {") { w in
            w.line("let item: Item")
            w.line("let center: CGPoint")
            w.line("let size: CGSize")
            w.line("/// Radians, clockwise on screen.")
            w.line("var angle: CGFloat = 0")
            w.line("var shape: Shape = .rectangle")
            w.line("/// The prototype view's color (`makeViews`); nil for its default.")
            w.line("var color: UIColor? = nil")
            w.line("/// The edges the center keeps its distance to when the reference view has another size.")
            w.line("var pin: Pin = .leftTop")
        }
        emitLayoutTypes(&w)
        w.line()
        w.line("/// What `init` does with the items' positions, sizes and rotations.")
        w.block("enum Placement {") { w in
            w.line("/// Places every item as the scene does (center, size, rotation; UIKit reads them when a behavior")
            w.line("/// is added).")
            w.line("case fromScene")
            w.line("/// Leaves the items where the app put them.")
            w.line("case keepViews")
        }
        w.line()
        w.line(
            "/// What an item touches: another item, or a boundary by id (nil: the reference view's bounds).")
        w.block("enum Partner: Equatable {") { w in
            w.line("case item(Item)")
            w.line("case boundary(String?)")
        }
        w.line()
        w.line(
            "/// The ids of the collision boundaries, as `UICollisionBehaviorDelegate` receives them (as `NSString`).")
        w.block("enum Boundary {") { w in
            for (index, boundary) in plan.boundaries.enumerated() {
                w.line("/// \(StringLiteral.quotedForComment(boundary.id)) of \(comment(boundary.behavior)).")
                w.line("static let \(escaped(boundaryNames[index])) = \(string(boundary.id))")
            }
        }
        if plan.hasPans { emitPanPathType(&w) }
        if plan.hasReactions { emitReactionType(&w) }
    }

    /// `Pin` (the nine pairs of edges) and `Layout` (the size points are placed in, and the placing).
    private func emitLayoutTypes(_ w: inout CodeWriter) {
        w.line()
        w.line("/// The edges of the reference view a point keeps its distance to when the view has another size than")
        w.line(
            "/// `referenceSize`: the share of the change of width (left 0, centerX ½, right 1) and of height (top 0,")
        w.line("/// centerY ½, bottom 1) that moves it.")
        w.block("struct Pin {") { w in
            w.line("let x: CGFloat")
            w.line("let y: CGFloat")
            for horizontal in Pin.Horizontal.allCases {
                for vertical in Pin.Vertical.allCases {
                    let share = { (name: String) in
                        name == "left" || name == "top" ? "0" : name.hasPrefix("center") ? "0.5" : "1"
                    }
                    w.line(
                        "static let \(pinName(Pin(horizontal, vertical))) = Pin(x: \(share(horizontal.rawValue)), "
                            + "y: \(share(vertical.rawValue)))")
                }
            }
        }
        w.line()
        w.line("/// A size of the reference view, and the scene's points placed in it.")
        w.block("struct Layout {") { w in
            w.line("let size: CGSize")
            w.line("/// The scene's size (`referenceSize`).")
            w.line("let design: CGSize")
            w.line()
            w.line(
                "/// `point`, given in a view of `referenceSize`, in a view of `size`: moved by its pin's share of the")
            w.line("/// change of size.")
            w.block("func place(_ point: CGPoint, _ pin: Pin) -> CGPoint {") { w in
                w.line(
                    "CGPoint(x: point.x + (size.width - design.width) * pin.x, "
                        + "y: point.y + (size.height - design.height) * pin.y)")
            }
            w.line()
            w.line("/// `point`, placed in `old`'s size, moved to where its pin puts it in `size`.")
            w.block("func move(_ point: CGPoint, _ pin: Pin, from old: Layout) -> CGPoint {") { w in
                w.line(
                    "CGPoint(x: point.x + (size.width - old.size.width) * pin.x, "
                        + "y: point.y + (size.height - old.size.height) * pin.y)")
            }
        }
    }

    /// `layoutDidChange()`: the scene's pinned points follow the reference view's new size.
    private func emitLayoutDidChange(_ w: inout CodeWriter) {
        w.line(
            "/// Places the scene's points in the reference view's size now: call it from `viewDidLayoutSubviews()`.")
        w.line("/// The boundaries are added again where their pins put them; anchors, snap points and field positions")
        w.line("/// move by the change of their pins' offsets (a point an event or an input has set moves with them);")
        w.line("/// the reference view's bounds follow the view by themselves. The items stay where they are.")
        w.block("func layoutDidChange() {") { w in
            w.line("let old = layout")
            w.line(
                "layout = Layout(size: animator.referenceView?.bounds.size ?? Self.referenceSize, design: Self.referenceSize)"
            )
            w.line("guard layout.size != old.size else { return }")
            for index in plan.behaviors.indices where declaresProperty[index] {
                let behavior = plan.behaviors[index]
                var lines: [String] = []
                let moved: String? =
                    switch behavior.construction {
                    case .snap: "snapPoint"
                    case .attachmentToAnchor, .slidingToAnchor: "anchorPoint"
                    case .field: "position"
                    default: nil
                    }
                if let moved, behavior.pointPin != .topLeft {
                    lines.append(
                        "behavior.\(moved) = layout.move(behavior.\(moved), .\(pinName(behavior.pointPin)), from: old)")
                }
                var boundaryLines = CodeWriter(capacity: 256)
                for step in behavior.steps {
                    let boundary: Int
                    switch step {
                    case .segmentBoundary(let b, _, _), .pathBoundary(let b, _): boundary = b
                    default: continue
                    }
                    guard plan.boundaries[boundary].pin != .topLeft else { continue }
                    boundaryLines.line(
                        "behavior.removeBoundary(withIdentifier: Boundary.\(escaped(boundaryNames[boundary])) as NSString)"
                    )
                    emitStep(step, into: &boundaryLines)
                }
                lines += boundaryLines.text.split(separator: "\n").map(String.init)
                guard !lines.isEmpty else { continue }
                let name = escaped(behaviorNames[index])
                w.block(isOptional[index] ? "if let behavior = self.\(name) {" : "do {") { w in
                    if !isOptional[index] { w.line("let behavior = self.\(name)") }
                    for line in lines { w.line(line) }
                }
            }
        }
    }

    private func emitPanPathType(_ w: inout CodeWriter) {
        w.line()
        w.line(
            "/// The path of a pan event's finger: the behavior's point follows it at constant speed for `duration`.")
        w.block("struct PanPath {") { w in
            w.line("let points: [CGPoint]")
            w.line("let duration: TimeInterval")
            w.line("/// The pin of the behavior's point.")
            w.line("var pin: Pin = .leftTop")
            w.line()
            w.line("/// The path in a reference view of `layout`'s size.")
            w.block("func placed(in layout: Layout) -> PanPath {") { w in
                w.line("PanPath(points: points.map { layout.place($0, pin) }, duration: duration, pin: pin)")
            }
            w.line()
            w.line("/// Where the finger is after `fraction` (clamped to 0…1) of the gesture: that fraction of the")
            w.line("/// path's length along it.")
            w.block("func point(atFraction fraction: Double) -> CGPoint {") { w in
                w.line("let f = Swift.min(1, Swift.max(0, fraction.isNaN ? 1 : fraction))")
                w.line("var lengths: [Double] = []")
                w.line("var total = 0.0")
                w.block("for k in points.indices.dropFirst() {") { w in
                    w.line("let dx = Double(points[k].x - points[k - 1].x)")
                    w.line("let dy = Double(points[k].y - points[k - 1].y)")
                    w.line("lengths.append((dx * dx + dy * dy).squareRoot())")
                    w.line("total += lengths[lengths.count - 1]")
                }
                w.line("guard total > 0, f < 1 else { return f >= 1 ? points[points.count - 1] : points[0] }")
                w.line("var remaining = f * total")
                w.block("for (k, length) in lengths.enumerated() {") { w in
                    w.block("if remaining <= length, length > 0 {") { w in
                        w.line("let t = CGFloat(remaining / length)")
                        w.line("let a = points[k]")
                        w.line("let b = points[k + 1]")
                        w.line("return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)")
                    }
                    w.line("remaining -= length")
                }
                w.line("return points[points.count - 1]")
            }
        }
    }

    private func emitReactionType(_ w: inout CodeWriter) {
        w.line()
        w.line(
            "/// A reaction: after each contact of `item` with `partner` that begins (or, `ended`, ends), event `event`"
        )
        w.line("/// applies on the next display frame; `once`: after the first such contact only.")
        w.block("struct Reaction {") { w in
            w.line("let event: Int")
            w.line("let ended: Bool")
            w.line("let item: Item")
            w.line("let partner: Partner")
            w.line("let once: Bool")
            w.line()
            w.line(
                "/// Whether a contact of `touching` with `touched` is this reaction's (two items in either order; ids")
            w.line("/// of boundaries byte for byte).")
            w.block("func matches(_ touching: Item, _ touched: Partner) -> Bool {") { w in
                w.block("switch (partner, touched) {", closing: "}") { w in
                    w.outdent()
                    w.line("case (.item(let other), .item(let touchedItem)):")
                    w.line(
                        "    return (item == touching && other == touchedItem) || (other == touching && item == touchedItem)"
                    )
                    w.line("case (.boundary(let id), .boundary(let touchedId)):")
                    w.line("    guard item == touching else { return false }")
                    w.line("    guard let id, let touchedId else { return id == nil && touchedId == nil }")
                    w.line("    return id.utf8.elementsEqual(touchedId.utf8)")
                    w.line("default:")
                    w.line("    return false")
                    w.indent()
                }
            }
        }
    }

    private func emitStaticData(_ w: inout CodeWriter) {
        let size = plan.referenceSize
        w.line("/// The reference view's size in the scene; the items' positions are in its coordinates.")
        w.line("static let referenceSize = CGSize(width: \(number(size.width)), height: \(number(size.height)))")
        w.line()
        w.line("/// Where each item starts, in scene order.")
        w.line("static let starts: [Start] = makeStarts()")
        w.line()
        w.line("/// One statement per item: a literal of thousands of calls would type-check in quadratic time.")
        w.block("private static func makeStarts() -> [Start] {") { w in
            w.line("var starts: [Start] = []")
            w.line("starts.reserveCapacity(\(plan.items.count))")
            for (index, item) in plan.items.enumerated() {
                var text =
                    "starts.append(Start(item: .\(escaped(itemNames[index])), center: \(point(item.center)), "
                    + "size: CGSize(width: \(number(item.size.width)), height: \(number(item.size.height)))"
                if item.angle != 0 { text += ", angle: \(number(item.angle))" }
                switch item.shape {
                case .rectangle: break
                case .ellipse: text += ", shape: .ellipse"
                case .path(let points): text += ", shape: .path([" + points.map(point).joined(separator: ", ") + "])"
                }
                if let color = item.color {
                    text +=
                        ", color: UIColor(red: \(number(color.red)), green: \(number(color.green)), "
                        + "blue: \(number(color.blue)), alpha: \(number(color.alpha)))"
                }
                if item.pin != .topLeft { text += ", pin: .\(pinName(item.pin))" }
                w.line(text + "))")
            }
            w.line("return starts")
        }
        w.line()
        if plan.hasReactions {
            w.line(
                "/// When each event of the timeline applies, in seconds after `playTimeline()`, in file order; nil for"
            )
            w.line("/// a reaction (`reactions`).")
            w.line(
                "static let eventTimes: [TimeInterval?] = ["
                    + plan.events.map { $0.at.map(number) ?? "nil" }.joined(separator: ", ") + "]")
        } else {
            w.line("/// When each event of the timeline applies, in seconds after `playTimeline()`, in file order.")
            w.line(
                "static let eventTimes: [TimeInterval] = ["
                    + plan.events.map { number($0.at ?? 0) }.joined(separator: ", ") + "]")
        }
        w.line("/// The events at a time (not reactions) by time, then file order: the display link's order.")
        w.line(
            "private static let eventsByTime: [Int] = [" + plan.eventsByTime.map(String.init).joined(separator: ", ")
                + "]")
        if plan.hasPans {
            w.line("/// The path of each pan event, by event index.")
            w.block("static let panPaths: [Int: PanPath] = [", closing: "]") { w in
                for (index, event) in plan.events.enumerated() {
                    guard case .pan(let target, _, let path, let duration) = event.action else { continue }
                    let pin = plan.behaviors[target].pin
                    w.line(
                        "\(index): PanPath(points: [" + path.map(point).joined(separator: ", ") + "], duration: "
                            + number(duration) + (pin == .topLeft ? "" : ", pin: .\(pinName(pin))") + "),")
                }
            }
        }
        if plan.hasReactions {
            w.line("/// The reactions, in file order.")
            w.block("static let reactions: [Reaction] = [", closing: "]") { w in
                for (index, event) in plan.events.enumerated() {
                    guard let trigger = event.trigger else { continue }
                    let partner: String =
                        switch trigger.partner {
                        case .item(let other): ".item(.\(escaped(itemNames[other])))"
                        case .boundary(nil): ".boundary(nil)"
                        case .boundary(let id?):
                            if let named = plan.boundaries.firstIndex(where: { $0.id.utf8.elementsEqual(id.utf8) }) {
                                ".boundary(Boundary.\(escaped(boundaryNames[named])))"
                            } else {
                                ".boundary(\(string(id)))"
                            }
                        }
                    w.line(
                        "Reaction(event: \(index), ended: \(trigger.ended), item: .\(escaped(itemNames[trigger.item])), "
                            + "partner: \(partner), once: \(trigger.once)),")
                }
            }
        }
    }

    private func emitProperties(_ w: inout CodeWriter) {
        w.line("/// The animator of the reference view.")
        w.line("let animator: UIDynamicAnimator")
        w.line("/// The items the behaviors move, by id.")
        w.line("let items: [Item: UIDynamicItem]")
        w.line("/// The reference view's size the points are placed in (`layoutDidChange()` updates it).")
        w.line("private(set) var layout: Layout")
        for (index, behavior) in plan.behaviors.enumerated() where declaresProperty[index] {
            let name = escaped(behaviorNames[index])
            if isOptional[index] {
                w.line("/// \(comment(index)): the live one (nil while the timeline has none).")
                w.line("private(set) var \(name): \(behaviorClass(behavior))?")
            } else {
                w.line("/// \(comment(index)).")
                w.line("let \(name): \(behaviorClass(behavior))")
            }
        }
        w.line()
        w.line("/// Called when an item begins to touch another item or a boundary, with the contact point; after the")
        w.line("/// scene's own reactions are queued.")
        w.line("var onContactBegan: ((Item, Partner, CGPoint) -> Void)?")
        w.line("/// Called when an item stops touching another item or a boundary.")
        w.line("var onContactEnded: ((Item, Partner) -> Void)?")
        w.line("/// Called when the animator comes to rest (`UIDynamicAnimatorDelegate`).")
        w.line("var onPause: (() -> Void)?")
        w.line("/// Called when the animator is about to move again (`UIDynamicAnimatorDelegate`).")
        w.line("var onResume: (() -> Void)?")
        w.line("/// Called on every step of the animator while set (the `action` of a behavior added for it).")
        w.block("var onStep: (() -> Void)? {", closing: "}") { w in
            w.block("didSet {") { w in
                w.block("if onStep == nil {", closing: "} else if stepper.dynamicAnimator == nil {") { w in
                    w.line("animator.removeBehavior(stepper)")
                }
                w.indent()
                w.line("stepper.action = { [weak self] in self?.onStep?() }")
                w.line("animator.addBehavior(stepper)")
                w.outdent()
                w.line("}")
            }
        }
        w.line("private let stepper = UIDynamicBehavior()")
        w.line("private var displayLink: CADisplayLink?")
        w.line("private var timelineStart: CFTimeInterval = 0")
        w.line("private var nextEvent = 0")
        if plan.hasPans || plan.hasReactions {
            w.line("/// Seconds into the timeline of the display frame being applied.")
            w.line("private var timelineTime: CFTimeInterval = 0")
        }
        if plan.hasPans {
            w.line("/// The pans under way (event index, when the finger started), in the order they started.")
            w.line("private var activePans: [(event: Int, start: CFTimeInterval)] = []")
        }
        if plan.hasReactions {
            w.line(
                "/// The reactions (by index in `reactions`) due on the next display frame, and those that fired once.")
            w.line("private var dueReactions: Set<Int> = []")
            w.line("private var firedReactions: Set<Int> = []")
        }
        w.line("private lazy var ids: [ObjectIdentifier: Item] = Swift.Dictionary(")
        w.line("    uniqueKeysWithValues: items.map { (ObjectIdentifier($0.value), $0.key) })")
    }

    private func emitInit(_ w: inout CodeWriter) {
        w.line(
            "/// Builds the scene's animator in `referenceView`: places the items (`placement`), then adds the behaviors"
        )
        w.line("/// in the scene's order. `items` must hold an item for every case of `Item`.")
        w.block(
            "init(referenceView: UIView, items: [Item: UIDynamicItem], placement: Placement = .fromScene) {"
        ) { w in
            w.block("for id in Item.allCases where items[id] == nil {") { w in
                w.line(
                    "Swift.preconditionFailure(\"\(plan.typeName): no item for the scene's id \\\"\\(id.rawValue)\\\"\")"
                )
            }
            w.line("let layout = Layout(size: referenceView.bounds.size, design: Self.referenceSize)")
            w.block("if placement == .fromScene {") { w in
                w.line("for start in Self.starts { Self.place(items[start.item]!, start, layout) }")
            }
            w.line("animator = UIDynamicAnimator(referenceView: referenceView)")
            w.line("self.items = items")
            w.line("self.layout = layout")
            w.line("let item = { (id: Item) in items[id]! }")
            // No local per behavior: each `let` opens a scope that every later name lookup walks through, which
            // makes a scene of thousands of behaviors type-check in quadratic time.
            let listed = plan.behaviors.indices.filter { plan.behaviors[$0].addingEvent == nil }
            for index in listed where !isOptional[index] {
                w.line("\(escaped(behaviorNames[index])) = Make.\(escaped(factoryNames[index]))(item, layout)")
            }
            w.line("super.init()")
            w.line("animator.delegate = self")
            for index in listed where isOptional[index] {
                w.line("\(escaped(behaviorNames[index])) = Make.\(escaped(factoryNames[index]))(item, layout)")
            }
            for index in listed {
                if isOptional[index] {
                    let name = escaped(behaviorNames[index])
                    w.block("if let \(name) {") { w in emitAdding(index, plan.behaviors[index], into: &w) }
                } else {
                    emitAdding(index, plan.behaviors[index], into: &w)
                }
            }
        }
        w.line()
        w.line("/// The item of an id.")
        w.line("private func item(_ id: Item) -> UIDynamicItem { items[id]! }")
        w.line()
        emitLayoutDidChange(&w)
        w.line()
        w.line("/// The id of an item the animator reports (in the contact hooks).")
        w.line("func id(of item: UIDynamicItem) -> Item? { ids[ObjectIdentifier(item)] }")
        w.line()
        w.line("/// Gives an item its start: size, center (placed in `layout`; as in the scene without one), rotation.")
        w.block(
            "private static func place(_ item: UIDynamicItem, _ start: Start, _ layout: Layout? = nil) {"
        ) { w in
            w.line("if let view = item as? UIView { view.bounds = CGRect(origin: .zero, size: start.size) }")
            w.line("item.center = layout?.place(start.center, start.pin) ?? start.center")
            w.line("item.transform = CGAffineTransform(rotationAngle: start.angle)")
        }
    }

    /// The delegate, `addBehavior` and the calls after it, for a behavior held in a local or property `name`.
    private func emitAdding(_ index: Int, _ behavior: PlannedBehavior, into w: inout CodeWriter) {
        let name = escaped(behaviorNames[index])
        for step in behavior.steps {
            if case .collisionDelegate = step { w.line("\(name).collisionDelegate = self") }
        }
        w.line("animator.addBehavior(\(name))")
        for call in behavior.afterAdd {
            switch call {
            case .linearVelocity(let item, let velocity):
                w.line("\(name).addLinearVelocity(\(point(velocity)), for: \(self.item(item)))")
            case .angularVelocity(let item, let velocity):
                w.line("\(name).addAngularVelocity(\(number(velocity)), for: \(self.item(item)))")
            }
        }
    }

    private func emitFactories(_ w: inout CodeWriter) {
        w.line(
            "/// Each behavior as the scene creates it, not yet added; `item` gives the item of an id, `layout` the size."
        )
        w.block("@MainActor private enum Make {") { w in
            w.line("/// The items at `indices` (in `Item.allCases`): a long list as numbers, which type-check fast.")
            w.block("static func items(at indices: [Int], _ item: (Item) -> UIDynamicItem) -> [UIDynamicItem] {") { w in
                w.line("let all = Item.allCases")
                w.line("return indices.map { item(all[$0]) }")
            }
            for (index, behavior) in plan.behaviors.enumerated() {
                w.line()
                let name = escaped(factoryNames[index])
                let type = behaviorClass(behavior)
                w.line("/// \(comment(index)).")
                w.block("static func \(name)(_ item: (Item) -> UIDynamicItem, _ layout: Layout) -> \(type) {") { w in
                    w.line("let behavior = \(construction(behavior.construction, pin: behavior.pointPin))")
                    for assignment in behavior.assignments {
                        w.line(
                            "behavior.\(property(assignment.key)) = \(value(assignment.value, pin: behavior.pointPin))")
                    }
                    for step in behavior.steps { emitStep(step, into: &w) }
                    w.line("return behavior")
                }
            }
        }
    }

    /// The construction, its point placed by `pin`.
    private func construction(_ construction: PlannedConstruction, pin: Pin) -> String {
        func point(_ p: Point) -> String { placed(p, pin) }
        func fieldFactory(_ field: PlannedField) -> String { self.fieldFactory(field, pin: pin) }
        return switch construction {
        case .gravity(let items): "UIGravityBehavior(items: \(self.items(items)))"
        case .collision(let items): "UICollisionBehavior(items: \(self.items(items)))"
        case .snap(let item, let p): "UISnapBehavior(item: \(self.item(item)), snapTo: \(point(p)))"
        case .push(let items, let mode): "UIPushBehavior(items: \(self.items(items)), mode: .\(mode.rawValue))"
        case .dynamicItem(let items): "UIDynamicItemBehavior(items: \(self.items(items)))"
        case .attachmentToAnchor(let item, let o, let anchor):
            "UIAttachmentBehavior(item: \(self.item(item)), offsetFromCenter: \(offset(o)), "
                + "attachedToAnchor: \(point(anchor)))"
        case .attachmentToItem(let item, let o, let other, let otherOffset):
            "UIAttachmentBehavior(item: \(self.item(item)), offsetFromCenter: \(offset(o)), "
                + "attachedTo: \(self.item(other)), offsetFromCenter: \(offset(otherOffset)))"
        case .pin(let item, let other, let anchor):
            "UIAttachmentBehavior.pinAttachment(with: \(self.item(item)), attachedTo: \(self.item(other)), "
                + "attachmentAnchor: \(point(anchor)))"
        case .fixed(let item, let other, let anchor):
            "UIAttachmentBehavior.fixedAttachment(with: \(self.item(item)), attachedTo: \(self.item(other)), "
                + "attachmentAnchor: \(point(anchor)))"
        case .slidingToAnchor(let item, let anchor, let axis):
            "UIAttachmentBehavior.slidingAttachment(with: \(self.item(item)), attachmentAnchor: \(point(anchor)), "
                + "axisOfTranslation: \(vector(axis)))"
        case .slidingToItem(let item, let other, let anchor, let axis):
            "UIAttachmentBehavior.slidingAttachment(with: \(self.item(item)), attachedTo: \(self.item(other)), "
                + "attachmentAnchor: \(point(anchor)), axisOfTranslation: \(vector(axis)))"
        case .limit(let item, let o, let other, let otherOffset):
            "UIAttachmentBehavior.limitAttachment(with: \(self.item(item)), offsetFromCenter: \(offset(o)), "
                + "attachedTo: \(self.item(other)), offsetFromCenter: \(offset(otherOffset)))"
        case .field(let field): fieldFactory(field)
        }
    }

    private func fieldFactory(_ field: PlannedField, pin: Pin) -> String {
        func point(_ p: Point) -> String { placed(p, pin) }
        return switch field {
        case .linearGravity(let direction): "UIFieldBehavior.linearGravityField(direction: \(vector(direction)))"
        case .radialGravity(let position): "UIFieldBehavior.radialGravityField(position: \(point(position)))"
        case .spring: "UIFieldBehavior.springField()"
        case .drag: "UIFieldBehavior.dragField()"
        case .vortex: "UIFieldBehavior.vortexField()"
        case .velocity(let direction): "UIFieldBehavior.velocityField(direction: \(vector(direction)))"
        case .noise(let smoothness, let speed):
            "UIFieldBehavior.noiseField(smoothness: \(number(smoothness)), animationSpeed: \(number(speed)))"
        case .turbulence(let smoothness, let speed):
            "UIFieldBehavior.turbulenceField(smoothness: \(number(smoothness)), animationSpeed: \(number(speed)))"
        case .electric: "UIFieldBehavior.electricField()"
        case .magnetic: "UIFieldBehavior.magneticField()"
        }
    }

    private func emitStep(_ step: PlannedStep, into w: inout CodeWriter) {
        switch step {
        case .addItem(let index): w.line("behavior.addItem(\(item(index)))")
        case .targetOffset(let index, let o):
            w.line("behavior.setTargetOffsetFromCenter(\(offset(o)), for: \(item(index)))")
        case .translatesReferenceBounds: w.line("behavior.translatesReferenceBoundsIntoBoundary = true")
        case .translatesReferenceBoundsWithInsets(let insets):
            w.line(
                "behavior.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: \(number(insets.top)), "
                    + "left: \(number(insets.left)), bottom: \(number(insets.bottom)), right: \(number(insets.right))))"
            )
        case .segmentBoundary(let boundary, let from, let to):
            let pin = plan.boundaries[boundary].pin
            w.line(
                "behavior.addBoundary(withIdentifier: Boundary.\(escaped(boundaryNames[boundary])) as NSString, "
                    + "from: \(placed(from, pin)), to: \(placed(to, pin)))")
        case .pathBoundary(let boundary, let points):
            let pin = plan.boundaries[boundary].pin
            w.block("do {") { w in
                w.line("let path = UIBezierPath()")
                for (index, p) in points.enumerated() {
                    w.line(index == 0 ? "path.move(to: \(placed(p, pin)))" : "path.addLine(to: \(placed(p, pin)))")
                }
                w.line("path.close()")
                w.line(
                    "behavior.addBoundary(withIdentifier: Boundary.\(escaped(boundaryNames[boundary])) as NSString, for: path)"
                )
            }
        case .collisionDelegate:
            break  // set where the behavior is added: `self` is the delegate
        }
    }

    private func emitTimeline(_ w: inout CodeWriter) {
        for (index, event) in plan.events.enumerated() {
            let what: String
            switch event.action {
            case .set(let target, _, _): what = "sets \(comment(target))"
            case .add(let target): what = "adds \(comment(target))"
            case .remove(let target): what = "removes \(comment(target))"
            case .pan(let target, let key, _, _):
                what = "pans \(comment(target)): moves its `\(property(key))` to where the finger is"
            }
            w.line("/// Event \(index), \(when(event)): \(what).")
            if case .pan(let target, let key, _, _) = event.action {
                let name = escaped(behaviorNames[target])
                let access = "self." + name + (isOptional[target] ? "?" : "")
                w.block("func \(eventNames[index])(to point: CGPoint) {") { w in
                    w.line("\(access).\(property(key)) = point")
                }
                w.line()
                continue
            }
            w.block("func \(eventNames[index])() {") { w in
                switch event.action {
                case .set(let target, let assignments, let liveItems):
                    let name = escaped(behaviorNames[target])
                    let added = isOptional[target]
                    let access = "self." + name + (added ? "?" : "")
                    let pin = plan.behaviors[target].pin
                    for assignment in assignments {
                        w.line("\(access).\(property(assignment.key)) = \(value(assignment.value, pin: pin))")
                    }
                    if let liveItems {
                        let call =
                            "changeItems(\(name).items, to: \(items(liveItems)), add: { \(name).addItem($0) }, "
                            + "remove: { \(name).removeItem($0) })"
                        if added {
                            w.line("if let \(name) = self.\(name) { \(call) }")
                        } else {
                            w.line("let \(name) = self.\(name)")
                            w.line(call)
                        }
                    }
                case .add(let target):
                    let name = escaped(behaviorNames[target])
                    w.line("let \(name) = Make.\(escaped(factoryNames[target]))(item, layout)")
                    emitAdding(target, plan.behaviors[target], into: &w)
                    w.line("self.\(name) = \(name)")
                case .remove(let target):
                    let name = escaped(behaviorNames[target])
                    // The property stays the live behavior of its id: none once it is removed.
                    w.line("if let \(name) = self.\(name) { animator.removeBehavior(\(name)) }")
                    w.line("self.\(name) = nil")
                case .pan:
                    break
                }
            }
            w.line()
        }
        if plan.events.contains(where: { if case .set(_, _, .some) = $0.action { true } else { false } }) {
            w.line(
                "/// Gives a behavior the items `wanted`, in that order, with its `addItem(_:)` and `removeItem(_:)`:")
            w.line("/// from the first place where the lists differ, its items leave, then the wanted ones join.")
            w.line("private func changeItems(")
            w.line("    _ current: [UIDynamicItem], to wanted: [UIDynamicItem], add: (UIDynamicItem) -> Void,")
            w.line("    remove: (UIDynamicItem) -> Void")
            w.block(") {") { w in
                w.line("var kept = 0")
                w.line("while kept < current.count, kept < wanted.count, current[kept] === wanted[kept] { kept += 1 }")
                w.line("for item in current[kept...] { remove(item) }")
                w.line("for item in wanted[kept...] { add(item) }")
            }
            w.line()
        }
        w.line(
            "/// Applies event `index` of the timeline (in file order)" + (plan.hasPans ? "; a pan starts now." : "."))
        w.block("func applyEvent(_ index: Int) {") { w in
            w.line("switch index {")
            for (index, event) in plan.events.enumerated() {
                if case .pan = event.action {
                    w.line("case \(index): startPan(\(index))")
                } else {
                    w.line("case \(index): \(eventNames[index])()")
                }
            }
            w.line("default: Swift.preconditionFailure(\"\(plan.typeName): no event \\(index)\")")
            w.line("}")
        }
        w.line()
        if plan.hasPans { emitPans(&w) }
        w.line(
            "/// Plays the timeline from now: each event applies on the first display frame at or after its time, in")
        w.line("/// file order within a frame, as `impulse preview` does; an event at 0 applies at once.")
        if plan.hasPans {
            w.line("/// A pan moves its point on every frame from its start until the first frame at or after its end.")
        }
        if plan.hasReactions {
            w.line("/// A reaction applies, in its place in file order, on the frame after each contact it names.")
        }
        w.block("func playTimeline() {") { w in
            w.line("stopTimeline()")
            w.line("timelineStart = CACurrentMediaTime()")
            w.line("nextEvent = 0")
            if plan.hasPans { w.line("activePans = []") }
            if plan.hasReactions {
                w.line("dueReactions = []")
                w.line("firedReactions = []")
            }
            w.line("applyEvents(until: 0)")
            w.line("guard isPlaying else { return }")
            w.line(
                "let link = CADisplayLink(target: DisplayLinkTarget(owner: self), "
                    + "selector: #selector(DisplayLinkTarget.displayLinkDidFire(_:)))")
            w.line("link.add(to: .main, forMode: .common)")
            w.line("displayLink = link")
        }
        w.line()
        w.line("/// Stops the timeline; the events already applied stay.")
        w.block("func stopTimeline() {") { w in
            w.line("displayLink?.invalidate()")
            w.line("displayLink = nil")
        }
        w.line()
        var playing = ["nextEvent < Self.eventsByTime.count"]
        if plan.hasPans { playing.append("!activePans.isEmpty") }
        if plan.hasReactions {
            playing.append(
                "Self.reactions.indices.contains { !(Self.reactions[$0].once && firedReactions.contains($0)) }")
        }
        w.line(
            "/// Whether the display link has more to do: events to come" + (plan.hasPans ? ", pans under way" : "")
                + (plan.hasReactions ? ", reactions that can still apply" : "") + ".")
        w.line("private var isPlaying: Bool {")
        w.line("    " + playing.joined(separator: "\n            || "))
        w.line("}")
        w.line()
        w.line("/// Applies what is due on a display frame (`DisplayLinkTarget` calls it).")
        w.block("func displayLinkDidFire(_ link: CADisplayLink) {") { w in
            w.line("applyEvents(until: link.timestamp - timelineStart)")
        }
        w.line()
        w.line("/// The display link's target: it holds the scene weakly (a display link retains its target), so a")
        w.line("/// timeline under way does not keep the scene alive; the link stops once the scene is gone.")
        w.block("@MainActor final class DisplayLinkTarget: NSObject {") { w in
            w.line("weak var owner: \(plan.typeName)?")
            w.line()
            w.line("init(owner: \(plan.typeName)) { self.owner = owner }")
            w.line()
            w.block("@objc func displayLinkDidFire(_ link: CADisplayLink) {") { w in
                w.block("if let owner {", closing: "} else {") { w in
                    w.line("owner.displayLinkDidFire(link)")
                }
                w.indent()
                w.line("link.invalidate()")
                w.outdent()
                w.line("}")
            }
        }
        w.line()
        let time =
            plan.hasReactions
            ? "Self.eventTimes[Self.eventsByTime[nextEvent]]!" : "Self.eventTimes[Self.eventsByTime[nextEvent]]"
        w.block("private func applyEvents(until elapsed: CFTimeInterval) {") { w in
            if plan.hasPans || plan.hasReactions { w.line("timelineTime = elapsed") }
            w.line("var due: [Int] = []")
            w.block("while nextEvent < Self.eventsByTime.count, \(time) <= elapsed {") { w in
                w.line("due.append(Self.eventsByTime[nextEvent])")
                w.line("nextEvent += 1")
            }
            if plan.hasReactions {
                w.block("for reaction in dueReactions.sorted() where !firedReactions.contains(reaction) {") { w in
                    w.line("if Self.reactions[reaction].once { firedReactions.insert(reaction) }")
                    w.line("due.append(Self.reactions[reaction].event)")
                }
                w.line("dueReactions = []")
            }
            if plan.hasPans {
                w.line(
                    "// The pans under way move in their place in file order; one that starts again moves from its new start."
                )
                w.line("let moving = activePans.filter { !due.contains($0.event) }")
                w.block("for index in (due + moving.map(\\.event)).sorted() {") { w in
                    w.block("if let pan = moving.first(where: { $0.event == index }) {", closing: "} else {") { w in
                        w.line("movePan(index, startedAt: pan.start)")
                    }
                    w.indent()
                    w.line("applyEvent(index)")
                    w.outdent()
                    w.line("}")
                }
                w.line("activePans.removeAll { elapsed >= $0.start + Self.panPaths[$0.event]!.duration }")
            } else {
                w.line("for index in due.sorted() { applyEvent(index) }")
            }
            w.line("if !isPlaying { stopTimeline() }")
        }
    }

    private func emitPans(_ w: inout CodeWriter) {
        w.line(
            "/// Starts pan event `index` on the frame being applied: the finger starts at the event's time (a reaction's:"
        )
        w.line("/// now) and the point moves to where it is now.")
        w.block("private func startPan(_ index: Int) {") { w in
            w.line(
                "let start = "
                    + (plan.hasReactions ? "Self.eventTimes[index] ?? timelineTime" : "Self.eventTimes[index]"))
            w.line("activePans.removeAll { $0.event == index }")
            w.line("activePans.append((index, start))")
            w.line("movePan(index, startedAt: start)")
        }
        w.line()
        w.line(
            "/// Moves the point of pan event `index` to where its finger is on the frame being applied: the fraction")
        w.line("/// (time − start) / duration of its path's length (its end at once when the duration is 0).")
        w.block("private func movePan(_ index: Int, startedAt start: CFTimeInterval) {") { w in
            w.line("let path = Self.panPaths[index]!.placed(in: layout)")
            w.line("let point = path.point(atFraction: path.duration > 0 ? (timelineTime - start) / path.duration : 1)")
            w.line("switch index {")
            for (index, event) in plan.events.enumerated() {
                if case .pan = event.action { w.line("case \(index): \(eventNames[index])(to: point)") }
            }
            w.line("default: Swift.preconditionFailure(\"\(plan.typeName): no pan event \\(index)\")")
            w.line("}")
        }
        w.line()
    }

    /// When an event applies, for its comment.
    private func when(_ event: PlannedEvent) -> String { plan.when(event) }

    private func emitContacts(_ w: inout CodeWriter) {
        let reacts = plan.hasReactions
        w.line("// MARK: Contacts and rest (UICollisionBehaviorDelegate, UIDynamicAnimatorDelegate): the hooks call")
        w.line(
            "// `onContactBegan`, `onContactEnded`, `onPause` and `onResume`"
                + (reacts ? ", after queueing the scene's" : "."))
        if reacts { w.line("// reactions to the contact for the next display frame.") }
        if reacts {
            w.line()
            w.line(
                "/// Queues the reactions to a contact of `item` with `partner` (began, or `ended`) for the next display frame."
            )
            w.block("private func queueReactions(ended: Bool, _ item: Item, _ partner: Partner) {") { w in
                w.block("for (index, reaction) in Self.reactions.enumerated() where reaction.ended == ended {") { w in
                    w.block("if !firedReactions.contains(index), reaction.matches(item, partner) {") { w in
                        w.line("dueReactions.insert(index)")
                    }
                }
            }
        }
        w.line()
        w.line("/// A boundary identifier as a `Partner`; nil when it is not a string.")
        w.block("private func boundary(_ identifier: NSCopying?) -> Partner? {") { w in
            w.line("guard let identifier else { return .boundary(nil) }")
            w.line("return (identifier as? NSString).map { .boundary($0 as String) }")
        }
        w.line()
        w.line(
            "/// Reports a contact of `item` with `partner` (both the scene's): the reactions, then the app's closure.")
        w.block(
            "private func contact(ended: Bool, _ item: UIDynamicItem, _ partner: Partner?, at point: CGPoint?) {"
        ) { w in
            w.line("guard let touching = id(of: item), let partner else { return }")
            if reacts { w.line("queueReactions(ended: ended, touching, partner)") }
            w.block("if ended {", closing: "} else if let point {") { w in
                w.line("onContactEnded?(touching, partner)")
            }
            w.indent()
            w.line("onContactBegan?(touching, partner, point)")
            w.outdent()
            w.line("}")
        }
        w.line()
        w.line("func collisionBehavior(")
        w.line("    _ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem,")
        w.line("    at p: CGPoint")
        w.block(") {") { w in w.line("contact(ended: false, item1, id(of: item2).map(Partner.item), at: p)") }
        w.line()
        w.line("func collisionBehavior(")
        w.line("    _ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem")
        w.block(") {") { w in w.line("contact(ended: true, item1, id(of: item2).map(Partner.item), at: nil)") }
        w.line()
        w.line("func collisionBehavior(")
        w.line("    _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,")
        w.line("    withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint")
        w.block(") {") { w in w.line("contact(ended: false, item, boundary(identifier), at: p)") }
        w.line()
        w.line("func collisionBehavior(")
        w.line("    _ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,")
        w.line("    withBoundaryIdentifier identifier: NSCopying?")
        w.block(") {") { w in w.line("contact(ended: true, item, boundary(identifier), at: nil)") }
        w.line()
        w.line("func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { onPause?() }")
        w.line()
        w.line("func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { onResume?() }")
        w.line()
    }

    /// The properties of one kind that an input drives, in declaration order (by behavior index).
    private func inputTargets(_ accepts: (PlannedBehavior) -> Bool) -> [Int] {
        plan.behaviors.indices.filter { declaresProperty[$0] && accepts(plan.behaviors[$0]) }
    }

    /// `snap(_:to:)`, `push(_:angle:magnitude:)`, `push(_:direction:)` and `moveAnchor(_:to:)`, for the behaviors
    /// of the scene that a gesture would drive; each acts on the live behavior of its id.
    private func emitInputs(_ w: inout CodeWriter) {
        let snaps = inputTargets { $0.type == .snap }
        let pushes = inputTargets { $0.type == .push }
        let anchored = inputTargets {
            switch $0.construction {
            case .attachmentToAnchor, .slidingToAnchor: true
            default: false
            }
        }
        func emitInput(
            _ targets: [Int], enumName: String, about: String, methods: [(doc: String, signature: String, body: String)]
        ) {
            guard !targets.isEmpty else { return }
            w.line("// MARK: Inputs: \(about)")
            w.line()
            w.line("/// The scene's \(about), by id.")
            w.block("enum \(enumName) {") { w in
                for index in targets { w.line("case \(escaped(behaviorNames[index]))") }
            }
            for method in methods {
                w.line()
                w.line("/// " + method.doc)
                w.block("func \(method.signature) {") { w in
                    // The first parameter (`snap(_ snap: Snap, …)`) names the behavior.
                    let parameter = method.signature.drop { $0 != " " }.dropFirst().prefix { $0 != ":" }
                    w.line("switch \(parameter) {")
                    for index in targets {
                        let name = escaped(behaviorNames[index])
                        let access = "self." + name + (isOptional[index] ? "?" : "")
                        w.line("case .\(name):")
                        for line in method.body.split(separator: "\n") {
                            w.line("    " + line.replacing("BEHAVIOR", with: access))
                        }
                    }
                    w.line("}")
                }
            }
            w.line()
        }
        emitInput(
            snaps, enumName: "Snap", about: "snap behaviors",
            methods: [
                (
                    "Moves a snap behavior's point (a tap's location, say); the item snaps there.",
                    "snap(_ snap: Snap, to point: CGPoint)", "BEHAVIOR.snapPoint = point"
                )
            ])
        emitInput(
            pushes, enumName: "Push", about: "push behaviors",
            methods: [
                (
                    "Pushes at `angle` (radians) with `magnitude`, and makes the push active.",
                    "push(_ push: Push, angle: CGFloat, magnitude: CGFloat)",
                    "BEHAVIOR.setAngle(angle, magnitude: magnitude)\nBEHAVIOR.active = true"
                ),
                (
                    "Pushes along `direction` (its length is the magnitude), and makes the push active.",
                    "push(_ push: Push, direction: CGVector)",
                    "BEHAVIOR.pushDirection = direction\nBEHAVIOR.active = true"
                ),
            ])
        emitInput(
            anchored, enumName: "Attachment", about: "attachments to an anchor",
            methods: [
                (
                    "Moves an attachment's anchor (a finger's location, say); the item follows.",
                    "moveAnchor(_ attachment: Attachment, to point: CGPoint)", "BEHAVIOR.anchorPoint = point"
                )
            ])
        guard !snaps.isEmpty || !anchored.isEmpty else { return }
        emitGestures(&w, snaps: !snaps.isEmpty, anchors: !anchored.isEmpty)
    }

    /// `attach(_:snap:)` for a tap and `attach(_:to:)` for a pan, and the target object they need (a gesture
    /// recognizer calls a selector of a target it does not retain).
    private func emitGestures(_ w: inout CodeWriter, snaps: Bool, anchors: Bool) {
        w.line("// MARK: Gestures")
        if snaps {
            w.line()
            w.line("/// Snaps to each tap of `tap`, at its location in the reference view.")
            w.block("func attach(_ tap: UITapGestureRecognizer, snap: Snap) {") { w in
                w.line("addGestureTarget(tap) { [weak self] location in self?.snap(snap, to: location) }")
            }
        }
        if anchors {
            w.line()
            w.line("/// Moves an attachment's anchor with `pan`'s finger, in the reference view.")
            w.block("func attach(_ pan: UIPanGestureRecognizer, to attachment: Attachment) {") { w in
                w.line(
                    "addGestureTarget(pan) { [weak self] location in self?.moveAnchor(attachment, to: location) }")
            }
        }
        w.line()
        w.line("/// The targets of the attached gestures: a gesture recognizer does not retain its targets.")
        w.line("private var gestureTargets: [GestureTarget] = []")
        w.line()
        w.block("private func addGestureTarget(_ gesture: UIGestureRecognizer, _ move: @escaping (CGPoint) -> Void) {")
        {
            w in
            w.line("let target = GestureTarget(referenceView: animator.referenceView, move: move)")
            w.line("gesture.addTarget(target, action: #selector(GestureTarget.gestureDidChange(_:)))")
            w.line("gestureTargets.append(target)")
        }
        w.line()
        w.line("/// Calls `move` with the gesture's location in the reference view each time the gesture reports.")
        w.block("@MainActor final class GestureTarget: NSObject {") { w in
            w.line("weak var referenceView: UIView?")
            w.line("let move: (CGPoint) -> Void")
            w.line()
            w.block("init(referenceView: UIView?, move: @escaping (CGPoint) -> Void) {") { w in
                w.line("self.referenceView = referenceView")
                w.line("self.move = move")
            }
            w.line()
            w.block("@objc func gestureDidChange(_ gesture: UIGestureRecognizer) {") { w in
                w.line("move(gesture.location(in: referenceView))")
            }
        }
        w.line()
    }

    private func emitViews(_ w: inout CodeWriter) {
        w.line("// MARK: Views")
        w.line()
        w.line(
            "/// Plain views of the scene's sizes, positions and rotations, for a prototype: add them to the reference")
        w.line(
            "/// view and pass them to `init`. Ellipse and path items get the views below, whose collision bounds say so."
        )
        w.block("static func makeViews(backgroundColor: UIColor? = nil) -> [Item: UIView] {") { w in
            w.line("var views: [Item: UIView] = [:]")
            w.block("for start in starts {") { w in
                w.line("let view: UIView")
                w.block("switch start.shape {", closing: "}") { w in
                    w.outdent()
                    w.line("case .rectangle: view = UIView()")
                    w.line("case .ellipse: view = EllipseView()")
                    w.line("case .path(let points): view = PathView(points: points)")
                    w.indent()
                }
                w.line("place(view, start)")
                w.line("view.backgroundColor = start.color ?? backgroundColor")
                w.line("views[start.item] = view")
            }
            w.line("return views")
        }
        w.line()
        w.line(
            "/// A view whose collision bounds are the ellipse inscribed in its bounds. UIKit asks the item, so give")
        w.line("/// your own views of ellipse items the same override.")
        w.block("final class EllipseView: UIView {") { w in
            w.line("override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }")
        }
        w.line()
        w.line("/// A view whose collision bounds are a convex polygon around its center. UIKit asks the item, so give")
        w.line("/// your own views of path items the same overrides.")
        w.block("final class PathView: UIView {") { w in
            w.line("/// The polygon's points, relative to the center.")
            w.line("let points: [CGPoint]")
            w.line()
            w.block("init(points: [CGPoint]) {") { w in
                w.line("self.points = points")
                w.line("super.init(frame: .zero)")
            }
            w.line()
            w.line("required init?(coder: NSCoder) { nil }")
            w.line()
            w.line("override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }")
            w.line()
            w.block("override var collisionBoundingPath: UIBezierPath {") { w in
                w.line("let path = UIBezierPath()")
                w.line("path.move(to: points[0])")
                w.line("for point in points.dropFirst() { path.addLine(to: point) }")
                w.line("path.close()")
                w.line("return path")
            }
        }
    }
}

/// Swift's reserved words and the names the generated class already uses.
enum SwiftNames {
    /// Words that need backticks as names.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "super", "throws", "true", "try", "async", "some", "any", "macro", "package",
    ]

    /// Names no case or constant may take (they cannot be escaped, or `enum` members already use them).
    static let reservedInEnum: Set<String> = [
        "self", "Self", "Type", "Protocol", "init", "allCases", "rawValue", "hashValue", "hash", "_",
    ]

    /// Names of the generated class's own members and NSObject's, which no behavior or event may take.
    static let reservedMembers: Set<String> =
        reservedInEnum.union([
            "animator", "items", "item", "ids", "id", "referenceView", "referenceSize", "starts", "makeStarts", "place",
            "Start", "Placement", "Shape", "Item", "Boundary", "Make", "Snap", "Push", "Attachment",
            "DisplayLinkTarget", "onContactBegan", "onContactEnded", "onPause", "onResume", "onStep", "stepper",
            "contact", "dynamicAnimatorDidPause", "dynamicAnimatorWillResume", "moveAnchor", "attach",
            "gestureTargets", "addGestureTarget", "GestureTarget",
            // The standard library's functions the code calls are qualified (`Swift.min`); reserved as well, so that
            // a reader never meets a property named like them.
            "min", "max", "preconditionFailure", "precondition", "Swift", "UIKit", "placement",
            "eventTimes", "eventsByTime", "playTimeline", "stopTimeline", "applyEvent", "applyEvents",
            "displayLink", "displayLinkDidFire", "timelineStart", "nextEvent", "makeViews", "collisionBehavior",
            "changeItems", "timelineTime", "activePans", "dueReactions", "firedReactions", "panPaths", "reactions",
            "startPan", "movePan", "isPlaying", "queueReactions", "boundary", "PanPath", "Partner", "Reaction",
            "description", "debugDescription", "isEqual", "copy", "mutableCopy", "superclass", "isProxy",
            "perform", "responds", "conforms", "isKind", "isMember", "value", "setValue", "observeValue",
            "classForCoder", "dealloc", "new", "alloc", "deinit", "super", "Pin", "Layout", "layout",
            "layoutDidChange",
        ])

    /// UIKit names whose Swift spelling differs from Objective-C's (the catalog holds the Objective-C one).
    static let propertyRenames: [String: String] = ["anchored": "isAnchored"]
}
