/// The vertices of the last GJK simplex, kept per contact (and per TOI query) so the next
/// query between nearby configurations starts where this one ended. Zero-initialise it.
package struct SimplexCache: Sendable {
    /// Number of stored simplex vertices (0 means empty).
    package var count: UInt16
    package var indexA: InlineArray<3, UInt8>
    package var indexB: InlineArray<3, UInt8>

    package init() {
        count = 0
        indexA = InlineArray(repeating: 0)
        indexB = InlineArray(repeating: 0)
    }
}

/// The closest points between two shapes, from `shapeDistance`.
package struct DistanceOutput: Sendable {
    /// Closest point on shape A (world).
    package var pointA: Vec2
    /// Closest point on shape B (world).
    package var pointB: Vec2
    /// Unit vector from A towards B (world); zero when the cores overlap.
    package var normal: Vec2
    /// Distance between the shapes (metres); zero when they overlap.
    package var distance: Float
    /// Support-point evaluations used.
    package var iterations: Int
}

/// One vertex of the GJK simplex: a point of the Minkowski difference `A - B`.
package struct SimplexVertex: Sendable {
    /// Support point on A (frame A).
    package var wA: Vec2
    /// Support point on B (frame A).
    package var wB: Vec2
    /// `wA - wB`.
    package var w: Vec2
    /// Barycentric weight of this vertex in the closest point.
    package var a: Float
    package var indexA: Int
    package var indexB: Int
}

/// The GJK simplex: one to three vertices.
package struct Simplex: Sendable {
    package var v1: SimplexVertex
    package var v2: SimplexVertex
    package var v3: SimplexVertex
    package var count: Int

    @inline(__always) package subscript(i: Int) -> SimplexVertex {
        get { i == 0 ? v1 : (i == 1 ? v2 : v3) }
        set {
            switch i {
            case 0: v1 = newValue
            case 1: v2 = newValue
            default: v3 = newValue
            }
        }
    }

    /// The closest points on A and on B (frame A) for the current weights.
    package var witnessPoints: (a: Vec2, b: Vec2) {
        switch count {
        case 1:
            return (v1.wA, v1.wB)
        case 2:
            return (weigh(v1.a, v1.wA, v2.a, v2.wA), weigh(v1.a, v1.wB, v2.a, v2.wB))
        default:
            let a = Vec2(
                v1.a * v1.wA.x + v2.a * v2.wA.x + v3.a * v3.wA.x, v1.a * v1.wA.y + v2.a * v2.wA.y + v3.a * v3.wA.y)
            return (a, a)
        }
    }

    /// The point of the simplex closest to the origin, for the current weights.
    package var closestPoint: Vec2 {
        switch count {
        case 1: return v1.w
        case 2: return weigh(v1.a, v1.w, v2.a, v2.w)
        default: return .zero
        }
    }
}

@inline(__always) private func weigh(_ a1: Float, _ w1: Vec2, _ a2: Float, _ w2: Vec2) -> Vec2 {
    Vec2(a1 * w1.x + a2 * w2.x, a1 * w1.y + a2 * w2.y)
}

/// Closest points between two convex shapes (GJK; Gino van den Bergen's algorithm as
/// Box2D v3 writes it, with a progress test added for curved cores).
///
/// - Parameter useRadii: when true, the distance and points are those of the rounded shapes
///   (points on their surfaces); when false, of the cores.
/// - Parameter cache: the simplex of the previous query between these shapes; updated.
package func shapeDistance(
    _ proxyA: ShapeProxy, _ xfA: Transform, _ proxyB: ShapeProxy, _ xfB: Transform,
    useRadii: Bool, cache: inout SimplexCache
) -> DistanceOutput {
    let localB = proxyB.transformed(by: invMulTransforms(xfA, xfB))
    let result = gjk(proxyA, localB, cache: &cache)
    let (localPointA, localPointB) = result.simplex.witnessPoints
    var output = DistanceOutput(
        pointA: xfA.apply(localPointA), pointB: xfA.apply(localPointB), normal: .zero, distance: 0,
        iterations: result.iterations)
    if result.overlapped { return output }

    let normal = xfA.q.rotate(result.normal)
    output.normal = normal
    output.distance = distance(localPointA, localPointB)
    if useRadii && output.distance > 0.1 * Tolerance.linearSlop {
        output.distance = max(0, output.distance - proxyA.radius - proxyB.radius)
        // Keep the points on the surfaces even when the shapes overlap, so they move smoothly.
        output.pointA = mulAdd(output.pointA, proxyA.radius, normal)
        output.pointB = mulSub(output.pointB, proxyB.radius, normal)
    }
    return output
}

