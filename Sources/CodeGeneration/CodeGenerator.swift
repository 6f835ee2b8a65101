import Scene

/// The languages `impulse generate` writes.
package enum CodeLanguage: String, CaseIterable, Sendable {
    case swift, objc

    /// How the language is called in titles ("Impulse: Generate Objective-C").
    package var displayName: String { self == .swift ? "Swift" : "Objective-C" }
}

/// One generated file.
package struct GeneratedFile: Equatable, Sendable {
    /// `ShowcaseDynamics.swift`, `ShowcaseDynamics.h`, `ShowcaseDynamics.m`.
    package var name: String
    package var text: String
}

/// What `impulse generate` and the server's `impulse.generate` produce for a linted scene.
package enum CodeGenerator {
    /// Why nothing was generated.
    package enum Failure: Error, Equatable, Sendable {
        /// The scene has errors (at the built-in severities): the caller shows its diagnostics.
        case sceneHasErrors
        /// `--type-name` is not an identifier of both languages.
        case invalidTypeName(String)
        /// A value that a scene without errors always has is missing (a bug of Impulse, reported as such).
        case unplannable(pointer: String)
    }

    /// The generated files and the notes on what the code cannot say exactly as the scene does.
    package struct Output: Equatable, Sendable {
        /// The scene's own files: its data and wiring.
        package var files: [GeneratedFile]
        package var notes: [String]
        /// The runtime every scene's files use, the same bytes for every scene (`supportFiles(_:)`): written once
        /// per app target, beside the scenes' files.
        package var support: [GeneratedFile]
    }

    /// The shared runtime of the generated scenes in `language` (`ImpulseSupport.swift`, or `ImpulseSupport.h`
    /// and `ImpulseSupport.m`): the timeline, pans, reactions, pins, placing and the display link's proxy, once.
    package static func supportFiles(_ language: CodeLanguage) -> [GeneratedFile] {
        switch language {
        case .swift: [SwiftSupport.file]
        case .objc: ObjectiveCSupport.files
        }
    }

    /// The type name of a scene: its name in UpperCamelCase, then `Dynamics` (`Showcase` → `ShowcaseDynamics`).
    package static func typeName(forScene name: String) -> String {
        Identifiers.upperCamel(name, fallback: "Scene") + "Dynamics"
    }

    /// Whether `name` can name the generated type in both languages.
    package static func isValidTypeName(_ name: String) -> Bool {
        Identifiers.isPlainIdentifier(name) && !SwiftNames.keywords.contains(name)
            && !SwiftNames.reservedInEnum.contains(name) && !ObjectiveCNames.keywords.contains(name)
            && !supportNames.contains(name)
    }

    /// Every `Impulse…` name the support files of both languages spell (their types, functions and constants):
    /// a generated type of one of these names would clash with the runtime beside it.
    static let supportNames: Set<String> = {
        var names: Set<String> = []
        for file in supportFiles(.swift) + supportFiles(.objc) {
            for word in file.text.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) })
            where word.hasPrefix("Impulse") {
                names.insert(String(word))
            }
        }
        return names
    }()

    /// The code of a linted scene in `language`; the same scene always gives the same bytes.
    package static func generate(
        _ lint: LintResult, language: CodeLanguage, typeName: String? = nil
    ) -> Result<Output, Failure> {
        guard let scene = lint.scene, lint.isComplete, !lint.hasErrors else { return .failure(.sceneHasErrors) }
        let type = typeName ?? self.typeName(forScene: scene.name)
        guard isValidTypeName(type) else { return .failure(.invalidTypeName(type)) }
        let plan: GenerationPlan
        do {
            plan = try GenerationPlan.build(scene, typeName: type)
        } catch {
            return .failure(.unplannable(pointer: error.pointer))
        }
        switch language {
        case .swift:
            return .success(
                Output(
                    files: [GeneratedFile(name: type + ".swift", text: SwiftEmitter(plan: plan).emit())],
                    notes: plan.notes, support: supportFiles(.swift)))
        case .objc:
            let emitter = ObjectiveCEmitter(plan: plan)
            return .success(
                Output(
                    files: [
                        GeneratedFile(name: type + ".h", text: emitter.header()),
                        GeneratedFile(name: type + ".m", text: emitter.implementation()),
                    ], notes: plan.notes, support: supportFiles(.objc)))
        }
    }
}
