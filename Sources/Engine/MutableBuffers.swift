// Several arrays' mutable buffers in one scope. A stage's hot loop writes through buffers (no bounds or
// uniqueness check per write); opening them one `withUnsafeMutableBufferPointer` inside another nests a level
// per array, which these helpers keep in one place. The arrays must be distinct (the caller passes them
// `inout` together, which exclusivity already guarantees).

/// Runs `body` on the mutable buffers of two arrays.
@inline(__always)
func withMutableBuffers<A, B, R>(
    _ a: inout [A], _ b: inout [B],
    _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>) -> R
) -> R {
    a.withUnsafeMutableBufferPointer { a in b.withUnsafeMutableBufferPointer { b in body(a, b) } }
}

/// Runs `body` on the mutable buffers of three arrays.
@inline(__always)
func withMutableBuffers<A, B, C, R>(
    _ a: inout [A], _ b: inout [B], _ c: inout [C],
    _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>, UnsafeMutableBufferPointer<C>) -> R
) -> R {
    withMutableBuffers(&a, &b) { a, b in c.withUnsafeMutableBufferPointer { c in body(a, b, c) } }
}

/// Runs `body` on the mutable buffers of four arrays.
@inline(__always)
func withMutableBuffers<A, B, C, D, R>(
    _ a: inout [A], _ b: inout [B], _ c: inout [C], _ d: inout [D],
    _ body: (
        UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>, UnsafeMutableBufferPointer<C>,
        UnsafeMutableBufferPointer<D>
    ) -> R
) -> R {
    withMutableBuffers(&a, &b, &c) { a, b, c in d.withUnsafeMutableBufferPointer { d in body(a, b, c, d) } }
}
