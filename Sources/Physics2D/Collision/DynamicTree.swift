/// A dynamic bounding volume hierarchy of AABBs (the broad phase's index), as Box2D v3 builds
/// it: leaves are proxies with caller-supplied (usually fattened) boxes; a new leaf goes next
/// to the sibling that least grows the tree's total perimeter (the surface area heuristic),
/// and tree rotations on the way back up keep it shallow. Nodes live in one array and are
/// recycled through a free list, so proxy ids are node indices and stay put.
package struct DynamicTree: Sendable {
    struct Node: Sendable {
        var aabb: AABB
        /// Leaves: the proxy's category bits; internal nodes: the union of their subtree's.
        var categoryBits: UInt64
        var child1: Int32
        var child2: Int32
        /// The caller's value (leaves only).
        var userData: Int32
        /// The parent index, or the next free node while on the free list.
        var parent: Int32
        /// Leaves are at height 0; -1 marks a free node.
        var height: Int16
        /// An internal node grown by `enlargeProxy` (or above one) since the last rebuild.
        var enlarged = false

        var isLeaf: Bool { height == 0 }
    }

    /// No node.
    package static let nullNode: Int32 = -1

    private(set) var nodes: [Node] = []
    private(set) var root: Int32 = nullNode
    private var freeList: Int32 = nullNode
    /// Scratch for `rebuild`, kept so that rebuilding allocates only when the tree grows.
    private var rebuildIndices: [Int32] = []
    private var rebuildCenters: [Vec2] = []
    private var rebuildStack: [Int32] = []
    /// Number of proxies (leaves) in the tree.
    package private(set) var proxyCount = 0

    package init() {}

    /// The height of the tree: zero for a single leaf or none.
    package var height: Int { root == Self.nullNode ? 0 : Int(nodes[Int(root)].height) }

    /// The box around every proxy (zero when empty).
    package var rootBounds: AABB {
        root == Self.nullNode ? AABB(lowerBound: .zero, upperBound: .zero) : nodes[Int(root)].aabb
    }

    /// The sum of the internal nodes' perimeters over the root's: a quality measure (lower is better).
    package var areaRatio: Float {
        guard root != Self.nullNode else { return 0 }
        var total: Float = 0
        for (i, node) in nodes.enumerated() where node.height > 0 && i != Int(root) {
            total += node.aabb.perimeter
        }
        return total / nodes[Int(root)].aabb.perimeter
    }

    // MARK: - Proxies

    /// Adds a proxy with box `aabb` (already fattened as the caller wishes); returns its id.
    package mutating func createProxy(aabb: AABB, categoryBits: UInt64, userData: Int32) -> Int32 {
        let id = allocateNode()
        nodes[Int(id)] = Node(
            aabb: aabb, categoryBits: categoryBits, child1: Self.nullNode, child2: Self.nullNode, userData: userData,
            parent: Self.nullNode, height: 0)
        insertLeaf(id)
        proxyCount += 1
        return id
    }

    /// Removes a proxy; its id may be reused by a later `createProxy`.
    package mutating func destroyProxy(_ proxyID: Int32) {
        precondition(isLeaf(proxyID), "not a proxy")
        removeLeaf(proxyID)
        freeNode(proxyID)
        proxyCount -= 1
    }

    /// Gives a proxy a new box by taking it out and inserting it again.
    package mutating func moveProxy(_ proxyID: Int32, aabb: AABB) {
        precondition(isLeaf(proxyID), "not a proxy")
        removeLeaf(proxyID)
        nodes[Int(proxyID)].aabb = aabb
        insertLeaf(proxyID)
    }

    /// Grows a proxy's box in place and its ancestors as needed; cheaper than a move, but
    /// the ancestors never shrink back, so the grown part of the tree is marked and `rebuild`
    /// rebuilds it (call it once a step when proxies are enlarged rather than moved).
    package mutating func enlargeProxy(_ proxyID: Int32, aabb: AABB) {
        precondition(isLeaf(proxyID), "not a proxy")
        nodes.withUnsafeMutableBufferPointer { n in
            n[Int(proxyID)].aabb = aabb
            var index = n[Int(proxyID)].parent
            while index != Self.nullNode {
                let box = n[Int(index)].aabb
                let grows = !box.contains(aabb)
                if grows { n[Int(index)].aabb = box.union(aabb) }
                n[Int(index)].enlarged = true
                index = n[Int(index)].parent
                if !grows { break }
            }
            // Mark the rest of the way up, so that a rebuild finds every grown node from the root.
            while index != Self.nullNode && !n[Int(index)].enlarged {
                n[Int(index)].enlarged = true
                index = n[Int(index)].parent
            }
        }
    }

    /// The box the proxy was given.
    @inline(__always) package func fatAABB(_ proxyID: Int32) -> AABB { nodes[Int(proxyID)].aabb }

    /// The value the proxy was created with.
    @inline(__always) package func userData(_ proxyID: Int32) -> Int32 { nodes[Int(proxyID)].userData }

    @inline(__always) package func categoryBits(_ proxyID: Int32) -> UInt64 { nodes[Int(proxyID)].categoryBits }

    private func isLeaf(_ id: Int32) -> Bool { id >= 0 && Int(id) < nodes.count && nodes[Int(id)].height == 0 }

    // MARK: - Queries

    /// Calls `callback(proxyID, userData)` for every proxy whose box overlaps `aabb` and whose
    /// category bits share a bit with `maskBits`, until the callback returns false.
    @inline(__always)
    package func query(_ aabb: AABB, maskBits: UInt64, _ callback: (Int32, Int32) -> Bool) {
        query(aabb, maskBits: maskBits) { id, userData, _ in callback(id, userData) }
    }

    /// `query`, with each proxy's box passed too (`callback(proxyID, userData, box)`): the
    /// traversal has just read it.
    @inline(__always)
    package func query(_ aabb: AABB, maskBits: UInt64, _ callback: (Int32, Int32, AABB) -> Bool) {
        guard root != Self.nullNode else { return }
        // The closures see the root and the stack's size, not `self`: capturing the tree copied
        // it at every query, retaining and releasing its storage (more than a small query's
        // whole traversal).
        let root = self.root, capacity = stackCapacity
        nodes.withUnsafeBufferPointer { n in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { stack in
                var count = 1
                stack[0] = root
                while count > 0 {
                    count -= 1
                    let id = stack[count]
                    let node = n[Int(id)]
                    guard node.aabb.overlaps(aabb), node.categoryBits & maskBits != 0 else { continue }
                    if node.height == 0 {
                        if !callback(id, node.userData, node.aabb) { return }
                    } else {
                        stack[count] = node.child1
                        stack[count + 1] = node.child2
                        count += 2
                    }
                }
            }
        }
    }

    /// Room for a depth-first traversal: it holds at most one pending node per level plus the
    /// root's pair, so `height + 2` ids. Up to 256 ids (1 KiB) live on the stack.
    private var stackCapacity: Int { max(256, height + 2) }

    /// Casts a ray through the tree. For each proxy whose box the (clipped) ray reaches,
    /// `callback(input, proxyID, userData)` returns how much of the ray to keep: 0 stops the
    /// cast, a fraction below `input.maxFraction` clips the ray (the closest hit so far), the
    /// input's own `maxFraction` (or a negative value) continues unchanged.
    package func rayCast(
        _ input: RayCastInput, maskBits: UInt64, _ callback: (RayCastInput, Int32, Int32) -> Float
    ) {
        guard root != Self.nullNode, input.isValid else { return }
        let p1 = input.origin
        let d = input.translation
        // v is perpendicular to the ray; |dot(v, p1 - c)| > dot(|v|, h) separates the ray's
        // line from a box of centre c and half-extents h (van den Bergen).
        let v = cross(1, d.normalized)
        let absV = Vec2(abs(v.x), abs(v.y))
        var maxFraction = input.maxFraction
        var p2 = mulAdd(p1, maxFraction, d)
        var segmentBox = AABB(lowerBound: minVec(p1, p2), upperBound: maxVec(p1, p2))
        var sub = input

        nodes.withUnsafeBufferPointer { n in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: stackCapacity) { stack in
                var count = 1
                stack[0] = root
                while count > 0 {
                    count -= 1
                    let id = stack[count]
                    let node = n[Int(id)]
                    guard node.categoryBits & maskBits != 0, node.aabb.overlaps(segmentBox) else { continue }
                    let c = node.aabb.center
                    let h = node.aabb.extents
                    if abs(dot(v, p1 - c)) > dot(absV, h) { continue }

                    if node.height == 0 {
                        sub.maxFraction = maxFraction
                        let value = callback(sub, id, node.userData)
                        if value == 0 { return }
                        if value > 0 && value <= maxFraction {
                            maxFraction = value
                            p2 = mulAdd(p1, maxFraction, d)
                            segmentBox = AABB(lowerBound: minVec(p1, p2), upperBound: maxVec(p1, p2))
                        }
                    } else {
                        // Nearer child last, so it is searched first.
                        let c1 = n[Int(node.child1)].aabb.center
                        let c2 = n[Int(node.child2)].aabb.center
                        let nearerFirst = distanceSquared(c1, p1) < distanceSquared(c2, p1)
                        stack[count] = nearerFirst ? node.child2 : node.child1
                        stack[count + 1] = nearerFirst ? node.child1 : node.child2
                        count += 2
                    }
                }
            }
        }
    }

    // MARK: - Node pool

    private mutating func allocateNode() -> Int32 {
        if freeList == Self.nullNode {
            nodes.append(
                Node(
                    aabb: AABB(lowerBound: .zero, upperBound: .zero), categoryBits: 0, child1: Self.nullNode,
                    child2: Self.nullNode, userData: -1, parent: Self.nullNode, height: 0))
            return Int32(nodes.count - 1)
        }
        var head = freeList
        let id = nodes.withUnsafeMutableBufferPointer { Self.reuseNode(in: $0, &head) }
        freeList = head
        return id
    }

    private mutating func freeNode(_ id: Int32) {
        var head = freeList
        nodes.withUnsafeMutableBufferPointer { Self.freeNode(id, in: $0, &head) }
        freeList = head
    }

    /// Puts node `id` on the free list that starts at `head`: a free node's parent link is
    /// the next free node, and its height -1 marks it free. Through a buffer, so that
    /// `rebuild` keeps the pool the same way while it holds the nodes.
    @inline(__always)
    private static func freeNode(_ id: Int32, in n: UnsafeMutableBufferPointer<Node>, _ head: inout Int32) {
        n[Int(id)].parent = head
        n[Int(id)].height = -1
        head = id
    }

    /// Takes the first node off the (non-empty) free list at `head`, as a leaf not grown.
    @inline(__always)
    private static func reuseNode(in n: UnsafeMutableBufferPointer<Node>, _ head: inout Int32) -> Int32 {
        let id = head
        head = n[Int(id)].parent
        n[Int(id)].height = 0
        n[Int(id)].enlarged = false
        return id
    }

    // MARK: - Insertion and removal

    private mutating func insertLeaf(_ leaf: Int32) {
        if root == Self.nullNode {
            root = leaf
            nodes[Int(leaf)].parent = Self.nullNode
            return
        }
        // Allocate first: the pool may grow, and the buffer below must not move.
        let newParent = allocateNode()
        let rootIndex = root
        var newRoot = rootIndex
        nodes.withUnsafeMutableBufferPointer { n in
            let leafBox = n[Int(leaf)].aabb
            let sibling = Self.findBestSibling(n, rootIndex, leafBox)

            // A new parent for the leaf and its sibling.
            let oldParent = n[Int(sibling)].parent
            n[Int(newParent)] = Node(
                aabb: leafBox.union(n[Int(sibling)].aabb),
                categoryBits: n[Int(leaf)].categoryBits | n[Int(sibling)].categoryBits, child1: sibling, child2: leaf,
                userData: -1, parent: oldParent, height: n[Int(sibling)].height + 1)
            if oldParent != Self.nullNode {
                Self.replaceChild(n, of: oldParent, sibling, with: newParent)
            } else {
                newRoot = newParent
            }
            n[Int(sibling)].parent = newParent
            n[Int(leaf)].parent = newParent

            // Walk back up, refitting boxes and heights and rotating where that helps.
            var index = newParent
            while index != Self.nullNode {
                Self.refit(n, index)
                Self.rotate(n, index)
                index = n[Int(index)].parent
            }
        }
        root = newRoot
    }

    private mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root {
            root = Self.nullNode
            return
        }
        let parent = nodes[Int(leaf)].parent
        let grandParent = nodes[Int(parent)].parent
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        if grandParent == Self.nullNode {
            root = sibling
            nodes[Int(sibling)].parent = Self.nullNode
            freeNode(parent)
            return
        }
        // The sibling takes the parent's place; the ancestors shrink to fit.
        nodes.withUnsafeMutableBufferPointer { n in
            Self.replaceChild(n, of: grandParent, parent, with: sibling)
            n[Int(sibling)].parent = grandParent
            var index = grandParent
            while index != Self.nullNode {
                Self.refit(n, index)
                index = n[Int(index)].parent
            }
        }
        freeNode(parent)
    }

    /// The node whose pairing with a new leaf of box `boxD` grows the tree's total perimeter
    /// least, by a greedy descent from the root.
    ///
    /// Pairing with node H costs perimeter(H ∪ D) plus the growth of H's ancestors. Descending
    /// into an internal child is worth it only when its lower bound (the inherited growth, its
    /// own growth, and at best a new node of D's size in place of its area) could beat the
    /// best so far; ties fall back to the nearer child centre.
    private static func findBestSibling(
        _ n: UnsafeMutableBufferPointer<Node>, _ rootIndex: Int32, _ boxD: AABB
    ) -> Int32 {
        let centerD = boxD.center
        let areaD = boxD.perimeter
        let rootBox = n[Int(rootIndex)].aabb
        var areaBase = rootBox.perimeter
        var directCost = rootBox.union(boxD).perimeter
        var inheritedCost: Float = 0
        var bestSibling = rootIndex
        var bestCost = directCost

        var index = rootIndex
        while n[Int(index)].height > 0 {
            let child1 = n[Int(index)].child1
            let child2 = n[Int(index)].child2

            // Cost of a new parent for this node and the leaf.
            let cost = directCost + inheritedCost
            if cost < bestCost {
                bestSibling = index
                bestCost = cost
            }
            inheritedCost += directCost - areaBase

            // A leaf child may be the best sibling itself; an internal one gives a lower bound
            // on pairing anywhere below it.
            func consider(_ child: Int32) -> (isLeaf: Bool, lowerCost: Float, directCost: Float, area: Float) {
                let box = n[Int(child)].aabb
                let direct = box.union(boxD).perimeter
                if n[Int(child)].height == 0 {
                    if direct + inheritedCost < bestCost {
                        bestSibling = child
                        bestCost = direct + inheritedCost
                    }
                    return (true, .greatestFiniteMagnitude, direct, 0)
                }
                let area = box.perimeter
                return (false, inheritedCost + direct + min(areaD - area, 0), direct, area)
            }
            let (leaf1, bound1, directCost1, area1) = consider(child1)
            let (leaf2, bound2, directCost2, area2) = consider(child2)
            var lowerCost1 = bound1
            var lowerCost2 = bound2

            if leaf1 && leaf2 { break }
            if bestCost <= lowerCost1 && bestCost <= lowerCost2 { break }
            if lowerCost1 == lowerCost2 && !leaf1 {
                // No clear choice (both children contain D, say): go to the nearer centre.
                lowerCost1 = (n[Int(child1)].aabb.center - centerD).lengthSquared
                lowerCost2 = (n[Int(child2)].aabb.center - centerD).lengthSquared
            }
            if lowerCost1 < lowerCost2 && !leaf1 {
                index = child1
                areaBase = area1
                directCost = directCost1
            } else {
                index = child2
                areaBase = area2
                directCost = directCost2
            }
        }
        return bestSibling
    }

    /// Swaps a child of `a` with a grandchild on the other side when that lowers the summed
    /// perimeter of the node that changes (a tree rotation).
    ///
    ///         A                 A
    ///       /   \             /   \
    ///      B     C    →      F     C       (swap B and F; similarly B–G, C–D, C–E)
    ///     / \   / \               / \
    ///    D   E F   G             B   G
    private static func rotate(_ n: UnsafeMutableBufferPointer<Node>, _ iA: Int32) {
        guard n[Int(iA)].height >= 2 else { return }
        let iB = n[Int(iA)].child1
        let iC = n[Int(iA)].child2
        let heightB = n[Int(iB)].height
        let heightC = n[Int(iC)].height

        enum Rotation { case none, bf, bg, cd, ce }
        var best = Rotation.none

        if heightB == 0 {
            // B is a leaf and C is internal: swap B with a child of C.
            let iF = n[Int(iC)].child1
            let iG = n[Int(iC)].child2
            let costBase = n[Int(iC)].aabb.perimeter
            let costBF = n[Int(iB)].aabb.union(n[Int(iG)].aabb).perimeter
            let costBG = n[Int(iB)].aabb.union(n[Int(iF)].aabb).perimeter
            if costBase < costBF && costBase < costBG { return }
            best = costBF < costBG ? .bf : .bg
        } else if heightC == 0 {
            // C is a leaf and B is internal: swap C with a child of B.
            let iD = n[Int(iB)].child1
            let iE = n[Int(iB)].child2
            let costBase = n[Int(iB)].aabb.perimeter
            let costCD = n[Int(iC)].aabb.union(n[Int(iE)].aabb).perimeter
            let costCE = n[Int(iC)].aabb.union(n[Int(iD)].aabb).perimeter
            if costBase < costCD && costBase < costCE { return }
            best = costCD < costCE ? .cd : .ce
        } else {
            let iD = n[Int(iB)].child1
            let iE = n[Int(iB)].child2
            let iF = n[Int(iC)].child1
            let iG = n[Int(iC)].child2
            let areaB = n[Int(iB)].aabb.perimeter
            let areaC = n[Int(iC)].aabb.perimeter
            var bestCost = areaB + areaC
            func offer(_ rotation: Rotation, _ cost: Float) {
                if cost < bestCost {
                    best = rotation
                    bestCost = cost
                }
            }
            offer(.bf, areaB + n[Int(iB)].aabb.union(n[Int(iG)].aabb).perimeter)
            offer(.bg, areaB + n[Int(iB)].aabb.union(n[Int(iF)].aabb).perimeter)
            offer(.cd, areaC + n[Int(iC)].aabb.union(n[Int(iE)].aabb).perimeter)
            offer(.ce, areaC + n[Int(iC)].aabb.union(n[Int(iD)].aabb).perimeter)
        }

        switch best {
        case .none:
            return
        case .bf:
            Self.swapIntoSibling(n, iA, outer: iB, inner: n[Int(iC)].child1, under: iC, firstChild: true)
        case .bg:
            Self.swapIntoSibling(n, iA, outer: iB, inner: n[Int(iC)].child2, under: iC, firstChild: false)
        case .cd:
            Self.swapIntoSibling(n, iA, outer: iC, inner: n[Int(iB)].child1, under: iB, firstChild: true)
        case .ce:
            Self.swapIntoSibling(n, iA, outer: iC, inner: n[Int(iB)].child2, under: iB, firstChild: false)
        }
    }

    /// Exchanges `outer` (a child of `a`) with `inner` (child `firstChild ? 1 : 2` of `under`,
    /// the other child of `a`), then refits `under` and `a`.
    @inline(__always) private static func swapIntoSibling(
        _ n: UnsafeMutableBufferPointer<Node>, _ iA: Int32, outer: Int32, inner: Int32, under: Int32, firstChild: Bool
    ) {
        replaceChild(n, of: iA, outer, with: inner)
        if firstChild {
            n[Int(under)].child1 = outer
        } else {
            n[Int(under)].child2 = outer
        }
        n[Int(outer)].parent = under
        n[Int(inner)].parent = iA

        refit(n, under)
        n[Int(iA)].height = 1 + max(n[Int(under)].height, n[Int(inner)].height)
        n[Int(iA)].categoryBits = n[Int(under)].categoryBits | n[Int(inner)].categoryBits
        n[Int(iA)].enlarged = n[Int(iA)].enlarged || n[Int(under)].enlarged
    }

    /// Recomputes an internal node's box, category bits, height and enlarged mark from its children.
    @inline(__always) private static func refit(_ n: UnsafeMutableBufferPointer<Node>, _ index: Int32) {
        let c1 = n[Int(n[Int(index)].child1)]
        let c2 = n[Int(n[Int(index)].child2)]
        n[Int(index)].aabb = c1.aabb.union(c2.aabb)
        n[Int(index)].categoryBits = c1.categoryBits | c2.categoryBits
        n[Int(index)].height = 1 + max(c1.height, c2.height)
        n[Int(index)].enlarged = n[Int(index)].enlarged || c1.enlarged || c2.enlarged
    }

    /// Points `parent`'s link to `child` at `replacement` instead.
    @inline(__always) private static func replaceChild(
        _ n: UnsafeMutableBufferPointer<Node>, of parent: Int32, _ child: Int32, with replacement: Int32
    ) {
        if n[Int(parent)].child1 == child {
            n[Int(parent)].child1 = replacement
        } else {
            n[Int(parent)].child2 = replacement
        }
    }

    // MARK: - Rebuild

    /// Rebuilds the parts of the tree that `enlargeProxy` grew (or all of it when `fullBuild`)
    /// top-down, splitting at the middle of the longer axis of the subtree centres, as Box2D v3
    /// does every step. Untouched subtrees are kept whole. Returns how many leaves and kept
    /// subtrees were sorted.
    @discardableResult
    package mutating func rebuild(fullBuild: Bool = false) -> Int {
        guard root != Self.nullNode else { return 0 }
        if nodes[Int(root)].height == 0 || (!fullBuild && !nodes[Int(root)].enlarged) { return 0 }
        // Sized once for the largest rebuild (every leaf a unit; a stack as deep as the tree),
        // so the passes below run through buffers: through the arrays, each node's field and
        // each swap checked the array's uniqueness and bounds (twice the instructions).
        if rebuildIndices.count < proxyCount {
            rebuildIndices.append(contentsOf: repeatElement(0, count: proxyCount - rebuildIndices.count))
            rebuildCenters.append(contentsOf: repeatElement(.zero, count: proxyCount - rebuildCenters.count))
        }
        if rebuildStack.count < nodes.count + 1 {
            rebuildStack.append(contentsOf: repeatElement(0, count: nodes.count + 1 - rebuildStack.count))
        }
        // Every internal node the new top needs is one this rebuild frees, so the pool never
        // grows here and the buffers stay put. The arrays are taken out of the tree while
        // their buffers are held, and put back after.
        var freeList = self.freeList, count = 0
        let oldRoot = root
        var nodes = self.nodes, indices = rebuildIndices, centers = rebuildCenters, stack = rebuildStack
        (self.nodes, rebuildIndices, rebuildCenters, rebuildStack) = ([], [], [], [])
        defer { (self.nodes, rebuildIndices, rebuildCenters, rebuildStack) = (nodes, indices, centers, stack) }
        let newRoot = nodes.withUnsafeMutableBufferPointer { n in
            indices.withUnsafeMutableBufferPointer { indices in
                centers.withUnsafeMutableBufferPointer { centers in
                    stack.withUnsafeMutableBufferPointer { stack in
                        // Collect the leaves and the intact subtrees; free the grown internal
                        // nodes above them.
                        var depth = 1
                        stack[0] = oldRoot
                        while depth > 0 {
                            depth -= 1
                            let id = stack[depth]
                            let node = n[Int(id)]
                            if node.height == 0 || (!fullBuild && !node.enlarged) {
                                indices[count] = id
                                centers[count] = node.aabb.center
                                n[Int(id)].parent = Self.nullNode
                                count += 1
                            } else {
                                stack[depth] = node.child2
                                stack[depth + 1] = node.child1
                                depth += 2
                                Self.freeNode(id, in: n, &freeList)
                            }
                        }
                        // Build a new top over them, reusing the freed nodes.
                        return Self.buildSubtree(n, indices, centers, 0, count, &freeList)
                    }
                }
            }
        }
        nodes[Int(newRoot)].parent = Self.nullNode
        self.freeList = freeList
        root = newRoot
        return count
    }

    /// Builds a subtree over `indices[start..<end]` and returns its root, taking its internal
    /// nodes from `freeList`.
    private static func buildSubtree(
        _ n: UnsafeMutableBufferPointer<Node>, _ indices: UnsafeMutableBufferPointer<Int32>,
        _ centers: UnsafeMutableBufferPointer<Vec2>, _ start: Int, _ end: Int, _ freeList: inout Int32
    ) -> Int32 {
        if end - start == 1 { return indices[start] }
        let split = partitionAtMiddle(indices, centers, start, end)
        let child1 = buildSubtree(n, indices, centers, start, split, &freeList)
        let child2 = buildSubtree(n, indices, centers, split, end, &freeList)
        let id = reuseNode(in: n, &freeList)
        let c1 = n[Int(child1)]
        let c2 = n[Int(child2)]
        n[Int(id)] = Node(
            aabb: c1.aabb.union(c2.aabb), categoryBits: c1.categoryBits | c2.categoryBits, child1: child1,
            child2: child2, userData: -1, parent: Self.nullNode, height: 1 + max(c1.height, c2.height))
        n[Int(child1)].parent = id
        n[Int(child2)].parent = id
        return id
    }

    /// Reorders `start..<end` so that the items whose centres lie below the middle of the
    /// centres' longer extent come first; returns the split (never empty on either side).
    private static func partitionAtMiddle(
        _ indices: UnsafeMutableBufferPointer<Int32>, _ centers: UnsafeMutableBufferPointer<Vec2>, _ start: Int,
        _ end: Int
    ) -> Int {
        let count = end - start
        if count <= 2 { return start + count / 2 }
        var lower = centers[start]
        var upper = lower
        for i in (start + 1)..<end {
            lower = minVec(lower, centers[i])
            upper = maxVec(upper, centers[i])
        }
        let useX = upper.x - lower.x > upper.y - lower.y
        let pivot = useX ? 0.5 * (lower.x + upper.x) : 0.5 * (lower.y + upper.y)
        @inline(__always) func key(_ i: Int) -> Float { useX ? centers[i].x : centers[i].y }

        var i1 = start
        var i2 = end
        while i1 < i2 {
            while i1 < i2 && key(i1) < pivot { i1 += 1 }
            while i1 < i2 && key(i2 - 1) >= pivot { i2 -= 1 }
            if i1 < i2 {
                indices.swapAt(i1, i2 - 1)
                centers.swapAt(i1, i2 - 1)
                i1 += 1
                i2 -= 1
            }
        }
        return i1 > start && i1 < end ? i1 : start + count / 2
    }

    // MARK: - Validation

    /// Checks every invariant of the tree and traps on the first one broken (for tests).
    package func validate() {
        if let problem = firstInvariantViolation() { preconditionFailure(problem) }
    }

    /// A description of the first broken invariant, or nil when the tree is sound: parent
    /// links, heights, boxes containing their children, category bits, the free list, and
    /// the proxy count.
    package func firstInvariantViolation() -> String? {
        var leaves = 0
        var reached = 0
        if root != Self.nullNode {
            if nodes[Int(root)].parent != Self.nullNode { return "root has a parent" }
            var stack: [Int32] = [root]
            while let id = stack.popLast() {
                reached += 1
                let node = nodes[Int(id)]
                if node.height < 0 { return "node \(id) in the tree is free" }
                if node.height == 0 {
                    leaves += 1
                    continue
                }
                let c1 = nodes[Int(node.child1)]
                let c2 = nodes[Int(node.child2)]
                if c1.parent != id || c2.parent != id { return "node \(id)'s children don't point back" }
                if node.height != 1 + max(c1.height, c2.height) { return "node \(id) has the wrong height" }
                if !node.aabb.contains(c1.aabb) || !node.aabb.contains(c2.aabb) {
                    return "node \(id)'s box doesn't contain its children"
                }
                if node.categoryBits != c1.categoryBits | c2.categoryBits {
                    return "node \(id) has wrong category bits"
                }
                if (c1.enlarged || c2.enlarged) && !node.enlarged { return "node \(id) hides an enlarged child" }
                stack.append(node.child1)
                stack.append(node.child2)
            }
        }
        var free = 0
        var index = freeList
        while index != Self.nullNode {
            if nodes[Int(index)].height != -1 { return "free node \(index) is in use" }
            free += 1
            if free > nodes.count { return "the free list loops" }
            index = nodes[Int(index)].parent
        }
        if reached + free != nodes.count { return "\(nodes.count - reached - free) nodes are lost" }
        if leaves != proxyCount { return "\(leaves) leaves but \(proxyCount) proxies" }
        return nil
    }
}
