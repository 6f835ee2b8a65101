import Scene
import SourceLiterals

// The plan as an Objective-C class for ARC: `Name.h` declares it, `Name.m` implements it. The run time every scene
// shares is in `ImpulseSupport.h`/`.m` (ObjectiveCSupport.swift): pins, item starts and prototype views, the ellipse
// and path views, the timeline scheduler with its pans, reactions and display-link proxy, and the base class
// `ImpulseDynamics` (the animator, the items and their ids, the blocks, `layoutDidChange`, the timeline's methods,
// gesture targets, the contact and animator delegates). The scene's class is a subclass of it holding the scene's
// data and wiring only, as the Swift class (SwiftEmitter.swift) is, in Objective-C's idiom:
// - item ids as `NSString` constants (dictionary keys, as the app's views are passed in); where each item starts,
//   with its pin, the pans and the reactions as static C tables the support reads;
// - `initWithReferenceView:items:placement:` (`…FromScene` places the items, `…KeepViews` leaves them), and
//   `initWithReferenceView:items:` for the first; both hand the tables to the base class, then add the behaviors;
// - every point written as in the scene with its pin (`ImpulsePlace(CGPointMake(…), NameReferenceSize,
//   self.layoutSize, ImpulsePinRightBottom)`; a point pinned to the left and top edges stays a plain literal),
//   placed from `referenceView.bounds` at init;
// - three overrides say what changes per scene: `applyEvent:` (a `switch` over the event methods),
//   `moveEvent:toPoint:` (the pans' points) and `movePinnedPointsFromSize:` (which the base's `layoutDidChange`
//   calls: the pinned boundaries are added again, anchors, snap points and field positions move by the change of
//   their pin's offset, as the Swift `movePinnedPoints(from:)` does);
// - one property per scene id (behaviors of one id and one type share it; nullable when events add or remove it,
//   and always the live behavior), one `make…` method per behavior, one method per event;
// - the inputs a gesture drives, each behavior kind's ids an `NS_ENUM` (a closed set the compiler checks in a
//   `switch`): `snap:toPoint:`, `push:angle:magnitude:`, `push:direction:`, `moveAnchor:toPoint:`,
//   `attachTapGestureRecognizer:snap:` and `attachPanGestureRecognizer:toAttachment:` (through the base's
//   `addGestureTarget:move:`).
//
// Every selector of the class (properties, `make…` methods, event methods) comes from one name space that holds
// back the base class's selectors and instance variables (`ObjectiveCNames.reservedMembers`); names that ARC would
// read as returning an owned object (`new…`, `copy…`, `init…`) get a prefix.

