import Physics2D
import Testing

@Suite struct ShapeGeometryTests {
    @Test func ellipseMassIsPiABTimesDensityAndInertiaIsQuarterMassTimesSumOfSquares() {
        let mass = ShapeGeometry.ellipse(Ellipse(radii: Vec2(0.8, 0.3))).computeMass(density: 3)
        let m = 3 * Float.pi * 0.8 * 0.3
        #expect(approx(mass.mass, m, 1e-5))
        #expect(mass.center == .zero)
        #expect(approx(mass.rotationalInertia, m * (0.64 + 0.09) / 4, 1e-6))
    }

    @Test func circleMassIsPiRSquaredAndHalfMRSquared() {
        let mass = ShapeGeometry.circle(Circle(center: Vec2(1, 2), radius: 0.5)).computeMass(density: 2)
        #expect(approx(mass.mass, 2 * .pi * 0.25, 1e-6))
        #expect(mass.center == Vec2(1, 2))
        #expect(approx(mass.rotationalInertia, 0.5 * mass.mass * 0.25, 1e-6))
    }

    @Test func segmentsHaveNoMass() {
        let segment = Segment(point1: Vec2(0, 0), point2: Vec2(2, 0))
        #expect(ShapeGeometry.segment(segment).computeMass(density: 1).mass == 0)
        let chain = ChainSegment(ghost1: Vec2(-1, 0), segment: segment, ghost2: Vec2(3, 0), chainID: 0)
        #expect(ShapeGeometry.chainSegment(chain).computeMass(density: 1).mass == 0)
        #expect(ShapeGeometry.segment(segment).centroid == Vec2(1, 0))
    }

    @Test func rotatedEllipseAABBTouchesTheEllipse() {
        let ellipse = ShapeGeometry.ellipse(Ellipse(radii: Vec2(2, 0.5)))
        let t = xf(1, -1, 0.6)
        let box = ellipse.computeAABB(t)
        // Sample the boundary densely: every sample inside, and the extremes reach the box.
        var lower = Vec2(Float.infinity, .infinity)
        var upper = Vec2(-Float.infinity, -.infinity)
        for i in 0..<4096 {
            let r = rot(Float(i) * 2 * .pi / 4096)
            let p = t.apply(Vec2(2 * r.c, 0.5 * r.s))
            lower = minVec(lower, p)
            upper = maxVec(upper, p)
        }
        #expect(approx(box.lowerBound, lower, 1e-3))
        #expect(approx(box.upperBound, upper, 1e-3))
        #expect(box.fattened(by: 1e-5).contains(AABB(lowerBound: lower, upperBound: upper)))
    }

    @Test func polygonAABBIncludesRadius() {
        let box = ShapeGeometry.polygon(
            .box(halfWidth: 1, halfHeight: 0.5, center: .zero, rotation: .identity, radius: 0.1))
        let aabb = box.computeAABB(xf(2, 3))
        #expect(approx(aabb.lowerBound, Vec2(0.9, 2.4), 1e-6))
        #expect(approx(aabb.upperBound, Vec2(3.1, 3.6), 1e-6))
    }

    @Test func testPointFindsInsideAndOutside() {
        let t = xf(1, 1, 0.3)
        let box = ShapeGeometry.polygon(.box(halfWidth: 1, halfHeight: 0.5))
        #expect(box.testPoint(t, t.apply(Vec2(0.9, 0.4))))
        #expect(!box.testPoint(t, t.apply(Vec2(1.1, 0))))
        let rounded = ShapeGeometry.polygon(
            .box(halfWidth: 1, halfHeight: 0.5, center: .zero, rotation: .identity, radius: 0.2))
        #expect(rounded.testPoint(t, t.apply(Vec2(1.15, 0.6))))
        #expect(!rounded.testPoint(t, t.apply(Vec2(1.15, 0.65))))  // beyond the rounded corner
        let ellipse = ShapeGeometry.ellipse(Ellipse(radii: Vec2(2, 1)))
        #expect(ellipse.testPoint(t, t.apply(Vec2(1.9, 0))))
        #expect(!ellipse.testPoint(t, t.apply(Vec2(1.5, 0.7))))
        let circle = ShapeGeometry.circle(Circle(center: Vec2(1, 0), radius: 0.5))
        #expect(circle.testPoint(t, t.apply(Vec2(1.4, 0))))
        #expect(!circle.testPoint(t, t.apply(Vec2(1.6, 0))))
        #expect(!ShapeGeometry.segment(Segment(point1: .zero, point2: Vec2(1, 0))).testPoint(.identity, Vec2(0.5, 0)))
    }
}