/// Closest points between two convex shapes without a cache to keep.
package func shapeDistance(
    _ proxyA: ShapeProxy, _ xfA: Transform, _ proxyB: ShapeProxy, _ xfB: Transform, useRadii: Bool = true
) -> DistanceOutput {
    var cache = SimplexCache()
    return shapeDistance(proxyA, xfA, proxyB, xfB, useRadii: useRadii, cache: &cache)
}

/// What GJK found, in frame A.
package struct GJKResult {
    package var simplex: Simplex
    /// Unit direction from A's core towards B's core; zero when overlapped.
    package var normal: Vec2
    /// True when the cores overlap (or touch so closely that no direction is reliable).
    package var overlapped: Bool
    package var iterations: Int
}

/// GJK between `proxyA` and `proxyB`, both in frame A.
package func gjk(_ proxyA: ShapeProxy, _ proxyB: ShapeProxy, cache: inout SimplexCache) -> GJKResult {
    let curved = proxyA.isCurved || proxyB.isCurved
    var simplex = makeSimplex(cache, proxyA, proxyB, useCache: !curved)
    var nonUnitNormal = Vec2.zero
    var iteration = 0
    var overlapped = false
    let maxIterations = curved ? 48 : 20
    var saveA = InlineArray<3, Int>(repeating: -1)
    var saveB = InlineArray<3, Int>(repeating: -1)

    while iteration < maxIterations {
        let saveCount = simplex.count
        for i in 0..<saveCount {
            saveA[i] = simplex[i].indexA
            saveB[i] = simplex[i].indexB
        }

        let d: Vec2
        switch simplex.count {
        case 1: d = -simplex.v1.w
        case 2: d = solveSimplex2(&simplex)
        default: d = solveSimplex3(&simplex)
        }

        // Three vertices: the origin is inside the triangle. A vanishing direction: the origin
        // is on (or numerically at) the simplex, so the direction can't be trusted.
        if simplex.count == 3 || dot(d, d) < Float.ulpOfOne * Float.ulpOfOne {
            overlapped = true
            break
        }
        nonUnitNormal = d

        let sA = proxyA.support(d)
        let sB = proxyB.support(-d)
        let w = sA.point - sB.point
        iteration += 1

        if curved {
            // Stop when the new support point gets no farther along the search direction than
            // the simplex already reaches (within a relative 1e-5 of the distance, or 1 µm).
            // Measured from a simplex vertex along the unit direction, not from the closest
            // point's weights, whose round-off a large support point would magnify.
            let direction = d.normalized
            let progress = dot(w - simplex.v1.w, direction)
            let distance = -dot(simplex.v1.w, direction)
            if progress <= max(1e-5 * distance, 1e-6) { break }
        } else {
            // A repeated support pair is the main termination, and prevents cycling.
            var duplicate = false
            for i in 0..<saveCount where sA.index == saveA[i] && sB.index == saveB[i] {
                duplicate = true
                break
            }
            if duplicate { break }
        }

        simplex[simplex.count] = SimplexVertex(
            wA: sA.point, wB: sB.point, w: w, a: 1, indexA: sA.index, indexB: sB.index)
        simplex.count += 1
    }

    cache.count = UInt16(simplex.count)
    for i in 0..<simplex.count {
        cache.indexA[i] = UInt8(truncatingIfNeeded: simplex[i].indexA)
        cache.indexB[i] = UInt8(truncatingIfNeeded: simplex[i].indexB)
    }
    return GJKResult(
        simplex: simplex, normal: overlapped ? .zero : nonUnitNormal.normalized, overlapped: overlapped,
        iterations: iteration)
}

