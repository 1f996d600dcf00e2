// Polygon against polygon (and segment against polygon, as a two-vertex polygon): the
// separating axis test picks a reference face, the incident face of the other polygon is
// clipped to it, and speculative vertex–vertex contacts get one point along the true gap.
//
// Algorithm (Box2D v3):
//   separation along the best face normal of either polygon (SAT)
//   beyond speculative distance + radii → no contact
//   clearly apart (> 0.1 slop): closest points of reference and incident edges; clip the
//     edges, but when two vertices are substantially closer than the clipped points, use
//     a single vertex–vertex point
//   overlapping: clip the incident edge against the reference edge

#if NEWTONS_WIDE_LANES
import _Builtin_intrinsics.intel
#endif

/// A two-vertex polygon for a segment: normals on both sides, so SAT sees both faces.
@inline(__always) func segmentPolygon(_ p1: Vec2, _ p2: Vec2, radius: Float = 0) -> Polygon {
    var vertices = InlineArray<8, Vec2>(repeating: .zero)
    var normals = InlineArray<8, Vec2>(repeating: .zero)
    vertices[0] = p1
    vertices[1] = p2
    let normal = (p2 - p1).normalized.rightPerp
    normals[0] = normal
    normals[1] = -normal
    return Polygon(vertices: vertices, normals: normals, centroid: lerp(p1, p2, 0.5), radius: radius, count: 2)
}

// The polygons' vertex and normal arrays are read through spans: an InlineArray read
// element by element, as a parameter or a property of one, is copied whole (64 bytes) into a
// temporary for each read, which was most of a box pair's narrow phase.

/// The largest separation of polygon 2 from the faces of polygon 1, and that face.
@inline(__always) private func findMaxSeparation(
    _ normals1: Span<Vec2>, _ vertices1: Span<Vec2>, _ count1: Int, _ vertices2: Span<Vec2>, _ count2: Int
) -> (edge: Int, separation: Float) {
    var bestIndex = 0
    var maxSeparation = -Float.greatestFiniteMagnitude
    for i in 0..<count1 {
        let n = normals1[i]
        let v1 = vertices1[i]
        // The deepest vertex of polygon 2 along this face normal.
        var si = Float.greatestFiniteMagnitude
        for j in 0..<count2 {
            let sij = dot(n, vertices2[j] - v1)
            if sij < si { si = sij }
        }
        if si > maxSeparation {
            maxSeparation = si
            bestIndex = i
        }
    }
    return (bestIndex, maxSeparation)
}

#if NEWTONS_WIDE_LANES
/// The same search for two quadrilaterals (SSE), the faces in lanes: polygon 1's four faces
/// (normals `nx`, `ny`, first vertices `vx`, `vy`) against each vertex of polygon 2 in turn,
/// so the deepest vertex of every face comes out of `minps` and no face's separations are
/// folded across lanes. The arithmetic per face and vertex is that of `findMaxSeparation`
/// (`n.x * (v2.x - v1.x) + n.y * (v2.y - v1.y)`), and the best face is picked from the four
/// lanes in order by the same strict comparison, so ties keep the first face. `minps` may
/// keep the other zero of a tie between -0 and +0: separations are only compared, so the
/// result is the same. Box pairs are most pairs; with polygon 2's vertices in lanes instead
/// (one face at a time, its four separations folded across lanes) the two searches cost some
/// 30 instructions a pair more.
@inline(__always) private func findMaxSeparationFaces4(
    _ nx: SIMD4<Float>, _ ny: SIMD4<Float>, _ vx: SIMD4<Float>, _ vy: SIMD4<Float>, _ vertices2: Span<Vec2>
) -> (edge: Int, separation: Float) {
    var deepest = _mm_set1_ps(Float.greatestFiniteMagnitude)
    for j in 0..<4 {
        let v2 = vertices2[j]
        let dx = _mm_sub_ps(_mm_set1_ps(v2.x), vx), dy = _mm_sub_ps(_mm_set1_ps(v2.y), vy)
        let s = _mm_add_ps(_mm_mul_ps(nx, dx), _mm_mul_ps(ny, dy))
        // `s` first: where it is NaN `minps` keeps `deepest`, as the scalar search skips it.
        deepest = _mm_min_ps(s, deepest)
    }
    var bestIndex = 0
    var maxSeparation = -Float.greatestFiniteMagnitude
    for i in 0..<4 where deepest[i] > maxSeparation {
        maxSeparation = deepest[i]
        bestIndex = i
    }
    return (bestIndex, maxSeparation)
}

