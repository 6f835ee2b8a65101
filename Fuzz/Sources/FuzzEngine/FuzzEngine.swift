// libFuzzer target: the engine, through a scene.
//
// A scene without errors runs for 60 frames (at most an hour of simulated time, as every run). Property: the
// run ends with every item's state finite, or it reports the divergence (`sim.diverged`) and stops there.
import CFuzzer
import Glibc
import JSON
import Scene

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = Linter.lint(bytes, fileName: "fuzz.dynamics.json", processors: 1)
    guard let scene = result.scene, !result.hasErrors,
        let frames = try? SimulationRequest(frames: 60).frameCount(for: scene),
        let run = SceneSimulation.run(scene, frames: frames, keepsSamples: false)
    else { return 0 }
    if run.divergence == nil {
        for state in run.final.items {
            let finite =
                state.center.x.isFinite && state.center.y.isFinite && state.angle.isFinite
                && state.velocity.x.isFinite && state.velocity.y.isFinite && state.angularVelocity.isFinite
            if !finite { fatalError("an item's state is not finite after \(run.frames) frames, and no divergence") }
        }
    } else if run.frames > frames {
        fatalError("a diverged run went on")
    }
    return 0
}

@main
enum FuzzEngineMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = withUnsafeMutablePointer(to: &argv) { LLVMFuzzerRunDriver(&argc, $0, fuzzEngine) }
        exit(status)
    }
}
