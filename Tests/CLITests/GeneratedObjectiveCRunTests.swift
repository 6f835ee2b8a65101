import Foundation
import Testing

// The proof that `impulse generate objc` builds exactly the scene, run on Linux on GNUstep's Foundation.
//
// Every example scene and seeded random scenes (RandomScenes.swift) go through the real binary: `impulse generate
// objc`. The generated files are compiled, all into one program, with the Objective-C stand-in of UIKit
// (`Tests/UIKitStandIn/ObjectiveC`: `UIKit/UIKit.h` declares UIKit's API, `UIKit.m` records what the code does as
// the Swift stand-in does, `Recording.h` is the harness's side), and once the run time they share
// (`ImpulseSupport.h`/`.m`, from `ObjectiveCSupport`). The program builds each scene's animator with the
// generated `makeViewsWithBackgroundColor:` and `initWithReferenceView:items:`, applies the timeline, and turns the
// recording back into a scene, whose `impulse preview --format json` must equal the original's byte for byte
// (diagnostics compared without their positions), as in GeneratedSwiftRoundTripTests:
// - event by event (`applyEvent:`), for the scenes without pans and reactions (the generated code keeps a pan's
//   path and a reaction's contact in static tables that only its display link reads);
// - through the display link (`playTimeline`), for every scene: the run loop's firing is simulated frame by frame
//   and the original preview's contacts are delivered to the collision delegate after each frame. For a scene with
//   pans or reactions, every frame's writes are events at that frame, so the previews must agree on every item state
//   and contact, and every frame with a write must be one on which the original applies an event;
// - through the display link at 320×568 and 430×932, against `impulse preview --reference-size` at that size.
//
// What runs is not what ships (README, "Generated Objective-C on Linux"): Debian's GNUstep is built on GCC's
// Objective-C runtime, which runs neither ARC nor the modern (non-fragile) ABI, so the program is built with
// `-fobjc-runtime=gcc`, without ARC, and the generated text is lowered to the fragile ABI first (`FragileABI`):
// the class interfaces move from the header to the implementation file, beside the instance variables that the
// implementation declares, with an instance variable and an `@synthesize` for each property. Nothing else changes.

@Suite("Generated Objective-C, run against the Objective-C stand-in UIKit", .serialized)
struct GeneratedObjectiveCRunTests {
    /// How many random scenes join the examples.
    static let randomSceneCount = 60
    static let seed: UInt64 = 0x0B1E_C7C0

    @Test(
        "Building each scene's animator in Objective-C, then applying its events one by one, gives back the same preview"
    )
    func directRoundTrip() throws {
        let program = try ObjectiveCRoundTripProgram.shared.get()
        try program.check(mode: "direct")
    }

    @Test("Playing each Objective-C timeline through the display link applies every event on the preview's frame")
    func displayLinkRoundTrip() throws {
        let program = try ObjectiveCRoundTripProgram.shared.get()
        try program.check(mode: "timeline")
    }

    @Test(
        "At another size of the reference view, each Objective-C animator gives what `impulse preview --reference-size` gives",
        arguments: ["320x568", "430x932"])
    func roundTripAtAnotherSize(size: String) throws {
        // Through the display link, every scene runs (the pans and reactions too); one preview per scene and size.
        let program = try ObjectiveCRoundTripProgram.shared.get()
        try program.check(mode: "timeline", size: size)
    }

