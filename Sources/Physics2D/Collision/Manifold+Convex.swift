// Manifolds for shapes known only by their support function (ellipses against anything).
// An ellipse is strictly convex, so these pairs touch at one point.
//
// Each proxy is a core swept by a disc (see `ShapeProxy`). When the cores are apart, GJK's
// closest points give the normal and the separation directly; the radii absorb overlaps up
// to their sum. Only when the cores themselves overlap does EPA measure the penetration.

/// Below this core gap (metres) the GJK direction is not trusted and EPA decides.
private let coreContactGap: Float = 1e-4

/// The contact between two cores in A's frame: normal (A → B), separation of the rounded
/// shapes, and the points on each rounded surface.
private struct ConvexContact {
    var normal: Vec2
    var separation: Float
    var pointA: Vec2
    var pointB: Vec2
}

/// Closest points (or deepest penetration) of `proxyA` and `proxyB`, both in frame A.
private func convexContact(_ proxyA: ShapeProxy, _ proxyB: ShapeProxy, cache: inout SimplexCache) -> ConvexContact {
    let rA = proxyA.radius
    let rB = proxyB.radius
    let result = gjk(proxyA, proxyB, cache: &cache)
    if !result.overlapped {
        let (pA, pB) = result.simplex.witnessPoints
        let gap = distance(pA, pB)
        if gap > coreContactGap {
            let normal = (1 / gap) * (pB - pA)
            return ConvexContact(
                normal: normal, separation: gap - rA - rB, pointA: mulAdd(pA, rA, normal),
                pointB: mulSub(pB, rB, normal))
        }
    }
    if let p = penetration(proxyA, proxyB, simplex: result.simplex) {
        return ConvexContact(
            normal: p.normal, separation: -p.depth - rA - rB, pointA: mulAdd(p.pointA, rA, p.normal),
            pointB: mulSub(p.pointB, rB, p.normal))
    }
    // Both cores lie on one line (a segment against a point-like core exactly on it): push
    // along GJK's last direction, or between the cores' reference points.
    var normal = result.normal
    if normal == .zero { normal = (proxyB.points[0] - proxyA.points[0]).normalized }
    if normal == .zero { normal = Vec2(0, 1) }
    let pA = proxyA.support(normal).point
    let pB = proxyB.support(-normal).point
    return ConvexContact(
        normal: normal, separation: dot(pB - pA, normal) - rA - rB, pointA: mulAdd(pA, rA, normal),
        pointB: mulSub(pB, rB, normal))
}

@inline(__always) private func manifold(_ c: ConvexContact, _ xfA: Transform, _ xfB: Transform) -> Manifold {
    if c.separation > Tolerance.speculativeDistance { return Manifold() }
    return .single(normal: c.normal, point: lerp(c.pointA, c.pointB, 0.5), separation: c.separation, id: 0, xfA, xfB)
}

/// Any two shapes by their proxies: one point.
package func collideConvex(
    _ proxyA: ShapeProxy, _ xfA: Transform, _ proxyB: ShapeProxy, _ xfB: Transform, cache: inout SimplexCache
) -> Manifold {
    let localB = proxyB.transformed(by: invMulTransforms(xfA, xfB))
    return manifold(convexContact(proxyA, localB, cache: &cache), xfA, xfB)
}

/// Chain segment A (one-sided, ghost vertices) against a support-mapped shape B. As with a
/// circle: nothing when B's centre is behind the segment, and a contact at an end of the
/// segment only when it is not in the neighbouring segment's region.
package func collideChainSegmentAndConvex(
    _ chain: ChainSegment, _ xfA: Transform, _ proxyB: ShapeProxy, _ xfB: Transform, cache: inout SimplexCache
) -> Manifold {
    let localB = proxyB.transformed(by: invMulTransforms(xfA, xfB))
    let p1 = chain.segment.point1
    let p2 = chain.segment.point2
    let e = p2 - p1
    let normal1 = e.rightPerp.normalized
    let centerB = localB.points[0]
    if dot(normal1, centerB - p1) < 0 { return Manifold() }

    let segment = ShapeProxy(segment: chain.segment)
    var c = convexContact(segment, localB, cache: &cache)
    if c.separation < -Tolerance.linearSlop && dot(c.normal, normal1) < 0.99 {
        // Overlapping a one-sided segment: push out along its face when B's deepest point
        // across the face lies over the segment (the least penetration EPA finds may point
        // sideways or through the back).
        let deepest = mulSub(localB.support(-normal1).point, localB.radius, normal1)
        let t = dot(deepest - p1, e)
        if t >= 0 && t <= dot(e, e) {
            let separation = dot(deepest - p1, normal1)
            c = ConvexContact(
                normal: normal1, separation: separation, pointA: mulSub(deepest, separation, normal1),
                pointB: deepest)
        }
    }

    // Which end of the segment (if any) the contact sits on, and whether the neighbour owns it.
    let along = dot(c.pointA - p1, e)
    let ee = dot(e, e)
    let endTolerance = 1e-4 * ee
    if along <= endTolerance && dot(c.normal, e) < 0 {
        if dot(p1 - chain.ghost1, c.normal) <= 0 { return Manifold() }
    } else if along >= ee - endTolerance && dot(c.normal, e) > 0 {
        if dot(chain.ghost2 - p2, c.normal) > 0 { return Manifold() }
    }
    return manifold(c, xfA, xfB)
}
