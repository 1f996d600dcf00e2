/// Per-body values the velocity integration needs each substep, computed once per step.
struct BodyIntegration {
    /// Velocity change per substep from forces and gravity.
    var linearVelocityDelta: Vec2
    var angularVelocityDelta: Float
    /// Padé approximation of exp(-c h): 1 / (1 + c h).
    var linearDampingFactor: Float
    var angularDampingFactor: Float
    /// The inverse mass and rotational inertia the solver applies impulses by (zero unless
    /// dynamic): read here by awake index, the contact lanes' preparation does not reach
    /// into the bodies' large records (two cache misses a body it did).
    var invMass: Float = 0
    var invInertia: Float = 0
}

/// What the narrow phase found out about a contact, for the serial pass after it.
enum ContactFlag {
    static let disjoint: UInt8 = 1
    static let startedTouching: UInt8 = 2
    static let stoppedTouching: UInt8 = 3
}

/// Writes a step's contact references: those between two awake bodies, and apart those
/// against a static (or sleeping) one.
struct ContactReferenceWriter {
    let moving: UnsafeMutableBufferPointer<ContactReference>
    let still: UnsafeMutableBufferPointer<ContactReference>
    var movingCount = 0, stillCount = 0

    /// Contact `index`, between the bodies of awake indices `a` and `b` (-1: not awake).
    @inline(__always) mutating func add(_ index: Int, _ a: Int32, _ b: Int32) {
        let reference = ContactReference(contact: Int32(index), indexA: a, indexB: b)
        if a < 0 || b < 0 {
            still[stillCount] = reference
            stillCount += 1
        } else {
            moving[movingCount] = reference
            movingCount += 1
        }
    }
}

/// Buffers reused from step to step so that a running world does not allocate.
struct StepScratch {
    var contactReferences: [ContactReference] = []
    var staticContactReferences: [ContactReference] = []
    /// The awake set's version when the narrow phase listed the references (nil: not listed).
    var referencesAwakeSetVersion: Int? = nil
    /// The awake set's version when the last narrow phase began: bodies woken since have
    /// contacts it did not see (`Body.pointlessContactStamp`).
    var collideAwakeSetVersion = -1
    var integration: [BodyIntegration] = []
    var activeJoints: [Int32] = []
    var islandParent: [Int32] = []
    var islandMinSleepTime: [Float] = []
    var islandMembers: [Int32] = []
    var fastBodies: [Int32] = []
    /// Per fast body, whether it moved at least half its smallest extent (`needsSweep`).
    var fastBodyMayTunnel: [Bool] = []
    /// `solveContinuous`'s time of impact for each fast body, kept for its capacity.
    var sweepFractions: [Float] = []
    /// The longest any awake body that may sleep has been still (`finalizeBodies`).
    var longestStill: Float = 0
    var contactFlags: [UInt8] = []
    /// The contact solver's blocks, on cache lines (`CacheAlignedBuffer`).
    let blocks = CacheAlignedBuffer<ContactBlock>()
    /// Per block, what the substeps' passes do not read (`ContactBlockLinks`).
    var blockLinks: [ContactBlockLinks] = []
    /// The impact pass: whether a contact is struck this step, its impulses by block, and per
    /// awake body whether its velocity changed in the last sweep (at first: whether it is in a
    /// struck contact) and in this one. Sized with the blocks and the awake set, so that the
    /// pass allocates only when they grow.
    var hasImpact = false
    var impacts: [ImpactLanes] = []
    var impactChanged: [UInt8] = []
    var impactNext: [UInt8] = []
    var impactSweep = ImpactSweepScratch()
    /// Colouring: per awake body, the first 64 colours it is in; per colour past 64, the
    /// bodies in it (`colorContacts`).
    var colorMasks: [UInt64] = []
    var colorBits: [UInt64] = []
    var colorOf: [Int32] = []
    var colorCounts: [Int] = []
    var colorFirstBlock: [Int] = []
    var colorFill: [Int] = []
    /// The states' storage the blocks point into (checked in debug builds).
    var blockStates: UnsafeMutableRawPointer? = nil
    let dummyState: UnsafeMutablePointer<BodyState> = {
        let p = UnsafeMutablePointer<BodyState>.allocate(capacity: 1)
        p.initialize(to: .identity)
        return p
    }()
}

extension World {
    /// Advances the world by `timeStep` seconds: pairs new overlaps, updates contacts, solves
    /// in `subStepCount` substeps, moves bodies (sweeping fast ones), and puts still islands
    /// to sleep. Events of this step are readable until the next one. Non-finite or
    /// non-positive steps only update contacts.
    package func step(_ timeStep: Float) {
        precondition(!isLocked, "step is not reentrant")
        isLocked = true
        defer { isLocked = false }
        contactBeginEvents.removeAll(keepingCapacity: true)
        contactEndEvents.removeAll(keepingCapacity: true)
        stepCount += 1

        // 1. New pairs from the broad phase.
        // A shape pairs only with the categories in its mask, unless a positive group
        // (which collides whatever the masks) lets it pair with shapes of that group.
        broadPhase.updatePairs(queryMask: { shape in
            let filter = self.shapes[Int(shape)].filter
            return filter.groupIndex > 0 ? .max : filter.maskBits
        }) { a, b in self.pairFound(a, b) }
        // 2. Narrow phase: manifolds, begin and end of touching.
        collide(timeStep.isFinite && timeStep > 0 ? timeStep : 0)
        guard timeStep.isFinite, timeStep > 0 else { return }
        // 3. Solve, move, sweep, sleep.
        solve(timeStep)
    }

    // MARK: Pairs and contacts

    func pairFound(_ a: Int32, _ b: Int32) {
        guard a != b else { return }
        // The filters first, read in place: pairs that may never collide (a ragdoll's own
        // limbs, whose fat boxes overlap at every joint) go before the pair map's lookup.
        // Every test here is a pure predicate, so their order changes nothing else.
        let filtersCollide = shapes.withUnsafeBufferPointer { sp in
            sp[Int(a)].filter.shouldCollide(with: sp[Int(b)].filter)
        }
        guard filtersCollide else { return }
        // Most pairs reported already have their contact (a proxy that moved reports all its
        // overlaps): looked up before the two shape records are copied out (each holds its
        // whole geometry; copying them first cost some 250 instructions a pair).
        let key = pairKey(a, b)
        guard !contactMap.contains(key) else { return }
        let shapeA = shapes[Int(a)], shapeB = shapes[Int(b)]
        guard shapeA.isAlive, shapeB.isAlive, shapeA.body != shapeB.body else { return }
        let typeA = bodies[Int(shapeA.body)].type, typeB = bodies[Int(shapeB.body)].type
        guard typeA == .dynamic || typeB == .dynamic else { return }
        guard !(shapeA.isStaticOnlyGeometry && shapeB.isStaticOnlyGeometry) else { return }
        guard !jointPreventsCollision(shapeA.body, shapeB.body) else { return }
        if let customFilter, !customFilter(shapeID(a), shapeID(b)) { return }
        createContact(min(a, b), max(a, b), key: key)
    }

