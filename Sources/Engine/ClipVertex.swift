// Box2D's b2ClipSegmentToLine, shared by the polygon–polygon and segment–polygon narrow phases: the
// incident edge is cut by each side plane of the reference face in turn.

/// A vertex of an incident edge being clipped, with the contact feature it stands for.
struct ClipVertex {
    var v: Vector
    var id: UInt64

    /// Keeps the part of the segment `input` on the inner side of the plane `dot(normal, p) = offset`
    /// (where `dot(normal, p) <= offset`). Returns the kept vertices and their count (0, 1 or 2); a vertex
    /// made at the crossing gets a feature id naming `vertexIndexA` of the reference polygon.
    static func clipSegment(
        _ input: (ClipVertex, ClipVertex), normal: Vector, offset: Double, vertexIndexA: Int
    ) -> (ClipVertex, ClipVertex, Int) {
        var out0 = input.0
        var out1 = input.1
        var count = 0
        let d0 = dot(normal, input.0.v) - offset
        let d1 = dot(normal, input.1.v) - offset
        func put(_ v: ClipVertex) {
            if count == 0 { out0 = v } else { out1 = v }
            count += 1
        }
        if d0 <= 0 { put(input.0) }
        if d1 <= 0 { put(input.1) }
        if d0 * d1 < 0 {
            let t = d0 / (d0 - d1)
            let v = input.0.v + t * (input.1.v - input.0.v)
            let id = ContactFeature.make(
                indexA: vertexIndexA, indexB: ContactFeature.indexB(input.0.id),
                typeA: ContactFeature.vertex, typeB: ContactFeature.face)
            put(ClipVertex(v: v, id: id))
        }
        return (out0, out1, count)
    }
}
