import Physics2D
import Testing

@Suite struct StackingTests {
    @Test func verticalStackOfTenBoxesStands() {
        let world = Fixture.world()
        Fixture.ground(world)
        var boxes: [BodyID] = []
        for i in 0..<10 { boxes.append(Fixture.box(world, at: Vec2(0, -0.5 - Float(i)))) }
        Fixture.run(world, seconds: 5)
        for (i, box) in boxes.enumerated() {
            #expect(abs(world.position(box).x) < 0.01, "box \(i) drifted sideways")
            #expect(abs(world.position(box).y - (-0.5 - Float(i))) < 0.02, "box \(i) sank or rose")
            #expect(abs(world.rotation(box).angle) < 0.01)
        }
    }

    @Test func pyramidOfTwentyStandsWithItsTopBoxInPlace() {
        let world = Fixture.world()
        world.enableSleep = false
        Fixture.ground(world)
        let top = Fixture.pyramid(world, base: 20)
        let start = world.position(top)
        Fixture.run(world, seconds: 10)
        let drift = (world.position(top) - start).length
        #expect(drift < 0.05, "top box drifted \(drift) boxes")
        #expect(abs(world.rotation(top).angle) < 0.01)
    }

    @Test func boxDroppedBesideAColumnFallsPastItsTopCorner() {
        // A column two boxes high and a box dropped into the next column, in line with it: it
        // slides past the column's top corner to the ground, and nothing turns or shifts.
        let world = Fixture.world()
        Fixture.ground(world, friction: 0.2)
        let column = [
            Fixture.box(world, at: Vec2(0, -0.5), friction: 0.2), Fixture.box(world, at: Vec2(0, -1.5), friction: 0.2),
        ]
        Fixture.run(world, seconds: 1)
        let dropped = Fixture.box(world, at: Vec2(1, -12), friction: 0.2)
        Fixture.run(world, seconds: 3)
        #expect(abs(world.position(dropped).x - 1) < 0.001)
        #expect(abs(world.position(dropped).y - -0.5) < 0.01)
        #expect(abs(world.rotation(dropped).angle) < 0.001)
        for (i, box) in column.enumerated() {
            #expect(abs(world.position(box).x) < 0.001, "column box \(i) shifted")
            #expect(abs(world.rotation(box).angle) < 0.001)
        }
    }

    @Test func boxDroppedOntoAStackStaysOnItWithoutBouncing() {
        // Items under gravity in UIKit are bullets; none has restitution. A box landing at
        // 14 m/s on a stack of three comes to rest on it: it never rises back above its rest
        // height by more than a millimetre, and the stack neither sinks nor turns.
        let world = Fixture.world()
        Fixture.ground(world, friction: 0.2)
        var stack: [BodyID] = []
        for i in 0..<3 { stack.append(Fixture.box(world, at: Vec2(0, -0.5 - Float(i)), friction: 0.2, bullet: true)) }
        Fixture.run(world, seconds: 1)
        let dropped = Fixture.box(world, at: Vec2(0, -13), friction: 0.2, bullet: true)
        let rest: Float = -3.5
        var landed = false
        var highest = Float.greatestFiniteMagnitude
        for _ in 0..<180 {
            world.step(1.0 / 60)
            let y = world.position(dropped).y
            if y > rest - 0.001 { landed = true }
            if landed { highest = min(highest, y) }
        }
        #expect(landed)
        #expect(highest > rest - 0.001, "the dropped box rose to \(highest)")
        #expect(abs(world.position(dropped).y - rest) < 0.005)
        for (i, box) in stack.enumerated() {
            #expect(abs(world.position(box).y - (-0.5 - Float(i))) < 0.005, "stack box \(i) moved")
            #expect(abs(world.rotation(box).angle) < 0.001)
        }
    }
}
