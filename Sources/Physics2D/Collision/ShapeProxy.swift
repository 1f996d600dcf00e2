/// A convex shape as the distance and time-of-impact algorithms see it: a core given by its
/// support function, swept by a disc of `radius`. The core is either a cloud of up to eight
/// points (circles, polygons, segments) or a smooth convex curve (the inner parallel body of
/// an ellipse).
package struct ShapeProxy: Sendable {
    /// The point cloud; for an ellipse core, `points[0]` is its centre and `count` is 1.
    package var points: InlineArray<8, Vec2>
    package var count: Int
    /// The rounding radius around the core (metres).
    package var radius: Float
    /// True when the core is an ellipse's inner parallel body rather than the point cloud.
    package var isCurved: Bool
    /// The full ellipse's semi-axes along its own axes (when `isCurved`).
    package var ellipseRadii: Vec2
    /// The ellipse's axes in the proxy frame (when `isCurved`).
    package var ellipseAxes: Rot

    /// The index a support point of a curved core reports: it names no vertex.
    package static let curvedIndex = 0xFF

    private init(
        points: InlineArray<8, Vec2>, count: Int, radius: Float, isCurved: Bool = false,
        ellipseRadii: Vec2 = .zero, ellipseAxes: Rot = .identity
    ) {
        self.points = points
        self.count = count
        self.radius = radius
        self.isCurved = isCurved
        self.ellipseRadii = ellipseRadii
        self.ellipseAxes = ellipseAxes
    }

    /// A point-cloud proxy from one to eight points and a radius.
    package init(points: [Vec2], radius: Float) {
        precondition(!points.isEmpty && points.count <= 8)
        var cloud = InlineArray<8, Vec2>(repeating: .zero)
        for i in points.indices { cloud[i] = points[i] }
        self.init(points: cloud, count: points.count, radius: radius)
    }

    /// A proxy for any shape: circles are a point plus radius, polygons their vertices plus
    /// radius, segments and chain segments their two points, and an ellipse the inner parallel
    /// body at distance b²/a (its smallest radius of curvature, a ≥ b) plus that radius, so that
    /// shallow overlaps need no penetration solver and a circular ellipse is exactly a circle.
    package init(_ geometry: ShapeGeometry) {
        switch geometry {
        case .circle(let circle):
            self.init(point: circle.center, radius: circle.radius)
        case .polygon(let polygon):
            self.init(polygon: polygon)
        case .segment(let segment):
            self.init(segment: segment)
        case .chainSegment(let chain):
            self.init(segment: chain.segment)
        case .ellipse(let ellipse):
            self.init(ellipse: ellipse, center: .zero, axes: .identity)
        }
    }

    package init(point: Vec2, radius: Float) {
        var cloud = InlineArray<8, Vec2>(repeating: .zero)
        cloud[0] = point
        self.init(points: cloud, count: 1, radius: radius)
    }

    package init(polygon: Polygon) {
        self.init(points: polygon.vertices, count: polygon.count, radius: polygon.radius)
    }

    package init(segment: Segment) {
        var cloud = InlineArray<8, Vec2>(repeating: .zero)
        cloud[0] = segment.point1
        cloud[1] = segment.point2
        self.init(points: cloud, count: 2, radius: 0)
    }

    package init(ellipse: Ellipse, center: Vec2, axes: Rot) {
        if ellipse.isCircular {
            self.init(point: center, radius: 0.5 * (ellipse.radii.x + ellipse.radii.y))
            return
        }
        let a = max(ellipse.radii.x, ellipse.radii.y)
        let b = min(ellipse.radii.x, ellipse.radii.y)
        var cloud = InlineArray<8, Vec2>(repeating: .zero)
        cloud[0] = center
        self.init(
            points: cloud, count: 1, radius: b * b / a, isCurved: true, ellipseRadii: ellipse.radii,
            ellipseAxes: axes)
    }

    /// The support point of the core farthest along `direction` (which need not be unit
    /// length), with the index of the vertex or `curvedIndex`.
    @inline(__always) package func support(_ direction: Vec2) -> (index: Int, point: Vec2) {
        if isCurved {
            return (Self.curvedIndex, curvedSupport(direction))
        }
        var best = 0
        var bestValue = dot(points[0], direction)
        for i in 1..<count {
            let value = dot(points[i], direction)
            if value > bestValue {
                best = i
                bestValue = value
            }
        }
        return (best, points[best])
    }

    /// The ellipse's support point moved in by the radius along the unit direction: the support
    /// of the inner parallel body, which is convex because the radius is at most b²/a.
    package func curvedSupport(_ direction: Vec2) -> Vec2 {
        let d = ellipseAxes.invRotate(direction)
        let a2 = ellipseRadii.x * ellipseRadii.x
        let b2 = ellipseRadii.y * ellipseRadii.y
        let ad = Vec2(a2 * d.x, b2 * d.y)
        let h = dot(ad, d)  // (a dx)² + (b dy)²
        let dd = dot(d, d)
        guard h > 0, dd > 0 else { return points[0] }
        let onEllipse = (1 / h.squareRoot()) * ad
        let local = mulSub(onEllipse, radius / dd.squareRoot(), d)
        return points[0] + ellipseAxes.rotate(local)
    }

    /// This proxy carried by `xf`.
    package func transformed(by xf: Transform) -> ShapeProxy {
        var p = self
        for i in 0..<count {
            p.points[i] = xf.apply(points[i])
        }
        p.ellipseAxes = mulRot(xf.q, ellipseAxes)
        return p
    }

    /// The vertex `index`, or for a curved core the support point along `direction`.
    @inline(__always) package func vertex(_ index: Int, direction: Vec2) -> Vec2 {
        index == Self.curvedIndex ? curvedSupport(direction) : points[index]
    }
}

extension Ellipse {
    /// True when the two semi-axes agree to within one part in 10⁵: the ellipse is a circle.
    package var isCircular: Bool {
        abs(radii.x - radii.y) <= 1e-5 * max(radii.x, radii.y)
    }
}
