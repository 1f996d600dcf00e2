extension ShapeGeometry {
    /// Mass (kg), centre of mass (local, m) and rotational inertia about the centre of mass
    /// (kg·m²) of this shape at `density` kilograms per square metre. Segments and chain
    /// segments have no area, so no mass.
    package func computeMass(density: Float) -> MassData {
        switch self {
        case .circle(let circle):
            let rr = circle.radius * circle.radius
            let mass = density * .pi * rr
            return MassData(mass: mass, center: circle.center, rotationalInertia: 0.5 * mass * rr)
        case .polygon(let polygon):
            return polygon.computeMass(density: density)
        case .segment(let segment):
            return MassData(mass: 0, center: lerp(segment.point1, segment.point2, 0.5), rotationalInertia: 0)
        case .chainSegment(let chain):
            let s = chain.segment
            return MassData(mass: 0, center: lerp(s.point1, s.point2, 0.5), rotationalInertia: 0)
        case .ellipse(let ellipse):
            let a = ellipse.radii.x
            let b = ellipse.radii.y
            let mass = density * .pi * a * b
            return MassData(mass: mass, center: .zero, rotationalInertia: 0.25 * mass * (a * a + b * b))
        }
    }

    /// The tight bounding box of this shape carried by `xf` (world frame, metres).
    package func computeAABB(_ xf: Transform) -> AABB {
        switch self {
        case .circle(let circle):
            let p = xf.apply(circle.center)
            let r = circle.radius
            return AABB(lowerBound: Vec2(p.x - r, p.y - r), upperBound: Vec2(p.x + r, p.y + r))
        case .polygon(let polygon):
            var lower = xf.apply(polygon.vertices[0])
            var upper = lower
            for i in 1..<polygon.count {
                let v = xf.apply(polygon.vertices[i])
                lower = minVec(lower, v)
                upper = maxVec(upper, v)
            }
            return AABB(lowerBound: lower, upperBound: upper).fattened(by: polygon.radius)
        case .segment(let segment):
            return segmentAABB(segment, xf)
        case .chainSegment(let chain):
            return segmentAABB(chain.segment, xf)
        case .ellipse(let ellipse):
            // The support of the rotated ellipse along x is sqrt((a c)^2 + (b s)^2), likewise y.
            let a = ellipse.radii.x
            let b = ellipse.radii.y
            let c = xf.q.c
            let s = xf.q.s
            let hx = ((a * c) * (a * c) + (b * s) * (b * s)).squareRoot()
            let hy = ((a * s) * (a * s) + (b * c) * (b * c)).squareRoot()
            return AABB(
                lowerBound: Vec2(xf.p.x - hx, xf.p.y - hy), upperBound: Vec2(xf.p.x + hx, xf.p.y + hy))
        }
    }

    /// `computeAABB` of the geometry at `geometry`, a polygon read through its payload and its
    /// vertices through a span: called on the enum, it was copied whole first and each vertex
    /// read copied the vertex array (some 120 instructions a box; every awake body's boxes
    /// are updated each step). Same arithmetic, same order.
    @inline(__always)
    static func computeAABB(_ geometry: UnsafePointer<ShapeGeometry>, _ xf: Transform) -> AABB {
        guard isPolygon(geometry) else { return geometry.pointee.computeAABB(xf) }
        let polygon = polygonPayload(geometry)
        return polygon.vertices.span.withUnsafeBufferPointer { vertices in
            var lower = xf.apply(vertices[0])
            var upper = lower
            for i in 1..<polygon.count {
                let v = xf.apply(vertices[i])
                lower = minVec(lower, v)
                upper = maxVec(upper, v)
            }
            return AABB(lowerBound: lower, upperBound: upper).fattened(by: polygon.radius)
        }
    }

    /// True when the world point `p` lies inside (or on) this shape carried by `xf`.
    /// Segments and chain segments have no inside.
    package func testPoint(_ xf: Transform, _ p: Vec2) -> Bool {
        let local = xf.invApply(p)
        switch self {
        case .circle(let circle):
            return distanceSquared(local, circle.center) <= circle.radius * circle.radius
        case .polygon(let polygon):
            return polygon.contains(local)
        case .segment, .chainSegment:
            return false
        case .ellipse(let ellipse):
            let u = local.x / ellipse.radii.x
            let v = local.y / ellipse.radii.y
            return u * u + v * v <= 1
        }
    }

    /// The centroid in the body frame (metres).
    package var centroid: Vec2 {
        switch self {
        case .circle(let circle): return circle.center
        case .polygon(let polygon): return polygon.centroid
        case .segment(let segment): return lerp(segment.point1, segment.point2, 0.5)
        case .chainSegment(let chain): return lerp(chain.segment.point1, chain.segment.point2, 0.5)
        case .ellipse: return .zero
        }
    }
}

