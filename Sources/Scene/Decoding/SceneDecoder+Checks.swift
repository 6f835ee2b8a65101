import JSON

// The catalog-driven checks of one object and its values: unknown and missing keys, exclusions, JSON types,
// enumerations, finiteness and ranges.
extension SceneDecoder {
    /// Checks an object's members against its kind's table and returns the valid ones.
    /// `unknownKeyCheck: false` skips unknown-key reports (the caller checks keys itself).
    func checkObject(
        _ object: JSONObject, at pointer: JSONPointer, as kind: ObjectKind, unknownKeyCheck: Bool = true
    ) -> CheckedObject {
        checkObject(object, at: pointer, as: Catalog.object(kind), unknownKeyCheck: unknownKeyCheck)
    }

    func checkObject(
        _ object: JSONObject, at pointer: JSONPointer, as description: ObjectDescription, unknownKeyCheck: Bool = true
    ) -> CheckedObject {
        var checked = CheckedObject(object: object, pointer: pointer, description: description)
        let members = object.members
        // A behavior's number outside its range is reported and still kept in the model, so that the rules
        // across behaviors (dynamicItem.conflict, attachment.undamped…) judge it in the same run. Nothing runs
        // or generates a scene with an error, so the value never reaches the engine. Items, the view, the
        // preview and events keep out-of-range numbers out: the timeline and the shapes must stay computable.
        let keepsOutOfRange = keepsOutOfRangeNumbers
        keepsOutOfRangeNumbers = description.kind.keepsOutOfRangeNumbers
        defer { keepsOutOfRangeNumbers = keepsOutOfRange }
        for position in members.indices {
            let key = members[position].key
            // jansson keeps one member per key; an object built otherwise is read at the key's first member.
            if position > 0, members[..<position].contains(where: { $0.key == key }) { continue }
            guard let index = description.index(of: key) else {
                // The present keys only matter for an unknown key (suggestions): built then, not per object.
                if unknownKeyCheck {
                    reportUnknownKey(key, at: pointer.appending(key), in: description, present: Set(object.keys))
                }
                continue
            }
            let info = description.keys[index]
            if check(members[position].value, against: info.type, key: info, name: key, at: pointer.appending(key)) {
                checked.markValid(keyAt: index)
            } else {
                invalid.insert(pointer.appending(key))
            }
        }
        checkPresence(of: description, in: object, at: pointer)
        return checked
    }

    /// Missing required keys, exclusions and "one of these keys" for an object.
    func checkPresence(of description: ObjectDescription, in object: JSONObject, at pointer: JSONPointer) {
        // Which of the table's keys the object has, by index (tables have at most 64 keys).
        var present: UInt64 = 0
        var hasOthers = false
        // The keys that a UIKit name stands for (`fromPoint` for `from`): that key is reported as misnamed, and
        // the rename is its fix, so it does not count as missing too. One mistake, one diagnostic.
        var misnamed: UInt64 = 0
        for member in object.members {
            if let index = description.index(of: member.key), index < 64 {
                present |= 1 << UInt64(index)
            } else {
                hasOthers = true
                if !Catalog.allKeyNames.contains(member.key),
                    let meant = description.keys.firstIndex(where: { $0.uiKitName == member.key }), meant < 64
                {
                    misnamed |= 1 << UInt64(meant)
                }
            }
        }
        func has(_ name: String) -> Bool {
            if let index = description.index(of: name), index < 64 { return present & (1 << UInt64(index)) != 0 }
            return hasOthers && object[name] != nil
        }
        func hasOrMisnamed(_ name: String) -> Bool {
            if let index = description.index(of: name), index < 64, misnamed & (1 << UInt64(index)) != 0 {
                return true
            }
            return has(name)
        }
        let truncated = !document.truncatedContainers.isEmpty && document.truncatedContainers.contains(pointer)
        if !truncated {
            for (index, key) in description.keys.enumerated()
            where index >= 64 || (present | misnamed) & (1 << UInt64(index)) == 0 {
                if key.isRequired || key.requiredWith.map(hasOrMisnamed) == true {
                    reportMissingKey(key, in: description, object: object, at: pointer)
                }
            }
        }
        for exclusion in description.exclusions {
            for a in exclusion.keys where has(a) {
                for b in exclusion.excludes where has(b) {
                    let rangeA = document.keyRange(of: pointer.appending(a))
                    let rangeB = document.keyRange(of: pointer.appending(b))
                    let (earlier, later, laterRange, earlierRange) =
                        rangeA.lowerBound < rangeB.lowerBound
                        ? (a, b, rangeB, rangeA) : (b, a, rangeA, rangeB)
                    report(
                        "scene.exclusiveKeys", "\(later) cannot be given with \(earlier): \(exclusion.advice)",
                        laterRange,
                        related: [Diagnostic.Related(message: "\(earlier) is given here", range: earlierRange)],
                        fixes: memberRemovalRange(keyRange: laterRange).map {
                            [Diagnostic.Fix(title: "Remove \(later)", edits: [Diagnostic.Edit(range: $0, newText: "")])]
                        } ?? [])
                }
            }
        }
        for names in description.requiredGroups where !truncated && !names.contains(where: hasOrMisnamed) {
            let list =
                names.count == 2
                ? "\(names[0]) or \(names[1])" : names.dropLast().joined(separator: ", ") + " or " + names.last!
            report(
                "scene.exclusiveKeys", "\(description.kind.displayName) needs one of \(list); none is given",
                document.openingBracket(of: pointer))
        }
    }