    func createContact(_ a: Int32, _ b: Int32, key: UInt64) {
        let index: Int32
        if let free = freeContacts.popLast() {
            index = free
        } else {
            index = Int32(contacts.count)
            contacts.append(Contact())
        }
        let shapeA = shapes[Int(a)], shapeB = shapes[Int(b)]
        var c = Contact()
        c.isAlive = true
        c.shapeA = a
        c.shapeB = b
        c.bodyA = shapeA.body
        c.bodyB = shapeB.body
        c.friction = mixFriction(shapeA.friction, shapeB.friction)
        c.restitution = mixRestitution(shapeA.restitution, shapeB.restitution)
        c.enableContactEvents = shapeA.enableContactEvents && shapeB.enableContactEvents
        c.pairKey = key
        let keyA = index << 1, keyB = index << 1 | 1
        c.nextA = bodies[Int(c.bodyA)].contactHead
        c.nextB = bodies[Int(c.bodyB)].contactHead
        contacts[Int(index)] = c
        if c.nextA != -1 { setContactPrev(c.nextA, keyA) }
        bodies[Int(c.bodyA)].contactHead = keyA
        bodies[Int(c.bodyA)].contactCount += 1
        if c.nextB != -1 { setContactPrev(c.nextB, keyB) }
        bodies[Int(c.bodyB)].contactHead = keyB
        bodies[Int(c.bodyB)].contactCount += 1
        contactMap[key] = index
    }

    func setContactPrev(_ key: Int32, _ prev: Int32) {
        if (key & 1) == 0 { contacts[Int(key >> 1)].prevA = prev } else { contacts[Int(key >> 1)].prevB = prev }
    }

    func setContactNext(_ key: Int32, _ next: Int32) {
        if (key & 1) == 0 { contacts[Int(key >> 1)].nextA = next } else { contacts[Int(key >> 1)].nextB = next }
    }

    /// Removes a contact; a touching one is reported as ended.
    func destroyContact(_ index: Int32, wakeBodies: Bool) {
        let c = contacts[Int(index)]
        guard c.isAlive else { return }
        if c.isTouching && c.enableContactEvents {
            contactEndEvents.append(ContactEndTouchEvent(shapeA: shapeID(c.shapeA), shapeB: shapeID(c.shapeB)))
        }
        if c.prevA != -1 { setContactNext(c.prevA, c.nextA) } else { bodies[Int(c.bodyA)].contactHead = c.nextA }
        if c.nextA != -1 { setContactPrev(c.nextA, c.prevA) }
        if c.prevB != -1 { setContactNext(c.prevB, c.nextB) } else { bodies[Int(c.bodyB)].contactHead = c.nextB }
        if c.nextB != -1 { setContactPrev(c.nextB, c.prevB) }
        bodies[Int(c.bodyA)].contactCount -= 1
        bodies[Int(c.bodyB)].contactCount -= 1
        contactMap[c.pairKey] = nil
        contacts[Int(index)].isAlive = false
        contacts[Int(index)].isTouching = false
        freeContacts.append(index)
        if wakeBodies {
            wakeBody(c.bodyA)
            wakeBody(c.bodyB)
        }
    }