private func segmentAABB(_ segment: Segment, _ xf: Transform) -> AABB {
    let v1 = xf.apply(segment.point1)
    let v2 = xf.apply(segment.point2)
    return AABB(lowerBound: minVec(v1, v2), upperBound: maxVec(v1, v2))
}

extension Polygon {
    /// True when the local point `p` is inside the rounded polygon.
    package func contains(_ p: Vec2) -> Bool {
        var separation = -Float.infinity
        for i in 0..<count {
            separation = max(separation, dot(normals[i], p - vertices[i]))
        }
        if separation <= 0 { return true }
        if separation > radius { return false }
        // Outside the core but within the rounding reach of it: measure to the nearest edge.
        var best = Float.infinity
        for i in 0..<count {
            let v1 = vertices[i]
            let v2 = vertices[i + 1 < count ? i + 1 : 0]
            best = min(best, distanceSquared(p, closestPointOnSegment(p, v1, v2)))
        }
        return best <= radius * radius
    }

    /// Mass properties of the rounded polygon, exactly: the core polygon, a rectangle of depth
    /// `radius` on each edge, and a circular sector at each vertex (the sectors' angles are
    /// the exterior angles, so together they make one full disc).
    package func computeMass(density: Float) -> MassData {
        // All moments about the first vertex, to keep round-off small far from the origin.
        let origin = vertices[0]
        var area: Float = 0
        var moment = Vec2.zero  // first moment of area
        var inertia: Float = 0  // second moment of area about `origin`

        for i in 1..<(count - 1) {
            let e1 = vertices[i] - origin
            let e2 = vertices[i + 1] - origin
            let d = cross(e1, e2)
            let a = 0.5 * d
            area += a
            moment = mulAdd(moment, a / 3, e1 + e2)
            let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
            let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
            inertia += (d / 12) * (intx2 + inty2)
        }

        let r = radius
        if r > 0 {
            for i in 0..<count {
                let v1 = vertices[i] - origin
                let v2 = vertices[i + 1 < count ? i + 1 : 0] - origin
                let n = normals[i]

                // Edge rectangle: length L, depth r, centred half a radius out from the edge.
                let length = (v2 - v1).length
                let rectArea = length * r
                let rectCenter = mulAdd(0.5 * (v1 + v2), 0.5 * r, n)
                area += rectArea
                moment = mulAdd(moment, rectArea, rectCenter)
                inertia += rectArea * ((length * length + r * r) / 12 + rectCenter.lengthSquared)

                // Vertex sector between the previous edge's normal and this one's.
                let n0 = normals[i == 0 ? count - 1 : i - 1]
                let theta = atan2Approx(cross(n0, n), dot(n0, n))
                guard theta > 0 else { continue }
                let sectorArea = 0.5 * theta * r * r
                // Centroid of a sector of angle θ: 4 r sin(θ/2) / (3 θ) from its apex, and
                // |n - n0| = 2 sin(θ/2) for unit normals.
                let apexDistance = 2 * r * (n - n0).length / (3 * theta)
                let bisector = (n0 + n).normalized
                let sectorCenter = mulAdd(v1, apexDistance, bisector)
                area += sectorArea
                moment = mulAdd(moment, sectorArea, sectorCenter)
                // r²/2 about the apex, moved to the centroid, then to the origin.
                inertia += sectorArea * (0.5 * r * r - apexDistance * apexDistance + sectorCenter.lengthSquared)
            }
        }

        guard area > 0 else { return MassData(mass: 0, center: centroid, rotationalInertia: 0) }
        let center = (1 / area) * moment
        let mass = density * area
        return MassData(
            mass: mass, center: origin + center,
            rotationalInertia: density * (inertia - area * center.lengthSquared))
    }
}

/// The point of segment `a`–`b` closest to `p`.
@inline(__always) package func closestPointOnSegment(_ p: Vec2, _ a: Vec2, _ b: Vec2) -> Vec2 {
    let e = b - a
    let ee = dot(e, e)
    guard ee > 0 else { return a }
    let t = clamp(dot(p - a, e) / ee, 0, 1)
    return mulAdd(a, t, e)
}
