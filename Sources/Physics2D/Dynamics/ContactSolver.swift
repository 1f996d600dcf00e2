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
    /// Copies lane `l`'s inputs from a touching contact whose bodies are awake (at `indexA`,
    /// `indexB`, whose masses `integration` holds) or static (-1):
    /// bodies, normal, material, masses, and each manifold point's anchors, separation and
    /// last impulses. `prepareLanes` then works the solver's terms out for all lanes at once.
    /// Every field of the lane is written (a static body's state is `dummy`), since the
    /// blocks are reused from step to step. A point's `normalMass` lane holds 1 where the
    /// contact has that point and 0 where not, until `prepareLanes` replaces it. The lane's
    /// bodies, contact and restitution go to the block's `links`.
    @inline(__always)
    mutating func prepareInputs(
        lane l: Int, contactIndex: Int32, _ contactPointer: UnsafePointer<Contact>, indexA: Int32, indexB: Int32,
        _ links: UnsafeMutablePointer<ContactBlockLinks>, _ integration: UnsafePointer<BodyIntegration>,
        _ states: UnsafeMutableBufferPointer<BodyState>, dummy: UnsafeMutablePointer<BodyState>
    ) {
        let normal = contactPointer.pointee.manifold.normal
        links.pointee.indexA[l] = indexA
        links.pointee.indexB[l] = indexB
        links.pointee.contact[l] = contactIndex
        links.pointee.restitution[l] = contactPointer.pointee.restitution
        stateA.set(l, indexA >= 0 ? states.baseAddress! + Int(indexA) : dummy)
        stateB.set(l, indexB >= 0 ? states.baseAddress! + Int(indexB) : dummy)
        normalX[l] = normal.x
        normalY[l] = normal.y
        friction[l] = contactPointer.pointee.friction
        // A static body (-1) has none.
        invMassA[l] = indexA >= 0 ? integration[Int(indexA)].invMass : 0
        invIA[l] = indexA >= 0 ? integration[Int(indexA)].invInertia : 0
        invMassB[l] = indexB >= 0 ? integration[Int(indexB)].invMass : 0
        invIB[l] = indexB >= 0 ? integration[Int(indexB)].invInertia : 0

        // The manifold's points are read through a span: an InlineArray element read through
        // a pointer copies the whole array first.
        let points = contactPointer.pointee.manifold.points.span
        let pointCount = contactPointer.pointee.manifold.pointCount
        @inline(__always) func point(_ mp: ManifoldPoint, _ lanes: inout PointLanes) {
            lanes.anchorAX[l] = mp.anchorA.x
            lanes.anchorAY[l] = mp.anchorA.y
            lanes.anchorBX[l] = mp.anchorB.x
            lanes.anchorBY[l] = mp.anchorB.y
            lanes.baseSeparation[l] = mp.separation
            lanes.normalImpulse[l] = mp.normalImpulse
            lanes.tangentImpulse[l] = mp.tangentImpulse
            lanes.normalMass[l] = 1
        }
        if pointCount > 0 { point(points[0], &p0) } else { p0.clearLane(l) }
        if pointCount > 1 { point(points[1], &p1) } else { p1.clearLane(l) }
    }

    /// Works out every lane's solver terms from the inputs `prepareInputs` copied, eight (or
    /// four) contacts at a time, as Box2D v3 prepares its wide constraints: softness, warm
    /// starting impulses, each point's base separation, approach speed and effective masses,
    /// and the 2 × 2 block inverse. The arithmetic is the scalar one's, operation for
    /// operation, so the result does not depend on the width. Returns the bits of the lanes
    /// with an inelastic point struck this step: it closes faster than the restitution
    /// threshold and would close its gap within the step (see `World.solveImpacts`). Each
    /// point's approach speed goes to the block's `links`, for restitution.
    @inline(__always)
    mutating func prepareLanes(_ links: UnsafeMutablePointer<ContactBlockLinks>, _ context: StepContext) -> UInt32 {
        let zero = Lanes(repeating: 0)
        let (vAx, vAy, wA, _) = stateA.gather(0)
        let (vBx, vBy, wB, _) = stateB.gather(0)
        let mA = invMassA, iA = invIA, mB = invMassB, iB = invIB
        let nx = normalX, ny = normalY
        let tx = ny, ty = -nx
        // Softness by kind: the solve picks the step's static or contact softness per lane.
        isStatic = negativeLanes(links.pointee.indexA) .| negativeLanes(links.pointee.indexB)
        let warm = Lanes(repeating: context.enableWarmStarting ? 1 : 0)
        let threshold = Lanes(repeating: -context.restitutionThreshold)
        let dt = Lanes(repeating: context.dt)
        let one = Lanes(repeating: 1)
        var strikes = LaneMask(repeating: false)
        @inline(__always) func point(_ lanes: inout PointLanes, _ approach: inout Lanes) -> (
            rnA: Lanes, rnB: Lanes, has: LaneMask
        ) {
            let has = lanes.normalMass .> zero
            let rAx = lanes.anchorAX, rAy = lanes.anchorAY, rBx = lanes.anchorBX, rBy = lanes.anchorBY
            let rnA = rAx * ny - rAy * nx, rnB = rBx * ny - rBy * nx
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let rtA = rAx * ty - rAy * tx, rtB = rBx * ty - rBy * tx
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            let vrAx = vAx + -wA * rAy, vrAy = vAy + wA * rAx
            let vrBx = vBx + -wB * rBy, vrBy = vBy + wB * rBx
            let dx = rBx - rAx, dy = rBy - rAy
            let baseSeparation = lanes.baseSeparation - (dx * nx + dy * ny)
            let relativeVelocity = nx * (vrBx - vrAx) + ny * (vrBy - vrAy)
            lanes.baseSeparation = baseSeparation.replacing(with: zero, where: .!has)
            approach = relativeVelocity.replacing(with: zero, where: .!has)
            lanes.normalImpulse = warm * lanes.normalImpulse
            lanes.tangentImpulse = warm * lanes.tangentImpulse
            lanes.maxNormalImpulse = zero
            lanes.normalMass = (one / kNormal).replacing(with: zero, where: .!(has .& (kNormal .> zero)))
            lanes.tangentMass = (one / kTangent).replacing(with: zero, where: .!(has .& (kTangent .> zero)))
            let separation = baseSeparation + (dx * nx + dy * ny)
            strikes .|= has .& (relativeVelocity .< threshold) .& (separation + relativeVelocity * dt .< zero)
            return (rnA, rnB, has)
        }
        let (rnA0, rnB0, _) = point(&p0, &links.pointee.relativeVelocity0)
        let (rnA1, rnB1, hasSecond) = point(&p1, &links.pointee.relativeVelocity1)
        // Two points are solved together when K is well conditioned, as Box2D v2's block
        // solver does: one after the other, the first point takes the whole impact and a box
        // landing flat starts to spin.
        let k11 = mA + mB + iA * rnA0 * rnA0 + iB * rnB0 * rnB0
        let k22 = mA + mB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1
        let k12 = mA + mB + iA * rnA0 * rnA1 + iB * rnB0 * rnB1
        let det = k11 * k22 - k12 * k12
        let invDet = one / det
        let asBlock = hasSecond .& (k11 .> zero) .& (k22 .> zero)
            .& (k11 * k11 .< Lanes(repeating: blockSolverMaxCondition) * det)
        coupling = k12.replacing(with: zero, where: .!hasSecond)
        inverse11 = (k22 * invDet).replacing(with: zero, where: .!asBlock)
        inverse12 = (-k12 * invDet).replacing(with: zero, where: .!asBlock)
        inverse22 = (k11 * invDet).replacing(with: zero, where: .!asBlock)
        return laneBits(strikes .& (links.pointee.restitution .== zero))
    }
}