/// Writes the header and the implementation of a plan.
package struct ObjectiveCEmitter {
    let plan: GenerationPlan
    /// `ShowcaseDynamicsItemBall`, by item.
    private let itemConstants: [String]
    /// Property names of the behaviors, by behavior: the behaviors of one id and one type share one property.
    private let behaviorNames: [String]
    /// Whether a behavior is the first of its property (which it declares).
    private let declaresProperty: [Bool]
    /// Whether a behavior's property is nullable: an event adds or removes a behavior of its name.
    private let isOptional: [Bool]
    /// `makeGravity`, by behavior.
    private let factoryNames: [String]
    /// Method names of the events, by event.
    private let eventNames: [String]
    /// `ShowcaseDynamicsBoundaryLedge`, by boundary.
    private let boundaryConstants: [String]
    /// The `NS_ENUM` constant of each behavior an input drives (`ShowcaseDynamicsSnapDock`), by behavior.
    private let inputConstants: [Int: String]

    package init(plan: GenerationPlan) {
        self.plan = plan
        let type = plan.typeName
        var globals = NameSpace(reserved: [])
        // The names of the file's own types and tables.
        for suffix in [
            "Item", "Placement", "PlacementFromScene", "PlacementKeepViews", "Snap", "Push", "Attachment",
            "ReferenceSize", "Starts", "PathPoints", "EventTimes", "EventsByTime", "EventCount", "PanPoints", "Pans",
            "Reactions", "Timeline",
        ] {
            _ = globals.claim(type + suffix)
        }
        itemConstants = plan.items.map {
            globals.claim(type + "Item" + Identifiers.upperCamel($0.id, fallback: "Item"))
        }
        boundaryConstants = plan.boundaries.map {
            globals.claim(type + "Boundary" + Identifiers.upperCamel($0.id, fallback: "Boundary"))
        }
        var selectors = NameSpace(reserved: ObjectiveCNames.reservedMembers.union(ObjectiveCNames.keywords))
        var byId: [[UInt8]: (type: BehaviorType, name: String)] = [:]
        var names: [String] = []
        var declares: [Bool] = []
        for behavior in plan.behaviors {
            // Ids are compared byte for byte.
            if let id = behavior.id, let shared = byId[Array(id.utf8)], shared.type == behavior.type {
                names.append(shared.name)
                declares.append(false)
                continue
            }
            var base = Identifiers.lowerCamel(behavior.id ?? behavior.type.rawValue, fallback: behavior.type.rawValue)
            if ObjectiveCNames.keywords.contains(base) { base += "_" }
            if ObjectiveCNames.isOwnedFamily(base) {
                base = "behavior" + base.prefix(1).uppercased() + base.dropFirst()
            }
            let name = selectors.claim(base)
            if let id = behavior.id, byId[Array(id.utf8)] == nil { byId[Array(id.utf8)] = (behavior.type, name) }
            names.append(name)
            declares.append(true)
        }
        var optionalNames: Set<String> = []
        for (index, behavior) in plan.behaviors.enumerated() where behavior.addingEvent != nil {
            optionalNames.insert(names[index])
        }
        for event in plan.events {
            if case .remove(let target) = event.action { optionalNames.insert(names[target]) }
        }
        behaviorNames = names
        declaresProperty = declares
        isOptional = names.map { optionalNames.contains($0) }
        factoryNames = names.map { selectors.claim("make" + $0.prefix(1).uppercased() + $0.dropFirst()) }
        let behaviorNames = names
        eventNames = plan.events.enumerated().map { index, event in
            let what: String =
                switch event.action {
                case .set(let target, _, _): "set " + behaviorNames[target]
                case .add(let target): "add " + behaviorNames[target]
                case .remove(let target): "remove " + behaviorNames[target]
                case .pan(let target, _, _, _): "pan " + behaviorNames[target]
                }
            return selectors.claim(Identifiers.lowerCamel("event \(index) " + what, fallback: "event"))
        }
        var inputs: [Int: String] = [:]
        for kind in InputKind.allCases {
            for index in plan.behaviors.indices where declares[index] && kind.accepts(plan.behaviors[index]) {
                inputs[index] = globals.claim(
                    type + kind.rawValue + Identifiers.upperCamel(names[index], fallback: kind.rawValue))
            }
        }
        inputConstants = inputs
    }

    /// The behaviors a gesture would drive, by the `NS_ENUM` that names them.
    enum InputKind: String, CaseIterable {
        case snap = "Snap"
        case push = "Push"
        case attachment = "Attachment"

        func accepts(_ behavior: PlannedBehavior) -> Bool {
            switch self {
            case .snap: behavior.type == .snap
            case .push: behavior.type == .push
            case .attachment:
                switch behavior.construction {
                case .attachmentToAnchor, .slidingToAnchor: true
                default: false
                }
            }
        }
    }

    /// The behaviors (declaring their property) an input kind drives, in declaration order.
    private func inputTargets(_ kind: InputKind) -> [Int] {
        plan.behaviors.indices.filter { declaresProperty[$0] && kind.accepts(plan.behaviors[$0]) }
    }

    /// `RightBottom`.
    static func pinName(_ pin: Pin) -> String {
        Identifiers.upperCamel(pin.horizontal.rawValue, fallback: "Left")
            + Identifiers.upperCamel(pin.vertical.rawValue, fallback: "Top")
    }

    /// `ImpulsePinRightBottom` (ImpulseSupport.h).
    private func pinConstant(_ pin: Pin) -> String { "ImpulsePin" + Self.pinName(pin) }

    private var type: String { plan.typeName }
    /// The constant that counts the events the display link reaches by time.
    private var itemType: String { type + "Item" }

    // MARK: Literals

    private func number(_ value: Double) -> String { NumberLiteral.text(value) }
    private func point(_ p: Point) -> String { "CGPointMake(\(number(p.x)), \(number(p.y)))" }
    private func vector(_ v: Vector) -> String { "CGVectorMake(\(number(v.x)), \(number(v.y)))" }
    private func offset(_ v: Vector) -> String { "UIOffsetMake(\(number(v.x)), \(number(v.y)))" }
    private func string(_ text: String) -> String { "@\"" + StringLiteral.escaped(text, swift: false) + "\"" }
    private func item(_ index: Int) -> String { "[self item:\(itemConstants[index])]" }
    /// `@[[self item:A], [self item:B]]`, built in one buffer: a 5,000-item list is written once per behavior.
    private func items(_ indices: [Int]) -> String {
        var text = "@["
        text.reserveCapacity(3 + indices.reduce(0) { $0 + itemConstants[$1].utf8.count + 16 })
        for (position, index) in indices.enumerated() {
            if position > 0 { text += ", " }
            text += "[self item:"
            text += itemConstants[index]
            text += "]"
        }
        return text + "]"
    }

    /// A scene point placed in the reference view's size now (`layoutSize`): a plain literal when it keeps its
    /// coordinates.
    private func placed(_ p: Point, _ pin: Pin) -> String {
        pin == .topLeft
            ? point(p) : "ImpulsePlace(\(point(p)), \(type)ReferenceSize, self.layoutSize, \(pinConstant(pin)))"
    }

    /// A literal; a point placed by `pin`.
    private func value(_ value: PlannedValue, pin: Pin = .topLeft) -> String {
        switch value {
        case .number(let n): number(n)
        case .bool(let b): b ? "YES" : "NO"
        case .point(let p): placed(p, pin)
        case .vector(let v): vector(v)
        case .offset(let v): offset(v)
        case .range(let r): "UIFloatRangeMake(\(number(r.min)), \(number(r.max)))"
        case .region(.radius(let r)): "[[UIRegion alloc] initWithRadius:\(number(r))]"
        case .region(.size(let s)):
            "[[UIRegion alloc] initWithSize:CGSizeMake(\(number(s.width)), \(number(s.height)))]"
        case .collisionMode(let mode):
            "UICollisionBehaviorMode" + mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst()
        }
    }

    private func property(_ key: Key) -> String { key.uiKitName ?? key.name }

    private func comment(_ behavior: Int) -> String { plan.comment(behavior: behavior) }

    private func heading(_ w: inout CodeWriter) {
        w.line(
            "// Generated by `impulse generate objc` from the scene \(StringLiteral.quotedForComment(plan.sceneName)).")
        w.line("// Generate it again when the scene changes. Only UIKit is used at run time.")
        if !plan.expectations.isEmpty {
            w.line("// The scene expects (checked by `impulse preview`, not at run time):")
            for expectation in plan.expectations { w.line("// - " + expectation) }
        }
    }

    // MARK: Header

    /// `Name.h`.
    package func header() -> String {
        var w = CodeWriter(capacity: plan.expectedTextSize)
        heading(&w)
        w.line()
        w.line("#import \"ImpulseSupport.h\"")
        w.line()
        w.line("NS_ASSUME_NONNULL_BEGIN")
        w.line()
        w.line("/// An item id of the scene \(StringLiteral.quotedForComment(plan.sceneName)).")
        w.line("typedef NSString *\(itemType);")
        w.line()
        for (index, item) in plan.items.enumerated() {
            w.line("/// \(StringLiteral.quotedForComment(item.id))")
            w.line("extern \(itemType) const \(itemConstants[index]);")
        }
        if !plan.boundaries.isEmpty { w.line() }
        for (index, boundary) in plan.boundaries.enumerated() {
            w.line("/// Boundary \(StringLiteral.quotedForComment(boundary.id)) of \(comment(boundary.behavior)).")
            w.line("extern NSString *const \(boundaryConstants[index]);")
        }
        w.line()
        w.line("/// What `initWithReferenceView:items:placement:` does with the items' positions, sizes and rotations.")
        w.block("typedef NS_ENUM(NSInteger, \(type)Placement) {", closing: "};") { w in
            w.line("/// Places every item as the scene does (center, size, rotation; UIKit reads them when a behavior")
            w.line("/// is added).")
            w.line("\(type)PlacementFromScene,")
            w.line("/// Leaves the items where the app put them.")
            w.line("\(type)PlacementKeepViews,")
        }
        for kind in InputKind.allCases {
            let targets = inputTargets(kind)
            guard !targets.isEmpty else { continue }
            w.line()
            w.line("/// The scene's \(Self.about(kind)), by id.")
            w.block("typedef NS_ENUM(NSInteger, \(type)\(kind.rawValue)) {", closing: "};") { w in
                for index in targets {
                    w.line("/// \(comment(index)).")
                    w.line("\(inputConstants[index]!),")
                }
            }
        }
        w.line()
        w.line("/// The UIKit Dynamics animator of the scene \(StringLiteral.quotedForComment(plan.sceneName)).")
        w.line("///")
        w.line("/// Pass your own views (or any `UIDynamicItem`) by the scene's ids, or `makeViews` for a prototype.")
        w.line("/// Customize it from your code through the blocks (`onContactBegan`, `onStep`, …) and the inputs")
        w.line("/// (`snap:toPoint:`, …), or in a subclass; call `layoutDidChange` from `viewDidLayoutSubviews`. The")
        w.line(
            "/// animator, the items, the blocks, `layoutDidChange`, `playTimeline`, `stopTimeline`, `applyEvent:` and")
        w.line("/// `idOfItem:` are `ImpulseDynamics`'s (ImpulseSupport.h); an item id there is one of `\(itemType)`.")
        w.line("@interface \(type) : ImpulseDynamics")
        w.line()
        w.line("/// Every item id, in scene order.")
        w.line("@property (class, nonatomic, readonly) NSArray<\(itemType)> *allItems;")
        w.line("/// The reference view's size in the scene; the items' positions are in its coordinates.")
        w.line("@property (class, nonatomic, readonly) CGSize referenceSize;")
        w.line("/// The number of events of the timeline.")
        w.line("@property (class, nonatomic, readonly) NSInteger eventCount;")
        w.line()
        for (index, behavior) in plan.behaviors.enumerated() where declaresProperty[index] {
            if isOptional[index] {
                w.line("/// \(comment(index)): the live one (nil while the timeline has none).")
                w.line(
                    "@property (nonatomic, readonly, nullable) \(behavior.type.uiKitName) *\(behaviorNames[index]);")
            } else {
                w.line("/// \(comment(index)).")
                w.line("@property (nonatomic, readonly) \(behavior.type.uiKitName) *\(behaviorNames[index]);")
            }
        }
        w.line()
        let items = "(NSDictionary<\(itemType), id<UIDynamicItem>> *)items"
        w.line(
            "/// Builds the scene's animator in `referenceView`: places the items (`placement`) in its bounds, then adds"
        )
        w.line("/// the behaviors in the scene's order. `items` must hold an item for every id of `allItems`.")
        w.line("- (instancetype)initWithReferenceView:(UIView *)referenceView")
        w.line("                                items:\(items)")
        w.line("                            placement:(\(type)Placement)placement NS_DESIGNATED_INITIALIZER;")
        w.line("/// `initWithReferenceView:items:placement:` with `\(type)PlacementFromScene`.")
        w.line("- (instancetype)initWithReferenceView:(UIView *)referenceView items:\(items);")
        w.line("- (instancetype)init NS_UNAVAILABLE;")
        w.line("+ (instancetype)new NS_UNAVAILABLE;")
        w.line()
        w.line(
            "/// Plain views of the scene's sizes, positions and rotations, for a prototype; ellipse and path items get"
        )
        w.line("/// `ImpulseEllipseView` and `ImpulsePathView` (ImpulseSupport.h), whose collision bounds say so.")
        w.line(
            "+ (NSDictionary<\(itemType), UIView *> *)makeViewsWithBackgroundColor:(nullable UIColor *)backgroundColor;"
        )
        w.line()
        w.line(
            "/// The time of event `index` (file order), in seconds after `playTimeline`"
                + (plan.hasReactions ? "; NAN for a reaction." : "."))
        w.line("+ (NSTimeInterval)timeOfEvent:(NSInteger)index;")
        for (index, event) in plan.events.enumerated() {
            w.line("/// Event \(index), \(when(event)): \(describe(event.action)).")
            w.line("- (void)\(eventSelector(index));")
        }
        emitInputDeclarations(&w)
        w.line()
        w.line("@end")
        w.line()
        w.line("NS_ASSUME_NONNULL_END")
        return w.text
    }

    private static func about(_ kind: InputKind) -> String {
        switch kind {
        case .snap: "snap behaviors"
        case .push: "push behaviors"
        case .attachment: "attachments to an anchor"
        }
    }

    /// The input methods, each for the live behavior of an id.
    private var inputMethods: [(kind: InputKind, doc: String, selector: String, body: String)] {
        [
            (
                .snap, "Moves a snap behavior's point (a tap's location, say); the item snaps there.",
                "snap:(\(type)Snap)snap toPoint:(CGPoint)point", "BEHAVIOR.snapPoint = point;"
            ),
            (
                .push, "Pushes at `angle` (radians) with `magnitude`, and makes the push active.",
                "push:(\(type)Push)push angle:(CGFloat)angle magnitude:(CGFloat)magnitude",
                "[BEHAVIOR setAngle:angle magnitude:magnitude];\nBEHAVIOR.active = YES;"
            ),
            (
                .push, "Pushes along `direction` (its length is the magnitude), and makes the push active.",
                "push:(\(type)Push)push direction:(CGVector)direction",
                "BEHAVIOR.pushDirection = direction;\nBEHAVIOR.active = YES;"
            ),
            (
                .attachment, "Moves an attachment's anchor (a finger's location, say); the item follows.",
                "moveAnchor:(\(type)Attachment)attachment toPoint:(CGPoint)point", "BEHAVIOR.anchorPoint = point;"
            ),
        ]
    }

    private var hasSnapInputs: Bool { !inputTargets(.snap).isEmpty }
    private var hasAnchorInputs: Bool { !inputTargets(.attachment).isEmpty }

    private func emitInputDeclarations(_ w: inout CodeWriter) {
        for method in inputMethods where !inputTargets(method.kind).isEmpty {
            w.line()
            w.line("/// " + method.doc)
            w.line("- (void)\(method.selector);")
        }
        if hasSnapInputs {
            w.line()
            w.line("/// Snaps to each tap of `tap`, at its location in the reference view.")
            w.line("- (void)attachTapGestureRecognizer:(UITapGestureRecognizer *)tap snap:(\(type)Snap)snap;")
        }
        if hasAnchorInputs {
            w.line()
            w.line("/// Moves an attachment's anchor with `pan`'s finger, in the reference view.")
            w.line(
                "- (void)attachPanGestureRecognizer:(UIPanGestureRecognizer *)pan toAttachment:(\(type)Attachment)attachment;"
            )
        }
    }

    private func describe(_ action: PlannedEvent.Action) -> String {
        switch action {
        case .set(let target, _, _): "sets \(comment(target))"
        case .add(let target): "adds \(comment(target))"
        case .remove(let target): "removes \(comment(target))"
        case .pan(let target, let key, _, _):
            "pans \(comment(target)): moves its `\(property(key))` to where the finger is"
        }
    }

    /// An event method's selector with its parameter (a pan's point).
    private func eventSelector(_ index: Int) -> String {
        if case .pan = plan.events[index].action { return eventNames[index] + "ToPoint:(CGPoint)point" }
        return eventNames[index]
    }

    /// When an event applies, for its comment.
    private func when(_ event: PlannedEvent) -> String { plan.when(event) }

    // MARK: Implementation

    /// `Name.m`.
    package func implementation() -> String {
        var w = CodeWriter(capacity: plan.expectedTextSize)
        heading(&w)
        for note in plan.notes { w.line("// Note: " + note) }
        w.line()
        w.line("#import \"\(type).h\"")
        w.line()
        emitConstants(&w)
        w.line()
        w.line("@implementation \(type)")
        w.line()
        emitClassProperties(&w)
        w.line()
        emitInit(&w)
        w.line()
        emitFactories(&w)
        emitTimeline(&w)
        emitInputs(&w)
        emitMakeViews(&w)
        w.line()
        w.line("@end")
        return w.text
    }

    private func emitConstants(_ w: inout CodeWriter) {
        for (index, item) in plan.items.enumerated() {
            w.line("\(itemType) const \(itemConstants[index]) = \(string(item.id));")
        }
        for (index, boundary) in plan.boundaries.enumerated() {
            w.line("NSString *const \(boundaryConstants[index]) = \(string(boundary.id));")
        }
        w.line()
        w.line("/// The reference view's size in the scene; pinned points move by the change of it.")
        w.line(
            "static const CGSize \(type)ReferenceSize = {\(number(plan.referenceSize.width)), "
                + "\(number(plan.referenceSize.height))};")
        w.line()
        var pathPoints: [Point] = []
        var rows: [String] = []
        for (index, item) in plan.items.enumerated() {
            var shape = 0
            var start = 0
            var count = 0
            switch item.shape {
            case .rectangle: break
            case .ellipse: shape = 1
            case .path(let points):
                shape = 2
                start = pathPoints.count
                count = points.count
                pathPoints += points
            }
            rows.append(
                "{{\(number(item.center.x)), \(number(item.center.y))}, \(pinConstant(item.pin)), "
                    + "{\(number(item.size.width)), \(number(item.size.height))}, \(number(item.angle)), \(shape), "
                    + "\(start), \(count), "
                    + (item.color.map {
                        "YES, \(number($0.red)), \(number($0.green)), \(number($0.blue)), \(number($0.alpha))"
                    } ?? "NO, 0, 0, 0, 0") + "},  // "
                    + StringLiteral.quotedForComment(plan.items[index].id))
        }
        w.line("/// Where each item starts, in scene order (the order of `allItems`).")
        w.block("static const ImpulseItemStart \(type)Starts[] = {", closing: "};") { w in
            if rows.isEmpty {
                w.line("{{0, 0}, ImpulsePinLeftTop, {0, 0}, 0, 0, 0, 0, NO, 0, 0, 0, 0},  // (no items)")
            }
            for row in rows { w.line(row) }
        }
        w.line()
        w.line("/// The points of the path items' collision bounds, relative to their centers.")
        w.block("static const CGPoint \(type)PathPoints[] = {", closing: "};") { w in
            if pathPoints.isEmpty { w.line("{0, 0},  // (no path items)") }
            for p in pathPoints { w.line("{\(number(p.x)), \(number(p.y))},") }
        }
        w.line()
        w.line(
            "/// When each event applies, in seconds after `playTimeline`, in file order"
                + (plan.hasReactions ? " (NAN for a reaction)." : "."))
        w.line(
            "static const NSTimeInterval \(type)EventTimes[] = {"
                + (plan.events.isEmpty ? "0" : plan.events.map { $0.at.map(number) ?? "NAN" }.joined(separator: ", "))
                + "};")
        w.line("/// The events at a time (not reactions) by time, then file order: the display link's order.")
        w.line(
            "static const NSInteger \(type)EventsByTime[] = {"
                + (plan.eventsByTime.isEmpty ? "0" : plan.eventsByTime.map(String.init).joined(separator: ", "))
                + "};")
        w.line("enum { \(type)EventCount = \(plan.events.count) };")
        let pans = plan.hasPans ? emitPanTables(&w) : 0
        let reactions = plan.hasReactions ? emitReactionTable(&w) : 0
        w.line()
        w.line("/// The timeline: its events, pans and reactions.")
        w.block("static const ImpulseTimelineTables \(type)Timeline = {", closing: "};") { w in
            w.line("\(type)EventTimes, \(plan.events.count), \(type)EventsByTime, \(plan.eventsByTime.count),")
            w.line(pans > 0 ? "\(type)Pans, \(pans), \(type)PanPoints," : "NULL, 0, NULL,")
            w.line(reactions > 0 ? "\(type)Reactions, \(reactions)," : "NULL, 0,")
            w.line("{\(number(plan.referenceSize.width)), \(number(plan.referenceSize.height))},")
        }
    }

    private func emitClassProperties(_ w: inout CodeWriter) {
        w.block("+ (NSArray<\(itemType)> *)allItems {") { w in
            if itemConstants.isEmpty {
                w.line("return @[];")
            } else {
                w.line("return @[")
                for constant in itemConstants { w.line("    \(constant),") }
                w.line("];")
            }
        }
        w.line()
        w.block("+ (CGSize)referenceSize {") { w in
            w.line("return CGSizeMake(\(number(plan.referenceSize.width)), \(number(plan.referenceSize.height)));")
        }
        w.line()
        w.line("+ (NSInteger)eventCount { return \(type)EventCount; }")
        w.line()
        w.block("+ (NSTimeInterval)timeOfEvent:(NSInteger)index {") { w in
            w.line("NSParameterAssert(index >= 0 && index < \(type)EventCount);")
            w.line("return \(type)EventTimes[index];")
        }
    }

    private func emitInit(_ w: inout CodeWriter) {
        let items = "(NSDictionary<\(itemType), id<UIDynamicItem>> *)items"
        w.line("- (instancetype)initWithReferenceView:(UIView *)referenceView")
        w.line("                                items:\(items)")
        w.block("                            placement:(\(type)Placement)placement {") { w in
            w.line("self = [super initWithReferenceView:referenceView")
            w.line("                              items:items")
            w.line("                                ids:[\(type) allItems]")
            w.line("                             starts:placement == \(type)PlacementFromScene ? \(type)Starts : NULL")
            w.line("                           timeline:\(type)Timeline];")
            w.line("if (self == nil) return nil;")
            for (index, behavior) in plan.behaviors.enumerated() where behavior.addingEvent == nil {
                w.line("_\(behaviorNames[index]) = [self \(factoryNames[index])];")
            }
            for (index, behavior) in plan.behaviors.enumerated() where behavior.addingEvent == nil {
                emitAdding(index, behavior, variable: "_" + behaviorNames[index], into: &w)
            }
            w.line("return self;")
        }
        w.line()
        w.block("- (instancetype)initWithReferenceView:(UIView *)referenceView items:\(items) {") { w in
            w.line("return [self initWithReferenceView:referenceView items:items placement:\(type)PlacementFromScene];")
        }
        emitLayoutDidChange(&w)
    }

    /// The statements of `movePinnedPointsFromSize:` (from `old` to `size`).
    private var layoutChanges: [String] {
        var result: [String] = []
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
                    "behavior.\(moved) = ImpulseMove(behavior.\(moved), old, size, \(pinConstant(behavior.pointPin)));"
                )
            }
            var boundaryLines = CodeWriter(capacity: 256)
            for step in behavior.steps {
                let boundary: Int
                switch step {
                case .segmentBoundary(let b, _, _), .pathBoundary(let b, _): boundary = b
                default: continue
                }
                guard plan.boundaries[boundary].pin != .topLeft else { continue }
                boundaryLines.line("[behavior removeBoundaryWithIdentifier:\(boundaryConstants[boundary])];")
                emitStep(step, into: &boundaryLines)
            }
            lines += boundaryLines.text.split(separator: "\n").map(String.init)
            guard !lines.isEmpty else { continue }
            let name = behaviorNames[index]
            let uiKit = behavior.type.uiKitName
            result.append(isOptional[index] ? "if (_\(name) != nil) {" : "{")
            result.append("    \(uiKit) *behavior = _\(name);")
            result += lines.map { "    " + $0 }
            result.append("}")
        }
        return result
    }

    /// `movePinnedPointsFromSize:` (which `layoutDidChange` calls): the scene's pinned points follow the reference
    /// view's new size. None when the scene has no pinned point.
    private func emitLayoutDidChange(_ w: inout CodeWriter) {
        let changes = layoutChanges
        guard !changes.isEmpty else { return }
        w.line()
        w.block("- (void)movePinnedPointsFromSize:(CGSize)old {") { w in
            if changes.contains(where: { $0.contains(", old, size, ") }) { w.line("CGSize size = self.layoutSize;") }
            for line in changes { w.line(line) }
        }
    }

    private func emitAdding(_ index: Int, _ behavior: PlannedBehavior, variable: String, into w: inout CodeWriter) {
        for step in behavior.steps {
            if case .collisionDelegate = step { w.line("\(variable).collisionDelegate = self;") }
        }
        w.line("[self.animator addBehavior:\(variable)];")
        for call in behavior.afterAdd {
            switch call {
            case .linearVelocity(let item, let velocity):
                w.line("[\(variable) addLinearVelocity:\(point(velocity)) forItem:\(self.item(item))];")
            case .angularVelocity(let item, let velocity):
                w.line("[\(variable) addAngularVelocity:\(number(velocity)) forItem:\(self.item(item))];")
            }
        }
    }

    private func emitFactories(_ w: inout CodeWriter) {
        for (index, behavior) in plan.behaviors.enumerated() {
            let type = behavior.type.uiKitName
            w.line("/// \(comment(index)), as the scene creates it, not yet added.")
            w.block("- (\(type) *)\(factoryNames[index]) {") { w in
                w.line("\(type) *behavior = \(construction(behavior.construction, pin: behavior.pointPin));")
                for assignment in behavior.assignments {
                    w.line(
                        "behavior.\(property(assignment.key)) = \(value(assignment.value, pin: behavior.pointPin));")
                }
                for step in behavior.steps { emitStep(step, into: &w) }
                w.line("return behavior;")
            }
            w.line()
        }
    }

    /// The construction, its point placed by `pin`.
    private func construction(_ construction: PlannedConstruction, pin: Pin) -> String {
        func point(_ p: Point) -> String { placed(p, pin) }
        return switch construction {
        case .gravity(let items): "[[UIGravityBehavior alloc] initWithItems:\(self.items(items))]"
        case .collision(let items): "[[UICollisionBehavior alloc] initWithItems:\(self.items(items))]"
        case .snap(let item, let p): "[[UISnapBehavior alloc] initWithItem:\(self.item(item)) snapToPoint:\(point(p))]"
        case .push(let items, let mode):
            "[[UIPushBehavior alloc] initWithItems:\(self.items(items)) mode:UIPushBehaviorMode"
                + mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst() + "]"
        case .dynamicItem(let items): "[[UIDynamicItemBehavior alloc] initWithItems:\(self.items(items))]"
        case .attachmentToAnchor(let item, let o, let anchor):
            "[[UIAttachmentBehavior alloc] initWithItem:\(self.item(item)) offsetFromCenter:\(offset(o)) "
                + "attachedToAnchor:\(point(anchor))]"
        case .attachmentToItem(let item, let o, let other, let otherOffset):
            "[[UIAttachmentBehavior alloc] initWithItem:\(self.item(item)) offsetFromCenter:\(offset(o)) "
                + "attachedToItem:\(self.item(other)) offsetFromCenter:\(offset(otherOffset))]"
        case .pin(let item, let other, let anchor):
            "[UIAttachmentBehavior pinAttachmentWithItem:\(self.item(item)) attachedToItem:\(self.item(other)) "
                + "attachmentAnchor:\(point(anchor))]"
        case .fixed(let item, let other, let anchor):
            "[UIAttachmentBehavior fixedAttachmentWithItem:\(self.item(item)) attachedToItem:\(self.item(other)) "
                + "attachmentAnchor:\(point(anchor))]"
        case .slidingToAnchor(let item, let anchor, let axis):
            "[UIAttachmentBehavior slidingAttachmentWithItem:\(self.item(item)) attachmentAnchor:\(point(anchor)) "
                + "axisOfTranslation:\(vector(axis))]"
        case .slidingToItem(let item, let other, let anchor, let axis):
            "[UIAttachmentBehavior slidingAttachmentWithItem:\(self.item(item)) attachedToItem:\(self.item(other)) "
                + "attachmentAnchor:\(point(anchor)) axisOfTranslation:\(vector(axis))]"
        case .limit(let item, let o, let other, let otherOffset):
            "[UIAttachmentBehavior limitAttachmentWithItem:\(self.item(item)) offsetFromCenter:\(offset(o)) "
                + "attachedToItem:\(self.item(other)) offsetFromCenter:\(offset(otherOffset))]"
        case .field(let field): fieldFactory(field, pin: pin)
        }
    }

    private func fieldFactory(_ field: PlannedField, pin: Pin) -> String {
        func point(_ p: Point) -> String { placed(p, pin) }
        return switch field {
        case .linearGravity(let direction): "[UIFieldBehavior linearGravityFieldWithVector:\(vector(direction))]"
        case .radialGravity(let position): "[UIFieldBehavior radialGravityFieldWithPosition:\(point(position))]"
        case .spring: "[UIFieldBehavior springField]"
        case .drag: "[UIFieldBehavior dragField]"
        case .vortex: "[UIFieldBehavior vortexField]"
        case .velocity(let direction): "[UIFieldBehavior velocityFieldWithVector:\(vector(direction))]"
        case .noise(let smoothness, let speed):
            "[UIFieldBehavior noiseFieldWithSmoothness:\(number(smoothness)) animationSpeed:\(number(speed))]"
        case .turbulence(let smoothness, let speed):
            "[UIFieldBehavior turbulenceFieldWithSmoothness:\(number(smoothness)) animationSpeed:\(number(speed))]"
        case .electric: "[UIFieldBehavior electricField]"
        case .magnetic: "[UIFieldBehavior magneticField]"
        }
    }

    private func emitStep(_ step: PlannedStep, into w: inout CodeWriter) {
        switch step {
        case .addItem(let index): w.line("[behavior addItem:\(item(index))];")
        case .targetOffset(let index, let o):
            w.line("[behavior setTargetOffsetFromCenter:\(offset(o)) forItem:\(item(index))];")
        case .translatesReferenceBounds: w.line("behavior.translatesReferenceBoundsIntoBoundary = YES;")
        case .translatesReferenceBoundsWithInsets(let insets):
            w.line(
                "[behavior setTranslatesReferenceBoundsIntoBoundaryWithInsets:UIEdgeInsetsMake(\(number(insets.top)), "
                    + "\(number(insets.left)), \(number(insets.bottom)), \(number(insets.right)))];")
        case .segmentBoundary(let boundary, let from, let to):
            let pin = plan.boundaries[boundary].pin
            w.line(
                "[behavior addBoundaryWithIdentifier:\(boundaryConstants[boundary]) fromPoint:\(placed(from, pin)) "
                    + "toPoint:\(placed(to, pin))];")
        case .pathBoundary(let boundary, let points):
            let pin = plan.boundaries[boundary].pin
            w.block("{") { w in
                w.line("UIBezierPath *path = [UIBezierPath bezierPath];")
                for (index, p) in points.enumerated() {
                    w.line(
                        index == 0
                            ? "[path moveToPoint:\(placed(p, pin))];" : "[path addLineToPoint:\(placed(p, pin))];")
                }
                w.line("[path closePath];")
                w.line("[behavior addBoundaryWithIdentifier:\(boundaryConstants[boundary]) forPath:path];")
            }
        case .collisionDelegate:
            break  // set where the behavior is added: `self` is the delegate
        }
    }

    private func emitTimeline(_ w: inout CodeWriter) {
        for (index, event) in plan.events.enumerated() {
            w.line("/// Event \(index), \(when(event)): \(describe(event.action)).")
            w.block("- (void)\(eventSelector(index)) {") { w in
                switch event.action {
                case .set(let target, let assignments, let liveItems):
                    let variable = "_" + behaviorNames[target]
                    let pin = plan.behaviors[target].pin
                    for assignment in assignments {
                        w.line("\(variable).\(property(assignment.key)) = \(value(assignment.value, pin: pin));")
                    }
                    if let liveItems {
                        // The items from the first place where the lists differ leave, then the wanted ones join.
                        w.line("NSArray<id<UIDynamicItem>> *wanted = \(items(liveItems));")
                        w.line("NSArray<id<UIDynamicItem>> *current = \(variable).items;")
                        w.line("NSUInteger kept = 0;")
                        w.line(
                            "while (kept < current.count && kept < wanted.count && current[kept] == wanted[kept]) kept += 1;"
                        )
                        w.line(
                            "for (NSUInteger k = kept; k < current.count; k += 1) [\(variable) removeItem:current[k]];")
                        w.line("for (NSUInteger k = kept; k < wanted.count; k += 1) [\(variable) addItem:wanted[k]];")
                    }
                case .add(let target):
                    w.line("_\(behaviorNames[target]) = [self \(factoryNames[target])];")
                    emitAdding(target, plan.behaviors[target], variable: "_" + behaviorNames[target], into: &w)
                case .remove(let target):
                    // The property stays the live behavior of its id: none once it is removed.
                    let variable = "_" + behaviorNames[target]
                    w.line("if (\(variable) != nil) [self.animator removeBehavior:\(variable)];")
                    w.line("\(variable) = nil;")
                case .pan(let target, let key, _, _):
                    w.line("_\(behaviorNames[target]).\(property(key)) = point;")
                }
            }
            w.line()
        }
        // Without events, the base class's `applyEvent:` (which refuses every index) serves.
        guard !plan.events.isEmpty else { return }
        w.block("- (void)applyEvent:(NSInteger)index {") { w in
            w.line("switch (index) {")
            for (index, event) in plan.events.enumerated() {
                if case .pan = event.action {
                    w.line("    case \(index): [self startPanOfEvent:\(index)]; break;")
                } else {
                    w.line("    case \(index): [self \(eventNames[index])]; break;")
                }
            }
            w.line("    default:")
            w.line("        [NSException raise:NSRangeException format:@\"\(type): no event %ld\", (long)index];")
            w.line("}")
        }
        w.line()
        if plan.hasPans {
            w.line("/// Moves the point of pan event `index` (the timeline calls it on each frame of the pan).")
            w.block("- (void)moveEvent:(NSInteger)index toPoint:(CGPoint)point {") { w in
                w.line("switch (index) {")
                for (index, event) in plan.events.enumerated() {
                    if case .pan = event.action {
                        w.line("    case \(index): [self \(eventNames[index])ToPoint:point]; break;")
                    }
                }
                w.line("    default: break;")
                w.line("}")
            }
            w.line()
        }
    }

    /// The pans' table (`ImpulsePan`) and their paths' points; the number of pans.
    private func emitPanTables(_ w: inout CodeWriter) -> Int {
        var points: [Point] = []
        var rows: [String] = []
        for (index, event) in plan.events.enumerated() {
            guard case .pan(let target, _, let path, let duration) = event.action else { continue }
            rows.append(
                "{\(index), \(points.count), \(path.count), \(number(duration)), "
                    + "\(pinConstant(plan.behaviors[target].pin))},")
            points += path
        }
        w.line()
        w.line("/// The pan events' fingers: the event, its path in the pan points, its duration, its behavior's pin.")
        w.block("static const CGPoint \(type)PanPoints[] = {", closing: "};") { w in
            for p in points { w.line("{\(number(p.x)), \(number(p.y))},") }
        }
        w.block("static const ImpulsePan \(type)Pans[] = {", closing: "};") { w in
            for row in rows { w.line(row) }
        }
        return rows.count
    }

    /// The reactions' table (`ImpulseReaction`); the number of reactions.
    private func emitReactionTable(_ w: inout CodeWriter) -> Int {
        w.line()
        w.line(
            "/// The reactions: the event, ended (else began), the item, the partner item (-1: the boundary, nil for the"
        )
        w.line("/// reference view's bounds), once.")
        var count = 0
        w.block("static const ImpulseReaction \(type)Reactions[] = {", closing: "};") { w in
            for (index, event) in plan.events.enumerated() {
                guard let trigger = event.trigger else { continue }
                count += 1
                let partner: String =
                    switch trigger.partner {
                    case .item(let other): "\(other), nil"
                    case .boundary(nil): "-1, nil"
                    case .boundary(let id?): "-1, " + string(id)
                    }
                w.line(
                    "{\(index), \(trigger.ended ? "YES" : "NO"), \(trigger.item), \(partner), "
                        + "\(trigger.once ? "YES" : "NO")},")
            }
        }
        return count
    }

    /// The input methods (each a `switch` over its kind's ids, acting on the live behavior) and the gestures.
    private func emitInputs(_ w: inout CodeWriter) {
        let methods = inputMethods.filter { !inputTargets($0.kind).isEmpty }
        guard !methods.isEmpty else { return }
        w.line("// MARK: Inputs")
        for method in methods {
            w.line()
            w.block("- (void)\(method.selector) {") { w in
                // The first parameter (`snap:(…Snap)snap …`) names the behavior.
                let parameter = method.selector.drop { $0 != ")" }.dropFirst().prefix { $0 != " " }
                w.line("switch (\(parameter)) {")
                for index in inputTargets(method.kind) {
                    w.line("    case \(inputConstants[index]!):")
                    for line in method.body.split(separator: "\n") {
                        w.line("        " + line.replacing("BEHAVIOR", with: "_" + behaviorNames[index]))
                    }
                    w.line("        break;")
                }
                w.line("}")
            }
        }
        if hasSnapInputs {
            w.line()
            w.block("- (void)attachTapGestureRecognizer:(UITapGestureRecognizer *)tap snap:(\(type)Snap)snap {") { w in
                w.line("__weak \(type) *weakSelf = self;")
                w.line(
                    "[self addGestureTarget:tap move:^(CGPoint location) { [weakSelf snap:snap toPoint:location]; }];")
            }
        }
        if hasAnchorInputs {
            w.line()
            w.line(
                "- (void)attachPanGestureRecognizer:(UIPanGestureRecognizer *)pan toAttachment:(\(type)Attachment)attachment {"
            )
            w.indent()
            w.line("__weak \(type) *weakSelf = self;")
            w.line(
                "[self addGestureTarget:pan move:^(CGPoint location) { [weakSelf moveAnchor:attachment toPoint:location]; }];"
            )
            w.outdent()
            w.line("}")
        }
        w.line()
    }

    private func emitMakeViews(_ w: inout CodeWriter) {
        w.line(
            "+ (NSDictionary<\(itemType), UIView *> *)makeViewsWithBackgroundColor:(nullable UIColor *)backgroundColor {"
        )
        w.line(
            "    return ImpulseMakeViews([self allItems], \(type)Starts, \(type)PathPoints, \(type)ReferenceSize, backgroundColor);"
        )
        w.line("}")
    }
}