    // MARK: - Keys

    func reportUnknownKey(
        _ key: String, at pointer: JSONPointer, in description: ObjectDescription, present: Set<String>
    ) {
        let range = document.keyRange(of: pointer)
        if let meant = Catalog.key(forUIKitName: key, in: description.kind) {
            reportUIKitName(key, meaning: meant.name, at: range, in: description, present: present)
            return
        }
        let owners = Catalog.kinds(defining: key).filter { $0 != description.kind }
        let available = description.keyNames.filter { !present.contains($0) }
        let suggestion = nearest(key, in: available)
        var message = "\(key) is not a key of \(description.kind.displayName)"
        if !owners.isEmpty {
            message += "; it belongs in " + owners.prefix(3).map(\.displayName).joined(separator: ", ")
        }
        if let suggestion {
            message += owners.isEmpty ? "; did you mean \(suggestion)?" : " (did you mean \(suggestion)?)"
        } else if owners.isEmpty {
            message += "; remove it"
        }
        var fixes: [Diagnostic.Fix] = []
        if let suggestion {
            fixes.append(replace(range, with: jsonString(suggestion), title: "Replace with '\(suggestion)'"))
        }
        report("scene.unknownKey", message, range, fixes: fixes)
    }

    /// An unknown key that is UIKit's name for a key of this object (`snapPoint` for a snap's `point`):
    /// `scene.unknownKey`, naming the key meant, with a rename unless that key is given already.
    func reportUIKitName(
        _ key: String, meaning meant: String, at range: Range<Int>, in description: ObjectDescription,
        present: Set<String>
    ) {
        var message =
            "\(key) is UIKit's name; in \(description.kind.displayName) the key is \(meant)"
        var fixes: [Diagnostic.Fix] = []
        if present.contains(meant) {
            message += " (given already: remove \(key))"
        } else {
            message += "; rename it"
            fixes.append(replace(range, with: jsonString(meant), title: "Rename to '\(meant)'"))
        }
        report("scene.unknownKey", message, range, fixes: fixes)
    }

    func reportMissingKey(_ key: Key, in description: ObjectDescription, object: JSONObject, at pointer: JSONPointer) {
        let brace = document.openingBracket(of: pointer)
        var message = "\(description.kind.displayName) needs \(key.name) (\(key.type.displayName))"
        if let with = key.requiredWith {
            message = "\(description.kind.displayName) with \(with) needs \(key.name) (\(key.type.displayName))"
        }
        let placeholder = placeholder(for: key, in: description.kind)
        report(
            "scene.missingKey", message + "; add \"\(key.name)\": \(placeholder)", brace,
            fixes: insertion(key: key.name, value: placeholder, into: object, at: pointer).map { [$0] } ?? [])
    }

    // MARK: - Values

