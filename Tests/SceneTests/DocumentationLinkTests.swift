import Foundation
import Testing

/// The links of the user docs (`README.md` and every page under `docs/`) lead somewhere: a relative link names a
/// file of the repository, and a `#fragment` names a heading of its page (GitHub's anchors: the heading in lower
/// case, without punctuation, spaces as hyphens).
@Suite("Links of the docs")
struct DocumentationLinkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The pages checked, relative to the root.
    static func pages() throws -> [String] {
        let docs = root.appendingPathComponent("docs")
        let found = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
        return ["README.md"] + found.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The targets of the Markdown links of `text` outside fenced code blocks (`[text](target)`).
    static func linkTargets(_ text: String) -> [String] {
        var targets: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence else { continue }
            var rest = line[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return targets
    }

    /// GitHub's anchor of a heading.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
                .map { $0 == " " ? "-" : $0 })
    }

    /// The anchors of a page's headings.
    static func anchors(_ text: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            anchors.insert(anchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
        }
        return anchors
    }

    @Test func anchorsAreGitHubs() {
        #expect(Self.anchor("`gravity` — UIGravityBehavior") == "gravity--uigravitybehavior")
        #expect(Self.anchor("Configuration: `.impulse.json`") == "configuration-impulsejson")
        #expect(Self.linkTargets("see [a](b.md#c) and [d](#e)\n```\n[x](y)\n```") == ["b.md#c", "#e"])
    }

    @Test func everyRelativeLinkNamesAFileAndAHeading() throws {
        let pages = try Self.pages()
        #expect(pages.contains("docs/scene-format.md") && pages.contains("docs/interfaces.md"), "\(pages)")
        for page in pages {
            let url = Self.root.appendingPathComponent(page)
            let text = try String(contentsOf: url, encoding: .utf8)
            for target in Self.linkTargets(text) where !target.contains("://") && !target.hasPrefix("mailto:") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let file = path.isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(path)
                let exists = FileManager.default.fileExists(atPath: file.path)
                #expect(exists, "\(page): the link \(target) names no file")
                guard exists, parts.count == 2, file.pathExtension == "md" else { continue }
                let headings = Self.anchors(try String(contentsOf: file, encoding: .utf8))
                let found = headings.contains(String(parts[1]))
                #expect(found, "\(page): the link \(target) names no heading")
            }
        }
    }
}
