/// Glues two bodies at an anchor with a fixed relative angle, rigidly or as springs.
struct WeldJointData {
    /// The definition's settings, sanitised.
    var settings: WeldJointSettings

    var linearImpulse: Vec2 = .zero
    var angularImpulse: Float = 0
    var axialMass: Float = 0
    var linearSoftness = Softness.rigid
    var angularSoftness = Softness.rigid
    var deltaAngle: Float = 0

    mutating func prepare(_ base: JointBase, _ context: StepContext) {
        let k = base.invIA + base.invIB
        axialMass = k > 0 ? 1 / k : 0
        linearSoftness = settings.linearHertz == 0 ? context.jointSoftness
            : Softness(hertz: settings.linearHertz, dampingRatio: settings.linearDampingRatio, h: context.h)
        angularSoftness = settings.angularHertz == 0 ? context.jointSoftness
            : Softness(hertz: settings.angularHertz, dampingRatio: settings.angularDampingRatio, h: context.h)
        deltaAngle = wrapAngle(relativeAngle(base.rotationA, base.rotationB) - settings.referenceAngle)
        if !context.enableWarmStarting { resetImpulses() }
    }

    mutating func resetImpulses() {
        linearImpulse = .zero
        angularImpulse = 0
    }

    func warmStart(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState) {
        let (rA, rB, _) = currentAnchors(base, a, b)
        applyJointImpulse(base, &a, &b, rA: rA, rB: rB, P: linearImpulse, angular: angularImpulse)
    }

    mutating func solve(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState, _ context: StepContext, useBias: Bool) {
        // Angular part.
        do {
            var bias: Float = 0
            var massScale: Float = 1
            var impulseScale: Float = 0
            if useBias || settings.angularHertz > 0 {
                let c = wrapAngle(deltaAngle + relativeAngle(a.deltaRotation, b.deltaRotation))
                bias = angularSoftness.biasRate * c
                massScale = angularSoftness.massScale
                impulseScale = angularSoftness.impulseScale
            }
            let cdot = b.angularVelocity - a.angularVelocity
            let delta = -axialMass * massScale * (cdot + bias) - impulseScale * angularImpulse
            angularImpulse += delta
            a.angularVelocity -= base.invIA * delta
            b.angularVelocity += base.invIB * delta
        }
        // Linear part.
        do {
            let (rA, rB, d) = currentAnchors(base, a, b)
            var bias = Vec2.zero
            var massScale: Float = 1
            var impulseScale: Float = 0
            if useBias || settings.linearHertz > 0 {
                bias = linearSoftness.biasRate * d
                if settings.linearHertz == 0 { bias = cappedBias(bias, context.contactPushMaxVelocity) }
                massScale = linearSoftness.massScale
                impulseScale = linearSoftness.impulseScale
            }
            let cdot = (b.linearVelocity + cross(b.angularVelocity, rB)) - (a.linearVelocity + cross(a.angularVelocity, rA))
            let solution = pointMatrix(base, rA, rB).solve(cdot + bias)
            let impulse = softImpulse(solution, linearImpulse, massScale: massScale, impulseScale: impulseScale)
            linearImpulse += impulse
            applyJointImpulse(base, &a, &b, rA: rA, rB: rB, P: impulse)
        }
    }
}
