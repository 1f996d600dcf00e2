import Physics2D
import Testing

private func randomBox(_ rng: inout SplitMix64, within extent: Float = 50) -> AABB {
    let c = rng.vec(-extent, extent)
    let h = Vec2(rng.float(0.05, 2), rng.float(0.05, 2))
    return AABB(lowerBound: c - h, upperBound: c + h)
}

/// A tree of `count` random boxes (user data 0, 1, ...), and each proxy's box.
private func randomTree(_ count: Int, _ rng: inout SplitMix64) -> (DynamicTree, [Int32: AABB]) {
    var tree = DynamicTree()
    var boxes: [Int32: AABB] = [:]
    for i in 0..<count {
        let box = randomBox(&rng)
        boxes[tree.createProxy(aabb: box, categoryBits: 1, userData: Int32(i))] = box
    }
    return (tree, boxes)
}

/// The entry fraction of a ray into a box (slab test), or nil when it misses within the ray.
private func rayEntry(_ input: RayCastInput, _ box: AABB) -> Float? {
    var lo: Float = 0
    var hi = input.maxFraction
    for axis in 0..<2 {
        let p = axis == 0 ? input.origin.x : input.origin.y
        let d = axis == 0 ? input.translation.x : input.translation.y
        let lower = axis == 0 ? box.lowerBound.x : box.lowerBound.y
        let upper = axis == 0 ? box.upperBound.x : box.upperBound.y
        if d == 0 {
            if p < lower || p > upper { return nil }
        } else {
            var t1 = (lower - p) / d
            var t2 = (upper - p) / d
            if t1 > t2 { swap(&t1, &t2) }
            lo = max(lo, t1)
            hi = min(hi, t2)
            if lo > hi { return nil }
        }
    }
    return lo
}

@Suite struct DynamicTreeTests {
    @Test func queriesMatchBruteForceOverAThousandMovingBoxes() {
        var rng = SplitMix64(seed: 42)
        var tree = DynamicTree()
        var boxes: [Int32: AABB] = [:]
        for i in 0..<1000 {
            let box = randomBox(&rng)
            let id = tree.createProxy(aabb: box, categoryBits: 1, userData: Int32(i))
            #expect(boxes[id] == nil)
            boxes[id] = box
        }
        #expect(tree.proxyCount == 1000)
        #expect(tree.firstInvariantViolation() == nil)
        #expect(tree.height < 30)

        func checkQueries() {
            for _ in 0..<50 {
                let area = randomBox(&rng, within: 60).fattened(by: rng.float(0, 8))
                var found: [Int32] = []
                tree.query(area, maskBits: .max) { id, userData in
                    #expect(tree.userData(id) == userData)
                    found.append(id)
                    return true
                }
                let expected = boxes.filter { $0.value.overlaps(area) }.map(\.key).sorted()
                #expect(found.sorted() == expected)
            }
        }
        checkQueries()

        for round in 0..<10 {
            // Move a third of the boxes: some reinserted, some only enlarged.
            for id in boxes.keys.sorted() where Int.random(in: 0..<3, using: &rng) == 0 {
                let old = boxes[id]!
                let shift = rng.vec(-1.5, 1.5)
                let next = AABB(lowerBound: old.lowerBound + shift, upperBound: old.upperBound + shift)
                if round % 2 == 0 {
                    tree.moveProxy(id, aabb: next)
                    boxes[id] = next
                } else {
                    let grown = old.union(next)
                    tree.enlargeProxy(id, aabb: grown)
                    boxes[id] = grown
                }
                #expect(tree.fatAABB(id) == boxes[id]!)
            }
            #expect(tree.firstInvariantViolation() == nil)
            checkQueries()
            if round % 4 == 3 {
                tree.rebuild()
                #expect(tree.firstInvariantViolation() == nil)
                #expect(tree.proxyCount == boxes.count)
                checkQueries()
            }
        }

        // Destroy half; their ids come back for new proxies.
        let doomed = boxes.keys.sorted().filter { _ in Bool.random(using: &rng) }
        for id in doomed {
            tree.destroyProxy(id)
            boxes[id] = nil
        }
        #expect(tree.proxyCount == boxes.count)
        #expect(tree.firstInvariantViolation() == nil)
        checkQueries()
        let reused = tree.createProxy(aabb: randomBox(&rng), categoryBits: 1, userData: -7)
        #expect(reused < 2000)
        tree.validate()
    }

