// Chain segment against polygon: one-sided, with the ghost vertices deciding which normals
// the segment may use, so a box sliding along a chain never catches on the joint between
// two segments (see https://box2d.org/posts/2020/06/ghost-collisions/).
//
// The segment's neighbourhood is its edge, plus at each end either a convex corner (the
// neighbour turns away, and normals between the two edges' normals are admitted there) or a
// concave one (the neighbour turns towards, and the segment normal is used instead).

/// What the Gauss map around a chain segment says about a candidate normal.
private enum ChainNormalClass {
    /// Past a convex corner into the neighbour's normals: the neighbour owns this contact.
    case skip
    /// Within the segment's own span of normals.
    case admit
    /// Near a concave corner: use the segment normal instead.
    case snap
}

private struct ChainSmoothing {
    var edge1: Vec2
    var normal0: Vec2
    var normal2: Vec2
    var convex1: Bool
    var convex2: Bool

    func classify(_ normal: Vec2) -> ChainNormalClass {
        let sinTolerance: Float = 0.01
        if dot(normal, edge1) <= 0 {
            // Towards the tail of the segment.
            guard convex1 else { return .snap }
            return cross(normal, normal0) > sinTolerance ? .skip : .admit
        } else {
            // Towards the head.
            guard convex2 else { return .snap }
            return cross(normal2, normal) > sinTolerance ? .skip : .admit
        }
    }
}

/// Clips segment b1–b2 against reference segment a1–a2 with reference normal `normal`; two
/// points with the given ids, anchors in the segments' frame, or none when they don't overlap.
private func clipSegments(
    _ a1: Vec2, _ a2: Vec2, _ b1: Vec2, _ b2: Vec2, _ normal: Vec2, _ ra: Float, _ rb: Float, _ id1: UInt16,
    _ id2: UInt16
) -> Manifold {
    var m = Manifold()
    guard let c = clipEdge(reference: a1, a2, incident: b1, b2, normal: normal, ra, rb) else { return m }
    m.normal = normal
    m.points[0] = ManifoldPoint(anchorA: c.lower, separation: c.separationLower, id: id1)
    m.points[1] = ManifoldPoint(anchorA: c.upper, separation: c.separationUpper, id: id2)
    m.pointCount = 2
    return m
}

/// Carries a clipped manifold from the chain's frame to world form, with `normal` (frame A)
/// replacing the clip normal; an empty one stays empty.
@inline(__always) private func finishChain(
    _ m: Manifold, normal: Vec2, _ xfA: Transform, _ xfB: Transform
) -> Manifold {
    guard m.pointCount > 0 else { return Manifold() }
    var out = m
    out.normal = normal
    out.finish(origin: .zero, xfA, xfB)
    return out
}

