import JSON

// `pin` lists: the catalog checks each element (a string among the edge names, `scene.enum` with the nearest
// one otherwise); here a list that names two edges of one axis is `scene.pinConflict` (a point keeps its
// distance to one edge per axis), on the later of the two, and the pin is left out of the model.
extension SceneDecoder {
    /// The `pin` of a checked object: nil when absent, invalid or conflicting (reported).
    func pin(_ checked: CheckedObject) -> PinEdges? {
        guard let elements = checked.value("pin")?.arrayValue else { return nil }
        let pointer = checked.pointer.appending("pin")
        let names = elements.compactMap(\.stringValue)
        var horizontal: (name: String, index: Int)?
        var vertical: (name: String, index: Int)?
        var conflict = false
        for (index, name) in names.enumerated() {
            let isHorizontal = Pin.Horizontal(rawValue: name) != nil
            if let earlier = isHorizontal ? horizontal : vertical {
                reportPinConflict(
                    earlier: earlier, later: (name, index), horizontal: isHorizontal, in: elements, at: pointer)
                conflict = true
            } else if isHorizontal {
                horizontal = (name, index)
            } else {
                vertical = (name, index)
            }
        }
        guard !conflict else {
            invalid.insert(pointer)
            return nil
        }
        return PinEdges(names: names)
    }

    private func reportPinConflict(
        earlier: (name: String, index: Int), later: (name: String, index: Int), horizontal: Bool,
        in elements: [JSONValue], at pointer: JSONPointer
    ) {
        let axis = horizontal ? "horizontal" : "vertical"
        let laterPointer = pointer.appending(later.index)
        let range = document.valueRange(of: laterPointer)
        let choices = horizontal ? "left, right or centerX" : "top, bottom or centerY"
        let message =
            earlier.name == later.name
            ? "pin names \(jsonString(later.name)) twice; remove one"
            : "pin names two \(axis) edges, \(jsonString(earlier.name)) and \(jsonString(later.name)): a point keeps its distance to one \(axis) edge (\(choices)); keep one"
        let removal = TextEdits(document: document).elementRemoval(laterPointer)
        report(
            "scene.pinConflict", message, range,
            related: [
                Diagnostic.Related(
                    message: "\(jsonString(earlier.name)) is given here",
                    range: document.valueRange(of: pointer.appending(earlier.index)))
            ],
            fixes: [
                Diagnostic.Fix(
                    title: "Remove \(jsonString(later.name))", edits: [Diagnostic.Edit(range: removal, newText: "")])
            ])
    }
}
