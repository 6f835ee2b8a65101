import Testing

@testable import Engine

@Suite("Sorting without allocation")
struct SortingTests {
    /// A deterministic stream of numbers (the tests must not depend on the run).
    private struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
    }

    @Test(
        "pair keys come out in ascending order, duplicates kept, whatever their order going in",
        arguments: [0, 1, 2, 17, 100, 1000, 5000])
    func pairKeysAscending(count: Int) {
        var numbers = Numbers(state: UInt64(count) &+ 7)
        let shapes = UInt64(max(1, count / 3))
        var keys: [UInt64] = (0..<count).map { _ in ((numbers.next() % shapes) << 32) | (numbers.next() % shapes) }
        let expected = keys.sorted()
        Sorting.sort(&keys)
        #expect(keys == expected)
        // Already sorted, reversed, and all equal: the quicksort's bad cases.
        Sorting.sort(&keys)
        #expect(keys == expected)
        keys.reverse()
        Sorting.sort(&keys)
        #expect(keys == expected)
        var same = [UInt64](repeating: 42, count: count)
        Sorting.sort(&same)
        #expect(same == [UInt64](repeating: 42, count: count))
    }

    @Test("sweep entries come out by lower edge, then by shape, from any order", arguments: [0, 1, 30, 600])
    func sweepEntriesOrdered(count: Int) {
        var numbers = Numbers(state: UInt64(count) &+ 11)
        var entries = (0..<count).map { k in
            let lower = Double(numbers.next() % 50)
            return SweepEntry(lower: lower, upper: lower + 10, shape: Int32(k))
        }
        entries.reverse()
        Sorting.sort(&entries)
        let ordered = zip(entries, entries.dropFirst()).allSatisfy { a, b in
            a.lower < b.lower || (a.lower == b.lower && a.shape < b.shape)
        }
        #expect(ordered)
        #expect(Set(entries.map(\.shape)).count == count)
    }
}