    /// Updates every contact that has an awake body: drops pairs whose fat boxes parted,
    /// recomputes manifolds (carrying impulses over by feature id) and records touch events.
    ///
    /// Two passes, as in Box2D v3: the first only computes (through unsafe buffers, so the
    /// hot loop pays no exclusivity checks) and flags what changed; the second, serial and in
    /// contact order, destroys contacts, wakes bodies and emits events.
    ///
    /// `timeStep` (zero when no step follows) turns the bodies' velocities into the motion by
    /// which the narrow phase tells a corner that will be passed from one that will be hit.
    func collide(_ timeStep: Float) {
        var flags = scratch.contactFlags
        scratch.contactFlags = []
        flags.removeAll(keepingCapacity: true)
        flags.append(contentsOf: repeatElement(0, count: contacts.count))
        var recycled = 0
        let stamp = collideStamp
        // The touching contacts with an awake body, by awake index, as `prepareContacts`
        // lists them: found here, where each contact and both bodies are read anyway.
        let listedVersion = awakeSetVersion
        var (moving, still) = takeContactReferenceLists()
        var listed = (moving: 0, still: 0)
        defer {
            recycledContactCount = recycled
            collideStamp += 1
        }
        contacts.withUnsafeMutableBufferPointer { cp in
            bodies.withUnsafeMutableBufferPointer { bp in
                shapes.withUnsafeBufferPointer { sp in
                    flags.withUnsafeMutableBufferPointer { fp in
                      states.withUnsafeBufferPointer { statesBuffer in
                      moving.withUnsafeMutableBufferPointer { movingList in
                      still.withUnsafeMutableBufferPointer { stillList in
                        var references = ContactReferenceWriter(moving: movingList, still: stillList)
                        defer { listed = (references.movingCount, references.stillCount) }
                        for index in 0..<cp.count {
                            let cptr = cp.baseAddress! + index
                            guard cptr.pointee.isAlive else { continue }
                            let bodyA = bp.baseAddress! + Int(cptr.pointee.bodyA)
                            let bodyB = bp.baseAddress! + Int(cptr.pointee.bodyB)
                            guard bodyA.pointee.awakeIndex >= 0 || bodyB.pointee.awakeIndex >= 0 else { continue }
                            let shapeA = sp.baseAddress! + Int(cptr.pointee.shapeA)
                            let shapeB = sp.baseAddress! + Int(cptr.pointee.shapeB)
                            // The shapes keep their proxies' fat boxes (every change of a proxy's box
                            // is made from the shape's): read there, beside the proxy key, not
                            // through the trees' nodes (two more cache misses a contact). Only
                            // when one of them changed since the last narrow phase: a contact
                            // whose boxes overlapped then (or that was paired since) overlaps
                            // still, and a recycled one then never reads its shapes at all.
                            if bodyA.pointee.fatBoxStamp == stamp || bodyB.pointee.fatBoxStamp == stamp,
                                !shapeA.pointee.fatAABB.overlaps(shapeB.pointee.fatAABB)
                            {
                                fp[index] = ContactFlag.disjoint
                                continue
                            }
                            let xfA = bodyA.pointee.transform
                            let xfB = bodyB.pointee.transform
                            let wasTouching = cptr.pointee.isTouching
                            var motion: RelativeMotion? = nil
                            if timeStep > 0 {
                                let a = bodyA.pointee.awakeIndex, b = bodyB.pointee.awakeIndex
                                let stateA = a >= 0 ? statesBuffer[Int(a)] : .identity
                                let stateB = b >= 0 ? statesBuffer[Int(b)] : .identity
                                motion = RelativeMotion(
                                    translation: timeStep * (stateB.linearVelocity - stateA.linearVelocity),
                                    rotationReach: timeStep
                                        * (abs(stateA.angularVelocity) * bodyA.pointee.maxExtent
                                            + abs(stateB.angularVelocity) * bodyB.pointee.maxExtent))
                            }
                            // Recycling (Box2D v3.2's contact recycling): while the bodies moved
                            // little relative to each other since the manifold was computed, it is
                            // kept and only its separations follow the bodies, as the substeps' do.
                            // Only a touching contact, and only while that motion and this step's
                            // (by the velocities) stay within the speculative distance together: a
                            // feature the manifold left out was farther than that, so it cannot
                            // reach the other shape unseen. (Box2D v3.2 allows 5 cm, 10 slops, and
                            // recycles contacts without points: here a landing box then sank 2 cm,
                            // and a turning box's other corner 4 cm into a wall.)
                            if wasTouching, cptr.pointee.canRecycle, let motion,
                                !bodyA.pointee.movedFar, !bodyB.pointee.movedFar,
                                recycle(cptr, bodyA, bodyB, xfA, xfB,
                                        stepReach: motion.translation.length + motion.rotationReach)
                            {
                                recycled += 1
                                references.add(index, bodyA.pointee.awakeIndex, bodyB.pointee.awakeIndex)
                                continue
                            }
                            cptr.pointee.canRecycle = true
                            cptr.pointee.cachedRotationA = xfA.q
                            cptr.pointee.cachedRotationB = xfB.q
                            cptr.pointee.cachedRelativePose = invMulTransforms(xfA, xfB)
                            // Polygon pairs (boxes, most pairs) go straight to the polygon test, as
                            // the dispatch would send them: passing both geometries through it copied
                            // each whole enum out and back (about 125 instructions a pair), and so
                            // does binding the payload here (`ShapeGeometry.polygonPayload`).
                            // Last step's points, for warm starting: the new manifold is written
                            // straight into the contact, not built aside and copied over it.
                            let oldCount = cptr.pointee.manifold.pointCount
                            let (old0, old1) = cptr.pointee.manifold.points.span.withUnsafeBufferPointer { ($0[0], $0[1]) }
                            let geometryA = shapeA.pointer(to: \.geometry)!, geometryB = shapeB.pointer(to: \.geometry)!
                            if ShapeGeometry.isPolygon(geometryA), ShapeGeometry.isPolygon(geometryB) {
                                cptr.pointee.manifold = collidePolygons(
                                    ShapeGeometry.polygonPayload(geometryA), xfA, ShapeGeometry.polygonPayload(geometryB), xfB,
                                    motion: motion)
                            } else {
                                cptr.pointee.manifold = Physics2D.collide(
                                    shapeA.pointee.geometry, xfA, shapeB.pointee.geometry, xfB,
                                    cache: &cptr.pointee.cache, motion: motion)
                            }
                            let offsetA = bodyA.pointee.center - xfA.p
                            let centerDelta = bodyA.pointee.center - bodyB.pointee.center
                            let newCount = cptr.pointee.manifold.pointCount
                            do {
                                // Through a pointer to the elements: InlineArray elements read one by
                                // one copy the whole array each time.
                                let points = UnsafeMutableRawPointer(cptr.pointer(to: \.manifold.points)!)
                                    .assumingMemoryBound(to: ManifoldPoint.self)
                                for i in 0..<newCount {
                                    // Anchors relative to the centres of mass, both naming the same world point.
                                    let anchorA = points[i].anchorA - offsetA
                                    points[i].anchorA = anchorA
                                    points[i].anchorB = anchorA + centerDelta
                                    points[i].normalImpulse = 0
                                    points[i].tangentImpulse = 0
                                    points[i].persisted = false
                                    let id = points[i].id
                                    // The first of last step's points with the same features.
                                    let match = oldCount > 0 && old0.id == id ? old0 : oldCount > 1 && old1.id == id ? old1 : nil
                                    if let match {
                                        points[i].normalImpulse = match.normalImpulse
                                        points[i].tangentImpulse = match.tangentImpulse
                                        points[i].persisted = true
                                    }
                                }
                                if newCount > 0 { cptr.pointee.baseSeparation0 = points[0].separation }
                                if newCount > 1 { cptr.pointee.baseSeparation1 = points[1].separation }
                            }
                            let touching = newCount > 0
                            cptr.pointee.isTouching = touching
                            if !touching {
                                bodyA.pointee.pointlessContactStamp = stamp
                                bodyB.pointee.pointlessContactStamp = stamp
                            }
                            if touching { references.add(index, bodyA.pointee.awakeIndex, bodyB.pointee.awakeIndex) }
                            if touching && !wasTouching {
                                fp[index] = ContactFlag.startedTouching
                            } else if !touching && wasTouching {
                                fp[index] = ContactFlag.stoppedTouching
                            }
                        }
                      }
                      }
                      }
                    }
                }
            }
        }
        keepContactReferenceLists(&moving, &still, counts: listed)
        for index in 0..<flags.count where flags[index] != 0 {
            let i = Int32(index)
            let c = contacts[index]
            switch flags[index] {
            case ContactFlag.disjoint:
                destroyContact(i, wakeBodies: false)
            case ContactFlag.startedTouching:
                // Touching a sleeping body wakes its island.
                if bodies[Int(c.bodyA)].awakeIndex < 0 { wakeBody(c.bodyA) }
                if bodies[Int(c.bodyB)].awakeIndex < 0 { wakeBody(c.bodyB) }
                if c.enableContactEvents { contactBeginEvents.append(beginEvent(i, c.manifold)) }
            default:
                if c.enableContactEvents {
                    contactEndEvents.append(ContactEndTouchEvent(shapeA: shapeID(c.shapeA), shapeB: shapeID(c.shapeB)))
                }
            }
        }
        scratch.contactFlags = flags
        // A body woken above (or any other change of the awake set) leaves the lists stale.
        scratch.referencesAwakeSetVersion = listedVersion
        scratch.collideAwakeSetVersion = listedVersion
    }