private func makeSimplex(
    _ cache: SimplexCache, _ proxyA: ShapeProxy, _ proxyB: ShapeProxy, useCache: Bool
) -> Simplex {
    var first = SimplexVertex(
        wA: proxyA.points[0], wB: proxyB.points[0], w: proxyA.points[0] - proxyB.points[0], a: 1, indexA: 0,
        indexB: 0)
    if !useCache {
        // Curved cores: start from a true support point of A - B (along the line between the
        // reference points), so every simplex vertex lies on the boundary and the simplex is a
        // valid start for the penetration solver.
        var d = proxyB.points[0] - proxyA.points[0]
        if d == .zero { d = Vec2(1, 0) }
        let sA = proxyA.support(d)
        let sB = proxyB.support(-d)
        first = SimplexVertex(
            wA: sA.point, wB: sB.point, w: sA.point - sB.point, a: 1, indexA: sA.index, indexB: sB.index)
    }
    var s = Simplex(v1: first, v2: first, v3: first, count: 1)
    guard useCache, cache.count > 0, cache.count <= 3 else { return s }
    for i in 0..<Int(cache.count) {
        let ia = Int(cache.indexA[i])
        let ib = Int(cache.indexB[i])
        // A cache from other shapes (or a changed shape) is ignored.
        guard ia < proxyA.count, ib < proxyB.count else { return Simplex(v1: first, v2: first, v3: first, count: 1) }
        let wA = proxyA.points[ia]
        let wB = proxyB.points[ib]
        s[i] = SimplexVertex(wA: wA, wB: wB, w: wA - wB, a: -1, indexA: ia, indexB: ib)
    }
    s.count = Int(cache.count)
    return s
}

// The simplex solvers find the closest point to the origin of a segment or triangle by its
// Voronoi regions, set the barycentric weights, drop vertices that don't contribute, and
// return a direction towards the origin (not unit length).
//
// Segment w1–w2, closest point p = a1 w1 + a2 w2 with a1 + a2 = 1 and dot(p, e12) = 0,
// e12 = w2 - w1: a1 ∝ dot(w2, e12), a2 ∝ -dot(w1, e12).

/// Reduces the simplex to vertex `v`; the direction to the origin is `-v.w`.
@inline(__always) private func keepVertex(_ s: inout Simplex, _ v: SimplexVertex) -> Vec2 {
    s.v1 = v
    s.v1.a = 1
    s.count = 1
    return -v.w
}

/// Reduces the simplex to the edge `va`–`vb` with weights proportional to `da` and `db`; the
/// direction to the origin is perpendicular to the edge, on the origin's side.
@inline(__always) private func keepEdge(
    _ s: inout Simplex, _ va: SimplexVertex, _ vb: SimplexVertex, _ da: Float, _ db: Float
) -> Vec2 {
    let inv = 1 / (da + db)
    s.v1 = va
    s.v1.a = da * inv
    s.v2 = vb
    s.v2.a = db * inv
    s.count = 2
    let e = vb.w - va.w
    return cross(cross(va.w + vb.w, e), e)
}

private func solveSimplex2(_ s: inout Simplex) -> Vec2 {
    let e12 = s.v2.w - s.v1.w
    let d12_2 = -dot(s.v1.w, e12)
    if d12_2 <= 0 { return keepVertex(&s, s.v1) }
    let d12_1 = dot(s.v2.w, e12)
    if d12_1 <= 0 { return keepVertex(&s, s.v2) }
    return keepEdge(&s, s.v1, s.v2, d12_1, d12_2)
}

