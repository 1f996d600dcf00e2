import Physics2D
import Testing

@Suite struct FreeFallTests {
    /// Semi-implicit Euler in substeps: after n substeps of h, v = g n h exactly and
    /// y = g h² n (n + 1) / 2, which differs from ½ g t² by ½ g h t.
    @Test func fallingBodyFollowsTheSubsteppedClosedForm() {
        let world = Fixture.world(gravity: Vec2(0, 10))
        let body = Fixture.box(world, at: .zero)
        Fixture.run(world, seconds: 1)
        let t: Float = 1
        let h: Float = 1.0 / 240
        let n = t / h
        #expect(abs(world.linearVelocity(body).y - 10 * t) < 1e-3)
        let expectedY = 10 * h * h * n * (n + 1) / 2
        #expect(abs(world.position(body).y - expectedY) < 1e-3)
        #expect(abs(world.position(body).y - 0.5 * 10 * t * t) < 0.03)
        #expect(world.position(body).x == 0)
    }

    @Test func linearDampingDecaysVelocityExponentially() {
        let world = Fixture.world(gravity: .zero)
        let body = Fixture.box(world, at: .zero)
        world.setLinearDamping(body, 1)
        world.setLinearVelocity(body, Vec2(1, 0))
        Fixture.run(world, seconds: 1)
        // Padé per substep: (1 / (1 + h c))^n → exp(-c t) as h → 0.
        let expected = Float(1 / pow(1 + 1.0 / 240, 240.0))
        #expect(abs(world.linearVelocity(body).x - expected) < 1e-4)
        #expect(abs(world.linearVelocity(body).x - 0.3679) < 0.003)
    }

    @Test func forceOfOneNewtonAcceleratesOneKilogramAtOneMetrePerSecondSquared() {
        let world = Fixture.world(gravity: .zero)
        let body = Fixture.box(world, at: .zero)  // 1 m × 1 m, density 1: 1 kg
        #expect(abs(world.mass(body) - 1) < 1e-6)
        for _ in 0..<60 {
            world.applyForceToCenter(body, Vec2(1, 0), wake: true)
            world.step(1.0 / 60)
        }
        #expect(abs(world.linearVelocity(body).x - 1) < 1e-4)
    }
}

private func pow(_ a: Double, _ b: Double) -> Double {
    var r = 1.0
    for _ in 0..<Int(b) { r *= a }
    return r
}
