/// What every joint kind shares: its bodies, anchors and the per-step values the solver
/// prepares. The kind's own data and impulses live in `JointData`.
struct JointBase {
    var bodyA: Int32 = -1
    var bodyB: Int32 = -1
    /// Anchors relative to each body origin, in the body frame.
    var localOriginAnchorA: Vec2 = .zero
    var localOriginAnchorB: Vec2 = .zero
    var collideConnected = false

    // Prepared at the start of each step.
    /// Awake-state indices, or -1 for a static (or sleeping) body.
    var indexA: Int32 = -1
    var indexB: Int32 = -1
    /// Anchors relative to each centre of mass, world axes, at the start of the step.
    var anchorA: Vec2 = .zero
    var anchorB: Vec2 = .zero
    /// centreB - centreA at the start of the step.
    var deltaCenter: Vec2 = .zero
    var invMassA: Float = 0
    var invMassB: Float = 0
    var invIA: Float = 0
    var invIB: Float = 0
    /// Body rotations at the start of the step.
    var rotationA: Rot = .identity
    var rotationB: Rot = .identity
}

enum JointData {
    case distance(DistanceJointData)
    case revolute(RevoluteJointData)
    case weld(WeldJointData)
    case prismatic(PrismaticJointData)
    case target(TargetJointData)
}

struct Joint {
    var generation: UInt32 = 0
    var isAlive = false
    var base = JointBase()
    var data: JointData = .target(TargetJointData())
    /// Links through each body's joint list: edge 0 on A, edge 1 on B.
    var prevA: Int32 = -1
    var nextA: Int32 = -1
    var prevB: Int32 = -1
    var nextB: Int32 = -1
    var userData: Int = 0

    var bodyA: Int32 { base.bodyA }
    var bodyB: Int32 { base.bodyB }
}

/// The values every constraint of one step shares.
struct StepContext {
    /// Full step and substep, seconds, and their inverses.
    var dt: Float
    var inv_dt: Float
    var h: Float
    var inv_h: Float
    var jointSoftness: Softness
    var contactSoftness: Softness
    var staticSoftness: Softness
    var restitutionThreshold: Float
    var maxLinearSpeed: Float
    var contactPushMaxVelocity: Float
    var enableWarmStarting: Bool
}

/// The current vector between the two anchors, from the substep deltas (Box2D v3's way:
/// anchors stay fixed relative to the centres of mass; the bodies' small motions since the
/// start of the step carry them).
@inline(__always) func currentAnchors(_ base: JointBase, _ a: BodyState, _ b: BodyState) -> (rA: Vec2, rB: Vec2, d: Vec2) {
    let rA = a.deltaRotation.rotate(base.anchorA)
    let rB = b.deltaRotation.rotate(base.anchorB)
    let d = (b.deltaPosition - a.deltaPosition) + base.deltaCenter + (rB - rA)
    return (rA, rB, d)
}

extension JointData {
    mutating func prepare(_ base: JointBase, _ context: StepContext) {
        switch self {
        case .distance(var j): j.prepare(base, context); self = .distance(j)
        case .revolute(var j): j.prepare(base, context); self = .revolute(j)
        case .weld(var j): j.prepare(base, context); self = .weld(j)
        case .prismatic(var j): j.prepare(base, context); self = .prismatic(j)
        case .target(var j): j.prepare(base, context); self = .target(j)
        }
    }

    func warmStart(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState) {
        switch self {
        case .distance(let j): j.warmStart(base, &a, &b)
        case .revolute(let j): j.warmStart(base, &a, &b)
        case .weld(let j): j.warmStart(base, &a, &b)
        case .prismatic(let j): j.warmStart(base, &a, &b)
        case .target(let j): j.warmStart(base, &a, &b)
        }
    }

