/// The contact manifold between shape `a` carried by `xfA` and shape `b` carried by `xfB`.
///
/// Works for every pair of circle, polygon, ellipse, segment and chain segment in either
/// order, except segments and chain segments against each other (boundaries never touch
/// boundaries), which give an empty manifold. The normal points from A to B; points are
/// reported while their separation is below `Tolerance.speculativeDistance` (so some are
/// speculative, with positive separation); anchors are relative to each transform's origin
/// in world axes; feature ids are stable while the same features touch; impulses are zero.
///
/// - Parameter cache: kept per contact between steps; warm-starts the GJK queries of chain
///   segments and ellipses. Zero-initialise it for a new contact.
/// - Parameter motion: how B will move relative to A over the coming step, when known; it
///   tells a polygon passing another's corner from one about to hit it.
package func collide(
    _ a: ShapeGeometry, _ xfA: Transform, _ b: ShapeGeometry, _ xfB: Transform, cache: inout SimplexCache,
    motion: RelativeMotion? = nil
) -> Manifold {
    switch a {
    case .circle(let circleA):
        switch b {
        case .circle(let circleB): return collideCircles(circleA, xfA, circleB, xfB)
        case .ellipse(let ellipse) where ellipse.isCircular:
            return collideCircles(circleA, xfA, ellipse.circle, xfB)
        default: return collide(b, xfB, a, xfA, cache: &cache).flipped()
        }

    case .polygon(let polygonA):
        switch b {
        case .circle(let circleB): return collidePolygonAndCircle(polygonA, xfA, circleB, xfB)
        case .polygon(let polygonB): return collidePolygons(polygonA, xfA, polygonB, xfB, motion: motion)
        case .ellipse(let ellipse) where ellipse.isCircular:
            return collidePolygonAndCircle(polygonA, xfA, ellipse.circle, xfB)
        case .ellipse: return collideConvex(ShapeProxy(polygon: polygonA), xfA, ShapeProxy(b), xfB, cache: &cache)
        case .segment, .chainSegment: return collide(b, xfB, a, xfA, cache: &cache, motion: motion?.reversed).flipped()
        }

    case .segment(let segment):
        switch b {
        case .circle(let circleB): return collideSegmentAndCircle(segment, xfA, circleB, xfB)
        case .polygon(let polygonB): return collideSegmentAndPolygon(segment, xfA, polygonB, xfB, motion: motion)
        case .ellipse(let ellipse) where ellipse.isCircular:
            return collideSegmentAndCircle(segment, xfA, ellipse.circle, xfB)
        case .ellipse: return collideConvex(ShapeProxy(segment: segment), xfA, ShapeProxy(b), xfB, cache: &cache)
        case .segment, .chainSegment: return Manifold()
        }

    case .chainSegment(let chain):
        switch b {
        case .circle(let circleB): return collideChainSegmentAndCircle(chain, xfA, circleB, xfB)
        case .polygon(let polygonB): return collideChainSegmentAndPolygon(chain, xfA, polygonB, xfB, cache: &cache)
        case .ellipse(let ellipse) where ellipse.isCircular:
            return collideChainSegmentAndCircle(chain, xfA, ellipse.circle, xfB)
        case .ellipse: return collideChainSegmentAndConvex(chain, xfA, ShapeProxy(b), xfB, cache: &cache)
        case .segment, .chainSegment: return Manifold()
        }

    case .ellipse(let ellipse):
        if ellipse.isCircular {
            return collide(.circle(ellipse.circle), xfA, b, xfB, cache: &cache)
        }
        switch b {
        case .segment, .chainSegment: return collide(b, xfB, a, xfA, cache: &cache).flipped()
        default: return collideConvex(ShapeProxy(a), xfA, ShapeProxy(b), xfB, cache: &cache)
        }
    }
}

/// How shape B moves relative to shape A over the coming step: B's translation relative to
/// A (world axes, metres) and how far rotation may carry any point of either shape (metres).
package struct RelativeMotion: Sendable {
    package var translation: Vec2
    package var rotationReach: Float

    package init(translation: Vec2, rotationReach: Float) {
        self.translation = translation
        self.rotationReach = rotationReach
    }

    /// A's motion relative to B.
    package var reversed: RelativeMotion { RelativeMotion(translation: -translation, rotationReach: rotationReach) }
}

extension Ellipse {
    /// The circle this ellipse is when its semi-axes agree.
    var circle: Circle { Circle(center: .zero, radius: 0.5 * (radii.x + radii.y)) }
}
