import Physics2D
import Testing

@Suite struct SleepTests {
    @Test func stillIslandSleepsAfterHalfASecondAndWakesWhole() {
        let world = Fixture.world()
        Fixture.ground(world)
        let bottom = Fixture.box(world, at: Vec2(0, -0.5))
        let top = Fixture.box(world, at: Vec2(0, -1.5))
        var slept = -1
        for step in 1...240 {
            world.step(1.0 / 60)
            if slept < 0 && !world.isAwake(bottom) { slept = step }
        }
        #expect(slept > 0)
        #expect(!world.isAwake(top), "the stack sleeps as one island")
        world.setAwake(bottom, true)
        #expect(world.isAwake(top), "waking one body wakes its island")
    }

    @Test func stillIslandSleepsBesideAStackWhoseTopKeepsMoving() {
        // The stack's bottom box is still, but touches its top box, which is kept sliding:
        // that island stays awake, while a lone box far away falls asleep on time.
        let world = Fixture.world()
        Fixture.ground(world)
        let lone = Fixture.box(world, at: Vec2(-20, -0.5))
        let bottom = Fixture.box(world, at: Vec2(0, -0.5), halfWidth: 3)
        let top = Fixture.box(world, at: Vec2(0, -1.5))
        var loneSlept = -1
        for step in 1...120 {
            world.setLinearVelocity(top, Vec2(step % 60 < 30 ? 0.5 : -0.5, 0))
            world.step(1.0 / 60)
            if loneSlept < 0 && !world.isAwake(lone) { loneSlept = step }
        }
        #expect(loneSlept > 0 && loneSlept <= 45, "the lone box slept at step \(loneSlept)")
        #expect(world.isAwake(bottom) && world.isAwake(top))
    }

    @Test func bodyWithSleepDisabledStaysAwake() {
        let world = Fixture.world()
        Fixture.ground(world)
        let box = Fixture.box(world, at: Vec2(0, -0.5))
        world.setSleepEnabled(box, false)
        Fixture.run(world, seconds: 2)
        #expect(world.isAwake(box))
    }

    @Test func sleepingBodyIgnoresForcesWithoutWake() {
        let world = Fixture.world(gravity: .zero)
        let box = Fixture.box(world, at: .zero)
        Fixture.run(world, seconds: 1)
        #expect(!world.isAwake(box))
        world.applyForceToCenter(box, Vec2(10, 0), wake: false)
        world.step(1.0 / 60)
        #expect(world.linearVelocity(box) == .zero)
        world.applyForceToCenter(box, Vec2(10, 0), wake: true)
        world.step(1.0 / 60)
        #expect(world.linearVelocity(box).x > 0)
    }
}
