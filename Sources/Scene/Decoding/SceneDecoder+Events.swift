import JSON

// Events: `at` or `on`, and exactly one action. A `set` event's `values` are checked against the live keys of
// the behavior it names (found by id among the behaviors of the list and of events' `add`s): a key of that
// behavior that cannot change live is `event.notLive`, any other key `scene.unknownKey`. A `pan` names an
// attachment or a snap (another type is `event.notLive`: its anchor cannot be panned).
extension SceneDecoder {
    func decodeEvent(_ value: JSONValue, at pointer: JSONPointer) -> Event? {
        guard let object = value.objectValue else {
            typeMismatch(value, expected: "an event object {\"at\", ...}", name: "each event", at: pointer)
            return nil
        }
        let checked = checkObject(object, at: pointer, as: .event)
        var event = Event(pointer: pointer, at: checked.number("at"), once: checked.bool("once") ?? false)
        if let on = checked.value("on")?.objectValue {
            event.on = decodeReaction(on, at: pointer.appending("on"))
        }
        let actions = ["set", "add", "remove", "pan"].filter { object[$0] != nil }
        var values = LiveValues(pointer: pointer.appending("values"))
        if let valuesObject = checked.value("values")?.objectValue {
            values = decodeLiveValues(valuesObject, at: pointer.appending("values"), target: object["set"]?.stringValue)
        }
        guard actions.count == 1 else { return event }
        switch actions[0] {
        case "set":
            if let target = checked.reference("set") { event.action = .set(target, values) }
        case "add":
            if let added = checked.value("add"), let behavior = decodeBehavior(added, at: pointer.appending("add")) {
                event.action = .add(behavior)
            }
        case "pan":
            if let target = checked.reference("pan"), let pan = decodePan(checked, target: target) {
                event.action = .pan(target, pan)
            }
        default:
            if let target = checked.reference("remove") { event.action = .remove(target) }
        }
        return event
    }

    private func decodePan(_ checked: CheckedObject, target: Reference) -> Pan? {
        let types = behaviorTypesById[target.id.exactId] ?? []
        if !types.isEmpty, !types.contains(where: { $0 == .attachment || $0 == .snap }) {
            let range = document.valueRange(of: target.pointer)
            invalid.insert(target.pointer)
            report(
                "event.notLive",
                "pan moves an attachment's anchor or a snap's point; \(Wording.quoted(target.id)) is a \(types[0].rawValue) behavior, which has neither",
                range)
            return nil
        }
        guard let path = checked.points("path"), let duration = checked.number("duration") else { return nil }
        if path.count < Catalog.key("path", in: .event)?.minimumCount ?? 1 {
            let pathPointer = checked.pointer.appending("path")
            invalid.insert(pathPointer)
            report(
                "scene.type", "path of a pan must hold at least one point [x, y]; add the points the finger passes",
                document.valueRange(of: pathPointer))
            return nil
        }
        return Pan(path: path, duration: duration)
    }

    /// A reaction's `on`: `{"contactBegan" | "contactEnded": {"item", "with"}}`.
    private func decodeReaction(_ object: JSONObject, at pointer: JSONPointer) -> ContactTrigger {
        let checked = checkObject(object, at: pointer, as: .reaction)
        let ended = object["contactBegan"] == nil && object["contactEnded"] != nil
        let name = ended ? "contactEnded" : "contactBegan"
        var filter: ContactFilter?
        if object["contactBegan"] == nil || object["contactEnded"] == nil,
            let pair = checked.value(name)?.objectValue
        {
            filter = decodeContactFilter(pair, at: pointer.appending(name))
        }
        return ContactTrigger(pointer: pointer, ended: ended, filter: filter)
    }

    /// A contact pair `{"item": id, "with": {"item": id} | {"boundary": id | null}}`; nil when it is invalid.
    func decodeContactFilter(_ object: JSONObject, at pointer: JSONPointer) -> ContactFilter? {
        let checked = checkObject(object, at: pointer, as: .contactFilter)
        guard let item = checked.reference("item"), let with = checked.value("with")?.objectValue,
            let partner = decodeContactPartner(with, at: pointer.appending("with"))
        else { return nil }
        return ContactFilter(pointer: pointer, item: item, partner: partner)
    }

