import Foundation
import Testing

// What an app does with the generated Swift without editing it, run against the stand-in UIKit: the closures it sets
// are called (and the scene's own reactions still run), the inputs move the live behaviors (and the recording says
// so), `.keepViews` leaves the views alone, the display link does not keep the scene alive, and scene ids named
// after everything the generated code calls still compile. One program holds every check (compiling is the slow
// part); each check prints `name: value` lines that the tests read.

@Suite("Generated Swift used from an app, against the stand-in UIKit", .serialized)
struct GeneratedSwiftAppTests {
    /// A scene with a snap that events replace, a push, an attachment to an anchor and a reaction to the floor.
    static let appScene = """
        {
          "format": 1,
          "name": "App",
          "referenceView": {"width": 300, "height": 400},
          "items": [
            {"id": "ball", "center": [100, 100], "size": [40, 40], "collisionBounds": "ellipse"},
            {"id": "box", "center": [200, 100], "size": [40, 40]}
          ],
          "behaviors": [
            {"type": "gravity", "items": ["ball", "box"]},
            {"type": "collision", "id": "walls", "items": ["ball", "box"],
             "boundaries": [{"id": "floor", "from": [0, 380], "to": [300, 380]}]},
            {"type": "snap", "id": "snap", "item": "box", "point": [150, 200]},
            {"type": "push", "id": "kick", "items": ["ball"], "mode": "instantaneous", "magnitude": 0.5},
            {"type": "attachment", "id": "rope", "item": "ball", "anchor": [100, 20]}
          ],
          "events": [
            {"at": 1, "remove": "snap"},
            {"at": 1, "add": {"type": "snap", "id": "snap", "item": "box", "point": [50, 50]}},
            {"on": {"contactBegan": {"item": "ball", "with": {"boundary": "floor"}}},
             "set": "kick", "values": {"magnitude": 2}}
          ]
        }
        """

    /// Ids named after every global function and every member and local name the generated code uses: none may
    /// shadow what the code calls.
    static let shadowingNames = [
        "min", "max", "preconditionFailure", "precondition", "animator", "items", "item", "ids", "id",
        "referenceView", "placement", "starts", "makeStarts", "place", "playTimeline", "stopTimeline", "applyEvent",
        "applyEvents", "displayLink", "displayLinkDidFire", "timelineStart", "timelineTime", "nextEvent", "makeViews",
        "collisionBehavior", "changeItems", "snap", "push", "moveAnchor", "onStep", "onPause", "stepper", "contact",
        "boundary", "queueReactions", "isPlaying", "self", "init", "super", "description", "point", "link", "start",
        "index", "view", "views", "path", "owner", "all", "indices", "behavior", "elapsed", "due", "moving",
        "activePans", "startPan", "movePan", "panPaths", "reactions", "dueReactions", "firedReactions", "eventTimes",
        "eventsByTime", "referenceSize", "Item", "Make", "Start", "Partner", "Swift", "UIKit", "Dictionary",
        "ObjectIdentifier", "CGPoint", "UIView", "CACurrentMediaTime", "timeline", "Timeline", "Setup", "setup",
        "layout", "old", "movePinnedPoints", "movePanPoint", "ImpulseDynamics", "Array",
    ]

