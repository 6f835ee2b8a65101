import JSON
import Testing

@testable import RPC

/// The JSONTestSuite parsing corpus (Tests/Fixtures, with its licence).
enum JSONTestSuite {
    static let directory: String = {
        var path = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
        path += "/Fixtures/JSONTestSuite/test_parsing"
        return path
    }()

    static func files() throws -> [(name: String, bytes: [UInt8])] {
        try TestFiles.list(directory).filter { $0.hasSuffix(".json") }.sorted().map { name in
            (name, try TestFiles.read(directory + "/" + name))
        }
    }
}

@Suite("JSONTestSuite bodies through framing and decoding")
struct JSONTestSuiteTests {
    @Test(
        "every file as a body: nothing crashes, non-JSON gets −32700, JSON that is not JSON-RPC gets −32600, and the next message still arrives"
    )
    func everyFile() throws {
        let files = try JSONTestSuite.files()
        #expect(files.count > 300)
        let follower = Message.notification(Notification(method: "initialized", params: .object(JSONObject())))
        for (name, bytes) in files {
            var reader = MessageReader()
            let events = reader.consume(MessageFramer.frame(bytes) + MessageFramer.frame(follower.serialized()))
            guard events.count == 2, case .failure(let failure) = events[0] else {
                Issue.record("\(name): expected one failure then the next message, got \(events)")
                continue
            }
            #expect(events[1] == .message(follower), "\(name)")
            // Only a JSON-RPC-looking object with a valid id gets its id back.
            let id = JSONValue.parse(bytes)?.objectValue?["id"].flatMap(RequestID.init(json:))
            #expect(failure.id == id, "\(name)")
            let holdable = JSONValue.parse(bytes) != nil
            if name.hasPrefix("n_") {
                #expect(failure.error.code == .parseError, "\(name) is not JSON")
                #expect(!holdable, "\(name) is not JSON")
            } else if name.hasPrefix("y_") {
                // Valid JSON, but none of these is a JSON-RPC message; the few values jansson cannot hold
                // (numbers out of a double's range...) are refused as a parse error.
                #expect(failure.error.code == (holdable ? .invalidRequest : .parseError), "\(name)")
            } else {
                #expect(failure.error.code == (holdable ? .invalidRequest : .parseError), "\(name)")
            }
        }
    }
}
