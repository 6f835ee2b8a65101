// In-place sorting that never allocates (the standard library's sort may take a scratch buffer), one entry
// point per element type the sub-step sorts, so that each is compiled for its type where the algorithm is
// (a generic call from another file ran unspecialized in builds without whole-module optimization: a fifth of
// the engine's time in a debug build, in metadata lookups).
//
// Sweep entries and stale contact keys come nearly sorted (last sub-step's order): insertion sort, linear on
// such input, giving way to heapsort once it has moved too many elements. Pair keys come in sweep order,
// which has little to do with key order: introsort (quicksort on a median of three, insertion sort for short
// ranges, heapsort when the recursion gets too deep). Every order is total (ties broken by an index, or equal
// elements identical), so the result does not depend on the algorithm.

enum Sorting {
    /// By lower edge, then by shape.
    static func sort(_ a: inout [SweepEntry]) {
        a.withUnsafeMutableBufferPointer { buffer in
            insertionOrHeapSort(buffer) { $0.lower < $1.lower || ($0.lower == $1.lower && $0.shape < $1.shape) }
        }
    }

    /// By key.
    static func sort(_ a: inout [ContactKey]) {
        a.withUnsafeMutableBufferPointer { buffer in insertionOrHeapSort(buffer) { $0.key < $1.key } }
    }

    /// Ascending.
    static func sort(_ a: inout [UInt64]) {
        a.withUnsafeMutableBufferPointer { buffer in
            guard buffer.count > 1 else { return }
            var depthBudget = 0
            var n = buffer.count
            while n > 1 {
                depthBudget += 2
                n >>= 1
            }
            introsort(buffer, 0, buffer.count, depthBudget)
        }
    }

    private static func insertionOrHeapSort<T>(
        _ a: UnsafeMutableBufferPointer<T>, by less: (T, T) -> Bool
    ) {
        let n = a.count
        guard n > 1 else { return }
        var budget = 8 * n + 64
        insertionSort(a, 0, n, budget: &budget, by: less)
        if budget > 0 { return }
        heapsort(a, 0, n, by: less)
    }

    /// Insertion sort of `a[start..<end]` that stops once it has moved `budget` elements (leaving `budget` at 0
    /// and the range unsorted).
    private static func insertionSort<T>(
        _ a: UnsafeMutableBufferPointer<T>, _ start: Int, _ end: Int, budget: inout Int, by less: (T, T) -> Bool
    ) {
        var i = start + 1
        while i < end {
            let x = a[i]
            var j = i
            while j > start && less(x, a[j - 1]) && budget > 0 {
                a[j] = a[j - 1]
                j -= 1
                budget -= 1
            }
            a[j] = x
            if budget == 0 { return }
            i += 1
        }
    }

    /// Sorts `a[start..<end]`.
    private static func heapsort<T>(
        _ a: UnsafeMutableBufferPointer<T>, _ start: Int, _ end: Int, by less: (T, T) -> Bool
    ) {
        let n = end - start
        func siftDown(_ root: Int, _ end: Int) {
            var root = root
            while true {
                var child = 2 * root + 1
                if child >= end { return }
                if child + 1 < end && less(a[start + child], a[start + child + 1]) { child += 1 }
                if !less(a[start + root], a[start + child]) { return }
                a.swapAt(start + root, start + child)
                root = child
            }
        }
        var k = n / 2 - 1
        while k >= 0 {
            siftDown(k, n)
            k -= 1
        }
        var last = n - 1
        while last > 0 {
            a.swapAt(start, start + last)
            siftDown(0, last)
            last -= 1
        }
    }

    /// Sorts `a[start..<end]`.
    private static func introsort(_ a: UnsafeMutableBufferPointer<UInt64>, _ start: Int, _ end: Int, _ depth: Int) {
        var start = start
        var end = end
        var depth = depth
        while end - start > 16 {
            if depth == 0 {
                heapsort(a, start, end, by: <)
                return
            }
            depth -= 1
            // Median of the first, middle and last as the pivot.
            let mid = start + (end - start) / 2
            if a[mid] < a[start] { a.swapAt(mid, start) }
            if a[end - 1] < a[start] { a.swapAt(end - 1, start) }
            if a[end - 1] < a[mid] { a.swapAt(end - 1, mid) }
            let pivot = a[mid]
            var i = start
            var j = end - 1
            while i <= j {
                while a[i] < pivot { i += 1 }
                while pivot < a[j] { j -= 1 }
                if i <= j {
                    a.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            // Recurse into the shorter side, loop on the longer.
            if j + 1 - start < end - i {
                introsort(a, start, j + 1, depth)
                start = i
            } else {
                introsort(a, i, end, depth)
                end = j + 1
            }
        }
        // Insertion sort for the short range (at most 16 elements: no budget to run out of).
        var unlimited = Int.max
        insertionSort(a, start, end, budget: &unlimited, by: <)
    }
}