    /// Keeps a contact's manifold when the bodies moved little relative to each other since it
    /// was computed (see `collide`): true when kept, its separations updated. The anchors stay
    /// where they were on each body; a point's separation is its separation then plus how far
    /// the two anchors moved apart along the normal since.
    @inline(__always)
    func recycle(
        _ contact: UnsafeMutablePointer<Contact>, _ bodyA: UnsafePointer<Body>, _ bodyB: UnsafePointer<Body>,
        _ xfA: Transform, _ xfB: Transform, stepReach: Float
    ) -> Bool {
        let cachedA = contact.pointee.cachedRotationA, cachedB = contact.pointee.cachedRotationB
        // The cosines of each body's turn since.
        let cosA = xfA.q.c * cachedA.c + xfA.q.s * cachedA.s
        let cosB = xfB.q.c * cachedB.c + xfB.q.s * cachedB.s
        guard min(cosA, cosB) > Tolerance.recycleCosAngle else { return false }
        let relative = invMulTransforms(xfA, xfB)
        let cached = contact.pointee.cachedRelativePose
        let turn = invMulRot(relative.q, cached.q)
        let maxExtentA: Float = bodyA.pointee.type == .static ? 0 : bodyA.pointee.maxExtent
        let maxExtentB: Float = bodyB.pointee.type == .static ? 0 : bodyB.pointee.maxExtent
        // How far any point of B moved relative to A: the translation, and the turn's reach
        // (sin θ ≈ θ for the small angles allowed).
        let reach = (relative.p - cached.p).length + max(maxExtentA, maxExtentB) * abs(turn.s)
        guard reach + stepReach < Tolerance.speculativeDistance else { return false }
        let turnA = mulRot(xfA.q, Rot(c: cachedA.c, s: -cachedA.s))
        let turnB = mulRot(xfB.q, Rot(c: cachedB.c, s: -cachedB.s))
        let normal = contact.pointee.manifold.normal
        let centerA = bodyA.pointee.center
        let centerDelta = bodyB.pointee.center - centerA
        let count = contact.pointee.manifold.pointCount
        let points = UnsafeMutableRawPointer(contact.pointer(to: \.manifold.points)!).assumingMemoryBound(to: ManifoldPoint.self)
        for i in 0..<count {
            let rA = turnA.rotate(points[i].anchorA)
            let rB = turnB.rotate(points[i].anchorB)
            // Zero when computed: both anchors named the same world point.
            let apart = centerDelta + (rB - rA)
            let base = i == 0 ? contact.pointee.baseSeparation0 : contact.pointee.baseSeparation1
            points[i].separation = base + dot(apart, normal)
            points[i].point = centerA + rA + 0.5 * apart
            points[i].persisted = true
        }
        return true
    }

    func beginEvent(_ index: Int32, _ m: Manifold) -> ContactBeginTouchEvent {
        let c = contacts[Int(index)]
        var point = m.points[0].point
        if m.pointCount > 1 { point = 0.5 * (m.points[0].point + m.points[1].point) }
        let bodyA = bodies[Int(c.bodyA)], bodyB = bodies[Int(c.bodyB)]
        let vA = bodyA.awakeIndex >= 0 ? states[Int(bodyA.awakeIndex)] : .identity
        let vB = bodyB.awakeIndex >= 0 ? states[Int(bodyB.awakeIndex)] : .identity
        let rA = point - bodyA.center, rB = point - bodyB.center
        let vrel = (vB.linearVelocity + cross(vB.angularVelocity, rB)) - (vA.linearVelocity + cross(vA.angularVelocity, rA))
        return ContactBeginTouchEvent(
            shapeA: shapeID(c.shapeA), shapeB: shapeID(c.shapeB), point: point, normal: m.normal,
            approachSpeed: -dot(vrel, m.normal))
    }

    // MARK: Solving

    func solve(_ dt: Float) {
        let n = max(1, subStepCount)
        let h = dt / Float(n)
        let inv_h = 1 / h
        lastInverseSubstep = inv_h
        let contactHertz = min(self.contactHertz, 0.25 * inv_h)
        let jointHertz = min(self.jointHertz, 0.125 * inv_h)
        let context = StepContext(
            dt: dt, inv_dt: 1 / dt, h: h, inv_h: inv_h,
            jointSoftness: Softness(hertz: jointHertz, dampingRatio: jointDampingRatio, h: h),
            contactSoftness: Softness(hertz: contactHertz, dampingRatio: contactDampingRatio, h: h),
            staticSoftness: Softness(hertz: 2 * contactHertz, dampingRatio: contactDampingRatio, h: h),
            restitutionThreshold: restitutionThreshold, maxLinearSpeed: maxLinearSpeed,
            contactPushMaxVelocity: contactPushMaxVelocity, enableWarmStarting: enableWarmStarting)

        prepareIntegration(context)
        prepareJoints(context)
        prepareContacts(context)

        buildContactBlocks(context)
        solveImpacts(context)
        let pushout = context.contactPushMaxVelocity
        let soft = context.contactSoftness, stiff = context.staticSoftness
        let maxAngularSpeed = Tolerance.maxRotation * context.inv_dt
        for _ in 0..<n {
            integrateVelocities(h: h, maxLinearSpeed: context.maxLinearSpeed, maxAngularSpeed: maxAngularSpeed)
            warmStartJoints()
            withContactBlocks { warmStartContactBlocks($0) }
            solveJoints(context, useBias: true)
            withContactBlocks {
                solveContactBlocks(
                    $0, contactSoftness: soft, staticSoftness: stiff, inv_h: inv_h, pushout: pushout, useBias: true)
            }
            integratePositions(h: h)
            // Relax: solve again without position bias, removing the velocity the soft push added.
            solveJoints(context, useBias: false)
            withContactBlocks {
                solveContactBlocks(
                    $0, contactSoftness: soft, staticSoftness: stiff, inv_h: inv_h, pushout: pushout, useBias: false)
            }
        }
        scratch.blockLinks.withUnsafeBufferPointer { links in
            withContactBlocks { applyRestitutionBlocks($0, links, threshold: context.restitutionThreshold) }
        }
        storeImpulses()
        finalizeBodies(dt)
        if enableContinuous { solveContinuous() }
        // Proxies grown this step leave their tree loose; refit that part as Box2D does.
        broadPhase.rebuildTrees()
        if enableSleep { updateSleep(dt) }
    }

