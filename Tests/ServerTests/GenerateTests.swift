import CodeGeneration
import JSON
import RPC
import Scene
import Testing

@testable import Server

@Suite("workspace/executeCommand impulse.generate")
struct GenerateTests {
    @Test("impulse.generate answers the code impulse generate writes for the open text, in either language")
    func answersTheCode() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        let expected = Linter.lint(Array(PreviewScenes.falling.utf8), fileName: "preview.dynamics.json")
        for language in CodeLanguage.allCases {
            let answer = try #require(
                client.backgroundRequest(
                    "workspace/executeCommand",
                    #"{"command": "impulse.generate", "arguments": ["\#(PreviewScenes.uri)", "\#(language.rawValue)"]}"#
                )
            ).get()
            let files = try CodeGenerator.generate(expected, language: language).get().files
            #expect(answer.objectValue?["language"] == .string(language.rawValue))
            #expect(answer.objectValue?["typeName"] == .string("FallDynamics"))
            #expect(answer.objectValue?["files"]?.arrayValue?.count == files.count)
            // The runtime the files need, by name and text, as `impulse generate --support` writes it.
            let support = CodeGenerator.supportFiles(language)
            #expect(
                answer.objectValue?["support"]?.arrayValue?.map { $0.objectValue?["name"]?.stringValue ?? "" }
                    == support.map(\.name))
            #expect(
                answer.objectValue?["support"]?.arrayValue?.map { $0.objectValue?["text"]?.stringValue ?? "" }
                    == support.map(\.text))
            let text = answer.objectValue?["text"]?.stringValue ?? ""
            if language == .swift {
                #expect(text == files[0].text)
            } else {
                #expect(text == "// FallDynamics.h\n" + files[0].text + "\n// FallDynamics.m\n" + files[1].text)
            }
        }
    }

    @Test("impulse.generate takes a typeName, and refuses a scene with errors")
    func editsTypeNameAndErrors() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        let named = try #require(
            client.backgroundRequest(
                "workspace/executeCommand",
                #"{"command": "impulse.generate", "arguments": ["\#(PreviewScenes.uri)", "swift", {"typeName": "Drop"}]}"#
            )
        ).get()
        #expect(named.objectValue?["text"]?.stringValue?.contains("class Drop: ImpulseDynamics<Drop.Item> {") == true)

        let bad = "file:///bad.dynamics.json"
        client.open(bad, PreviewScenes.falling.replacingOccurrencesOnce(of: "\"format\": 1", with: "\"format\": 2"))
        let refused = try #require(
            client.backgroundRequest(
                "workspace/executeCommand", #"{"command": "impulse.generate", "arguments": ["\#(bad)", "swift"]}"#))
        guard case .failure(let error) = refused else {
            Issue.record("a scene with errors generated code")
            return
        }
        #expect(error.code == .requestFailed)
        #expect(error.message.contains("1 error"))
    }

    @Test("Bad arguments are −32602: no language, an unknown language, a bad typeName, an unknown document")
    func badArguments() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        for arguments in [
            #"["\#(PreviewScenes.uri)"]"#, #"["\#(PreviewScenes.uri)", "kotlin"]"#,
            #"["\#(PreviewScenes.uri)", "swift", {"typeName": "2x"}]"#,
            #"["\#(PreviewScenes.uri)", "swift", {"name": "X"}]"#, #"["file:///other.dynamics.json", "swift"]"#,
        ] {
            guard
                case .failure(let error) = client.request(
                    "workspace/executeCommand", #"{"command": "impulse.generate", "arguments": \#(arguments)}"#)
            else {
                Issue.record("\(arguments) was accepted")
                continue
            }
            #expect(error.code == .invalidParams, "\(arguments)")
        }
    }
}
