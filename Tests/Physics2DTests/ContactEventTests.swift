import Physics2D
import Testing

@Suite struct ContactEventTests {
    @Test func landingBeginsTouchOnceAndLiftingEndsIt() {
        let world = Fixture.world()
        Fixture.ground(world)
        let box = Fixture.box(world, at: Vec2(0, -2))
        var begins = 0
        var points: [Vec2] = []
        for _ in 0..<120 {
            world.step(1.0 / 60)
            begins += world.contactBeginEvents.count
            points += world.contactBeginEvents.map(\.point)
        }
        #expect(begins == 1)
        #expect(abs(points[0].y) < 0.03, "the contact point is on the ground")
        world.setTransform(box, position: Vec2(0, -5), rotation: .identity)
        var ends = 0
        for _ in 0..<5 {
            world.step(1.0 / 60)
            ends += world.contactEndEvents.count
        }
        #expect(ends == 1)
    }

    @Test func customFilterKeepsChosenPairsApart() {
        let world = Fixture.world()
        let ground = Fixture.ground(world)
        let groundShape = world.bodyShapes(ground)[0]
        world.customFilter = { a, b in a != groundShape && b != groundShape }
        let box = Fixture.box(world, at: Vec2(0, -1))
        Fixture.run(world, seconds: 1)
        #expect(world.position(box).y > 1, "the box fell through the filtered ground")
    }
}
