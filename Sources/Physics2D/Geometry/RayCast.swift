/// A ray from `origin` along `translation`, considered up to `maxFraction` of the translation.
package struct RayCastInput: Sendable {
    package var origin: Vec2
    /// The ray's full displacement (metres); the ray ends at `origin + maxFraction * translation`.
    package var translation: Vec2
    /// How much of the translation to consider, usually 1.
    package var maxFraction: Float

    package init(origin: Vec2, translation: Vec2, maxFraction: Float = 1) {
        self.origin = origin
        self.translation = translation
        self.maxFraction = maxFraction
    }

    /// True when every number is finite and the fraction is in `[0, huge)`.
    package var isValid: Bool {
        origin.isValid && translation.isValid && maxFraction.isFinite && maxFraction >= 0
            && maxFraction < Tolerance.huge
    }
}

/// Where a ray or a moving shape first touched a shape.
package struct CastOutput: Sendable {
    /// The surface normal at the hit point (unit, pointing out of the shape that was hit).
    package var normal: Vec2
    /// The hit point on the surface.
    package var point: Vec2
    /// The fraction of the input translation at the hit.
    package var fraction: Float
    /// Iterations used (for iterative casts; zero for closed-form ones).
    package var iterations: Int

    package init(normal: Vec2, point: Vec2, fraction: Float, iterations: Int = 0) {
        self.normal = normal
        self.point = point
        self.fraction = fraction
        self.iterations = iterations
    }
}

extension ShapeGeometry {
    /// Casts a world-frame ray against this shape carried by `xf`; nil when it misses. A ray
    /// that starts inside a solid shape misses it; chain segments are hit only from their
    /// front (right-hand) side, plain segments from either side.
    package func rayCast(_ input: RayCastInput, _ xf: Transform) -> CastOutput? {
        guard input.isValid else { return nil }
        let local = RayCastInput(
            origin: xf.invApply(input.origin), translation: xf.q.invRotate(input.translation),
            maxFraction: input.maxFraction)
        let hit: CastOutput?
        switch self {
        case .circle(let circle): hit = rayCastCircle(local, center: circle.center, radius: circle.radius)
        case .polygon(let polygon): hit = rayCastPolygon(local, polygon)
        case .segment(let segment): hit = rayCastSegment(local, segment, oneSided: false)
        case .chainSegment(let chain): hit = rayCastSegment(local, chain.segment, oneSided: true)
        case .ellipse(let ellipse): hit = rayCastEllipse(local, ellipse)
        }
        guard var out = hit else { return nil }
        out.point = xf.apply(out.point)
        out.normal = xf.q.rotate(out.normal)
        return out
    }
}

/// Ray against a solid disc, solved about the closest point of the line to the centre for
/// precision (Ray Tracing Gems, "Precision improvements for ray/sphere intersection").
private func rayCastCircle(_ input: RayCastInput, center: Vec2, radius: Float) -> CastOutput? {
    let s = input.origin - center
    let length = input.translation.length
    guard length > 0 else { return nil }
    let d = (1 / length) * input.translation
    let t = -dot(s, d)
    let c = mulAdd(s, t, d)
    let cc = dot(c, c)
    let rr = radius * radius
    guard cc <= rr, dot(s, s) > rr else { return nil }
    let fraction = t - (rr - cc).squareRoot()
    guard fraction >= 0, fraction <= input.maxFraction * length else { return nil }
    let normal = mulAdd(s, fraction, d).normalized
    return CastOutput(normal: normal, point: mulAdd(center, radius, normal), fraction: fraction / length)
}

