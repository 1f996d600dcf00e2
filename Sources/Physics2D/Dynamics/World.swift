/// A physics world: bodies with shapes, joints between them, and the step that moves them.
///
/// Units are SI (metres, kilograms, seconds, newtons, radians). The world is not thread
/// safe: one owner calls it from one thread, and reads events between steps.
package final class World {
    // MARK: Tuning

    /// Acceleration applied to every dynamic body (times its gravity scale), m/s².
    package var gravity: Vec2
    /// Substeps per step; the only iteration count of the soft-step solver.
    package var subStepCount: Int = 4
    /// Stiffness of contact position correction, Hz (capped at a quarter of the substep rate).
    /// Contacts against static bodies use twice this (Box2D v3's rule: ground must not give).
    ///
    /// Box2D v3 uses 30 Hz with a damping ratio of 10; a resting stack then sinks by its soft
    /// contacts' compliance, load / (m ω²) per contact (0.12 boxes at the top of a 40-row
    /// pyramid, as measured beside it). 60 Hz, the cap at four substeps, sinks a quarter of
    /// that; a damping ratio near 1 keeps such stiff contacts from pushing a stack sideways
    /// (at 60 Hz and 10 the same pyramid leans 0.2 boxes; at 1 it leans 0.013).
    package var contactHertz: Float = 60
    /// Damping ratio of contact position correction.
    package var contactDampingRatio: Float = 1
    /// Cap on the speed at which overlap is pushed apart, m/s.
    package var contactPushMaxVelocity: Float = 3
    /// Stiffness of rigid joints' position correction, Hz (capped at an eighth of the substep rate).
    package var jointHertz: Float = 60
    package var jointDampingRatio: Float = 2
    /// Approach speeds below this do not bounce, m/s. Box2D uses 1 m/s for game-sized
    /// bodies; at UIKit's scale (100 points a metre) that would keep a view pushed at 100
    /// points/s from bouncing at all, so half of it. Resting contacts approach far slower.
    package var restitutionThreshold: Float = 0.5
    /// Speeds are clamped to this, m/s.
    package var maxLinearSpeed: Float = 400
    /// A body slower than this (at its centre and at its farthest point) for `timeToSleep`
    /// seconds may sleep, with its whole island.
    package var sleepThreshold: Float = 0.01
    package var timeToSleep: Float = 0.5
    package var enableSleep = true
    package var enableContinuous = true
    package var enableWarmStarting = true
    /// Asked once when two shapes' bounding boxes first overlap, after the filters pass:
    /// return false to keep them from colliding. Call `resetFilter` when its answer changes.
    package var customFilter: ((ShapeID, ShapeID) -> Bool)?

    // MARK: Storage

    var bodies: [Body] = []
    var freeBodies: [Int32] = []
    var shapes: [Shape] = []
    var freeShapes: [Int32] = []
    var chains: [Chain] = []
    var freeChains: [Int32] = []
    var contacts: [Contact] = []
    var freeContacts: [Int32] = []
    /// Existing contacts by shape pair, so the broad phase never makes one twice.
    var contactMap = PairMap()
    var joints: [Joint] = []
    var freeJoints: [Int32] = []
    var broadPhase = BroadPhase()
    /// The hidden static body target joints hang from, made on first use.
    var groundBodyID: BodyID?

    /// Awake dynamic and kinematic bodies, and their solver states in the same order.
    var awakeBodies: [Int32] = []
    var states: [BodyState] = []
    /// Changes whenever a body joins or leaves the awake set (its `awakeIndex` is then new):
    /// what the narrow phase listed by awake index holds while it is unchanged.
    var awakeSetVersion = 0
    /// Bodies of each sleeping island, by island id.
    var sleepIslands: [[Int32]] = []
    var freeSleepIslands: [Int32] = []

    /// Events of the last step.
    package internal(set) var contactBeginEvents: [ContactBeginTouchEvent] = []
    package internal(set) var contactEndEvents: [ContactEndTouchEvent] = []
    /// Number of steps taken.
    package internal(set) var stepCount = 0
    /// Contacts whose manifold the last step kept rather than computed (World.collide).
    package internal(set) var recycledContactCount = 0
    /// Counts narrow phases; a body whose fat boxes change is stamped with the next one's.
    var collideStamp = 0
    /// 1 / substep of the last step (0 before any): solver impulses, which are per substep,
    /// times this are the forces the measurement accessors report (World+Measurement).
    package internal(set) var lastInverseSubstep: Float = 0
    /// True inside `step`; structural changes then are a programming error.
    package internal(set) var isLocked = false

    // Per-step scratch, kept to avoid reallocating every step.
    var scratch = StepScratch()

    package init(gravity: Vec2 = .zero) {
        self.gravity = gravity
    }

    deinit {
        scratch.dummyState.deallocate()
    }

    // MARK: Bodies

    package func createBody(_ def: BodyDef) -> BodyID {
        precondition(!isLocked, "bodies cannot be created during a step")
        let index = claimSlot(in: &bodies, free: &freeBodies, empty: Body())
        var body = Body()
        body.generation = bodies[Int(index)].generation &+ 1
        body.isAlive = true
        body.type = def.type
        let q = def.rotation.isValid ? def.rotation : .identity
        let p = def.position.isValid ? def.position : .zero
        body.transform = Transform(p: p, q: q)
        body.center = p
        body.center0 = p
        body.rotation0 = q
        body.linearVelocity = def.type == .static || !def.linearVelocity.isValid ? .zero : def.linearVelocity
        body.angularVelocity = def.type == .static || !def.angularVelocity.isFinite ? 0 : def.angularVelocity
        body.linearDamping = max(0, def.linearDamping.isFinite ? def.linearDamping : 0)
        body.angularDamping = max(0, def.angularDamping.isFinite ? def.angularDamping : 0)
        body.gravityScale = def.gravityScale.isFinite ? def.gravityScale : 1
        body.fixedRotation = def.fixedRotation
        body.isBullet = def.isBullet
        body.enableSleep = def.enableSleep
        body.userData = def.userData
        bodies[Int(index)] = body
        if def.type != .static && (def.isAwake || !def.enableSleep) {
            addToAwakeSet(index)
        } else if def.type != .static {
            // Created asleep: it forms a sleeping island of its own.
            putIslandToSleep([index])
        }
        return BodyID(index: index, generation: body.generation)
    }

    package func isValid(_ id: BodyID) -> Bool {
        id.names(in: bodies)
    }

    /// Destroys a body with its shapes, contacts (reporting touching ones as ended) and joints.
    package func destroyBody(_ id: BodyID) {
        precondition(!isLocked, "bodies cannot be destroyed during a step")
        guard isValid(id) else { return }
        let index = id.index
        wakeBody(index)
        // Joints first: they may wake the other body.
        while bodies[Int(index)].jointHead != -1 {
            let key = bodies[Int(index)].jointHead
            destroyJointInternal(key >> 1)
        }
        while bodies[Int(index)].contactHead != -1 {
            let key = bodies[Int(index)].contactHead
            destroyContact(key >> 1, wakeBodies: true)
        }
        var shape = bodies[Int(index)].shapeHead
        while shape != -1 {
            let next = shapes[Int(shape)].nextShape
            destroyShapeStorage(shape)
            shape = next
        }
        for c in chains.indices where chains[c].isAlive && chains[c].body == index {
            chains[c].isAlive = false
            chains[c].shapes.removeAll()
            freeChains.append(Int32(c))
        }
        removeFromAwakeSet(index)
        removeFromSleepIsland(index)
        bodies[Int(index)].isAlive = false
        bodies[Int(index)].shapeHead = -1
        freeBodies.append(index)
    }

    package func bodyType(_ id: BodyID) -> BodyType {
        guard isValid(id) else { return .static }
        return bodies[Int(id.index)].type
    }

    /// Changes how a body moves; a static body keeps still, a dynamic one wakes.
    package func setBodyType(_ id: BodyID, _ type: BodyType) {
        precondition(!isLocked)
        guard isValid(id) else { return }
        let i = Int(id.index)
        guard bodies[i].type != type else { return }
        wakeBody(id.index)
        // Contacts must be remade: the pairs a body may form depend on its type.
        while bodies[i].contactHead != -1 {
            destroyContact(bodies[i].contactHead >> 1, wakeBodies: true)
        }
        bodies[i].type = type
        if type == .static {
            bodies[i].linearVelocity = .zero
            bodies[i].angularVelocity = 0
            removeFromAwakeSet(id.index)
        } else {
            addToAwakeSet(id.index)
        }
        // Proxies move to the tree of the new type.
        var s = bodies[i].shapeHead
        while s != -1 {
            destroyProxy(s)
            createProxy(s, forcePairCreation: true)
            s = shapes[Int(s)].nextShape
        }
        updateMassData(id.index)
    }

    package func transform(_ id: BodyID) -> Transform {
        guard isValid(id) else { return .identity }
        return bodies[Int(id.index)].transform
    }

    package func position(_ id: BodyID) -> Vec2 { transform(id).p }
    package func rotation(_ id: BodyID) -> Rot { transform(id).q }

    /// World centre of mass.
    package func worldCenterOfMass(_ id: BodyID) -> Vec2 {
        guard isValid(id) else { return .zero }
        return bodies[Int(id.index)].center
    }

    /// Moves a body to a pose at once (a teleport: no velocity change), and wakes it.
    /// Non-finite or huge values are ignored.
    package func setTransform(_ id: BodyID, position: Vec2, rotation: Rot) {
        precondition(!isLocked)
        guard isValid(id), position.isValid, rotation.isValid,
            abs(position.x) < Tolerance.huge, abs(position.y) < Tolerance.huge
        else { return }
        let i = Int(id.index)
        bodies[i].transform = Transform(p: position, q: rotation)
        bodies[i].center = bodies[i].transform.apply(bodies[i].localCenter)
        bodies[i].center0 = bodies[i].center
        bodies[i].rotation0 = rotation
        wakeBody(id.index)
        var s = bodies[i].shapeHead
        let margin: Float = bodies[i].type == .static ? 0 : Tolerance.aabbMargin
        // A moving body's fat box keeps the speculative margin around its box (`updateBodyAABBs`).
        let reach: Float = bodies[i].type == .static ? 0 : Tolerance.speculativeDistance
        while s != -1 {
            let aabb = shapes[Int(s)].geometry.computeAABB(bodies[i].transform)
            shapes[Int(s)].aabb = aabb
            if !shapes[Int(s)].fatAABB.contains(aabb.fattened(by: reach)) {
                shapes[Int(s)].fatAABB = aabb.fattened(by: margin)
                bodies[i].fatBoxStamp = collideStamp
                if shapes[Int(s)].proxyKey != -1 {
                    broadPhase.moveProxy(shapes[Int(s)].proxyKey, aabb: shapes[Int(s)].fatAABB)
                }
            }
            s = shapes[Int(s)].nextShape
        }
    }

    /// Sends a kinematic body to a pose over the next step of `timeStep` seconds by giving it
    /// the velocity that gets it there (Box2D's `b2Body_SetTargetTransform`); the velocity
    /// lasts that one step. Joints then see the motion as a velocity, so what hangs on the
    /// body follows without lagging behind, as it would after a teleport. Ignored for other
    /// body types and non-finite values.
    package func setTargetTransform(_ id: BodyID, position: Vec2, rotation: Rot, timeStep: Float) {
        guard isValid(id), bodies[Int(id.index)].type == .kinematic, position.isValid, rotation.isValid,
            timeStep.isFinite, timeStep > 0, abs(position.x) < Tolerance.huge, abs(position.y) < Tolerance.huge
        else { return }
        let body = bodies[Int(id.index)]
        let v = (1 / timeStep) * (position - body.center)
        let w = relativeAngle(body.transform.q, rotation) / timeStep
        wakeBody(id.index)
        let slot = Int(bodies[Int(id.index)].awakeIndex)
        states[slot].linearVelocity = v
        states[slot].angularVelocity = w
        bodies[Int(id.index)].linearVelocity = v
        bodies[Int(id.index)].angularVelocity = w
        bodies[Int(id.index)].stopAfterStep = true
    }

    /// Velocity of the centre of mass, m/s.
    package func linearVelocity(_ id: BodyID) -> Vec2 {
        guard isValid(id) else { return .zero }
        let b = bodies[Int(id.index)]
        if b.awakeIndex >= 0 { return states[Int(b.awakeIndex)].linearVelocity }
        return b.linearVelocity
    }

    package func angularVelocity(_ id: BodyID) -> Float {
        guard isValid(id) else { return 0 }
        let b = bodies[Int(id.index)]
        if b.awakeIndex >= 0 { return states[Int(b.awakeIndex)].angularVelocity }
        return b.angularVelocity
    }

    /// Sets the centre-of-mass velocity; a non-zero velocity wakes the body. Ignored for
    /// static bodies and non-finite values; clamped to the world's speed limit.
    package func setLinearVelocity(_ id: BodyID, _ v: Vec2) {
        guard isValid(id), v.isValid, bodies[Int(id.index)].type != .static else { return }
        var v = v
        let speed = v.length
        if speed > maxLinearSpeed { v = (maxLinearSpeed / speed) * v }
        if v.lengthSquared > 0 { wakeBody(id.index) }
        let b = bodies[Int(id.index)]
        if b.awakeIndex >= 0 { states[Int(b.awakeIndex)].linearVelocity = v }
        bodies[Int(id.index)].linearVelocity = v
        bodies[Int(id.index)].sleepTime = 0
    }

    package func setAngularVelocity(_ id: BodyID, _ w: Float) {
        guard isValid(id), w.isFinite, bodies[Int(id.index)].type != .static else { return }
        let w = bodies[Int(id.index)].fixedRotation && bodies[Int(id.index)].type == .dynamic ? 0 : w
        if w != 0 { wakeBody(id.index) }
        let b = bodies[Int(id.index)]
        if b.awakeIndex >= 0 { states[Int(b.awakeIndex)].angularVelocity = w }
        bodies[Int(id.index)].angularVelocity = w
        bodies[Int(id.index)].sleepTime = 0
    }

    /// Adds a force (N) at a world point for the next step. A sleeping body is woken only
    /// when `wake` is true; otherwise the force is dropped, as Box2D does.
    package func applyForce(_ id: BodyID, _ force: Vec2, at point: Vec2, wake: Bool) {
        guard force.isValid, point.isValid, let i = awakeDynamicBody(id, wake: wake) else { return }
        bodies[i].force += force
        bodies[i].torque += cross(point - bodies[i].center, force)
    }

    package func applyForceToCenter(_ id: BodyID, _ force: Vec2, wake: Bool) {
        guard force.isValid, let i = awakeDynamicBody(id, wake: wake) else { return }
        bodies[i].force += force
    }

    /// Applies each body's weight under the acceleration `g` (m/s²) at its centre, without
    /// waking it, and calls `weighed(k, weight)` with the weight (N) of `ids[k]`: `mass * g`
    /// then `applyForceToCenter(weight, wake: false)`, for the animator's gravity, which does
    /// this for every item at every step. A null ID is skipped; an ID that names no body
    /// weighs zero. The checks are `awakeDynamicBody`'s, written out, and the bodies are read
    /// through one buffer: a call per body took 130 instructions an item at base 100.
    /// `weighed` must not reach into the world.
    package func applyWeights(_ ids: UnsafeBufferPointer<BodyID>, gravity g: Vec2, _ weighed: (Int, Vec2) -> Void) {
        bodies.withUnsafeMutableBufferPointer { list in
            for k in 0..<ids.count {
                let id = ids[k]
                if id == .null { continue }
                guard id.names(in: list) else {
                    weighed(k, Float(0) * g)
                    continue
                }
                let i = Int(id.index)
                let weight = list[i].mass * g
                if weight.isValid, list[i].type == .dynamic, list[i].awakeIndex >= 0 { list[i].force += weight }
                weighed(k, weight)
            }
        }
    }

    package func applyTorque(_ id: BodyID, _ torque: Float, wake: Bool) {
        guard torque.isFinite, let i = awakeDynamicBody(id, wake: wake) else { return }
        bodies[i].torque += torque
    }

    /// The slot of a valid dynamic body, woken first when `wake`, if it is awake: forces and
    /// impulses act only on those (on a sleeping body they are dropped, as Box2D does).
    private func awakeDynamicBody(_ id: BodyID, wake: Bool) -> Int? {
        guard isValid(id), bodies[Int(id.index)].type == .dynamic else { return nil }
        if wake { wakeBody(id.index) }
        let i = Int(id.index)
        return bodies[i].awakeIndex >= 0 ? i : nil
    }

    /// Applies an impulse (N·s) at a world point at once.
    package func applyLinearImpulse(_ id: BodyID, _ impulse: Vec2, at point: Vec2, wake: Bool) {
        guard impulse.isValid, point.isValid, let i = awakeDynamicBody(id, wake: wake) else { return }
        let s = Int(bodies[i].awakeIndex)
        states[s].linearVelocity = mulAdd(states[s].linearVelocity, bodies[i].invMass, impulse)
        states[s].angularVelocity += bodies[i].invInertia * cross(point - bodies[i].center, impulse)
        bodies[i].sleepTime = 0
    }

    package func applyLinearImpulseToCenter(_ id: BodyID, _ impulse: Vec2, wake: Bool) {
        guard isValid(id) else { return }
        applyLinearImpulse(id, impulse, at: bodies[Int(id.index)].center, wake: wake)
    }

    package func applyAngularImpulse(_ id: BodyID, _ impulse: Float, wake: Bool) {
        guard impulse.isFinite, let i = awakeDynamicBody(id, wake: wake) else { return }
        states[Int(bodies[i].awakeIndex)].angularVelocity += bodies[i].invInertia * impulse
        bodies[i].sleepTime = 0
    }

    /// kg.
    package func mass(_ id: BodyID) -> Float {
        guard isValid(id) else { return 0 }
        return bodies[Int(id.index)].mass
    }

    /// Rotational inertia about the centre of mass, kg·m².
    package func rotationalInertia(_ id: BodyID) -> Float {
        guard isValid(id) else { return 0 }
        return bodies[Int(id.index)].inertia
    }

    package func localCenterOfMass(_ id: BodyID) -> Vec2 {
        guard isValid(id) else { return .zero }
        return bodies[Int(id.index)].localCenter
    }

    package func setLinearDamping(_ id: BodyID, _ c: Float) {
        guard isValid(id), c.isFinite else { return }
        bodies[Int(id.index)].linearDamping = max(0, c)
    }

    package func setAngularDamping(_ id: BodyID, _ c: Float) {
        guard isValid(id), c.isFinite else { return }
        bodies[Int(id.index)].angularDamping = max(0, c)
    }

    package func linearDamping(_ id: BodyID) -> Float { isValid(id) ? bodies[Int(id.index)].linearDamping : 0 }
    package func angularDamping(_ id: BodyID) -> Float { isValid(id) ? bodies[Int(id.index)].angularDamping : 0 }

    package func setGravityScale(_ id: BodyID, _ scale: Float) {
        guard isValid(id), scale.isFinite else { return }
        bodies[Int(id.index)].gravityScale = scale
    }

    /// Stops (or allows) rotation; stopping also zeroes the angular velocity.
    package func setFixedRotation(_ id: BodyID, _ fixed: Bool) {
        guard isValid(id), bodies[Int(id.index)].fixedRotation != fixed else { return }
        bodies[Int(id.index)].fixedRotation = fixed
        if fixed { setAngularVelocity(id, 0) }
        updateMassData(id.index)
    }

    package func isFixedRotation(_ id: BodyID) -> Bool { isValid(id) && bodies[Int(id.index)].fixedRotation }

    package func setBullet(_ id: BodyID, _ flag: Bool) {
        guard isValid(id) else { return }
        bodies[Int(id.index)].isBullet = flag
    }

    package func setSleepEnabled(_ id: BodyID, _ flag: Bool) {
        guard isValid(id) else { return }
        bodies[Int(id.index)].enableSleep = flag
        if !flag { wakeBody(id.index) }
    }

    package func isAwake(_ id: BodyID) -> Bool {
        guard isValid(id) else { return false }
        return bodies[Int(id.index)].awakeIndex >= 0
    }

    /// Wakes a sleeping body with its whole island, or puts the body's island to sleep.
    package func setAwake(_ id: BodyID, _ awake: Bool) {
        guard isValid(id) else { return }
        if awake {
            wakeBody(id.index)
        } else if bodies[Int(id.index)].awakeIndex >= 0 {
            putIslandToSleep(islandBodies(containing: id.index))
        }
    }

    package func userData(_ id: BodyID) -> Int { isValid(id) ? bodies[Int(id.index)].userData : 0 }

    /// Number of bodies that are awake (dynamic or kinematic).
    package var awakeBodyCount: Int { awakeBodies.count }
    package var bodyCount: Int { bodies.count - freeBodies.count }
    package var contactCount: Int { contacts.count - freeContacts.count }
    package var jointCount: Int { joints.count - freeJoints.count }

    /// The ids of the awake bodies, in the solver's order.
    package var awakeBodyIDs: [BodyID] {
        awakeBodies.map { BodyID(index: $0, generation: bodies[Int($0)].generation) }
    }

    func bodyID(_ index: Int32) -> BodyID { BodyID(index: index, generation: bodies[Int(index)].generation) }
    func shapeID(_ index: Int32) -> ShapeID { ShapeID(index: index, generation: shapes[Int(index)].generation) }
}

/// The index for a new object: a slot freed earlier, or a new `empty` one at the end.
@inline(__always) func claimSlot<Element>(
    in storage: inout [Element], free: inout [Int32], empty: @autoclosure () -> Element
) -> Int32 {
    if let index = free.popLast() { return index }
    storage.append(empty())
    return Int32(storage.count - 1)
}