    mutating func solve(_ base: JointBase, _ a: inout BodyState, _ b: inout BodyState, _ context: StepContext, useBias: Bool) {
        switch self {
        case .distance(var j): j.solve(base, &a, &b, context, useBias: useBias); self = .distance(j)
        case .revolute(var j): j.solve(base, &a, &b, context, useBias: useBias); self = .revolute(j)
        case .weld(var j): j.solve(base, &a, &b, context, useBias: useBias); self = .weld(j)
        case .prismatic(var j): j.solve(base, &a, &b, context, useBias: useBias); self = .prismatic(j)
        case .target(var j): j.solve(base, &a, &b, context, useBias: useBias); self = .target(j)
        }
    }

    /// Drops accumulated impulses (when warm starting is off).
    mutating func resetImpulses() {
        switch self {
        case .distance(var j): j.resetImpulses(); self = .distance(j)
        case .revolute(var j): j.resetImpulses(); self = .revolute(j)
        case .weld(var j): j.resetImpulses(); self = .weld(j)
        case .prismatic(var j): j.resetImpulses(); self = .prismatic(j)
        case .target(var j): j.resetImpulses(); self = .target(j)
        }
    }
}

/// Applies a linear impulse `P` at the anchors (minus on A, plus on B) and an angular one.
@inline(__always) func applyJointImpulse(
    _ base: JointBase, _ a: inout BodyState, _ b: inout BodyState, rA: Vec2, rB: Vec2, P: Vec2, angular: Float = 0
) {
    a.linearVelocity = mulSub(a.linearVelocity, base.invMassA, P)
    a.angularVelocity -= base.invIA * (cross(rA, P) + angular)
    b.linearVelocity = mulAdd(b.linearVelocity, base.invMassB, P)
    b.angularVelocity += base.invIB * (cross(rB, P) + angular)
}

extension StepContext {
    /// A rigid row's mass and impulse scales in this pass: the joint softness in the biased
    /// pass; in the relax pass the full mass and no decay of the impulse (Box2D v3's `useBias`).
    @inline(__always) func rigidScales(useBias: Bool) -> (mass: Float, impulse: Float) {
        useBias ? (jointSoftness.massScale, jointSoftness.impulseScale) : (1, 0)
    }
}

/// A soft two-row impulse: the scaled solution of K x = cdot + bias, less the decay of the
/// impulse accumulated so far.
@inline(__always) func softImpulse(
    _ solution: Vec2, _ accumulated: Vec2, massScale: Float, impulseScale: Float
) -> Vec2 {
    Vec2(
        -massScale * solution.x - impulseScale * accumulated.x,
        -massScale * solution.y - impulseScale * accumulated.y)
}

/// Position correction of a rigid constraint never moves faster than contacts push apart
/// (`contactPushMaxVelocity`): otherwise a joint dragged through a wall would out-push the
/// wall's contacts, and boundaries must win over attachments.
@inline(__always) func cappedBias(_ bias: Float, _ cap: Float) -> Float {
    min(max(bias, -cap), cap)
}

@inline(__always) func cappedBias(_ bias: Vec2, _ cap: Float) -> Vec2 {
    let length = bias.length
    return length > cap ? (cap / length) * bias : bias
}

/// One side of a joint limit, as Box2D v3 solves it: while the limit is apart (`c` > 0) the
/// gap may close within the substep (speculative); once violated it pushes back softly, and
/// only in the biased pass (its bias capped like the other rigid rows unless `capped` is
/// false). The accumulated impulse only ever pushes. Returns the impulse to apply now.
@inline(__always) func limitImpulse(
    _ c: Float, speed cdot: Float, mass: Float, _ accumulated: inout Float, _ context: StepContext, useBias: Bool,
    capped: Bool = true
) -> Float {
    var bias: Float = 0
    var massScale: Float = 1
    var impulseScale: Float = 0
    if c > 0 {
        bias = c * context.inv_h
    } else if useBias {
        let rate = context.jointSoftness.biasRate * c
        bias = capped ? cappedBias(rate, context.contactPushMaxVelocity) : rate
        massScale = context.jointSoftness.massScale
        impulseScale = context.jointSoftness.impulseScale
    }
    let delta = -mass * massScale * (cdot + bias) - impulseScale * accumulated
    let newImpulse = max(accumulated + delta, 0)
    let applied = newImpulse - accumulated
    accumulated = newImpulse
    return applied
}
