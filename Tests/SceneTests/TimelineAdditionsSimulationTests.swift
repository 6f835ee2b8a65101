import JSON
import Testing

@testable import Scene

/// Pans, live item lists and reactions as a run sees them (scene-format.md's additions of format 1).
@Suite struct TimelineAdditionsSimulationTests {
    static func run(_ json: String, frames: Int) throws -> SimulationRun {
        try SimulationTests.run(json, frames: frames)
    }

    static let box = #"[{"id": "box", "center": [100, 100], "size": [40, 40]}]"#
    static let spring =
        #"[{"type": "attachment", "id": "finger", "item": "box", "anchor": [100, 100], "frequency": 2, "damping": 0.3}]"#

    /// Where a finger that runs along [100, 100] → [200, 100] → [200, 200] (200 pt) from 0.5 s to 1.5 s is
    /// at time t, written out on its own.
    static func finger(at time: Double) -> (Double, Double) {
        let covered = min(200, max(0, 200 * (time - 0.5)))
        return covered <= 100 ? (100 + covered, 100) : (200, covered)
    }

    @Test func aPanPlacesTheAnchorExactlyAsSetEventsAtEveryFrameWould() throws {
        let pan = try Self.run(
            SimulationTests.scene(
                items: Self.box, behaviors: Self.spring,
                events: #"[{"at": 0.5, "pan": "finger", "path": [[100, 100], [200, 100], [200, 200]], "duration": 1}]"#),
            frames: 120)
        // Frames 30 (0.5 s) to 90 (1.5 s), one set event each, at each frame's own time.
        let sets = (30...90).map { frame -> String in
            let (x, y) = Self.finger(at: Double(frame) / 60)
            return #"{"at": \#(Double(frame) / 60), "set": "finger", "values": {"anchor": [\#(x), \#(y)]}}"#
        }
        let scripted = try Self.run(
            SimulationTests.scene(
                items: Self.box, behaviors: Self.spring, events: "[" + sets.joined(separator: ", ") + "]"),
            frames: 120)
        #expect(pan.samples == scripted.samples)
        #expect(pan.samples[120].items[0].center != pan.samples[0].items[0].center)
    }

    @Test func aPanIsOneScriptedEventWithItsStartAndEndFrames() throws {
        let run = try Self.run(
            SimulationTests.scene(
                items: Self.box, behaviors: Self.spring,
                events: #"[{"at": 0.5, "pan": "finger", "path": [[100, 100], [200, 100], [200, 200]], "duration": 1}]"#),
            frames: 120)
        let scripted = run.events.filter { if case .scripted = $0.kind { true } else { false } }
        #expect(scripted == [SimulationEvent(frame: 30, kind: .scripted(index: 0, endFrame: 90))])
    }

    @Test func aPanMovesASnapPointToThePathsEnd() throws {
        let run = try Self.run(
            SimulationTests.scene(
                items: Self.box, behaviors: #"[{"type": "snap", "id": "s", "item": "box", "point": [100, 100]}]"#,
                events: #"[{"at": 0, "pan": "s", "path": [[100, 100], [300, 300]], "duration": 0.5}]"#),
            frames: 180)
        let center = run.final.items[0].center
        #expect(abs(center.x - 300) < 0.5 && abs(center.y - 300) < 0.5, "\(center)")
    }

    @Test func anItemLeavingEveryBehaviorStopsWhereItIsAndOneJoiningStartsAtRest() throws {
        let items = #"""
            [{"id": "a", "center": [100, 100], "size": [40, 40]}, {"id": "b", "center": [300, 100], "size": [40,
            40]}]
            """#
        let run = try Self.run(
            SimulationTests.scene(
                items: items, behaviors: #"[{"type": "gravity", "id": "g", "items": ["a"]}]"#,
                events: #"[{"at": 0.5, "set": "g", "values": {"items": ["b"]}}]"#),
            frames: 60)
        // The set applies before frame 30's sub-steps: "a" fell until frame 29 and stays there; "b" waited at its
        // place and falls from rest: 2 sub-steps of g·h in frame 30 (a little less: the default resistance).
        let before = run.samples[29].items
        #expect(before[0].center.y > 100)
        #expect(run.final.items[0].center == before[0].center)
        #expect(run.final.items[0].resting)
        #expect(before[1].center == Vector(x: 300, y: 100))
        let speed = run.samples[30].items[1].velocity.y
        #expect(speed > 16 && speed <= 2 * 1000 * 0.008333333767950535, "\(speed)")
    }

    @Test func itemsAddedToACollisionBehaviorCollideFromThen() throws {
        let items = #"""
            [{"id": "a", "center": [100, 100], "size": [40, 40]}, {"id": "b", "center": [300, 100], "size": [40,
            40]}]
            """#
        let behaviors = #"""
            [{"type": "gravity", "items": ["a", "b"]},
             {"type": "collision", "id": "c", "items": ["a"], "boundaries": [{"id": "floor", "from": [0, 300], "to": [400, 300]}]}]
            """#
        let run = try Self.run(
            SimulationTests.scene(
                items: items, behaviors: behaviors,
                events: #"""
                    [{"at": 0.1, "set": "c", "values": {"items": ["a", "b"]}}]
                    """#),
            frames: 120)
        // Both rest on the floor (center 20 pt above it, less the boundary's skin), at the same height.
        let (a, b) = (run.final.items[0].center.y, run.final.items[1].center.y)
        #expect(a > 277 && a < 280, "\(a)")
        #expect(abs(a - b) < 0.01, "\(a) and \(b)")
    }

    static let floor = #"""
        [{"type": "gravity", "id": "g", "items": ["box"]},
         {"type": "dynamicItem", "items": ["box"], "elasticity": 0.8},
         {"type": "collision", "items": ["box"], "boundaries": [{"id": "floor", "from": [0, 300], "to": [400, 300]}]},
         {"type": "push", "id": "kick", "items": ["box"], "mode": "instantaneous", "active": false, "angle": -1.5707963267948966, "magnitude": 0.1}]
        """#

    static func contacts(_ run: SimulationRun) -> [Int] {
        run.events.compactMap { event in
            if case .contact(false, _, .boundary("floor"), _) = event.kind { return event.frame }
            return nil
        }
    }

    static func scripted(_ run: SimulationRun) -> [Int] {
        run.events.compactMap { event in
            if case .scripted(0, _) = event.kind { return event.frame }
            return nil
        }
    }

    @Test func aReactionAppliesInTheFrameAfterEachContactItNames() throws {
        let run = try Self.run(
            SimulationTests.scene(
                items: Self.box, behaviors: Self.floor,
                events: #"""
                    [{"on": {"contactBegan": {"item": "box", "with": {"boundary": "floor"}}}, "set": "kick",
                    "values": {"active": true}}]
                    """#
            ), frames: 240)
        let contacts = Self.contacts(run)
        #expect(contacts.count >= 2, "\(contacts)")
        #expect(Self.scripted(run) == contacts.map { $0 + 1 }.filter { $0 <= 240 })
    }

    @Test func onceLimitsAReactionToTheFirstContact() throws {
        let run = try Self.run(
            SimulationTests.scene(
                items: Self.box, behaviors: Self.floor,
                events: #"""
                    [{"on": {"contactBegan": {"item": "box", "with": {"boundary": "floor"}}}, "once": true,
                    "set": "kick", "values": {"active": true}}]
                    """#
            ), frames: 240)
        let contacts = Self.contacts(run)
        #expect(contacts.count >= 2, "\(contacts)")
        #expect(Self.scripted(run) == [contacts[0] + 1])
    }

    @Test func aReactionToAnotherPairNeverApplies() throws {
        let run = try Self.run(
            SimulationTests.scene(
                items: Self.box, behaviors: Self.floor,
                events: #"[{"on": {"contactEnded": {"item": "box", "with": {"boundary": "floor"}}}, "remove": "g"}]"#
            ).replacingOccurrences(
                of: #"""
                    "items": ["box"], "boundaries"
                    """#, with: #""items": ["box"], "translatesReferenceBoundsIntoBoundary": true, "boundaries""#),
            frames: 30)
        // No contact has ended by frame 30 (the box is still falling): nothing applies.
        #expect(Self.scripted(run).isEmpty)
    }
}
