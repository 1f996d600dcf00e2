import Physics2D
import Testing

/// `collide` with a fresh cache.
private func manifold(_ a: ShapeGeometry, _ xfA: Transform, _ b: ShapeGeometry, _ xfB: Transform) -> Manifold {
    var cache = SimplexCache()
    return collide(a, xfA, b, xfB, cache: &cache)
}

private func separations(_ m: Manifold) -> [Float] { (0..<m.pointCount).map { m.points[$0].separation } }
private func ids(_ m: Manifold) -> Set<UInt16> { Set((0..<m.pointCount).map { m.points[$0].id }) }

private let ground = ShapeGeometry.polygon(.box(halfWidth: 5, halfHeight: 0.5))
private let unitBox = ShapeGeometry.polygon(.box(halfWidth: 0.5, halfHeight: 0.5))

@Suite struct ManifoldTests {
    @Test func circlesTouchAlongTheLineOfCentres() {
        let a = ShapeGeometry.circle(Circle(center: .zero, radius: 0.5))
        let b = ShapeGeometry.circle(Circle(center: .zero, radius: 0.25))
        let apart = manifold(a, xf(1, 1), b, xf(1 + 0.8, 1 + 0.6))  // centres 1 m apart
        #expect(apart.pointCount == 0)

        let near = manifold(a, xf(1, 1), b, xf(1 + 0.76 * 0.8, 1 + 0.76 * 0.6))
        #expect(near.pointCount == 1)
        #expect(approx(near.normal, Vec2(0.8, 0.6), 1e-6))
        #expect(approx(near.points[0].separation, 0.01, 1e-6))

        let deep = manifold(a, xf(1, 1), b, xf(1 + 0.7 * 0.8, 1 + 0.7 * 0.6))
        #expect(approx(deep.points[0].separation, -0.05, 1e-6))
        // Midway between the surfaces: 0.5 - 0.025 from A's centre.
        #expect(approx(deep.points[0].point, Vec2(1, 1) + 0.475 * Vec2(0.8, 0.6), 1e-6))
        #expect(approx(deep.points[0].anchorA, 0.475 * Vec2(0.8, 0.6), 1e-6))
        #expect(approx(deep.points[0].anchorB, deep.points[0].point - Vec2(1.56, 1.42), 1e-6))
        #expect(deep.points[0].normalImpulse == 0)
    }

