extension Polygon {
    /// An axis-aligned box centred on the origin, `2 halfWidth` by `2 halfHeight` metres.
    package static func box(halfWidth: Float, halfHeight: Float) -> Polygon {
        box(halfWidth: halfWidth, halfHeight: halfHeight, center: .zero, rotation: .identity)
    }

    /// A box `2 halfWidth` by `2 halfHeight` metres centred on `center` and turned by
    /// `rotation` in the body frame, optionally rounded by `radius` metres.
    package static func box(
        halfWidth: Float, halfHeight: Float, center: Vec2, rotation: Rot, radius: Float = 0
    ) -> Polygon {
        let xf = Transform(p: center, q: rotation)
        var vertices = InlineArray<8, Vec2>(repeating: .zero)
        var normals = InlineArray<8, Vec2>(repeating: .zero)
        vertices[0] = xf.apply(Vec2(-halfWidth, -halfHeight))
        vertices[1] = xf.apply(Vec2(halfWidth, -halfHeight))
        vertices[2] = xf.apply(Vec2(halfWidth, halfHeight))
        vertices[3] = xf.apply(Vec2(-halfWidth, halfHeight))
        normals[0] = rotation.rotate(Vec2(0, -1))
        normals[1] = rotation.rotate(Vec2(1, 0))
        normals[2] = rotation.rotate(Vec2(0, 1))
        normals[3] = rotation.rotate(Vec2(-1, 0))
        return Polygon(vertices: vertices, normals: normals, centroid: center, radius: radius, count: 4)
    }

    /// The convex polygon around `points` (any order, any count), rounded by `radius` metres.
    ///
    /// Points closer than `4 linearSlop` to an earlier point are welded, and hull vertices
    /// within `2 linearSlop` of the line through their neighbours are dropped. A hull of more
    /// than `Tolerance.maxPolygonVertices` vertices is reduced by repeatedly removing the
    /// vertex whose removal loses the least area, so the result lies inside the true hull.
    /// Returns nil for fewer than three distinct points, collinear points, or non-finite input.
    package static func make(points: [Vec2], radius: Float = 0) -> Polygon? {
        guard radius.isFinite, radius >= 0 else { return nil }
        var hull = convexHull(points)
        guard hull.count >= 3 else { return nil }
        while hull.count > Tolerance.maxPolygonVertices {
            removeCheapestVertex(&hull)
        }
        return Polygon(hull: hull, radius: radius)
    }

    /// A polygon from hull points that are already convex and counter-clockwise.
    package init(hull: [Vec2], radius: Float) {
        precondition(hull.count >= 3 && hull.count <= Tolerance.maxPolygonVertices)
        var vertices = InlineArray<8, Vec2>(repeating: .zero)
        var normals = InlineArray<8, Vec2>(repeating: .zero)
        let n = hull.count
        for i in 0..<n { vertices[i] = hull[i] }
        for i in 0..<n {
            let edge = hull[i + 1 < n ? i + 1 : 0] - hull[i]
            normals[i] = edge.rightPerp.normalized
        }
        self.init(
            vertices: vertices, normals: normals, centroid: polygonCentroid(hull), radius: radius, count: n)
    }

    /// This polygon carried by `xf`: vertices, normals and centroid.
    package func transformed(by xf: Transform) -> Polygon {
        var p = self
        for i in 0..<count {
            p.vertices[i] = xf.apply(vertices[i])
            p.normals[i] = xf.q.rotate(normals[i])
        }
        p.centroid = xf.apply(centroid)
        return p
    }
}

/// The area centroid of a convex polygon, from triangles fanned out of its first vertex
/// (which keeps the round-off small for polygons far from the origin).
private func polygonCentroid(_ vertices: [Vec2]) -> Vec2 {
    let origin = vertices[0]
    var center = Vec2.zero
    var area: Float = 0
    for i in 1..<(vertices.count - 1) {
        let e1 = vertices[i] - origin
        let e2 = vertices[i + 1] - origin
        let a = 0.5 * cross(e1, e2)
        center = mulAdd(center, a / 3, e1 + e2)
        area += a
    }
    return area > 0 ? origin + (1 / area) * center : origin
}

// MARK: - Quickhull

