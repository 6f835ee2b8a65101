import Foundation
import JSON
import Testing

@Suite("impulse lint --shard")
struct LintShardTests {
    /// A folder of `count` scenes in a few subfolders, every third one with an error.
    static func workspace(count: Int) throws -> Workspace {
        var files: [String: String] = [:]
        for n in 0..<count {
            files["scenes/\(["a", "b", "c/d"][n % 3])/scene\(n).dynamics.json"] =
                n % 3 == 0 ? Scenes.badFormat : Scenes.clean
        }
        return try Workspace(files)
    }

    /// The files of a json report, each with its diagnostics as JSON text.
    static func files(_ json: String) throws -> [String: String] {
        let files = try #require(JSONValue.parse(json)?.objectValue?["files"]?.arrayValue)
        var result: [String: String] = [:]
        for file in files {
            let path = try #require(file.objectValue?["path"]?.stringValue)
            result[path] = file.objectValue?["diagnostics"]?.serializedString() ?? ""
        }
        return result
    }

    @Test("the N shards are disjoint and together are the whole run, file by file")
    func shardsPartitionTheRun() throws {
        let workspace = try Self.workspace(count: 24)
        let whole = try workspace.impulse("lint", "scenes", "--format", "json")
        let all = try Self.files(whole.stdout)
        #expect(all.count == 24)
        for count in [1, 2, 3, 5] {
            var union: [String: String] = [:]
            var errors = 0
            for index in 1...count {
                let run = try workspace.impulse("lint", "scenes", "--format", "json", "--shard", "\(index)/\(count)")
                #expect(run.status == 0 || run.status == 1, "\(index)/\(count): \(run.stderr)")
                let part = try Self.files(run.stdout)
                #expect(Set(part.keys).isDisjoint(with: union.keys), "\(index)/\(count) overlaps another shard")
                union.merge(part) { first, _ in first }
                if run.status == 1 { errors += 1 }
                // Each shard reports its files in the order of the whole run.
                let order = try LintCommandTests.paths(in: run.stdout)
                #expect(order == (try LintCommandTests.paths(in: whole.stdout)).filter { part[$0] != nil })
            }
            #expect(union == all, "the \(count) shards differ from the whole run")
            #expect(errors >= 1)
        }
    }

    @Test("a file's shard depends on its own path only: adding files moves no other file")
    func shardsAreStableUnderAdditions() throws {
        let workspace = try Self.workspace(count: 12)
        func shardOf() throws -> [String: Int] {
            var shard: [String: Int] = [:]
            for index in 1...3 {
                let run = try workspace.impulse("lint", "scenes", "--format", "json", "--shard", "\(index)/3")
                for path in try Self.files(run.stdout).keys { shard[path] = index }
            }
            return shard
        }
        let before = try shardOf()
        for n in 100..<110 { try workspace.write(Scenes.clean, to: "scenes/b/new\(n).dynamics.json") }
        let after = try shardOf()
        #expect(after.count == before.count + 10)
        for (path, index) in before { #expect(after[path] == index, "\(path) moved") }
        // The same files walked from another folder fall in the same shards: paths count from the walk's root.
        let moved = try Impulse.run(
            ["lint", ".", "--format", "json", "--shard", "2/3"], in: workspace.url.appendingPathComponent("scenes"))
        let fromInside = Set(try Self.files(moved.stdout).keys)
        let fromOutside = Set(after.filter { $0.value == 2 }.keys.map { String($0.dropFirst("scenes/".count)) })
        #expect(fromInside == fromOutside)
    }

    @Test("--shard needs 1 ≤ K ≤ N: anything else is a usage error, exit 2")
    func badShardsAreUsageErrors() throws {
        let workspace = try Self.workspace(count: 3)
        for shard in ["0/3", "4/3", "1/0", "-1/2", "2", "a/b", "1/2/3", "/2", ""] {
            let run = try workspace.impulse("lint", "scenes", "--shard", shard)
            #expect(run.status == 2, "--shard \(shard)")
            #expect(run.stderr.contains("Error:"), "--shard \(shard): \(run.stderr)")
            #expect(run.stdout == "", "--shard \(shard)")
        }
        // A shard that gets no file is an empty, passing run (a matrix wider than the repository).
        let empty = try workspace.impulse("lint", "scenes/a/scene0.dynamics.json", "--shard", "2/2")
        let lone = try workspace.impulse("lint", "scenes/a/scene0.dynamics.json", "--shard", "1/2")
        #expect(Set([empty.status, lone.status]) == [0, 1])
        #expect([empty.stdout, lone.stdout].contains("0 errors, 0 warnings in 0 files\n"))
    }
}
