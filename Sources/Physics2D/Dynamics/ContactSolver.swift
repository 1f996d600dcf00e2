// Contact constraints: what the solver needs of each touching contact, prepared once per
// step straight into its lane of the wide solver's blocks (`ContactSolverSIMD.swift`).
//
// Contact separation under substepping: manifolds are computed once per step; within the
// substeps the separation is carried forward from the bodies' motion with the normal held
// fixed:
//   s = s0 + dot((cB + dpB + rot(dqB, rB)) - (cA + dpA + rot(dqA, rA)), n)
//     = baseSeparation + dot(dpB - dpA + rot(dqB, rB) - rot(dqA, rA), n)
// with baseSeparation = s0 - dot(rB - rA, n) folded in once at preparation.

/// A touching contact of the step, in the order the contacts are listed: which contact, and
/// its bodies' awake-state indices (-1 for a static body). The solver's lanes are prepared
/// straight from the contact once it is coloured; this is all the colouring needs.
package struct ContactReference {
    package var contact: Int32
    package var indexA: Int32
    package var indexB: Int32

    package init(contact: Int32, indexA: Int32, indexB: Int32) {
        self.contact = contact
        self.indexA = indexA
        self.indexB = indexB
    }
}

/// Most sweeps the impact pass makes in a step (see `World.solveImpacts`).
let maxImpactSweeps = 64

/// Above this condition number K is too near singular (the points almost coincide or sit
/// along the normal through the centre) and the points are solved one after the other.
let blockSolverMaxCondition: Float = 1000

extension ContactBlock {
    /// Prepares lane `l` from a touching contact whose bodies are awake or static: anchors,
    /// masses, softness, warm-starting impulses and the 2 × 2 block inverse. Written in place,
    /// lane by lane, as Box2D v3 prepares its wide constraints; every field of the lane is
    /// written (a static body's state is `dummy`), since the blocks are reused from step to
    /// step. Returns whether an inelastic point of it is struck this step: it closes faster
    /// than the restitution threshold and would close its gap within the step (see
    /// `World.solveImpacts`).
    @inline(__always)
    mutating func prepare(
        lane l: Int, contactIndex: Int32, _ contactPointer: UnsafePointer<Contact>, _ bodyA: UnsafePointer<Body>,
        _ bodyB: UnsafePointer<Body>, _ states: UnsafeMutableBufferPointer<BodyState>,
        dummy: UnsafeMutablePointer<BodyState>, _ context: StepContext
    ) -> Bool {
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
        let restitution = contactPointer.pointee.restitution
        let softness = indexA < 0 || indexB < 0 ? context.staticSoftness : context.contactSoftness

        self.indexA[l] = indexA
        self.indexB[l] = indexB
        stateA.set(l, indexA >= 0 ? states.baseAddress! + Int(indexA) : dummy)
        stateB.set(l, indexB >= 0 ? states.baseAddress! + Int(indexB) : dummy)
        constraint[l] = contactIndex
        normalX[l] = normal.x
        normalY[l] = normal.y
        friction[l] = contactPointer.pointee.friction
        self.restitution[l] = restitution
        invMassA[l] = mA
        invIA[l] = iA
        invMassB[l] = mB
        invIB[l] = iB
        biasRate[l] = softness.biasRate
        massScale[l] = softness.massScale
        impulseScale[l] = softness.impulseScale

        // The manifold's points are read through a span: an InlineArray element read through
        // a pointer copies the whole array first.
        let points = contactPointer.pointee.manifold.points.span
        let pointCount = contactPointer.pointee.manifold.pointCount
        var strikes = false
        @inline(__always) func point(_ mp: ManifoldPoint, _ lanes: inout PointLanes) -> (rnA: Float, rnB: Float) {
            let rA = mp.anchorA
            let rB = mp.anchorB
            let rnA = cross(rA, normal), rnB = cross(rB, normal)
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            let vrA = vA + cross(wA, rA)
            let vrB = vB + cross(wB, rB)
            let baseSeparation = mp.separation - dot(rB - rA, normal)
            let relativeVelocity = dot(normal, vrB - vrA)
            lanes.anchorAX[l] = rA.x
            lanes.anchorAY[l] = rA.y
            lanes.anchorBX[l] = rB.x
            lanes.anchorBY[l] = rB.y
            lanes.baseSeparation[l] = baseSeparation
            lanes.relativeVelocity[l] = relativeVelocity
            lanes.normalImpulse[l] = warm * mp.normalImpulse
            lanes.tangentImpulse[l] = warm * mp.tangentImpulse
            lanes.maxNormalImpulse[l] = 0
            lanes.normalMass[l] = kNormal > 0 ? 1 / kNormal : 0
            lanes.tangentMass[l] = kTangent > 0 ? 1 / kTangent : 0
            if relativeVelocity < -context.restitutionThreshold {
                let separation = baseSeparation + dot(rB - rA, normal)
                if separation + relativeVelocity * context.dt < 0 { strikes = true }
            }
            return (rnA, rnB)
        }
        guard pointCount > 0 else {
            p0.clearLane(l)
            p1.clearLane(l)
            clearBlockSolve(l)
            return false
        }
        let (rnA0, rnB0) = point(points[0], &p0)
        if pointCount == 1 {
            p1.clearLane(l)
            clearBlockSolve(l)
        } else {
            let (rnA1, rnB1) = point(points[1], &p1)
            // Two points are solved together when K is well conditioned, as Box2D v2's block
            // solver does: one after the other, the first point takes the whole impact and a
            // box landing flat starts to spin.
            let k11 = mA + mB + iA * rnA0 * rnA0 + iB * rnB0 * rnB0
            let k22 = mA + mB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1
            let k12 = mA + mB + iA * rnA0 * rnA1 + iB * rnB0 * rnB1
            coupling[l] = k12
            let det = k11 * k22 - k12 * k12
            if k11 > 0, k22 > 0, k11 * k11 < blockSolverMaxCondition * det {
                let invDet = 1 / det
                inverse11[l] = k22 * invDet
                inverse12[l] = -k12 * invDet
                inverse22[l] = k11 * invDet
                solvesAsBlock[l] = 1
            } else {
                inverse11[l] = 0
                inverse12[l] = 0
                inverse22[l] = 0
                solvesAsBlock[l] = 0
            }
        }
        return restitution == 0 && strikes
    }
}
