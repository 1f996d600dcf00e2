/// What every two-body joint definition shares (Box2D 3.1's `b2JointDef`): the bodies, the
/// anchors, whether the bodies still collide, and the user's tag.
package struct JointDef: Sendable {
    package var bodyA: BodyID
    package var bodyB: BodyID
    /// Anchor on A in A's local frame (relative to the body origin), metres.
    package var localAnchorA: Vec2 = .zero
    package var localAnchorB: Vec2 = .zero
    package var collideConnected = false
    package var userData: Int = 0

    package init(bodyA: BodyID, bodyB: BodyID) {
        self.bodyA = bodyA
        self.bodyB = bodyB
    }
}

/// A joint's definition: the settings of its kind (`settings`), which the world keeps,
/// sanitised, as the joint's own, are read and written as the definition's fields
/// (`def.referenceAngle`, `def.limit.lower`).
@dynamicMemberLookup
package protocol JointDefinition: Sendable {
    associatedtype Settings: Sendable
    var settings: Settings { get set }
}

extension JointDefinition {
    package subscript<Value>(dynamicMember field: WritableKeyPath<Settings, Value>) -> Value {
        get { settings[keyPath: field] }
        set { settings[keyPath: field] = newValue }
    }
}

/// The settings a kind of two-body joint adds to `JointDef` (Box2D's `b2RevoluteJointDef`
/// and its kin, less their `base`).
package protocol TwoBodyJointSettings: Sendable {
    init()
}

/// A two-body joint's definition: `base`'s fields and the kind's `settings` both read and
/// written as its own (`def.localAnchorA`, `def.referenceAngle`).
package struct TwoBodyJointDef<Settings: TwoBodyJointSettings>: JointDefinition {
    package var base: JointDef
    package var settings = Settings()

    package init(bodyA: BodyID, bodyB: BodyID) {
        base = JointDef(bodyA: bodyA, bodyB: bodyB)
    }

    package subscript<Value>(dynamicMember field: WritableKeyPath<JointDef, Value>) -> Value {
        get { base[keyPath: field] }
        set { base[keyPath: field] = newValue }
    }
}

package typealias DistanceJointDef = TwoBodyJointDef<DistanceJointSettings>
package typealias RevoluteJointDef = TwoBodyJointDef<RevoluteJointSettings>
package typealias WeldJointDef = TwoBodyJointDef<WeldJointSettings>
package typealias PrismaticJointDef = TwoBodyJointDef<PrismaticJointSettings>

// MARK: Limit, motor and spring

/// A joint limit: Box2D's `enableLimit` with `lowerAngle` and `upperAngle` (radians, a
/// revolute joint) or `lowerTranslation` and `upperTranslation` (metres, a prismatic joint).
package struct JointLimit: Sendable {
    package var enabled = false
    package var lower: Float = 0
    package var upper: Float = 0

    package init(enabled: Bool = false, lower: Float = 0, upper: Float = 0) {
        self.enabled = enabled
        self.lower = lower
        self.upper = upper
    }

    /// As a joint keeps it: the two ends ordered, the lower first.
    var sanitised: JointLimit {
        JointLimit(enabled: enabled, lower: min(lower, upper), upper: max(lower, upper))
    }
}

/// A joint motor: Box2D's `enableMotor`, `motorSpeed` (rad/s or m/s) and `maxMotorTorque`
/// (N·m, a revolute joint) or `maxMotorForce` (N, a prismatic joint). At speed 0 it is a
/// friction torque or force.
package struct JointMotor: Sendable {
    package var enabled = false
    package var speed: Float = 0
    package var maxForce: Float = 0

    package init(enabled: Bool = false, speed: Float = 0, maxForce: Float = 0) {
        self.enabled = enabled
        self.speed = speed
        self.maxForce = maxForce
    }

    /// As a joint keeps it: a finite speed and a bound of at least 0.
    var sanitised: JointMotor {
        JointMotor(enabled: enabled, speed: finite(speed), maxForce: nonNegative(maxForce))
    }

    /// Adds `delta` to the motor's accumulated impulse, which stays within the bound's
    /// impulse over the substep `h`; returns what was added.
    @inline(__always) func clampedImpulse(_ delta: Float, _ accumulated: inout Float, h: Float) -> Float {
        let old = accumulated
        let maxImpulse = h * maxForce
        accumulated = clamp(old + delta, -maxImpulse, maxImpulse)
        return accumulated - old
    }
}

/// A joint spring: Box2D's `enableSpring`, `hertz` (frequency) and `dampingRatio` (0
/// oscillates forever, 1 is critical).
package struct JointSpring: Sendable {
    package var enabled = false
    package var hertz: Float = 0
    package var dampingRatio: Float = 0

    package init(enabled: Bool = false, hertz: Float = 0, dampingRatio: Float = 0) {
        self.enabled = enabled
        self.hertz = hertz
        self.dampingRatio = dampingRatio
    }

    /// As a joint keeps it: frequency and damping finite and at least 0.
    var sanitised: JointSpring {
        JointSpring(enabled: enabled, hertz: nonNegative(hertz), dampingRatio: nonNegative(dampingRatio))
    }

    /// The soft constraint this spring is over a substep `h`.
    @inline(__always) func softness(h: Float) -> Softness {
        Softness(hertz: hertz, dampingRatio: dampingRatio, h: h)
    }
}

// MARK: The kinds