    /// A scene whose behaviors, items and boundaries carry the shadowing names, with a pan and a reaction so that
    /// the whole timeline runtime is written.
    static var shadowingScene: String {
        let items = shadowingNames.prefix(12).enumerated().map { index, name in
            "{\"id\": \"\(name)\", \"center\": [\(30 + index * 25), 60], \"size\": [20, 20]}"
        }
        let itemIds = shadowingNames.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")
        // "point" is the attachment that a pan moves (the pan's method has a parameter of that name).
        var behaviors = shadowingNames.filter { $0 != "point" }.map {
            "{\"type\": \"gravity\", \"id\": \"\($0)\", \"items\": [\(itemIds)], \"magnitude\": 0.01}"
        }
        behaviors.append(
            "{\"type\": \"collision\", \"id\": \"collide\", \"items\": [\(itemIds)], \"boundaries\": ["
                + shadowingNames.prefix(3).enumerated().map { index, name in
                    "{\"id\": \"\(name)\", \"from\": [0, \(300 + index * 10)], \"to\": [400, \(300 + index * 10)]}"
                }.joined(separator: ", ") + "]}")
        behaviors.append(
            "{\"type\": \"attachment\", \"id\": \"point\", \"item\": \"min\", \"anchor\": [40, 20]}")
        let first = shadowingNames[0]
        return """
            {"format": 1, "name": "Shadow", "referenceView": {"width": 400, "height": 400},
             "items": [\(items.joined(separator: ", "))],
             "behaviors": [\(behaviors.joined(separator: ",\n"))],
             "events": [
               {"at": 0.5, "pan": "point", "path": [[40, 20], [80, 40]], "duration": 0.2},
               {"on": {"contactBegan": {"item": "\(first)", "with": {"boundary": "\(first)"}}}, "remove": "\(first)"}
             ]}
            """
    }