    /// A contact pair's `with`, nil when it is invalid (or has both or neither key, reported).
    func decodeContactPartner(_ object: JSONObject, at pointer: JSONPointer) -> ContactFilter.Partner? {
        let checked = checkObject(object, at: pointer, as: .contactPartner)
        guard (object["item"] == nil) != (object["boundary"] == nil) else { return nil }
        if let item = checked.reference("item") { return .item(item) }
        guard let boundary = checked.value("boundary") else { return nil }
        return .boundary(boundary.stringValue, pointer: pointer.appending("boundary"))
    }

    private func decodeLiveValues(_ object: JSONObject, at pointer: JSONPointer, target: String?) -> LiveValues {
        var types: [BehaviorType] = []
        for type in target.flatMap({ behaviorTypesById[$0.exactId] }) ?? [] where !types.contains(type) {
            types.append(type)
        }
        // Unknown or ambiguous target: any behavior's live keys are acceptable.
        let candidates = types.isEmpty ? BehaviorType.allCases : types
        let liveKeys = candidates.flatMap(Catalog.liveKeys(of:))
        let description: ObjectDescription =
            types.count == 1 && Catalog.liveTypes.contains(types[0])
            ? Catalog.object(.liveValues(types[0]))
            : ObjectDescription(.liveValues(.gravity), keys: uniqueByName(liveKeys))
        let targetName = types.count == 1 ? "a \(types[0].rawValue) behavior" : "the behavior it sets"

        var checked = CheckedObject(object: object, pointer: pointer, description: description)
        let keepsOutOfRange = keepsOutOfRangeNumbers
        keepsOutOfRangeNumbers = description.kind.keepsOutOfRangeNumbers
        defer { keepsOutOfRangeNumbers = keepsOutOfRange }
        var keys: [String] = []
        var seen: Set<String> = []
        for (name, value) in object.members where seen.insert(name).inserted {
            let memberPointer = pointer.appending(name)
            if name == Catalog.commentKey.name {
                let key = Catalog.commentKey
                if !check(value, against: key.type, key: key, name: name, at: memberPointer) {
                    invalid.insert(memberPointer)
                }
            } else if let key = liveKeys.first(where: { $0.name == name }) {
                keys.append(name)
                if check(value, against: key.type, key: key, name: name, at: memberPointer) {
                    checked.markValid(name)
                } else {
                    invalid.insert(memberPointer)
                }
            } else if candidates.contains(where: { Catalog.key(name, in: .behavior($0)) != nil }), name != "type",
                name != "id"
            {
                invalid.insert(memberPointer)
                let live = uniqueByName(liveKeys).map(\.name)
                report(
                    "event.notLive",
                    "\(name) of \(targetName) cannot change while the scene runs; remove the behavior and add a new one with the new \(name)"
                        + (live.isEmpty ? "" : " (live: \(live.joined(separator: ", ")))"),
                    document.keyRange(of: memberPointer))
            } else if let meant = liveKeys.first(where: { $0.uiKitName == name && !Catalog.allKeyNames.contains(name) })
            {
                invalid.insert(memberPointer)
                reportUIKitName(
                    name, meaning: meant.name, at: document.keyRange(of: memberPointer), in: description,
                    present: Set(object.keys))
            } else {
                invalid.insert(memberPointer)
                let range = document.keyRange(of: memberPointer)
                let live = uniqueByName(liveKeys).map(\.name).filter { object[$0] == nil }
                let suggestion = nearest(name, in: live)
                var message = "\(name) is not a property \(targetName) can change live"
                if let suggestion {
                    message += "; did you mean \(suggestion)?"
                } else if !live.isEmpty {
                    message += "; it can change \(live.joined(separator: ", "))"
                }
                report(
                    "scene.unknownKey", message, range,
                    fixes: suggestion.map { [replace(range, with: jsonString($0), title: "Replace with '\($0)'")] }
                        ?? [])
            }
        }
        let present = ObjectDescription(description.kind, keys: [], exclusions: description.exclusions)
        checkPresence(of: present, in: object, at: pointer)
        return LiveValues(
            pointer: pointer, keys: keys, anchor: checked.vector("anchor"), length: checked.number("length"),
            damping: checked.number("damping"), frequency: checked.number("frequency"), point: checked.vector("point"),
            active: checked.bool("active"), direction: checked.vector("direction"), angle: checked.number("angle"),
            magnitude: checked.number("magnitude"),
            items: checked.value("items") != nil ? checked.references("items") : nil)
    }

    private func uniqueByName(_ keys: [Key]) -> [Key] {
        var seen: Set<String> = []
        return keys.filter { seen.insert($0.name).inserted }
    }
}