    @Test func rebuildAfterEnlargingTightensTheTree() {
        var rng = SplitMix64(seed: 77)
        var (tree, boxes) = randomTree(1000, &rng)
        let fresh = tree.areaRatio
        // Every box drifts far, only ever enlarged: the ancestors keep all the old room.
        for _ in 0..<20 {
            for id in boxes.keys.sorted() {
                let shift = rng.vec(-2, 2)
                let b = boxes[id]!
                let next = AABB(lowerBound: b.lowerBound + shift, upperBound: b.upperBound + shift)
                tree.enlargeProxy(id, aabb: next)
                boxes[id] = next
            }
        }
        let loose = tree.areaRatio
        let nodeCount = tree.proxyCount
        #expect(tree.rebuild() > 0)
        #expect(tree.firstInvariantViolation() == nil)
        #expect(tree.proxyCount == nodeCount)
        #expect(tree.areaRatio < loose / 2, "fresh \(fresh), loose \(loose), rebuilt \(tree.areaRatio)")
        // Nothing is left marked, so a second partial rebuild has nothing to do.
        #expect(tree.rebuild() == 0)
        #expect(tree.rebuild(fullBuild: true) == 1000)
        #expect(tree.firstInvariantViolation() == nil)
        for _ in 0..<50 {
            let area = randomBox(&rng, within: 60).fattened(by: 3)
            var found: [Int32] = []
            tree.query(area, maskBits: .max) { id, _ in
                found.append(id)
                return true
            }
            #expect(found.sorted() == boxes.filter { $0.value.overlaps(area) }.map(\.key).sorted())
        }
    }

    @Test func queryStopsWhenTheCallbackSaysSoAndHonoursMaskBits() {
        var tree = DynamicTree()
        for i in 0..<10 {
            let c = Vec2(Float(i) * 0.1, 0)
            let box = AABB(lowerBound: c - Vec2(1, 1), upperBound: c + Vec2(1, 1))
            _ = tree.createProxy(aabb: box, categoryBits: i % 2 == 0 ? 0b01 : 0b10, userData: Int32(i))
        }
        var visits = 0
        tree.query(AABB(lowerBound: .zero, upperBound: Vec2(0.1, 0.1)), maskBits: .max) { _, _ in
            visits += 1
            return visits < 3
        }
        #expect(visits == 3)
        var odd: [Int32] = []
        tree.query(AABB(lowerBound: .zero, upperBound: Vec2(0.1, 0.1)), maskBits: 0b10) { _, data in
            odd.append(data)
            return true
        }
        #expect(odd.sorted() == [1, 3, 5, 7, 9])
    }

    @Test func rayCastFindsTheNearestBoxLikeBruteForce() {
        var rng = SplitMix64(seed: 9)
        let (tree, boxes) = randomTree(500, &rng)
        for _ in 0..<100 {
            let input = RayCastInput(origin: rng.vec(-60, 60), translation: rng.vec(-80, 80))
            var nearest: (id: Int32, fraction: Float)?
            tree.rayCast(input, maskBits: .max) { clipped, id, _ in
                guard let t = rayEntry(clipped, boxes[id]!) else { return -1 }
                if nearest == nil || t < nearest!.fraction { nearest = (id, t) }
                return t
            }
            let expected = boxes.compactMap { id, box in rayEntry(input, box).map { (id, $0) } }.min { $0.1 < $1.1 }
            #expect(nearest?.fraction == expected?.1)
        }
    }

    @Test func emptyAndSingleProxyTreesAreSound() {
        var tree = DynamicTree()
        #expect(tree.height == 0)
        tree.query(AABB(lowerBound: Vec2(-1, -1), upperBound: Vec2(1, 1)), maskBits: .max) { _, _ in
            Issue.record("empty tree found something")
            return true
        }
        let id = tree.createProxy(aabb: AABB(lowerBound: .zero, upperBound: Vec2(1, 1)), categoryBits: 1, userData: 5)
        #expect(tree.height == 0 && tree.proxyCount == 1)
        tree.moveProxy(id, aabb: AABB(lowerBound: Vec2(2, 2), upperBound: Vec2(3, 3)))
        tree.destroyProxy(id)
        #expect(tree.proxyCount == 0)
        #expect(tree.firstInvariantViolation() == nil)
    }
}
