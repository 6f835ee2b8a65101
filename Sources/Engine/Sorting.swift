// In-place sorting that never allocates (the standard library's sort may take a scratch buffer): insertion
// sort, which is linear on the nearly sorted input a sub-step usually sees, giving way to heapsort once it
// has moved too many elements. The order must be total (ties broken by an index) for determinism.

enum Sorting {
    static func sort<T>(_ a: inout [T], from start: Int = 0, by less: (T, T) -> Bool) {
        let n = a.count - start
        guard n > 1 else { return }
        // Insertion sort with a budget of moves.
        var budget = 8 * n + 64
        var i = start + 1
        while i < a.count {
            let x = a[i]
            var j = i
            while j > start && less(x, a[j - 1]) && budget > 0 {
                a[j] = a[j - 1]
                j -= 1
                budget -= 1
            }
            a[j] = x
            if budget == 0 { break }
            i += 1
        }
        if budget > 0 { return }
        heapsort(&a, from: start, by: less)
    }

    private static func heapsort<T>(_ a: inout [T], from start: Int, by less: (T, T) -> Bool) {
        let n = a.count - start
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
        var end = n - 1
        while end > 0 {
            a.swapAt(start, start + end)
            siftDown(0, end)
            end -= 1
        }
    }
}