/// A distance joint: keeps two anchor points at a length, rigidly, as a spring, or within a
/// range (a rope when only the maximum is enforced).
package struct DistanceJointSettings: TwoBodyJointSettings {
    /// Rest length, metres.
    package var length: Float = 1
    /// When the spring is off the joint is rigid at `length`; when on, it pulls towards
    /// `length`.
    package var spring = JointSpring()
    /// Enforces `minLength ... maxLength` (rigidly) in addition to the spring.
    package var enableLimit = false
    package var minLength: Float = 0
    package var maxLength: Float = .greatestFiniteMagnitude

    package init() {}

    /// As the joint keeps them: a length of at least the linear slop, a range that is one.
    var sanitised: DistanceJointSettings {
        var s = self
        s.length = max(finite(length), Tolerance.linearSlop)
        s.spring = spring.sanitised
        s.minLength = nonNegative(minLength)
        s.maxLength = max(s.minLength, maxLength.isNaN ? s.minLength : maxLength)
        return s
    }
}

/// A revolute joint: a shared pin about which the bodies turn freely, with optional friction
/// (a motor at zero speed with a torque bound), spring and angle limits.
package struct RevoluteJointSettings: TwoBodyJointSettings {
    /// Angle of B relative to A at which the joint angle reads zero, radians.
    package var referenceAngle: Float = 0
    /// Joint angle limits, radians.
    package var limit = JointLimit()
    /// rad/s and N·m; with speed 0 its bound is a friction torque.
    package var motor = JointMotor()
    package var spring = JointSpring()

    package init() {}

    var sanitised: RevoluteJointSettings {
        var s = self
        s.referenceAngle = finite(referenceAngle)
        s.limit = limit.sanitised
        s.motor = motor.sanitised
        s.spring = spring.sanitised
        return s
    }
}

/// A weld joint: glues two bodies at an anchor, rigidly or softly.
package struct WeldJointSettings: TwoBodyJointSettings {
    package var referenceAngle: Float = 0
    /// 0 means rigid.
    package var linearHertz: Float = 0
    package var angularHertz: Float = 0
    package var linearDampingRatio: Float = 1
    package var angularDampingRatio: Float = 1

    package init() {}

    var sanitised: WeldJointSettings {
        var s = self
        s.referenceAngle = finite(referenceAngle)
        s.linearHertz = nonNegative(linearHertz)
        s.angularHertz = nonNegative(angularHertz)
        s.linearDampingRatio = nonNegative(linearDampingRatio, else: 1)
        s.angularDampingRatio = nonNegative(angularDampingRatio, else: 1)
        return s
    }
}

/// A prismatic joint: B slides relative to A along an axis fixed in A, without relative
/// rotation, optionally within limits, optionally driven by a motor.
package struct PrismaticJointSettings: TwoBodyJointSettings {
    /// Unit axis in A's frame.
    package var localAxisA = Vec2(1, 0)
    package var referenceAngle: Float = 0
    /// Translation limits along the axis, metres.
    package var limit = JointLimit()
    /// m/s and N.
    package var motor = JointMotor()

    package init() {}

    /// Nil where the axis is no direction.
    var sanitised: PrismaticJointSettings? {
        guard localAxisA.isValid, localAxisA.lengthSquared > 0 else { return nil }
        var s = self
        s.localAxisA = localAxisA.normalized
        s.referenceAngle = finite(referenceAngle)
        s.limit = limit.sanitised
        s.motor = motor.sanitised
        return s
    }
}

/// A soft target joint: pulls a body's pose towards a target pose like a damped spring
/// (the model of UIKit's snap). The linear part acts at `localAnchor` towards `target`;
/// the angular part turns the body towards `targetAngle`.
package struct TargetJointDef: JointDefinition {
    package var body: BodyID
    /// Anchor in the body's local frame, metres.
    package var localAnchor: Vec2 = .zero
    package var userData: Int = 0
    package var settings = TargetJointSettings()

    package init(body: BodyID) {
        self.body = body
    }
}

/// A target joint's settings: where it pulls, and how hard.
package struct TargetJointSettings: Sendable {
    /// World point the anchor is pulled to, metres.
    package var target: Vec2 = .zero
    /// World angle the body is turned to, radians.
    package var targetAngle: Float = 0
    /// Linear spring frequency, Hz.
    package var hertz: Float = 4
    package var dampingRatio: Float = 0.7
    /// Angular spring frequency, Hz; 0 leaves rotation free.
    package var angularHertz: Float = 4
    package var angularDampingRatio: Float = 0.7
    /// Force bound, N; unbounded by default.
    package var maxForce: Float = .greatestFiniteMagnitude

    package init() {}

    /// Nil where the target is no point.
    var sanitised: TargetJointSettings? {
        guard target.isValid else { return nil }
        var s = self
        s.targetAngle = finite(targetAngle)
        s.hertz = nonNegative(hertz)
        s.dampingRatio = nonNegative(dampingRatio)
        s.angularHertz = nonNegative(angularHertz)
        s.angularDampingRatio = nonNegative(angularDampingRatio)
        s.maxForce = max(0, maxForce.isNaN ? 0 : maxForce)
        return s
    }
}

// MARK: Sanitising

/// A definition's value, or 0 where it is not finite.
@inline(__always) private func finite(_ value: Float) -> Float {
    value.isFinite ? value : 0
}

/// A definition's value where it is finite (`fallback` where not), and at least 0.
@inline(__always) private func nonNegative(_ value: Float, else fallback: Float = 0) -> Float {
    max(0, value.isFinite ? value : fallback)
}
