import Physics2D
import Testing

@Suite struct ContinuousCollisionTests {
    @Test func fastSmallBoxDoesNotPassThroughAThinWall() {
        for speed: Float in [50, 150, 400] {
            let world = Fixture.world(gravity: .zero)
            Fixture.staticBody(world, .segment(Segment(point1: Vec2(5, -5), point2: Vec2(5, 5))))
            let box = Fixture.box(world, at: .zero, halfWidth: 0.05, halfHeight: 0.05)
            world.setLinearVelocity(box, Vec2(speed, 0))
            Fixture.run(world, seconds: 0.5)
            #expect(world.position(box).x < 5, "a box at \(speed) m/s tunnelled")
        }
    }

    @Test func fastSmallBoxDoesNotPassThroughAThinKinematicWall() {
        // A sweep that is no bullet's stops at kinematic shapes too, wherever the static ones
        // are (here one far off, then none): their boxes are this step's only once every body
        // has moved, so they are not left out by where the static tree lies.
        for withFarStatic in [true, false] {
            for speed: Float in [50, 150, 400] {
                let world = Fixture.world(gravity: .zero)
                if withFarStatic { Fixture.ground(world, y: 100) }
                var def = BodyDef()
                def.type = .kinematic
                def.position = Vec2(5, 0)
                let wall = world.createBody(def)
                _ = world.createShape(on: wall, ShapeDef(), .polygon(Polygon.box(halfWidth: 0.02, halfHeight: 5)))
                let box = Fixture.box(world, at: .zero, halfWidth: 0.05, halfHeight: 0.05)
                world.setLinearVelocity(box, Vec2(speed, 0))
                Fixture.run(world, seconds: 0.5)
                #expect(world.position(box).x < 5, "a box at \(speed) m/s passed a kinematic wall (far static: \(withFarStatic))")
            }
        }
    }

    @Test func fastSmallBoxDoesNotPassThroughTheEndOfAThinWall() {
        // Its centre passes 2 cm beyond the wall's end, so outside the box of every static
        // shape, while its edge meets the wall: a sweep is skipped only where the body's whole
        // path, its size included, stays clear of that box.
        for speed: Float in [50, 150, 400] {
            let world = Fixture.world(gravity: .zero)
            Fixture.staticBody(world, .segment(Segment(point1: Vec2(5, -5), point2: Vec2(5, 5))))
            let box = Fixture.box(world, at: Vec2(0, 5.02), halfWidth: 0.05, halfHeight: 0.05)
            world.setLinearVelocity(box, Vec2(speed, 0))
            Fixture.run(world, seconds: 0.5)
            // Stopped at the wall's end; it may then slide off it, but not fly on as if through.
            #expect(world.position(box).x < 10, "a box at \(speed) m/s passed through the wall's end")
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

    // A body that moves farther than the speculative margin but less than half its size in a
    // step cannot pass through anything; it is still swept while something it has no
    // speculative point with is within its reach, so it never sinks into a surface it meets.

    @Test func boxLandingAtModerateSpeedDoesNotSinkIntoTheGround() {
        // 1.5 to 12 m/s: 2.5 to 20 cm a step, under half the box's 0.5 m (no tunnelling), over
        // the 2 cm speculative margin; started at heights where the last step before landing
        // begins more than the margin above the ground, inside and outside the fat margin.
        for speed: Float in [1.5, 3, 6, 12] {
            for height: Float in [0.07, 0.13, 0.5, 3] {
                let world = Fixture.world(gravity: .zero)
                Fixture.ground(world)
                let box = Fixture.box(world, at: Vec2(0, -0.5 - height))
                world.setLinearVelocity(box, Vec2(0, speed))
                var deepest: Float = 0
                for _ in 0..<120 {
                    world.step(1.0 / 60)
                    deepest = min(deepest, -(world.position(box).y + 0.5))
                }
                #expect(
                    deepest > -Tolerance.linearSlop,
                    "a box at \(speed) m/s from \(height) m sank \(-deepest) m into the ground")
            }
        }
    }

    @Test func bulletMovingAtModerateSpeedDoesNotSinkIntoARestingBullet() {
        // Sideways, no gravity: only the sweep (or a speculative point) stops it at the face.
        for speed: Float in [1.5, 3, 6, 12] {
            for gap: Float in [0.07, 0.13, 0.5, 3] {
                let world = Fixture.world(gravity: .zero)
                let resting = Fixture.box(world, at: Vec2(0, 0), bullet: true)
                let moving = Fixture.box(world, at: Vec2(-1 - gap, 0), bullet: true)
                world.setLinearVelocity(moving, Vec2(speed, 0))
                var deepest: Float = 0
                for _ in 0..<120 {
                    world.step(1.0 / 60)
                    deepest = min(deepest, (world.position(resting).x - 0.5) - (world.position(moving).x + 0.5))
                }
                #expect(
                    deepest > -Tolerance.linearSlop,
                    "a bullet at \(speed) m/s from \(gap) m sank \(-deepest) m into the resting one")
            }
        }
    }

    @Test func smallBoxPressedAgainstAThinWallNeverPassesIt() {
        // A 10 cm box driven at 1.5 to 6 m/s (2.5 to 10 cm a step: over the margin, around
        // half its size) into a 1 cm static plank, every step for two seconds.
        for speed: Float in [1.5, 2.4, 6] {
            let world = Fixture.world(gravity: .zero)
            Fixture.staticBody(world, .polygon(Polygon.box(halfWidth: 0.005, halfHeight: 1)))
            let box = Fixture.box(world, at: Vec2(-1, 0), halfWidth: 0.05, halfHeight: 0.05, bullet: true)
            var farthest = -Float.infinity
            for _ in 0..<120 {
                world.setLinearVelocity(box, Vec2(speed, 0))
                world.step(1.0 / 60)
                farthest = max(farthest, world.position(box).x)
            }
            // Its front face (x + 0.05) never gets past the plank's far face (x = 0.005).
            #expect(farthest < -0.045, "a box driven at \(speed) m/s reached x = \(farthest) m")
        }
    }
}
