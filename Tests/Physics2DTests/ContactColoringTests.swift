import Physics2D
import Testing

/// The contacts' colouring: no awake body twice in a colour, each contact in the first colour
/// where neither of its bodies is yet, past 64 colours too.
@Suite struct ContactColoringTests {
    /// The first fit, written plainly: colour by colour, the bodies already in it.
    func firstFit(_ list: [ContactReference]) -> [Int32] {
        var members: [Set<Int32>] = []
        return list.map { c in
            var color = 0
            while color < members.count
                && ((c.indexA >= 0 && members[color].contains(c.indexA)) || (c.indexB >= 0 && members[color].contains(c.indexB)))
            {
                color += 1
            }
            if color == members.count { members.append([]) }
            if c.indexA >= 0 { members[color].insert(c.indexA) }
            if c.indexB >= 0 { members[color].insert(c.indexB) }
            return Int32(color)
        }
    }

    func color(_ list: [ContactReference], bodyCount: Int) -> (colorOf: [Int32], counts: [Int], colorCount: Int) {
        var masks: [UInt64] = [], overflow: [UInt64] = [], colorOf: [Int32] = [], counts: [Int] = []
        let colorCount = list.withUnsafeBufferPointer {
            colorContacts($0, bodyCount: bodyCount, masks: &masks, overflow: &overflow, colorOf: &colorOf, colorCounts: &counts)
        }
        return (colorOf, counts, colorCount)
    }

    @Test func everyContactTakesTheFirstColourFreeForBothItsBodies() {
        // Three hubs with some 100 contacts each (past the 64 colours a body's set holds), static
        // contacts (-1), and random pairs, in a fixed pseudo-random order.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32((seed >> 33) % UInt64(n))
        }
        let bodyCount = 300
        var list: [ContactReference] = []
        for k in 0..<2_000 {
            let a: Int32 = k % 7 == 0 ? next(3) : next(bodyCount)
            var b: Int32 = k % 5 == 0 ? -1 : next(bodyCount)
            if b == a { b = -1 }
            list.append(ContactReference(contact: Int32(k), indexA: a, indexB: b))
        }
        let (colorOf, counts, colorCount) = color(list, bodyCount: bodyCount)
        #expect(colorOf == firstFit(list))
        #expect(colorCount > 64, "the hubs need more colours than a body's set holds")
        #expect(colorCount == Int(colorOf.max()!) + 1)
        #expect(counts.reduce(0, +) == list.count)
        for c in 0..<colorCount {
            let bodies = list.indices.filter { colorOf[$0] == Int32(c) }.flatMap { [list[$0].indexA, list[$0].indexB] }
                .filter { $0 >= 0 }
            #expect(Set(bodies).count == bodies.count, "a body twice in colour \(c)")
            #expect(counts[c] == colorOf.filter { $0 == Int32(c) }.count)
        }
    }

    @Test func aTrayCarryingAHundredBoxesHoldsThemAll() {
        // Every box touches the tray: the tray's contacts need a hundred colours.
        let world = Fixture.world()
        Fixture.ground(world)
        let tray = Fixture.box(world, at: Vec2(0, -0.25), halfWidth: 30, halfHeight: 0.25, density: 5)
        var boxes: [BodyID] = []
        for i in 0..<100 {
            boxes.append(Fixture.box(world, at: Vec2(Float(i) * 0.5 - 24.75, -0.7), halfWidth: 0.2, halfHeight: 0.2))
        }
        Fixture.run(world, seconds: 2)
        #expect(abs(world.position(tray).y - -0.25) < 0.01)
        for box in boxes {
            #expect(abs(world.position(box).y - -0.7) < 0.01, "a box sank or jumped: y = \(world.position(box).y)")
        }
    }
}