    func prepareIntegration(_ context: StepContext) {
        let h = context.h
        scratch.integration.removeAll(keepingCapacity: true)
        scratch.impactChanged.removeAll(keepingCapacity: true)
        scratch.impactChanged.append(contentsOf: repeatElement(0, count: awakeBodies.count))
        scratch.impactNext.removeAll(keepingCapacity: true)
        scratch.impactNext.append(contentsOf: repeatElement(0, count: awakeBodies.count))
        let gravity = self.gravity
        // Written through a buffer sized for the awake bodies: an append checked the array's
        // uniqueness and capacity once a body.
        var integration = scratch.integration
        scratch.integration = []
        integration.append(
            contentsOf: repeatElement(
                BodyIntegration(
                    linearVelocityDelta: .zero, angularVelocityDelta: 0, linearDampingFactor: 1, angularDampingFactor: 1),
                count: awakeBodies.count))
        // In place: a body is a large record (see finalizeBodies).
        bodies.withUnsafeMutableBufferPointer { bodyList in
        integration.withUnsafeMutableBufferPointer { out in
        awakeBodies.withUnsafeBufferPointer { awake in
            for i in 0..<awake.count {
                let body = bodyList.baseAddress! + Int(awake[i])
                body.pointee.center0 = body.pointee.center
                body.pointee.rotation0 = body.pointee.transform.q
                body.pointee.isFast = false
                if body.pointee.type == .dynamic {
                    let dv = h * body.pointee.invMass * body.pointee.force + (h * body.pointee.gravityScale) * gravity
                    out.baseAddress![i] = BodyIntegration(
                        linearVelocityDelta: dv, angularVelocityDelta: h * body.pointee.invInertia * body.pointee.torque,
                        linearDampingFactor: 1 / (1 + h * body.pointee.linearDamping),
                        angularDampingFactor: 1 / (1 + h * body.pointee.angularDamping),
                        invMass: body.pointee.invMass, invInertia: body.pointee.invInertia)
                }
            }
        }
        }
        }
        scratch.integration = integration
        states.withUnsafeMutableBufferPointer { stateList in
            for i in 0..<awakeBodies.count {
                stateList[i].deltaPosition = .zero
                stateList[i].deltaRotation = .identity
            }
        }
    }

    func integrateVelocities(h: Float, maxLinearSpeed: Float, maxAngularSpeed: Float) {
        let maxLinearSquared = maxLinearSpeed * maxLinearSpeed
        states.withUnsafeMutableBufferPointer { sp in
            scratch.integration.withUnsafeBufferPointer { ip in
                for i in 0..<sp.count {
                    let k = ip[i]
                    var v = mulAdd(k.linearVelocityDelta, k.linearDampingFactor, sp[i].linearVelocity)
                    var w = k.angularVelocityDelta + k.angularDampingFactor * sp[i].angularVelocity
                    if dot(v, v) > maxLinearSquared { v = (maxLinearSpeed / v.length) * v }
                    if w * w > maxAngularSpeed * maxAngularSpeed { w = w > 0 ? maxAngularSpeed : -maxAngularSpeed }
                    sp[i].linearVelocity = v
                    sp[i].angularVelocity = w
                }
            }
        }
    }

    func integratePositions(h: Float) {
        states.withUnsafeMutableBufferPointer { sp in
            for i in 0..<sp.count {
                let s = sp[i]
                sp[i].deltaRotation = s.deltaRotation.integrated(by: h * s.angularVelocity)
                sp[i].deltaPosition = mulAdd(s.deltaPosition, h, s.linearVelocity)
            }
        }
    }

    /// Lists the step's touching contacts with an awake body, by their bodies' awake-state
    /// indices: those between two awake bodies, then (apart) those against a static one. Their
    /// lanes are prepared once coloured (`buildContactBlocks`). The narrow phase lists them as
    /// it reads each contact and both bodies; this scan, which read them all again (0.2 ms a
    /// step at base 100, most of it cache misses), runs only when the awake set changed after
    /// that (a body woken by a new touch), as the awake indices then changed.
    func prepareContacts(_ context: StepContext) {
        defer { scratch.referencesAwakeSetVersion = nil }
        if scratch.referencesAwakeSetVersion == awakeSetVersion { return }
        writeContactReferences { references in
            contacts.withUnsafeBufferPointer { contactList in
                bodies.withUnsafeBufferPointer { bodyList in
                    // Contacts and bodies are read in place: copying each record out cost more
                    // than the rest of the loop.
                    let contactBase = contactList.baseAddress!, bodyBase = bodyList.baseAddress!
                    for index in 0..<contactList.count {
                        let c = contactBase + index
                        guard c.pointee.isAlive, c.pointee.isTouching else { continue }
                        let a = bodyBase[Int(c.pointee.bodyA)].awakeIndex, b = bodyBase[Int(c.pointee.bodyB)].awakeIndex
                        guard a >= 0 || b >= 0 else { continue }
                        references.add(index, a, b)
                    }
                }
            }
        }
    }

    /// Fills the step's contact references (`prepareContacts`) through `fill`, which adds each
    /// touching contact with an awake body, in the contacts' order.
    func writeContactReferences(_ fill: (inout ContactReferenceWriter) -> Void) {
        var (moving, still) = takeContactReferenceLists()
        var counts = (moving: 0, still: 0)
        moving.withUnsafeMutableBufferPointer { movingList in
            still.withUnsafeMutableBufferPointer { stillList in
                var writer = ContactReferenceWriter(moving: movingList, still: stillList)
                fill(&writer)
                counts = (writer.movingCount, writer.stillCount)
            }
        }
        keepContactReferenceLists(&moving, &still, counts: counts)
    }

    /// The step's contact reference lists, taken out of the scratch and sized for every
    /// contact: written through buffers (an append checked the array's uniqueness and
    /// capacity once a contact), then cut to what was written (`keepContactReferenceLists`).
    func takeContactReferenceLists() -> ([ContactReference], [ContactReference]) {
        var moving = scratch.contactReferences, still = scratch.staticContactReferences
        scratch.contactReferences = []
        scratch.staticContactReferences = []
        let empty = ContactReference(contact: 0, indexA: 0, indexB: 0)
        moving.removeAll(keepingCapacity: true)
        still.removeAll(keepingCapacity: true)
        moving.append(contentsOf: repeatElement(empty, count: contacts.count))
        still.append(contentsOf: repeatElement(empty, count: contacts.count))
        return (moving, still)
    }

    func keepContactReferenceLists(
        _ moving: inout [ContactReference], _ still: inout [ContactReference], counts: (moving: Int, still: Int)
    ) {
        moving.removeLast(moving.count - counts.moving)
        still.removeLast(still.count - counts.still)
        scratch.contactReferences = moving
        scratch.staticContactReferences = still
    }

