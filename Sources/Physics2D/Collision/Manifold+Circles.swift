// Manifolds with a circle as shape B: one point, the midpoint between the two surfaces
// along the line of closest approach (Box2D v3's circle family).

/// Circle A against circle B.
package func collideCircles(_ circleA: Circle, _ xfA: Transform, _ circleB: Circle, _ xfB: Transform) -> Manifold {
    let xf = invMulTransforms(xfA, xfB)
    let pA = circleA.center
    let pB = xf.apply(circleB.center)
    let (distance, normal) = lengthAndDirection(pB - pA, fallback: Vec2(0, 1))
    let rA = circleA.radius
    let rB = circleB.radius
    let separation = distance - rA - rB
    if separation > Tolerance.speculativeDistance { return Manifold() }
    let cA = mulAdd(pA, rA, normal)
    let cB = mulSub(pB, rB, normal)
    return .single(normal: normal, point: lerp(cA, cB, 0.5), separation: separation, id: 0, xfA, xfB)
}

/// Segment A (a capsule of radius zero) against circle B.
package func collideSegmentAndCircle(
    _ segment: Segment, _ xfA: Transform, _ circle: Circle, _ xfB: Transform
) -> Manifold {
    let xf = invMulTransforms(xfA, xfB)
    let pB = xf.apply(circle.center)
    let p1 = segment.point1
    let p2 = segment.point2
    let e = p2 - p1

    // The closest point on the segment: an end, or the projection onto the interior.
    let pA: Vec2
    let s1 = dot(pB - p1, e)
    let s2 = dot(p2 - pB, e)
    if s1 < 0 {
        pA = p1
    } else if s2 < 0 {
        pA = p2
    } else {
        pA = mulAdd(p1, s1 / dot(e, e), e)
    }

    return pointAndCircle(pA, pB, radius: circle.radius, fallback: e.rightPerp.normalized, xfA, xfB)
}

/// One point between `pA` on a segment and a circle of `radius` centred at `pB` (both in A's
/// frame); `fallback` is the normal when the centre lies on the segment itself.
@inline(__always) private func pointAndCircle(
    _ pA: Vec2, _ pB: Vec2, radius: Float, fallback: Vec2, _ xfA: Transform, _ xfB: Transform
) -> Manifold {
    let (distance, normal) = lengthAndDirection(pB - pA, fallback: fallback)
    let separation = distance - radius
    if separation > Tolerance.speculativeDistance { return Manifold() }
    let cB = mulSub(pB, radius, normal)
    return .single(normal: normal, point: lerp(pA, cB, 0.5), separation: separation, id: 0, xfA, xfB)
}

/// Polygon A (possibly rounded) against circle B.
package func collidePolygonAndCircle(
    _ polygon: Polygon, _ xfA: Transform, _ circle: Circle, _ xfB: Transform
) -> Manifold {
    let speculative = Tolerance.speculativeDistance
    let xf = invMulTransforms(xfA, xfB)
    let center = xf.apply(circle.center)
    let rA = polygon.radius
    let rB = circle.radius
    let radius = rA + rB

    // The edge of greatest separation from the centre.
    var normalIndex = 0
    var separation = -Float.greatestFiniteMagnitude
    let count = polygon.count
    for i in 0..<count {
        let s = dot(polygon.normals[i], center - polygon.vertices[i])
        if s > separation {
            separation = s
            normalIndex = i
        }
    }
    if separation > radius + speculative { return Manifold() }

    let v1 = polygon.vertices[normalIndex]
    let v2 = polygon.vertices[normalIndex + 1 < count ? normalIndex + 1 : 0]
    let u1 = dot(center - v1, v2 - v1)
    let u2 = dot(center - v2, v1 - v2)

    if (u1 < 0 || u2 < 0) && separation > .ulpOfOne {
        // The centre is outside the polygon, nearest a vertex.
        let v = u1 < 0 ? v1 : v2
        let normal = (center - v).normalized
        let s = dot(center - v, normal)
        if s > radius + speculative { return Manifold() }
        let cA = mulAdd(v, rA, normal)
        let cB = mulSub(center, rB, normal)
        return .single(
            normal: normal, point: lerp(cA, cB, 0.5), separation: dot(cB - cA, normal), id: 0, xfA, xfB)
    }

    // The centre faces the edge, and may be inside the polygon.
    let normal = polygon.normals[normalIndex]
    // cA: the centre projected onto the (rounded) edge; cB: the circle's deepest point.
    let cA = mulAdd(center, rA - dot(center - v1, normal), normal)
    let cB = mulSub(center, rB, normal)
    return .single(normal: normal, point: lerp(cA, cB, 0.5), separation: separation - radius, id: 0, xfA, xfB)
}

/// Chain segment A (one-sided, with ghost vertices) against circle B.
package func collideChainSegmentAndCircle(
    _ chain: ChainSegment, _ xfA: Transform, _ circle: Circle, _ xfB: Transform
) -> Manifold {
    let xf = invMulTransforms(xfA, xfB)
    let pB = xf.apply(circle.center)
    let p1 = chain.segment.point1
    let p2 = chain.segment.point2
    let e = p2 - p1

    // One-sided: nothing from behind (the left of p1 → p2).
    if dot(e.rightPerp, pB - p1) < 0 { return Manifold() }

    // Barycentric coordinates of the centre's projection.
    let u = dot(e, p2 - pB)
    let v = dot(e, pB - p1)
    let pA: Vec2
    if v <= 0 {
        // Behind p1: in the previous segment's region, the previous segment owns the contact.
        if dot(p1 - chain.ghost1, pB - p1) <= 0 { return Manifold() }
        pA = p1
    } else if u <= 0 {
        // Ahead of p2: likewise for the next segment.
        if dot(chain.ghost2 - p2, pB - p2) > 0 { return Manifold() }
        pA = p2
    } else {
        let ee = dot(e, e)
        pA = ee > 0 ? (1 / ee) * Vec2(u * p1.x + v * p2.x, u * p1.y + v * p2.y) : p1
    }

    return pointAndCircle(pA, pB, radius: circle.radius, fallback: e.rightPerp.normalized, xfA, xfB)
}
