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
            #expect(!file.text.contains("Dynamics"), "\(file.name) names a scene's type")
        }
        #expect(ObjectiveCSupport.files[1].text.contains("#import \"ImpulseSupport.h\""))
    }

    @Test func aScenesFilesHoldItsDataAndWiringAndImportTheSupport() throws {
        let files = try Self.objectiveC()
        let implementation = try #require(files["DraggedCardDynamics.m"])
        #expect(implementation.contains("#import \"ImpulseSupport.h\""))
        // Its pan and reaction are tables for the support's timeline.
        #expect(implementation.contains("static const ImpulsePan DraggedCardDynamicsPans[] = {"))
        #expect(implementation.contains("static const ImpulseReaction DraggedCardDynamicsReactions[] = {"))
        #expect(implementation.contains("[_timeline startPanOfEvent:0]"))
        // The scheduler, the display link and its proxy, the gesture targets and the views are the support's.
        for runTime in ["CADisplayLink", "NSMutableIndexSet", "@interface", "EllipseView", "sqrt("] {
            #expect(!implementation.contains(runTime), "the scene's file has \(runTime)")
        }
        let support = ObjectiveCSupport.files[1].text
        for runTime in ["CADisplayLink", "@implementation ImpulseTimeline", "@implementation ImpulseEllipseView"] {
            #expect(support.contains(runTime), "the support has no \(runTime)")
        }
    }
}
