import Physics2D
import Testing

/// Contact recycling (World.collide): a touching contact whose bodies barely moved relative to
/// each other keeps its manifold, its separations following the bodies. It must save work in a
/// resting pile and never let a feature the kept manifold left out sink into the other shape.
@Suite struct ContactRecyclingTests {
    @Test func aRestingStackKeepsItsManifolds() {
        let world = Fixture.world()
        world.enableSleep = false
        Fixture.ground(world)
        for i in 0..<10 { Fixture.box(world, at: Vec2(0, -0.5 - Float(i))) }
        Fixture.run(world, seconds: 2)
        var recycled = 0
        for _ in 0..<60 {
            world.step(1.0 / 60)
            recycled += world.recycledContactCount
        }
        // Ten touching contacts a step (the ground's and nine between boxes), all kept nearly
        // every step while the stack rests.
        #expect(recycled > 60 * 10 * 8 / 10, "only \(recycled) of 600 manifolds kept")
    }

    @Test func aBoxSlidingOnTheGroundNeitherSinksNorRises() {
        // 0.3 m/s: 5 mm a step, so a manifold is kept for a step or two, then computed again.
        let world = Fixture.world()
        world.enableSleep = false
        Fixture.ground(world, friction: 0)
        let box = Fixture.box(world, at: Vec2(0, -0.5), friction: 0)
        Fixture.run(world, seconds: 0.5)
        world.setLinearVelocity(box, Vec2(0.3, 0))
        var recycled = 0
        for _ in 0..<120 {
            world.step(1.0 / 60)
            recycled += world.recycledContactCount
            #expect(abs(world.position(box).y - -0.5) < Tolerance.linearSlop, "the box at \(world.position(box).y)")
        }
        #expect(recycled > 0, "the sliding box's contact was never kept")
        #expect(world.position(box).x > 0.5)
    }

    @Test func aTurningBoxsOtherCornerDoesNotSinkIntoTheGround() {
        // A box on one corner, turning flat: the corner coming down is not in the manifold of
        // the corner it stands on, so a kept manifold must not let it in unseen.
        for angle: Float in [0.1, 0.2, 0.35] {
            for spin: Float in [1, 2.5, 5, 8] {
                for gravity: Float in [0, 10] {
                    let world = Fixture.world(gravity: Vec2(0, gravity))
                    Fixture.ground(world)
                    let half: Float = 0.25
                    let corners = [Vec2(-half, -half), Vec2(half, -half), Vec2(half, half), Vec2(-half, half)]
                    let q = rot(angle)
                    let lowest = corners.map { q.rotate($0).y }.max()!
                    let box = Fixture.box(world, at: Vec2(0, -lowest), halfWidth: half, halfHeight: half, angle: angle)
                    // Turning back towards flat (negative angular velocity undoes a positive angle).
                    world.setAngularVelocity(box, -spin)
                    var deepest: Float = 0
                    for _ in 0..<60 {
                        world.step(1.0 / 60)
                        let xf = world.transform(box)
                        deepest = max(deepest, corners.map { xf.apply($0).y }.max()!)
                    }
                    #expect(
                        deepest < Tolerance.linearSlop,
                        "tilted \(angle) rad, turning at \(spin) rad/s, gravity \(gravity): a corner sank \(deepest) m")
                }
            }
        }
    }
}