/// Chain segment A against polygon B (possibly rounded). `cache` warm-starts the GJK query
/// between the segment and the polygon's core.
package func collideChainSegmentAndPolygon(
    _ chain: ChainSegment, _ xfA: Transform, _ polygonB: Polygon, _ xfB: Transform, cache: inout SimplexCache
) -> Manifold {
    let xf = invMulTransforms(xfA, xfB)
    let centroidB = xf.apply(polygonB.centroid)
    let radiusB = polygonB.radius
    let p1 = chain.segment.point1
    let p2 = chain.segment.point2
    let edge1 = (p2 - p1).normalized

    let convexTolerance: Float = 0.01
    let edge0 = (p1 - chain.ghost1).normalized
    let edge2 = (chain.ghost2 - p2).normalized
    let smooth = ChainSmoothing(
        edge1: edge1, normal0: edge0.rightPerp, normal2: edge2.rightPerp,
        convex1: cross(edge0, edge1) >= convexTolerance, convex2: cross(edge1, edge2) >= convexTolerance)

    // The segment normal points right. One-sided: nothing when B's centroid is behind the
    // segment and behind any convex neighbour.
    let normal1 = edge1.rightPerp
    let behind1 = dot(normal1, centroidB - p1) < 0
    let behind0 = smooth.convex1 ? dot(smooth.normal0, centroidB - p1) < 0 : true
    let behind2 = smooth.convex2 ? dot(smooth.normal2, centroidB - p2) < 0 : true
    if behind1 && behind0 && behind2 { return Manifold() }

    // Polygon B in the chain's frame.
    let count = polygonB.count
    var vertices = polygonB.vertices
    var normals = polygonB.normals
    for i in 0..<count {
        vertices[i] = xf.apply(polygonB.vertices[i])
        normals[i] = xf.q.rotate(polygonB.normals[i])
    }

    // Distance between the segment and B's core (the core, because distance is unreliable
    // with the partial polygon the smoothing implies).
    var proxyB = ShapeProxy(polygon: polygonB)
    proxyB.points = vertices
    proxyB.radius = 0
    let gjkResult = gjk(ShapeProxy(segment: chain.segment), proxyB, cache: &cache)
    let (pointA, pointB) = gjkResult.simplex.witnessPoints
    let distance = gjkResult.overlapped ? 0 : distance(pointA, pointB)
    if distance > radiusB + Tolerance.speculativeDistance { return Manifold() }

    // Concave neighbours are replaced by the segment normal.
    let n0 = smooth.convex1 ? smooth.normal0 : normal1
    let n2 = smooth.convex2 ? smooth.normal2 : normal1

    // The polygon's incident vertex or incident face, when the segment normal is the axis.
    var incidentIndex = -1
    var incidentNormal = -1

    if !behind1 && distance > 0.1 * Tolerance.linearSlop {
        // Apart: the closest features may be two vertices, or an edge and a vertex, even when
        // the contact should be face to face.
        if cache.count == 1 {
            // Vertex against vertex.
            let normal = (pointB - pointA).normalized
            switch smooth.classify(normal) {
            case .skip:
                return Manifold()
            case .admit:
                let id = makeFeatureID(Int(cache.indexA[0]), Int(cache.indexB[0]))
                return .single(normal: normal, point: pointA, separation: distance - radiusB, id: id, xfA, xfB)
            case .snap:
                incidentIndex = Int(cache.indexB[0])
            }
        } else {
            // Vertex against edge.
            let ia1 = Int(cache.indexA[0])
            let ia2 = Int(cache.indexA[1])
            var ib1 = Int(cache.indexB[0])
            var ib2 = Int(cache.indexB[1])
            if ia1 == ia2 {
                // One point on the segment, two on the polygon: take the polygon normal most
                // aligned with the gap (this orders ib1 and ib2).
                let gap = pointA - pointB
                let ib = dot(gap, normals[ib1]) > dot(gap, normals[ib2]) ? ib1 : ib2
                let normalB = normals[ib]
                switch smooth.classify(-normalB) {
                case .skip:
                    return Manifold()
                case .admit:
                    ib1 = ib
                    ib2 = ib < count - 1 ? ib + 1 : 0
                    let b1 = vertices[ib1]
                    let b2 = vertices[ib2]
                    // Which segment end is incident: if a neighbour's face is more incident
                    // than this segment's, the neighbour owns the contact.
                    let nearer = dot(normalB, p1 - b1) < dot(normalB, p2 - b1) ? n0 : n2
                    if dot(nearer, normalB) < dot(normal1, normalB) { return Manifold() }
                    let m = clipSegments(
                        b1, b2, p1, p2, normalB, radiusB, 0, makeFeatureID(ib1, 1), makeFeatureID(ib2, 0))
                    return finishChain(m, normal: -normalB, xfA, xfB)
                case .snap:
                    incidentNormal = ib
                }
            } else {
                // Two points on the segment: the deeper polygon vertex is incident.
                let dot1 = dot(normal1, vertices[ib1] - p1)
                let dot2 = dot(normal1, vertices[ib2] - p2)
                incidentIndex = dot1 < dot2 ? ib1 : ib2
            }
        }
    } else {
        // Touching or overlapping: separating axis test over the segment normal, the convex
        // neighbours' normals, and the admitted polygon normals.
        /// The polygon's deepest vertex below the line through `point` with `normal`.
        func deepest(_ normal: Vec2, _ point: Vec2) -> (index: Int, separation: Float) {
            var best = (index: 0, separation: Float.greatestFiniteMagnitude)
            for i in 0..<count {
                let s = dot(normal, vertices[i] - point)
                if s < best.separation { best = (i, s) }
            }
            return best
        }
        var (edgeIndex, edgeSeparation) = deepest(normal1, p1)
        incidentIndex = edgeIndex
        // A convex neighbour that separates more owns the contact (index -1).
        if smooth.convex1 {
            let s0 = deepest(smooth.normal0, p1).separation
            if s0 > edgeSeparation {
                edgeSeparation = s0
                incidentIndex = -1
            }
        }
        if smooth.convex2 {
            let s2 = deepest(smooth.normal2, p2).separation
            if s2 > edgeSeparation {
                edgeSeparation = s2
                incidentIndex = -1
            }
        }

        var polygonSeparation = -Float.greatestFiniteMagnitude
        var referenceIndex = -1
        for i in 0..<count {
            let n = normals[i]
            guard smooth.classify(-n) == .admit else { continue }
            let p = vertices[i]
            let s = min(dot(n, p2 - p), dot(n, p1 - p))
            if s > polygonSeparation {
                polygonSeparation = s
                referenceIndex = i
            }
        }

        if polygonSeparation > edgeSeparation {
            let ia1 = referenceIndex
            let ia2 = ia1 < count - 1 ? ia1 + 1 : 0
            let a1 = vertices[ia1]
            let a2 = vertices[ia2]
            let n = normals[ia1]
            let nearer = dot(n, p1 - a1) < dot(n, p2 - a1) ? n0 : n2
            if dot(nearer, n) < dot(normal1, n) { return Manifold() }
            let m = clipSegments(a1, a2, p1, p2, n, radiusB, 0, makeFeatureID(ia1, 1), makeFeatureID(ia2, 0))
            return finishChain(m, normal: -n, xfA, xfB)
        }
        if incidentIndex == -1 {
            // A neighbouring segment is the separating axis.
            return Manifold()
        }
    }

    // The segment normal is the axis. The incident face of the polygon is the one next to
    // the incident vertex that is most anti-parallel to the segment normal.
    let ib1: Int
    let ib2: Int
    if incidentNormal != -1 {
        ib1 = incidentNormal
        ib2 = ib1 < count - 1 ? ib1 + 1 : 0
    } else {
        let i2 = incidentIndex
        let i1 = i2 > 0 ? i2 - 1 : count - 1
        if dot(normal1, normals[i1]) < dot(normal1, normals[i2]) {
            ib1 = i1
            ib2 = i2
        } else {
            ib1 = i2
            ib2 = i2 < count - 1 ? i2 + 1 : 0
        }
    }
    let m = clipSegments(
        p1, p2, vertices[ib1], vertices[ib2], normal1, 0, radiusB, makeFeatureID(0, ib2), makeFeatureID(1, ib1))
    return finishChain(m, normal: normal1, xfA, xfB)
}