/// Objective-C's reserved words and the selectors the generated class already uses.
enum ObjectiveCNames {
    /// C and Objective-C keywords and the names the runtime gives a meaning.
    static let keywords: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
        "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
        "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while",
        "_Bool", "_Complex", "_Imaginary", "id", "self", "super", "nil", "Nil", "YES", "NO", "SEL", "IMP", "BOOL",
        "Class", "in", "out", "inout", "bycopy", "byref", "oneway", "instancetype", "NULL", "true", "false", "bool",
        "asm", "typeof", "_Nonnull", "_Nullable", "nonnull", "nullable", "__block", "__weak", "__strong",
    ]

    /// NSObject's selectors, the generated class's own, and the selectors (up to the first colon) and instance
    /// variables (without their `_`) of the base class `ImpulseDynamics` (ImpulseSupport.h/.m); ObjectiveCSupportTests
    /// holds the last in step with the support.
    static let reservedMembers: Set<String> = [
        "description", "debugDescription", "hash", "class", "copy", "mutableCopy", "init", "new", "alloc",
        "dealloc", "retain", "release", "autorelease", "retainCount", "superclass", "isProxy", "zone", "finalize",
        "animator", "items", "item", "allItems", "referenceSize", "eventCount", "timeOfEvent", "playTimeline",
        "stopTimeline", "applyEvent", "applyEventsUntil", "displayLinkDidFire", "idOfItem", "displayLink",
        "timelineStart", "nextEvent", "timelineTime", "isPlaying", "startPanOfEvent", "movePan", "panMoving",
        "panStart", "reactionDue", "reactionFired", "queueReactionsEnded", "contactEnded", "layoutDidChange",
        "timeline", "moveEvent", "ids", "indices",
        "layoutSize", "onContactBegan", "onContactEnded", "onPause", "onResume", "onStep", "stepper",
        "gestureTargets", "addGestureTarget", "dynamicAnimatorDidPause", "dynamicAnimatorWillResume",
        "makeViewsWithBackgroundColor", "collisionBehavior", "initWithReferenceView", "movePinnedPointsFromSize",
        "setOnStep", "setOnPause", "setOnResume", "setOnContactBegan", "setOnContactEnded", "design", "isEqual",
        "isKindOfClass", "respondsToSelector", "performSelector", "self",
    ]

    /// Whether ARC would read a method of this name as returning an owned object (`new`, `copy`, `alloc`, `init`,
    /// `mutableCopy`, followed by nothing or not by a lowercase letter).
    static func isOwnedFamily(_ name: String) -> Bool {
        for family in ["new", "copy", "alloc", "init", "mutableCopy"] where name.hasPrefix(family) {
            let rest = name.dropFirst(family.count)
            guard let next = rest.first else { return true }
            if !next.isLowercase { return true }
        }
        return false
    }
}
