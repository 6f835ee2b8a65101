// The page of every rule code: what `impulse explain CODE` prints and the language server shows in hovers.
//
// Design: each page keeps its examples as complete scene files, exactly as printed, so a test can lint
// each one: the failing example must produce the page's code, the passing example must produce no
// diagnostic at all. The `sim.*` pages' examples are checked with the simulation on. The code's default
// severity and one-line summary come from the rule registry, not from here.

/// The documentation page of one diagnostic code.
package struct RuleDocumentation: Sendable {
    /// The code this page explains (`scene.unknownKey`).
    package let code: String
    /// What the diagnostic says about the scene.
    package let meaning: String
    /// What goes wrong on a device if the scene is left as it is.
    package let why: String
    /// How to make the diagnostic go away, the right way.
    package let fix: String
    /// A complete scene file that produces `code`.
    package let failingExample: String
    /// A complete scene file that produces no diagnostic at all (with the simulation on for `sim.*` codes).
    package let passingExample: String

    /// Whether the code comes from a simulation (`impulse lint --simulate`), so its examples must be simulated.
    package var requiresSimulation: Bool { code.hasPrefix("sim.") }

    /// The page of `code`, nil for a code that does not exist.
    package static func page(for code: String) -> RuleDocumentation? { byCode[code] }

    private static let byCode: [String: RuleDocumentation] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.code, $0) })

    /// The page as Markdown (what `impulse explain CODE` prints), headed by the code, its default severity and
    /// its one-line summary from the rule registry.
    package var markdown: String {
        let severity = Rules.defaultSeverity(of: code).rawValue
        let summary = Rules.rule(code)?.summary ?? ""
        return """
            # `\(code)`

            **Default severity:** \(severity)

            \(summary)

            ## What it means

            \(meaning)

            ## Why it matters

            \(why)

            ## How to fix it

            \(fix)

            ## Failing example

            ```json
            \(failingExample)
            ```

            ## Passing example

            ```json
            \(passingExample)
            ```

            """
    }
}

extension Rule {
    /// The rule's documentation page (every code of the registry has one).
    package var documentation: RuleDocumentation? { RuleDocumentation.page(for: code) }
}

extension RuleDocumentation {
    /// Every page, in the order of rules.md.
    package static let all: [RuleDocumentation] =
        syntaxAndShape + referencesAndIdentity + dynamicsSemantics + simulation

    // MARK: Syntax and shape

