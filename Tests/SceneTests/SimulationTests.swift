import Engine
import JSON
import Testing

@testable import Scene

/// Scenes run through the scene layer (`SceneSimulation`), checked against scene-format.md's "How a scene runs".
@Suite struct SimulationTests {
    /// Lints `json` (which must have no error) and runs it.
    static func run(_ json: String, frames: Int, every: Int = 1) throws -> SimulationRun {
        let lint = Linter.lint(Array(json.utf8), fileName: "test.dynamics.json")
        let errors = lint.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.code): \($0.message)" })")
        let scene = try #require(lint.scene)
        return try #require(SceneSimulation.run(scene, frames: frames, every: every))
    }

    static func scene(
        items: String, behaviors: String, events: String = "[]", width: Int = 400, height: Int = 800
    ) -> String {
        """
        {"referenceView": {"width": \(width), "height": \(height)}, "items": \(items), "behaviors": \(behaviors), "events": \(events)}
        """
    }

    static let box = #"[{"id": "box", "center": [100, 50], "size": [100, 100]}]"#

    @Test func freeFallFollowsTheSubstepFormula() throws {
        let run = try Self.run(
            Self.scene(
                items: Self.box,
                behaviors: """
                    [{"type": "gravity", "items": ["box"]}, {"type": "dynamicItem", "items": ["box"], "resistance": 0}]
                    """), frames: 5)
        let expected = [50, 50.0694, 50.4167, 51.0417, 51.9444, 53.1250]
        #expect(run.samples.map(\.frame) == [0, 1, 2, 3, 4, 5])
        for (sample, y) in zip(run.samples, expected) {
            #expect(abs(sample.items[0].center.y - y) < 1e-4, "frame \(sample.frame): \(sample.items[0].center.y)")
            #expect(sample.items[0].center.x == 100)
        }
        #expect(run.final == run.samples.last)
    }

    @Test func everyKeepsFramesZeroKTwoKAndTheFinalFrameApart() throws {
        let run = try Self.run(
            Self.scene(items: Self.box, behaviors: #"[{"type": "gravity", "items": ["box"]}]"#), frames: 10, every: 4)
        #expect(run.samples.map(\.frame) == [0, 4, 8])
        #expect(run.final.frame == 10)
        #expect(run.final.items[0].center.y > run.samples[2].items[0].center.y)
    }

    @Test func eventsApplyAtTheFirstFrameWhoseTimeReachesThem() throws {
        // 0.1 s is frame 6 exactly; 0.105 s is frame 7 (6.3 frames, rounded up); 0 applies before any sub-step.
        let run = try Self.run(
            Self.scene(
                items:
                    #"[{"id": "a", "center": [100, 50], "size": [10, 10]}, {"id": "b", "center": [200, 50], "size": [10, 10]}, {"id": "c", "center": [300, 50], "size": [10, 10]}]"#,
                behaviors: "[]",
                events: """
                    [{"at": 0, "add": {"type": "gravity", "items": ["c"]}},
                     {"at": 0.1, "add": {"type": "gravity", "id": "ga", "items": ["a"]}},
                     {"at": 0.105, "add": {"type": "gravity", "items": ["b"]}}]
                    """), frames: 8)
        let scripted = run.events.compactMap { event -> [Int]? in
            if case .scripted(let index, _) = event.kind { return [event.frame, index] }
            return nil
        }
        #expect(scripted == [[0, 0], [6, 1], [7, 2]])
        func y(_ item: Int, _ frame: Int) -> Double { run.samples[frame].items[item].center.y }
        #expect(y(2, 1) > 50)
        #expect(y(0, 5) == 50)
        #expect(y(0, 6) > 50)
        #expect(y(1, 6) == 50)
        #expect(y(1, 7) > 50)
        // Items that join later start at rest where they are: frames 6 and 7 both run two sub-steps.
        #expect(y(0, 6) == y(1, 7))
    }

    @Test func aSnapRemovedAndAddedAgainMovesTheItemToTheNewPoint() throws {
        let run = try Self.run(
            Self.scene(
                items: #"[{"id": "box", "center": [100, 100], "size": [80, 80], "angle": 0.4}]"#,
                behaviors: #"[{"type": "snap", "id": "snap", "item": "box", "point": [200, 300]}]"#,
                events: """
                    [{"at": 1, "remove": "snap"},
                     {"at": 1, "add": {"type": "snap", "id": "snap", "item": "box", "point": [300, 600], "damping": 0.5}}]
                    """), frames: 120)
        // Frame 60 already runs toward the new point: the change applies before its sub-steps.
        let beforeOne = run.samples[59].items[0]
        let atTwo = run.samples[120].items[0]
        #expect(abs(beforeOne.center.x - 200) < 0.5 && abs(beforeOne.center.y - 300) < 0.5, "\(beforeOne.center)")
        #expect(abs(beforeOne.angle) < 0.005)
        #expect(run.samples[60].items[0].center.y > beforeOne.center.y + 1)
        #expect(abs(atTwo.center.x - 300) < 0.5 && abs(atTwo.center.y - 600) < 0.5, "\(atTwo.center)")
    }

    @Test func theGravityAddedOrChangedLastPullsEveryGravityItemAndRemovingOneStopsIt() throws {
        let run = try Self.run(
            Self.scene(
                items:
                    #"[{"id": "a", "center": [100, 100], "size": [10, 10]}, {"id": "b", "center": [200, 100], "size": [10, 10]}]"#,
                behaviors: """
                    [{"type": "gravity", "id": "down", "items": ["a"]},
                     {"type": "gravity", "id": "right", "items": ["b"], "direction": [1, 0]},
                     {"type": "dynamicItem", "items": ["a", "b"], "resistance": 0}]
                    """,
                events: """
                    [{"at": 0.5, "set": "down", "values": {"direction": [0, -1]}},
                     {"at": 1, "remove": "right"}]
                    """), frames: 90)
        let h = Double(Float(1.0 / 120))
        for item in 0..<2 {
            // 57 sub-steps of [1, 0] by frame 29, then [0, -1] from frame 30.
            let early = run.samples[29].items[item]
            #expect(
                abs(early.velocity.x - 1000 * 57 * h) < 1e-6 && early.velocity.y == 0, "item \(item): \(early.velocity)"
            )
            let late = run.samples[59].items[item]
            #expect(
                abs(late.velocity.y + 1000 * 60 * h) < 1e-6 && late.velocity.x == early.velocity.x,
                "item \(item): \(late.velocity)")
            // No gravity after the removal at frame 60: the velocity stays.
            #expect(run.samples[90].items[item].velocity == run.samples[60].items[item].velocity)
            #expect(abs(run.samples[60].items[item].velocity.y - late.velocity.y) < 1e-9)
        }
    }

    @Test func anInstantaneousPushFiresOnceInFrameOne() throws {
        let run = try Self.run(
            Self.scene(
                items: Self.box,
                behaviors: """
                    [{"type": "push", "items": ["box"], "mode": "instantaneous", "magnitude": 1},
                     {"type": "dynamicItem", "items": ["box"], "resistance": 0}]
                    """), frames: 4)
        #expect(run.samples[0].items[0].velocity.x == 0)
        for frame in 1...4 {
            #expect(abs(run.samples[frame].items[0].velocity.x - 100) < 1e-9, "frame \(frame)")
        }
    }

    @Test func anItemNoBehaviorNamesNeverMovesAndRests() throws {
        let run = try Self.run(
            Self.scene(
                items:
                    #"[{"id": "a", "center": [100, 100], "size": [50, 50]}, {"id": "idle", "center": [100, 130], "size": [50, 50], "angle": 0.3}]"#,
                behaviors:
                    #"[{"type": "gravity", "items": ["a"]}, {"type": "collision", "items": ["a"], "translatesReferenceBoundsIntoBoundary": true}]"#
            ),
            frames: 30, every: 10)
        for sample in run.samples + [run.final] {
            #expect(
                sample.items[1]
                    == ItemState(
                        center: Vector(x: 100, y: 130), angle: 0.3, velocity: .zero, angularVelocity: 0, resting: true))
        }
        // The falling item passes through it: it collides with nothing.
        #expect(run.final.items[0].center.y > 130)
        #expect(!run.events.contains { if case .contact(_, _, .item, _) = $0.kind { true } else { false } })
    }

    @Test func dynamicItemPropertiesFollowTheLastBehaviorAndRemovalRestoresDefaultsExceptAnchoredAndCharge() throws {
        let json = Self.scene(
            items: Self.box,
            behaviors: """
                [{"type": "dynamicItem", "id": "first", "items": ["box"], "elasticity": 0.5, "friction": 0.7, "charge": 2},
                 {"type": "dynamicItem", "id": "second", "items": ["box"], "elasticity": 0.9, "anchored": true}]
                """,
            events:
                #"[{"at": 0.5, "remove": "second"}, {"at": 1, "remove": "first"}, {"at": 1.5, "add": {"type": "gravity", "items": ["box"]}}]"#
        )
        let scene = try #require(Linter.lint(Array(json.utf8)).scene)
        let simulation = SceneSimulation(scene: scene)
        _ = simulation.start()
        let body = simulation.bodies[0]
        var properties = simulation.world.properties(of: body)
        #expect(
            properties.elasticity == 0.9 && properties.friction == 0.7 && properties.charge == 2 && properties.anchored)

        #expect(simulation.applyEvents(throughFrame: 30) == [0])
        properties = simulation.world.properties(of: body)
        #expect(
            properties.elasticity == 0.5 && properties.friction == 0.7 && properties.charge == 2 && properties.anchored)

        #expect(simulation.applyEvents(throughFrame: 60) == [1])
        properties = simulation.world.properties(of: body)
        #expect(properties.elasticity == 0.2 && properties.friction == 0.2 && properties.density == 1)
        #expect(properties.resistance == 0.1 && properties.angularResistance == 0.1 && properties.allowsRotation)
        #expect(properties.charge == 2 && properties.anchored)

        // Still anchored under gravity: it stays where it is, resting.
        let run = try Self.run(json, frames: 120, every: 120)
        #expect(
            run.final.items[0]
                == ItemState(
                    center: Vector(x: 100, y: 50), angle: 0, velocity: .zero, angularVelocity: 0, resting: true))
    }

    @Test func aDynamicItemAddedByAnEventAddsItsVelocityOnceWhenAdded() throws {
        let run = try Self.run(
            Self.scene(
                items: Self.box, behaviors: #"[{"type": "dynamicItem", "items": ["box"], "resistance": 0}]"#,
                events: """
                    [{"at": 0.5, "add": {"type": "dynamicItem", "items": ["box"], "linearVelocity": [120, 0], "angularVelocity": 1}}]
                    """), frames: 40)
        #expect(run.samples[29].items[0].velocity.x == 0)
        #expect(run.samples[30].items[0].velocity.x == 120)
        #expect(run.samples[40].items[0].velocity.x == 120)
        #expect(run.samples[40].items[0].angularVelocity > 0.9)
        #expect(run.samples[40].items[0].center.x > 100)
    }

    @Test func contactEventsNameTheItemListedFirstAndTheBoundaryByID() throws {
        // "top" (listed first) falls onto "bottom", which rests on the floor.
        let run = try Self.run(
            Self.scene(
                items:
                    #"[{"id": "top", "center": [200, 500], "size": [50, 50]}, {"id": "bottom", "center": [200, 675], "size": [50, 50]}]"#,
                behaviors: """
                    [{"type": "gravity", "items": ["top", "bottom"]},
                     {"type": "collision", "items": ["bottom", "top"], "boundaries": [{"id": "floor", "from": [0, 700], "to": [400, 700]}]}]
                    """), frames: 60, every: 60)
        let contacts = run.events.compactMap { event -> (Bool, Int, SimulationEvent.ContactPartner)? in
            if case .contact(let ended, let item, let partner, _) = event.kind { return (ended, item, partner) }
            return nil
        }
        #expect(contacts.contains { !$0.0 && $0.1 == 1 && $0.2 == .boundary("floor") })
        #expect(contacts.contains { !$0.0 && $0.1 == 0 && $0.2 == .item(1) })
        #expect(!contacts.contains { $0.2 == .item(0) })
    }

    @Test func idsThatOnlyLookAlikeNameTwoItems() throws {
        // "\u00e9" and "e\u0301" are canonically equivalent Swift strings but two ids: only the first falls.
        let run = try Self.run(
            Self.scene(
                items:
                    #"[{"id": "\u00e9", "center": [100, 100], "size": [10, 10]}, {"id": "e\u0301", "center": [200, 100], "size": [10, 10]}]"#,
                behaviors: #"[{"type": "gravity", "items": ["\u00e9"]}, {"type": "dynamicItem", "items": ["e\u0301"]}]"#
            ), frames: 10)
        #expect(run.itemIDs.map { Array($0.utf8) } == [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        #expect(run.final.items[0].center.y > 100)
        #expect(run.final.items[1].center.y == 100)
    }

    @Test func theSameSceneRunsToTheSameBits() throws {
        let json = Self.scene(
            items:
                #"[{"id": "a", "center": [180, 100], "size": [60, 60], "angle": 0.2}, {"id": "b", "center": [200, 300], "size": [80, 40], "collisionBounds": "ellipse"}]"#,
            behaviors: """
                [{"type": "gravity", "items": ["a", "b"]},
                 {"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": true}]
                """)
        #expect(try Self.run(json, frames: 90) == Self.run(json, frames: 90))
    }

    @Test func cancellingStopsTheRunAndProgressIsReported() throws {
        let scene = try #require(
            Linter.lint(Array(Self.scene(items: Self.box, behaviors: #"[{"type": "gravity", "items": ["box"]}]"#).utf8))
                .scene)
        var asked = 0
        #expect(
            SceneSimulation.run(
                scene, frames: 100,
                isCancelled: {
                    asked += 1
                    return asked > 10
                }) == nil)
        #expect(asked == 11)
        var reports: [Int] = []
        _ = SceneSimulation.run(
            scene, frames: 200,
            progress: { frame, total in
                #expect(total == 200)
                reports.append(frame)
            })
        #expect(reports.count == 100)
        #expect(reports.last == 200)
    }
}
