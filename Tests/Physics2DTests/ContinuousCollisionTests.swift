import Physics2D
import Testing

@Suite struct ContinuousCollisionTests {
    @Test func fastSmallBoxDoesNotPassThroughAThinWall() {
        for speed: Float in [50, 150, 400] {
            let world = Fixture.world(gravity: .zero)
            var def = BodyDef()
            def.type = .static
            let wall = world.createBody(def)
            _ = world.createShape(on: wall, ShapeDef(), .segment(Segment(point1: Vec2(5, -5), point2: Vec2(5, 5))))
            let box = Fixture.box(world, at: .zero, halfWidth: 0.05, halfHeight: 0.05)
            world.setLinearVelocity(box, Vec2(speed, 0))
            Fixture.run(world, seconds: 0.5)
            #expect(world.position(box).x < 5, "a box at \(speed) m/s tunnelled")
        }
    }

    @Test func bulletDoesNotPassThroughAThinDynamicBody() {
        let world = Fixture.world(gravity: .zero)
        let plank = Fixture.box(world, at: Vec2(5, 0), halfWidth: 0.02, halfHeight: 2, density: 50)
        let bullet = Fixture.box(world, at: .zero, halfWidth: 0.05, halfHeight: 0.05, bullet: true)
        world.setLinearVelocity(bullet, Vec2(200, 0))
        Fixture.run(world, seconds: 0.2)
        #expect(world.position(bullet).x < world.position(plank).x)
    }

    @Test func fallingBoxLandsOnGroundFromGreatHeight() {
        let world = Fixture.world(gravity: Vec2(0, 100))
        Fixture.ground(world)
        let box = Fixture.box(world, at: Vec2(0, -200), halfWidth: 0.1, halfHeight: 0.1)
        Fixture.run(world, seconds: 4)
        #expect(abs(world.position(box).y - -0.1) < 0.01)
    }

    @Test func bulletStopsAtARestingBulletInsteadOfSinkingIntoIt() {
        // Both bullets, as every item under gravity is in UIKit: the resting one is not being
        // swept this step, so the falling one stops where it meets it.
        let world = Fixture.world()
        Fixture.ground(world)
        let lower = Fixture.box(world, at: Vec2(0, -0.5), bullet: true)
        Fixture.run(world, seconds: 1)
        let upper = Fixture.box(world, at: Vec2(0, -20), bullet: true)
        var deepest: Float = 0
        for _ in 0..<180 {
            world.step(1.0 / 60)
            let gap = (world.position(lower).y - 0.5) - (world.position(upper).y + 0.5)
            deepest = min(deepest, gap)
        }
        #expect(deepest > -Tolerance.linearSlop, "the falling bullet sank \(-deepest) m into the resting one")
    }
}
