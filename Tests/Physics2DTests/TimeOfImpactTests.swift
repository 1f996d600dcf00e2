import Physics2D
import Testing

/// A sweep of a body whose centre of mass is its origin, translating without turning.
private func translation(from a: Vec2, to b: Vec2, angle: Float = 0) -> Sweep {
    Sweep(localCenter: .zero, c1: a, c2: b, q1: rot(angle), q2: rot(angle))
}

private let wall = ShapeProxy(.segment(Segment(point1: Vec2(0, -1), point2: Vec2(0, 1))))
private let still = translation(from: .zero, to: .zero)
private let smallBox = ShapeProxy(.polygon(.box(halfWidth: 0.05, halfHeight: 0.05)))

/// The time of impact of `proxy` translating from `a` to `b` against the still wall at x = 0.
private func againstWall(_ proxy: ShapeProxy, from a: Vec2, to b: Vec2, maxFraction: Float = 1) -> TOIOutput {
    timeOfImpact(
        proxyA: wall, sweepA: still, proxyB: proxy, sweepB: translation(from: a, to: b), maxFraction: maxFraction)
}

@Suite struct TimeOfImpactTests {
    @Test func sweepTransformPutsTheCentreOfMassOnItsPath() {
        let sweep = Sweep(localCenter: Vec2(0.5, 0), c1: Vec2(1, 1), c2: Vec2(3, 1), q1: .identity, q2: rot(.pi / 2))
        let start = sweep.transform(at: 0)
        #expect(approx(start.apply(Vec2(0.5, 0)), Vec2(1, 1), 1e-6))
        let middle = sweep.transform(at: 0.5)
        #expect(approx(middle.apply(Vec2(0.5, 0)), Vec2(2, 1), 1e-6))
        // Normalised blend of 0 and 90°: 45°.
        #expect(approx(middle.q.c, Float(0.5).squareRoot(), 1e-6) && approx(middle.q.s, Float(0.5).squareRoot(), 1e-6))
        let end = sweep.transform(at: 1)
        #expect(approx(end.q.s, 1, 1e-6))
        #expect(approx(end.apply(Vec2(0.5, 0)), Vec2(3, 1), 1e-6))
    }

    @Test func fastSmallBoxHitsAThinSegmentWhereItsFaceReachesIt() {
        // A 10 cm box crossing 2 m in one step through a segment of no thickness.
        let out = againstWall(smallBox, from: Vec2(-1, 0.3), to: Vec2(1, 0.3))
        #expect(out.state == .hit)
        // The face stops a slop short of the segment: x + 0.05 = -0.005.
        let expected = (-0.055 - -1) / 2 as Float
        #expect(approx(out.fraction, expected, 0.25 * Tolerance.linearSlop / 2 + 1e-5))
    }

    @Test(arguments: [
        ShapeGeometry.polygon(.box(halfWidth: 0.5, halfHeight: 0.02)), .ellipse(Ellipse(radii: Vec2(0.5, 0.05))),
        .ellipse(Ellipse(radii: Vec2(0.5, 0.2))),
    ])
    func spinningBarIsCaughtBeforeItSweepsThroughTheWall(shape: ShapeGeometry) {
        // A 1 m long shape, centred 0.6 m from the wall, spins a quarter turn while sliding towards it.
        let proxy = ShapeProxy(shape)
        let sweep = Sweep(localCenter: .zero, c1: Vec2(-0.6, 0), c2: Vec2(-0.3, 0), q1: rot(.pi / 2), q2: .identity)
        let out = timeOfImpact(proxyA: wall, sweepA: still, proxyB: proxy, sweepB: sweep, maxFraction: 1)
        #expect(out.state == .hit)
        // At the hit the cores are the target apart (a slop, or a slop inside the rounding).
        let target = max(Tolerance.linearSlop, proxy.radius - Tolerance.linearSlop)
        let gap = shapeDistance(wall, .identity, proxy, sweep.transform(at: out.fraction), useRadii: false).distance
        #expect(approx(gap, target, 0.3 * Tolerance.linearSlop))
        // And they were never closer before.
        for i in 0..<50 {
            let t = out.fraction * Float(i) / 50
            let before = shapeDistance(wall, .identity, proxy, sweep.transform(at: t), useRadii: false).distance
            #expect(before > target - 0.3 * Tolerance.linearSlop)
        }
    }

    @Test func fastCircleAndEllipseStopJustInsideTheirRoundedSurface() {
        let circle = ShapeProxy(.circle(Circle(center: .zero, radius: 0.1)))
        let hit = againstWall(circle, from: Vec2(-3, 0), to: Vec2(1, 0))
        #expect(hit.state == .hit)
        // Target: the centre 0.1 - slop from the wall.
        #expect(approx(-3 + 4 * hit.fraction, -0.095, 4 * 0.25 * Tolerance.linearSlop))

        let ellipse = ShapeProxy(.ellipse(Ellipse(radii: Vec2(0.3, 0.1))))
        for angle: Float in [0, 0.5, 1.2, .pi / 2] {
            let q = rot(angle)
            let reach = ((0.3 * q.c) * (0.3 * q.c) + (0.1 * q.s) * (0.1 * q.s)).squareRoot()
            let out = timeOfImpact(
                proxyA: wall, sweepA: still, proxyB: ellipse,
                sweepB: translation(from: Vec2(-3, 0.2), to: Vec2(1, 0.2), angle: angle), maxFraction: 1)
            #expect(out.state == .hit)
            // The surface a slop past the wall.
            #expect(approx(-3 + 4 * out.fraction, -reach + 0.005, 4 * 0.25 * Tolerance.linearSlop), "angle \(angle)")
        }
    }

    @Test func missesAndOverlapsAreReported() {
        let passing = againstWall(smallBox, from: Vec2(-1, 2), to: Vec2(1, 2))
        #expect(passing.state == .separated)
        #expect(passing.fraction == 1)
        let overlapping = againstWall(smallBox, from: Vec2(0, 0), to: Vec2(1, 0))
        #expect(overlapping.state == .overlapped)
        let short = againstWall(smallBox, from: Vec2(-1, 0), to: Vec2(1, 0), maxFraction: 0.4)
        #expect(short.state == .separated)
        #expect(short.fraction == 0.4)
    }

    @Test func bothBodiesMovingMeetInTheMiddle() {
        let box = ShapeProxy(.polygon(.box(halfWidth: 0.1, halfHeight: 0.1)))
        let out = timeOfImpact(
            proxyA: box, sweepA: translation(from: Vec2(-2, 0), to: Vec2(2, 0)), proxyB: box,
            sweepB: translation(from: Vec2(2, 0), to: Vec2(-2, 0)), maxFraction: 1)
        #expect(out.state == .hit)
        // Gap 4 - 8t between faces reaches the slop.
        #expect(approx(out.fraction, (3.8 - 0.005) / 8, 0.25 * Tolerance.linearSlop / 8 + 1e-5))
    }
}
