// A path glob for `.impulse.json`'s `exclude`.
//
// Design: a pattern is split at `/` into segments; `**` is a segment that matches any number of path
// segments (zero included), every other segment matches exactly one path segment with `*` (any run of
// characters), `?` (one character), `[abc]`, `[a-z]`, `[!a]`/`[^a]` (one character in or out of a class)
// and `\x` (a literal x). Both levels use the same linear-backtracking wildcard match, so no pattern
// can make matching exponential. Characters are Unicode scalars.

/// A glob pattern matched against `/`-separated relative paths.
///
/// A path matches when the pattern matches the whole path or one of its leading folders, so `build`
/// and `build/**` both exclude everything under `build/`. A pattern ending in `/` matches folders only.
/// A leading `./` or `/` anchors nothing more: patterns are always relative to the configuration's folder.
package struct Glob: Equatable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    package let pattern: String
    private let segments: [Segment]
    private let foldersOnly: Bool

    private enum Segment: Equatable, Sendable {
        case anyPath  // `**`
        case tokens([Token])
    }

    private enum Token: Equatable, Sendable {
        case literal(Unicode.Scalar)
        case anyCharacter  // `?`
        case anyRun  // `*`
        case characterClass([ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    package init(_ pattern: String) {
        self.pattern = pattern
        var body = Substring(pattern)
        while body.hasPrefix("./") { body = body.dropFirst(2) }
        while body.hasPrefix("/") { body = body.dropFirst() }
        foldersOnly = body.hasSuffix("/")
        segments = body.split(separator: "/", omittingEmptySubsequences: true).map { part in
            part == "**" ? .anyPath : .tokens(Glob.tokens(of: part))
        }
    }

    package var description: String { pattern }

    /// Whether `path` (relative, `/`-separated; `isFolder` when it names a folder) or one of its leading folders matches.
    package func matches(_ path: String, isFolder: Bool = false) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        guard !segments.isEmpty else { return false }
        let lastCandidate = isFolder || !foldersOnly ? parts.count : parts.count - 1
        guard lastCandidate >= 1 else { return false }
        for length in 1...lastCandidate where matchesSegments(parts[0..<length]) {
            return true
        }
        return false
    }

    private func matchesSegments(_ parts: ArraySlice<[Unicode.Scalar]>) -> Bool {
        Glob.wildcardMatch(
            pattern: segments, text: Array(parts),
            isRun: { $0 == .anyPath },
            matchesOne: { segment, part in
                guard case .tokens(let tokens) = segment else { return false }
                return Glob.matches(tokens, part)
            })
    }

    private static func matches(_ tokens: [Token], _ name: [Unicode.Scalar]) -> Bool {
        Glob.wildcardMatch(
            pattern: tokens, text: name,
            isRun: { $0 == .anyRun },
            matchesOne: { token, scalar in
                switch token {
                case .literal(let literal): literal == scalar
                case .anyCharacter: true
                case .anyRun: false
                case .characterClass(let ranges, let negated): ranges.contains { $0.contains(scalar) } != negated
                }
            })
    }

    /// Matches `text` against `pattern`, where a run element matches any number of text elements.
    /// Backtracks only to the most recent run, which is enough for one kind of run and keeps it O(n·m).
    private static func wildcardMatch<P, T>(
        pattern: [P], text: [T], isRun: (P) -> Bool, matchesOne: (P, T) -> Bool
    ) -> Bool {
        var p = 0
        var t = 0
        var lastRun: Int?
        var resumeText = 0
        while t < text.count {
            if p < pattern.count, isRun(pattern[p]) {
                lastRun = p
                resumeText = t
                p += 1
            } else if p < pattern.count, matchesOne(pattern[p], text[t]) {
                p += 1
                t += 1
            } else if let run = lastRun {
                p = run + 1
                resumeText += 1
                t = resumeText
            } else {
                return false
            }
        }
        while p < pattern.count, isRun(pattern[p]) { p += 1 }
        return p == pattern.count
    }

    private static func tokens(of segment: Substring) -> [Token] {
        let scalars = Array(segment.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            switch scalar {
            case "*":
                if tokens.last != .anyRun { tokens.append(.anyRun) }
                i += 1
            case "?":
                tokens.append(.anyCharacter)
                i += 1
            case "\\" where i + 1 < scalars.count:
                tokens.append(.literal(scalars[i + 1]))
                i += 2
            case "[":
                if let (token, next) = characterClass(scalars, from: i) {
                    tokens.append(token)
                    i = next
                } else {
                    tokens.append(.literal(scalar))  // an unclosed `[` is a literal, as in fnmatch
                    i += 1
                }
            default:
                tokens.append(.literal(scalar))
                i += 1
            }
        }
        return tokens
    }

    /// Reads `[...]` starting at `start`; nil when it is not closed. A `]` right after `[` or `[!` is literal.
    private static func characterClass(_ scalars: [Unicode.Scalar], from start: Int) -> (Token, Int)? {
        var i = start + 1
        var negated = false
        if i < scalars.count, scalars[i] == "!" || scalars[i] == "^" {
            negated = true
            i += 1
        }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while i < scalars.count {
            var low = scalars[i]
            if low == "]" && !first { return (.characterClass(ranges, negated: negated), i + 1) }
            first = false
            if low == "\\", i + 1 < scalars.count {
                i += 1
                low = scalars[i]
            }
            if i + 2 < scalars.count, scalars[i + 1] == "-", scalars[i + 2] != "]" {
                var high = scalars[i + 2]
                var next = i + 3
                if high == "\\", i + 3 < scalars.count {
                    high = scalars[i + 3]
                    next = i + 4
                }
                if low <= high { ranges.append(low...high) }
                i = next
            } else {
                ranges.append(low...low)
                i += 1
            }
        }
        return nil
    }
}
