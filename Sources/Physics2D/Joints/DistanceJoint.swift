/// Keeps the anchors `length` apart: rigidly (a rod), or softly (a spring with `hertz` and
/// `dampingRatio`), optionally within `minLength ... maxLength` (a rope when only the
/// maximum matters).
struct DistanceJointData {
    /// The definition's settings, sanitised.
    var settings: DistanceJointSettings

    var impulse: Float = 0
    var lowerImpulse: Float = 0
    var upperImpulse: Float = 0

    var axialMass: Float = 0
    var springSoftness = Softness.rigid

    mutating func prepare(_ base: JointBase, _ context: StepContext) {
        let d = base.deltaCenter + (base.anchorB - base.anchorA)
        let axis = d.normalized
        let crA = cross(base.anchorA, axis)
        let crB = cross(base.anchorB, axis)
        let k = base.invMassA + base.invMassB + base.invIA * crA * crA + base.invIB * crB * crB
        axialMass = k > 0 ? 1 / k : 0
        springSoftness = settings.spring.softness(h: context.h)
        if !context.enableWarmStarting { resetImpulses() }
    }

    mutating func resetImpulses() {
        impulse = 0
        lowerImpulse = 0
        upperImpulse = 0
    }

    func warmStart(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState) {
        let (rA, rB, d) = currentAnchors(base, a, b)
        let axis = d.normalized
        let total = impulse + lowerImpulse - upperImpulse
        applyJointImpulse(base, &a, &b, rA: rA, rB: rB, P: total * axis)
    }

    mutating func solve(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState, _ context: StepContext, useBias: Bool) {
        let (rA, rB, d) = currentAnchors(base, a, b)
        let currentLength = d.length
        let axis = d.normalized
        let isRigid = !settings.spring.enabled || settings.spring.hertz == 0
        let hasRange = settings.enableLimit && settings.minLength < settings.maxLength
        if !isRigid || hasRange {
            if !isRigid {
                // The spring acts in both passes: it is a real force, not position correction.
                let vr = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
                let cdot = dot(axis, vr)
                let c = currentLength - settings.length
                let bias = springSoftness.biasRate * c
                let delta = -springSoftness.massScale * axialMass * (cdot + bias) - springSoftness.impulseScale * impulse
                impulse += delta
                applyJointImpulse(base, &a, &b, rA: rA, rB: rB, P: delta * axis)
            }
            if hasRange {
                solveLimits(base, &a, &b, context, useBias: useBias, rA: rA, rB: rB, length: currentLength, axis: axis)
            }
        } else {
            // A rod: rigid along the axis.
            let vr = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
            let cdot = dot(axis, vr)
            let c = currentLength - settings.length
            let bias = useBias ? cappedBias(context.jointSoftness.biasRate * c, context.contactPushMaxVelocity) : 0
            let scale = context.rigidScales(useBias: useBias)
            let delta = -scale.mass * axialMass * (cdot + bias) - scale.impulse * impulse
            impulse += delta
            applyJointImpulse(base, &a, &b, rA: rA, rB: rB, P: delta * axis)
        }
    }

    private mutating func solveLimits(
        _ base: JointBase, _ a: inout BodyState, _ b: inout BodyState, _ context: StepContext, useBias: Bool,
        rA: Vec2, rB: Vec2, length currentLength: Float, axis: Vec2
    ) {
        // Lower limit: push apart when shorter than minLength.
        let apart = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
        let lower = limitImpulse(
            currentLength - settings.minLength, speed: dot(axis, apart), mass: axialMass, &lowerImpulse, context,
            useBias: useBias)
        applyJointImpulse(base, &a, &b, rA: rA, rB: rB, P: lower * axis)
        // Upper limit: pull together when longer than maxLength.
        let closing = (a.linearVelocity + cross(a.angularVelocity, rA)) - (b.linearVelocity + cross(b.angularVelocity, rB))
        let upper = limitImpulse(
            settings.maxLength - currentLength, speed: dot(axis, closing), mass: axialMass, &upperImpulse, context,
            useBias: useBias)
        applyJointImpulse(base, &a, &b, rA: rA, rB: rB, P: -upper * axis)
    }
}