    /// The impact pass, run before the substeps when an inelastic contact is struck this step
    /// (it closes faster than the restitution threshold and would close its gap within the
    /// step): Gauss-Seidel sweeps of rigid, perfectly inelastic contacts at the velocity level
    /// until no body's velocity changes by more than would move it a tenth of the linear slop
    /// in a step (at most `maxImpactSweeps`), each sweep only over the contacts of bodies the
    /// last one changed.
    ///
    /// Without it the soft substeps resolve the blow: one sweep per substep cannot carry it
    /// down a pile to the ground, so the falling item sinks into the one it lands on, the
    /// substeps warm start with the whole blow again, and a pile of items with no
    /// restitution throws the newcomer back up several centimetres. The pass settles the
    /// velocities as a rigid impact does and keeps its impulses apart from the substeps' warm
    /// starting; the substeps then only hold the pile up.
    func solveImpacts(_ context: StepContext) {
        guard scratch.hasImpact else { return }
        var impacts = scratch.impacts
        var changed = scratch.impactChanged
        var next = scratch.impactNext
        var sweep = scratch.impactSweep
        scratch.impacts = []
        scratch.impactChanged = []
        scratch.impactNext = []
        scratch.impactSweep = ImpactSweepScratch()
        impacts.removeAll(keepingCapacity: true)
        impacts.append(contentsOf: repeatElement(ImpactLanes(), count: scratch.blocks.count))
        let tolerance = 0.1 * Tolerance.linearSlop * context.inv_dt
        // Each sweep visits, in order, only the blocks with a body the last sweep changed: found
        // through each body's list of blocks, and the bodies it changed kept in a list (a
        // sweep of every block testing each lane's bodies cost as much as solving the blocks).
        let blockCount = scratch.blocks.count, bodyCount = changed.count
        sweep.prepare(links: scratch.blockLinks, bodyCount: bodyCount)
        for i in 0..<bodyCount where changed[i] != 0 { sweep.changedList.append(Int32(i)) }
        for _ in 0..<maxImpactSweeps {
            sweep.markBlocks(of: sweep.changedList, blockCount: blockCount)
            let marked = withContactBlocks { bp in
                scratch.blockLinks.withUnsafeBufferPointer { links in
                impacts.withUnsafeMutableBufferPointer { ip in
                    changed.withUnsafeBufferPointer { cp in
                        next.withUnsafeMutableBufferPointer { np in
                            sweep.words.withUnsafeMutableBufferPointer { wp in
                                sweep.nextList.withUnsafeMutableBufferPointer { lp in
                                    solveImpactBlocks(
                                        bp, links, ip, inv_dt: context.inv_dt, changed: cp.baseAddress!, next: np.baseAddress!,
                                        tolerance: tolerance, marks: wp, nextList: lp.baseAddress!)
                                }
                            }
                        }
                    }
                }
                }
            }
            guard marked > 0 else { break }
            // The bodies this sweep changed are next sweep's: `changed` cleared where it was set.
            for i in sweep.changedList { changed[Int(i)] = 0 }
            swap(&changed, &next)
            sweep.changedList.removeAll(keepingCapacity: true)
            sweep.changedList.append(contentsOf: sweep.nextList[0..<marked])
        }
        scratch.impacts = impacts
        scratch.impactChanged = changed
        scratch.impactNext = next
        scratch.impactSweep = sweep
    }

    /// Runs a pass over the step's contact blocks while holding mutable access to the bodies'
    /// states, which the blocks read and write through the pointers they were prepared with.
    @inline(__always)
    func withContactBlocks<R>(_ pass: (UnsafeMutableBufferPointer<ContactBlock>) -> R) -> R {
        states.withUnsafeMutableBufferPointer { sp in
            assert(
                scratch.blocks.isEmpty || UnsafeMutableRawPointer(sp.baseAddress) == scratch.blockStates,
                "the states moved since the blocks were prepared")
            return scratch.blocks.withUnsafeMutableBufferPointer { pass($0) }
        }
    }

    /// Copies the solved impulses back into the manifolds, for warm starting and events.
    ///
    /// Only stores into the contacts, no loads from them (each lane names its contact, and
    /// both point slots are written: a one-point contact's second lane is zero, and a slot
    /// past the point count is never read), through a pointer to the points: a field of an
    /// InlineArray element written through the contact copied the whole array in and out.
    func storeImpulses() {
        scratch.blocks.withUnsafeBufferPointer { bp in
            scratch.blockLinks.withUnsafeBufferPointer { lp in
            contacts.withUnsafeMutableBufferPointer { cp in
                for b in 0..<bp.count {
                    let block = bp.baseAddress! + b, links = lp.baseAddress! + b
                    for l in 0..<laneCount {
                        let k = Int(links.pointee.contact[l])
                        guard k >= 0 else { continue }
                        let points = UnsafeMutableRawPointer((cp.baseAddress! + k).pointer(to: \.manifold.points)!)
                            .assumingMemoryBound(to: ManifoldPoint.self)
                        points[0].normalImpulse = block.pointee.p0.normalImpulse[l]
                        points[0].tangentImpulse = block.pointee.p0.tangentImpulse[l]
                        points[0].totalNormalImpulse = block.pointee.p0.maxNormalImpulse[l]
                        points[0].normalVelocity = links.pointee.relativeVelocity0[l]
                        points[1].normalImpulse = block.pointee.p1.normalImpulse[l]
                        points[1].tangentImpulse = block.pointee.p1.tangentImpulse[l]
                        points[1].totalNormalImpulse = block.pointee.p1.maxNormalImpulse[l]
                        points[1].normalVelocity = links.pointee.relativeVelocity1[l]
                    }
                }
            }
            }
        }
    }

    // MARK: Joints

    // The joint passes reach joints, bodies and states through buffers: indexed through the
    // arrays, each access paid a uniqueness and an exclusivity check, and each body (a large
    // record) was copied out whole.

    func prepareJoints(_ context: StepContext) {
        scratch.activeJoints.removeAll(keepingCapacity: true)
        var active = scratch.activeJoints
        scratch.activeJoints = []
        joints.withUnsafeMutableBufferPointer { jp in
            bodies.withUnsafeBufferPointer { bp in
                for index in 0..<jp.count where jp[index].isAlive {
                    let joint = jp.baseAddress! + index
                    let a = bp.baseAddress! + Int(joint.pointee.base.bodyA)
                    let b = bp.baseAddress! + Int(joint.pointee.base.bodyB)
                    guard a.pointee.awakeIndex >= 0 || b.pointee.awakeIndex >= 0 else { continue }
                    var base = joint.pointee.base
                    base.indexA = a.pointee.awakeIndex
                    base.indexB = b.pointee.awakeIndex
                    base.anchorA = a.pointee.transform.q.rotate(base.localOriginAnchorA - a.pointee.localCenter)
                    base.anchorB = b.pointee.transform.q.rotate(base.localOriginAnchorB - b.pointee.localCenter)
                    base.deltaCenter = b.pointee.center - a.pointee.center
                    base.invMassA = a.pointee.type == .dynamic ? a.pointee.invMass : 0
                    base.invMassB = b.pointee.type == .dynamic ? b.pointee.invMass : 0
                    base.invIA = a.pointee.type == .dynamic ? a.pointee.invInertia : 0
                    base.invIB = b.pointee.type == .dynamic ? b.pointee.invInertia : 0
                    base.rotationA = a.pointee.transform.q
                    base.rotationB = b.pointee.transform.q
                    joint.pointee.base = base
                    joint.pointee.data.prepare(base, context)
                    active.append(Int32(index))
                }
            }
        }
        scratch.activeJoints = active
    }

