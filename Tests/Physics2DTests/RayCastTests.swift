import Physics2D
import Testing

@Suite struct RayCastTests {
    private let ray = RayCastInput(origin: Vec2(-5, 0.2), translation: Vec2(10, 0))

    @Test func rayHitsRotatedBoxOnItsNearFace() throws {
        let box = ShapeGeometry.polygon(.box(halfWidth: 1, halfHeight: 1))
        let hit = try #require(box.rayCast(ray, xf(1, 0, .pi / 2)))
        #expect(approx(hit.fraction, 0.5, 1e-5))
        #expect(approx(hit.point, Vec2(0, 0.2), 1e-5))
        #expect(approx(hit.normal, Vec2(-1, 0), 1e-5))
    }

    @Test func rayHitsCircleAndRoundedBoxWhereTheSurfaceIs() throws {
        let circle = ShapeGeometry.circle(Circle(center: .zero, radius: 1))
        let hit = try #require(circle.rayCast(RayCastInput(origin: Vec2(-5, 0), translation: Vec2(10, 0)), .identity))
        #expect(approx(hit.fraction, 0.4, 1e-6))
        #expect(approx(hit.normal, Vec2(-1, 0), 1e-6))

        let rounded = ShapeGeometry.polygon(
            .box(halfWidth: 1, halfHeight: 1, center: .zero, rotation: .identity, radius: 0.5))
        let face = try #require(rounded.rayCast(ray, .identity))
        #expect(approx(face.point, Vec2(-1.5, 0.2), 1e-5))
        #expect(approx(face.normal, Vec2(-1, 0), 1e-5))
        // Aimed at the corner arc: the hit is on the disc of radius 0.5 around (-1, 1).
        let cornerRay = RayCastInput(origin: Vec2(-5, -5), translation: Vec2(10, 10))
        let corner = try #require(
            rounded.rayCast(RayCastInput(origin: Vec2(-5, 1.3), translation: Vec2(10, 0)), .identity))
        #expect(approx(distance(corner.point, Vec2(-1, 1)), 0.5, 1e-5))
        #expect(approx(corner.normal, (corner.point - Vec2(-1, 1)).normalized, 1e-5))
        let diagonal = try #require(rounded.rayCast(cornerRay, .identity))
        #expect(approx(diagonal.point, Vec2(-1 - 0.5 / Float(2).squareRoot(), -1 - 0.5 / Float(2).squareRoot()), 1e-5))
    }

    @Test func rayHitsEllipseAtTheAnalyticPoint() throws {
        let ellipse = ShapeGeometry.ellipse(Ellipse(radii: Vec2(2, 1)))
        let hit = try #require(
            ellipse.rayCast(RayCastInput(origin: Vec2(-5, 0.5), translation: Vec2(10, 0)), .identity))
        let x = -2 * (1 - 0.25 as Float).squareRoot()
        #expect(approx(hit.point, Vec2(x, 0.5), 1e-5))
        #expect(approx(hit.fraction, (x + 5) / 10, 1e-6))
        #expect(approx(hit.normal, Vec2(x / 4, 0.5).normalized, 1e-5))
        #expect(ellipse.rayCast(RayCastInput(origin: Vec2(-5, 1.1), translation: Vec2(10, 0)), .identity) == nil)
    }

    @Test func chainSegmentIsHitOnlyFromItsFront() throws {
        // p1 → p2 along -x: the right-hand (front) side is +y.
        let segment = Segment(point1: Vec2(1, 0), point2: Vec2(-1, 0))
        let chain = ShapeGeometry.chainSegment(
            ChainSegment(ghost1: Vec2(2, 0), segment: segment, ghost2: Vec2(-2, 0), chainID: 0))
        let down = RayCastInput(origin: Vec2(0, 1), translation: Vec2(0, -2))
        let up = RayCastInput(origin: Vec2(0, -1), translation: Vec2(0, 2))
        let hit = try #require(chain.rayCast(down, .identity))
        #expect(approx(hit.normal, Vec2(0, 1), 1e-6))
        #expect(chain.rayCast(up, .identity) == nil)
        // A plain segment is hit from both sides.
        #expect(ShapeGeometry.segment(segment).rayCast(up, .identity) != nil)
        #expect(approx(try #require(ShapeGeometry.segment(segment).rayCast(up, .identity)).normal, Vec2(0, -1), 1e-6))
    }

    @Test func rayStartingInsideMissesAndShortRayMisses() {
        let box = ShapeGeometry.polygon(.box(halfWidth: 1, halfHeight: 1))
        #expect(box.rayCast(RayCastInput(origin: .zero, translation: Vec2(5, 0)), .identity) == nil)
        #expect(
            box.rayCast(RayCastInput(origin: Vec2(-5, 0), translation: Vec2(10, 0), maxFraction: 0.3), .identity) == nil
        )
    }
}
