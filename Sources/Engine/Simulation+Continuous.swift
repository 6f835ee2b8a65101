// Continuous collision for items of gravity and push behaviors, against static geometry (boundaries and
// anchored items), by conservative advancement along the sub-step's sweep. After the islands are solved, a
// body that moved more than the linear slop (0.5 pt) in the sub-step is swept from where it started to
// where it ended (center and angle interpolated linearly). From t = 0 the time advances by
// (distance − target) / (bound on the approach speed along the closest direction, rotation included), never
// passing the first moment the cores come within `target` = max(slop, skins − 3·slop) of each other (Box2D's
// TOI target). The body is then put back at the earliest such moment, keeping its velocity, and the next
// sub-step's contact solver resolves the impact (with restitution). The rest of the sub-step's motion is
// dropped (time clipping), as Box2D's TOI sub-steps would spend it on the collision response. Bodies that
// already start within the target are left to the contact solver; fast bodies against other moving bodies
// are not swept.

extension Simulation {
    mutating func continuousCollision() {
        if staticShapesStale { rebuildStaticShapes() }
        guard !staticShapes.isEmpty else { return }
        for i in 1..<bodies.count where bodies[i].isMovable && bodies[i].awake && bodies[i].continuousCollision {
            let b = bodies[i]
            let dc = b.center - b.center0
            let da = b.angle - b.angle0
            let motion = dc.length + abs(da) * b.coreExtent
            guard motion > Constants.linearSlop, motion.isFinite else { continue }
            let s = Int(b.shape)
            let start = Transform(p: b.center0 - b.rotation0.apply(b.localCenter), q: b.rotation0)
            let swept = bounds(shape: s, b.transform).union(bounds(shape: s, start))
            var earliest = 1.0
            for st in staticShapes {
                let t = Int(st)
                guard shapes[t].aabb.overlaps(swept), shouldCollide(s, t) else { continue }
                if let toi = timeOfImpact(body: i, staticShape: t), toi < earliest { earliest = toi }
            }
            guard earliest < 1 else { continue }
            bodies[i].center = b.center0 + earliest * dc
            bodies[i].angle = b.angle0 + earliest * da
            bodies[i].synchronizeOrigin()
            updateBounds(shape: s)
        }
    }

    private func bounds(shape s: Int, _ xf: Transform) -> AABB {
        let shape = shapes[s]
        var box = AABB.empty
        if shape.kind == .circle {
            let c = xf.apply(shape.center)
            box = AABB(lower: c, upper: c)
        } else {
            for k in Int(shape.vertexStart)..<Int(shape.vertexStart + shape.vertexCount) {
                let v = xf.apply(pool.vertices[k])
                box.lower = minimum(box.lower, v)
                box.upper = maximum(box.upper, v)
            }
        }
        return box.expanded(by: shape.radius)
    }

    /// Fills `buffer` with a shape's core in world coordinates (one vertex for a disc).
    private mutating func worldCore(_ s: Int, _ xf: Transform, into buffer: inout [Vector]) {
        buffer.removeAll(keepingCapacity: true)
        let shape = shapes[s]
        if shape.kind == .circle {
            buffer.append(xf.apply(shape.center))
        } else {
            for k in Int(shape.vertexStart)..<Int(shape.vertexStart + shape.vertexCount) {
                buffer.append(xf.apply(pool.vertices[k]))
            }
        }
    }

    private mutating func timeOfImpact(body i: Int, staticShape t: Int) -> Double? {
        let b = bodies[i]
        let s = Int(b.shape)
        let target = max(Constants.linearSlop, shapes[s].radius + shapes[t].radius - 3 * Constants.linearSlop)
        let tolerance = 0.25 * Constants.linearSlop
        worldCore(t, bodies[Int(shapes[t].body)].transform, into: &pool.statics)
        let dc = b.center - b.center0
        let da = b.angle - b.angle0

        func distance(at time: Double) -> (distance: Double, normal: Vector) {
            let angle = b.angle0 + time * da
            let q = Rotation(angle)
            let xf = Transform(p: b.center0 + time * dc - q.apply(b.localCenter), q: q)
            worldCore(s, xf, into: &pool.swept)
            return pool.swept.withUnsafeBufferPointer { a in
                pool.statics.withUnsafeBufferPointer { c in ConvexDistance.distance(a, c) }
            }
        }

        var time = 0.0
        var d = distance(at: 0)
        if d.distance < target + tolerance { return nil }
        for _ in 0..<Constants.maxTimeOfImpactIterations {
            let approach = -dot(dc, d.normal) + abs(da) * b.coreExtent
            guard approach > 0 else { return nil }
            time += (d.distance - target) / approach
            guard time < 1 else { return nil }
            d = distance(at: time)
            if d.distance < target + tolerance { return time }
        }
        return time
    }
}