/// A quadrilateral's vertices and normals carried by `xf` four at a time (SSE): the same
/// arithmetic per vector as `xf.apply` and `xf.q.rotate` (`c x - s y + p.x`, `s x + c y + p.y`),
/// stored into `vertices` and `normals` and returned as lanes for the separating-axis search.
@inline(__always) private func transformQuad(
    _ xf: Transform, _ sourceVertices: Span<Vec2>, _ sourceNormals: Span<Vec2>,
    _ vertices: inout MutableSpan<Vec2>, _ normals: inout MutableSpan<Vec2>
) -> (x: SIMD4<Float>, y: SIMD4<Float>, nx: SIMD4<Float>, ny: SIMD4<Float>) {
    let c = _mm_set1_ps(xf.q.c), s = _mm_set1_ps(xf.q.s)
    @inline(__always) func rotate(_ x: SIMD4<Float>, _ y: SIMD4<Float>) -> (SIMD4<Float>, SIMD4<Float>) {
        (_mm_sub_ps(_mm_mul_ps(c, x), _mm_mul_ps(s, y)), _mm_add_ps(_mm_mul_ps(s, x), _mm_mul_ps(c, y)))
    }
    @inline(__always) func store(_ x: SIMD4<Float>, _ y: SIMD4<Float>, _ out: inout MutableSpan<Vec2>) {
        out.withUnsafeMutableBufferPointer { buffer in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            raw.storeBytes(of: _mm_unpacklo_ps(x, y), as: SIMD4<Float>.self)
            raw.storeBytes(of: _mm_unpackhi_ps(x, y), toByteOffset: 16, as: SIMD4<Float>.self)
        }
    }
    let (vx, vy) = quadLanes(sourceVertices), (sx, sy) = quadLanes(sourceNormals)
    let (rx, ry) = rotate(vx, vy)
    let x = _mm_add_ps(rx, _mm_set1_ps(xf.p.x)), y = _mm_add_ps(ry, _mm_set1_ps(xf.p.y))
    let (nx, ny) = rotate(sx, sy)
    store(x, y, &vertices)
    store(nx, ny, &normals)
    return (x, y, nx, ny)
}

/// The first four vectors of `vertices` (vertices or normals) as x and y lanes.
@inline(__always) private func quadLanes(_ vertices: Span<Vec2>) -> (SIMD4<Float>, SIMD4<Float>) {
    vertices.withUnsafeBufferPointer { buffer in
        let raw = UnsafeRawPointer(buffer.baseAddress!)
        let a = raw.loadUnaligned(as: SIMD4<Float>.self), b = raw.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self)
        // (x0 y0 x1 y1), (x2 y2 x3 y3) -> (x0 x2 y0 y2), (x1 x3 y1 y3) -> (x0 x1 x2 x3), (y0 y1 y2 y3)
        let low = _mm_unpacklo_ps(a, b), high = _mm_unpackhi_ps(a, b)
        return (_mm_unpacklo_ps(low, high), _mm_unpackhi_ps(low, high))
    }
}
#endif

/// The face whose normal is most anti-parallel to `direction`.
@inline(__always) private func findIncidentEdge(_ normals: Span<Vec2>, _ count: Int, _ direction: Vec2) -> Int {
    var edge = 0
    var minDot = Float.greatestFiniteMagnitude
    for i in 0..<count {
        let d = dot(direction, normals[i])
        if d < minDot {
            minDot = d
            edge = i
        }
    }
    return edge
}

/// An incident edge clipped to the side planes of a reference edge: the two clipped points
/// (moved to midway between the rounded surfaces) and their separations along the
/// reference normal, radii included.
struct ClippedEdge {
    var lower: Vec2
    var separationLower: Float
    var upper: Vec2
    var separationUpper: Float
}

