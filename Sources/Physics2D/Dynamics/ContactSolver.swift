// The soft-step contact solver, after Box2D v3 (`contact_solver.c`, scalar path).
//
// Contact separation under substepping: manifolds are computed once per step; within the
// substeps the separation is carried forward from the bodies' motion with the normal held
// fixed:
//   s = s0 + dot((cB + dpB + rot(dqB, rB)) - (cA + dpA + rot(dqA, rA)), n)
//     = baseSeparation + dot(dpB - dpA + rot(dqB, rB) - rot(dqA, rA), n)
// with baseSeparation = s0 - dot(rB - rA, n) folded in once at preparation.

struct ContactConstraintPoint {
    /// Anchors relative to each centre of mass, world axes, fixed for the step.
    var anchorA: Vec2
    var anchorB: Vec2
    var baseSeparation: Float
    /// Normal velocity before solving, for restitution.
    var relativeVelocity: Float
    var normalImpulse: Float
    var tangentImpulse: Float
    var maxNormalImpulse: Float
    var normalMass: Float
    var tangentMass: Float

    static let zero = ContactConstraintPoint(
        anchorA: .zero, anchorB: .zero, baseSeparation: 0, relativeVelocity: 0, normalImpulse: 0, tangentImpulse: 0,
        maxNormalImpulse: 0, normalMass: 0, tangentMass: 0)
}

struct ContactConstraint {
    /// Awake-state indices; -1 means a static body.
    var indexA: Int32
    var indexB: Int32
    var contact: Int32
    var normal: Vec2
    var friction: Float
    var restitution: Float
    var softness: Softness
    // Masses copied in so the substeps never chase the body records.
    var invMassA: Float
    var invIA: Float
    var invMassB: Float
    var invIB: Float
    var pointCount: Int32
    var p0: ContactConstraintPoint
    var p1: ContactConstraintPoint
}

extension World {
    /// Builds the constraint of a touching contact; both bodies are awake or static.
    func makeContactConstraint(_ c: Int32, _ context: StepContext) -> ContactConstraint {
        let contact = contacts[Int(c)]
        let bodyA = bodies[Int(contact.bodyA)]
        let bodyB = bodies[Int(contact.bodyB)]
        let indexA = bodyA.awakeIndex
        let indexB = bodyB.awakeIndex
        let mA = bodyA.type == .dynamic ? bodyA.invMass : 0
        let iA = bodyA.type == .dynamic ? bodyA.invInertia : 0
        let mB = bodyB.type == .dynamic ? bodyB.invMass : 0
        let iB = bodyB.type == .dynamic ? bodyB.invInertia : 0
        let vA = indexA >= 0 ? states[Int(indexA)].linearVelocity : .zero
        let wA = indexA >= 0 ? states[Int(indexA)].angularVelocity : 0
        let vB = indexB >= 0 ? states[Int(indexB)].linearVelocity : .zero
        let wB = indexB >= 0 ? states[Int(indexB)].angularVelocity : 0
        let normal = contact.manifold.normal
        let tangent = normal.rightPerp
        let warm: Float = context.enableWarmStarting ? 1 : 0

        func point(_ mp: ManifoldPoint) -> ContactConstraintPoint {
            let rA = mp.anchorA
            let rB = mp.anchorB
            let rnA = cross(rA, normal), rnB = cross(rB, normal)
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            let vrA = vA + cross(wA, rA)
            let vrB = vB + cross(wB, rB)
            return ContactConstraintPoint(
                anchorA: rA, anchorB: rB, baseSeparation: mp.separation - dot(rB - rA, normal),
                relativeVelocity: dot(normal, vrB - vrA), normalImpulse: warm * mp.normalImpulse,
                tangentImpulse: warm * mp.tangentImpulse, maxNormalImpulse: 0,
                normalMass: kNormal > 0 ? 1 / kNormal : 0, tangentMass: kTangent > 0 ? 1 / kTangent : 0)
        }

        let m = contact.manifold
        let isStatic = indexA < 0 || indexB < 0
        return ContactConstraint(
            indexA: indexA, indexB: indexB, contact: c, normal: normal, friction: contact.friction,
            restitution: contact.restitution, softness: isStatic ? context.staticSoftness : context.contactSoftness,
            invMassA: mA, invIA: iA, invMassB: mB, invIB: iB, pointCount: Int32(m.pointCount),
            p0: m.pointCount > 0 ? point(m.points[0]) : .zero,
            p1: m.pointCount > 1 ? point(m.points[1]) : .zero)
    }
}

