// Shared steps of the manifold functions. Each pair function works in shape A's frame
// (often shifted to a vertex of A to keep round-off small), fills anchors relative to that
// frame's origin, then `finish` carries the manifold to the world form the solver wants.

extension Manifold {
    /// Carries a manifold built in A's local frame, with normal and anchors relative to
    /// `origin` in that frame, to world axes: anchors relative to each body origin, points in
    /// world coordinates. Clipped points beyond the speculative distance are dropped.
    @inline(__always) mutating func finish(origin: Vec2, _ xfA: Transform, _ xfB: Transform) {
        if pointCount == 2 && points[1].separation > Tolerance.speculativeDistance { pointCount = 1 }
        if pointCount >= 1 && points[0].separation > Tolerance.speculativeDistance {
            pointCount -= 1
            points[0] = points[1]
        }
        normal = xfA.q.rotate(normal)
        let pAB = xfA.p - xfB.p
        for i in 0..<pointCount {
            let anchorA = xfA.q.rotate(points[i].anchorA + origin)
            points[i].anchorA = anchorA
            points[i].anchorB = anchorA + pAB
            points[i].point = xfA.p + anchorA
        }
    }

    /// A one-point manifold from a contact found in A's local frame.
    @inline(__always) static func single(
        normal: Vec2, point: Vec2, separation: Float, id: UInt16, _ xfA: Transform, _ xfB: Transform
    ) -> Manifold {
        var m = Manifold()
        m.normal = normal
        m.points[0] = ManifoldPoint(anchorA: point, separation: separation, id: id)
        m.pointCount = 1
        m.finish(origin: .zero, xfA, xfB)
        return m
    }

    /// The manifold of B against A from the manifold of A against B: the normal reversed,
    /// anchors exchanged, and the feature ids' halves exchanged.
    package func flipped() -> Manifold {
        var m = self
        m.normal = -normal
        for i in 0..<pointCount {
            m.points[i].anchorA = points[i].anchorB
            m.points[i].anchorB = points[i].anchorA
            m.points[i].id = points[i].id << 8 | points[i].id >> 8
        }
        return m
    }
}

/// The length of `v` and its direction, or `fallback` as the direction when `v` is too
/// short to have one.
@inline(__always) func lengthAndDirection(_ v: Vec2, fallback: Vec2) -> (length: Float, direction: Vec2) {
    let length = v.length
    if length < .ulpOfOne { return (length, fallback) }
    return (length, (1 / length) * v)
}
