import Physics2D
import Testing

@Suite struct DistanceTests {
    @Test func distanceBetweenBoxesIsTheGap() {
        let box = ShapeProxy(.polygon(.box(halfWidth: 0.5, halfHeight: 0.5)))
        let out = shapeDistance(box, xf(0, 0), box, xf(1.3, 0.2))
        #expect(approx(out.distance, 0.3, 1e-5))
        #expect(approx(out.normal, Vec2(1, 0), 1e-5))
        #expect(approx(out.pointA.x, 0.5, 1e-5))
        #expect(approx(out.pointB.x, 0.8, 1e-5))
    }

    @Test func distanceFromCircleToRotatedBoxCornerIsAnalytic() {
        // A unit box turned 45°: its corner points along +x at distance √2/2 · 2 = √2.
        let box = ShapeProxy(.polygon(.box(halfWidth: 1, halfHeight: 1)))
        let circle = ShapeProxy(.circle(Circle(center: .zero, radius: 0.25)))
        let out = shapeDistance(box, xf(0, 0, .pi / 4), circle, xf(2, 0))
        #expect(approx(out.distance, 2 - Float(2).squareRoot() - 0.25, 1e-5))
        #expect(approx(out.normal, Vec2(1, 0), 1e-5))
    }

    @Test func distanceFromRotatedEllipseToLineIsHeightMinusSupport() {
        let ellipse = ShapeProxy(.ellipse(Ellipse(radii: Vec2(0.8, 0.3))))
        let line = ShapeProxy(.segment(Segment(point1: Vec2(-5, 0), point2: Vec2(5, 0))))
        for i in 0..<24 {
            let theta = Float(i) * .pi / 12
            let height: Float = 1.1
            let out = shapeDistance(line, .identity, ellipse, xf(0.3, height, theta))
            let q = rot(theta)
            // Lowest point of the rotated ellipse: sqrt((a sinθ)² + (b cosθ)²) below its centre.
            let support = ((0.8 * q.s) * (0.8 * q.s) + (0.3 * q.c) * (0.3 * q.c)).squareRoot()
            #expect(approx(out.distance, height - support, 2e-5), "θ = \(theta)")
            #expect(approx(out.normal, Vec2(0, 1), 1e-3))
            #expect(approx(out.pointB.y, height - support, 2e-5))
        }
    }

    @Test func distanceBetweenEllipsesAndPointIsAnalytic() {
        let ellipse = ShapeProxy(.ellipse(Ellipse(radii: Vec2(2, 1))))
        let point = ShapeProxy(.circle(Circle(center: .zero, radius: 0)))
        #expect(approx(shapeDistance(ellipse, .identity, point, xf(0, 3)).distance, 2, 1e-5))
        #expect(approx(shapeDistance(ellipse, .identity, point, xf(-5, 0)).distance, 3, 1e-5))
        let small = ShapeProxy(.ellipse(Ellipse(radii: Vec2(1, 0.5))))
        let out = shapeDistance(small, xf(0, 0), small, xf(3, 0, .pi / 2))
        #expect(approx(out.distance, 1.5, 1e-5))
        #expect(approx(out.normal, Vec2(1, 0), 1e-4))
    }

    @Test func overlappingShapesHaveZeroDistance() {
        let box = ShapeProxy(.polygon(.box(halfWidth: 0.5, halfHeight: 0.5)))
        #expect(shapeDistance(box, xf(0, 0), box, xf(0.5, 0.1, 0.2)).distance == 0)
        let ellipse = ShapeProxy(.ellipse(Ellipse(radii: Vec2(1, 0.4))))
        #expect(shapeDistance(ellipse, xf(0, 0), ellipse, xf(1.5, 0.1, 0.2)).distance == 0)
    }

    @Test func cachedSimplexWarmStartsTheNextQuery() {
        let box = ShapeProxy(.polygon(.box(halfWidth: 0.5, halfHeight: 0.5)))
        let hexagon = ShapeProxy(
            .polygon(
                Polygon.make(
                    points: (0..<6).map { i in
                        let r = rot(Float(i) * .pi / 3)
                        return Vec2(0.4 * r.c, 0.4 * r.s)
                    })!))
        var cache = SimplexCache()
        let first = shapeDistance(box, xf(0, 0, 0.1), hexagon, xf(2, 0.7, 0.3), useRadii: true, cache: &cache)
        let second = shapeDistance(box, xf(0, 0, 0.1), hexagon, xf(2.001, 0.7, 0.3), useRadii: true, cache: &cache)
        var cold = SimplexCache()
        let reference = shapeDistance(box, xf(0, 0, 0.1), hexagon, xf(2.001, 0.7, 0.3), useRadii: true, cache: &cold)
        #expect(cache.count > 0)
        #expect(second.iterations < first.iterations)
        #expect(approx(second.distance, reference.distance, 1e-6))
    }

    @Test func segmentDistanceClampsToEnds() {
        let r = segmentDistance(Vec2(0, 0), Vec2(1, 0), Vec2(2, 1), Vec2(3, 2))
        #expect(r.fraction1 == 1 && r.fraction2 == 0)
        #expect(approx(r.distanceSquared, 2, 1e-6))
        let crossing = segmentDistance(Vec2(-1, 0), Vec2(1, 0), Vec2(0, 1), Vec2(0, 3))
        #expect(approx(crossing.closest1, Vec2(0, 0), 1e-6))
        #expect(approx(crossing.distanceSquared, 1, 1e-6))
    }
}
