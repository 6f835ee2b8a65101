import JSON

// Behaviors: the `type` selects the catalog table; each type's properties become its typed struct. The
// per-kind key tables of attachments and fields (`attachment.kindKey`, `field.kindKey`) are checked here
// because they read straight from the catalog's `kinds`.
extension SceneDecoder {
    func decodeBehavior(_ value: JSONValue, at pointer: JSONPointer) -> Behavior? {
        guard let object = value.objectValue else {
            typeMismatch(value, expected: "a behavior object {\"type\": ...}", name: "a behavior", at: pointer)
            return nil
        }
        let typePointer = pointer.appending("type")
        var type: BehaviorType?
        switch object["type"] {
        case .string(let name)?:
            type = BehaviorType(rawValue: name)
            if type == nil {
                reportEnum(name, values: BehaviorType.allCases.map(\.rawValue), name: "type", at: typePointer)
            }
        case let other?:
            typeMismatch(other, expected: "a behavior type (a string)", name: "type", at: typePointer)
        case nil:
            if !document.truncatedContainers.contains(pointer) {
                let key = Catalog.key("type", in: .behavior(.gravity))!
                let brace = document.openingBracket(of: pointer)
                report(
                    "scene.missingKey",
                    "a behavior needs type (\(key.type.displayName)); add \"type\": \"gravity\" or another type",
                    brace,
                    fixes: insertion(key: "type", value: "\"gravity\"", into: object, at: pointer).map { [$0] } ?? [])
            }
        }
        guard let type else {
            invalid.insert(typePointer)
            // Without a type no table applies; only the id is read, so events naming it are not flagged too.
            var id: String?
            if let idValue = object["id"], let key = Catalog.key("id", in: .behavior(.gravity)) {
                let idPointer = pointer.appending("id")
                if check(idValue, against: key.type, key: key, name: "id", at: idPointer) {
                    id = idValue.stringValue
                } else {
                    invalid.insert(idPointer)
                }
            }
            return Behavior(pointer: pointer, id: id, kind: nil)
        }

        let checked = checkObject(object, at: pointer, as: .behavior(type))
        let kind: Behavior.Kind
        switch type {
        case .gravity:
            kind = .gravity(
                GravityBehavior(
                    pointer: pointer, items: checked.references("items"), direction: checked.vector("direction"),
                    angle: checked.number("angle"), magnitude: checked.number("magnitude")))
        case .collision:
            kind = .collision(decodeCollision(checked))
        case .attachment:
            kind = .attachment(decodeAttachment(checked))
        case .snap:
            kind = .snap(
                SnapBehavior(
                    pointer: pointer, item: checked.reference("item"), point: checked.vector("point"),
                    damping: checked.number("damping"), pin: pin(checked)))
        case .push:
            kind = .push(
                PushBehavior(
                    pointer: pointer, items: checked.references("items"),
                    mode: checked.enumeration("mode", as: PushMode.self),
                    direction: checked.vector("direction"), angle: checked.number("angle"),
                    magnitude: checked.number("magnitude"), active: checked.bool("active"),
                    offset: checked.vector("offset")))
        case .dynamicItem:
            kind = .dynamicItem(decodeDynamicItem(checked))
        case .field:
            kind = .field(decodeField(checked))
        }
        return Behavior(pointer: pointer, id: checked.string("id"), kind: kind)
    }

