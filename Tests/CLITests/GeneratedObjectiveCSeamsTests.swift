import Foundation
import Testing

// The app's side of the generated Objective-C, run on GNUstep against the Objective-C stand-in of UIKit
// (GeneratedObjectiveCRunTests.swift says how the program is built): a view controller's code sets each block and
// sees UIKit's callbacks reach it, drives each input by hand and through a gesture recognizer, keeps its own views
// in place, and calls `layoutDidChange` after the reference view takes another size. The examples' code comes from
// the real binary (`impulse generate objc`).

@Suite("Generated Objective-C: the blocks, inputs and layout an app uses", .serialized)
struct GeneratedObjectiveCSeamsTests {
    /// The program's output, one fact a line, built once.
    static let output: Result<[String], Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "impulse-objc-seams-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var includes = ""
        for example in ["pinned-floor", "push", "attachment-pan"] {
            let scene = Impulse.packageRoot.appendingPathComponent("examples/\(example).dynamics.json")
            let run = try Impulse.run(["generate", "objc", scene.path, "-o", folder.path], in: folder)
            guard run.status == 0 else {
                throw Impulse.RunnerError(message: "impulse generate objc \(example): \(run.stderr)")
            }
        }
        for type in ["PinnedFloorDynamics", "APushAcrossTheFloorDynamics", "AttachmentDraggedByAPanDynamics"] {
            let header = try String(contentsOf: folder.appendingPathComponent(type + ".h"), encoding: .utf8)
            let implementation = try String(contentsOf: folder.appendingPathComponent(type + ".m"), encoding: .utf8)
            let lowered = try FragileABI.lower(header: header, implementation: implementation, type: type)
            try Data(lowered.utf8).write(to: folder.appendingPathComponent(type + "+Fragile.m"))
            includes += "#include \"\(type)+Fragile.m\"\n"
        }
        try ObjectiveCBuild.writeLoweredSupport(into: folder)
        // The README's view controller. Its interface (in its file) is lowered as a header would be; the scene's
        // class it imports is in the program already, lowered.
        let controller = try String(contentsOf: Self.controllerURL, encoding: .utf8)
            .replacingOccurrences(of: "#import \"PinnedFloorDynamics.h\"", with: "")
        guard let end = controller.range(of: "@end\n") else {
            throw Impulse.RunnerError(message: "SnapViewController.m has no interface")
        }
        let lowered = try FragileABI.lower(
            header: String(controller[..<end.upperBound]),
            implementation: "#import \"SnapViewController.h\"\n" + controller[end.upperBound...],
            type: "SnapViewController")
        try Data(lowered.utf8).write(to: folder.appendingPathComponent("SnapViewController+Fragile.m"))
        includes += "#include \"SnapViewController+Fragile.m\"\n"
        let main = "#import \"Recording.h\"\n" + includes + Self.appCode
        let mainURL = folder.appendingPathComponent("main.m")
        try Data(main.utf8).write(to: mainURL)
        let executable = folder.appendingPathComponent("app")
        try ObjectiveCBuild.compile(
            [mainURL, ObjectiveCBuild.standIn.appendingPathComponent("UIKit.m")], to: executable, in: folder)
        return try ObjectiveCBuild.output(of: [executable.path], in: folder).split(separator: "\n").map(String.init)
    }

    /// What an app does with the generated classes; each line it prints is a fact the tests look for.
    static let appCode = """
        static void Say(NSString *line) { printf("%s\\n", [line UTF8String]); }
        static NSString *Text(NSString *_Nullable text) { return text != nil ? text : @"-"; }

        int main(void) {
            @autoreleasepool {
                ImpulseRecordingReset();
                NSDictionary *views = [PinnedFloorDynamics makeViewsWithBackgroundColor:nil];
                UIView *ball = [views objectForKey:PinnedFloorDynamicsItemBall];
                UIView *box = [views objectForKey:PinnedFloorDynamicsItemBox];
                box.center = CGPointMake(11, 22);
                UIView *reference = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 375, 667)];
                PinnedFloorDynamics *floor = [[PinnedFloorDynamics alloc] initWithReferenceView:reference
                                                                                           items:views
                                                                                       placement:PinnedFloorDynamicsPlacementKeepViews];
                Say([NSString stringWithFormat:@"keepViews box %g %g", box.center.x, box.center.y]);

                floor.onContactBegan = ^(NSString *item, NSString *partner, NSString *boundary, CGPoint point) {
                    Say([NSString stringWithFormat:@"began %@ %@ %@ %g %g", item, Text(partner), Text(boundary), point.x, point.y]);
                };
                floor.onContactEnded = ^(NSString *item, NSString *partner, NSString *boundary) {
                    Say([NSString stringWithFormat:@"ended %@ %@ %@", item, Text(partner), Text(boundary)]);
                };
                floor.onPause = ^{ Say(@"pause"); };
                floor.onResume = ^{ Say(@"resume"); };
                __block int steps = 0;
                floor.onStep = ^{ steps += 1; };
                UICollisionBehavior *ground = floor.ground;
                id<UICollisionBehaviorDelegate> contacts = ground.collisionDelegate;
                [contacts collisionBehavior:ground beganContactForItem:ball withBoundaryIdentifier:PinnedFloorDynamicsBoundaryFloor atPoint:CGPointMake(5, 6)];
                [contacts collisionBehavior:ground beganContactForItem:ball withItem:box atPoint:CGPointMake(7, 8)];
                [contacts collisionBehavior:ground endedContactForItem:ball withBoundaryIdentifier:nil];
                [contacts collisionBehavior:ground endedContactForItem:box withItem:ball];
                UIView *stranger = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 1, 1)];
                [contacts collisionBehavior:ground beganContactForItem:ball withItem:stranger atPoint:CGPointMake(1, 1)];
                [floor.animator.delegate dynamicAnimatorWillResume:floor.animator];
                [floor.animator.delegate dynamicAnimatorDidPause:floor.animator];
                // A step of the animator: every behavior's action.
                for (UIDynamicBehavior *behavior in floor.animator->_behaviors) if (behavior.action != nil) behavior.action();
                NSUInteger withStepper = floor.animator->_behaviors.count;
                floor.onStep = nil;
                for (UIDynamicBehavior *behavior in floor.animator->_behaviors) if (behavior.action != nil) behavior.action();
                Say([NSString stringWithFormat:@"steps %d behaviors %lu then %lu", steps, (unsigned long)withStepper,
                                               (unsigned long)floor.animator->_behaviors.count]);

                [floor snap:PinnedFloorDynamicsSnapDock toPoint:CGPointMake(100, 200)];
                Say([NSString stringWithFormat:@"snap %g %g", floor.dock.snapPoint.x, floor.dock.snapPoint.y]);
                UITapGestureRecognizer *tap = [[UITapGestureRecognizer alloc] initWithTarget:nil action:NULL];
                [floor attachTapGestureRecognizer:tap snap:PinnedFloorDynamicsSnapDock];
                ImpulseRecordingSendGesture(tap, UIGestureRecognizerStateEnded, CGPointMake(30, 40));
                Say([NSString stringWithFormat:@"tap %g %g", floor.dock.snapPoint.x, floor.dock.snapPoint.y]);
                reference.bounds = CGRectMake(0, 0, 430, 932);
                [floor layoutDidChange];
                Say([NSString stringWithFormat:@"layout %g %g snap %g %g", floor.layoutSize.width, floor.layoutSize.height,
                                               floor.dock.snapPoint.x, floor.dock.snapPoint.y]);
                [floor layoutDidChange];
                Say([NSString stringWithFormat:@"again snap %g %g", floor.dock.snapPoint.x, floor.dock.snapPoint.y]);

                ImpulseRecordingReset();
                NSDictionary *pushViews = [APushAcrossTheFloorDynamics makeViewsWithBackgroundColor:nil];
                UIView *pushReference = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 375, 667)];
                APushAcrossTheFloorDynamics *push = [[APushAcrossTheFloorDynamics alloc] initWithReferenceView:pushReference items:pushViews];
                push.wind.active = NO;
                [push push:APushAcrossTheFloorDynamicsPushWind angle:0.5 magnitude:3];
                Say([NSString stringWithFormat:@"push angle %g magnitude %g active %d", push.wind.angle, push.wind.magnitude, push.wind.active]);
                push.wind.active = NO;
                [push push:APushAcrossTheFloorDynamicsPushWind direction:CGVectorMake(2, -1)];
                Say([NSString stringWithFormat:@"push direction %g %g active %d", push.wind.pushDirection.dx, push.wind.pushDirection.dy, push.wind.active]);

                ImpulseRecordingReset();
                NSDictionary *panViews = [AttachmentDraggedByAPanDynamics makeViewsWithBackgroundColor:nil];
                UIView *panReference = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 375, 667)];
                AttachmentDraggedByAPanDynamics *drag = [[AttachmentDraggedByAPanDynamics alloc] initWithReferenceView:panReference items:panViews];
                [drag moveAnchor:AttachmentDraggedByAPanDynamicsAttachmentPan toPoint:CGPointMake(50, 60)];
                Say([NSString stringWithFormat:@"anchor %g %g", drag.pan.anchorPoint.x, drag.pan.anchorPoint.y]);
                UIPanGestureRecognizer *finger = [[UIPanGestureRecognizer alloc] initWithTarget:nil action:NULL];
                [drag attachPanGestureRecognizer:finger toAttachment:AttachmentDraggedByAPanDynamicsAttachmentPan];
                ImpulseRecordingSendGesture(finger, UIGestureRecognizerStateChanged, CGPointMake(70, 80));
                Say([NSString stringWithFormat:@"pan %g %g", drag.pan.anchorPoint.x, drag.pan.anchorPoint.y]);

                ImpulseRecordingReset();
                SnapViewController *controller = [[SnapViewController alloc] init];
                UIView *screen = controller.view;  // loads the view: viewDidLoad
                Say([NSString stringWithFormat:@"controller views %lu", (unsigned long)screen.subviews.count]);
                ImpulseRecordingSendGesture([screen.gestureRecognizers objectAtIndex:0], UIGestureRecognizerStateEnded, CGPointMake(33, 44));
                PinnedFloorDynamics *dynamics = controller.dynamics;
                Say([NSString stringWithFormat:@"controller tap %g %g", dynamics.dock.snapPoint.x, dynamics.dock.snapPoint.y]);
                screen.bounds = CGRectMake(0, 0, 320, 568);
                [controller viewDidLayoutSubviews];
                UICollisionBehavior *walls = dynamics.ground;
                [walls.collisionDelegate collisionBehavior:walls
                                       beganContactForItem:[dynamics.items objectForKey:PinnedFloorDynamicsItemBall]
                                    withBoundaryIdentifier:PinnedFloorDynamicsBoundaryFloor
                                                   atPoint:CGPointMake(1, 2)];
                Say([NSString stringWithFormat:@"controller layout %g %g snap %g %g", dynamics.layoutSize.width,
                                               dynamics.layoutSize.height, dynamics.dock.snapPoint.x, dynamics.dock.snapPoint.y]);
                Say([@"controller contacts " stringByAppendingString:[controller.contacts componentsJoinedByString:@", "]]);
            }
            return 0;
        }

        """

    /// examples/app/SnapViewController.m, which the README quotes.
    static let controllerURL = Impulse.packageRoot.appendingPathComponent("examples/app/SnapViewController.m")

    private func lines() throws -> [String] { try Self.output.get() }

    @Test(
        "The README's Objective-C view controller compiles, its tap moves the snap point, and a narrower view moves it along"
    )
    func readmeControllerRuns() throws {
        let readme = try String(
            contentsOf: Impulse.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let controller = try String(contentsOf: Self.controllerURL, encoding: .utf8)
        #expect(readme.contains("```objc\n" + controller + "```\n"))
        let output = try lines()
        #expect(output.contains("controller views 2"), "\(output)")
        #expect(output.contains("controller tap 33 44"), "\(output)")
        #expect(output.contains("controller layout 320 568 snap -22 44"), "\(output)")
        #expect(output.contains("controller contacts ball touches floor at 1, 2"), "\(output)")
    }

    @Test("With placement KeepViews, the app's views stay where it put them")
    func keepViewsLeavesTheViews() throws {
        #expect(try lines().contains("keepViews box 11 22"))
    }

    @Test("The contact blocks get the item, the partner item or boundary id (nil for the bounds), and the point")
    func contactBlocks() throws {
        let contacts = try lines().filter { $0.hasPrefix("began") || $0.hasPrefix("ended") }
        #expect(
            contacts == [
                "began ball - floor 5 6", "began ball box - 7 8", "ended ball - -", "ended box ball -",
            ], "\(contacts)")
    }

    @Test("onResume and onPause follow the animator's delegate calls")
    func restBlocks() throws {
        let rest = try lines().filter { $0 == "pause" || $0 == "resume" }
        #expect(rest == ["resume", "pause"])
    }

    @Test("onStep runs on each step while set: its behavior joins the animator and leaves when it is nil")
    func stepBlock() throws {
        // pinned-floor has three behaviors; the stepper is the fourth.
        #expect(try lines().contains("steps 1 behaviors 4 then 3"))
    }

    @Test("snap:toPoint: and a tap gesture move the snap point")
    func snapInputs() throws {
        let output = try lines()
        #expect(output.contains("snap 100 200"))
        #expect(output.contains("tap 30 40"))
    }

    @Test("layoutDidChange at 430×932 moves the right-pinned snap point by the change of width, once")
    func layoutDidChangeMovesASetPoint() throws {
        let output = try lines()
        #expect(output.contains("layout 430 932 snap 85 40"), "\(output)")
        #expect(output.contains("again snap 85 40"))
    }

    @Test("push:angle:magnitude: and push:direction: set the push and make it active")
    func pushInputs() throws {
        let output = try lines()
        #expect(output.contains("push angle 0.5 magnitude 3 active 1"), "\(output)")
        #expect(output.contains("push direction 2 -1 active 1"), "\(output)")
    }

    @Test("moveAnchor:toPoint: and a pan gesture move the attachment's anchor")
    func anchorInputs() throws {
        let output = try lines()
        #expect(output.contains("anchor 50 60"))
        #expect(output.contains("pan 70 80"))
    }
}
