import Physics2D
import Testing

@Suite struct PolygonTests {
    @Test func boxMassIsDensityTimesAreaAndInertiaIsMassTimesWidthSquaredPlusHeightSquaredOverTwelve() {
        let box = Polygon.box(halfWidth: 0.5, halfHeight: 0.25)
        let mass = ShapeGeometry.polygon(box).computeMass(density: 2)
        let w: Float = 1
        let h: Float = 0.5
        #expect(approx(mass.mass, 2 * w * h, 1e-6))
        #expect(approx(mass.center, .zero, 1e-6))
        #expect(approx(mass.rotationalInertia, mass.mass * (w * w + h * h) / 12, 1e-6))
    }

    @Test func offsetRotatedBoxKeepsItsCentroidAndCentralInertia() {
        let box = Polygon.box(halfWidth: 1.5, halfHeight: 0.2, center: Vec2(3, -2), rotation: rot(0.7))
        let mass = ShapeGeometry.polygon(box).computeMass(density: 1)
        #expect(approx(mass.mass, 3 * 0.4, 1e-5))
        #expect(approx(mass.center, Vec2(3, -2), 1e-5))
        #expect(approx(mass.rotationalInertia, mass.mass * (9 + 0.16) / 12, 1e-4))
        #expect(approx(box.centroid, Vec2(3, -2), 1e-6))
        // Normals are unit, outward and perpendicular to their edges.
        for i in 0..<4 {
            let edge = box.vertices[(i + 1) % 4] - box.vertices[i]
            #expect(approx(box.normals[i].length, 1, 1e-6))
            #expect(abs(dot(edge, box.normals[i])) < 1e-5)
            #expect(dot(box.normals[i], box.vertices[i] - box.centroid) > 0)
        }
    }

    @Test func roundedBoxMassCountsEdgeStripsAndQuarterDiscsExactly() {
        let hw: Float = 0.6
        let hh: Float = 0.3
        let r: Float = 0.1
        let box = Polygon.box(halfWidth: hw, halfHeight: hh, center: .zero, rotation: .identity, radius: r)
        let mass = ShapeGeometry.polygon(box).computeMass(density: 1)

        // Closed form: core rectangle, four side strips, four quarter discs.
        let w = 2 * hw
        let h = 2 * hh
        var area = w * h
        var inertia = area * (w * w + h * h) / 12
        let sideArea = r * h
        inertia += 2 * (sideArea * (r * r + h * h) / 12 + sideArea * (hw + r / 2) * (hw + r / 2))
        let capArea = w * r
        inertia += 2 * (capArea * (w * w + r * r) / 12 + capArea * (hh + r / 2) * (hh + r / 2))
        area += 2 * sideArea + 2 * capArea
        let quarterArea = Float.pi * r * r / 4
        let offset = 4 * r / (3 * Float.pi)  // quarter-disc centroid, along each axis from the corner
        let centroidSquared = (hw + offset) * (hw + offset) + (hh + offset) * (hh + offset)
        inertia += 4 * quarterArea * (r * r / 2 - 2 * offset * offset + centroidSquared)
        area += 4 * quarterArea

        #expect(approx(mass.mass, area, 1e-5))
        #expect(approx(mass.center, .zero, 1e-5))
        #expect(approx(mass.rotationalInertia, inertia, 1e-5))
        #expect(mass.mass > ShapeGeometry.polygon(.box(halfWidth: hw, halfHeight: hh)).computeMass(density: 1).mass)
    }