private func rayCastSegment(_ input: RayCastInput, _ segment: Segment, oneSided: Bool) -> CastOutput? {
    let v1 = segment.point1
    let v2 = segment.point2
    let e = v2 - v1
    if oneSided && cross(input.origin - v1, e) < 0 {
        // The origin is on the back (left) side.
        return nil
    }
    let length = e.length
    guard length > 0 else { return nil }
    let eUnit = (1 / length) * e
    var normal = eUnit.rightPerp
    // p = origin + t d lies on the line when dot(normal, p - v1) = 0.
    let numerator = dot(normal, v1 - input.origin)
    let denominator = dot(normal, input.translation)
    guard denominator != 0 else { return nil }
    let t = numerator / denominator
    guard t >= 0, t <= input.maxFraction else { return nil }
    let p = mulAdd(input.origin, t, input.translation)
    let s = dot(p - v1, eUnit)
    guard s >= 0, s <= length else { return nil }
    if numerator > 0 { normal = -normal }
    return CastOutput(normal: normal, point: p, fraction: t)
}

private func rayCastPolygon(_ input: RayCastInput, _ polygon: Polygon) -> CastOutput? {
    if polygon.radius > 0 { return rayCastRoundedPolygon(input, polygon) }
    // Clip the ray against each edge's half-plane (Cyrus–Beck).
    let p1 = input.origin
    let d = input.translation
    var lower: Float = 0
    var upper = input.maxFraction
    var index = -1
    for i in 0..<polygon.count {
        let n = polygon.normals[i]
        let numerator = dot(n, polygon.vertices[i] - p1)
        let denominator = dot(n, d)
        if denominator == 0 {
            if numerator < 0 { return nil }
        } else if denominator < 0 && numerator < lower * denominator {
            // The ray enters this half-plane later than any seen so far.
            lower = numerator / denominator
            index = i
        } else if denominator > 0 && numerator < upper * denominator {
            upper = numerator / denominator
        }
        if upper < lower { return nil }
    }
    guard index >= 0 else { return nil }
    return CastOutput(normal: polygon.normals[index], point: mulAdd(p1, lower, d), fraction: lower)
}

/// A rounded polygon is its core swept by a disc: its boundary is the edges pushed out by the
/// radius and an arc at each vertex, so the first entry is the earliest of those.
private func rayCastRoundedPolygon(_ input: RayCastInput, _ polygon: Polygon) -> CastOutput? {
    if polygon.contains(input.origin) { return nil }
    var best: CastOutput?
    var bestFraction = input.maxFraction
    for i in 0..<polygon.count {
        let n = polygon.normals[i]
        // Only an edge facing the ray can be entered through.
        if dot(n, input.translation) < 0 {
            let v1 = mulAdd(polygon.vertices[i], polygon.radius, n)
            let v2 = mulAdd(polygon.vertices[i + 1 < polygon.count ? i + 1 : 0], polygon.radius, n)
            var sub = input
            sub.maxFraction = bestFraction
            if let hit = rayCastSegment(sub, Segment(point1: v1, point2: v2), oneSided: false) {
                best = CastOutput(normal: n, point: hit.point, fraction: hit.fraction)
                bestFraction = hit.fraction
            }
        }
        var sub = input
        sub.maxFraction = bestFraction
        if let hit = rayCastCircle(sub, center: polygon.vertices[i], radius: polygon.radius) {
            best = hit
            bestFraction = hit.fraction
        }
    }
    return best
}

/// Ray against a solid ellipse: scaling x by 1/a and y by 1/b turns it into the unit circle,
/// and the fraction along the ray is unchanged by the scaling.
private func rayCastEllipse(_ input: RayCastInput, _ ellipse: Ellipse) -> CastOutput? {
    let a = ellipse.radii.x
    let b = ellipse.radii.y
    guard a > 0, b > 0 else { return nil }
    let scaled = RayCastInput(
        origin: Vec2(input.origin.x / a, input.origin.y / b),
        translation: Vec2(input.translation.x / a, input.translation.y / b), maxFraction: input.maxFraction)
    guard let hit = rayCastCircle(scaled, center: .zero, radius: 1) else { return nil }
    let point = mulAdd(input.origin, hit.fraction, input.translation)
    // The gradient of (x/a)² + (y/b)² is the outward normal.
    let normal = Vec2(point.x / (a * a), point.y / (b * b)).normalized
    return CastOutput(normal: normal, point: point, fraction: hit.fraction)
}
