import DynamicsTesting
import Physics2D
import Testing

/// The Box2D v3.2 benchmark scenes of `engine-bench box2d` (DynamicsTesting/Box2DScenes.swift)
/// build what Box2D's own app builds, and run as scenes, not as bodies falling through floors.
struct Box2DScenesTests {
    @Test func eachSceneHasBox2DsBodyAndJointCounts() throws {
        // Box2D v3.2's app prints these counters for the same scenes (ground bodies included).
        let expected: [String: (bodies: Int, joints: Int)] = [
            "joint_grid": (10_000, 19_800), "large_pyramid": (5_051, 0), "many_pyramids": (22_001, 0),
            "smash": (9_601, 0), "spinner": (6_078, 1), "tumbler": (2_027, 1),
            // rain: the ground, then a column of 5 groups of 5 ragdolls before the first step.
            "rain": (1 + 5 * 5 * 11, 5 * 5 * 10),
        ]
        for (name, _) in Box2DBenchmarkScene.scenes {
            let scene = try #require(Box2DBenchmarkScene(name: name))
            if name == "rain" { scene.step(index: 0) }
            #expect(scene.bodyCount == expected[name]?.bodies, "\(name)")
            #expect(scene.jointCount == expected[name]?.joints, "\(name)")
        }
        #expect(Box2DBenchmarkScene(name: "washer") == nil)
    }

    /// The rounded box that stands for a capsule has the capsule's extents and, at the scaled
    /// density, its mass.
    @Test(arguments: [(Float(0.06), Float(0.125)), (0.03, 0.125), (0.075, 0.0385), (0.25, 0.25)])
    func capsuleStandInMatchesTheCapsule(radius: Float, half: Float) {
        let p1 = Vec2(0, -half), p2 = Vec2(0, half)
        let polygon = Box2DBenchmarkScene.capsule(p1, p2, radius: radius)
        let box = ShapeGeometry.polygon(polygon).computeAABB(.identity)
        #expect(approx(box.lowerBound, Vec2(-radius, -half - radius), 1e-6))
        #expect(approx(box.upperBound, Vec2(radius, half + radius), 1e-6))
        let density = Box2DBenchmarkScene.capsuleDensity(p1, p2, radius: radius, density: 1)
        let mass = ShapeGeometry.polygon(polygon).computeMass(density: density).mass
        let capsuleMass = 2 * half * 2 * radius + .pi * radius * radius
        #expect(abs(mass - capsuleMass) / capsuleMass < 1e-4)
        #expect(density < 1 && density > 0.95)
    }

    /// rain's ragdolls land on the lowest floor (its top is at 0.25 m) and stay above it.
    @Test func rainRagdollsLandOnTheFloor() throws {
        let scene = try #require(Box2DBenchmarkScene(name: "rain"))
        for index in 0..<300 { scene.step(index: index) }
        #expect(scene.verticalRange.lowest > 0.2)
        #expect(scene.contactCount > 1_000)
    }
}
