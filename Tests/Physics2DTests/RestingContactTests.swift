import Physics2D
import Testing

@Suite struct RestingContactTests {
    @Test func boxDroppedOnGroundRestsOnItWithoutSinking() {
        let world = Fixture.world()
        Fixture.ground(world)
        let box = Fixture.box(world, at: Vec2(0, -2))
        Fixture.run(world, seconds: 3)
        // The box's bottom face sits on y = 0 within a hair (soft contacts give a little).
        let bottom = world.position(box).y + 0.5
        #expect(abs(bottom) < 0.002)
        #expect(abs(world.rotation(box).angle) < 1e-3)
        #expect(world.linearVelocity(box).length < 1e-3)
    }

    @Test func restingBoxFallsAsleepAndTouchWakesIt() {
        let world = Fixture.world()
        Fixture.ground(world)
        let box = Fixture.box(world, at: Vec2(0, -0.5))
        Fixture.run(world, seconds: 2)
        #expect(!world.isAwake(box))
        #expect(world.awakeBodyCount == 0)
        // A second box dropped on it wakes it through the new contact.
        let other = Fixture.box(world, at: Vec2(0, -3))
        var wasWoken = false
        for _ in 0..<120 {
            world.step(1.0 / 60)
            if world.isAwake(box) { wasWoken = true }
        }
        #expect(wasWoken)
        #expect(abs(world.position(other).y - -1.5) < 0.01)
    }

    @Test func boxOnSlopeHoldsWithFrictionAndSlidesAtGSinThetaWithout() {
        // A box on a 20° slope: μ = 0.6 > tan 20° = 0.36 holds it; μ = 0 lets it slide with
        // a = g sin θ.
        for friction: Float in [0, 0.6] {
            let world = Fixture.world()
            var def = BodyDef()
            def.type = .static
            let slope = world.createBody(def)
            var shape = ShapeDef()
            shape.friction = friction
            let theta: Float = 20 * .pi / 180
            // Downhill towards +x: in a y-down world the surface descends as x grows.
            let dir = Vec2(cosSin(theta).c, cosSin(theta).s)
            _ = world.createShape(on: slope, shape, .segment(Segment(point1: -20 * dir, point2: 20 * dir)))
            let normalUp = Vec2(dir.y, -dir.x)
            let box = Fixture.box(world, at: 0.5 * normalUp, angle: theta, friction: friction)
            Fixture.run(world, seconds: 0.1)
            let p0 = world.position(box)
            let v0 = dot(world.linearVelocity(box), dir)
            Fixture.run(world, seconds: 1)
            let travelled = dot(world.position(box) - p0, dir)
            let v1 = dot(world.linearVelocity(box), dir)
            if friction == 0 {
                let a = 10 * sin(theta)
                #expect(abs((v1 - v0) - a) < 0.05 * a)
                #expect(travelled > 0.5 * a * 0.9)
            } else {
                #expect(abs(travelled) < 0.005)
                #expect(abs(v1) < 0.01)
            }
            #expect(abs(dot(world.position(box), normalUp) - 0.5) < 0.01, "the box stays on the surface")
        }
    }
}

private func sin(_ x: Float) -> Float { cosSin(x).s }
