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

/// The largest separation of `poly2` from the faces of `poly1`, and that face.
@inline(__always) private func findMaxSeparation(_ poly1: Polygon, _ poly2: Polygon) -> (edge: Int, separation: Float) {
    let count1 = poly1.count
    let count2 = poly2.count
    var bestIndex = 0
    var maxSeparation = -Float.greatestFiniteMagnitude
    for i in 0..<count1 {
        let n = poly1.normals[i]
        let v1 = poly1.vertices[i]
        // The deepest vertex of poly2 along this face normal.
        var si = Float.greatestFiniteMagnitude
        for j in 0..<count2 {
            si = min(si, dot(n, poly2.vertices[j] - v1))
        }
        if si > maxSeparation {
            maxSeparation = si
            bestIndex = i
        }
    }
    return (bestIndex, maxSeparation)
}

/// The face of `poly` whose normal is most anti-parallel to `direction`.
@inline(__always) private func findIncidentEdge(_ poly: Polygon, _ direction: Vec2) -> Int {
    var edge = 0
    var minDot = Float.greatestFiniteMagnitude
    for i in 0..<poly.count {
        let d = dot(direction, poly.normals[i])
        if d < minDot {
            minDot = d
            edge = i
        }
    }
    return edge
}

/// Two contact points from clipping the incident edge of one polygon against the reference
/// edge of the other (the reference is on B when `flip`). Anchors are in the polygons' frame.
private func clipPolygons(_ polyA: Polygon, _ polyB: Polygon, _ edgeA: Int, _ edgeB: Int, flip: Bool) -> Manifold {
    let poly1 = flip ? polyB : polyA
    let poly2 = flip ? polyA : polyB
    let i11 = flip ? edgeB : edgeA
    let i12 = i11 + 1 < poly1.count ? i11 + 1 : 0
    let i21 = flip ? edgeA : edgeB
    let i22 = i21 + 1 < poly2.count ? i21 + 1 : 0

    let normal = poly1.normals[i11]
    let v11 = poly1.vertices[i11]
    let v12 = poly1.vertices[i12]
    let v21 = poly2.vertices[i21]
    let v22 = poly2.vertices[i22]

    let tangent = cross(1, normal)
    let lower1: Float = 0
    let upper1 = dot(v12 - v11, tangent)
    // The incident edge runs against the tangent (both polygons wind the same way).
    let upper2 = dot(v21 - v11, tangent)
    let lower2 = dot(v22 - v11, tangent)

    var m = Manifold()
    if upper2 < lower1 || upper1 < lower2 { return m }

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
    let r1 = poly1.radius
    let r2 = poly2.radius
    // Contact points midway between the rounded surfaces.
    vLower = mulAdd(vLower, 0.5 * (r1 - r2 - separationLower), normal)
    vUpper = mulAdd(vUpper, 0.5 * (r1 - r2 - separationUpper), normal)
    let radius = r1 + r2

    if flip {
        m.normal = -normal
        m.points[0] = ManifoldPoint(anchorA: vUpper, separation: separationUpper - radius, id: makeFeatureID(i21, i12))
        m.points[1] = ManifoldPoint(anchorA: vLower, separation: separationLower - radius, id: makeFeatureID(i22, i11))
    } else {
        m.normal = normal
        m.points[0] = ManifoldPoint(anchorA: vLower, separation: separationLower - radius, id: makeFeatureID(i11, i22))
        m.points[1] = ManifoldPoint(anchorA: vUpper, separation: separationUpper - radius, id: makeFeatureID(i12, i21))
    }
    m.pointCount = 2
    return m
}

/// Polygon A against polygon B, either possibly rounded; also segments as two-vertex polygons.
func collidePolygons(_ polygonA: Polygon, _ xfA: Transform, _ polygonB: Polygon, _ xfB: Transform) -> Manifold {
    let origin = polygonA.vertices[0]
    let linearSlop = Tolerance.linearSlop
    let speculative = Tolerance.speculativeDistance

    // Work in A's frame shifted to A's first vertex, to reduce round-off.
    let sfA = Transform(p: xfA.p + xfA.q.rotate(origin), q: xfA.q)
    let xf = invMulTransforms(sfA, xfB)
    var localA = polygonA
    for i in 0..<localA.count {
        localA.vertices[i] = polygonA.vertices[i] - origin
    }
    var localB = polygonB
    for i in 0..<localB.count {
        localB.vertices[i] = xf.apply(polygonB.vertices[i])
        localB.normals[i] = xf.q.rotate(polygonB.normals[i])
    }

    var (edgeA, separationA) = findMaxSeparation(localA, localB)
    var (edgeB, separationB) = findMaxSeparation(localB, localA)
    let radius = localA.radius + localB.radius
    if separationA > speculative + radius || separationB > speculative + radius { return Manifold() }

    // The reference face is the one of greater separation; find the incident face.
    let flip: Bool
    if separationA >= separationB {
        flip = false
        edgeB = findIncidentEdge(localB, localA.normals[edgeA])
    } else {
        flip = true
        edgeA = findIncidentEdge(localA, localB.normals[edgeB])
    }

    var m: Manifold
    // The slop keeps vertex–vertex normals safe to normalise.
    if separationA > 0.1 * linearSlop || separationB > 0.1 * linearSlop {
        let i11 = edgeA
        let i12 = edgeA + 1 < localA.count ? edgeA + 1 : 0
        let i21 = edgeB
        let i22 = edgeB + 1 < localB.count ? edgeB + 1 : 0
        let v11 = localA.vertices[i11]
        let v12 = localA.vertices[i12]
        let v21 = localB.vertices[i21]
        let v22 = localB.vertices[i22]

        let result = segmentDistance(v11, v12, v21, v22)
        let distance = result.distanceSquared.squareRoot()
        let separation = distance - radius
        // Possible in the vertex–vertex case.
        if separation > speculative { return Manifold() }

        m = clipPolygons(localA, localB, edgeA, edgeB, flip: flip)
        var minSeparation = Float.greatestFiniteMagnitude
        for i in 0..<m.pointCount {
            minSeparation = min(minSeparation, m.points[i].separation)
        }

        // When two vertices are substantially closer than the clipped points, one vertex–vertex
        // point along their gap is the better contact.
        if separation + 0.1 * linearSlop < minSeparation && distance > 0 {
            let f1 = result.fraction1
            let f2 = result.fraction2
            if (f1 == 0 || f1 == 1) && (f2 == 0 || f2 == 1) {
                let vA = f1 == 0 ? v11 : v12
                let vB = f2 == 0 ? v21 : v22
                let normal = (1 / distance) * (vB - vA)
                let c1 = mulAdd(vA, localA.radius, normal)
                let c2 = mulSub(vB, localB.radius, normal)
                m = Manifold()
                m.normal = normal
                m.points[0] = ManifoldPoint(
                    anchorA: lerp(c1, c2, 0.5), separation: separation,
                    id: makeFeatureID(f1 == 0 ? i11 : i12, f2 == 0 ? i21 : i22))
                m.pointCount = 1
            }
        }
    } else {
        m = clipPolygons(localA, localB, edgeA, edgeB, flip: flip)
    }

    if m.pointCount > 0 {
        m.finish(origin: origin, xfA, xfB)
    }
    return m
}

/// Segment A (two-sided) against polygon B.
func collideSegmentAndPolygon(_ segment: Segment, _ xfA: Transform, _ polygon: Polygon, _ xfB: Transform) -> Manifold {
    collidePolygons(segmentPolygon(segment.point1, segment.point2), xfA, polygon, xfB)
}