    func warmStartJoints() {
        joints.withUnsafeBufferPointer { jp in
            states.withUnsafeMutableBufferPointer { sp in
                scratch.activeJoints.withUnsafeBufferPointer { ap in
                    for index in ap {
                        let j = jp.baseAddress! + Int(index)
                        let indexA = Int(j.pointee.base.indexA), indexB = Int(j.pointee.base.indexB)
                        var a = indexA >= 0 ? sp[indexA] : .identity
                        var b = indexB >= 0 ? sp[indexB] : .identity
                        j.pointee.data.warmStart(j.pointee.base, &a, &b)
                        if indexA >= 0 { sp[indexA] = a }
                        if indexB >= 0 { sp[indexB] = b }
                    }
                }
            }
        }
    }

    func solveJoints(_ context: StepContext, useBias: Bool) {
        joints.withUnsafeMutableBufferPointer { jp in
            states.withUnsafeMutableBufferPointer { sp in
                scratch.activeJoints.withUnsafeBufferPointer { ap in
                    for index in ap {
                        let j = jp.baseAddress! + Int(index)
                        let base = j.pointee.base
                        let indexA = Int(base.indexA), indexB = Int(base.indexB)
                        var a = indexA >= 0 ? sp[indexA] : .identity
                        var b = indexB >= 0 ? sp[indexB] : .identity
                        j.pointee.data.solve(base, &a, &b, context, useBias: useBias)
                        if indexA >= 0 { sp[indexA] = a }
                        if indexB >= 0 { sp[indexB] = b }
                    }
                }
            }
        }
    }

    // MARK: Finishing the step

    /// Writes the solved motion back to the bodies, updates their boxes in the broad phase,
    /// marks fast bodies for sweeping and accumulates sleep time.
    func finalizeBodies(_ dt: Float) {
        scratch.fastBodies.removeAll(keepingCapacity: true)
        scratch.fastBodyMayTunnel.removeAll(keepingCapacity: true)
        let enableSleep = self.enableSleep, enableContinuous = self.enableContinuous
        let sleepThreshold = self.sleepThreshold
        let obstacles = sweepObstacleBounds()
        var longestStill: Float = 0
        defer { scratch.longestStill = longestStill }
        // Bodies and states are read and written in place (a body is a large record: copied
        // out and back, it cost as much as the rest); the boxes are updated after, in the
        // same order, since that reaches into the shapes and the broad phase.
        bodies.withUnsafeMutableBufferPointer { bodyList in
            states.withUnsafeMutableBufferPointer { stateList in
                for i in 0..<awakeBodies.count {
                    let bodyIndex = awakeBodies[i]
                    let body = bodyList.baseAddress! + Int(bodyIndex)
                    let state = stateList[i]
                    var v = state.linearVelocity, w = state.angularVelocity
                    body.pointee.center = body.pointee.center + state.deltaPosition
                    body.pointee.transform.q = mulRot(state.deltaRotation, body.pointee.transform.q).normalized()
                    body.pointee.transform.p =
                        body.pointee.center - body.pointee.transform.q.rotate(body.pointee.localCenter)
                    if body.pointee.stopAfterStep {
                        // A kinematic body that reached its target stops there.
                        body.pointee.stopAfterStep = false
                        v = .zero
                        w = 0
                        stateList[i].linearVelocity = v
                        stateList[i].angularVelocity = w
                    }
                    body.pointee.linearVelocity = v
                    body.pointee.angularVelocity = w
                    body.pointee.force = .zero
                    body.pointee.torque = 0

                    if enableSleep && body.pointee.enableSleep {
                        let sleepVelocity = max(v.length, body.pointee.maxExtent * abs(w))
                        body.pointee.sleepTime = sleepVelocity > sleepThreshold ? 0 : body.pointee.sleepTime + dt
                        longestStill = max(longestStill, body.pointee.sleepTime)
                    } else {
                        body.pointee.sleepTime = 0
                    }

                    // A body that moved farther than speculative contacts reach may have entered or
                    // passed something this step: it is swept afterwards, unless nothing it can
                    // reach was out of the solver's sight (`needsSweep`). (Box2D v3 sweeps only past
                    // half the smallest extent; then a box landing at 10 m/s sinks a speculative
                    // margin's worth of 12 cm into the ground for a few frames, which UIKit scenes,
                    // where items fall fast onto edges, would show.)
                    // Joints' and contacts' position correction moves bodies too, beyond what the final
                    // velocity says: take whichever is larger, the velocity's reach or the actual move.
                    let q = body.pointee.transform.q, q0 = body.pointee.rotation0
                    let turned = abs(q0.c * q.s - q0.s * q.c)
                    let maxExtent = body.pointee.maxExtent
                    let moved = (body.pointee.center - body.pointee.center0).length + turned * maxExtent
                    let motion = max(v.length * dt + abs(w) * dt * maxExtent, moved)
                    body.pointee.movedFar = motion >= continuousSafetyFactor * body.pointee.minExtent
                    if enableContinuous && body.pointee.type == .dynamic && motion > Tolerance.speculativeDistance
                        && needsSweep(body, motion: motion, dt: dt, obstacles: obstacles, bodies: bodyList, states: stateList)
                    {
                        body.pointee.isFast = true
                        scratch.fastBodies.append(bodyIndex)
                        scratch.fastBodyMayTunnel.append(motion >= continuousSafetyFactor * body.pointee.minExtent)
                        continue
                    }
                    body.pointee.center0 = body.pointee.center
                    body.pointee.rotation0 = q
                }
            }
        }
        updateAwakeBodyAABBs()
    }

    /// `updateBodyAABBs` for every awake body not being swept, in awake order (the order the
    /// broad phase's move buffer then has), through the bodies' and shapes' buffers taken once:
    /// taken per body, their checks cost as much as the boxes.
    func updateAwakeBodyAABBs() {
        bodies.withUnsafeMutableBufferPointer { bodyList in
            shapes.withUnsafeMutableBufferPointer { shapeList in
                awakeBodies.withUnsafeBufferPointer { awake in
                    for index in awake {
                        let body = bodyList.baseAddress! + Int(index)
                        if !body.pointee.isFast { updateBodyAABBs(body, shapes: shapeList) }
                    }
                }
            }
        }
    }