/// The counter-clockwise convex hull of `points`, welded and without collinear vertices;
/// empty when the points are degenerate (fewer than 3 distinct, all on a line, or not finite).
package func convexHull(_ points: [Vec2]) -> [Vec2] {
    let slop = Tolerance.linearSlop
    let weldSquared = 16 * slop * slop
    var ps: [Vec2] = []
    ps.reserveCapacity(points.count)
    var lower = Vec2(.infinity, .infinity)
    var upper = Vec2(-.infinity, -.infinity)
    for p in points {
        guard p.isValid, abs(p.x) < Tolerance.huge, abs(p.y) < Tolerance.huge else { return [] }
        if ps.contains(where: { distanceSquared($0, p) < weldSquared }) { continue }
        ps.append(p)
        lower = minVec(lower, p)
        upper = maxVec(upper, p)
    }
    guard ps.count >= 3 else { return [] }

    // Two extreme points: the one farthest from the box centre, then the one farthest from it.
    let c = 0.5 * (lower + upper)
    let i1 = indexOfFarthest(ps, from: c)
    let p1 = ps.remove(at: i1)
    let i2 = indexOfFarthest(ps, from: p1)
    let p2 = ps.remove(at: i2)

    let e = (p2 - p1).normalized
    var right: [Vec2] = []
    var left: [Vec2] = []
    for p in ps {
        // `cross(p - p1, e) > 0` puts p to the right of p1 → p2; near-line points are dropped.
        let d = cross(p - p1, e)
        if d >= 2 * slop {
            right.append(p)
        } else if d <= -2 * slop {
            left.append(p)
        }
    }
    let hullRight = quickhullSide(p1, p2, right)
    let hullLeft = quickhullSide(p2, p1, left)
    if hullRight.isEmpty && hullLeft.isEmpty { return [] }

    // p1, the points right of p1 → p2, p2, the points right of p2 → p1: counter-clockwise.
    var hull = [p1] + hullRight + [p2] + hullLeft
    removeCollinear(&hull, tolerance: 2 * slop)
    return hull.count >= 3 ? hull : []
}

private func indexOfFarthest(_ ps: [Vec2], from c: Vec2) -> Int {
    var best = 0
    var bestDistance = distanceSquared(c, ps[0])
    for i in 1..<ps.count {
        let d = distanceSquared(c, ps[i])
        if d > bestDistance {
            best = i
            bestDistance = d
        }
    }
    return best
}

/// The hull points strictly right of `p1 → p2`, in order from p1 to p2.
private func quickhullSide(_ p1: Vec2, _ p2: Vec2, _ ps: [Vec2]) -> [Vec2] {
    guard !ps.isEmpty else { return [] }
    let e = (p2 - p1).normalized
    var rightOf: [Vec2] = []
    var best = 0
    var bestDistance: Float = -.infinity
    for (i, p) in ps.enumerated() {
        let d = cross(p - p1, e)
        if d > bestDistance {
            best = i
            bestDistance = d
        }
        if d > 0 { rightOf.append(p) }
    }
    if bestDistance < 2 * Tolerance.linearSlop { return [] }
    let apex = ps[best]
    return quickhullSide(p1, apex, rightOf) + [apex] + quickhullSide(apex, p2, rightOf)
}

/// Drops every vertex within `tolerance` of the line through its two neighbours.
private func removeCollinear(_ hull: inout [Vec2], tolerance: Float) {
    var searching = true
    while searching && hull.count > 2 {
        searching = false
        let n = hull.count
        for i in 0..<n {
            let s1 = hull[i]
            let s2 = hull[(i + 1) % n]
            let s3 = hull[(i + 2) % n]
            let r = (s3 - s1).normalized
            if cross(s2 - s1, r) <= tolerance {
                hull.remove(at: (i + 1) % n)
                searching = true
                break
            }
        }
    }
}

/// Removes the vertex whose triangle with its neighbours has the least area.
private func removeCheapestVertex(_ hull: inout [Vec2]) {
    let n = hull.count
    var best = 0
    var bestArea: Float = .infinity
    for i in 0..<n {
        let prev = hull[(i + n - 1) % n]
        let next = hull[(i + 1) % n]
        let area = cross(hull[i] - prev, next - prev)
        if area < bestArea {
            best = i
            bestArea = area
        }
    }
    hull.remove(at: best)
}
