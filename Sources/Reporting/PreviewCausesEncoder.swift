import JSON
import Scene

/// What the player page draws beside the items to show why they move (`impulse preview --format html` embeds
/// it; the language server adds it to `impulse/preview`'s answer as `causes` when the request asks with
/// `"causes": true`, so that the preview json itself stays as the contract has it):
///
/// ```
/// {"items": [{"id", "color", "group": n | null, "properties"?: {"elasticity"?, "friction"?, "density"?}}],
///  "groups": [{"behavior": id | null, "items": [id], "mode"}],
///  "spans": [{"from": frame, "to": frame, "type": "attachment" | "snap" | "push" | "gravity" | "field" | "collision", …}],
///  "events": [{"index": i, "behavior": id | null}],
///  "contactShown": seconds}
/// ```
/// An item's `properties` are those that differ from UIKit's defaults at the start (`ItemMaterial`).
/// A span is shown over frames `from` ..< `to` (to the end when `to` is the last frame). Its other members:
/// attachment `behavior, kind, spring, item, offset, anchor | attachedTo + attachedOffset, length, axis,
/// startAngle`; snap `behavior, item, point, acting`; push `behavior, items, vector, offset, instantaneous,
/// active`; gravity `behavior, vector`; field `behavior, kind, position, region ({"radius"} | {"size"} |
/// null)`; collision `behavior, group, items, mode, boundaries ([{"id", "from", "to"} | {"id", "path"}]),
/// referenceBounds ([x, y, w, h] | null: the engine's boundary, 1 pt outside the inset bounds)`.
package struct PreviewCausesEncoder: Sendable {
    package init() {}

    package func value(_ preview: PreviewResult) -> JSONValue {
        let items = preview.scene.map(SceneSimulation.simulatedItems) ?? []
        guard let run = preview.run, run.itemIDs.count == items.count else {
            return .object(
                JSONObject([
                    ("items", .array([])), ("groups", .array([])), ("spans", .array([])), ("events", .array([])),
                    ("contactShown", .number(PreviewSVGEncoder.contactShown)),
                ]))
        }
        let view = preview.scene?.referenceView ?? Size(width: 0, height: 0)
        let ids = run.itemIDs
        let spans = run.causeSpans
        var groupOfItem = [Int?](repeating: nil, count: ids.count)
        var groups: [JSONValue] = []
        var spanValues: [JSONValue] = []
        for span in spans {
            var members: [(key: String, value: JSONValue)] = [
                ("from", .number(Double(span.from))), ("to", .number(Double(span.to))),
            ]
            func add(_ key: String, _ value: JSONValue) { members.append((key, value)) }
            func id(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
            func point(_ vector: Vector) -> JSONValue { .array([.number(vector.x), .number(vector.y)]) }
            switch span.cause {
            case .attachment(let attachment):
                add("type", .string("attachment"))
                add("behavior", id(attachment.behavior))
                add("kind", .string(attachment.kind.rawValue))
                add("spring", .bool(attachment.isSpring))
                add("item", .string(ids[attachment.item]))
                add("offset", point(attachment.offset))
                if let anchor = attachment.anchor { add("anchor", point(anchor)) }
                if let other = attachment.attachedTo {
                    add("attachedTo", .string(ids[other]))
                    add("attachedOffset", point(attachment.attachedOffset))
                }
                add("length", attachment.length.map(JSONValue.number) ?? .null)
                add("axis", attachment.axis.map(point) ?? .null)
                add("startAngle", .number(attachment.startAngle))
            case .snap(let behavior, let item, let target, let acting):
                add("type", .string("snap"))
                add("behavior", id(behavior))
                add("item", .string(ids[item]))
                add("point", point(target))
                add("acting", .bool(acting))
            case .push(let behavior, let pushed, let vector, let offset, let instantaneous, let active):
                add("type", .string("push"))
                add("behavior", id(behavior))
                add("items", .array(pushed.map { .string(ids[$0]) }))
                add("vector", point(vector))
                add("offset", point(offset))
                add("instantaneous", .bool(instantaneous))
                add("active", .bool(active))
            case .gravity(let behavior, _, let vector):
                add("type", .string("gravity"))
                add("behavior", id(behavior))
                add("vector", point(vector))
            case .field(let behavior, let kind, _, let position, let region):
                add("type", .string("field"))
                add("behavior", id(behavior))
                add("kind", .string(kind.rawValue))
                add("position", point(position))
                switch region {
                case .radius(let radius)?: add("region", .object(JSONObject([("radius", .number(radius))])))
                case .size(let size)?:
                    add("region", .object(JSONObject([("size", .array([.number(size.width), .number(size.height)]))])))
                case nil: add("region", .null)
                }
            case .collision(let behavior, let group, let grouped, let collision):
                add("type", .string("collision"))
                add("behavior", id(behavior))
                add("group", .number(Double(group)))
                add("items", .array(grouped.map { .string(ids[$0]) }))
                add("mode", .string(collision.resolvedMode.rawValue))
                var boundaries: [JSONValue] = []
                for boundary in collision.boundaries {
                    switch boundary.shape {
                    case .segment(let from, let to)?:
                        boundaries.append(
                            .object(JSONObject([("id", id(boundary.id)), ("from", point(from)), ("to", point(to))])))
                    case .path(let points)?:
                        boundaries.append(
                            .object(JSONObject([("id", id(boundary.id)), ("path", .array(points.map(point)))])))
                    case nil:
                        continue
                    }
                }
                add("boundaries", .array(boundaries))
                if collision.translatesReferenceBoundsIntoBoundary {
                    let insets = collision.resolvedInsets
                    add(
                        "referenceBounds",
                        .array(
                            [
                                insets.left - 1, insets.top - 1, view.width - insets.left - insets.right + 2,
                                view.height - insets.top - insets.bottom + 2,
                            ].map(JSONValue.number)))
                } else {
                    add("referenceBounds", .null)
                }
                while groups.count <= group { groups.append(.null) }
                groups[group] = .object(
                    JSONObject([
                        ("behavior", id(behavior)), ("items", .array(grouped.map { .string(ids[$0]) })),
                        ("mode", .string(collision.resolvedMode.rawValue)),
                    ]))
                for item in grouped where groupOfItem[item] == nil { groupOfItem[item] = group }
            }
            spanValues.append(.object(JSONObject(members)))
        }
        let materials = ItemMaterial.of(items, in: preview.scene)
        let itemValues: [JSONValue] = ids.indices.map { index in
            var members: [(key: String, value: JSONValue)] = [
                ("id", .string(ids[index])),
                ("color", .string(ItemColor.color(id: ids[index], sceneColor: items[index].color?.hex))),
                ("group", groupOfItem[index].map { .number(Double($0)) } ?? .null),
            ]
            if !materials[index].differing.isEmpty {
                members.append(
                    ("properties", .object(JSONObject(materials[index].differing.map { ($0.name, .number($0.value)) })))
                )
            }
            return .object(JSONObject(members))
        }
        let sceneEvents = preview.scene?.events ?? []
        let events: [JSONValue] = sceneEvents.indices.map { index in
            .object(
                JSONObject([
                    ("index", .number(Double(index))),
                    ("behavior", SVGCaption.behaviorID(of: sceneEvents[index]).map(JSONValue.string) ?? .null),
                ]))
        }
        return .object(
            JSONObject([
                ("items", .array(itemValues)), ("groups", .array(groups)), ("spans", .array(spanValues)),
                ("events", .array(events)), ("contactShown", .number(PreviewSVGEncoder.contactShown)),
            ]))
    }
}
