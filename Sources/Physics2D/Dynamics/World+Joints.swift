extension World {
    // MARK: Creating joints

    // Each joint keeps its definition's settings, sanitised (`sanitised` on each kind).

    package func createDistanceJoint(_ def: DistanceJointDef) -> JointID {
        createJoint(def.base, data: .distance(DistanceJointData(settings: def.settings.sanitised)))
    }

    package func createRevoluteJoint(_ def: RevoluteJointDef) -> JointID {
        createJoint(def.base, data: .revolute(RevoluteJointData(settings: def.settings.sanitised)))
    }

    package func createWeldJoint(_ def: WeldJointDef) -> JointID {
        createJoint(def.base, data: .weld(WeldJointData(settings: def.settings.sanitised)))
    }

    package func createPrismaticJoint(_ def: PrismaticJointDef) -> JointID {
        guard let settings = def.settings.sanitised else { return .null }
        return createJoint(def.base, data: .prismatic(PrismaticJointData(settings: settings)))
    }

    package func createTargetJoint(_ def: TargetJointDef) -> JointID {
        guard let settings = def.settings.sanitised else { return .null }
        return createJoint(
            bodyA: groundBody, bodyB: def.body, anchorA: .zero, anchorB: def.localAnchor,
            collideConnected: true, userData: def.userData, data: .target(TargetJointData(settings: settings)))
    }

    /// A static body at the origin that target joints hang from.
    var groundBody: BodyID {
        if let ground = groundBodyID, isValid(ground) { return ground }
        var def = BodyDef()
        def.type = .static
        let id = createBody(def)
        groundBodyID = id
        return id
    }

    package func isValid(_ id: JointID) -> Bool {
        id.names(in: joints)
    }

    /// Destroys a joint and wakes its bodies.
    package func destroyJoint(_ id: JointID) {
        precondition(!isLocked, "joints cannot be destroyed during a step")
        guard isValid(id) else { return }
        destroyJointInternal(id.index)
    }

    package func jointBodies(_ id: JointID) -> (BodyID, BodyID) {
        guard isValid(id) else { return (.null, .null) }
        return (bodyID(joints[Int(id.index)].bodyA), bodyID(joints[Int(id.index)].bodyB))
    }

    /// The joint's anchors in world coordinates now.
    package func jointWorldAnchors(_ id: JointID) -> (Vec2, Vec2) {
        guard isValid(id) else { return (.zero, .zero) }
        let j = joints[Int(id.index)]
        let a = bodies[Int(j.bodyA)].transform.apply(j.base.localOriginAnchorA)
        let b = bodies[Int(j.bodyB)].transform.apply(j.base.localOriginAnchorB)
        if case .target(let t) = j.data { return (t.settings.target, b) }
        return (a, b)
    }

    // MARK: Changing joints (each wakes the joint's bodies)

    /// Moves the anchor on body A (in A's local frame).
    package func setLocalAnchorA(_ id: JointID, _ anchor: Vec2) {
        guard isValid(id), anchor.isValid else { return }
        joints[Int(id.index)].base.localOriginAnchorA = anchor
        wakeJointBodies(id.index)
    }

    package func setLocalAnchorB(_ id: JointID, _ anchor: Vec2) {
        guard isValid(id), anchor.isValid else { return }
        joints[Int(id.index)].base.localOriginAnchorB = anchor
        wakeJointBodies(id.index)
    }

    package func setDistanceJointLength(_ id: JointID, _ length: Float) {
        guard isValid(id), length.isFinite, case .distance(var d) = joints[Int(id.index)].data else { return }
        d.settings.length = max(length, Tolerance.linearSlop)
        d.impulse = 0
        joints[Int(id.index)].data = .distance(d)
        wakeJointBodies(id.index)
    }

    package func distanceJointLength(_ id: JointID) -> Float {
        guard isValid(id), case .distance(let d) = joints[Int(id.index)].data else { return 0 }
        return d.settings.length
    }

    /// Turns the spring on (hertz > 0) or makes the joint rigid (hertz 0).
    package func setDistanceJointSpring(_ id: JointID, hertz: Float, dampingRatio: Float) {
        guard isValid(id), hertz.isFinite, dampingRatio.isFinite, case .distance(var d) = joints[Int(id.index)].data
        else { return }
        d.settings.spring = JointSpring(enabled: hertz > 0, hertz: hertz, dampingRatio: dampingRatio).sanitised
        joints[Int(id.index)].data = .distance(d)
        wakeJointBodies(id.index)
    }

    package func setDistanceJointLimits(_ id: JointID, enabled: Bool, minLength: Float, maxLength: Float) {
        guard isValid(id), !minLength.isNaN, !maxLength.isNaN, case .distance(var d) = joints[Int(id.index)].data
        else { return }
        d.settings.enableLimit = enabled
        d.settings.minLength = max(0, minLength)
        d.settings.maxLength = max(d.settings.minLength, maxLength)
        joints[Int(id.index)].data = .distance(d)
        wakeJointBodies(id.index)
    }

    package func setRevoluteJointFriction(_ id: JointID, maxTorque: Float) {
        guard isValid(id), maxTorque.isFinite, case .revolute(var r) = joints[Int(id.index)].data else { return }
        r.settings.motor = JointMotor(enabled: maxTorque > 0, speed: 0, maxForce: maxTorque).sanitised
        joints[Int(id.index)].data = .revolute(r)
        wakeJointBodies(id.index)
    }

    package func setRevoluteJointLimits(_ id: JointID, enabled: Bool, lower: Float, upper: Float) {
        guard isValid(id), !lower.isNaN, !upper.isNaN, case .revolute(var r) = joints[Int(id.index)].data else { return }
        r.settings.limit = JointLimit(enabled: enabled, lower: lower, upper: upper).sanitised
        joints[Int(id.index)].data = .revolute(r)
        wakeJointBodies(id.index)
    }

    package func setPrismaticJointLimits(_ id: JointID, enabled: Bool, lower: Float, upper: Float) {
        guard isValid(id), !lower.isNaN, !upper.isNaN, case .prismatic(var p) = joints[Int(id.index)].data else {
            return
        }
        p.settings.limit = JointLimit(enabled: enabled, lower: lower, upper: upper).sanitised
        joints[Int(id.index)].data = .prismatic(p)
        wakeJointBodies(id.index)
    }

    package func setTarget(_ id: JointID, _ target: Vec2) {
        guard isValid(id), target.isValid, case .target(var t) = joints[Int(id.index)].data else { return }
        t.settings.target = target
        joints[Int(id.index)].data = .target(t)
        wakeJointBodies(id.index)
    }

    package func setTargetJointSpring(_ id: JointID, hertz: Float, dampingRatio: Float) {
        guard isValid(id), hertz.isFinite, dampingRatio.isFinite, case .target(var t) = joints[Int(id.index)].data
        else { return }
        t.settings.hertz = max(0, hertz)
        t.settings.dampingRatio = max(0, dampingRatio)
        t.settings.angularHertz = t.settings.angularHertz > 0 ? t.settings.hertz : 0
        t.settings.angularDampingRatio = t.settings.dampingRatio
        joints[Int(id.index)].data = .target(t)
        wakeJointBodies(id.index)
    }

    /// Every joint's world anchors, for drawing.
    package var jointIDs: [JointID] {
        joints.indices.compactMap { i in
            joints[i].isAlive ? JointID(index: Int32(i), generation: joints[i].generation) : nil
        }
    }

    // MARK: Internals

    func createJoint(_ def: JointDef, data: JointData) -> JointID {
        createJoint(
            bodyA: def.bodyA, bodyB: def.bodyB, anchorA: def.localAnchorA, anchorB: def.localAnchorB,
            collideConnected: def.collideConnected, userData: def.userData, data: data)
    }

    func createJoint(
        bodyA: BodyID, bodyB: BodyID, anchorA: Vec2, anchorB: Vec2, collideConnected: Bool, userData: Int,
        data: JointData
    ) -> JointID {
        precondition(!isLocked, "joints cannot be created during a step")
        guard isValid(bodyA), isValid(bodyB), bodyA != bodyB, anchorA.isValid, anchorB.isValid else { return .null }
        let index = claimSlot(in: &joints, free: &freeJoints, empty: Joint())
        var joint = Joint()
        joint.generation = joints[Int(index)].generation &+ 1
        joint.isAlive = true
        joint.base.bodyA = bodyA.index
        joint.base.bodyB = bodyB.index
        joint.base.localOriginAnchorA = anchorA
        joint.base.localOriginAnchorB = anchorB
        joint.base.collideConnected = collideConnected
        joint.data = data
        joint.userData = userData
        // Link into both bodies' joint lists (edge keys: index × 2 + side).
        let keyA = index << 1
        let keyB = index << 1 | 1
        joint.nextA = bodies[Int(bodyA.index)].jointHead
        joint.nextB = bodies[Int(bodyB.index)].jointHead
        joints[Int(index)] = joint
        if joint.nextA != -1 { setJointPrev(joint.nextA, keyA) }
        bodies[Int(bodyA.index)].jointHead = keyA
        if joint.nextB != -1 { setJointPrev(joint.nextB, keyB) }
        bodies[Int(bodyB.index)].jointHead = keyB
        // Bodies joined without collideConnected must not touch: drop their contacts.
        if !collideConnected {
            var key = bodies[Int(bodyA.index)].contactHead
            while key != -1 {
                let c = key >> 1
                let next = (key & 1) == 0 ? contacts[Int(c)].nextA : contacts[Int(c)].nextB
                let other = (key & 1) == 0 ? contacts[Int(c)].bodyB : contacts[Int(c)].bodyA
                if other == bodyB.index { destroyContact(c, wakeBodies: false) }
                key = next
            }
        }
        wakeJointBodies(index)
        return JointID(index: index, generation: joint.generation)
    }

    func setJointPrev(_ key: Int32, _ prev: Int32) {
        if (key & 1) == 0 { joints[Int(key >> 1)].prevA = prev } else { joints[Int(key >> 1)].prevB = prev }
    }

    func setJointNext(_ key: Int32, _ next: Int32) {
        if (key & 1) == 0 { joints[Int(key >> 1)].nextA = next } else { joints[Int(key >> 1)].nextB = next }
    }

    func destroyJointInternal(_ index: Int32) {
        let j = joints[Int(index)]
        // Unlink edge A.
        if j.prevA != -1 { setJointNext(j.prevA, j.nextA) } else { bodies[Int(j.bodyA)].jointHead = j.nextA }
        if j.nextA != -1 { setJointPrev(j.nextA, j.prevA) }
        // Unlink edge B.
        if j.prevB != -1 { setJointNext(j.prevB, j.nextB) } else { bodies[Int(j.bodyB)].jointHead = j.nextB }
        if j.nextB != -1 { setJointPrev(j.nextB, j.prevB) }
        wakeBody(j.bodyA)
        wakeBody(j.bodyB)
        joints[Int(index)].isAlive = false
        freeJoints.append(index)
        // Bodies that may now collide get paired on their next move.
        if !j.base.collideConnected {
            for body in [j.bodyA, j.bodyB] {
                var s = bodies[Int(body)].shapeHead
                while s != -1 {
                    if shapes[Int(s)].proxyKey != -1 { broadPhase.bufferMove(shapes[Int(s)].proxyKey) }
                    s = shapes[Int(s)].nextShape
                }
            }
        }
    }

    func wakeJointBodies(_ index: Int32) {
        wakeBody(joints[Int(index)].bodyA)
        wakeBody(joints[Int(index)].bodyB)
    }

    /// True when a joint between the two bodies forbids their collision.
    func jointPreventsCollision(_ a: Int32, _ b: Int32) -> Bool {
        var key = bodies[Int(a)].jointHead
        while key != -1 {
            let j = joints[Int(key >> 1)]
            let other = (key & 1) == 0 ? j.bodyB : j.bodyA
            if other == b && !j.base.collideConnected { return true }
            key = (key & 1) == 0 ? j.nextA : j.nextB
        }
        return false
    }
}