    static let main = """
        import UIKit

        func report(_ name: String, _ value: Any) { print("\\(name): \\(value)") }

        func describe(_ partner: AppDynamics.Partner) -> String {
            switch partner {
            case .item(let item): "item \\(item.rawValue)"
            case .boundary(let id): "boundary \\(id ?? "nil")"
            }
        }

        @MainActor func seams() {
            Recording.reset()
            let views = AppDynamics.makeViews()
            for id in AppDynamics.Item.allCases { Recording.name(views[id]!, as: id.rawValue) }
            let reference = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
            let dynamics = AppDynamics(referenceView: reference, items: views)
            var log: [String] = []
            dynamics.onContactBegan = { item, partner, point in log.append("began \\(item.rawValue) \\(describe(partner)) \\(point.x) \\(point.y)") }
            dynamics.onContactEnded = { item, partner in log.append("ended \\(item.rawValue) \\(describe(partner))") }
            dynamics.onPause = { log.append("pause") }
            dynamics.onResume = { log.append("resume") }
            dynamics.playTimeline()
            dynamics.collisionBehavior(
                dynamics.walls, beganContactFor: views[.ball]!, withBoundaryIdentifier: "floor" as NSString,
                at: CGPoint(x: 3, y: 4))
            dynamics.collisionBehavior(dynamics.walls, endedContactFor: views[.ball]!, with: views[.box]!)
            dynamics.animator.delegate?.dynamicAnimatorDidPause(dynamics.animator)
            dynamics.animator.delegate?.dynamicAnimatorWillResume(dynamics.animator)
            report("closures", log.joined(separator: "; "))
            // The reaction to the floor applies on the next display frame, as the scene says.
            Recording.runDisplayLinks(frames: 1, frameRate: 60) { link in
                (link.target as! ImpulseDisplayLinkTarget).displayLinkDidFire(link)
            }
            report("reaction magnitude", dynamics.kick.magnitude)
            let before = dynamics.animator.behaviors.count
            var steps = 0
            dynamics.onStep = { steps += 1 }
            dynamics.animator.behaviors.last?.action?()
            dynamics.animator.behaviors.last?.action?()
            let during = dynamics.animator.behaviors.count
            dynamics.onStep = nil
            report("steps", steps)
            report("step behavior", "\\(during - before) added, \\(dynamics.animator.behaviors.count - before) left")
        }

        @MainActor func inputs() {
            Recording.reset()
            let views = AppDynamics.makeViews()
            for id in AppDynamics.Item.allCases { Recording.name(views[id]!, as: id.rawValue) }
            let reference = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
            let dynamics = AppDynamics(referenceView: reference, items: views)
            let first = dynamics.snap
            Recording.beginEvent(at: 0.5)
            dynamics.snap(.snap, to: CGPoint(x: 7, y: 9))
            dynamics.push(.kick, angle: 1.5, magnitude: 3)
            dynamics.moveAnchor(.rope, to: CGPoint(x: 11, y: 13))
            Recording.beginEvent(at: 1)
            dynamics.applyEvent(0)
            report("snap after remove", dynamics.snap == nil ? "nil" : "a behavior")
            Recording.beginEvent(at: 1)
            dynamics.applyEvent(1)
            let live = dynamics.snap.map { snap in dynamics.animator.behaviors.contains { $0 === snap } } ?? false
            report("snap after add", dynamics.snap !== first && live ? "the new live behavior" : "stale")
            Recording.beginEvent(at: 2)
            dynamics.snap(.snap, to: CGPoint(x: 21, y: 22))
            dynamics.push(.kick, direction: CGVector(dx: 0, dy: -1))
            // Gestures: a tap snaps, a pan moves the anchor, each time the recognizer calls its target.
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            let pan = UIPanGestureRecognizer(target: nil, action: nil)
            dynamics.attach(tap, snap: .snap)
            dynamics.attach(pan, to: .rope)
            Recording.beginEvent(at: 3)
            tap.testLocation = CGPoint(x: 31, y: 32)
            pan.testLocation = CGPoint(x: 41, y: 42)
            for gesture in [tap, pan] as [UIGestureRecognizer] {
                for (target, action) in gesture.targets {
                    precondition(action == Selector("gestureDidChange:"), "another action")
                    (target as! ImpulseGestureTarget).gestureDidChange(gesture)
                }
            }
            let recorded = Recording.scene(name: "App", previewJSON: "{}").json
            report("recording", recorded.split(separator: "\\n").joined(separator: " "))
        }

        @MainActor func placement() {
            let views = AppDynamics.makeViews()
            for view in views.values { view.center = CGPoint(x: 1, y: 2) }
            let reference = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
            _ = AppDynamics(referenceView: reference, items: views, placement: .keepViews)
            report("keepViews", views.values.map { "\\($0.center.x),\\($0.center.y)" }.sorted().joined(separator: " "))
            _ = AppDynamics(referenceView: reference, items: views)
            report("fromScene", "\\(views[.ball]!.center.x),\\(views[.ball]!.center.y)")
        }

        @MainActor func displayLink() {
            Recording.reset()
            let views = AppDynamics.makeViews()
            let reference = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
            var dynamics: AppDynamics? = AppDynamics(referenceView: reference, items: views)
            weak var gone = dynamics
            dynamics!.playTimeline()
            let link = Recording.links.last!
            dynamics = nil
            report("scene after release", gone == nil ? "released" : "alive")
            (link.target as! ImpulseDisplayLinkTarget).displayLinkDidFire(link)
            report("link after release", link.isScheduled ? "scheduled" : "invalidated")
        }

        @MainActor func shadowing() {
            Recording.reset()
            let views = ShadowDynamics.makeViews()
            let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let dynamics = ShadowDynamics(referenceView: reference, items: views)
            dynamics.playTimeline()
            report("shadowing behaviors", dynamics.animator.behaviors.count)
        }

        @MainActor func controller() {
            Recording.reset()
            let controller = SnapViewController()
            let tap = controller.view.gestureRecognizers?.first as! UITapGestureRecognizer
            tap.testLocation = CGPoint(x: 33, y: 44)
            controller.snapToTap(tap)
            report("controller snap point", controller.snapPoint.map { "\\($0.x),\\($0.y)" } ?? "none")
            // The view narrows by 55 pt: the snap point, pinned to the right edge, moves with it.
            controller.view.bounds = CGRect(x: 0, y: 0, width: 320, height: 667)
            controller.viewDidLayoutSubviews()
            report("controller snap point after layout", controller.snapPoint.map { "\\($0.x),\\($0.y)" } ?? "none")
        }

        seams()
        inputs()
        placement()
        displayLink()
        shadowing()
        controller()

        """

