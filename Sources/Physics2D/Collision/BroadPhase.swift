/// The broad phase: one dynamic tree per body type, and a buffer of the proxies that moved
/// since the last pair update. Pairs are only sought around moved proxies, and static and
/// kinematic proxies are only paired with dynamic ones.
///
/// A proxy key packs the tree (the body type's raw value, low two bits) with the proxy id
/// in that tree, so one `Int32` names any proxy.
package struct BroadPhase: Sendable {
    /// Trees indexed by `BodyType.rawValue`.
    package private(set) var trees: [DynamicTree] = [DynamicTree(), DynamicTree(), DynamicTree()]
    /// Proxies to query at the next `updatePairs`, in the order they first moved; a proxy
    /// destroyed meanwhile leaves `removedKey` in its place.
    private var moveBuffer: [Int32] = []
    /// Per proxy key: its position in `moveBuffer`, or -1 when it is not there (no hashing,
    /// no order leak), or `newUnbuffered`. One array over the keys of all trees, so a query's
    /// test reaches it without copying out a tree's own array.
    private var movePosition: [Int32] = []
    /// `movePosition` of a static proxy created since the last update without being buffered
    /// (listed in `newStatics`): it was not there at the last update, so nothing it overlaps
    /// was reported then.
    private static let newUnbuffered: Int32 = -2
    private var newStatics: [Int32] = []
    /// Per entry of `moveBuffer`: the proxy's box at the last `updatePairs`, when its box has
    /// changed since only through `moveProxy` or `enlargeProxy`; else `unknownBox`, which
    /// overlaps nothing. (What it overlapped then was reported then: see `updatePairs`.)
    private var pairedBoxes: [AABB] = []
    private static let unknownBox = AABB(
        lowerBound: Vec2(.infinity, .infinity), upperBound: Vec2(-.infinity, -.infinity))
    /// How many entries of `moveBuffer` are `removedKey`.
    private var removedMoves = 0
    /// Marks a destroyed proxy's place in `moveBuffer`: removing the entry instead shifted
    /// the rest of the buffer, once a proxy, so a scene of 5,000 items set up in one step
    /// spent some 100 M instructions moving memory. No key is negative.
    private static let removedKey: Int32 = -1

    package init() {}

    // MARK: - Keys

    @inline(__always) package static func proxyKey(id: Int32, type: BodyType) -> Int32 {
        id << 2 | Int32(type.rawValue)
    }

    @inline(__always) package static func proxyID(_ key: Int32) -> Int32 { key >> 2 }

    @inline(__always) package static func proxyType(_ key: Int32) -> BodyType {
        BodyType(rawValue: Int(key & 3))!
    }

    /// Number of proxies in all trees.
    package var proxyCount: Int { trees[0].proxyCount + trees[1].proxyCount + trees[2].proxyCount }

    /// Number of proxies waiting for `updatePairs`.
    package var moveCount: Int { moveBuffer.count - removedMoves }

    /// The tree holding proxies of bodies of `type`.
    package func tree(_ type: BodyType) -> DynamicTree { trees[type.rawValue] }

    // MARK: - Proxies

    /// Adds a proxy for shape `shapeIndex` with its (already fattened) box; returns its key.
    /// Proxies of non-static bodies are buffered for pairing; static ones only when
    /// `forcePairCreation` (a static shape added into a scene that already has things on it).
    package mutating func createProxy(
        aabb: AABB, categoryBits: UInt64, shapeIndex: Int32, bodyType: BodyType, forcePairCreation: Bool
    ) -> Int32 {
        let id = trees[bodyType.rawValue].createProxy(aabb: aabb, categoryBits: categoryBits, userData: shapeIndex)
        let key = Self.proxyKey(id: id, type: bodyType)
        if bodyType != .static || forcePairCreation {
            bufferMove(key)
        } else {
            reserveMovePosition(key)
            movePosition[Int(key)] = Self.newUnbuffered
            newStatics.append(key)
        }
        return key
    }

    /// Removes a proxy (and forgets that it moved).
    package mutating func destroyProxy(_ key: Int32) {
        let type = Self.proxyType(key).rawValue
        let id = Self.proxyID(key)
        if Int(key) < movePosition.count && movePosition[Int(key)] >= 0 {
            moveBuffer[Int(movePosition[Int(key)])] = Self.removedKey
            movePosition[Int(key)] = -1
            removedMoves += 1
        } else if Int(key) < movePosition.count {
            movePosition[Int(key)] = -1
        }
        trees[type].destroyProxy(id)
    }

    /// Gives a proxy a new (fat) box by reinserting it, and buffers it for pairing.
    package mutating func moveProxy(_ key: Int32, aabb: AABB) {
        let before = fatAABB(key)
        trees[Self.proxyType(key).rawValue].moveProxy(Self.proxyID(key), aabb: aabb)
        bufferMove(key, pairedBox: before)
    }

    /// Grows a proxy's box in place, and buffers it for pairing.
    package mutating func enlargeProxy(_ key: Int32, aabb: AABB) {
        let before = fatAABB(key)
        trees[Self.proxyType(key).rawValue].enlargeProxy(Self.proxyID(key), aabb: aabb)
        bufferMove(key, pairedBox: before)
    }

    /// Marks a proxy for pairing at the next update (once, however often it moves), with
    /// every overlap reported again: for when what may pair with it has changed (a joint
    /// that kept its bodies apart is gone).
    package mutating func bufferMove(_ key: Int32) {
        bufferMove(key, pairedBox: Self.unknownBox)
    }

    private mutating func bufferMove(_ key: Int32, pairedBox: AABB) {
        reserveMovePosition(key)
        let position = Int(movePosition[Int(key)])
        if position >= 0 {
            // Buffered already: the box of the last update is the one first recorded.
            if pairedBox == Self.unknownBox { pairedBoxes[position] = pairedBox }
            return
        }
        movePosition[Int(key)] = Int32(moveBuffer.count)
        moveBuffer.append(key)
        pairedBoxes.append(position == Self.newUnbuffered ? Self.unknownBox : pairedBox)
    }

    private mutating func reserveMovePosition(_ key: Int32) {
        let index = Int(key)
        if index >= movePosition.count {
            movePosition.append(
                contentsOf: repeatElement(-1, count: max(index + 1 - movePosition.count, movePosition.count)))
        }
    }

    @inline(__always) package func fatAABB(_ key: Int32) -> AABB {
        trees[Self.proxyType(key).rawValue].fatAABB(Self.proxyID(key))
    }

    @inline(__always) package func shapeIndex(_ key: Int32) -> Int32 {
        trees[Self.proxyType(key).rawValue].userData(Self.proxyID(key))
    }

    /// True when the two proxies' fat boxes overlap.
    @inline(__always) package func testOverlap(_ keyA: Int32, _ keyB: Int32) -> Bool {
        fatAABB(keyA).overlaps(fatAABB(keyB))
    }

    // MARK: - Pairs

    /// Reports every pair of proxies with overlapping fat boxes that involves a proxy moved
    /// since the last update and is new since, then clears the move buffer. A pair of a
    /// moved proxy with one that has not moved is new unless the moved one's box at the last
    /// update (its box's changes since all made by `moveProxy` or `enlargeProxy`) overlapped
    /// it already: that pair was reported then, and the caller's contact for it lasts while
    /// the boxes overlap, so it is not looked up again (a settling pile's moved proxy
    /// overlaps half a dozen such neighbours, each a shape read and a pair-map lookup).
    ///
    /// A moved dynamic proxy is matched against the kinematic, static and dynamic trees; a
    /// moved static or kinematic proxy against the dynamic tree only. Each pair is reported
    /// once per call (when both proxies moved, only by the one that owns the pair), never a
    /// proxy with itself, and in a fixed order: by position in the move buffer, then by tree
    /// traversal. Shape A is the one whose proxy key is smaller. Whether a contact already
    /// exists, and whether the shapes may collide, is the caller's decision.
    ///
    /// `queryMask(shapeIndex)` gives the category bits a moved proxy's shape may pair with
    /// (`UInt64.max`: any): the trees' subtrees whose category bits miss them are skipped.
    package mutating func updatePairs(
        queryMask: (_ shapeIndex: Int32) -> UInt64 = { _ in .max }, _ pairFound: (_ shapeIndexA: Int32, _ shapeIndexB: Int32) -> Void
    ) {
        defer {
            for key in newStatics where movePosition[Int(key)] == Self.newUnbuffered { movePosition[Int(key)] = -1 }
            newStatics.removeAll(keepingCapacity: true)
        }
        guard !moveBuffer.isEmpty else { return }
        movePosition.withUnsafeBufferPointer { positions in
            pairedBoxes.withUnsafeBufferPointer { boxes in findPairs(positions, boxes, queryMask, pairFound) }
        }
        // Cleared only now, so that every query above saw which proxies moved.
        for key in moveBuffer where key != Self.removedKey {
            movePosition[Int(key)] = -1
        }
        moveBuffer.removeAll(keepingCapacity: true)
        pairedBoxes.removeAll(keepingCapacity: true)
        removedMoves = 0
    }

    /// The queries of `updatePairs`; reads the broad phase only, so nothing is copied.
    private func findPairs(
        _ movePosition: UnsafeBufferPointer<Int32>, _ pairedBoxes: UnsafeBufferPointer<AABB>,
        _ queryMask: (Int32) -> UInt64,
        _ pairFound: (_ shapeIndexA: Int32, _ shapeIndexB: Int32) -> Void
    ) {
        // The trees taken out once for all the queries: taken out of the array at each use
        // (`trees[i].query`), each was copied, its arrays retained and released, some five
        // times a moved proxy. Nothing changes the trees until the queries are done.
        let staticTree = trees[BodyType.static.rawValue], kinematicTree = trees[BodyType.kinematic.rawValue]
        let dynamicTree = trees[BodyType.dynamic.rawValue]
        // `pairedBoxes` is the buffer passed in: read through `self` in the queries' callback,
        // each read retained and released the array.
        for (position, queryKey) in moveBuffer.enumerated() where queryKey != Self.removedKey {
            let pairedBox = pairedBoxes[position]
            let queryType = Self.proxyType(queryKey)
            let queryID = Self.proxyID(queryKey)
            let box: AABB, queryShape: Int32
            switch queryType {
            case .static: (box, queryShape) = (staticTree.fatAABB(queryID), staticTree.userData(queryID))
            case .kinematic: (box, queryShape) = (kinematicTree.fatAABB(queryID), kinematicTree.userData(queryID))
            case .dynamic: (box, queryShape) = (dynamicTree.fatAABB(queryID), dynamicTree.userData(queryID))
            }
            let maskBits = queryMask(queryShape)

            func search(_ tree: DynamicTree, _ treeType: BodyType) {
                tree.query(box, maskBits: maskBits) { proxyID, shape, proxyBox in
                    let key = Self.proxyKey(id: proxyID, type: treeType)
                    if key == queryKey { return true }
                    let position = Int(key) < movePosition.count ? movePosition[Int(key)] : -1
                    let moved = position >= 0
                    // When both moved, the pair belongs to one of them only: for two dynamic
                    // proxies the one with the smaller key; otherwise the dynamic one.
                    if queryType == .dynamic {
                        if treeType == .dynamic && key < queryKey && moved { return true }
                    } else if moved {
                        return true
                    }
                    // Overlapping at the last update already: reported then.
                    let before =
                        moved ? pairedBoxes[Int(position)]
                        : position == Self.newUnbuffered ? Self.unknownBox : proxyBox
                    if pairedBox.overlaps(before) { return true }
                    if key < queryKey {
                        pairFound(shape, queryShape)
                    } else {
                        pairFound(queryShape, shape)
                    }
                    return true
                }
            }

            if queryType == .dynamic {
                search(kinematicTree, .kinematic)
                search(staticTree, .static)
            }
            search(dynamicTree, .dynamic)
        }
    }

    // MARK: - Queries

    /// Calls `callback(shapeIndex)` for every proxy (in any tree; the static and kinematic
    /// trees only, when not `includingDynamic`) whose fat box overlaps `aabb`, until it
    /// returns false. `callback` must not change the broad phase.
    ///
    /// The trees are read where they are: `for tree in trees` would copy each, and the retains
    /// and releases of its storage cost more than a small query's whole traversal (a third of
    /// a settling pile's continuous pass, some 500 sweeps a step at base 100).
    package func query(_ aabb: AABB, includingDynamic: Bool = true, _ callback: (Int32) -> Bool) {
        trees.withUnsafeBufferPointer { treeList in
            for t in 0..<(includingDynamic ? 3 : 2) {
                var proceed = true
                treeList[t].query(aabb, maskBits: .max) { _, shape in
                    proceed = callback(shape)
                    return proceed
                }
                if !proceed { return }
            }
        }
    }

    /// Casts a ray through every tree; `callback(input, shapeIndex)` returns the fraction to
    /// clip the ray to, as for `DynamicTree.rayCast` (0 stops the whole cast).
    package func rayCast(_ input: RayCastInput, _ callback: (RayCastInput, Int32) -> Float) {
        var sub = input
        for tree in trees {
            var stopped = false
            tree.rayCast(sub, maskBits: .max) { clipped, _, shape in
                let value = callback(clipped, shape)
                if value == 0 {
                    stopped = true
                } else if value > 0 && value <= sub.maxFraction {
                    sub.maxFraction = value
                }
                return value
            }
            if stopped { return }
        }
    }

    /// Rebuilds the parts of the kinematic and dynamic trees that enlarged proxies grew
    /// (static proxies are moved, never enlarged). Call once a step, after enlarging.
    package mutating func rebuildTrees() {
        trees[BodyType.dynamic.rawValue].rebuild()
        trees[BodyType.kinematic.rawValue].rebuild()
    }

    /// Checks every tree's invariants (for tests).
    package func validate() {
        for tree in trees { tree.validate() }
    }
}
