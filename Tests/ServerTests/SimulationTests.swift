import Dispatch
import JSON
import RPC
import Scene
import Testing

@testable import Server

/// A stand-in for the scene simulation: reports "still moving" on the whole `name` value, counts its runs,
/// and waits for its gate when one is given.
final class FakeSimulator: Sendable {
    let runs = Locked(0)
    let gate: Gate?

    init(gate: Gate? = nil) { self.gate = gate }

    var function: @Sendable (LintResult) -> [Diagnostic]? {
        { [self] lint in
            runs.withLock { $0 += 1 }
            gate?.wait()
            let range = lint.document.sourceMap.valueRange(JSONPointer.root.appending("name")) ?? 0..<1
            return [
                Diagnostic(code: "sim.neverRests", severity: .info, message: "still moving after 3 s", range: range)
            ]
        }
    }
}

@Suite("Simulation diagnostics")
struct SimulationTests {
    static let uri = "file:///sim.dynamics.json"
    static let simulateOn = #"{"settings": {"impulse": {"simulate": true}}}"#

    func simulated(_ published: [LSP.PublishDiagnosticsParams]) -> [Int] {
        published.filter { $0.diagnostics.contains { $0.code == "sim.neverRests" } }.compactMap(\.version)
    }

    @Test("simulation is off unless turned on")
    func offByDefault() throws {
        let simulator = FakeSimulator()
        let client = try TestClient.initialized(simulator: simulator.function)
        client.open(Self.uri, scene())
        client.server.waitForBackgroundWork()
        #expect(simulator.runs.current == 0)
        #expect(simulated(try client.published()).isEmpty)
    }

    @Test("with simulate on, the sim diagnostics are published for the same version when they arrive")
    func publishedWhenDone() throws {
        let simulator = FakeSimulator()
        let client = try TestClient.initialized(simulator: simulator.function)
        client.notify("workspace/didChangeConfiguration", Self.simulateOn)
        client.open(Self.uri, scene(), version: 3)
        client.server.waitForBackgroundWork()
        let published = try client.published()
        #expect(published.map(\.version) == [3, 3])
        #expect(simulated(published) == [3])
        let diagnostic = published.last?.diagnostics.first { $0.code == "sim.neverRests" }
        #expect(diagnostic?.severity == .information)
        #expect(diagnostic?.range.start == position(of: #""demo""#, in: scene(), encoding: "utf-16"))
        // Rule settings apply to them like to any other diagnostic.
        client.notify(
            "workspace/didChangeConfiguration",
            #"{"settings": {"impulse": {"simulate": true, "rules": {"sim.neverRests": "off"}}}}"#)
        client.server.waitForBackgroundWork()
        #expect(simulated(try client.published()).isEmpty)
        #expect(simulator.runs.current == 1)
    }

    @Test("a scene with errors is not simulated")
    func errorsAreNotSimulated() throws {
        let simulator = FakeSimulator()
        let client = try TestClient.initialized(simulator: simulator.function)
        client.notify("workspace/didChangeConfiguration", Self.simulateOn)
        client.open(Self.uri, #"{"format": 2}"#)
        client.server.waitForBackgroundWork()
        #expect(simulator.runs.current == 0)
    }

    @Test("a simulation overtaken by an edit is dropped; the new version is simulated")
    func staleSimulation() throws {
        let gate = Gate()
        let simulator = FakeSimulator(gate: gate)
        let client = try TestClient.initialized(simulator: simulator.function)
        client.notify("workspace/didChangeConfiguration", Self.simulateOn)
        client.open(Self.uri, scene(), version: 1)
        client.change(Self.uri, version: 2, [.init(text: scene(name: "edited"))])
        gate.open()
        gate.open()
        client.server.waitForBackgroundWork()
        let published = try client.published()
        #expect(simulated(published) == [2])
        #expect(published.map(\.version) == [1, 2, 2])
    }

    @Test("with pull diagnostics a finished simulation asks the client to refresh, and the next pull includes it")
    func pullRefresh() throws {
        let simulator = FakeSimulator()
        let client = try TestClient.initialized(
            capabilities: DiagnosticsTests.pullCapabilities, simulator: simulator.function)
        client.notify("workspace/didChangeConfiguration", Self.simulateOn)
        _ = client.takeServerRequests("workspace/diagnostic/refresh")
        client.open(Self.uri, scene())
        client.server.waitForBackgroundWork()
        #expect(client.takeServerRequests("workspace/diagnostic/refresh").count == 1)
        let report = try LSP.DocumentDiagnosticReport(
            json: client.request("textDocument/diagnostic", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#).get(),
            path: "r")
        guard case .full(_, let items) = report else {
            Issue.record("expected a full report")
            return
        }
        #expect(items.contains { $0.code == "sim.neverRests" })
        #expect(try client.published().isEmpty)
    }
}
