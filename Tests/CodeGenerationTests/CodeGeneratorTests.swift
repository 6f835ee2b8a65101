import CodeGeneration
import Scene
import Testing

/// `impulse generate` seen from the library: the files a linted scene gives, their names, and the scenes it
/// refuses. (The generated code compiled and run against UIKit's API is in CLITests.)
@Suite struct CodeGeneratorTests {
    static let fall = """
        {"name": "Falling card", "referenceView": {"width": 320, "height": 480},
         "items": [{"id": "card", "center": [160, 100], "size": [80, 120]}],
         "behaviors": [
           {"type": "gravity", "items": ["card"]},
           {"type": "collision", "items": ["card"], "translatesReferenceBoundsIntoBoundary": true},
           {"type": "dynamicItem", "items": ["card"], "elasticity": 0.5, "friction": 0.25, "allowsRotation": false}
         ]}
        """

    static func generate(
        _ text: String, _ language: CodeLanguage
    ) -> Result<CodeGenerator.Output, CodeGenerator.Failure> {
        CodeGenerator.generate(Linter.lint(Array(text.utf8)), language: language)
    }

    @Test func theTypeIsNamedAfterTheSceneInUpperCamelCase() {
        #expect(CodeGenerator.typeName(forScene: "Falling card") == "FallingCardDynamics")
        #expect(CodeGenerator.typeName(forScene: "2d-pile") == "Scene2dPileDynamics")
        #expect(CodeGenerator.typeName(forScene: "---") == "SceneDynamics")
    }

    @Test func aTypeNameMustBeAnIdentifierOfBothLanguages() {
        #expect(CodeGenerator.isValidTypeName("CardDynamics"))
        #expect(!CodeGenerator.isValidTypeName("class"))
        #expect(!CodeGenerator.isValidTypeName("id"))
        #expect(!CodeGenerator.isValidTypeName("two words"))
    }

    @Test func swiftIsOneFileThatSetsEveryPropertyTheSceneGives() throws {
        let output = try Self.generate(Self.fall, .swift).get()
        #expect(output.files.map(\.name) == ["FallingCardDynamics.swift"])
        let text = try #require(output.files.first?.text)
        #expect(text.contains("import UIKit"))
        #expect(text.contains("UIGravityBehavior"))
        #expect(text.contains("UICollisionBehavior"))
        #expect(text.contains(".elasticity = 0.5"))
        #expect(text.contains(".friction = 0.25"))
        #expect(text.contains(".allowsRotation = false"))
        // The runtime is the support file's: the scene's file only names what that file declares.
        #expect(output.support == CodeGenerator.supportFiles(.swift))
        let support = try #require(output.support.first?.text)
        let code = text.split(separator: "\n").filter { !$0.trimmingPrefix(" ").hasPrefix("//") }.joined(
            separator: "\n")
        #expect(code.contains("ImpulseDynamics<"))
        for name in Self.identifiers(in: code) where name.hasPrefix("Impulse") {
            #expect(support.contains("class \(name)<") || support.contains("struct \(name)"), "\(name)")
        }
    }

    /// The identifiers of a text, in order, with repeats.
    static func identifiers(in text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    @Test func everyTypeTheSwiftSupportDeclaresIsAReservedTypeName() throws {
        let support = try #require(CodeGenerator.supportFiles(.swift).first?.text)
        var declared: [String] = []
        for line in support.split(separator: "\n") {
            let words = Self.identifiers(in: String(line))
            guard let keyword = words.firstIndex(where: { ["class", "struct", "enum", "protocol"].contains($0) }),
                keyword + 1 < words.count, !line.hasPrefix(" "), !line.hasPrefix("//")
            else { continue }
            declared.append(words[keyword + 1])
        }
        #expect(declared.count == 15)
        for name in declared {
            #expect(!CodeGenerator.isValidTypeName(name), "\(name)")
        }
        #expect(CodeGenerator.isValidTypeName("ImpulseCardDynamics"))
    }

    @Test func everyTypeTheObjectiveCSupportDeclaresIsAReservedTypeName() throws {
        let header = try #require(CodeGenerator.supportFiles(.objc).first { $0.name == "ImpulseSupport.h" }?.text)
        var declared: [String] = []
        for line in header.split(separator: "\n") where !line.hasPrefix("//") {
            let words = Self.identifiers(in: String(line))
            if line.hasPrefix("@interface"), words.count > 1 { declared.append(words[1]) }
            if line.hasPrefix("} "), line.hasSuffix(";"), let name = words.last { declared.append(name) }
        }
        #expect(declared.contains("ImpulseTimeline") && declared.contains("ImpulseItemStart"))
        for name in declared {
            #expect(!CodeGenerator.isValidTypeName(name), "\(name)")
        }
    }

    @Test func objectiveCIsAHeaderAndAnImplementation() throws {
        let output = try Self.generate(Self.fall, .objc).get()
        #expect(output.files.map(\.name) == ["FallingCardDynamics.h", "FallingCardDynamics.m"])
        #expect(output.files[0].text.contains("@interface FallingCardDynamics"))
        #expect(output.files[1].text.contains("#import \"FallingCardDynamics.h\""))
        #expect(output.files[1].text.contains(".elasticity = 0.5"))
    }

    @Test func theSameSceneGivesTheSameBytes() throws {
        for language in CodeLanguage.allCases {
            #expect(try Self.generate(Self.fall, language).get() == Self.generate(Self.fall, language).get())
        }
    }

    @Test func aSceneWithErrorsIsRefused() {
        let broken = """
            {"referenceView": {"width": 320, "height": 480},
             "items": [{"id": "card", "center": [160, 100], "size": [80, 120]}],
             "behaviors": [{"type": "gravity", "items": ["nobody"]}]}
            """
        for language in CodeLanguage.allCases {
            #expect(throws: CodeGenerator.Failure.sceneHasErrors) { try Self.generate(broken, language).get() }
        }
    }
}