/// Clips incident edge `v21`–`v22` against reference edge `v11`–`v12` with outward normal
/// `normal` (shapes rounded by `r1` and `r2`); nil when the edges don't overlap along it.
/// The incident edge runs against the reference edge, as it does between two shapes wound
/// the same way, so `lower` comes from the `v22` end and `upper` from the `v21` end.
@inline(__always) func clipEdge(
    reference v11: Vec2, _ v12: Vec2, incident v21: Vec2, _ v22: Vec2, normal: Vec2, _ r1: Float, _ r2: Float
) -> ClippedEdge? {
    let tangent = normal.leftPerp
    let lower1: Float = 0
    let upper1 = dot(v12 - v11, tangent)
    let upper2 = dot(v21 - v11, tangent)
    let lower2 = dot(v22 - v11, tangent)
    if upper2 < lower1 || upper1 < lower2 { return nil }

    var vLower = v22
    if lower2 < lower1 && upper2 - lower2 > .ulpOfOne {
        vLower = lerp(v22, v21, (lower1 - lower2) / (upper2 - lower2))
    }
    var vUpper = v21
    if upper2 > upper1 && upper2 - lower2 > .ulpOfOne {
        vUpper = lerp(v22, v21, (upper1 - lower2) / (upper2 - lower2))
    }
    let separationLower = dot(vLower - v11, normal)
    let separationUpper = dot(vUpper - v11, normal)
    return ClippedEdge(
        lower: mulAdd(vLower, 0.5 * (r1 - r2 - separationLower), normal), separationLower: separationLower - r1 - r2,
        upper: mulAdd(vUpper, 0.5 * (r1 - r2 - separationUpper), normal), separationUpper: separationUpper - r1 - r2)
}

/// Polygon A against polygon B, either possibly rounded; also segments as two-vertex polygons.
/// `motion`, when known, is how B will move relative to A over the coming step.
package func collidePolygons(
    _ polygonA: Polygon, _ xfA: Transform, _ polygonB: Polygon, _ xfB: Transform, motion: RelativeMotion? = nil
) -> Manifold {
    // Boxes, by far the commonest pair, get their own copy with the counts known: the loops
    // unroll and their bounds checks go (a third of a box pair's instructions). Same
    // arithmetic, same results.
    if polygonA.count == 4 && polygonB.count == 4 {
        return collidePolygons(polygonA, xfA, polygonB, xfB, motion: motion, counts: BoxCounts.self)
    }
    return collidePolygons(polygonA, xfA, polygonB, xfB, motion: motion, counts: AnyCounts.self)
}

/// The vertex counts a copy of the polygon test is specialised for (a type, so that the
/// compiler makes one copy per kind with the counts as constants).
private protocol PolygonCounts {
    static func countA(_ polygon: Polygon) -> Int
    static func countB(_ polygon: Polygon) -> Int
}
private enum BoxCounts: PolygonCounts {
    @inline(__always) static func countA(_ polygon: Polygon) -> Int { 4 }
    @inline(__always) static func countB(_ polygon: Polygon) -> Int { 4 }
}
private enum AnyCounts: PolygonCounts {
    @inline(__always) static func countA(_ polygon: Polygon) -> Int { polygon.count }
    @inline(__always) static func countB(_ polygon: Polygon) -> Int { polygon.count }
}

