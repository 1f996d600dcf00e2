import Physics2D
import Testing

@Suite struct RestitutionTests {
    @Test func elasticBallBouncesBackToItsDropHeight() {
        let world = Fixture.world()
        Fixture.ground(world)
        let ball = Fixture.ball(world, at: Vec2(0, -3), radius: 0.25, restitution: 1)
        // Highest point after the first bounce: its centre should climb back near y = -3.
        var bounced = false
        var highest: Float = 0
        for _ in 0..<240 {
            world.step(1.0 / 60)
            let v = world.linearVelocity(ball).y
            if v < 0 { bounced = true }
            if bounced { highest = min(highest, world.position(ball).y) }
        }
        #expect(bounced)
        #expect(abs(highest - -3) < 0.1)
    }

    @Test func inelasticBoxLandsWithoutBouncingOrSinking() {
        let world = Fixture.world()
        Fixture.ground(world)
        let box = Fixture.box(world, at: Vec2(0, -3))
        var landed = false
        var highestAfterLanding: Float = .greatestFiniteMagnitude
        var lowest: Float = -.greatestFiniteMagnitude
        for _ in 0..<120 {
            world.step(1.0 / 60)
            let y = world.position(box).y
            lowest = max(lowest, y)
            if y > -0.51 { landed = true }
            if landed { highestAfterLanding = min(highestAfterLanding, y) }
        }
        // It lands at 7 m/s: it neither sinks into the ground nor hops off it by more than a
        // few millimetres (a tenth of a box would be 10 points on screen).
        #expect(landed)
        #expect(lowest < -0.49, "sank \(lowest + 0.5) m into the ground")
        #expect(highestAfterLanding > -0.506, "hopped \(-0.5 - highestAfterLanding) m")
    }

    @Test func equalMassesExchangeVelocitiesInAnElasticHeadOnCollision() {
        let world = Fixture.world(gravity: .zero)
        let a = Fixture.ball(world, at: Vec2(-2, 0), radius: 0.5, friction: 0, restitution: 1)
        let b = Fixture.ball(world, at: Vec2(2, 0), radius: 0.5, friction: 0, restitution: 1)
        world.setLinearVelocity(a, Vec2(3, 0))
        Fixture.run(world, seconds: 2)
        #expect(abs(world.linearVelocity(a).x) < 0.05)
        #expect(abs(world.linearVelocity(b).x - 3) < 0.05)
        // Momentum is conserved.
        let p = world.mass(a) * world.linearVelocity(a).x + world.mass(b) * world.linearVelocity(b).x
        #expect(abs(p - 3 * world.mass(a)) < 1e-3)
    }
}
