/// Pulls body B's anchor to a world target, and its rotation to a target angle, with
/// damped springs (A is the world's hidden ground body). UIKit's snap behaviour is this
/// joint; so is a mouse drag.
struct TargetJointData {
    /// The definition's settings, sanitised.
    var settings = TargetJointSettings()

    var linearImpulse: Vec2 = .zero
    var angularImpulse: Float = 0
    var linearSoftness = Softness.rigid
    var angularSoftness = Softness.rigid
    /// Target minus B's anchor at the start of the step, and the angle still to turn.
    var targetOffset: Vec2 = .zero
    var deltaAngle: Float = 0
    var angularMass: Float = 0

    mutating func prepare(_ base: JointBase, _ context: StepContext) {
        linearSoftness = Softness(hertz: settings.hertz, dampingRatio: settings.dampingRatio, h: context.h)
        angularSoftness = Softness(
            hertz: settings.angularHertz, dampingRatio: settings.angularDampingRatio, h: context.h)
        // Ground sits at the origin with no rotation, so deltaCenter is B's centre.
        targetOffset = settings.target - (base.deltaCenter + base.anchorB)
        deltaAngle = wrapAngle(base.rotationB.angle - settings.targetAngle)
        angularMass = base.invIB > 0 ? 1 / base.invIB : 0
        if !context.enableWarmStarting { resetImpulses() }
    }

    mutating func resetImpulses() {
        linearImpulse = .zero
        angularImpulse = 0
    }

    func warmStart(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState) {
        let rB = b.deltaRotation.rotate(base.anchorB)
        b.linearVelocity = mulAdd(b.linearVelocity, base.invMassB, linearImpulse)
        b.angularVelocity += base.invIB * (cross(rB, linearImpulse) + angularImpulse)
    }

    mutating func solve(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState, _ context: StepContext, useBias: Bool) {
        // Springs act in both passes: they are forces, not position correction.
        if settings.angularHertz > 0 && base.invIB > 0 {
            let c = wrapAngle(deltaAngle + b.deltaRotation.angle)
            let bias = angularSoftness.biasRate * c
            let delta = -angularSoftness.massScale * angularMass * (b.angularVelocity + bias)
                - angularSoftness.impulseScale * angularImpulse
            angularImpulse += delta
            b.angularVelocity += base.invIB * delta
        }
        let rB = b.deltaRotation.rotate(base.anchorB)
        let cdot = b.linearVelocity + cross(b.angularVelocity, rB)
        let c = (b.deltaPosition + rB - base.anchorB) - targetOffset
        let bias = linearSoftness.biasRate * c
        let mB = base.invMassB, iB = base.invIB
        let k = Mat22(
            cx: Vec2(mB + iB * rB.y * rB.y, -iB * rB.x * rB.y),
            cy: Vec2(-iB * rB.x * rB.y, mB + iB * rB.x * rB.x))
        let solution = k.solve(cdot + bias)
        var delta = softImpulse(
            solution, linearImpulse, massScale: linearSoftness.massScale, impulseScale: linearSoftness.impulseScale)
        let old = linearImpulse
        linearImpulse += delta
        let maxImpulse = context.h * settings.maxForce
        if linearImpulse.lengthSquared > maxImpulse * maxImpulse {
            linearImpulse = (maxImpulse / linearImpulse.length) * linearImpulse
        }
        delta = linearImpulse - old
        b.linearVelocity = mulAdd(b.linearVelocity, mB, delta)
        b.angularVelocity += iB * cross(rB, delta)
    }
}