@inline(__always)
func warmStartContacts(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>, _ dummy: UnsafeMutablePointer<BodyState>) {
    for i in 0..<constraints.count {
        let c = constraints[i]
        let a = c.indexA >= 0 ? states + Int(c.indexA) : dummy
        let b = c.indexB >= 0 ? states + Int(c.indexB) : dummy
        var vA = a.pointee.linearVelocity, wA = a.pointee.angularVelocity
        var vB = b.pointee.linearVelocity, wB = b.pointee.angularVelocity
        let normal = c.normal, tangent = c.normal.rightPerp
        @inline(__always) func apply(_ cp: ContactConstraintPoint) {
            let P = cp.normalImpulse * normal + cp.tangentImpulse * tangent
            wA -= c.invIA * cross(cp.anchorA, P)
            vA = mulSub(vA, c.invMassA, P)
            wB += c.invIB * cross(cp.anchorB, P)
            vB = mulAdd(vB, c.invMassB, P)
        }
        apply(c.p0)
        if c.pointCount > 1 { apply(c.p1) }
        if c.indexA >= 0 {
            a.pointee.linearVelocity = vA
            a.pointee.angularVelocity = wA
        }
        if c.indexB >= 0 {
            b.pointee.linearVelocity = vB
            b.pointee.angularVelocity = wB
        }
    }
}

@inline(__always)
func solveContacts(
    _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>,
    _ dummy: UnsafeMutablePointer<BodyState>, inv_h: Float, pushout: Float, useBias: Bool
) {
    for i in 0..<constraints.count {
        let cptr = constraints.baseAddress! + i
        let c = cptr.pointee
        let a = c.indexA >= 0 ? states + Int(c.indexA) : dummy
        let b = c.indexB >= 0 ? states + Int(c.indexB) : dummy
        let sA = a.pointee, sB = b.pointee
        var vA = sA.linearVelocity, wA = sA.angularVelocity
        var vB = sB.linearVelocity, wB = sB.angularVelocity
        let dqA = sA.deltaRotation, dqB = sB.deltaRotation
        let dp = sB.deltaPosition - sA.deltaPosition
        let mA = c.invMassA, iA = c.invIA, mB = c.invMassB, iB = c.invIB
        let normal = c.normal, tangent = normal.rightPerp
        let softness = c.softness
        var p0 = c.p0, p1 = c.p1
        let twoPoints = c.pointCount > 1

        // Non-penetration.
        @inline(__always) func solveNormal(_ cp: inout ContactConstraintPoint) {
            let rA = cp.anchorA, rB = cp.anchorB
            // Current separation; subject to round-off when the anchor is far from the centre.
            let ds = dp + (dqB.rotate(rB) - dqA.rotate(rA))
            let s = cp.baseSeparation + dot(ds, normal)
            var velocityBias: Float = 0
            var massScale: Float = 1
            var impulseScale: Float = 0
            if s > 0 {
                velocityBias = s * inv_h  // speculative: the gap may close within this substep
            } else if useBias {
                velocityBias = max(softness.biasRate * s, -pushout)
                massScale = softness.massScale
                impulseScale = softness.impulseScale
            }
            let vrA = vA + cross(wA, rA)
            let vrB = vB + cross(wB, rB)
            let vn = dot(vrB - vrA, normal)
            var impulse = -cp.normalMass * massScale * (vn + velocityBias) - impulseScale * cp.normalImpulse
            let newImpulse = max(cp.normalImpulse + impulse, 0)
            impulse = newImpulse - cp.normalImpulse
            cp.normalImpulse = newImpulse
            cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
            let P = impulse * normal
            vA = mulSub(vA, mA, P)
            wA -= iA * cross(rA, P)
            vB = mulAdd(vB, mB, P)
            wB += iB * cross(rB, P)
        }
        // Coulomb friction, bounded by the normal impulse of the same point.
        @inline(__always) func solveTangent(_ cp: inout ContactConstraintPoint) {
            let rA = cp.anchorA, rB = cp.anchorB
            let vrB = vB + cross(wB, rB)
            let vrA = vA + cross(wA, rA)
            let vt = dot(vrB - vrA, tangent)
            var impulse = -cp.tangentMass * vt
            let maxFriction = c.friction * cp.normalImpulse
            let newImpulse = clamp(cp.tangentImpulse + impulse, -maxFriction, maxFriction)
            impulse = newImpulse - cp.tangentImpulse
            cp.tangentImpulse = newImpulse
            let P = impulse * tangent
            vA = mulSub(vA, mA, P)
            wA -= iA * cross(rA, P)
            vB = mulAdd(vB, mB, P)
            wB += iB * cross(rB, P)
        }

        solveNormal(&p0)
        if twoPoints { solveNormal(&p1) }
        solveTangent(&p0)
        if twoPoints { solveTangent(&p1) }

        cptr.pointee.p0 = p0
        cptr.pointee.p1 = p1
        if c.indexA >= 0 {
            a.pointee.linearVelocity = vA
            a.pointee.angularVelocity = wA
        }
        if c.indexB >= 0 {
            b.pointee.linearVelocity = vB
            b.pointee.angularVelocity = wB
        }
    }
}