    /// Checks one value against a type; reports what is wrong and returns whether it is usable.
    func check(
        _ value: JSONValue, against type: ValueType, key: Key, name: String,
        at pointerValue: @autoclosure () -> JSONPointer
    ) -> Bool {
        // The pointer is built only for a report or a nested value: most values pass.
        var pointer: JSONPointer { pointerValue() }
        switch type {
        case .number, .integer:
            return checkNumber(value, key: key, range: key.range, name: name, at: pointer)
        case .string, .reference:
            guard value.stringValue != nil else {
                return typeMismatch(value, expected: type.displayName, name: name, at: pointer)
            }
            return true
        case .identifier:
            guard let id = value.stringValue else {
                return typeMismatch(value, expected: type.displayName, name: name, at: pointer)
            }
            if id.isEmpty {
                let range = document.valueRange(of: pointer)
                report(
                    "scene.type", "\(name) is empty; give a non-empty id", range,
                    fixes: freshId(for: pointer).map {
                        [replace(range, with: jsonString($0), title: "Replace with '\($0)'")]
                    } ?? [])
                return false
            }
            return true
        case .boolean:
            guard value.boolValue != nil else {
                return typeMismatch(value, expected: "true or false", name: name, at: pointer)
            }
            return true
        case .null:
            guard value.isNull else { return typeMismatch(value, expected: "null", name: name, at: pointer) }
            return true
        case .references:
            guard let elements = value.arrayValue else {
                if let id = value.stringValue {
                    let range = document.valueRange(of: pointer)
                    report(
                        "scene.type",
                        "\(name) must be an array of ids, not the string \(jsonString(id)); write [\(jsonString(id))]",
                        range,
                        fixes: [replace(range, with: "[\(jsonString(id))]", title: "Wrap in [ ]")])
                    return false
                }
                return typeMismatch(value, expected: type.displayName, name: name, at: pointer)
            }
            for (index, element) in elements.enumerated() where element.stringValue == nil {
                let elementPointer = pointer.appending(index)
                typeMismatch(element, expected: "an id (a string)", name: "each element of \(name)", at: elementPointer)
                invalid.insert(elementPointer)
            }
            return true
        case .point, .vector, .size, .rangePair:
            return checkPair(value, type: type, key: key, name: name, at: pointer)
        case .enumeration(let values):
            guard let string = value.stringValue else {
                return typeMismatch(value, expected: type.displayName, name: name, at: pointer)
            }
            guard values.contains(string) else {
                reportEnum(string, values: values, name: name, at: pointer)
                return false
            }
            return true
        case .color:
            guard let string = value.stringValue else {
                return typeMismatch(value, expected: type.displayName, name: name, at: pointer)
            }
            guard RGBColor(string) != nil else {
                reportColor(string, name: name, at: pointer)
                return false
            }
            return true
        case .object:
            guard value.objectValue != nil else {
                return typeMismatch(value, expected: type.displayName, name: name, at: pointer)
            }
            return true
        case .array(let element):
            guard let elements = value.arrayValue else {
                return typeMismatch(value, expected: type.displayName, name: name, at: pointer)
            }
            switch element {
            case .object, .oneOf:
                return true  // the caller decodes each element
            default:
                var ok = true
                for (index, value) in elements.enumerated() {
                    let elementPointer = pointer.appending(index)
                    if !check(value, against: element, key: key, name: "\(name)[\(index)]", at: elementPointer) {
                        invalid.insert(elementPointer)
                        ok = false
                    }
                }
                return ok
            }
        case .oneOf(let types):
            if let string = value.stringValue, let values = type.enumerationValues {
                guard values.contains(string) else {
                    reportEnum(string, values: values, name: name, at: pointer)
                    return false
                }
                return true
            }
            if value.objectValue != nil, types.contains(where: { if case .object = $0 { true } else { false } }) {
                return true
            }
            // An id or null (a contact pair's `boundary`).
            if value.stringValue != nil, types.contains(where: { if case .reference = $0 { true } else { false } }) {
                return true
            }
            if value.isNull, types.contains(.null) { return true }
            return typeMismatch(value, expected: type.displayName, name: name, at: pointer)
        }
    }