    @Test func boxRestingOnBoxHasTwoPointsWithItsPenetrationAndStableIds() {
        let resting = manifold(ground, xf(0, 0), unitBox, xf(0.2, 0.995))
        #expect(resting.pointCount == 2)
        #expect(approx(resting.normal, Vec2(0, 1), 1e-6))
        for s in separations(resting) { #expect(approx(s, -0.005, 1e-5)) }
        let xs = (0..<2).map { resting.points[$0].point.x }.sorted()
        #expect(approx(xs[0], -0.3, 1e-5) && approx(xs[1], 0.7, 1e-5))
        for i in 0..<2 {
            let p = resting.points[i]
            #expect(approx(p.point.y, 0.4975, 1e-5))
            #expect(approx(p.point, Vec2(0, 0) + p.anchorA, 1e-6))
            #expect(approx(p.point, Vec2(0.2, 0.995) + p.anchorB, 1e-6))
        }
        #expect(ids(resting).count == 2)

        // A small slide and tilt keeps the same features, so the same ids.
        let shifted = manifold(ground, xf(0, 0), unitBox, xf(0.23, 0.994, 0.002))
        #expect(shifted.pointCount == 2)
        #expect(ids(shifted) == ids(resting))
        // And the same box the other way up (box as A) gives the flipped manifold.
        let flipped = manifold(unitBox, xf(0.2, 0.995), ground, xf(0, 0))
        #expect(approx(flipped.normal, Vec2(0, -1), 1e-6))
        for s in separations(flipped) { #expect(approx(s, -0.005, 1e-5)) }
    }

    @Test func polygonRadiusIsPartOfTheSurface() {
        let rounded = ShapeGeometry.polygon(
            .box(halfWidth: 0.4, halfHeight: 0.4, center: .zero, rotation: .identity, radius: 0.1))
        // Core bottom at 0.51 - 0.4 = 0.11 above the ground top at 0.5: rounded surface 0.01 above.
        let m = manifold(ground, xf(0, 0), rounded, xf(0, 1.01))
        #expect(m.pointCount == 2)
        for s in separations(m) { #expect(approx(s, 0.01, 1e-5)) }
        for i in 0..<2 { #expect(approx(m.points[i].point.y, 0.505, 1e-5)) }
    }

    @Test func speculativePointsAppearWithinTwoCentimetresAndNotBeyond() {
        let shapes: [ShapeGeometry] = [
            unitBox, .circle(Circle(center: .zero, radius: 0.5)), .ellipse(Ellipse(radii: Vec2(0.9, 0.5))),
            .polygon(.box(halfWidth: 0.4, halfHeight: 0.4, center: .zero, rotation: .identity, radius: 0.1)),
        ]
        let floors: [ShapeGeometry] = [
            ground, .segment(Segment(point1: Vec2(-5, 0.5), point2: Vec2(5, 0.5))),
            .chainSegment(
                ChainSegment(
                    ghost1: Vec2(6, 0.5), segment: Segment(point1: Vec2(5, 0.5), point2: Vec2(-5, 0.5)),
                    ghost2: Vec2(-6, 0.5), chainID: 0)),
        ]
        for floor in floors {
            for shape in shapes {
                // Every shape reaches 0.5 m below its origin.
                let inside = manifold(floor, .identity, shape, xf(0.1, 1 + 0.019))
                #expect(inside.pointCount > 0)
                for s in separations(inside) { #expect(approx(s, 0.019, 2e-5)) }
                let outside = manifold(floor, .identity, shape, xf(0.1, 1 + 0.021))
                #expect(outside.pointCount == 0)
            }
        }
    }

    @Test func segmentIsTwoSided() {
        let segment = ShapeGeometry.segment(Segment(point1: Vec2(-5, 0), point2: Vec2(5, 0)))
        let above = manifold(segment, .identity, unitBox, xf(0, 0.49))
        let below = manifold(segment, .identity, unitBox, xf(0, -0.49))
        #expect(above.pointCount == 2 && below.pointCount == 2)
        #expect(approx(above.normal, Vec2(0, 1), 1e-6))
        #expect(approx(below.normal, Vec2(0, -1), 1e-6))
        let circleBelow = manifold(segment, .identity, .circle(Circle(center: .zero, radius: 0.5)), xf(0, -0.49))
        #expect(approx(circleBelow.normal, Vec2(0, -1), 1e-6))
    }

    @Test func chainSegmentCollidesOnlyOnItsFront() {
        // p1 → p2 along -x, so the front (right-hand side) is +y.
        let chain = ShapeGeometry.chainSegment(
            ChainSegment(
                ghost1: Vec2(6, 0), segment: Segment(point1: Vec2(5, 0), point2: Vec2(-5, 0)), ghost2: Vec2(-6, 0),
                chainID: 0))
        let others: [ShapeGeometry] = [
            unitBox, .circle(Circle(center: .zero, radius: 0.5)), .ellipse(Ellipse(radii: Vec2(0.9, 0.5))),
        ]
        for other in others {
            let front = manifold(chain, .identity, other, xf(0, 0.49))
            #expect(front.pointCount > 0)
            #expect(approx(front.normal, Vec2(0, 1), 1e-4))
            #expect(manifold(chain, .identity, other, xf(0, -0.49)).pointCount == 0)
            #expect(manifold(chain, .identity, other, xf(0, -0.2)).pointCount == 0)
            // Either order.
            let reversed = manifold(other, xf(0, 0.49), chain, .identity)
            #expect(approx(reversed.normal, Vec2(0, -1), 1e-4))
        }
    }

    /// A shape whose lowest point is `depth` below its origin, for sliding along a floor.
    struct Slider: Sendable {
        var shape: ShapeGeometry
        var depth: Float
    }

    @Test(arguments: [
        Slider(shape: unitBox, depth: 0.5), Slider(shape: .ellipse(Ellipse(radii: Vec2(0.6, 0.25))), depth: 0.25),
        Slider(shape: .circle(Circle(center: .zero, radius: 0.4)), depth: 0.4),
    ])
    func shapeSlidingAcrossAChainJointNeverGetsASidewaysNormal(slider: Slider) {
        // Three collinear (or nearly collinear) chain segments with the front up; the shape slides
        // over both joints slightly sunk into the surface, also a little tilted.
        for kink: Float in [0, 0.005, -0.005] {
            let points = [Vec2(20, 0), Vec2(10, 0), Vec2(0, 0), Vec2(-10, kink * 10), Vec2(-20, kink * 20)]
            let segments = (1..<(points.count - 2)).map { i in
                ShapeGeometry.chainSegment(
                    ChainSegment(
                        ghost1: points[i - 1], segment: Segment(point1: points[i], point2: points[i + 1]),
                        ghost2: points[i + 2], chainID: 0))
            }
            for step in 0...400 {
                let x = -2 + Float(step) * 0.01
                for tilt: Float in [0, 0.01, -0.01] {
                    let placed = xf(x, slider.depth - 0.005, tilt)
                    for segment in segments {
                        let m = manifold(segment, .identity, slider.shape, placed)
                        if m.pointCount > 0 {
                            #expect(m.normal.y > 0.99, "x = \(x), kink \(kink), normal \(m.normal)")
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: [Vec2(0.8, 0.3), Vec2(1.5, 0.06)])
    func ellipseRestingOnAFloorSeparatesByTheHeightOfItsLowestPoint(radii: Vec2) {
        let a = radii.x
        let b = radii.y
        let ellipse = ShapeGeometry.ellipse(Ellipse(radii: radii))
        let floors: [ShapeGeometry] = [
            .polygon(.box(halfWidth: 5, halfHeight: 0.5, center: Vec2(0, -0.5), rotation: .identity)),
            .segment(Segment(point1: Vec2(-5, 0), point2: Vec2(5, 0))),
            .chainSegment(
                ChainSegment(
                    ghost1: Vec2(6, 0), segment: Segment(point1: Vec2(5, 0), point2: Vec2(-5, 0)), ghost2: Vec2(-6, 0),
                    chainID: 0)),
        ]
        for floor in floors {
            for i in 0..<32 {
                let theta = Float(i) * .pi / 32
                let q = rot(theta)
                // Height of the lowest point below the centre, and the lowest point itself.
                let support = ((a * q.s) * (a * q.s) + (b * q.c) * (b * q.c)).squareRoot()
                let local = q.invRotate(Vec2(0, -1))
                let lowest = q.rotate(Vec2(a * a * local.x, b * b * local.y)) * (1 / support)
                // Apart, touching (within the core radius b²/a for the rounder one), and deeply
                // overlapping (the penetration solver's case).
                for gap: Float in [0.015, 0.0, -0.004, -min(0.15, 0.5 * support)] {
                    let center = Vec2(0.25, support + gap)
                    let m = manifold(floor, .identity, ellipse, Transform(p: center, q: q))
                    #expect(m.pointCount == 1, "θ \(theta) gap \(gap)")
                    guard m.pointCount == 1 else { continue }
                    #expect(approx(m.points[0].separation, gap, 2e-5), "θ \(theta) gap \(gap)")
                    #expect(approx(m.normal, Vec2(0, 1), 2e-3), "θ \(theta) gap \(gap) \(m.normal)")
                    #expect(approx(m.points[0].point.x, center.x + lowest.x, 2e-3), "θ \(theta) gap \(gap)")
                    #expect(approx(m.points[0].point.y, 0.5 * gap, 2e-4))
                }
            }
        }
    }

    @Test func overlappingEllipsesPenetrateAsDeeplyAsDensePolygonsSay() {
        var rng = SplitMix64(seed: 11)
        var tested = 0
        while tested < 12 {
            let ra = Vec2(rng.float(0.2, 1.2), rng.float(0.1, 0.6))
            let rb = Vec2(rng.float(0.2, 1.2), rng.float(0.1, 0.6))
            let ta = xf(rng.float(-0.2, 0.2), rng.float(-0.2, 0.2), rng.float(0, 6.28))
            let tb = xf(rng.float(0.3, 1.4), rng.float(-0.6, 0.6), rng.float(0, 6.28))
            let oracle = densePolygonPenetration(ra, ta, rb, tb)
            guard oracle.depth > 0.001 else { continue }
            tested += 1
            let m = manifold(.ellipse(Ellipse(radii: ra)), ta, .ellipse(Ellipse(radii: rb)), tb)
            #expect(m.pointCount == 1)
            #expect(approx(-m.points[0].separation, oracle.depth, 1e-3 + 1e-3 * oracle.depth), "\(oracle.depth)")
            #expect(dot(m.normal, oracle.normal) > 0.99)
        }
    }

    @Test func ellipseWithEqualRadiiBehavesLikeACircle() {
        let circle = ShapeGeometry.circle(Circle(center: .zero, radius: 0.3))
        let round = ShapeGeometry.ellipse(Ellipse(radii: Vec2(0.3, 0.3)))
        let box = ShapeGeometry.polygon(.box(halfWidth: 0.5, halfHeight: 0.2))
        for (x, y) in [(0.1, 0.49), (0.7, 0.45), (0.3, 0.3)] as [(Float, Float)] {
            let c = manifold(box, xf(0, 0, 0.2), circle, xf(x, y, 1))
            let e = manifold(box, xf(0, 0, 0.2), round, xf(x, y, 1))
            #expect(c.pointCount == e.pointCount)
            guard c.pointCount == 1 && e.pointCount == 1 else { continue }
            #expect(approx(c.normal, e.normal, 1e-6))
            #expect(approx(c.points[0].separation, e.points[0].separation, 1e-6))
            #expect(approx(c.points[0].point, e.points[0].point, 1e-6))
        }
        let both = manifold(round, xf(0, 0), round, xf(0.59, 0))
        #expect(approx(both.points[0].separation, -0.01, 1e-6))
    }

    @Test func everyPairAgreesWithItsReverseAndItsOwnAnchors() {
        let shapes: [ShapeGeometry] = [
            .circle(Circle(center: Vec2(0.1, 0), radius: 0.35)),
            .polygon(.box(halfWidth: 0.4, halfHeight: 0.25)),
            .polygon(Polygon.make(points: [Vec2(-0.3, -0.2), Vec2(0.4, -0.3), Vec2(0.2, 0.4)], radius: 0.05)!),
            .ellipse(Ellipse(radii: Vec2(0.5, 0.2))),
            .segment(Segment(point1: Vec2(-0.6, 0), point2: Vec2(0.6, 0.1))),
            .chainSegment(
                ChainSegment(
                    ghost1: Vec2(-1, -0.1), segment: Segment(point1: Vec2(-0.6, 0), point2: Vec2(0.6, 0.1)),
                    ghost2: Vec2(1, 0.3), chainID: 0)),
        ]
        var rng = SplitMix64(seed: 3)
        var contacts = 0
        for _ in 0..<300 {
            let ia = Int.random(in: 0..<shapes.count, using: &rng)
            let ib = Int.random(in: 0..<shapes.count, using: &rng)
            let ta = xf(rng.float(-0.5, 0.5), rng.float(-0.5, 0.5), rng.float(0, 6.28))
            let tb = xf(rng.float(-0.5, 0.5), rng.float(-0.5, 0.5), rng.float(0, 6.28))
            let m = manifold(shapes[ia], ta, shapes[ib], tb)
            let r = manifold(shapes[ib], tb, shapes[ia], ta)
            #expect(m.pointCount == r.pointCount)
            guard m.pointCount > 0 && m.pointCount == r.pointCount else { continue }
            contacts += 1
            #expect(approx(m.normal.length, 1, 1e-5))
            #expect(approx(m.normal, -r.normal, 1e-3))
            for i in 0..<m.pointCount {
                let p = m.points[i]
                #expect(p.separation <= Tolerance.speculativeDistance)
                #expect(approx(p.point, ta.p + p.anchorA, 1e-5))
                #expect(approx(p.point, tb.p + p.anchorB, 1e-5))
            }
            #expect(approx(separations(m).min()!, separations(r).min()!, 1e-3))
        }
        #expect(contacts > 50)
    }

    @Test func boxesMeetingCornerToCornerFlushTouchNowhere() {
        // B is up and to the right of A (y down), its left face in line with A's right face,
        // 1 cm above A's top: their corners meet, their faces do not.
        #expect(manifold(unitBox, xf(0, 0), unitBox, xf(1, -1.01)).pointCount == 0)
        #expect(manifold(unitBox, xf(1, -1.01), unitBox, xf(0, 0)).pointCount == 0)
        // Resting corner to corner, in line both ways.
        #expect(manifold(unitBox, xf(0, 0), unitBox, xf(1, -1)).pointCount == 0)
        // Reaching 5 cm over A's top, B lands on it.
        #expect(manifold(unitBox, xf(0, 0), unitBox, xf(0.95, -1.01)).pointCount == 2)
    }

    @Test func aCornerAboutToBePassedMakesNoContactOneAboutToBeHitDoes() {
        // B half a centimetre right of A's column and 1 cm above it: close enough for a
        // speculative contact between the corners.
        let a = xf(0, 0), b = xf(1.005, -1.01)
        var cache = SimplexCache()
        #expect(collide(unitBox, a, unitBox, b, cache: &cache).pointCount == 1)
        // Falling straight down, B passes A's corner.
        let falling = RelativeMotion(translation: Vec2(0, 0.2), rotationReach: 0)
        #expect(collide(unitBox, a, unitBox, b, cache: &cache, motion: falling).pointCount == 0)
        #expect(collide(unitBox, b, unitBox, a, cache: &cache, motion: falling.reversed).pointCount == 0)
        // Falling and drifting left by more than the gap, it may hit it.
        let drifting = RelativeMotion(translation: Vec2(-0.05, 0.2), rotationReach: 0)
        #expect(collide(unitBox, a, unitBox, b, cache: &cache, motion: drifting).pointCount == 1)
        // Spinning fast enough to reach across the gap, too.
        let spinning = RelativeMotion(translation: Vec2(0, 0.2), rotationReach: 0.05)
        #expect(collide(unitBox, a, unitBox, b, cache: &cache, motion: spinning).pointCount == 1)
    }

    @Test func polygonsApartBeyondSpeculativeDistanceNeverTouch() {
        var rng = SplitMix64(seed: 5)
        let shapes: [ShapeGeometry] = [
            .polygon(.box(halfWidth: 0.4, halfHeight: 0.25)),
            .polygon(Polygon.make(points: [Vec2(-0.3, -0.2), Vec2(0.4, -0.3), Vec2(0.2, 0.4), Vec2(-0.2, 0.3)])!),
            .circle(Circle(center: .zero, radius: 0.3)), .ellipse(Ellipse(radii: Vec2(0.5, 0.2))),
            .segment(Segment(point1: Vec2(-0.6, 0), point2: Vec2(0.6, 0.1))),
        ]
        for _ in 0..<400 {
            let a = shapes[Int.random(in: 0..<shapes.count, using: &rng)]
            let b = shapes[Int.random(in: 0..<(shapes.count - 1), using: &rng)]
            let ta = xf(rng.float(-1, 1), rng.float(-1, 1), rng.float(0, 6.28))
            let tb = xf(rng.float(-1, 1), rng.float(-1, 1), rng.float(0, 6.28))
            let d = shapeDistance(ShapeProxy(a), ta, ShapeProxy(b), tb).distance
            let m = manifold(a, ta, b, tb)
            if d > Tolerance.speculativeDistance + 1e-4 { #expect(m.pointCount == 0, "distance \(d)") }
            if d == 0 { #expect(m.pointCount > 0, "\(a) \(ta) \(b) \(tb)") }
            if m.pointCount > 0 && d > 0 {
                // Speculative points never claim more room than the shapes have.
                #expect(separations(m).min()! <= d + 1e-4, "distance \(d) \(separations(m))")
            }
        }
    }
}

/// Penetration depth and direction (A → B) of two ellipses, from 360-gons on their outlines:
/// the least overlap of the two polygons' projections over every edge normal of both.
private func densePolygonPenetration(_ ra: Vec2, _ ta: Transform, _ rb: Vec2, _ tb: Transform) -> (
    depth: Float, normal: Vec2
) {
    let n = 360
    func outline(_ r: Vec2, _ t: Transform) -> [Vec2] {
        (0..<n).map { i in
            let q = rot(Float(i) * 2 * .pi / Float(n))
            return t.apply(Vec2(r.x * q.c, r.y * q.s))
        }
    }
    let pa = outline(ra, ta)
    let pb = outline(rb, tb)
    var best = Float.infinity
    var bestNormal = Vec2.zero
    for poly in [pa, pb] {
        for i in 0..<n {
            let u = (poly[(i + 1) % n] - poly[i]).rightPerp.normalized
            for dir in [u, -u] {
                // Overlap when B is pushed along dir: how far A reaches along dir past B's back.
                var reachA = -Float.infinity
                var backB = Float.infinity
                for p in pa { reachA = max(reachA, dot(p, dir)) }
                for p in pb { backB = min(backB, dot(p, dir)) }
                let overlap = reachA - backB
                if overlap < best {
                    best = overlap
                    bestNormal = dir
                }
            }
        }
    }
    return (best, bestNormal)
}
