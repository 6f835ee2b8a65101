import CodeGeneration
import Scene
import Testing

/// The run time every scene's Objective-C shares (`ImpulseSupport.h`/`.m`) and what stays in a scene's own files.
/// (Compiled under ARC and run on GNUstep with the scenes in CLITests.)
@Suite struct ObjectiveCSupportTests {
    static let scene = """
        {"name": "Dragged card", "referenceView": {"width": 320, "height": 480},
         "items": [{"id": "card", "center": [160, 100], "size": [80, 120]},
                   {"id": "ball", "center": [60, 100], "size": [40, 40], "collisionBounds": "ellipse"}],
         "behaviors": [
           {"type": "gravity", "items": ["card", "ball"]},
           {"type": "collision", "id": "walls", "items": ["card", "ball"], "translatesReferenceBoundsIntoBoundary": true},
           {"type": "attachment", "id": "drag", "item": "card", "anchor": [160, 40]}
         ],
         "events": [
           {"at": 0.5, "pan": "drag", "path": [[160, 40], [200, 60]], "duration": 0.5},
           {"on": {"contactBegan": {"item": "card", "with": {"item": "ball"}}}, "once": true, "remove": "drag"}
         ]}
        """

    static func objectiveC() throws -> [String: String] {
        let output = try CodeGenerator.generate(Linter.lint(Array(scene.utf8)), language: .objc).get()
        return Dictionary(uniqueKeysWithValues: output.files.map { ($0.name, $0.text) })
    }

    @Test func theSupportIsAHeaderAndAnImplementationThatNameNoScene() {
        #expect(ObjectiveCSupport.files.map(\.name) == ["ImpulseSupport.h", "ImpulseSupport.m"])
        for file in ObjectiveCSupport.files {
            // Its base class is `ImpulseDynamics`; no other name ends so.
            #expect(
                !file.text.replacing("ImpulseDynamics", with: "").contains("Dynamics"),
                "\(file.name) names a scene's type")
        }
        #expect(ObjectiveCSupport.files[1].text.contains("#import \"ImpulseSupport.h\""))
    }

    @Test func aScenesFilesHoldItsDataAndWiringAndImportTheSupport() throws {
        let files = try Self.objectiveC()
        let implementation = try #require(files["DraggedCardDynamics.m"])
        let header = try #require(files["DraggedCardDynamics.h"])
        #expect(header.contains("#import \"ImpulseSupport.h\""))
        #expect(header.contains("@interface DraggedCardDynamics : ImpulseDynamics\n"))
        // Its pan and reaction are tables for the support's timeline.
        #expect(implementation.contains("static const ImpulsePan DraggedCardDynamicsPans[] = {"))
        #expect(implementation.contains("static const ImpulseReaction DraggedCardDynamicsReactions[] = {"))
        #expect(implementation.contains("[self startPanOfEvent:0]"))
        // The scheduler, the display link and its proxy, the gesture targets, the views, the items' identity map and
        // the delegates are the support's.
        for runTime in [
            "CADisplayLink", "NSMutableIndexSet", "@interface", "EllipseView", "sqrt(", "NSMapTable", "_timeline",
            "collisionBehavior:", "dynamicAnimatorWillResume:", "queueReactionsEnded:", "ImpulseGestureTarget",
        ] {
            #expect(!implementation.contains(runTime), "the scene's file has \(runTime)")
        }
        let support = ObjectiveCSupport.files[1].text
        for runTime in [
            "CADisplayLink", "@implementation ImpulseTimeline", "@implementation ImpulseEllipseView",
            "@implementation ImpulseDynamics {", "- (void)dynamicAnimatorDidPause:(UIDynamicAnimator *)animator {",
        ] {
            #expect(support.contains(runTime), "the support has no \(runTime)")
        }
    }

    /// The names of the base class `ImpulseDynamics`: its selectors up to the first colon (those it declares and
    /// those it defines) and its instance variables without their `_`.
    static func baseClassNames() throws -> Set<String> {
        let header = ObjectiveCSupport.files[0].text
        let implementation = ObjectiveCSupport.files[1].text
        let interface = try #require(
            header.firstRange(of: "@interface ImpulseDynamics ").map { header[$0.upperBound...] })
        let end = try #require(interface.firstRange(of: "@end"))
        let body = try #require(
            implementation.firstRange(of: "@implementation ImpulseDynamics {").map { implementation[$0.upperBound...] })
        var names: Set<String> = []
        func word(_ text: Substring) -> String { String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) }
        for line in (interface[..<end.lowerBound] + body).split(separator: "\n") {
            let line = line.drop { $0 == " " }
            if line.hasPrefix("- (") || line.hasPrefix("+ (") {
                names.insert(word(line.drop { $0 != ")" }.dropFirst()))
            } else if line.hasPrefix("@property"), let name = line.split(separator: "*").last ?? nil {
                // `… *name;` or a block's `(^name)(…);`.
                let block = line.firstRange(of: "(^").map { line[$0.upperBound...] }
                names.insert(block.map(word) ?? word(name.drop { $0 == " " }))
            } else if line.hasSuffix(";"), let last = line.split(separator: " ").last,
                last.hasPrefix("*_") || last.hasPrefix("_")
            {
                names.insert(word(last.drop { $0 == "*" || $0 == "_" }))
            }
        }
        names.remove("")
        return names
    }

    @Test func idsNamedAfterTheBaseClassesSelectorsAndVariablesGetOtherNames() throws {
        let names = try Self.baseClassNames()
        // What the base class has: its seams, its delegates, its hooks and its private state.
        for expected in [
            "animator", "onStep", "setOnStep", "layoutDidChange", "collisionBehavior", "dynamicAnimatorDidPause",
            "contactEnded", "addGestureTarget", "movePinnedPointsFromSize", "moveEvent", "applyEvent", "stepper",
            "gestureTargets", "timeline", "design", "ids", "indices", "item", "items", "idOfItem",
        ] {
            #expect(names.contains(expected), "\(expected) not found in ImpulseDynamics")
        }
        let gravities = names.sorted().map { #"{"type": "gravity", "id": "\#($0)", "items": ["card"]}"# }
        let scene = """
            {"name": "Names", "referenceView": {"width": 320, "height": 480},
             "items": [{"id": "card", "center": [160, 100], "size": [80, 120]}],
             "behaviors": [\(gravities.joined(separator: ", "))]}
            """
        let output = try CodeGenerator.generate(Linter.lint(Array(scene.utf8)), language: .objc).get()
        let header = try #require(output.files.first { $0.name == "NamesDynamics.h" }?.text)
        let properties = header.split(separator: "\n").filter { $0.hasPrefix("@property (nonatomic") }.map {
            String($0.split(separator: "*").last!.dropLast())
        }
        #expect(properties.count == names.count)
        for property in properties {
            #expect(!names.contains(property), "the id \(property) names a property like ImpulseDynamics's")
        }
    }
}
