/// How deeply two overlapping convex cores interpenetrate, from the expanding polytope
/// algorithm (EPA), in frame A.
package struct Penetration: Sendable {
    /// Unit direction from A towards B: moving B by `depth * normal` separates the cores.
    package var normal: Vec2
    /// Penetration depth of the cores (metres); slightly negative when they are in fact apart.
    package var depth: Float
    /// The deepest point of A's core along `normal`.
    package var pointA: Vec2
    /// The deepest point of B's core along `-normal`.
    package var pointB: Vec2
}

private struct PolytopeVertex {
    var wA: Vec2
    var wB: Vec2
    var w: Vec2
}

/// The largest polytope EPA builds before it settles for the best edge so far.
private let maxPolytopeVertices = 32

/// EPA on the Minkowski difference `A - B` of two cores in frame A, grown from the last GJK
/// simplex. Returns nil when no polygon with area can be formed (both cores degenerate to
/// one line), in which case the caller falls back to another direction.
///
/// The polytope is kept counter-clockwise; each round takes the edge nearest the origin,
/// finds the support point along its outward normal, and stops when that point is no farther
/// out than the edge (within 2 µm), so for curved cores the polytope refines only where the
/// answer lies.
package func penetration(_ proxyA: ShapeProxy, _ proxyB: ShapeProxy, simplex: Simplex) -> Penetration? {
    var poly = InlineArray<32, PolytopeVertex>(repeating: PolytopeVertex(wA: .zero, wB: .zero, w: .zero))
    var count = simplex.count
    for i in 0..<count {
        let v = simplex[i]
        poly[i] = PolytopeVertex(wA: v.wA, wB: v.wB, w: v.w)
    }

    @inline(__always) func supportVertex(_ d: Vec2) -> PolytopeVertex {
        let a = proxyA.support(d).point
        let b = proxyB.support(-d).point
        return PolytopeVertex(wA: a, wB: b, w: a - b)
    }

    let areaTolerance: Float = 1e-12
    if count == 1 {
        let w0 = poly[0].w
        let d = w0.lengthSquared > areaTolerance ? -w0 : Vec2(1, 0)
        var next = supportVertex(d)
        if distanceSquared(next.w, w0) <= areaTolerance { next = supportVertex(-d) }
        if distanceSquared(next.w, w0) <= areaTolerance { next = supportVertex(d.leftPerp) }
        guard distanceSquared(next.w, w0) > areaTolerance else { return nil }
        poly[1] = next
        count = 2
    }
    if count == 2 {
        let e = poly[1].w - poly[0].w
        var next = supportVertex(e.leftPerp)
        if abs(cross(e, next.w - poly[0].w)) <= areaTolerance { next = supportVertex(e.rightPerp) }
        guard abs(cross(e, next.w - poly[0].w)) > areaTolerance else { return nil }
        poly[2] = next
        count = 3
    }
    if cross(poly[1].w - poly[0].w, poly[2].w - poly[0].w) < 0 {
        let t = poly[1]
        poly[1] = poly[2]
        poly[2] = t
    }

    let tolerance: Float = 2e-6
    var bestEdge = 0
    var bestNormal = Vec2.zero
    var bestDistance = Float.infinity
    while true {
        bestDistance = .infinity
        for i in 0..<count {
            let a = poly[i].w
            let b = poly[i + 1 < count ? i + 1 : 0].w
            let n = (b - a).rightPerp.normalized
            guard n != .zero else { continue }
            let d = dot(n, a)
            if d < bestDistance {
                bestDistance = d
                bestEdge = i
                bestNormal = n
            }
        }
        if count == maxPolytopeVertices { break }
        let next = supportVertex(bestNormal)
        if dot(next.w, bestNormal) - bestDistance <= tolerance { break }
        // Insert after the best edge's first vertex.
        var j = count
        while j > bestEdge + 1 {
            poly[j] = poly[j - 1]
            j -= 1
        }
        poly[bestEdge + 1] = next
        count += 1
    }

    guard bestDistance.isFinite else { return nil }
    let v1 = poly[bestEdge]
    let v2 = poly[bestEdge + 1 < count ? bestEdge + 1 : 0]
    // The point of the edge nearest the origin, as weights of its ends.
    let e = v2.w - v1.w
    let ee = dot(e, e)
    let t = ee > 0 ? clamp(-dot(v1.w, e) / ee, 0, 1) : 0
    return Penetration(
        normal: bestNormal, depth: bestDistance, pointA: lerp(v1.wA, v2.wA, t), pointB: lerp(v1.wB, v2.wB, t))
}