    static let syntaxAndShape: [RuleDocumentation] = [
        RuleDocumentation(
            code: "json.syntax",
            meaning: """
                The file is not JSON (RFC 8259). The diagnostic starts at the first character of the token where the text \
                stops being JSON: after a trailing comma that is the closing bracket. Impulse still reports the problems \
                that lie before the error, but nothing after it, and no rule that needs the whole file.
                """,
            why: """
                No tool can read the scene: it cannot be previewed, and Impulse cannot check anything past the error. \
                JSON is stricter than JavaScript: no trailing commas, no comments, no single quotes, no unquoted keys.
                """,
            fix: """
                Look at the reported position and the token just before it: remove the trailing comma, add the missing \
                comma, quote, bracket or brace. `impulse format` refuses to touch the file until it is JSON again.
                """,
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]},
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "json.duplicateKey",
            meaning: """
                A key appears twice in one object. JSON parsers keep the last one, so the earlier value is silently \
                ignored. The diagnostic sits on the later key and points to the earlier one.
                """,
            why: """
                The value you read first is not the one that counts: a scene that looks like it has a 60 pt item may \
                simulate a 20 pt one. Other tools may even keep the first value instead.
                """,
            fix: "Keep one of the two keys, with the value you mean.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60], "size": [20, 20]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [20, 20]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "json.unsupported",
            meaning: """
                The text is valid JSON, but Impulse cannot hold it: a key containing a NUL character (`\\u0000`), or \
                arrays and objects nested deeper than 2048 levels.
                """,
            why: """
                The JSON library under Impulse (jansson) stores keys as C strings and limits nesting; such a file \
                cannot be read faithfully, so Impulse refuses it rather than guess.
                """,
            fix: "Remove the NUL character from the key; flatten the nesting. No scene needs either.",
            failingExample: #"""
                {
                  "format": 1,
                  "name\u0000": "Falling box",
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "name": "Falling box",
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.format",
            meaning: """
                `format` is not 1. Version 1 is the only scene format there is; `1.0` counts as 1, and a string \
                such as `"1"` is a `scene.type` error instead.
                """,
            why:
                "Impulse cannot know how to read a format it does not have; it reads the file as version 1 and says so.",
            fix: "Write `\"format\": 1`, or leave `format` out (1 is the default).",
            failingExample: #"""
                {
                  "format": 2,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.noItems",
            meaning: "`items` is an empty list: the scene has no dynamic item.",
            why: "Behaviors act on items; with none, nothing will ever move and a preview shows an empty view.",
            fix: "Add the views your animator moves to `items`, each with an `id`, a `center` and a `size`.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": []
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.missingKey",
            meaning: """
                A required key is absent: `referenceView` or `items` at the top level, an item's `id`, `center` or \
                `size`, a behavior's `type`, `items` or `item`, a snap's `point`, a field's `kind`, a sliding \
                attachment's `axis`… The diagnostic sits on the opening brace of the object that lacks it.
                """,
            why:
                "There is no sensible default for these keys: UIKit itself would need them to create the view or the behavior.",
            fix:
                "Add the key with the value you mean; the language server's quick fix inserts it with a placeholder of the right type.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.unknownKey",
            meaning: """
                The object has a key the scene format does not define for it: a typo, or a key that belongs to \
                another kind of object (a snap's `point` in a gravity behavior). The message suggests the nearest \
                known key or says where the key belongs.
                """,
            why:
                "An unknown key is ignored: the setting you meant to make does not happen, and the default applies instead.",
            fix:
                "Correct the spelling (the quick fix replaces it with the suggestion), or move the key to the object that takes it.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "elasticty": 0.8}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "elasticity": 0.8}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.type",
            meaning: """
                A value has the wrong JSON type: a string where a number is expected (`"0.5"`), a number where an id \
                string is expected, a point or size that is not an array of exactly two numbers.
                """,
            why: "Impulse cannot use the value, so the key acts as if it were absent and the scene is not simulated.",
            fix: "Write the value with the type the key takes: numbers without quotes, points and sizes as `[x, y]`.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "elasticity": "0.5"}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "elasticity": 0.5}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.enum",
            meaning: """
                A string is not one of the values its key allows: a behavior `type`, a collision or push `mode`, an \
                attachment or field `kind`, an item's `collisionBounds`. The message suggests the nearest value.
                """,
            why: "Impulse cannot guess which behavior or mode you meant, so the scene is not simulated.",
            fix:
                "Use one of the listed values (the quick fix replaces it with the suggestion). Values are case-sensitive.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "mode": "bounds", "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "mode": "boundaries", "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.range",
            meaning: """
                A number lies outside the range its key accepts: an elasticity or snap damping outside [0, 1]; a \
                negative friction, resistance, angularResistance, length, damping, frequency, frictionTorque or \
                minimumRadius; a density, size or reference view that is not positive; an event `at` below 0; an \
                attachment `range` whose minimum is above 0 or maximum below 0; a zero sliding `axis`; a preview \
                whose duration or frame rate is not positive, whose frame rate is above 1000, or that would run \
                more than 216 000 frames.
                """,
            why:
                "The engine has no meaning for such a value (a negative mass, an elasticity that creates energy), so the scene is not simulated.",
            fix: "Bring the value into its range; the quick fix clamps it to the nearest allowed value.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "elasticity": 1.5}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "elasticity": 0.9}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.rangeAdvice",
            meaning: """
                A number the engine accepts but that lies outside the range UIKit documents: a `friction` above 1 \
                (documented range 0 to 1).
                """,
            why:
                "The animator runs it, but behavior outside the documented range is not something Apple promises to keep.",
            fix: "Use a friction from 0 to 1; if you really want more grip, turn this code off in `.impulse.json`.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "friction": 1.5}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "friction": 0.8}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.nonFinite",
            meaning: """
                    A number is valid JSON but too large for a double (`1e999`, `1e400`): it would read as infinity.
                """,
            why: "An infinite mass, speed or position makes every later value of the simulation infinite or NaN.",
            fix: "Write a finite number; no physical quantity of a scene needs more than a few digits.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "density": 1e999}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "density": 2}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "scene.exclusiveKeys",
            meaning: """
                Keys that exclude each other appear together, or neither of a required pair is there: `direction` \
                with `angle` or `magnitude` (gravity, push); `anchor` with `attachedTo`, or neither of them, in an \
                attachment; an event with no action, or with more than one of `set`, `add` and `remove`.
                """,
            why:
                "The two keys say the same thing two ways, and nothing says which one wins; an attachment needs exactly one thing to hold on to.",
            fix:
                "Keep one way of saying it: either `direction`, or `angle` and `magnitude`; either `anchor` or `attachedTo`; one action per event.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"], "direction": [0, 1], "magnitude": 0.5}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"], "angle": 1.5707963267948966, "magnitude": 0.5}
                  ]
                }
                """#),
    ]

    // MARK: References and identity

    static let referencesAndIdentity: [RuleDocumentation] = [
        RuleDocumentation(
            code: "item.duplicateId",
            meaning: "Two items share an `id`. The diagnostic sits on the later one and points to the first.",
            why:
                "Behaviors and events name items by id: with two items of one id, nobody can tell which one a behavior moves.",
            fix:
                "Give every item its own id (ids are case-sensitive), and update the behaviors that should name the renamed one.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "box", "center": [220, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "item.unknown",
            meaning: """
                A behavior's `items`, `item` or `attachedTo` names an item that does not exist. The message suggests \
                the nearest id.
                """,
            why:
                "The behavior cannot act on an item that is not there; in UIKit this would be a crash or a behavior doing nothing.",
            fix: "Correct the id (the quick fix replaces it with the suggestion), or add the missing item.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "snap", "item": "bx", "point": [160, 240]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "snap", "item": "box", "point": [160, 240]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "item.unused",
            meaning: """
                No behavior names the item, neither in the behavior list nor in a behavior that an event adds \
                (`items`, `item` and `attachedTo` all count).
                """,
            why:
                "UIKit Dynamics only moves items that a behavior holds: this one will sit still forever, and others pass through it.",
            fix:
                "Add the item to a behavior (a gravity, a collision, a snap…), or remove it from the scene if it is not meant to take part.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "behavior.duplicateId",
            meaning: """
                Two behaviors that exist at the same time share an `id`. Removing a behavior by an event frees its \
                id: re-adding the id afterwards is fine.
                """,
            why: "Events name behaviors by id: a `set` or `remove` could not tell which of the two it means.",
            fix: "Give each behavior its own id, or remove the old behavior with an event before adding the new one.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "id": "fall", "items": ["box"]},
                    {"type": "push", "id": "fall", "items": ["ball"], "direction": [0, 1]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "id": "fall", "items": ["box"]},
                    {"type": "push", "id": "shove", "items": ["ball"], "direction": [0, 1]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "behavior.unknown",
            meaning: """
                An event names a behavior (by `set` or `remove`) that does not exist at that moment: a typo, a \
                behavior without an `id`, or one already removed by an earlier event.
                """,
            why:
                "The event does nothing: the gesture you scripted never happens in the preview, and in an app it would be a bug.",
            fix: "Use the id of a behavior that exists at the event's time; give the behavior an `id` if it has none.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "id": "gravity", "items": ["box"]}
                  ],
                  "events": [
                    {"at": 1, "remove": "gravty"}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "id": "gravity", "items": ["box"]}
                  ],
                  "events": [
                    {"at": 1, "remove": "gravity"}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "behavior.duplicateItem",
            meaning: "One behavior lists the same item twice in its `items`.",
            why:
                "UIKit adds an item to a behavior once; the repetition is a mistake, often a copy-paste that should have named another item.",
            fix: "Remove the repeated id, or replace it with the item you meant.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "behavior.empty",
            meaning: "A behavior's `items` list is empty.",
            why: "A behavior with no item does nothing: it is dead weight, or an item was forgotten.",
            fix: "Name the items the behavior should act on, or remove the behavior.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": [], "elasticity": 0.6}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "dynamicItem", "items": ["box"], "elasticity": 0.6}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "boundary.duplicateId",
            meaning: "Two boundaries of one collision behavior share an `id`.",
            why: "Contact events report boundaries by id: with two of one id, nobody can tell which one an item hit.",
            fix: "Give each boundary of the behavior its own id.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "boundaries": [
                      {"id": "floor", "from": [0, 400], "to": [160, 440]},
                      {"id": "floor", "from": [160, 440], "to": [320, 400]}
                    ]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "boundaries": [
                      {"id": "left", "from": [0, 400], "to": [160, 440]},
                      {"id": "right", "from": [160, 440], "to": [320, 400]}
                    ]}
                  ]
                }
                """#),
    ]

    // MARK: Dynamics semantics

    static let dynamicsSemantics: [RuleDocumentation] = [
        RuleDocumentation(
            code: "attachment.duplicate",
            meaning: """
                An item is the `item` of more than one attachment behavior at the same time. Each of them gets the \
                diagnostic, related to the others. Chains are fine: in a chain each link is the `item` of one \
                attachment and the `attachedTo` of the next.
                """,
            why:
                "The attachments fight over the item: each one pulls it toward its own anchor, and the item jitters between them.",
            fix:
                "Keep one attachment per item; to hang an item from two points, attach a second item to it instead (`attachedTo`).",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 200], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "attachment", "item": "box", "anchor": [100, 100]},
                    {"type": "attachment", "item": "box", "anchor": [220, 100]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 200], "size": [60, 60]},
                    {"id": "weight", "center": [160, 300], "size": [40, 40]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "weight"]},
                    {"type": "attachment", "item": "box", "anchor": [160, 100]},
                    {"type": "attachment", "item": "weight", "attachedTo": "box"}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "attachment.self",
            meaning: "An attachment's `attachedTo` names its own `item`.",
            why: "An item cannot be joined to itself: the attachment holds nothing and only confuses the solver.",
            fix: "Attach the item to another item, or to a fixed `anchor` point.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 200], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "attachment", "item": "box", "attachedTo": "box"}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 200], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "attachment", "item": "box", "anchor": [160, 100]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "attachment.kindKey",
            meaning: """
                The attachment has a key its `kind` does not take. Per kind: `distance` takes `anchor` or \
                `attachedTo`, and `length`, `damping`, `frequency`; `sliding` takes `anchor` or `attachedTo`, and \
                `axis`, `range`; `pin` takes `attachedTo`, `frictionTorque`, `range`; `fixed` takes `attachedTo` \
                only; `limit` takes `attachedTo` and `length`. Every kind takes `item`, `offset`, and \
                `attachedOffset` with `attachedTo`.
                """,
            why: """
                The key is ignored by that kind of attachment (UIKit's factory methods for it have no such \
                parameter), so the setting you wrote has no effect.
                """,
            fix: "Remove the key, or change `kind` to the attachment that takes it.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 200], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "attachment", "item": "box", "anchor": [160, 100], "frictionTorque": 2}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 200], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "attachment", "item": "box", "anchor": [160, 100], "frequency": 2, "damping": 0.3}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "snap.duplicate",
            meaning: """
                Several snap behaviors name one item at the same time. Each of them gets the diagnostic, related to \
                the others. Removing a snap by an event and adding a new one is fine.
                """,
            why: "The animator ignores all of them: the item does not snap anywhere.",
            fix:
                "Keep one snap per item; to move the snap point, `set` its `point`, or remove the old snap before adding the new one.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 200], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "snap", "item": "box", "point": [100, 300]},
                    {"type": "snap", "item": "box", "point": [220, 300]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 200], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "snap", "id": "snap", "item": "box", "point": [100, 300]}
                  ],
                  "events": [
                    {"at": 1, "set": "snap", "values": {"point": [220, 300]}}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "gravity.multiple",
            meaning: """
                The scene has more than one gravity behavior at the start. Each one except the last gets the \
                diagnostic, related to the last.
                """,
            why: """
                UIKit calls this undefined. What the animator does: the items of every gravity behavior fall, all \
                with the vector of the gravity added or changed last, so a gravity's own direction and magnitude \
                may not apply to its own items.
                """,
            fix:
                "Use one gravity behavior for all the items that fall; give items that should not fall no gravity, or a field.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "gravity", "items": ["ball"], "magnitude": 0.2}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "dynamicItem.conflict",
            meaning: """
                Two `dynamicItem` behaviors give one item different values for one property. The later behavior in \
                the list wins; the diagnostic sits on the later value, related to the earlier one. A property given \
                with its default value counts as not set.
                """,
            why: "One of the two values is silently ignored, and which one depends on the order of the behaviors.",
            fix: "Set each property of an item in one `dynamicItem` behavior only.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]},
                    {"type": "dynamicItem", "items": ["box", "ball"], "elasticity": 0.3},
                    {"type": "dynamicItem", "items": ["ball"], "elasticity": 0.8}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]},
                    {"type": "dynamicItem", "items": ["box"], "elasticity": 0.3},
                    {"type": "dynamicItem", "items": ["ball"], "elasticity": 0.8}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "collision.noEffect",
            meaning: """
                A collision behavior holds one item and no boundary of any kind: no `boundaries`, no reference \
                bounds (or mode `items`, where boundaries are ignored anyway).
                """,
            why:
                "An item can only collide with the other items and the boundaries of its collision behavior: here there is nothing to hit.",
            fix: "Add the other items it should hit, a boundary, or `\"translatesReferenceBoundsIntoBoundary\": true`.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "collision.ignoredBoundaries",
            meaning: """
                A collision behavior in mode `items` has boundaries or turns the reference bounds into a boundary.
                """,
            why: "In mode `items`, items collide only with each other: they fall straight through those boundaries.",
            fix:
                "Use mode `everything` (the default) if the items should hit the boundaries, or remove the boundaries.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]},
                    {"type": "collision", "items": ["box", "ball"], "mode": "items", "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]},
                    {"type": "collision", "items": ["box", "ball"], "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "collision.insetsWithoutBounds",
            meaning:
                "A collision behavior has `insets` but does not set `translatesReferenceBoundsIntoBoundary` to true.",
            why:
                "Insets only shrink the reference-bounds boundary; without it they have nothing to act on and are ignored.",
            fix: "Add `\"translatesReferenceBoundsIntoBoundary\": true`, or remove `insets`.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]},
                    {"type": "collision", "items": ["box", "ball"], "insets": {"top": 20, "left": 20, "bottom": 20, "right": 20}}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]},
                    {"type": "collision", "items": ["box", "ball"], "translatesReferenceBoundsIntoBoundary": true, "insets": {"top": 20, "left": 20, "bottom": 20, "right": 20}}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "boundary.degenerate",
            meaning:
                "A segment boundary whose `from` and `to` are the same point, or a path boundary with fewer than 2 distinct points.",
            why: "Such a boundary has no length: nothing can collide with it, and the engine cannot build its shape.",
            fix: "Give the segment two different end points, or the path at least two distinct points.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "boundaries": [
                      {"id": "floor", "from": [0, 400], "to": [0, 400]}
                    ]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "boundaries": [
                      {"id": "floor", "from": [0, 400], "to": [320, 400]}
                    ]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "item.startsOverlapping",
            meaning: """
                Two items that collide with each other overlap at the start (their collision shapes intersect). \
                One diagnostic per pair, on the later item's `center`, related to the earlier item.
                """,
            why: "The solver pushes them apart in the first frames, violently: they shoot away from each other.",
            fix: "Move the items apart (or make them smaller) so that their shapes do not intersect at the start.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]},
                    {"id": "ball", "center": [180, 120], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]},
                    {"type": "collision", "items": ["box", "ball"], "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [100, 100], "size": [60, 60]},
                    {"id": "ball", "center": [220, 100], "size": [60, 60], "collisionBounds": "ellipse"}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box", "ball"]},
                    {"type": "collision", "items": ["box", "ball"], "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "item.startsOutside",
            meaning: """
                An item that collides with the reference bounds (its collision behavior sets \
                `translatesReferenceBoundsIntoBoundary`) starts partly or wholly outside the bounds, after insets.
                """,
            why: "The boundary either traps the item outside or shoves it in violently in the first frames.",
            fix: "Move the item inside the reference view (inside the insets), or make it smaller.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 10], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "item.nonConvexPath",
            meaning: "An item's `collisionBounds` path is not convex, or has fewer than 3 points.",
            why:
                "UIKit Dynamics (and Box2D under it) only supports convex polygons as collision shapes: a concave path cannot be simulated.",
            fix: "Use the convex hull of the shape, or split the view into several items joined by fixed attachments.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "arrow", "center": [160, 100], "size": [60, 60], "collisionBounds": {"path": [[-30, -30], [0, 0], [30, -30], [0, 30]]}}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["arrow"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "arrow", "center": [160, 100], "size": [60, 60], "collisionBounds": {"path": [[-30, -30], [30, -30], [0, 30]]}}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["arrow"]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "push.noEffect",
            meaning: """
                A push behavior has magnitude 0 (no `direction`, `magnitude` or a zero vector) and no later event \
                changes it.
                """,
            why:
                "A push of zero force does nothing; UIPushBehavior's defaults are zero, so it is easy to forget the force.",
            fix: "Give the push a `direction` (a vector in UIKit Newtons), or an `angle` and a `magnitude`.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "push", "items": ["box"], "mode": "instantaneous"}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "push", "items": ["box"], "mode": "instantaneous", "angle": 0.5, "magnitude": 1}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "field.kindKey",
            meaning: """
                A field behavior has a key that its `kind` ignores: `direction` outside `linearGravity` and \
                `velocity`; `smoothness` and `animationSpeed` outside `noise` and `turbulence`.
                """,
            why: "The setting has no effect on that kind of field, so the field does not behave as the file suggests.",
            fix: "Remove the key, or change the field's `kind` to one that uses it.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "field", "items": ["box"], "kind": "radialGravity", "direction": [1, 0]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "field", "items": ["box"], "kind": "linearGravity", "direction": [1, 0]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "event.notLive",
            meaning: """
                A `set` event changes a property that cannot change while the behavior runs: a snap's `damping`, any \
                `mode` or `kind`. Live properties are an attachment's `anchor`, `length`, `damping` and `frequency`; \
                a snap's `point`; a push's `active`, `direction`, `angle` and `magnitude`; a gravity's `direction`, \
                `angle` and `magnitude`.
                """,
            why: "UIKit reads these properties once, when the behavior is added: changing them later has no effect.",
            fix: "Remove the behavior and add a new one with the new value, with two events at the same `at`.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "snap", "id": "snap", "item": "box", "point": [160, 300]}
                  ],
                  "events": [
                    {"at": 1, "set": "snap", "values": {"damping": 0.9}}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "snap", "id": "snap", "item": "box", "point": [160, 300]}
                  ],
                  "events": [
                    {"at": 1, "remove": "snap"},
                    {"at": 1, "add": {"type": "snap", "id": "snap", "item": "box", "point": [160, 300], "damping": 0.9}}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "event.order",
            meaning:
                "The events are not sorted by `at`: the diagnostic sits on the `at` of each event that comes earlier than the one before it.",
            why: """
                Events apply in time order, and in file order within one frame: an unsorted timeline reads in an \
                order that is not the order it runs in.
                """,
            fix:
                "Sort the events by `at`; keep the file order of events that share a time, since it is the order they apply in.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "snap", "id": "snap", "item": "box", "point": [160, 300]}
                  ],
                  "events": [
                    {"at": 2, "set": "snap", "values": {"point": [100, 200]}},
                    {"at": 1, "set": "snap", "values": {"point": [220, 200]}}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "snap", "id": "snap", "item": "box", "point": [160, 300]}
                  ],
                  "events": [
                    {"at": 1, "set": "snap", "values": {"point": [220, 200]}},
                    {"at": 2, "set": "snap", "values": {"point": [100, 200]}}
                  ]
                }
                """#),
    ]

    // MARK: From a simulation

    static let simulation: [RuleDocumentation] = [
        RuleDocumentation(
            code: "sim.escapes",
            meaning: """
                During the preview, an item leaves the reference view and never comes back. The message says when. \
                Reported by `impulse lint --simulate` and by the editor when simulation is on.
                """,
            why: "The view flies off the screen: the user sees it disappear and it never returns.",
            fix: """
                Hold the item in: a collision behavior with `"translatesReferenceBoundsIntoBoundary": true` or \
                boundaries, an attachment, or a snap.
                """,
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 100], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["box"]},
                    {"type": "collision", "items": ["box"], "translatesReferenceBoundsIntoBoundary": true}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "sim.diverged",
            meaning: """
                During the preview, positions or velocities stop being finite, or an item ends up more than \
                10⁶ pt from the reference view. The message says when and which item; the preview stops there.
                """,
            why: "The scene blows up: forces that are far too large, or nothing that ever stops an accelerating item.",
            fix:
                "Reduce the forces (push magnitudes, field strengths, spring frequencies), or give the item something to stop it.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "rocket", "center": [160, 240], "size": [20, 20]}
                  ],
                  "behaviors": [
                    {"type": "push", "items": ["rocket"], "direction": [1000, 0]},
                    {"type": "dynamicItem", "items": ["rocket"], "resistance": 0}
                  ],
                  "preview": {"duration": 120, "frameRate": 60}
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "rocket", "center": [160, 240], "size": [20, 20]}
                  ],
                  "behaviors": [
                    {"type": "push", "items": ["rocket"], "mode": "instantaneous", "magnitude": 0.1},
                    {"type": "dynamicItem", "items": ["rocket"], "resistance": 1},
                    {"type": "collision", "items": ["rocket"], "translatesReferenceBoundsIntoBoundary": true}
                  ],
                  "preview": {"duration": 20, "frameRate": 60}
                }
                """#),
        RuleDocumentation(
            code: "sim.neverRests",
            meaning: """
                The scene has not come to rest by the end of the preview: some item still moves faster than \
                1 pt/s or 2°/s. Informational.
                """,
            why: """
                While anything moves, the animator keeps running (and keeps the device busy). A spring without \
                damping, or an item without resistance, may oscillate forever.
                """,
            fix:
                "Add damping (an attachment's `damping`, a `dynamicItem`'s `resistance`), or lengthen `preview.duration` if it just needs longer.",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 250], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "attachment", "item": "box", "anchor": [160, 100], "length": 100, "frequency": 1},
                    {"type": "dynamicItem", "items": ["box"], "resistance": 0, "angularResistance": 0}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "box", "center": [160, 300], "size": [60, 60]}
                  ],
                  "behaviors": [
                    {"type": "snap", "item": "box", "point": [160, 200]}
                  ]
                }
                """#),
        RuleDocumentation(
            code: "sim.tunnels",
            meaning: """
                During the preview, an item passes through a boundary it collides with: it moves so far in one \
                sub-step that it is on the other side before the contact is seen.
                """,
            why: """
                Only items named by a gravity or push behavior get continuous collision detection. A fast item \
                thrown by `linearVelocity` alone can skip over a thin boundary, and the user sees it go through a wall.
                """,
            fix:
                "Slow the item down, or name it in a gravity or push behavior (that turns on continuous collision detection).",
            failingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "bullet", "center": [160, 100], "size": [10, 10]}
                  ],
                  "behaviors": [
                    {"type": "dynamicItem", "items": ["bullet"], "linearVelocity": [0, 20000]},
                    {"type": "collision", "items": ["bullet"], "boundaries": [
                      {"id": "wall", "from": [0, 300], "to": [320, 300]}
                    ]}
                  ]
                }
                """#,
            passingExample: #"""
                {
                  "format": 1,
                  "referenceView": {"width": 320, "height": 480},
                  "items": [
                    {"id": "bullet", "center": [160, 100], "size": [10, 10]}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["bullet"]},
                    {"type": "dynamicItem", "items": ["bullet"], "linearVelocity": [0, 500]},
                    {"type": "collision", "items": ["bullet"], "boundaries": [
                      {"id": "wall", "from": [0, 300], "to": [320, 300]}
                    ]}
                  ]
                }
                """#),
    ]
}