    /// A number: its type, finiteness, range and documented range.
    func checkNumber(
        _ value: JSONValue, key: Key, range: NumericRange?, name nameText: @autoclosure () -> String,
        at pointerValue: @autoclosure () -> JSONPointer
    ) -> Bool {
        // The name and pointer are built only for a report: most numbers pass.
        var name: String { nameText() }
        var pointer: JSONPointer { pointerValue() }
        guard let number = value.numberValue else {
            return typeMismatch(value, expected: "a number", name: name, at: pointer)
        }
        guard number.isFinite else {
            let valueRange = document.valueRange(of: pointer)
            let text = document.text(of: valueRange)
            report("scene.nonFinite", "\(name) \(text) is too large for a double; use a finite number", valueRange)
            return false
        }
        if case .always? = key.angle, abs(number) > AngleUse.plausibleMaximum {
            reportAngleUnits(number, name: name, at: pointer)
        }
        guard let range else { return true }
        if !range.contains(number) {
            let valueRange = document.valueRange(of: pointer)
            let text = document.text(of: valueRange)
            var fixes: [Diagnostic.Fix] = []
            if let clamped = range.clamp(number) {
                let replacement = NumberText.format(clamped)
                fixes.append(replace(valueRange, with: replacement, title: "Clamp to \(replacement)"))
            } else if let fallback = key.defaultValue?.numberValue, range.contains(fallback) {
                let replacement = NumberText.format(fallback)
                fixes.append(replace(valueRange, with: replacement, title: "Replace with the default \(replacement)"))
            }
            report(
                "scene.range", rangeMessage(name: name, text: text, value: number, range: range), valueRange,
                fixes: fixes)
            return keepsOutOfRangeNumbers
        }
        return true
    }

    func rangeMessage(name: String, text: String, value: Double, range: NumericRange) -> String {
        func f(_ x: Double) -> String { NumberText.format(x) }
        switch (range.min, range.max) {
        case (let lo?, let hi?) where range.minIsInclusive && range.maxIsInclusive:
            return "\(name) \(text) is outside \(f(lo))…\(f(hi)); use a value between \(f(lo)) and \(f(hi))"
        case (let lo?, let hi?):
            let low = range.minIsInclusive ? "at least \(f(lo))" : "greater than \(f(lo))"
            let high = range.maxIsInclusive ? "at most \(f(hi))" : "less than \(f(hi))"
            return "\(name) \(text) is outside its range; use a value \(low) and \(high)"
        case (let lo?, nil):
            if range.minIsInclusive {
                return lo == 0
                    ? "\(name) \(text) is negative; use a value of 0 or more"
                    : "\(name) \(text) is below \(f(lo)); use a value of \(f(lo)) or more"
            }
            return "\(name) \(text) must be greater than \(f(lo))"
        case (nil, let hi?):
            return "\(name) \(text) is above \(f(hi)); use a value of at most \(f(hi))"
        case (nil, nil):
            return "\(name) \(text) is out of range"
        }
    }

    /// A two-number array (point, vector, size, range pair) with its per-type rules.
    func checkPair(
        _ value: JSONValue, type: ValueType, key: Key, name: String, at pointerValue: @autoclosure () -> JSONPointer
    ) -> Bool {
        var pointer: JSONPointer { pointerValue() }
        guard let elements = value.arrayValue else {
            return typeMismatch(value, expected: "\(type.displayName) (two numbers)", name: name, at: pointer)
        }
        var range: Range<Int> { document.valueRange(of: pointer) }
        if elements.count != 2 {
            if document.truncatedContainers.contains(pointer) { return false }
            let fixes: [Diagnostic.Fix] =
                elements.count > 2 && elements.prefix(2).allSatisfy({ $0.numberValue?.isFinite == true })
                ? [
                    replace(
                        range,
                        with:
                            "[\(document.text(of: document.valueRange(of: pointer.appending(0)))), \(document.text(of: document.valueRange(of: pointer.appending(1))))]",
                        title: "Keep the first two numbers")
                ]
                : []
            report(
                "scene.type",
                "\(name) must be \(type.displayName) of two numbers; this array has \(elements.count) element\(elements.count == 1 ? "" : "s")",
                range, fixes: fixes)
            return false
        }
        func componentName(_ index: Int) -> String {
            switch type {
            case .size: index == 0 ? "width" : "height"
            case .rangePair: index == 0 ? "minimum" : "maximum"
            default: index == 0 ? "x" : "y"
            }
        }
        var ok = true
        for (index, element) in elements.enumerated() {
            let componentRange: NumericRange? =
                switch type {
                case .size: key.range
                case .rangePair: index == 0 ? NumericRange(max: 0) : NumericRange(min: 0)
                default: nil
                }
            if !checkNumber(
                element, key: key, range: componentRange, name: "\(name) \(componentName(index))",
                at: pointer.appending(index))
            {
                invalid.insert(pointer.appending(index))
                ok = false
            }
        }
        if ok, key.mustBeNonZero, elements.allSatisfy({ $0.numberValue == 0 }) {
            report(
                "scene.range",
                "\(name) \(document.text(of: range)) has no direction; give a non-zero vector such as [1, 0]", range,
                fixes: [replace(range, with: "[1, 0]", title: "Replace with [1, 0]")])
            return false
        }
        return ok
    }

