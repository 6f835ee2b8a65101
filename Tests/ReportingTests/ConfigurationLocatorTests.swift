import Foundation
import Testing

@testable import Reporting

@Suite("Finding .impulse.json")
struct ConfigurationLocatorTests {
    /// A fresh folder under the system's temporary folder, removed by the caller.
    static func makeFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/impulse-locator-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path + "/scenes/deep", withIntermediateDirectories: true)
        return FileSystem.realPath(path)!
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("the nearest .impulse.json in the file's folder or a parent applies; none gives the defaults")
    func nearestWins() throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let locator = ConfigurationLocator()
        #expect(try locator.configuration(forFile: root + "/scenes/deep/a.dynamics.json").get().file == nil)

        try Self.write(#"{"indent": 4}"#, to: root + "/.impulse.json")
        try Self.write(#"{"indent": 3}"#, to: root + "/scenes/deep/.impulse.json")
        let fresh = ConfigurationLocator()
        #expect(try fresh.configuration(forFile: root + "/scenes/deep/a.dynamics.json").get().indent == 3)
        #expect(try fresh.configuration(forFile: root + "/scenes/b.dynamics.json").get().indent == 4)
        #expect(
            try fresh.configuration(forFile: root + "/scenes/b.dynamics.json").get().file == root + "/.impulse.json")
        #expect(try fresh.configuration(forFolder: root + "/scenes/deep/../").get().indent == 4)
    }

    @Test("answers are cached per folder until invalidate() is called")
    func cachedUntilInvalidated() throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let locator = ConfigurationLocator()
        try Self.write(#"{"indent": 4}"#, to: root + "/.impulse.json")
        #expect(try locator.configuration(forFolder: root + "/scenes").get().indent == 4)
        try Self.write(#"{"indent": 8}"#, to: root + "/.impulse.json")
        #expect(try locator.configuration(forFolder: root + "/scenes").get().indent == 4)
        locator.invalidate()
        #expect(try locator.configuration(forFolder: root + "/scenes").get().indent == 8)
    }

    @Test("an invalid configuration is a failure for every folder below it, with the file's path in the message")
    func invalidConfigurationFails() throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(#"{"rules": {"item.unusd": "off"}}"#, to: root + "/.impulse.json")
        let locator = ConfigurationLocator()
        for folder in [root, root + "/scenes", root + "/scenes/deep"] {
            guard case .failure(let error) = locator.configuration(forFolder: folder) else {
                Issue.record("expected a failure for \(folder)")
                continue
            }
            #expect(error.kind == .unknownRule)
            #expect(error.description.hasPrefix(root + "/.impulse.json:1:12: \"item.unusd\" is not a rule code"))
        }
    }

    @Test("a folder named .impulse.json is not a configuration")
    func folderIsNotConfiguration() throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(#"{"indent": 5}"#, to: root + "/.impulse.json")
        try FileManager.default.createDirectory(
            atPath: root + "/scenes/.impulse.json", withIntermediateDirectories: true)
        #expect(try ConfigurationLocator().configuration(forFolder: root + "/scenes/deep").get().indent == 5)
    }

    @Test("many tasks asking at once get the same answer")
    func concurrentLookups() async throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(#"{"indent": 6}"#, to: root + "/scenes/.impulse.json")
        let locator = ConfigurationLocator()
        let indents = await withTaskGroup(of: Int?.self) { group in
            for index in 0..<64 {
                group.addTask {
                    if index % 8 == 0 { locator.invalidate() }
                    return try? locator.configuration(forFile: root + "/scenes/deep/s\(index).dynamics.json").get()
                        .indent
                }
            }
            var indents: [Int?] = []
            for await indent in group { indents.append(indent) }
            return indents
        }
        #expect(indents.count == 64)
        #expect(indents.allSatisfy { $0 == 6 })
    }
}
