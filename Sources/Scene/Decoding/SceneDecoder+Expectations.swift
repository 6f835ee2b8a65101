import JSON

// The top-level `expect` array: each entry's keys are checked against the one expectation table; its `type`
// decides which keys it needs (`scene.missingKey`) and which it takes (another type's key is
// `scene.unknownKey`, saying which types take it). Whether an expectation holds is the simulation's business
// (`SimulationDiagnostics`, `expect.failed`).
extension SceneDecoder {
    func decodeExpectation(_ value: JSONValue, at pointer: JSONPointer) -> Expectation? {
        guard let object = value.objectValue else {
            typeMismatch(
                value, expected: "an expectation object {\"type\", ...}", name: "each element of expect", at: pointer)
            return nil
        }
        let checked = checkObject(object, at: pointer, as: .expectation)
        var expectation = Expectation(pointer: pointer, pin: pin(checked))
        guard let type = checked.enumeration("type", as: ExpectationType.self) else { return expectation }

        var complete = true
        for (name, _) in object.members {
            guard let key = checked.description.key(name), !key.applies(toKind: type.rawValue), let kinds = key.kinds
            else { continue }
            complete = false
            let range = document.keyRange(of: pointer.appending(name))
            report(
                "scene.unknownKey",
                "\(name) is not a key of a \(type.rawValue) expectation; it belongs with \(kindList(kinds))",
                range,
                fixes: memberRemovalRange(keyRange: range).map {
                    [Diagnostic.Fix(title: "Remove \(name)", edits: [Diagnostic.Edit(range: $0, newText: "")])]
                } ?? [])
        }
        if !document.truncatedContainers.contains(pointer) {
            for key in checked.description.keys
            where key.requiredForKinds.contains(type.rawValue) && object[key.name] == nil {
                complete = false
                let placeholder = placeholder(for: key, in: .expectation)
                report(
                    "scene.missingKey",
                    "a \(type.rawValue) expectation needs \(key.name) (\(key.type.displayName)); add \"\(key.name)\": \(placeholder)",
                    document.openingBracket(of: pointer),
                    fixes: insertion(key: key.name, value: placeholder, into: object, at: pointer).map { [$0] } ?? [])
            }
        }
        var filter: ContactFilter?
        if let with = checked.value("with")?.objectValue, let item = checked.reference("item"),
            let partner = decodeContactPartner(with, at: pointer.appending("with"))
        {
            filter = ContactFilter(pointer: pointer, item: item, partner: partner)
        }
        guard complete else { return expectation }
        let item = checked.reference("item")
        let by = checked.number("by")
        switch type {
        case .rests:
            if let item, let by { expectation.kind = .rests(item: item, by: by) }
        case .near:
            if let item, let by, let point = checked.vector("point"), let within = checked.number("within"),
                object["angleWithin"] == nil || checked.number("angleWithin") != nil
            {
                expectation.kind = .near(
                    item: item, point: point, within: within, by: by, angleWithin: checked.number("angleWithin"))
            }
        case .contact:
            if let filter, let before = checked.number("before") { expectation.kind = .contact(filter, before: before) }
        case .noContact:
            if let filter { expectation.kind = .noContact(filter) }
        case .pauses:
            if let by { expectation.kind = .pauses(by: by) }
        }
        return expectation
    }
}