    /// `scene.angleUnits`: an angle in radians whose magnitude exceeds a full turn looks like degrees.
    func reportAngleUnits(_ number: Double, name: String, at pointer: JSONPointer) {
        let range = document.valueRange(of: pointer)
        let text = document.text(of: range)
        let radians = NumberText.format(number * .pi / 180)
        report(
            "scene.angleUnits",
            "\(name) \(text) is more than a full turn (2π ≈ 6.283): angles are in radians, and this looks like degrees; \(text)° is \(Wording.coordinate(number * .pi / 180)) rad",
            range, fixes: [replace(range, with: radians, title: "Convert \(text)° to radians (\(radians))")])
    }

    /// A string that is no color: `scene.enum`, with the nearest CSS color name when one is close.
    func reportColor(_ string: String, name: String, at pointer: JSONPointer) {
        let range = document.valueRange(of: pointer)
        var message = "\(name) \(jsonString(string)) is not a color"
        var fixes: [Diagnostic.Fix] = []
        if string.hasPrefix("#") {
            message += ": write \"#rgb\" or \"#rrggbb\" with hexadecimal digits (\"#ff6347\"), or a CSS color name"
        } else {
            message += "; use \"#rgb\", \"#rrggbb\" or a CSS color name in lower case"
            let lowered = string.lowercased()
            let suggestion =
                Catalog.colorsByName[lowered] != nil ? lowered : nearest(string, in: Catalog.colorNames.map(\.name))
            if let suggestion {
                message += "; did you mean \(jsonString(suggestion))?"
                fixes.append(replace(range, with: jsonString(suggestion), title: "Replace with '\(suggestion)'"))
            }
        }
        report("scene.enum", message, range, fixes: fixes)
    }

    func reportEnum(_ string: String, values: [String], name: String, at pointer: JSONPointer) {
        let range = document.valueRange(of: pointer)
        let suggestion = nearest(string, in: values)
        var message = "\(name) \(jsonString(string)) is not one of " + values.map(jsonString).joined(separator: ", ")
        if let suggestion { message += "; did you mean \(jsonString(suggestion))?" }
        report(
            "scene.enum", message, range,
            fixes: suggestion.map { [replace(range, with: jsonString($0), title: "Replace with '\($0)'")] } ?? [])
    }

    /// Reports `scene.type` for a value of the wrong JSON type; always returns false.
    @discardableResult
    func typeMismatch(_ value: JSONValue, expected: String, name: String, at pointer: JSONPointer) -> Bool {
        let range = document.valueRange(of: pointer)
        var fixes: [Diagnostic.Fix] = []
        if let string = value.stringValue {
            if expected == "a number" || expected == "an integer", let number = Double(string.trimmingSpaces),
                number.isFinite
            {
                let replacement = NumberText.format(number)
                fixes.append(replace(range, with: replacement, title: "Replace with the number \(replacement)"))
            } else if expected == "true or false", string == "true" || string == "false" {
                fixes.append(replace(range, with: string, title: "Replace with \(string)"))
            }
        }
        report("scene.type", "\(name) must be \(expected), not \(describe(value))", range, fixes: fixes)
        return false
    }

    /// How messages name a value: `the string "0.5"`, `the number 3`, `an array of 3 elements`.
    func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): "the number \(NumberText.format(n))"
        case .string(let s): "the string \(jsonString(s))"
        case .array(let a): a.isEmpty ? "an empty array" : "an array of \(a.count) element\(a.count == 1 ? "" : "s")"
        case .object: "an object"
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// A string as a JSON string literal (quotes and escapes), for messages and fix texts.
func jsonString(_ string: String) -> String {
    JSONValue.string(string).serializedString()
}
