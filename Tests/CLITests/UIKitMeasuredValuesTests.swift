import Foundation
import Testing

/// What UIKit Dynamics itself does, measured (`Tests/Fixtures/uikit-measured`): every scene there runs through
/// `impulse preview --format json`, and each measured position, angle or velocity must come out within the
/// measurements' tolerance.
@Suite struct UIKitMeasuredValuesTests {
    /// One measured number: `quantity` of `item` after `frame` frames of `scene`.
    struct Measurement: CustomStringConvertible {
        var scene: String
        var item: String
        var frame: Int
        /// `x`, `y` (center), `angle`, `vx` (linear velocity x) or `w` (angular velocity).
        var quantity: String
        var uikit: Double

        var description: String { "\(scene): \(item).\(quantity) at frame \(frame)" }
    }

    static let folder = Impulse.packageRoot.appendingPathComponent("Tests/Fixtures/uikit-measured")

    /// The measurements and their tolerance, as `values.json` lists them.
    static let measured: (values: [Measurement], tolerance: Double) = {
        let url = folder.appendingPathComponent("values.json")
        guard let data = try? Data(contentsOf: url),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let rows = object["values"] as? [[String: Any]], let tolerance = object["tolerance"] as? Double
        else { return ([], 0) }
        let values = rows.compactMap { row -> Measurement? in
            guard let scene = row["scene"] as? String, let item = row["item"] as? String,
                let frame = row["frame"] as? Int, let quantity = row["quantity"] as? String,
                let uikit = row["uikit"] as? Double
            else { return nil }
            return Measurement(scene: scene, item: item, frame: frame, quantity: quantity, uikit: uikit)
        }
        return (values, tolerance)
    }()

    static let scenes: [String] = Array(Set(measured.values.map(\.scene))).sorted()

    @Test func theFixturesHoldFortyMeasurementsOfSevenScenes() {
        #expect(Self.measured.values.count == 40)
        #expect(Self.scenes.count == 7)
        #expect(Self.measured.tolerance == 1e-4)
    }

    /// The preview's value of `quantity` for one item of one sample.
    static func value(of quantity: String, in item: [String: Any]) -> Double? {
        let center = item["center"] as? [Double]
        let velocity = item["velocity"] as? [Double]
        switch quantity {
        case "x": return center?[0]
        case "y": return center?[1]
        case "vx": return velocity?[0]
        case "vy": return velocity?[1]
        case "angle": return item["angle"] as? Double
        case "w": return item["angularVelocity"] as? Double
        default: return nil
        }
    }

    @Test(arguments: scenes)
    func previewReproducesWhatUIKitMeasured(_ scene: String) throws {
        let values = Self.measured.values.filter { $0.scene == scene }
        let frames = try #require(values.map(\.frame).max())
        let run = try Impulse.run(
            ["preview", "\(scene).dynamics.json", "--format", "json", "--frames", String(frames)], in: Self.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let output = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let samples = try #require(output["samples"] as? [[String: Any]])
        for measurement in values {
            let sample = samples.first { $0["frame"] as? Int == measurement.frame }
            let items = sample?["items"] as? [String: Any]
            let item = items?[measurement.item] as? [String: Any]
            let ours = item.flatMap { Self.value(of: measurement.quantity, in: $0) }
            guard let ours else {
                Issue.record("\(measurement): not in the preview")
                continue
            }
            #expect(
                abs(ours - measurement.uikit) <= Self.measured.tolerance,
                "\(measurement): UIKit \(measurement.uikit), Impulse \(ours), off by \(abs(ours - measurement.uikit))")
        }
    }
}
