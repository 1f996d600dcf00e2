import Physics2D
import Testing

private struct Pair: Hashable, Comparable {
    var a: Int32
    var b: Int32

    init(_ a: Int32, _ b: Int32) {
        self.a = min(a, b)
        self.b = max(a, b)
    }

    static func < (l: Pair, r: Pair) -> Bool { (l.a, l.b) < (r.a, r.b) }
}

/// A broad phase beside a plain list of what it should hold, for brute-force comparison.
private struct Scene {
    var broadPhase = BroadPhase()
    var keys: [Int32] = []  // by shape index
    var boxes: [AABB] = []
    var types: [BodyType] = []
    var alive: [Bool] = []
    var moved: Set<Int32> = []  // shape indices moved since the last update
    /// Per moved shape whose box changed only by moves since the last update: its box then.
    var pairedBoxes: [Int32: AABB] = [:]
    var addedSinceUpdate: Set<Int32> = []

    mutating func add(_ box: AABB, _ type: BodyType, force: Bool = false) {
        let shape = Int32(keys.count)
        keys.append(
            broadPhase.createProxy(
                aabb: box, categoryBits: 1, shapeIndex: shape, bodyType: type, forcePairCreation: force))
        boxes.append(box)
        types.append(type)
        alive.append(true)
        addedSinceUpdate.insert(shape)
        if type != .static || force { moved.insert(shape) }
    }

    mutating func move(_ shape: Int, to box: AABB, enlarge: Bool) {
        if enlarge {
            broadPhase.enlargeProxy(keys[shape], aabb: box)
        } else {
            broadPhase.moveProxy(keys[shape], aabb: box)
        }
        if !moved.contains(Int32(shape)) && !addedSinceUpdate.contains(Int32(shape)) {
            pairedBoxes[Int32(shape)] = boxes[shape]
        }
        boxes[shape] = box
        moved.insert(Int32(shape))
    }

    /// Buffers a shape for pairing with every overlap reported again.
    mutating func rebuffer(_ shape: Int) {
        broadPhase.bufferMove(keys[shape])
        pairedBoxes[Int32(shape)] = nil
        moved.insert(Int32(shape))
    }

    mutating func remove(_ shape: Int) {
        broadPhase.destroyProxy(keys[shape])
        alive[shape] = false
        moved.remove(Int32(shape))
        pairedBoxes[Int32(shape)] = nil
    }

    /// A shape's box at the last update, when known: nil for one added or rebuffered since.
    func boxAtLastUpdate(_ shape: Int) -> AABB? {
        if addedSinceUpdate.contains(Int32(shape)) { return nil }
        return moved.contains(Int32(shape)) ? pairedBoxes[Int32(shape)] : boxes[shape]
    }

    func expectedPairs() -> [Pair] {
        var pairs: [Pair] = []
        for i in boxes.indices where alive[i] {
            for j in boxes.indices where j > i && alive[j] && boxes[i].overlaps(boxes[j]) {
                guard moved.contains(Int32(i)) || moved.contains(Int32(j)) else { continue }
                guard types[i] == .dynamic || types[j] == .dynamic else { continue }
                // A pair that overlapped at the last update was reported then.
                if let before = boxAtLastUpdate(i), let other = boxAtLastUpdate(j), before.overlaps(other) { continue }
                pairs.append(Pair(Int32(i), Int32(j)))
            }
        }
        return pairs.sorted()
    }

    mutating func update() -> [(Int32, Int32)] {
        var found: [(Int32, Int32)] = []
        broadPhase.updatePairs { a, b in found.append((a, b)) }
        moved.removeAll()
        pairedBoxes.removeAll()
        addedSinceUpdate.removeAll()
        return found
    }
}

private func randomBox(_ rng: inout SplitMix64) -> AABB {
    let c = rng.vec(-20, 20)
    let h = Vec2(rng.float(0.2, 1.5), rng.float(0.2, 1.5))
    return AABB(lowerBound: c - h, upperBound: c + h)
}

@Suite struct BroadPhaseTests {
    @Test func updatePairsEqualsBruteForceAndReportsEachPairOnce() {
        var rng = SplitMix64(seed: 21)
        var scene = Scene()
        let types: [BodyType] = [.static, .kinematic, .dynamic, .dynamic, .dynamic]
        for _ in 0..<400 {
            scene.add(randomBox(&rng), types[Int.random(in: 0..<types.count, using: &rng)])
        }
        for round in 0..<12 {
            let expected = scene.expectedPairs()
            let found = scene.update()
            #expect(found.allSatisfy { $0.0 != $0.1 })
            let pairs = found.map { Pair($0.0, $0.1) }
            #expect(Set(pairs).count == pairs.count, "a pair was reported twice")
            #expect(pairs.sorted() == expected, "round \(round)")
            #expect(scene.broadPhase.moveCount == 0)

            // Move some proxies of every type (static ones too, as an edited boundary would),
            // destroy a few and add a few.
            for shape in scene.keys.indices where scene.alive[shape] && Int.random(in: 0..<4, using: &rng) == 0 {
                let shift = rng.vec(-2, 2)
                let old = scene.boxes[shape]
                let next = AABB(lowerBound: old.lowerBound + shift, upperBound: old.upperBound + shift)
                let enlarge = scene.types[shape] != .static && Bool.random(using: &rng)
                scene.move(shape, to: enlarge ? old.union(next) : next, enlarge: enlarge)
            }
            for shape in scene.keys.indices where scene.alive[shape] && Int.random(in: 0..<40, using: &rng) == 0 {
                scene.remove(shape)
            }
            // Some buffered again, as a joint's bodies are when it is destroyed, moved
            // already or not.
            for shape in scene.keys.indices where scene.alive[shape] && Int.random(in: 0..<30, using: &rng) == 0 {
                scene.rebuffer(shape)
            }
            for _ in 0..<10 {
                scene.add(
                    randomBox(&rng), types[Int.random(in: 0..<types.count, using: &rng)],
                    force: Bool.random(using: &rng))
            }
            if round % 3 == 2 { scene.broadPhase.rebuildTrees() }
            scene.broadPhase.validate()
        }
    }

