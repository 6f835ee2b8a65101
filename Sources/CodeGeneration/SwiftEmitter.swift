import Scene
import SourceLiterals

// The plan as one Swift file: `import UIKit` and one class, a subclass of the support file's `ImpulseDynamics<Item>`
// (`SwiftSupport`), which holds the runtime every scene shares. This file holds the scene's data and wiring only.
//
// Shape of the class (every name below, and every member of `ImpulseDynamics`, is reserved before any scene id is
// named):
// - `Item`, a `String` enum of the item ids (`CaseIterable`), `Boundary`, the boundary ids, and the static data:
//   `referenceSize`, `starts` (one statement per item, so that a scene of thousands of items type-checks in linear
//   time) and `timeline` (event times, the display link's order, pans' paths, reactions);
// - one property per scene id (behaviors of one id and type share it; optional when events add or remove it, and
//   always the live behavior);
// - `init(referenceView:items:placement:)`: `Setup` places the app's items (`.fromScene`) or leaves them
//   (`.keepViews`) and sizes the layout from the reference view; the init creates every behavior of the list
//   (`Make.<name>`, its points written with their pins: `layout.place(point, .rightBottom)`, a point pinned to the
//   left and top edges stays a plain literal), then adds them in scene order and gives the velocities that UIKit
//   honours only once a behavior is in the animator;
// - overrides: `movePinnedPoints(from:)` (what `layoutDidChange()` moves: pinned boundaries added again, pinned
//   anchors, snap points and field positions moved by the change of their pin's offset), `applyEvent(_:)` (what
//   each event does) and `movePanPoint(_:to:)` (the point each pan moves);
// - the inputs a gesture drives: `snap(_:to:)`, `push(_:angle:magnitude:)`, `push(_:direction:)`,
//   `moveAnchor(_:to:)`, and `attach(_:snap:)`/`attach(_:to:)` that connect a tap or a pan gesture recognizer to them.
// Long item lists are index lists (`Name.items(at:)`), never literals of calls: those type-check in quadratic time.

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
        w.line("// (`onContactBegan`, `onStep`, …) and the inputs (`snap(_:to:)`, …), or in a subclass. It needs")
        w.line("// \(SwiftSupport.file.name) in the same target (`impulse generate swift --support -o DIR`).")
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
        w.block("class \(type): ImpulseDynamics<\(type).Item> {") { w in
            emitItemsAndBoundaries(&w)
            w.line()
            emitStaticData(&w)
            w.line()
            emitProperties(&w)
            w.line()
            emitInit(&w)
            emitMovePinnedPoints(&w)
            w.line()
            emitFactories(&w)
            emitTimeline(&w)
            emitInputs(&w)
        }
        return w.text
    }

    // MARK: Names and literals

    private static func escaped(_ name: String) -> String {
        SwiftNames.keywords.contains(name) ? "`\(name)`" : name
    }
    private func escaped(_ name: String) -> String { Self.escaped(name) }
    private func item(_ index: Int) -> String { itemReferences[index] }
    /// `[item(.a), item(.b)]` for a short list; a long one as `Name.items(at: [0, 1, …], { item($0) })` (the
    /// support's `ImpulseDynamics.items(at:_:)`), or all the items as `Item.allCases.map { item($0) }`: a literal of
    /// many calls type-checks in quadratic time.
    private func items(_ indices: [Int]) -> String {
        if indices.count > 8 {
            if indices.count == plan.items.count, indices.elementsEqual(0..<plan.items.count) {
                return "Item.allCases.map { item($0) }"
            }
            var text = plan.typeName + ".items(at: ["
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
    private func pinName(_ pin: Pin) -> String { Identifiers.pinConstant(pin) }
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

    private func emitItemsAndBoundaries(_ w: inout CodeWriter) {
        w.line("/// The scene's items, by id (the raw value).")
        if plan.items.isEmpty {
            // A scene without items: an enum with a raw type needs a case.
            w.block("struct Item: RawRepresentable, Hashable, CaseIterable {") { w in
                w.line("let rawValue: String")
                w.line("static let allCases: [Item] = []")
            }
        } else {
            w.block("enum Item: String, CaseIterable {") { w in
                for (index, item) in plan.items.enumerated() {
                    let name = itemNames[index]
                    w.line("case \(escaped(name))" + (name == item.id ? "" : " = " + string(item.id)))
                }
            }
        }
        guard !plan.boundaries.isEmpty else { return }
        w.line()
        w.line(
            "/// The ids of the collision boundaries, as `UICollisionBehaviorDelegate` receives them (as `NSString`).")
        w.block("enum Boundary {") { w in
            for (index, boundary) in plan.boundaries.enumerated() {
                w.line("/// \(StringLiteral.quotedForComment(boundary.id)) of \(comment(boundary.behavior)).")
                w.line("static let \(escaped(boundaryNames[index])) = \(string(boundary.id))")
            }
        }
    }

    private func emitStaticData(_ w: inout CodeWriter) {
        let size = plan.referenceSize
        w.line("/// The reference view's size in the scene; the items' positions are in its coordinates.")
        w.line("static let referenceSize = CGSize(width: \(number(size.width)), height: \(number(size.height)))")
        w.line("/// Where each item starts, in scene order.")
        w.line("static let starts: [Start] = makeStarts()")
        w.line(
            "/// The timeline (`playTimeline()`): when each event applies (nil: a reaction), the display link's order,")
        w.line("/// the pans' paths and the reactions.")
        if plan.events.isEmpty {
            w.line("static let timeline = Timeline()")
        } else {
            w.line("static let timeline = Timeline(")
            w.indent()
            w.line(
                "eventTimes: [" + plan.events.map { $0.at.map(number) ?? "nil" }.joined(separator: ", ")
                    + "], eventsByTime: [" + plan.eventsByTime.map(String.init).joined(separator: ", ") + "]"
                    + (plan.hasPans || plan.hasReactions ? "," : ")"))
            if plan.hasPans {
                w.block("panPaths: [", closing: "]" + (plan.hasReactions ? "," : ")")) { w in
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
                w.block("reactions: [", closing: "])") { w in
                    for (index, event) in plan.events.enumerated() {
                        guard let trigger = event.trigger else { continue }
                        w.line(
                            "Reaction(event: \(index), ended: \(trigger.ended), "
                                + "item: .\(escaped(itemNames[trigger.item])), partner: \(partner(trigger.partner)), "
                                + "once: \(trigger.once)),")
                    }
                }
            }
            w.outdent()
        }
    }

    /// A reaction's partner: an item, the reference view's bounds or a boundary (by its constant when it has one).
    private func partner(_ partner: PlannedTrigger.Partner) -> String {
        switch partner {
        case .item(let other): ".item(.\(escaped(itemNames[other])))"
        case .boundary(nil): ".boundary(nil)"
        case .boundary(let id?):
            if let named = plan.boundaries.firstIndex(where: { $0.id.utf8.elementsEqual(id.utf8) }) {
                ".boundary(Boundary.\(escaped(boundaryNames[named])))"
            } else {
                ".boundary(\(string(id)))"
            }
        }
    }

    private func emitProperties(_ w: inout CodeWriter) {
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
    }

    private func emitInit(_ w: inout CodeWriter) {
        w.line("/// Builds the scene's animator in `referenceView`: places the items (`placement`), then adds the")
        w.line("/// behaviors in the scene's order. `items` must hold an item for every case of `Item`.")
        w.block("init(referenceView: UIView, items: [Item: UIDynamicItem], placement: Placement = .fromScene) {") {
            w in
            w.line(
                "let setup = Setup(referenceView, items, placement, referenceSize: Self.referenceSize, starts: Self.starts)"
            )
            // No local per behavior: each `let` opens a scope that every later name lookup walks through, which
            // makes a scene of thousands of behaviors type-check in quadratic time.
            let listed = plan.behaviors.indices.filter { plan.behaviors[$0].addingEvent == nil }
            for index in listed where !isOptional[index] {
                w.line(
                    "\(escaped(behaviorNames[index])) = Make.\(escaped(factoryNames[index]))(setup.item, setup.layout)")
            }
            w.line("super.init(setup, timeline: Self.timeline)")
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
        w.line("/// Plain views of the scene's sizes, positions and rotations (and collision bounds), for a prototype:")
        w.line("/// add them to the reference view and pass them to `init`.")
        w.block("static func makeViews(backgroundColor: UIColor? = nil) -> [Item: UIView] {") { w in
            w.line("views(of: starts, backgroundColor: backgroundColor)")
        }
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

    /// The override of `movePinnedPoints(from:)` when a behavior has a pinned point: boundaries are added again where
    /// their pins put them, anchors, snap points and field positions move by the change of their pins' offsets.
    private func emitMovePinnedPoints(_ w: inout CodeWriter) {
        var body = CodeWriter(capacity: 256)
        for index in plan.behaviors.indices where declaresProperty[index] {
            let behavior = plan.behaviors[index]
            var lines = CodeWriter(capacity: 256)
            let moved: String? =
                switch behavior.construction {
                case .snap: "snapPoint"
                case .attachmentToAnchor, .slidingToAnchor: "anchorPoint"
                case .field: "position"
                default: nil
                }
            if let moved, behavior.pointPin != .topLeft {
                lines.line(
                    "behavior.\(moved) = layout.move(behavior.\(moved), .\(pinName(behavior.pointPin)), from: old)")
            }
            for step in behavior.steps {
                let boundary: Int
                switch step {
                case .segmentBoundary(let b, _, _), .pathBoundary(let b, _): boundary = b
                default: continue
                }
                guard plan.boundaries[boundary].pin != .topLeft else { continue }
                lines.line(
                    "behavior.removeBoundary(withIdentifier: Boundary.\(escaped(boundaryNames[boundary])) as NSString)")
                emitStep(step, into: &lines)
            }
            guard !lines.text.isEmpty else { continue }
            let name = escaped(behaviorNames[index])
            body.block(isOptional[index] ? "if let behavior = self.\(name) {" : "do {") { w in
                if !isOptional[index] { w.line("let behavior = self.\(name)") }
                for line in lines.text.split(separator: "\n") { w.line(String(line)) }
            }
        }
        guard !body.text.isEmpty else { return }
        w.line()
        w.line("/// Places the pinned boundaries again and moves the pinned points (`layoutDidChange()` calls it).")
        w.block("override func movePinnedPoints(from old: Layout) {") { w in
            for line in body.text.split(separator: "\n") { w.line(String(line)) }
        }
    }

    /// The factories: `Make.<name>(item, layout)` creates a behavior as the scene does, not yet added.
    private func emitFactories(_ w: inout CodeWriter) {
        w.line(
            "/// Each behavior as the scene creates it, not yet added; `item` gives the item of an id, `layout` the size."
        )
        w.block("@MainActor private enum Make {") { w in
            for (index, behavior) in plan.behaviors.enumerated() {
                if index > 0 { w.line() }
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

    /// The override of `applyEvent(_:)`: what each event of the timeline does, by index in file order (a pan
    /// starts; the base class moves its point on each frame through `movePanPoint(_:to:)`).
    private func emitTimeline(_ w: inout CodeWriter) {
        guard !plan.events.isEmpty else { return }
        w.line()
        w.line(
            "/// Applies event `index` of the timeline (in file order)" + (plan.hasPans ? "; a pan starts now." : "."))
        w.block("override func applyEvent(_ index: Int) {") { w in
            w.line("switch index {")
            for (index, event) in plan.events.enumerated() {
                let what: String
                switch event.action {
                case .set(let target, _, _): what = "sets \(comment(target))"
                case .add(let target): what = "adds \(comment(target))"
                case .remove(let target): what = "removes \(comment(target))"
                case .pan(let target, let key, _, _):
                    what = "pans \(comment(target)): moves its `\(property(key))` to where the finger is"
                }
                w.line("case \(index):  // \(when(event)): \(what).")
                w.indent()
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
                    w.line("startPan(\(index))")
                }
                w.outdent()
            }
            w.line("default: super.applyEvent(index)")
            w.line("}")
        }
        guard plan.hasPans else { return }
        w.line()
        w.line("/// Moves the point of pan event `index` to where the finger is (the base class follows the path).")
        w.block("override func movePanPoint(_ index: Int, to point: CGPoint) {") { w in
            w.line("switch index {")
            for (index, event) in plan.events.enumerated() {
                guard case .pan(let target, let key, _, _) = event.action else { continue }
                let access = "self." + escaped(behaviorNames[target]) + (isOptional[target] ? "?" : "")
                w.line("case \(index): \(access).\(property(key)) = point")
            }
            w.line("default: super.movePanPoint(index, to: point)")
            w.line("}")
        }
    }

    /// When an event applies, for its comment.
    private func when(_ event: PlannedEvent) -> String { plan.when(event) }
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
            w.line()
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

    /// `attach(_:snap:)` for a tap and `attach(_:to:)` for a pan: the base class keeps the gesture's target.
    private func emitGestures(_ w: inout CodeWriter, snaps: Bool, anchors: Bool) {
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
            "layoutDidChange", "Setup", "setup", "Timeline", "timeline", "views", "movePinnedPoints", "movePanPoint",
            "Impulse", "ImpulseDynamics",
        ])

    /// UIKit names whose Swift spelling differs from Objective-C's (the catalog holds the Objective-C one).
    static let propertyRenames: [String: String] = ["anchored": "isAnchored"]
}