    private func decodeCollision(_ checked: CheckedObject) -> CollisionBehavior {
        let pointer = checked.pointer
        var collision = CollisionBehavior(
            pointer: pointer, items: checked.references("items"),
            mode: checked.enumeration("mode", as: CollisionMode.self),
            translatesReferenceBoundsIntoBoundary: checked.bool("translatesReferenceBoundsIntoBoundary") ?? false)
        if let insets = checked.value("insets")?.objectValue {
            let insetsPointer = pointer.appending("insets")
            let sides = checkObject(insets, at: insetsPointer, as: .insets)
            collision.insets = Insets(pointer: insetsPointer, given: sides.number)
        }
        if let boundaries = checked.value("boundaries")?.arrayValue {
            let listPointer = pointer.appending("boundaries")
            for (index, value) in boundaries.enumerated() {
                let boundaryPointer = listPointer.appending(index)
                guard let object = value.objectValue else {
                    typeMismatch(
                        value, expected: "a boundary object {\"id\", \"from\", \"to\"} or {\"id\", \"path\"}",
                        name: "each boundary", at: boundaryPointer)
                    invalid.insert(boundaryPointer)
                    continue
                }
                var boundary = Boundary(pointer: boundaryPointer)
                // A path under its UIKit name (`forPath`) makes a path boundary too: its rename is the one fix.
                let pathUIKitName = Catalog.key("path", in: .pathBoundary)?.uiKitName
                let misnamedPath =
                    object["from"] == nil && object["to"] == nil && pathUIKitName.map { object[$0] != nil } == true
                if object["path"] != nil || misnamedPath {
                    let path = checkObject(object, at: boundaryPointer, as: .pathBoundary)
                    boundary.id = path.string("id")
                    boundary.shape = path.points("path").map { .path($0) }
                    boundary.pin = pin(path)
                } else {
                    let segment = checkObject(object, at: boundaryPointer, as: .segmentBoundary)
                    boundary.id = segment.string("id")
                    boundary.pin = pin(segment)
                    if let from = segment.vector("from"), let to = segment.vector("to") {
                        boundary.shape = .segment(from: from, to: to)
                    }
                }
                collision.boundaries.append(boundary)
            }
        }
        return collision
    }

    private func decodeAttachment(_ checked: CheckedObject) -> AttachmentBehavior {
        let pointer = checked.pointer
        let attachment = AttachmentBehavior(
            pointer: pointer, item: checked.reference("item"), offset: checked.vector("offset"),
            anchor: checked.vector("anchor"),
            attachedTo: checked.reference("attachedTo"), attachedOffset: checked.vector("attachedOffset"),
            kind: checked.enumeration("kind", as: AttachmentKind.self), length: checked.number("length"),
            damping: checked.number("damping"), frequency: checked.number("frequency"),
            frictionTorque: checked.number("frictionTorque"), range: checked.interval("range"),
            axis: checked.vector("axis"), pin: pin(checked))
        // The per-kind keys, when the kind is known (absent is distance; an invalid kind was reported already).
        guard checked.object["kind"] == nil || attachment.kind != nil else { return attachment }
        let kind = attachment.resolvedKind.rawValue
        let kindText =
            checked.object["kind"] == nil
            ? "this attachment is \"distance\" (the default)" : "this attachment is \"\(kind)\""
        for (name, _) in checked.object.members {
            guard let key = checked.description.key(name), !key.applies(toKind: kind), let kinds = key.kinds else {
                continue
            }
            let keyPointer = pointer.appending(name)
            let range = document.keyRange(of: keyPointer)
            let message: String
            if name == "anchor" {
                message =
                    "a \(kind) attachment joins two items and takes no anchor; use attachedTo, or kind \"distance\" or \"sliding\" for a fixed anchor"
            } else {
                message =
                    "\(name) applies only to \(kindList(kinds)) attachments; \(kindText): remove \(name) or change kind"
            }
            report("attachment.kindKey", message, range, fixes: kindKeyFixes(name, keyRange: range, checked))
        }
        // Numbers that are angles for this kind only (a pin's `range`): `scene.angleUnits` above a full turn.
        for key in checked.description.keys where key.angle != .always && key.angle?.applies(toKind: kind) == true {
            for (index, element) in (checked.value(key.name)?.arrayValue ?? []).enumerated() {
                guard let number = element.numberValue, abs(number) > AngleUse.plausibleMaximum else { continue }
                reportAngleUnits(
                    number, name: "\(key.name) \(index == 0 ? "minimum" : "maximum")",
                    at: pointer.appending(key.name).appending(index))
            }
        }
        if !document.truncatedContainers.contains(pointer) {
            for key in checked.description.keys
            where key.requiredForKinds.contains(kind) && checked.object[key.name] == nil {
                let placeholder = placeholder(for: key, in: checked.description.kind)
                report(
                    "scene.missingKey",
                    "a \(kind) attachment needs \(key.name) (\(key.type.displayName)); add \"\(key.name)\": \(placeholder)",
                    document.openingBracket(of: pointer),
                    fixes: insertion(key: key.name, value: placeholder, into: checked.object, at: pointer).map { [$0] }
                        ?? [])
            }
        }
        return attachment
    }