/// Restitution as its own pass after the substeps, from the approach speed recorded at
/// preparation (Box2D v3): only points that closed faster than the threshold and carried load.
func applyRestitution(
    _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutablePointer<BodyState>,
    _ dummy: UnsafeMutablePointer<BodyState>, threshold: Float
) {
    for i in 0..<constraints.count {
        let cptr = constraints.baseAddress! + i
        let c = cptr.pointee
        guard c.restitution != 0 else { continue }
        let a = c.indexA >= 0 ? states + Int(c.indexA) : dummy
        let b = c.indexB >= 0 ? states + Int(c.indexB) : dummy
        var vA = a.pointee.linearVelocity, wA = a.pointee.angularVelocity
        var vB = b.pointee.linearVelocity, wB = b.pointee.angularVelocity
        let normal = c.normal
        var p0 = c.p0, p1 = c.p1
        @inline(__always) func bounce(_ cp: inout ContactConstraintPoint) {
            guard cp.relativeVelocity < -threshold, cp.maxNormalImpulse > 0 else { return }
            let rA = cp.anchorA, rB = cp.anchorB
            let vn = dot((vB + cross(wB, rB)) - (vA + cross(wA, rA)), normal)
            var impulse = -cp.normalMass * (vn + c.restitution * cp.relativeVelocity)
            let newImpulse = max(cp.normalImpulse + impulse, 0)
            impulse = newImpulse - cp.normalImpulse
            cp.normalImpulse = newImpulse
            cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
            let P = impulse * normal
            vA = mulSub(vA, c.invMassA, P)
            wA -= c.invIA * cross(rA, P)
            vB = mulAdd(vB, c.invMassB, P)
            wB += c.invIB * cross(rB, P)
        }
        bounce(&p0)
        if c.pointCount > 1 { bounce(&p1) }
        cptr.pointee.p0 = p0
        cptr.pointee.p1 = p1
        if c.indexA >= 0 {
            a.pointee.linearVelocity = vA
            a.pointee.angularVelocity = wA
        }
        if c.indexB >= 0 {
            b.pointee.linearVelocity = vB
            b.pointee.angularVelocity = wB
        }
    }
}