private func collidePolygons<Counts: PolygonCounts>(
    _ polygonA: Polygon, _ xfA: Transform, _ polygonB: Polygon, _ xfB: Transform, motion: RelativeMotion?,
    counts: Counts.Type
) -> Manifold {
    let countA = Counts.countA(polygonA), countB = Counts.countB(polygonB)
    let sourceA = polygonA.vertices.span, normalsA = polygonA.normals.span
    let sourceB = polygonB.vertices.span, sourceNormalsB = polygonB.normals.span
    let origin = sourceA[0]
    let linearSlop = Tolerance.linearSlop
    let speculative = Tolerance.speculativeDistance
    let radiusA = polygonA.radius
    let radiusB = polygonB.radius

    // Work in A's frame shifted to A's first vertex, to reduce round-off.
    let sfA = Transform(p: xfA.p + xfA.q.rotate(origin), q: xfA.q)
    let xf = invMulTransforms(sfA, xfB)
    var verticesA = InlineArray<8, Vec2>(repeating: .zero)
    var localB = InlineArray<8, Vec2>(repeating: .zero)
    var localNormalsB = InlineArray<8, Vec2>(repeating: .zero)
    #if NEWTONS_WIDE_LANES
    var quadB = (x: SIMD4<Float>(), y: SIMD4<Float>(), nx: SIMD4<Float>(), ny: SIMD4<Float>())
    #endif
    do {
        var a = verticesA.mutableSpan, b = localB.mutableSpan, nb = localNormalsB.mutableSpan
        for i in 0..<countA {
            a[i] = sourceA[i] - origin
        }
        #if NEWTONS_WIDE_LANES
        if countA == 4 && countB == 4 {
            quadB = transformQuad(xf, sourceB, sourceNormalsB, &b, &nb)
        } else {
            for i in 0..<countB {
                b[i] = xf.apply(sourceB[i])
                nb[i] = xf.q.rotate(sourceNormalsB[i])
            }
        }
        #else
        for i in 0..<countB {
            b[i] = xf.apply(sourceB[i])
            nb[i] = xf.q.rotate(sourceNormalsB[i])
        }
        #endif
    }
    let verticesB = localB.span, normalsB = localNormalsB.span
    let localA = verticesA.span

    let (bestA, separationA): (Int, Float)
    let (bestB, separationB): (Int, Float)
    #if NEWTONS_WIDE_LANES
    if countA == 4 && countB == 4 {
        let (xA, yA) = quadLanes(localA), (nxA, nyA) = quadLanes(normalsA)
        (bestA, separationA) = findMaxSeparationFaces4(nxA, nyA, xA, yA, verticesB)
        (bestB, separationB) = findMaxSeparationFaces4(quadB.nx, quadB.ny, quadB.x, quadB.y, localA)
    } else {
        (bestA, separationA) = findMaxSeparation(normalsA, localA, countA, verticesB, countB)
        (bestB, separationB) = findMaxSeparation(normalsB, verticesB, countB, localA, countA)
    }
    #else
    (bestA, separationA) = findMaxSeparation(normalsA, localA, countA, verticesB, countB)
    (bestB, separationB) = findMaxSeparation(normalsB, verticesB, countB, localA, countA)
    #endif
    let radius = radiusA + radiusB
    if separationA > speculative + radius || separationB > speculative + radius { return Manifold() }

    // The reference face is the one of greater separation; find the incident face.
    let flip = separationA < separationB
    let edgeA = flip ? findIncidentEdge(normalsA, countA, normalsB[bestB]) : bestA
    let edgeB = flip ? bestB : findIncidentEdge(normalsB, countB, normalsA[bestA])
    let i11 = edgeA
    let i12 = edgeA + 1 < countA ? edgeA + 1 : 0
    let i21 = edgeB
    let i22 = edgeB + 1 < countB ? edgeB + 1 : 0
    let v11 = localA[i11]
    let v12 = localA[i12]
    let v21 = verticesB[i21]
    let v22 = verticesB[i22]

    // Corner against corner. When the incident face reaches no further along the reference
    // face than its end, the polygons may be separated by a line parallel to the normal
    // (their projections on the reference face's tangent do not overlap, within the touching
    // tolerance): they meet at most at a corner. If they stay so separated through the
    // coming step, motion along the normal only slides them past each other, and a contact
    // pushing along the normal would be a ghost: a box falling past the top corner of a
    // neighbouring column would catch on it, and a box landing between two neighbours would
    // press their corners and set them spinning. No contact is made then. Without a motion
    // to go by, only a flush seam (a gap within the tolerance) is known to be one.
    let referenceNormal = flip ? normalsB[i21] : normalsA[i11]
    let tangent = referenceNormal.leftPerp
    let touching = 0.1 * linearSlop
    let reference1 = dot(flip ? v21 : v11, tangent), reference2 = dot(flip ? v22 : v12, tangent)
    let incident1 = dot(flip ? v11 : v21, tangent), incident2 = dot(flip ? v12 : v22, tangent)
    let faceOverlap =
        min(max(reference1, reference2), max(incident1, incident2))
        - max(min(reference1, reference2), min(incident1, incident2))
    if faceOverlap <= touching {
        var minA = Float.greatestFiniteMagnitude, maxA = -Float.greatestFiniteMagnitude
        for i in 0..<countA {
            let d = dot(localA[i], tangent)
            minA = min(minA, d)
            maxA = max(maxA, d)
        }
        var minB = Float.greatestFiniteMagnitude, maxB = -Float.greatestFiniteMagnitude
        for i in 0..<countB {
            let d = dot(verticesB[i], tangent)
            minB = min(minB, d)
            maxB = max(maxB, d)
        }
        // The gap along the tangent, on the side of A where B is.
        let gapAfter = minB - maxA, gapBefore = minA - maxB
        let side = gapAfter >= gapBefore ? tangent : -tangent
        let gap = max(gapAfter, gapBefore) - radius
        if gap >= -touching {
            if let motion {
                let opening = dot(xfA.q.invRotate(motion.translation), side) - motion.rotationReach
                if gap + opening >= -touching { return Manifold() }
            } else if gap <= touching {
                return Manifold()
            }
        }
    }

    var m = Manifold()
    let clipped =
        flip
        ? clipEdge(reference: v21, v22, incident: v11, v12, normal: normalsB[i21], radiusB, radiusA)
        : clipEdge(reference: v11, v12, incident: v21, v22, normal: normalsA[i11], radiusA, radiusB)
    if let c = clipped {
        // Anchors stay midway; the order keeps ids tied to the same features either way.
        if flip {
            m.normal = -normalsB[i21]
            m.points[0] = ManifoldPoint(anchorA: c.upper, separation: c.separationUpper, id: makeFeatureID(i11, i22))
            m.points[1] = ManifoldPoint(anchorA: c.lower, separation: c.separationLower, id: makeFeatureID(i12, i21))
        } else {
            m.normal = normalsA[i11]
            m.points[0] = ManifoldPoint(anchorA: c.lower, separation: c.separationLower, id: makeFeatureID(i11, i22))
            m.points[1] = ManifoldPoint(anchorA: c.upper, separation: c.separationUpper, id: makeFeatureID(i12, i21))
        }
        m.pointCount = 2
    }

    // The slop keeps vertex–vertex normals safe to normalise.
    if separationA > 0.1 * linearSlop || separationB > 0.1 * linearSlop {
        // Apart: when two vertices are substantially closer than the clipped points, one
        // vertex–vertex point along their gap is the better contact.
        let result = segmentDistance(v11, v12, v21, v22)
        let distance = result.distanceSquared.squareRoot()
        let separation = distance - radius
        // Possible in the vertex–vertex case.
        if separation > speculative { return Manifold() }

        var minSeparation = Float.greatestFiniteMagnitude
        for i in 0..<m.pointCount {
            minSeparation = min(minSeparation, m.points[i].separation)
        }
        let f1 = result.fraction1
        let f2 = result.fraction2
        let vertexToVertex = (f1 == 0 || f1 == 1) && (f2 == 0 || f2 == 1)
        if vertexToVertex && distance > 0 && separation + 0.1 * linearSlop < minSeparation {
            let vA = f1 == 0 ? v11 : v12
            let vB = f2 == 0 ? v21 : v22
            let normal = (1 / distance) * (vB - vA)
            let c1 = mulAdd(vA, radiusA, normal)
            let c2 = mulSub(vB, radiusB, normal)
            m.normal = normal
            m.points[0] = ManifoldPoint(
                anchorA: lerp(c1, c2, 0.5), separation: separation,
                id: makeFeatureID(f1 == 0 ? i11 : i12, f2 == 0 ? i21 : i22))
            m.pointCount = 1
        }
    }

    if m.pointCount > 0 {
        m.finish(origin: origin, xfA, xfB)
    }
    return m
}

/// Segment A (two-sided) against polygon B.
package func collideSegmentAndPolygon(
    _ segment: Segment, _ xfA: Transform, _ polygon: Polygon, _ xfB: Transform, motion: RelativeMotion? = nil
) -> Manifold {
    collidePolygons(segmentPolygon(segment.point1, segment.point2), xfA, polygon, xfB, motion: motion)
}