    /// The fixes of a key the attachment's kind does not take, each ending in a valid attachment or not
    /// offered: removing the key; for an `anchor` (a pin, fixed or limit attachment joins two items), removing
    /// it only when `attachedTo` is there (else the attachment would have neither), and changing the kind to
    /// one that takes an anchor (`distance`, or `sliding` when an `axis` is given) when every other key
    /// applies to that kind.
    private func kindKeyFixes(_ name: String, keyRange: Range<Int>, _ checked: CheckedObject) -> [Diagnostic.Fix] {
        let removal = memberRemovalRange(keyRange: keyRange).map {
            Diagnostic.Fix(title: "Remove \(name)", edits: [Diagnostic.Edit(range: $0, newText: "")])
        }
        guard name == "anchor" else { return removal.map { [$0] } ?? [] }
        var fixes: [Diagnostic.Fix] = []
        if checked.object["attachedTo"] != nil, let removal { fixes.append(removal) }
        guard checked.object["attachedTo"] == nil, checked.object["kind"]?.stringValue != nil else { return fixes }
        let kindRange = document.valueRange(of: checked.pointer.appending("kind"))
        for kind in [AttachmentKind.distance, .sliding] {
            if kind == .sliding && checked.object["axis"] == nil { continue }
            let fits = checked.object.members.allSatisfy { member in
                guard member.key != "kind", let key = checked.description.key(member.key) else { return true }
                return key.applies(toKind: kind.rawValue)
            }
            if fits {
                fixes.append(
                    replace(kindRange, with: "\"\(kind.rawValue)\"", title: "Change kind to \"\(kind.rawValue)\""))
            }
        }
        return fixes
    }

    private func decodeDynamicItem(_ checked: CheckedObject) -> DynamicItemBehavior {
        let description = checked.description
        /// A value counts as not set when it equals its default (read from the table already at hand).
        func set(_ name: String) -> Double? {
            guard let value = checked.number(name) else { return nil }
            return value == description.key(name)?.defaultValue?.numberValue ? nil : value
        }
        func setBool(_ name: String) -> Bool? {
            guard let value = checked.bool(name) else { return nil }
            return value == description.key(name)?.defaultValue?.boolValue ? nil : value
        }
        let values = Catalog.itemProperties.map { property -> DynamicItemBehavior.Value? in
            switch property.field {
            case .number: set(property.name).map(DynamicItemBehavior.Value.number)
            case .flag: setBool(property.name).map(DynamicItemBehavior.Value.flag)
            }
        }
        let velocity = checked.vector("linearVelocity")
        return DynamicItemBehavior(
            pointer: checked.pointer, items: checked.references("items"), values: values,
            linearVelocity: velocity == .zero ? nil : velocity, angularVelocity: set("angularVelocity"))
    }

    private func decodeField(_ checked: CheckedObject) -> FieldBehavior {
        let pointer = checked.pointer
        var field = FieldBehavior(
            pointer: pointer, items: checked.references("items"), kind: checked.enumeration("kind", as: FieldKind.self),
            position: checked.vector("position"), strength: checked.number("strength"),
            falloff: checked.number("falloff"),
            minimumRadius: checked.number("minimumRadius"), direction: checked.vector("direction"),
            smoothness: checked.number("smoothness"), animationSpeed: checked.number("animationSpeed"),
            pin: pin(checked))
        if let region = checked.value("region")?.objectValue {
            let regionPointer = pointer.appending("region")
            let shape = checkObject(region, at: regionPointer, as: .fieldRegion)
            if region["radius"] != nil, region["size"] != nil {
                invalid.insert(regionPointer)
            } else if let radius = shape.number("radius") {
                field.region = .radius(radius)
            } else if let size = shape.size("size") {
                field.region = .size(size)
            }
        }
        if let kind = field.kind {
            for (name, _) in checked.object.members {
                guard let key = checked.description.key(name), !key.applies(toKind: kind.rawValue),
                    let kinds = key.kinds
                else { continue }
                let range = document.keyRange(of: pointer.appending(name))
                report(
                    "field.kindKey",
                    "\(name) has no effect on a \(kind.rawValue) field; it applies only to \(kindList(kinds)) fields",
                    range,
                    fixes: memberRemovalRange(keyRange: range).map {
                        [Diagnostic.Fix(title: "Remove \(name)", edits: [Diagnostic.Edit(range: $0, newText: "")])]
                    } ?? [])
            }
        }
        return field
    }

    func kindList(_ kinds: [String]) -> String {
        switch kinds.count {
        case 0: ""
        case 1: kinds[0]
        default: kinds.dropLast().joined(separator: ", ") + " and " + kinds.last!
        }
    }
}
