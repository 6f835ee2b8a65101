import Testing

@testable import Reporting

@Suite("Exclude globs")
struct GlobTests {
    @Test("a star matches within one path segment, never across a slash")
    func starStaysInSegment() {
        let glob = Glob("*.draft.dynamics.json")
        #expect(glob.matches("a.draft.dynamics.json"))
        #expect(!glob.matches("drafts/a.draft.dynamics.json"))
        #expect(!glob.matches("a.dynamics.json"))
    }

    @Test("a double star matches any number of folders, none included")
    func doubleStarSpansFolders() {
        let glob = Glob("**/*.draft.dynamics.json")
        #expect(glob.matches("a.draft.dynamics.json"))
        #expect(glob.matches("x/y/z/a.draft.dynamics.json"))
        #expect(!glob.matches("x/y/a.dynamics.json"))
        let middle = Glob("scenes/**/old/*.json")
        #expect(middle.matches("scenes/old/a.json"))
        #expect(middle.matches("scenes/1/2/old/a.json"))
        #expect(!middle.matches("scenes/1/2/new/a.json"))
    }

    @Test("a pattern naming a folder excludes everything below it")
    func folderPatternCoversItsContent() {
        #expect(Glob("vendor").matches("vendor/a/b.dynamics.json"))
        #expect(Glob("vendor/").matches("vendor/b.dynamics.json"))
        #expect(Glob("vendor/**").matches("vendor/a/b.dynamics.json"))
        #expect(!Glob("vendor").matches("src/vendor.dynamics.json"))
        #expect(!Glob("vend").matches("vendor/b.dynamics.json"))
    }

    @Test("a trailing slash matches folders only, not a file of that name")
    func trailingSlashMeansFolder() {
        #expect(!Glob("build/").matches("build"))
        #expect(Glob("build/").matches("build", isFolder: true))
        #expect(Glob("build").matches("build"))
    }

    @Test("a question mark matches exactly one character, a multi-byte one included")
    func questionMarkIsOneCharacter() {
        let glob = Glob("level?.dynamics.json")
        #expect(glob.matches("level1.dynamics.json"))
        #expect(glob.matches("levelé.dynamics.json"))
        #expect(!glob.matches("level10.dynamics.json"))
        #expect(!glob.matches("level.dynamics.json"))
        #expect(!Glob("a?b").matches("a/b"))
    }

    @Test("character classes: sets, ranges, negation, a leading bracket")
    func characterClasses() {
        #expect(Glob("level[12].json").matches("level2.json"))
        #expect(!Glob("level[12].json").matches("level3.json"))
        #expect(Glob("level[0-9].json").matches("level7.json"))
        #expect(!Glob("level[0-9].json").matches("levelx.json"))
        #expect(Glob("level[!0-9].json").matches("levelx.json"))
        #expect(!Glob("level[^0-9].json").matches("level5.json"))
        #expect(Glob("a[]]b").matches("a]b"))
        #expect(Glob("a[a-c-]b").matches("a-b"))
    }

    @Test("an unclosed bracket and an escaped star are literal characters")
    func literals() {
        #expect(Glob("a[b").matches("a[b"))
        #expect(!Glob("a[b").matches("ab"))
        #expect(Glob(#"a\*b"#).matches("a*b"))
        #expect(!Glob(#"a\*b"#).matches("axxb"))
    }

    @Test("a leading ./ or / anchors nothing more: patterns are relative to the configuration's folder")
    func leadingDotSlash() {
        #expect(Glob("./drafts/*.json").matches("drafts/a.json"))
        #expect(Glob("/drafts/*.json").matches("drafts/a.json"))
        #expect(!Glob("drafts/*.json").matches("x/drafts/a.json"))
    }

    @Test("stars backtrack without blowing up on long names")
    func noExponentialBacktracking() {
        let name = String(repeating: "a", count: 200) + "b"
        #expect(!Glob(String(repeating: "*a", count: 40) + "c").matches(name))
        #expect(Glob(String(repeating: "*a", count: 40) + "*b").matches(name))
        let deep = Array(repeating: "x", count: 100).joined(separator: "/") + "/y"
        #expect(Glob(String(repeating: "**/x/", count: 20) + "**/y").matches(deep))
    }
}
