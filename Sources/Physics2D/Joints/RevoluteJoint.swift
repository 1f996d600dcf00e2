/// A pin: the anchors coincide; rotation about them is free, resisted by a friction torque
/// (a motor at zero speed), pulled by an optional spring, and bounded by optional limits.
struct RevoluteJointData {
    /// The definition's settings, sanitised.
    var settings: RevoluteJointSettings

    var linearImpulse: Vec2 = .zero
    var springImpulse: Float = 0
    var motorImpulse: Float = 0
    var lowerImpulse: Float = 0
    var upperImpulse: Float = 0

    var axialMass: Float = 0
    var springSoftness = Softness.rigid
    /// Relative angle at the start of the step, so the substeps only add the deltas.
    var deltaAngle: Float = 0
    /// The joint angle at the bodies' substep rotations, for the next biased solve: the
    /// relax pass computes it after the substep's positions are integrated, and nothing
    /// turns a body before the next substep's biased solve (velocities only), so that solve
    /// reuses it instead of a second atan2. Prepared at the rotations every substep starts
    /// the step from (the identity).
    var substepAngle: Float = 0

    mutating func prepare(_ base: JointBase, _ context: StepContext) {
        let k = base.invIA + base.invIB
        axialMass = k > 0 ? 1 / k : 0
        springSoftness = settings.spring.softness(h: context.h)
        deltaAngle = wrapAngle(relativeAngle(base.rotationA, base.rotationB) - settings.referenceAngle)
        // `jointAngle` as the first substep sees it: `prepareIntegration` resets every awake
        // body's substep rotation to the identity, and a static body's state is the identity.
        substepAngle = wrapAngle(deltaAngle + relativeAngle(.identity, .identity))
        if !context.enableWarmStarting { resetImpulses() }
    }

    mutating func resetImpulses() {
        linearImpulse = .zero
        springImpulse = 0
        motorImpulse = 0
        lowerImpulse = 0
        upperImpulse = 0
    }

    func warmStart(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState) {
        let (rA, rB, _) = currentAnchors(base, a, b)
        let axial = springImpulse + motorImpulse + lowerImpulse - upperImpulse
        applyJointImpulse(base, &a, &b, rA: rA, rB: rB, P: linearImpulse, angular: axial)
    }

    /// The joint angle now: B's rotation relative to A's, minus the reference.
    func jointAngle(_ a: BodyState, _ b: BodyState) -> Float {
        let angle = deltaAngle + relativeAngle(a.deltaRotation, b.deltaRotation)
        return wrapAngle(angle)
    }

    mutating func solve(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState, _ context: StepContext, useBias: Bool) {
        let fixedRotation = base.invIA + base.invIB == 0
        let useSpring = settings.spring.enabled && !fixedRotation && settings.spring.hertz > 0
        let useLimit = settings.limit.enabled && !fixedRotation
        // The angle reads only the rotations, which this solve does not change: one
        // atan2 serves the spring and the limits, and the relax pass's serves the next
        // substep's biased solve too (see `substepAngle`).
        var angle: Float = 0
        if useSpring || useLimit {
            if useBias {
                angle = substepAngle
            } else {
                angle = jointAngle(a, b)
                substepAngle = angle
            }
        }

        if useSpring {
            let c = angle
            let bias = springSoftness.biasRate * c
            let cdot = b.angularVelocity - a.angularVelocity
            let delta = -springSoftness.massScale * axialMass * (cdot + bias) - springSoftness.impulseScale * springImpulse
            springImpulse += delta
            a.angularVelocity -= base.invIA * delta
            b.angularVelocity += base.invIB * delta
        }

        if settings.motor.enabled && !fixedRotation {
            let motor = settings.motor
            let cdot = b.angularVelocity - a.angularVelocity - motor.speed
            let delta = motor.clampedImpulse(-axialMass * cdot, &motorImpulse, h: context.h)
            a.angularVelocity -= base.invIA * delta
            b.angularVelocity += base.invIB * delta
        }

        if useLimit {
            let limit = settings.limit
            // Lower limit.
            let lower = limitImpulse(
                angle - limit.lower, speed: b.angularVelocity - a.angularVelocity, mass: axialMass, &lowerImpulse,
                context, useBias: useBias, capped: false)
            a.angularVelocity -= base.invIA * lower
            b.angularVelocity += base.invIB * lower
            // Upper limit (signs flipped so the impulse stays positive).
            let upper = limitImpulse(
                limit.upper - angle, speed: a.angularVelocity - b.angularVelocity, mass: axialMass, &upperImpulse,
                context, useBias: useBias, capped: false)
            a.angularVelocity += base.invIA * upper
            b.angularVelocity -= base.invIB * upper
        }

        // The pin: a 2x2 point-to-point constraint.
        let (rA, rB, separation) = currentAnchors(base, a, b)
        let cdot = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
        let bias = useBias
            ? cappedBias(context.jointSoftness.biasRate * separation, context.contactPushMaxVelocity) : Vec2.zero
        let scale = context.rigidScales(useBias: useBias)
        let solution = pointMatrix(base, rA, rB).solve(cdot + bias)
        let impulse = softImpulse(solution, linearImpulse, massScale: scale.mass, impulseScale: scale.impulse)
        linearImpulse += impulse
        applyJointImpulse(base, &a, &b, rA: rA, rB: rB, P: impulse)
    }
}

/// The effective-mass matrix of a point-to-point constraint between anchors rA and rB.
@inline(__always) func pointMatrix(_ base: JointBase, _ rA: Vec2, _ rB: Vec2) -> Mat22 {
    let mA = base.invMassA, mB = base.invMassB, iA = base.invIA, iB = base.invIB
    let kxx = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
    let kxy = -rA.y * rA.x * iA - rB.y * rB.x * iB
    let kyy = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
    return Mat22(cx: Vec2(kxx, kxy), cy: Vec2(kxy, kyy))
}

/// An angle brought into [-pi, pi].
@inline(__always) func wrapAngle(_ angle: Float) -> Float {
    var a = angle
    if a > .pi {
        a -= 2 * .pi
    } else if a < -.pi {
        a += 2 * .pi
    }
    return a
}
