/// A slider: B moves relative to A only along an axis fixed in A, without turning, within
/// optional translation limits, optionally driven by a motor.
struct PrismaticJointData {
    /// The definition's settings, sanitised.
    var settings: PrismaticJointSettings

    /// Perpendicular and angular impulses.
    var impulse: Vec2 = .zero
    var motorImpulse: Float = 0
    var lowerImpulse: Float = 0
    var upperImpulse: Float = 0

    var axisA: Vec2 = .zero
    var axialMass: Float = 0
    var deltaAngle: Float = 0

    mutating func prepare(_ base: JointBase, _ context: StepContext) {
        axisA = base.rotationA.rotate(settings.localAxisA.normalized)
        deltaAngle = wrapAngle(relativeAngle(base.rotationA, base.rotationB) - settings.referenceAngle)
        let d = base.deltaCenter + (base.anchorB - base.anchorA)
        let a1 = cross(d + base.anchorA, axisA)
        let a2 = cross(base.anchorB, axisA)
        let k = base.invMassA + base.invMassB + base.invIA * a1 * a1 + base.invIB * a2 * a2
        axialMass = k > 0 ? 1 / k : 0
        if !context.enableWarmStarting { resetImpulses() }
    }

    mutating func resetImpulses() {
        impulse = .zero
        motorImpulse = 0
        lowerImpulse = 0
        upperImpulse = 0
    }

    func warmStart(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState) {
        let (rA, rB, d) = currentAnchors(base, a, b)
        let axis = a.deltaRotation.rotate(axisA)
        let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
        let perp = axis.leftPerp
        let s1 = cross(d + rA, perp), s2 = cross(rB, perp)
        let axial = motorImpulse + lowerImpulse - upperImpulse
        let P = axial * axis + impulse.x * perp
        let LA = axial * a1 + impulse.x * s1 + impulse.y
        let LB = axial * a2 + impulse.x * s2 + impulse.y
        a.linearVelocity = mulSub(a.linearVelocity, base.invMassA, P)
        a.angularVelocity -= base.invIA * LA
        b.linearVelocity = mulAdd(b.linearVelocity, base.invMassB, P)
        b.angularVelocity += base.invIB * LB
    }

    mutating func solve(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState, _ context: StepContext, useBias: Bool) {
        let mA = base.invMassA, mB = base.invMassB, iA = base.invIA, iB = base.invIB
        let (rA, rB, d) = currentAnchors(base, a, b)
        let axis = a.deltaRotation.rotate(axisA)
        let translation = dot(axis, d)
        let a1 = cross(d + rA, axis), a2 = cross(rB, axis)

        func applyAxial(_ delta: Float, _ a: inout BodyState, _ b: inout BodyState) {
            a.linearVelocity = mulSub(a.linearVelocity, mA, delta * axis)
            a.angularVelocity -= iA * delta * a1
            b.linearVelocity = mulAdd(b.linearVelocity, mB, delta * axis)
            b.angularVelocity += iB * delta * a2
        }
        func axialSpeed(_ a: BodyState, _ b: BodyState) -> Float {
            dot(axis, b.linearVelocity - a.linearVelocity) + a2 * b.angularVelocity - a1 * a.angularVelocity
        }

        if settings.motor.enabled {
            let cdot = axialSpeed(a, b)
            let motor = settings.motor
            let delta = motor.clampedImpulse(axialMass * (motor.speed - cdot), &motorImpulse, h: context.h)
            applyAxial(delta, &a, &b)
        }

        if settings.limit.enabled {
            let lower = limitImpulse(
                translation - settings.limit.lower, speed: axialSpeed(a, b), mass: axialMass, &lowerImpulse, context,
                useBias: useBias)
            applyAxial(lower, &a, &b)
            let upper = limitImpulse(
                settings.limit.upper - translation, speed: -axialSpeed(a, b), mass: axialMass, &upperImpulse, context,
                useBias: useBias)
            applyAxial(-upper, &a, &b)
        }

        // Perpendicular and angular constraints as one 2x2 block.
        let perp = axis.leftPerp
        let s1 = cross(d + rA, perp), s2 = cross(rB, perp)
        let cdot = Vec2(
            dot(perp, b.linearVelocity - a.linearVelocity) + s2 * b.angularVelocity - s1 * a.angularVelocity,
            b.angularVelocity - a.angularVelocity)
        var bias = Vec2.zero
        if useBias {
            let c = Vec2(dot(perp, d), wrapAngle(deltaAngle + relativeAngle(a.deltaRotation, b.deltaRotation)))
            bias = context.jointSoftness.biasRate * c
            bias.x = cappedBias(bias.x, context.contactPushMaxVelocity)
        }
        let scale = context.rigidScales(useBias: useBias)
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 }  // both bodies have fixed rotation
        let k = Mat22(cx: Vec2(k11, k12), cy: Vec2(k12, k22))
        let solution = k.solve(cdot + bias)
        let delta = softImpulse(solution, impulse, massScale: scale.mass, impulseScale: scale.impulse)
        impulse += delta
        let P = delta.x * perp
        let LA = delta.x * s1 + delta.y
        let LB = delta.x * s2 + delta.y
        a.linearVelocity = mulSub(a.linearVelocity, mA, P)
        a.angularVelocity -= iA * LA
        b.linearVelocity = mulAdd(b.linearVelocity, mB, P)
        b.angularVelocity += iB * LB
    }
}