private func solveSimplex3(_ s: inout Simplex) -> Vec2 {
    let w1 = s.v1.w
    let w2 = s.v2.w
    let w3 = s.v3.w

    let e12 = w2 - w1
    let d12_1 = dot(w2, e12)
    let d12_2 = -dot(w1, e12)

    let e13 = w3 - w1
    let d13_1 = dot(w3, e13)
    let d13_2 = -dot(w1, e13)

    let e23 = w3 - w2
    let d23_1 = dot(w3, e23)
    let d23_2 = -dot(w2, e23)

    // Triangle barycentric weights, signed by the winding.
    let n123 = cross(e12, e13)
    let d123_1 = n123 * cross(w2, w3)
    let d123_2 = n123 * cross(w3, w1)
    let d123_3 = n123 * cross(w1, w2)

    // Vertex and edge regions in Box2D's order (which also fixes the order of what is kept).
    if d12_2 <= 0 && d13_2 <= 0 { return keepVertex(&s, s.v1) }
    if d12_1 > 0 && d12_2 > 0 && d123_3 <= 0 { return keepEdge(&s, s.v1, s.v2, d12_1, d12_2) }
    if d13_1 > 0 && d13_2 > 0 && d123_2 <= 0 { return keepEdge(&s, s.v1, s.v3, d13_1, d13_2) }
    if d12_1 <= 0 && d23_2 <= 0 { return keepVertex(&s, s.v2) }
    if d13_1 <= 0 && d23_1 <= 0 { return keepVertex(&s, s.v3) }
    if d23_1 > 0 && d23_2 > 0 && d123_1 <= 0 { return keepEdge(&s, s.v3, s.v2, d23_2, d23_1) }

    // Inside the triangle.
    let inv = 1 / (d123_1 + d123_2 + d123_3)
    s.v1.a = d123_1 * inv
    s.v2.a = d123_2 * inv
    s.v3.a = d123_3 * inv
    s.count = 3
    return .zero
}

/// The closest points of segments p1–q1 and p2–q2 (Ericson, Real-Time Collision Detection
/// §5.1.9), with the fraction of each and the squared distance.
package struct SegmentDistanceResult {
    package var closest1: Vec2
    package var closest2: Vec2
    package var fraction1: Float
    package var fraction2: Float
    package var distanceSquared: Float
}

package func segmentDistance(_ p1: Vec2, _ q1: Vec2, _ p2: Vec2, _ q2: Vec2) -> SegmentDistanceResult {
    let d1 = q1 - p1
    let d2 = q2 - p2
    let r = p1 - p2
    let dd1 = dot(d1, d1)
    let dd2 = dot(d2, d2)
    let rd1 = dot(r, d1)
    let rd2 = dot(r, d2)
    let epsSquared = Float.ulpOfOne * Float.ulpOfOne

    var f1: Float = 0
    var f2: Float = 0
    if dd1 < epsSquared || dd2 < epsSquared {
        // A segment is a point.
        if dd1 >= epsSquared {
            f1 = clamp(-rd1 / dd1, 0, 1)
        } else if dd2 >= epsSquared {
            f2 = clamp(rd2 / dd2, 0, 1)
        }
    } else {
        let d12 = dot(d1, d2)
        let denominator = dd1 * dd2 - d12 * d12
        // Parallel segments start from p1.
        if denominator != 0 {
            f1 = clamp((d12 * rd2 - rd1 * dd2) / denominator, 0, 1)
        }
        f2 = (d12 * f1 + rd2) / dd2
        // Clamping segment 2 means segment 1's point must be found again.
        if f2 < 0 {
            f2 = 0
            f1 = clamp(-rd1 / dd1, 0, 1)
        } else if f2 > 1 {
            f2 = 1
            f1 = clamp((d12 - rd1) / dd1, 0, 1)
        }
    }
    let c1 = mulAdd(p1, f1, d1)
    let c2 = mulAdd(p2, f2, d2)
    return SegmentDistanceResult(
        closest1: c1, closest2: c2, fraction1: f1, fraction2: f2, distanceSquared: distanceSquared(c1, c2))
}
