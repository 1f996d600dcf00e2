// Awake set and sleeping islands.
//
// Box2D v3 keeps persistent islands that it links and splits as contacts come and go. Our
// scenes are small enough to find islands afresh each step with a union-find over the awake
// bodies (see `World+Step.swift`); an island that has been still for `timeToSleep` sleeps
// whole, and remembers its members here so that touching any of them wakes all of them.

extension World {
    func addToAwakeSet(_ index: Int32) {
        let i = Int(index)
        guard bodies[i].awakeIndex < 0, bodies[i].type != .static else { return }
        bodies[i].awakeIndex = Int32(awakeBodies.count)
        bodies[i].sleepTime = 0
        awakeSetVersion &+= 1
        awakeBodies.append(index)
        states.append(
            BodyState(
                linearVelocity: bodies[i].linearVelocity, angularVelocity: bodies[i].angularVelocity,
                padding: 0, deltaPosition: .zero, deltaRotation: .identity))
    }

    func removeFromAwakeSet(_ index: Int32) {
        let i = Int(index)
        let slot = Int(bodies[i].awakeIndex)
        guard slot >= 0 else { return }
        awakeSetVersion &+= 1
        // Keep the state's velocity in the body record while it is out of the solver.
        bodies[i].linearVelocity = states[slot].linearVelocity
        bodies[i].angularVelocity = states[slot].angularVelocity
        let last = awakeBodies.count - 1
        if slot != last {
            awakeBodies[slot] = awakeBodies[last]
            states[slot] = states[last]
            bodies[Int(awakeBodies[slot])].awakeIndex = Int32(slot)
        }
        awakeBodies.removeLast()
        states.removeLast()
        bodies[i].awakeIndex = -1
    }

    /// Wakes a body and every body of its sleeping island.
    func wakeBody(_ index: Int32) {
        let i = Int(index)
        guard bodies[i].isAlive, bodies[i].type != .static else { return }
        bodies[i].sleepTime = 0
        let island = bodies[i].sleepIsland
        if island >= 0 {
            let members = sleepIslands[Int(island)]
            sleepIslands[Int(island)] = []
            freeSleepIslands.append(island)
            for m in members where bodies[Int(m)].isAlive {
                bodies[Int(m)].sleepIsland = -1
                addToAwakeSet(m)
            }
        }
        addToAwakeSet(index)
    }

    /// Puts these awake bodies to sleep as one island: they stop, leave the solver, and wake
    /// together.
    func putIslandToSleep(_ members: [Int32]) {
        let island: Int32
        if let free = freeSleepIslands.popLast() {
            island = free
            sleepIslands[Int(island)] = members
        } else {
            island = Int32(sleepIslands.count)
            sleepIslands.append(members)
        }
        for m in members {
            removeFromAwakeSet(m)
            bodies[Int(m)].linearVelocity = .zero
            bodies[Int(m)].angularVelocity = 0
            bodies[Int(m)].force = .zero
            bodies[Int(m)].torque = 0
            bodies[Int(m)].sleepTime = 0
            bodies[Int(m)].sleepIsland = island
        }
    }

    func removeFromSleepIsland(_ index: Int32) {
        let island = bodies[Int(index)].sleepIsland
        guard island >= 0 else { return }
        sleepIslands[Int(island)].removeAll { $0 == index }
        bodies[Int(index)].sleepIsland = -1
        if sleepIslands[Int(island)].isEmpty { freeSleepIslands.append(island) }
    }

    /// The dynamic bodies connected to `index` through touching contacts and joints
    /// (static and kinematic bodies do not connect islands).
    func islandBodies(containing index: Int32) -> [Int32] {
        var result: [Int32] = []
        var stack: [Int32] = [index]
        var seen: Set<Int32> = [index]
        while let b = stack.popLast() {
            result.append(b)
            guard bodies[Int(b)].type == .dynamic else { continue }
            var key = bodies[Int(b)].contactHead
            while key != -1 {
                let c = contacts[Int(key >> 1)]
                let other = (key & 1) == 0 ? c.bodyB : c.bodyA
                if c.isTouching, bodies[Int(other)].type == .dynamic, seen.insert(other).inserted {
                    stack.append(other)
                }
                key = (key & 1) == 0 ? c.nextA : c.nextB
            }
            var jkey = bodies[Int(b)].jointHead
            while jkey != -1 {
                let j = joints[Int(jkey >> 1)]
                let other = (jkey & 1) == 0 ? j.bodyB : j.bodyA
                if bodies[Int(other)].type == .dynamic, seen.insert(other).inserted { stack.append(other) }
                jkey = (jkey & 1) == 0 ? j.nextA : j.nextB
            }
        }
        return result.filter { bodies[Int($0)].awakeIndex >= 0 }
    }
}
