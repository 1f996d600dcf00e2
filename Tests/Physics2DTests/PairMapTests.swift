import Physics2D
import Testing

/// The contacts' pair table agrees with a dictionary through insertions, overwrites and
/// removals, across growth and the runs that removals shift back.
@Suite struct PairMapTests {
    @Test func agreesWithADictionaryThroughInsertionsAndRemovals() {
        var map = PairMap()
        var reference: [UInt64: Int32] = [:]
        var seed: UInt64 = 42
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        // Keys from a few hundred shapes, so removals hit long runs of colliding slots.
        for step in 0..<40_000 {
            let a = Int32(next() % 300), b = Int32(next() % 300)
            guard a != b else { continue }
            let key = pairKey(a, b)
            if next() % 3 == 0 {
                map[key] = nil
                reference[key] = nil
            } else {
                map[key] = Int32(step)
                reference[key] = Int32(step)
            }
            if step % 1_000 == 0 {
                #expect(map.count == reference.count)
            }
        }
        #expect(map.count == reference.count)
        for a in Int32(0)..<300 {
            for b in (a + 1)..<300 {
                #expect(map[pairKey(a, b)] == reference[pairKey(a, b)])
            }
        }
    }

    @Test func emptyTableFindsNothingAndRemovesNothing() {
        var map = PairMap()
        #expect(map[pairKey(1, 2)] == nil)
        map[pairKey(1, 2)] = nil
        #expect(map.count == 0)
        map[pairKey(1, 2)] = 7
        map[pairKey(2, 1)] = 8
        #expect(map.count == 1)
        #expect(map[pairKey(1, 2)] == 8)
        // A shape with itself: shape 0's key is 0, the mark of an empty slot, and is absent.
        #expect(map[pairKey(0, 0)] == nil)
        #expect(map[pairKey(1, 1)] == nil)
        map[pairKey(1, 2)] = nil
        #expect(map[pairKey(0, 0)] == nil)
    }
}
