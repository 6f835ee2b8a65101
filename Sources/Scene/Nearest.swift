/// Finds the candidate closest to a misspelled word, for "did you mean" suggestions and quick fixes.
///
/// Distance is the optimal-string-alignment edit distance (insertions, deletions, substitutions and swaps of
/// two neighbors) over Unicode scalars, ignoring case, so `Gravity`, `gravty` and `garvity` all find
/// `gravity`. A candidate qualifies when its distance is at most a third of the longer word (at least 1), or
/// when the word (3 or more characters) starts it and no other candidate does (`rect` → `rectangle`).
/// Ties go to the earlier candidate, so results are deterministic.
package func nearest(_ word: String, in candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().unicodeScalars)
    guard !lowered.isEmpty else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where !candidate.utf8.elementsEqual(word.utf8) {
        let other = Array(candidate.lowercased().unicodeScalars)
        let distance = editDistance(lowered, other)
        let limit = max(1, max(lowered.count, other.count) / 3)
        guard distance <= limit, distance < other.count else { continue }
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    if let best { return best.candidate }
    if lowered.count >= 3 {
        let prefixed = candidates.filter {
            !$0.utf8.elementsEqual(word.utf8) && $0.lowercased().unicodeScalars.starts(with: lowered)
        }
        if prefixed.count == 1 { return prefixed[0] }
    }
    return nil
}

/// The optimal-string-alignment distance between two scalar sequences.
package func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, previousPrevious[j - 2] + 1)
            }
            current[j] = value
        }
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
}