    /// The program's `name: value` lines, built and run once for every test.
    static let output: Result<[String: String], Error> = Result {
        let workspace = try Workspace(["app.dynamics.json": appScene, "shadow.dynamics.json": shadowingScene])
        var sources: [String] = []
        for (scene, type) in [("app.dynamics.json", "AppDynamics"), ("shadow.dynamics.json", "ShadowDynamics")] {
            let run = try workspace.impulse("generate", "swift", scene, "--type-name", type, "-o", ".")
            guard run.status == 0 else { throw Impulse.RunnerError(message: "generate \(scene): \(run.stderr)") }
            _ = try RoundTripProgram.sceneText(try workspace.read(type + ".swift"), label: scene)
            sources.append(workspace.url.appendingPathComponent(type + ".swift").path)
        }
        // The README's view controller, with the generated class of the scene it runs.
        let pinnedFloor = Impulse.packageRoot.appendingPathComponent("examples/pinned-floor.dynamics.json").path
        let run = try workspace.impulse("generate", "swift", pinnedFloor, "-o", ".")
        guard run.status == 0 else { throw Impulse.RunnerError(message: "generate pinned-floor: \(run.stderr)") }
        _ = try RoundTripProgram.sceneText(try workspace.read("PinnedFloorDynamics.swift"), label: "pinned-floor")
        // `-o .` wrote the runtime beside the scenes' files.
        let support = try RoundTripProgram.linuxSpelling(
            of: try workspace.read("ImpulseSupport.swift"), label: "ImpulseSupport.swift")
        try workspace.write(support, to: "ImpulseSupport.swift")
        try workspace.write(try Self.linuxSpelling(ofController: try Self.controllerText()), to: "Controller.swift")
        sources += ["PinnedFloorDynamics.swift", "ImpulseSupport.swift", "Controller.swift"].map {
            workspace.url.appendingPathComponent($0).path
        }
        try workspace.write(main, to: "main.swift")
        let executable = try RoundTripProgram.compileAgainstStandIn(
            sources + [workspace.url.appendingPathComponent("main.swift").path], in: workspace.url)
        let process = Process()
        process.executableURL = executable
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Impulse.RunnerError(message: "the program failed: \(String(decoding: data, as: UTF8.self))")
        }
        var lines: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let colon = line.range(of: ": ") else { continue }
            lines[String(line[..<colon.lowerBound])] = String(line[colon.upperBound...])
        }
        return lines
    }

    /// examples/app/SnapViewController.swift, which the README quotes.
    static func controllerText() throws -> String {
        try String(
            contentsOf: Impulse.packageRoot.appendingPathComponent("examples/app/SnapViewController.swift"),
            encoding: .utf8)
    }

    /// The controller's one `@objc` and one `#selector` in plain Swift (Linux has no Objective-C runtime).
    static func linuxSpelling(ofController text: String) throws -> String {
        guard text.components(separatedBy: "@objc ").count == 2,
            text.components(separatedBy: "#selector(snapToTap(_:))").count == 2
        else { throw Impulse.RunnerError(message: "the controller's action is not spelled as expected") }
        return text.replacingOccurrences(of: "@objc ", with: "")
            .replacingOccurrences(of: "#selector(snapToTap(_:))", with: "Selector(\"snapToTap:\")")
    }

    @Test("The README's view controller compiles, its tap moves the snap point, and a narrower view moves it along")
    func readmeControllerRuns() throws {
        let readme = try String(
            contentsOf: Impulse.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + (try Self.controllerText()) + "```\n"))
        let lines = try Self.output.get()
        #expect(lines["controller snap point"] == "33.0,44.0")
        #expect(lines["controller snap point after layout"] == "-22.0,44.0")
    }

    @Test("The closures an app sets are called on contacts, rest and every step, and the scene's reactions still run")
    func seamsAreCalled() throws {
        let lines = try Self.output.get()
        #expect(
            lines["closures"]
                == "began ball boundary floor 3.0 4.0; ended ball item box; pause; resume")
        #expect(lines["reaction magnitude"] == "2.0")
        #expect(lines["steps"] == "2")
        #expect(lines["step behavior"] == "1 added, 0 left")
    }

    @Test("snap(_:to:), push, moveAnchor and attached gestures drive the live behaviors, as the recording shows")
    func inputsMoveTheLiveBehaviors() throws {
        let lines = try Self.output.get()
        #expect(lines["snap after remove"] == "nil")
        #expect(lines["snap after add"] == "the new live behavior")
        // The recording names behaviors in the order they are added: the snap is behavior3, the push behavior4, the
        // attachment behavior5, and the snap that the event at 1 s adds is behavior6.
        let recording = try #require(lines["recording"])
        #expect(recording.contains("{\"at\": 0.5, \"set\": \"behavior3\", \"values\": {\"point\": [7.0, 9.0]}}"))
        #expect(
            recording.contains(
                "{\"at\": 0.5, \"set\": \"behavior4\", \"values\": {\"angle\": 1.5, \"magnitude\": 3.0, \"active\": true}}"
            ))
        #expect(recording.contains("{\"at\": 0.5, \"set\": \"behavior5\", \"values\": {\"anchor\": [11.0, 13.0]}}"))
        #expect(recording.contains("{\"at\": 2.0, \"set\": \"behavior6\", \"values\": {\"point\": [21.0, 22.0]}}"))
        #expect(
            recording.contains(
                "{\"at\": 2.0, \"set\": \"behavior4\", \"values\": {\"direction\": [0.0, -1.0], \"active\": true}}"))
        #expect(recording.contains("{\"at\": 3.0, \"set\": \"behavior6\", \"values\": {\"point\": [31.0, 32.0]}}"))
        #expect(recording.contains("{\"at\": 3.0, \"set\": \"behavior5\", \"values\": {\"anchor\": [41.0, 42.0]}}"))
    }

    @Test("placement .keepViews leaves the app's views where it put them; .fromScene places them as the scene does")
    func keepViewsLeavesTheViews() throws {
        let lines = try Self.output.get()
        #expect(lines["keepViews"] == "1.0,2.0 1.0,2.0")
        #expect(lines["fromScene"] == "100.0,100.0")
    }

    @Test("A playing timeline does not keep the scene alive: its display link's target holds it weakly")
    func displayLinkHoldsTheSceneWeakly() throws {
        let lines = try Self.output.get()
        #expect(lines["scene after release"] == "released")
        #expect(lines["link after release"] == "invalidated")
    }

    @Test("Ids named after every global and member the generated code uses compile and build every behavior")
    func shadowingIdsCompile() throws {
        let lines = try Self.output.get()
        // A gravity behavior per name but "point", the collision behavior and the attachment "point".
        #expect(lines["shadowing behaviors"] == String(Self.shadowingNames.count + 1))
    }

    @Test("-o DIR writes Name.swift into the folder for Swift, Name.h and Name.m for Objective-C, and the runtime")
    func outputFolderWorksForBothLanguages() throws {
        let workspace = try Workspace(["app.dynamics.json": Self.appScene])
        try FileManager.default.createDirectory(
            at: workspace.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        let swift = try workspace.impulse("generate", "swift", "app.dynamics.json", "-o", "out")
        #expect(swift.status == 0, "\(swift.stderr)")
        let objc = try workspace.impulse("generate", "objc", "app.dynamics.json", "-o", "out/")
        #expect(objc.status == 0, "\(objc.stderr)")
        let files = try FileManager.default.contentsOfDirectory(
            atPath: workspace.url.appendingPathComponent("out").path)
        #expect(
            files.filter { !$0.hasPrefix("ImpulseSupport.") }.sorted()
                == ["AppDynamics.h", "AppDynamics.m", "AppDynamics.swift"])
        #expect(files.contains("ImpulseSupport.swift"))
        #expect(try workspace.read("out/AppDynamics.swift").contains("class AppDynamics: ImpulseDynamics<"))
    }
}