    @Test func hullOfRandomPointsEqualsBruteForceHull() {
        var rng = SplitMix64(seed: 7)
        var checked = 0
        while checked < 200 {
            let count = Int.random(in: 3...8, using: &rng)
            let points = (0..<count).map { _ in rng.vec(-1, 1) }
            guard let expected = bruteForceHull(points) else { continue }
            checked += 1
            guard let polygon = Polygon.make(points: points) else {
                Issue.record("no hull for \(points)")
                continue
            }
            #expect(polygon.count == expected.count)
            for v in expected {
                #expect((0..<polygon.count).contains { approx(polygon.vertices[$0], v, 1e-6) })
            }
            // Counter-clockwise with outward unit normals, and every input point inside.
            for i in 0..<polygon.count {
                let e = polygon.vertices[(i + 1) % polygon.count] - polygon.vertices[i]
                #expect(cross(e, polygon.vertices[(i + 2) % polygon.count] - polygon.vertices[i]) > 0)
                #expect(approx(polygon.normals[i], e.rightPerp.normalized, 1e-5))
                for p in points {
                    #expect(dot(polygon.normals[i], p - polygon.vertices[i]) <= 1e-5)
                }
            }
        }
    }

    @Test func hullOfSixteenPointsOnACircleIsReducedToEightInsideIt() throws {
        let points = (0..<16).map { i -> Vec2 in
            let r = rot(Float(i) * 2 * .pi / 16)
            return Vec2(r.c, r.s)
        }
        let polygon = try #require(Polygon.make(points: points))
        #expect(polygon.count == 8)
        for i in 0..<polygon.count {
            #expect(approx(polygon.vertices[i].length, 1, 1e-5))
        }
        let area = ShapeGeometry.polygon(polygon).computeMass(density: 1).mass
        // At most the regular octagon's 2√2.
        #expect(area > 2.6 && area <= 2 * Float(2).squareRoot() + 1e-5, "\(area)")
    }

    @Test func degenerateInputMakesNoPolygon() {
        #expect(Polygon.make(points: [Vec2(0, 0), Vec2(1, 0)]) == nil)
        #expect(Polygon.make(points: [Vec2(0, 0), Vec2(1, 0), Vec2(2, 0), Vec2(3, 0.001)]) == nil)
        #expect(Polygon.make(points: [Vec2(0, 0), Vec2(0.001, 0), Vec2(0, 0.001)]) == nil)
        #expect(Polygon.make(points: [Vec2(0, 0), Vec2(1, 0), Vec2(.nan, 1)]) == nil)
        #expect(Polygon.make(points: [Vec2(0, 0), Vec2(1, 0), Vec2(0, .infinity)]) == nil)
    }

    @Test func nearDuplicateAndCollinearPointsAreDropped() throws {
        let points = [
            Vec2(0, 0), Vec2(0.001, 0.001), Vec2(1, 0), Vec2(1, 1), Vec2(0.5, 1.001), Vec2(0, 1), Vec2(0.5, 0.5),
        ]
        let polygon = try #require(Polygon.make(points: points, radius: 0.05))
        #expect(polygon.count == 4)
        #expect(polygon.radius == 0.05)
        #expect(approx(polygon.centroid, Vec2(0.5, 0.5), 1e-3))
    }

    @Test func smallBoxOfSixCentimetresSurvivesHull() throws {
        let polygon = try #require(
            Polygon.make(points: [Vec2(-0.03, -0.03), Vec2(0.03, -0.03), Vec2(0.03, 0.03), Vec2(-0.03, 0.03)]))
        #expect(polygon.count == 4)
    }
}

/// The counter-clockwise hull by testing every pair of points as an edge; nil when some
/// point sits so near the hull boundary that welding or collinearity rules could apply.
private func bruteForceHull(_ points: [Vec2]) -> [Vec2]? {
    for i in points.indices {
        for j in points.indices where j > i && distance(points[i], points[j]) < 0.05 { return nil }
    }
    var hull: [Vec2] = []
    for i in points.indices {
        for j in points.indices where j != i {
            let e = points[j] - points[i]
            var allLeft = true
            for k in points.indices where k != i && k != j {
                let c = cross(e.normalized, points[k] - points[i])
                if abs(c) < 0.02 { return nil }
                if c < 0 { allLeft = false }
            }
            if allLeft && !hull.contains(points[i]) { hull.append(points[i]) }
        }
    }
    return hull.count >= 3 ? hull : nil
}
