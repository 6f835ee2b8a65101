import JSON

// Linting a version of a document that differs from the previous one by one edit inside one element of `items`
// or `behaviors` (what the language server sees as someone types a number), in a fraction of a full lint.
//
// Design: `JSONDocument.reparsing` records the edit (`splice`). When the edit changes no id (the element's id,
// its behavior type and its boundaries' ids are as before), the decoding context is unchanged, so only the
// edited element is decoded again; the other decoding diagnostics move with the text. The semantic rules run by
// family: a family that cannot see the change (it reads nothing the change touched, per `affects`) keeps its
// diagnostics, moved with the text; the others run on the new scene. A diagnostic that overlaps the edit
// cannot be moved: its family runs again (or, for decoding, the whole document is linted).
//
// Anything else (an edit of an event, of the top level, of ids, of an element's JSON type; a document with a
// syntax error before or after) lints the whole document. A seeded differential test compares the result with a
// full lint over thousands of random edits.

extension Linter {
    /// Lints `document`; when it is `previous.document` after one re-parsed edit that changes no id, reuses what
    /// the edit cannot have changed. The result is the same as `lint(document:fileName:)`.
    ///
    /// `previous` is consumed: when nothing else holds its scene, the edited element is written into the scene's
    /// arrays in place (see `relint`).
    package static func lint(
        document: JSONDocument, fileName: String? = nil, previous: consuming LintResult?
    ) -> LintResult {
        if let previous = consume previous,
            let result = relint(document, after: consume previous, fileName: fileName)
        {
            return result
        }
        return lint(document: document, fileName: fileName)
    }