    /// Updates the boxes of a body's shapes to its pose, and grows the fat boxes it left.
    /// In place: a shape record holds its whole geometry.
    func updateBodyAABBs(_ body: UnsafeMutablePointer<Body>, shapes shapeList: UnsafeMutableBufferPointer<Shape>) {
        let transform = body.pointee.transform
        var s = body.pointee.shapeHead
        var changed = false
        while s != -1 {
            let shape = shapeList.baseAddress! + Int(s)
            let aabb = ShapeGeometry.computeAABB(shape.pointer(to: \.geometry)!, transform)
            shape.pointee.aabb = aabb
            // Fattened again before the box comes within the speculative margin of the fat
            // box's edge (as Box2D v3 does): whatever lies within that margin of the shape is
            // then paired with it and has speculative points at the next step. Tested on the
            // box alone, a small item that ended a step touching a boundary just inside its
            // fat box had no contact there, and sank a whole step's travel into it. The new fat
            // box is grown from that reach, not from the box, as Box2D v3 grows it: the shape then
            // has the whole margin to move before its proxy moves again (a settling pile of 5,050
            // boxes moved some 480 proxies a step instead of 560 over its first 60 steps, and 107
            // instead of 158 after). The margin is a quarter of the body's largest extent, at most
            // `aabbMargin`, as Box2D v3.2 scales it (an eighth, at most 5 cm): small items' boxes
            // then pair only with what is near them (a rain of 2,000 items of 16 to 28 points
            // keeps a fifth fewer instructions a step than with 10 cm), a box of 100 points
            // keeps the whole 10 cm.
            let reach = aabb.fattened(by: Tolerance.speculativeDistance)
            if !shape.pointee.fatAABB.contains(reach) {
                let fat = reach.fattened(by: min(Tolerance.aabbMargin, Tolerance.aabbMarginFraction * body.pointee.maxExtent))
                shape.pointee.fatAABB = fat
                changed = true
                if shape.pointee.proxyKey != -1 { broadPhase.enlargeProxy(shape.pointee.proxyKey, aabb: fat) }
            }
            s = shape.pointee.nextShape
        }
        if changed { body.pointee.fatBoxStamp = collideStamp }
    }

    /// Whether every awake body that has been still for `timeToSleep` touches an awake body
    /// that has not: then each is in an island that cannot sleep. Touching contacts between
    /// awake bodies are the very edges `updateSleep` joins islands by (joints only join more).
    func everyStillBodyTouchesAMovingOne() -> Bool {
        let timeToSleep = self.timeToSleep
        return bodies.withUnsafeBufferPointer { bodyList in
            contacts.withUnsafeBufferPointer { contactList in
                @inline(__always) func stillTime(_ body: UnsafePointer<Body>) -> Float {
                    body.pointee.enableSleep ? body.pointee.sleepTime : 0
                }
                for i in 0..<awakeBodies.count {
                    let body = bodyList.baseAddress! + Int(awakeBodies[i])
                    guard stillTime(body) >= timeToSleep else { continue }
                    var touchesMoving = false
                    var key = body.pointee.contactHead
                    while key != -1 {
                        let contact = contactList.baseAddress! + Int(key >> 1)
                        let isA = key & 1 == 0
                        if contact.pointee.isTouching {
                            let other = bodyList.baseAddress! + Int(isA ? contact.pointee.bodyB : contact.pointee.bodyA)
                            if other.pointee.awakeIndex >= 0 && stillTime(other) < timeToSleep {
                                touchesMoving = true
                                break
                            }
                        }
                        key = isA ? contact.pointee.nextA : contact.pointee.nextB
                    }
                    if !touchesMoving { return false }
                }
                return true
            }
        }
    }

    /// Finds islands of awake dynamic bodies joined by touching contacts and joints, and puts
    /// to sleep every island whose bodies have all been still for `timeToSleep`.
    func updateSleep(_ dt: Float) {
        let count = awakeBodies.count
        // An island sleeps only when all its bodies have been still long enough: while no
        // body has (a pile settling), or every one that has touches one that has not (the
        // bottom of a pile whose top still moves), there are no islands to find.
        guard count > 0, scratch.longestStill >= timeToSleep, !everyStillBodyTouchesAMovingOne() else { return }
        var parent = scratch.islandParent
        scratch.islandParent = []
        parent.removeAll(keepingCapacity: true)
        for i in 0..<count { parent.append(Int32(i)) }
        var minSleep = scratch.islandMinSleepTime
        scratch.islandMinSleepTime = []
        minSleep.removeAll(keepingCapacity: true)
        minSleep.append(contentsOf: repeatElement(Float.greatestFiniteMagnitude, count: count))
        // Through the buffers: local functions capturing the arrays checked their uniqueness
        // at every step of every find.
        parent.withUnsafeMutableBufferPointer { parentBuffer in
            let parent = parentBuffer.baseAddress!
            @inline(__always) func find(_ x: Int32) -> Int32 {
                var x = x
                while parent[Int(x)] != x {
                    parent[Int(x)] = parent[Int(parent[Int(x)])]
                    x = parent[Int(x)]
                }
                return x
            }
            @inline(__always) func union(_ a: Int32, _ b: Int32) {
                let ra = find(a), rb = find(b)
                if ra != rb {
                    if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb }
                }
            }
            for c in scratch.contactReferences where c.indexA >= 0 && c.indexB >= 0 {
                union(c.indexA, c.indexB)
            }
            for j in scratch.activeJoints {
                let a = bodies[Int(joints[Int(j)].bodyA)].awakeIndex
                let b = bodies[Int(joints[Int(j)].bodyB)].awakeIndex
                if a >= 0 && b >= 0 { union(a, b) }
            }
            minSleep.withUnsafeMutableBufferPointer { minSleep in
                bodies.withUnsafeBufferPointer { bodyList in
                    for i in 0..<count {
                        // Read in place: a body is a large record.
                        let body = bodyList.baseAddress! + Int(awakeBodies[i])
                        let r = Int(find(Int32(i)))
                        let t = body.pointee.enableSleep ? body.pointee.sleepTime : 0
                        minSleep[r] = min(minSleep[r], t)
                    }
                }
            }
            // Every entry to its root, for the islands that sleep below.
            for i in 0..<count { parent[i] = find(Int32(i)) }
        }
        // Collect the islands that sleep, by root, in awake order (deterministic).
        var sleepingRoots: [Int32] = []
        for i in 0..<count where parent[i] == Int32(i) && minSleep[i] >= timeToSleep {
            sleepingRoots.append(Int32(i))
        }
        if !sleepingRoots.isEmpty {
            var members: [Int32: [Int32]] = [:]
            for r in sleepingRoots { members[r] = [] }
            for i in 0..<count {
                let r = parent[i]
                if members[r] != nil { members[r]!.append(awakeBodies[i]) }
            }
            for r in sleepingRoots { putIslandToSleep(members[r]!) }
        }
        scratch.islandParent = parent
        scratch.islandMinSleepTime = minSleep
    }
}