    @Test func pairOrderIsDeterministic() {
        func run() -> [(Int32, Int32)] {
            var rng = SplitMix64(seed: 4)
            var scene = Scene()
            for _ in 0..<200 { scene.add(randomBox(&rng), Bool.random(using: &rng) ? .dynamic : .static) }
            var all = scene.update()
            for shape in scene.keys.indices where Bool.random(using: &rng) {
                let shift = rng.vec(-1, 1)
                let b = scene.boxes[shape]
                scene.move(
                    shape, to: AABB(lowerBound: b.lowerBound + shift, upperBound: b.upperBound + shift), enlarge: false)
            }
            all += scene.update()
            return all
        }
        let first = run()
        let second = run()
        #expect(first.count > 0)
        #expect(first.map(\.0) == second.map(\.0) && first.map(\.1) == second.map(\.1))
    }

    @Test func staticProxiesPairOnlyWithDynamicOnes() {
        var scene = Scene()
        let box = AABB(lowerBound: Vec2(-1, -1), upperBound: Vec2(1, 1))
        scene.add(box, .static)
        scene.add(box, .static, force: true)
        scene.add(box, .kinematic)
        #expect(scene.update().isEmpty)
        scene.add(box, .dynamic)
        let pairs = scene.update().map { Pair($0.0, $0.1) }.sorted()
        #expect(pairs == [Pair(0, 3), Pair(1, 3), Pair(2, 3)])
        // A key encodes its tree.
        #expect(BroadPhase.proxyType(scene.keys[2]) == .kinematic)
        #expect(scene.broadPhase.shapeIndex(scene.keys[3]) == 3)
        #expect(scene.broadPhase.testOverlap(scene.keys[0], scene.keys[3]))
        #expect(scene.broadPhase.fatAABB(scene.keys[1]) == box)
    }

    @Test func destroyingAMovedProxyDropsItFromTheBuffer() {
        var scene = Scene()
        let box = AABB(lowerBound: Vec2(-1, -1), upperBound: Vec2(1, 1))
        scene.add(box, .dynamic)
        scene.add(box, .dynamic)
        scene.remove(0)
        #expect(scene.broadPhase.moveCount == 1)
        #expect(scene.update().isEmpty)
    }

    /// A destroyed proxy's place in the buffer is left empty, not removed: its id, reused before
    /// the update, must still be paired once, and the empty place never.
    @Test func aProxyIDReusedBeforeTheUpdateIsPairedOnce() {
        var scene = Scene()
        let box = AABB(lowerBound: Vec2(-1, -1), upperBound: Vec2(1, 1))
        scene.add(box, .dynamic)
        scene.add(box, .dynamic)
        scene.add(AABB(lowerBound: Vec2(5, 5), upperBound: Vec2(6, 6)), .dynamic)
        #expect(scene.update().count == 1)
        scene.move(2, to: box, enlarge: false)
        scene.move(0, to: box, enlarge: false)
        scene.remove(0)
        #expect(scene.broadPhase.moveCount == 1)
        scene.add(box, .dynamic)
        #expect(scene.keys[3] == scene.keys[0], "the freed id is reused")
        #expect(scene.broadPhase.moveCount == 2)
        let pairs = scene.update().map { Pair($0.0, $0.1) }
        #expect(pairs.sorted() == [Pair(1, 2), Pair(1, 3), Pair(2, 3)])
        #expect(scene.broadPhase.moveCount == 0)
        #expect(scene.update().isEmpty)
    }

    @Test func queryVisitsEveryTree() {
        var scene = Scene()
        scene.add(AABB(lowerBound: Vec2(0, 0), upperBound: Vec2(1, 1)), .static)
        scene.add(AABB(lowerBound: Vec2(0.5, 0), upperBound: Vec2(1.5, 1)), .kinematic)
        scene.add(AABB(lowerBound: Vec2(0.8, 0), upperBound: Vec2(2, 1)), .dynamic)
        scene.add(AABB(lowerBound: Vec2(5, 5), upperBound: Vec2(6, 6)), .dynamic)
        var found: [Int32] = []
        scene.broadPhase.query(AABB(lowerBound: Vec2(0.9, 0.5), upperBound: Vec2(1, 0.6))) { shape in
            found.append(shape)
            return true
        }
        #expect(found.sorted() == [0, 1, 2])
        var first: [Int32] = []
        scene.broadPhase.query(AABB(lowerBound: Vec2(0.9, 0.5), upperBound: Vec2(1, 0.6))) { shape in
            first.append(shape)
            return false
        }
        #expect(first.count == 1)
        var hits: [Int32] = []
        scene.broadPhase.rayCast(RayCastInput(origin: Vec2(-1, 0.5), translation: Vec2(10, 0))) { _, shape in
            hits.append(shape)
            return -1
        }
        #expect(hits.sorted() == [0, 1, 2])
    }
}