    /// The incremental path; nil when it does not apply.
    ///
    /// The new scene is `previous`'s with one element replaced. `previous` gives up its scene first, so that when
    /// the caller held the only other reference (the language server hands over the version it replaces), the
    /// items and behaviors arrays are uniquely held and the element is replaced in place: copying 5,000
    /// behaviors, each with its references retained, and freeing the old array later cost more than the rest of
    /// a small edit's lint.
    static func relint(_ document: JSONDocument, after previous: consuming LintResult, fileName: String?) -> LintResult?
    {
        guard let splice = document.splice, let parts = previous.parts, previous.scene != nil,
            previous.isComplete, document.isValid, previous.document.bytes.count + splice.delta == document.bytes.count,
            splice.pointer.segments.count >= 2, case .key(let list) = splice.pointer.segments[0],
            case .index(let position) = splice.pointer.segments[1]
        else { return nil }
        let element = JSONPointer(Array(splice.pointer.segments.prefix(2)))
        guard let oldValue = previous.document.root?.objectValue?[list]?.arrayValue?[safe: position],
            let newValue = document.root?.objectValue?[list]?.arrayValue?[safe: position],
            IdContribution(oldValue) == IdContribution(newValue)
        else { return nil }
        let oldRange = previous.document.valueRange(of: element)
        guard
            let decoded = SceneDecoder.decodeElement(document, at: element, context: parts.context, fileName: fileName)
        else { return nil }
        var scene = previous.scene!
        previous.scene = nil

        // The new model, and what changed in it.
        let change: Change
        var itemBefore: (slot: Int, item: Item)?
        switch list {
        case "items":
            guard let item = decoded.item, let slot = slot(of: element, at: position, in: scene.items, \.pointer) else {
                return nil
            }
            change = .item
            itemBefore = (slot, scene.items[slot])
            scene.items[slot] = item
        case "behaviors":
            guard let behavior = decoded.behavior,
                let slot = slot(of: element, at: position, in: scene.behaviors, \.pointer),
                let behaviorChange = Change(
                    old: scene.behaviors[slot], new: behavior, oldValue: oldValue, newValue: newValue)
            else { return nil }
            change = behaviorChange
            scene.behaviors[slot] = behavior
        default:
            return nil
        }
        scene.invalid = scene.invalid.filter { !$0.segments.starts(with: element.segments) }.union(decoded.invalid)

        // Decoding: the other elements' diagnostics move with the text; json.* are the new document's.
        var decoding: [Diagnostic] = SceneDecoder.jsonDiagnostics(document)
        for diagnostic in parts.decoding where !diagnostic.code.hasPrefix("json.") {
            if diagnostic.range.lowerBound >= oldRange.lowerBound && diagnostic.range.upperBound <= oldRange.upperBound
            {
                continue
            }
            guard let moved = diagnostic.moved(by: splice) else { return nil }
            decoding.append(moved)
        }
        decoding += decoded.diagnostics

        // Semantic rules: the families the change can affect run again; the others keep their diagnostics.
        var families = parts.families
        var conflictItems = parts.conflictItems
        var rerun = Set(SemanticRules.Family.allCases.filter { change.affects($0) })
        // A dynamicItem behavior whose items are as before: only the conflicts of its items can change. The other
        // items' conflicts move with the text, and those of its items are checked again.
        var recheckedItems: [Int]?
        var keptConflicts: [(item: Int, diagnostic: Diagnostic)] = []
        let dynamicItem = SemanticRules.Family.dynamicItem.rawValue
        if case .behavior(type: .dynamicItem, referencesChanged: false, anchoredChanged: _) = change,
            rerun.contains(.dynamicItem),
            conflictItems.count == families[dynamicItem].count,
            let slot = slot(of: element, at: position, in: scene.behaviors, \.pointer)
        {
            let items = parts.tables.itemTargets[
                parts.tables.itemTargetStarts[slot]..<parts.tables.itemTargetStarts[slot + 1]
            ].filter { $0 >= 0 }.map(Int.init)
            let rechecked = Set(items)
            var moved = true
            for (item, diagnostic) in zip(conflictItems, families[dynamicItem]) where !rechecked.contains(item) {
                guard let shifted = diagnostic.moved(by: splice) else {
                    moved = false
                    break
                }
                keptConflicts.append((item, shifted))
            }
            if moved {
                recheckedItems = items
                rerun.remove(.dynamicItem)
            }
        }
        for family in SemanticRules.Family.allCases
        where !rerun.contains(family) && !(family == .dynamicItem && recheckedItems != nil) {
            var moved: [Diagnostic] = []
            moved.reserveCapacity(families[family.rawValue].count)
            for diagnostic in families[family.rawValue] {
                guard let shifted = diagnostic.moved(by: splice) else { break }
                moved.append(shifted)
            }
            if moved.count == families[family.rawValue].count {
                families[family.rawValue] = moved
            } else {
                rerun.insert(family)
            }
        }
        // The ids are unchanged; so are the item references unless the change says otherwise.
        var tables: SceneIndex.Tables? = change.keepsReferences ? parts.tables : nil
        let context = RuleContext(scene: scene, document: document, isComplete: true)
        // An item moved or reshaped: only its own geometry and that of the items it meets are checked again.
        let geometry = SemanticRules.Family.geometry.rawValue
        if let itemBefore, let known = tables, rerun.contains(.geometry),
            let rechecked = GeometryRules.recheck(
                SceneIndex(context, tables: known), changed: itemBefore.slot, old: itemBefore.item,
                previous: families[geometry], previousDocument: previous.document, splice: splice)
        {
            families[geometry] = rechecked
            rerun.remove(.geometry)
        }
        if !rerun.isEmpty || tables == nil {
            let fresh = SemanticRules.checkFamilies(context, only: rerun.contains, tables: tables)
            for family in rerun { families[family.rawValue] = fresh.families[family.rawValue] }
            if rerun.contains(.dynamicItem) { conflictItems = fresh.conflictItems }
            tables = fresh.tables
        }
        if let recheckedItems {
            // Both lists are in item order and hold different items: merged, they are in the order a full check
            // gives.
            let fresh = DynamicItemRules.conflicts(SceneIndex(context, tables: tables), items: recheckedItems)
            var merged: [(item: Int, diagnostic: Diagnostic)] = []
            merged.reserveCapacity(keptConflicts.count + fresh.count)
            var k = 0
            for conflict in fresh {
                while k < keptConflicts.count && keptConflicts[k].item < conflict.item {
                    merged.append(keptConflicts[k])
                    k += 1
                }
                merged.append(conflict)
            }
            merged += keptConflicts[k...]
            families[dynamicItem] = merged.map(\.diagnostic)
            conflictItems = merged.map(\.item)
        }

        let diagnostics = sorted(decoding + families.joined())
        return LintResult(
            document: document, scene: scene, diagnostics: diagnostics, isComplete: true,
            parts: LintResult.Parts(
                decoding: decoding, families: families, context: parts.context, tables: tables!,
                conflictItems: conflictItems))
    }