    @Test("After the reference view shrinks, layoutDidChange moves the pinned floor and snap point in Objective-C")
    func layoutDidChangeMovesPinnedPoints() throws {
        let program = try ObjectiveCRoundTripProgram.shared.get()
        let output = program.folder.appendingPathComponent("relayout")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        _ = try ObjectiveCBuild.output(of: [program.executable.path, "relayout", output.path, "320x568"], in: output)
        let index = try #require(program.cases.firstIndex { $0.label == "pinned-floor.dynamics.json" })
        let geometry = try String(
            contentsOf: output.appendingPathComponent("case\(index)-relayout.geometry"), encoding: .utf8)
        // Gravity, then the collision (its floor pinned to the bottom: 80 pt above it), then the snap (pinned to
        // the right: 60 pt from it, the same height).
        #expect(
            geometry.split(separator: "\n") == [
                "-", #"[{"id": "floor", "from": [0, 488], "to": [375, 488]}]"#, "[260, 520]",
            ], "\(geometry)")
    }

    @Test("A wrong UIKit argument in generated Objective-C changes the recorded scene")
    func theRoundTripCatchesAWrongArgument() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("impulse-objc-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = Impulse.packageRoot.appendingPathComponent("examples/showcase.dynamics.json")
        let program = try ObjectiveCRoundTripProgram.build(
            cases: [.init(label: "showcase, damping changed", scene: scene, typeName: "Case0Dynamics")], in: folder,
            edit: { $0.replacingOccurrences(of: "behavior.damping = 0.4;", with: "behavior.damping = 0.45;") })
        let differences = try program.differences(mode: "direct")
        #expect(differences.count == 1 && differences[0].contains("the previews differ"), "\(differences)")
    }

    @Test("Class extensions, a weak display-link proxy, block seams, a pan and subscripts run after the lowering")
    func theLoweringRunsModernObjectiveC() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("impulse-objc-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = """
            #import <UIKit/UIKit.h>
            NS_ASSUME_NONNULL_BEGIN
            @interface Seams : NSObject
            @property (nonatomic, readonly) UIDynamicAnimator *animator;
            @property (nonatomic, copy, nullable) void (^onStep)(NSString *name);
            - (instancetype)initWithReferenceView:(UIView *)view;
            - (void)play;
            - (void)attachPan:(UIPanGestureRecognizer *)pan;
            @end
            NS_ASSUME_NONNULL_END
            """
        let implementation = """
            #import "Seams.h"

            @interface Seams ()
            @property (nonatomic, strong, nullable) CADisplayLink *link;
            @property (nonatomic, strong) NSMutableDictionary<NSString *, NSNumber *> *counts;
            @end

            @interface SeamsProxy : NSObject
            @property (nonatomic, weak, nullable) Seams *target;
            @end

            @implementation SeamsProxy
            - (void)fire:(CADisplayLink *)link {
                (void)link;
                [self.target step];
            }
            @end

            @implementation Seams {
                NSInteger _steps;
            }
            - (instancetype)initWithReferenceView:(UIView *)view {
                self = [super init];
                _animator = [[UIDynamicAnimator alloc] initWithReferenceView:view];
                _counts = [NSMutableDictionary dictionary];
                return self;
            }
            - (void)play {
                SeamsProxy *proxy = [SeamsProxy new];
                proxy.target = self;
                self.link = [CADisplayLink displayLinkWithTarget:proxy selector:@selector(fire:)];
                [self.link addToRunLoop:[NSRunLoop mainRunLoop] forMode:NSRunLoopCommonModes];
            }
            - (void)attachPan:(UIPanGestureRecognizer *)pan {
                [pan addTarget:self action:@selector(handlePan:)];
            }
            - (void)handlePan:(UIPanGestureRecognizer *)pan {
                if (pan.state == UIGestureRecognizerStateChanged && self.onStep != nil) {
                    self.onStep([NSString stringWithFormat:@"pan %g", [pan locationInView:nil].x]);
                }
            }
            - (void)step {
                NSArray<NSString *> *names = @[@"gravity", @"snap"];
                __weak Seams *weakSelf = self;
                UIGravityBehavior *gravity = [[UIGravityBehavior alloc] initWithItems:@[]];
                gravity.action = ^{
                    NSString *name = names[weakSelf.counts.count % 2];
                    weakSelf.counts[name] = @(weakSelf.counts[name].integerValue + 1);
                    if (weakSelf.onStep != nil) weakSelf.onStep(name);
                };
                _steps += 1;
                gravity.action();
            }
            @end
            """
        let lowered = try FragileABI.lower(header: header, implementation: implementation, type: "Seams")
        try Data(lowered.utf8).write(to: folder.appendingPathComponent("Seams+Fragile.m"))
        let main = """
            #import "Recording.h"
            #include "Seams+Fragile.m"
            int main(void) {
                @autoreleasepool {
                    ImpulseRecordingReset();
                    Seams *seams = [[Seams alloc] initWithReferenceView:[[UIView alloc] initWithFrame:CGRectMake(0, 0, 1, 1)]];
                    NSMutableArray<NSString *> *names = [NSMutableArray array];
                    seams.onStep = ^(NSString *name) { [names addObject:name]; };
                    [seams play];
                    ImpulseRecordingBeginTimeline();
                    ImpulseRecordingRunDisplayLinks(3, 60);
                    UIPanGestureRecognizer *pan = [[UIPanGestureRecognizer alloc] initWithTarget:nil action:NULL];
                    [seams attachPan:pan];
                    ImpulseRecordingSendGesture(pan, UIGestureRecognizerStateChanged, CGPointMake(12, 30));
                    printf("%s\\n", [[names componentsJoinedByString:@" "] UTF8String]);
                }
                return 0;
            }
            """
        let mainURL = folder.appendingPathComponent("main.m")
        try Data(main.utf8).write(to: mainURL)
        let executable = folder.appendingPathComponent("seams")
        try ObjectiveCBuild.compile(
            [mainURL, ObjectiveCBuild.standIn.appendingPathComponent("UIKit.m")], to: executable, in: folder)
        let output = try ObjectiveCBuild.output(of: [executable.path], in: folder)
        #expect(output == "gravity snap gravity pan 12\n")
    }
}

/// The one program of every scene's generated Objective-C and the stand-in, built once for the tests.
struct ObjectiveCRoundTripProgram: Sendable {
    struct Case: Sendable {
        var label: String
        var scene: URL
        var typeName: String
    }

    let folder: URL
    let executable: URL
    let cases: [Case]
    /// The cases whose scenes have pans or reactions (by index in `cases`).
    let scripted: Set<Int>

    static let shared: Result<ObjectiveCRoundTripProgram, Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "impulse-objc-roundtrip-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var cases: [Case] = []
        let examples = Impulse.packageRoot.appendingPathComponent("examples")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
        where name.hasSuffix(".dynamics.json") {
            cases.append(Case(label: name, scene: examples.appendingPathComponent(name), typeName: ""))
        }
        for index in 0..<GeneratedObjectiveCRunTests.randomSceneCount {
            var generator = RandomSceneGenerator(seed: GeneratedObjectiveCRunTests.seed, index: index)
            let url = folder.appendingPathComponent("random-\(index).dynamics.json")
            try Data(generator.make().json.utf8).write(to: url)
            cases.append(
                Case(
                    label: "random scene \(index) (seed \(GeneratedObjectiveCRunTests.seed))", scene: url, typeName: "")
            )
        }
        for index in cases.indices { cases[index].typeName = "Case\(index)Dynamics" }
        return try build(cases: cases, in: folder)
    }

    /// Generates every case's Objective-C (through `edit`, for the test that the check can fail), lowers it to the
    /// fragile ABI, writes the harness and compiles it all into one program.
    static func build(
        cases: [Case], in folder: URL, edit: (String) -> String = { $0 }
    ) throws
        -> ObjectiveCRoundTripProgram
    {
        var scripted: Set<Int> = []
        var main = "#import \"Recording.h\"\n"
        var runs = ""
        for (index, testCase) in cases.enumerated() {
            let output = folder.appendingPathComponent("case\(index)")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let run = try Impulse.run(
                ["generate", "objc", testCase.scene.path, "--type-name", testCase.typeName, "-o", output.path],
                in: folder)
            guard run.status == 0, run.stderr.isEmpty else {
                throw Impulse.RunnerError(
                    message: "impulse generate objc \(testCase.label): status \(run.status)\n\(run.stderr)")
            }
            let type = testCase.typeName
            let header = try String(contentsOf: output.appendingPathComponent(type + ".h"), encoding: .utf8)
            let implementation = edit(
                try String(contentsOf: output.appendingPathComponent(type + ".m"), encoding: .utf8))
            let lowered = try FragileABI.lower(header: header, implementation: implementation, type: type)
            try Data(lowered.utf8).write(to: output.appendingPathComponent(type + "+Fragile.m"))
            // One translation unit for every scene: Foundation's headers are read once.
            main += "#include \"case\(index)/\(type)+Fragile.m\"\n"

            let facts = try SceneFacts(testCase.scene)
            if facts.isScripted { scripted.insert(index) }
            for (suffix, text) in [("name", facts.name), ("preview", facts.previewJSON), ("expect", facts.expectJSON)] {
                if let text { try Data(text.utf8).write(to: folder.appendingPathComponent("case\(index).\(suffix)")) }
            }
            runs += """
                static void run\(index)(NSString *mode, NSString *output) {
                    ImpulseRecordingReset();
                    NSDictionary *views = [\(type) makeViewsWithBackgroundColor:nil];
                    for (NSString *identifier in [\(type) allItems]) {
                        ImpulseRecordingName([views objectForKey:identifier], identifier);
                    }
                    BOOL relayout = [mode isEqualToString:@"relayout"];
                    CGSize size = HasRunSize && !relayout ? RunSize : [\(type) referenceSize];
                    UIView *reference = [[UIView alloc] initWithFrame:CGRectMake(0, 0, size.width, size.height)];
                    \(type) *dynamics = [[\(type) alloc] initWithReferenceView:reference items:views];
                    if (relayout) {
                        // The view takes RunSize: the boundaries and snap points after `layoutDidChange`.
                        reference.bounds = CGRectMake(0, 0, RunSize.width, RunSize.height);
                        [dynamics layoutDidChange];
                        Geometry(\(index), dynamics.animator, output);
                        return;
                    }
                    if ([mode isEqualToString:@"direct"]) {
                        for (NSInteger index = 0; index < [\(type) eventCount]; index++) {
                            ImpulseRecordingBeginEvent([\(type) timeOfEvent:index]);
                            [dynamics applyEvent:index];
                        }
                    } else {
                        Load(\(index), output);
                        ImpulseRecordingBeginTimeline();
                        [dynamics playTimeline];
                        ImpulseRecordingRunDisplayLinks(\(facts.frames), \(facts.frameRate));
                    }
                    Save(\(index), mode, output);
                }


                """
        }
        try ObjectiveCBuild.writeLoweredSupport(
            into: folder, removingFrom: cases.indices.map { folder.appendingPathComponent("case\($0)") })
        main += """

            /// The reference view's size (the program's third argument, `WxH`), when it is not the scene's.
            static CGSize RunSize;
            static BOOL HasRunSize = NO;

            /// The boundaries of each collision behavior and the point of each snap, one behavior a line.
            static void Geometry(int index, UIDynamicAnimator *animator, NSString *output) {
                NSMutableArray *lines = [NSMutableArray array];
                for (UIDynamicBehavior *behavior in animator->_behaviors) {
                    if ([behavior isKindOfClass:[UICollisionBehavior class]]) {
                        NSArray *boundaries = ((UICollisionBehavior *)behavior)->_boundaries;
                        [lines addObject:[NSString stringWithFormat:@"[%@]", [boundaries componentsJoinedByString:@", "]]];
                    } else if ([behavior isKindOfClass:[UISnapBehavior class]]) {
                        CGPoint point = ((UISnapBehavior *)behavior).snapPoint;
                        [lines addObject:[NSString stringWithFormat:@"[%g, %g]", point.x, point.y]];
                    } else {
                        [lines addObject:@"-"];
                    }
                }
                NSString *path = [NSString stringWithFormat:@"%@/case%d-relayout.geometry", output, index];
                [[lines componentsJoinedByString:@"\\n"] writeToFile:path atomically:NO encoding:NSUTF8StringEncoding error:NULL];
            }

            /// The text of the case's file beside the program (nil when there is none).
            static NSString *Fact(int index, NSString *suffix, NSString *folder) {
                NSString *path = [NSString stringWithFormat:@"%@/case%d.%@", folder, index, suffix];
                return [NSString stringWithContentsOfFile:path encoding:NSUTF8StringEncoding error:NULL];
            }

            static void Load(int index, NSString *output) {
                NSString *path = [NSString stringWithFormat:@"%@/case%d-contacts.txt", output, index];
                NSString *preview = [NSString stringWithContentsOfFile:path encoding:NSUTF8StringEncoding error:NULL];
                if (preview == nil || !ImpulseRecordingLoadContacts(preview)) {
                    fprintf(stderr, "no preview for case %d\\n", index);
                    exit(3);
                }
            }

            static void Save(int index, NSString *mode, NSString *output) {
                NSString *folder = [output stringByDeletingLastPathComponent];
                NSString *problems = nil;
                NSString *scene = ImpulseRecordingScene(
                    Fact(index, @"name", folder), Fact(index, @"preview", folder), Fact(index, @"expect", folder), &problems);
                NSString *base = [NSString stringWithFormat:@"%@/case%d-%@", output, index, mode];
                [scene writeToFile:[base stringByAppendingString:@".json"] atomically:NO encoding:NSUTF8StringEncoding error:NULL];
                [problems writeToFile:[base stringByAppendingString:@".problems"] atomically:NO encoding:NSUTF8StringEncoding error:NULL];
                [ImpulseRecordingWrittenFrames() writeToFile:[base stringByAppendingString:@".frames"] atomically:NO encoding:NSUTF8StringEncoding error:NULL];
            }


            """
        main += runs
        main += "int main(int argc, char **argv) {\n    if (argc != 3 && argc != 4) return 2;\n    @autoreleasepool {\n"
        main += "        NSString *mode = [NSString stringWithUTF8String:argv[1]];\n"
        main += "        NSString *output = [NSString stringWithUTF8String:argv[2]];\n"
        main += "        double width = 0, height = 0;\n"
        main += "        if (argc == 4 && sscanf(argv[3], \"%lfx%lf\", &width, &height) == 2) {\n"
        main += "            RunSize = CGSizeMake(width, height);\n"
        main += "            HasRunSize = YES;\n"
        main += "        }\n"
        for index in cases.indices {
            let skip = scripted.contains(index) ? "if (![mode isEqualToString:@\"direct\"]) " : ""
            main += "        \(skip)run\(index)(mode, output);\n"
        }
        main += "    }\n    return 0;\n}\n"
        let mainURL = folder.appendingPathComponent("main.m")
        try Data(main.utf8).write(to: mainURL)

        let standIn = Impulse.packageRoot.appendingPathComponent("Tests/UIKitStandIn/ObjectiveC")
        let executable = folder.appendingPathComponent("roundtrip")
        try ObjectiveCBuild.compile(
            [mainURL, standIn.appendingPathComponent("UIKit.m")], to: executable, in: folder)
        return ObjectiveCRoundTripProgram(folder: folder, executable: executable, cases: cases, scripted: scripted)
    }

    /// Runs the program in `mode` and records, per scene, how its recording's preview differs from the original's.
    /// `size` (`WxH`): the reference view's size, and the preview's `--reference-size`; nil for the scene's.
    func check(mode: String, size: String? = nil) throws {
        for difference in try differences(mode: mode, size: size) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    /// The differences between the scenes' previews and their recordings' previews in `mode` (none: the round trip
    /// holds), at the scene's size or at `size`.
    func differences(mode: String, size: String? = nil) throws -> [String] {
        let output = folder.appendingPathComponent(mode + (size.map { "-" + $0 } ?? ""))
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var originals: [String] = []
        for (index, testCase) in cases.enumerated() {
            let original =
                try size.map { try preview(testCase.scene, size: $0) }
                ?? Self.originalPreviews.value(testCase.scene.path) { try preview(testCase.scene) }
            originals.append(original)
            try Data(original.utf8).write(to: output.appendingPathComponent("case\(index)-original.json"))
            try Data(Self.contactLines(previewJSON: original).utf8).write(
                to: output.appendingPathComponent("case\(index)-contacts.txt"))
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [mode, output.path] + (size.map { [$0] } ?? [])
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return ["the Objective-C round-trip program failed in mode \(mode): status \(process.terminationStatus)"]
        }

        var differences: [String] = []
        for (index, testCase) in cases.enumerated() where mode != "direct" || !scripted.contains(index) {
            let base = output.appendingPathComponent("case\(index)-\(mode)")
            let problems = try String(contentsOf: base.appendingPathExtension("problems"), encoding: .utf8)
            if !problems.isEmpty { differences.append("\(testCase.label): the recording has problems: \(problems)") }
            let original = originals[index]
            let recorded = try preview(base.appendingPathExtension("json"))
            var (originalBody, originalDiagnostics) = PreviewComparison.split(original)
            var (recordedBody, recordedDiagnostics) = PreviewComparison.split(recorded)
            if size != nil {
                // The recording is a scene designed at that size, so the rules that look at the view
                // (`item.startsOutside`, …) speak about it; `preview --reference-size` checks only the run.
                originalDiagnostics = []
                recordedDiagnostics = []
            }
            if scripted.contains(index) {
                // Frame by frame, the recording's events are not the scene's: compare what they do.
                originalBody = PreviewComparison.withoutScriptedEvents(originalBody)
                recordedBody = PreviewComparison.withoutScriptedEvents(recordedBody)
                originalDiagnostics = []
                recordedDiagnostics = []
                let written = try String(contentsOf: base.appendingPathExtension("frames"), encoding: .utf8)
                    .split(separator: "\n").compactMap { Int($0) }
                let applying = PreviewComparison.framesApplyingEvents(original)
                if !Set(written).isSubset(of: applying) {
                    differences.append(
                        "\(testCase.label): the display link wrote on frames where no event applies: "
                            + "\(Set(written).subtracting(applying).sorted())")
                }
            }
            if originalBody != recordedBody {
                differences.append(
                    "\(testCase.label) (\(mode)): the previews differ\n"
                        + PreviewComparison.firstDifference(originalBody, recordedBody))
            }
            if originalDiagnostics != recordedDiagnostics {
                differences.append(
                    "\(testCase.label) (\(mode)): the diagnostics differ\n\(originalDiagnostics)\n\(recordedDiagnostics)"
                )
            }
        }
        return differences
    }

    /// The previews of the original scenes, by path, made once for every test.
    static let originalPreviews = PreviewCache()

    final class PreviewCache: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: String] = [:]

        func value(_ key: String, _ make: () throws -> String) rethrows -> String {
            lock.lock()
            defer { lock.unlock() }
            if let value = values[key] { return value }
            let value = try make()
            values[key] = value
            return value
        }
    }

    /// The contacts of a preview, as `ImpulseRecordingLoadContacts` reads them (Recording.h).
    static func contactLines(previewJSON: String) -> String {
        func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }
        let object = (try? JSONSerialization.jsonObject(with: Data(previewJSON.utf8))) as? [String: Any] ?? [:]
        var lines: [String] = []
        for event in object["events"] as? [[String: Any]] ?? [] {
            guard let type = event["type"] as? String, type == "contactBegan" || type == "contactEnded",
                let frame = (event["frame"] as? NSNumber)?.intValue, let item = event["item"] as? String,
                let with = event["with"] as? [String: Any]
            else { continue }
            let partner =
                (with["item"] as? String).map { "item " + hex($0) }
                ?? (with["boundary"] as? String).map { "boundary " + hex($0) } ?? "bounds -"
            lines.append("\(frame) \(type == "contactEnded" ? 1 : 0) \(hex(item)) \(partner)")
        }
        return lines.joined(separator: "\n")
    }

    private func preview(_ scene: URL, size: String? = nil) throws -> String {
        let sizeArguments = size.map { ["--reference-size", $0] } ?? []
        let run = try Impulse.run(["preview", scene.path, "--format", "json"] + sizeArguments, in: folder)
        guard run.status == 0 else {
            throw Impulse.RunnerError(
                message: "impulse preview \(scene.lastPathComponent): status \(run.status)\n\(run.stderr)")
        }
        return run.stdout
    }
}

/// What the harness copies from a scene (UIKit has no name, preview settings or expectations) and how long its
/// display link runs.
struct SceneFacts {
    var name: String
    var previewJSON: String
    var expectJSON: String?
    var frames: Int
    var frameRate: Double
    /// Whether the scene has pans or reactions.
    var isScripted: Bool

    init(_ url: URL) throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        let events = object["events"] as? [[String: Any]] ?? []
        expectJSON = try object["expect"].map {
            String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
        }
        name = object["name"] as? String ?? "scene"
        let preview = object["preview"] as? [String: Any] ?? [:]
        let duration = (preview["duration"] as? NSNumber)?.doubleValue ?? 3
        frameRate = (preview["frameRate"] as? NSNumber)?.doubleValue ?? 60
        previewJSON = "{\"duration\": \(duration), \"frameRate\": \(frameRate)}"
        // The preview's frames: a reaction to a contact on the last one would apply after the preview ends.
        frames = Int((duration * frameRate).rounded())
        isScripted = events.contains { $0["pan"] != nil || $0["on"] != nil }
    }
}
