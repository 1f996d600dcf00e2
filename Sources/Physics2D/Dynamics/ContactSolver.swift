// Contact constraints: what the solver needs of each touching contact, prepared once per
// step (the wide solver in `ContactSolverSIMD.swift` then packs them four to a block).
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
    /// The two points' coupling: how much an impulse at one changes the other's normal
    /// velocity (the off-diagonal of the 2 × 2 effective-mass matrix K).
    var coupling: Float = 0
    /// K⁻¹ (11, 12, 22) when the two points can be solved as a block, else nil.
    var blockInverse: (Float, Float, Float)? = nil
}

/// Most sweeps the impact pass makes in a step (see `World.solveImpacts`).
let maxImpactSweeps = 64

extension ContactConstraint {
    /// Whether a point closes faster than `speed` and would close its gap within `dt`.
    func strikes(within dt: Float, faster speed: Float) -> Bool {
        func strikes(_ p: ContactConstraintPoint) -> Bool {
            guard p.relativeVelocity < -speed else { return false }
            let separation = p.baseSeparation + dot(p.anchorB - p.anchorA, normal)
            return separation + p.relativeVelocity * dt < 0
        }
        return strikes(p0) || (pointCount > 1 && strikes(p1))
    }
}

/// Above this condition number K is too near singular (the points almost coincide or sit
/// along the normal through the centre) and the points are solved one after the other.
let blockSolverMaxCondition: Float = 1000

extension World {
    /// Builds the constraint of a touching contact; both bodies are awake or static.
    @inline(__always)
    static func makeContactConstraint(
        _ c: Int32, _ contactPointer: UnsafePointer<Contact>, _ bodyA: UnsafePointer<Body>,
        _ bodyB: UnsafePointer<Body>, _ states: UnsafeBufferPointer<BodyState>, _ context: StepContext
    ) -> ContactConstraint {
        let indexA = bodyA.pointee.awakeIndex
        let indexB = bodyB.pointee.awakeIndex
        let mA = bodyA.pointee.type == .dynamic ? bodyA.pointee.invMass : 0
        let iA = bodyA.pointee.type == .dynamic ? bodyA.pointee.invInertia : 0
        let mB = bodyB.pointee.type == .dynamic ? bodyB.pointee.invMass : 0
        let iB = bodyB.pointee.type == .dynamic ? bodyB.pointee.invInertia : 0
        let vA = indexA >= 0 ? states[Int(indexA)].linearVelocity : .zero
        let wA = indexA >= 0 ? states[Int(indexA)].angularVelocity : 0
        let vB = indexB >= 0 ? states[Int(indexB)].linearVelocity : .zero
        let wB = indexB >= 0 ? states[Int(indexB)].angularVelocity : 0
        let normal = contactPointer.pointee.manifold.normal
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

        let pointCount = contactPointer.pointee.manifold.pointCount
        let isStatic = indexA < 0 || indexB < 0
        var constraint = ContactConstraint(
            indexA: indexA, indexB: indexB, contact: c, normal: normal, friction: contactPointer.pointee.friction,
            restitution: contactPointer.pointee.restitution, softness: isStatic ? context.staticSoftness : context.contactSoftness,
            invMassA: mA, invIA: iA, invMassB: mB, invIB: iB, pointCount: Int32(pointCount),
            p0: pointCount > 0 ? point(contactPointer.pointee.manifold.points[0]) : .zero,
            p1: pointCount > 1 ? point(contactPointer.pointee.manifold.points[1]) : .zero)
        if pointCount > 1 {
            // Two points are solved together when K is well conditioned, as Box2D v2's block
            // solver does: one after the other, the first point takes the whole impact and a
            // box landing flat starts to spin.
            let rnA0 = cross(constraint.p0.anchorA, normal), rnB0 = cross(constraint.p0.anchorB, normal)
            let rnA1 = cross(constraint.p1.anchorA, normal), rnB1 = cross(constraint.p1.anchorB, normal)
            let k11 = mA + mB + iA * rnA0 * rnA0 + iB * rnB0 * rnB0
            let k22 = mA + mB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1
            let k12 = mA + mB + iA * rnA0 * rnA1 + iB * rnB0 * rnB1
            constraint.coupling = k12
            let det = k11 * k22 - k12 * k12
            if k11 > 0, k22 > 0, k11 * k11 < blockSolverMaxCondition * det {
                let invDet = 1 / det
                constraint.blockInverse = (k22 * invDet, -k12 * invDet, k11 * invDet)
            }
        }
        return constraint
    }
}