    /// The index of the model element decoded from `pointer` (`/items/N` or `/behaviors/N`): usually `position`,
    /// unless elements before it were left out of the model.
    private static func slot<Element>(
        of pointer: JSONPointer, at position: Int, in elements: [Element],
        _ elementPointer: KeyPath<Element, JSONPointer>
    ) -> Int? {
        if elements.indices.contains(position), elements[position][keyPath: elementPointer] == pointer {
            return position
        }
        return elements.lastIndex { $0[keyPath: elementPointer] == pointer }
    }

    /// What an edited element gives to the decoding context: the ids (and a behavior's type) that decoding
    /// gathers before decoding any element. Equal before and after an edit: the context is unchanged.
    private struct IdContribution: Equatable {
        var type: JSONValue?
        var ids: [[UInt8]]

        init(_ value: JSONValue) {
            let object = value.objectValue
            type = object?["type"]
            var ids: [[UInt8]] = []
            if let id = object?["id"] { ids.append(id.stringValue.map { Array($0.utf8) } ?? [0xFF]) }
            for boundary in object?["boundaries"]?.arrayValue ?? [] {
                if let id = boundary.objectValue?["id"] { ids.append(id.stringValue.map { Array($0.utf8) } ?? [0xFF]) }
            }
            self.ids = ids
            // Whether it is an object at all matters too.
            if object == nil { self.ids.append([0xFE]) }
        }
    }

    /// What changed in the model when one element changed without changing ids, and which rule families can see it.
    private enum Change {
        /// An item (its id unchanged): only its shape and place can differ.
        case item
        /// A behavior of a known type (type and id unchanged).
        case behavior(type: BehaviorType, referencesChanged: Bool, anchoredChanged: Bool)

        init?(old: Behavior, new: Behavior, oldValue: JSONValue, newValue: JSONValue) {
            guard let oldKind = old.kind, let newKind = new.kind, oldKind.type == newKind.type else { return nil }
            let sameReferences =
                old.itemReferences.count == new.itemReferences.count
                && zip(old.itemReferences, new.itemReferences).allSatisfy { $0 == $1 }
            // What `behavior.empty` reads: the raw `items` array's length.
            let sameItemsArray =
                oldValue.objectValue?["items"]?.arrayValue?.count == newValue.objectValue?["items"]?.arrayValue?.count
                && (oldValue.objectValue?["items"] == nil) == (newValue.objectValue?["items"] == nil)
            var anchoredChanged = false
            if case .dynamicItem(let a) = oldKind, case .dynamicItem(let b) = newKind {
                anchoredChanged = a.anchored != b.anchored
            }
            self = .behavior(
                type: newKind.type, referencesChanged: !sameReferences || !sameItemsArray,
                anchoredChanged: anchoredChanged)
        }

        /// Whether every behavior's item references are as before (then the index's id tables still hold).
        var keepsReferences: Bool {
            switch self {
            case .item: true
            case .behavior(_, let referencesChanged, _): !referencesChanged
            }
        }

        func affects(_ family: SemanticRules.Family) -> Bool {
            switch self {
            case .item:
                // Ids are unchanged: only the shapes (geometry) and positions can differ; `event.noAnchor`'s fix
                // (attachments) anchors where the other item stands.
                return family == .geometry || family == .attachment
            case .behavior(let type, let referencesChanged, let anchoredChanged):
                switch family {
                case .identity, .reference: return referencesChanged
                case .attachment: return type == .attachment || type == .snap
                case .gravity: return type == .gravity
                case .dynamicItem: return type == .dynamicItem
                case .collision: return type == .collision
                case .geometry:
                    return type == .collision || (type == .dynamicItem && (anchoredChanged || referencesChanged))
                case .push: return type == .push
                case .event: return false
                case .contact: return type == .collision || referencesChanged
                }
            }
        }
    }
}

extension Diagnostic {
    /// The same diagnostic in the text after `splice`; nil when one of its ranges overlaps the edit.
    func moved(by splice: JSONDocument.Splice) -> Diagnostic? {
        guard let range = splice.moved(range) else { return nil }
        var moved = self
        moved.range = range
        for index in related.indices {
            guard let relatedRange = splice.moved(related[index].range) else { return nil }
            moved.related[index].range = relatedRange
        }
        for fix in fixes.indices {
            for edit in fixes[fix].edits.indices {
                guard let editRange = splice.moved(fixes[fix].edits[edit].range) else { return nil }
                moved.fixes[fix].edits[edit].range = editRange
            }
        }
        return moved
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
