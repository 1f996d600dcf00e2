/// What every two-body joint definition shares (Box2D 3.1's `b2JointDef`): the bodies, the
/// anchors, whether the bodies still collide, and the user's tag. Each kind's definition keeps
/// it as `base` and reads its fields as its own (`def.localAnchorA`).
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

/// A two-body joint's definition: its shared fields are `base`'s, read and written through it.
@dynamicMemberLookup
package protocol JointDefinition: Sendable {
    var base: JointDef { get set }
}

extension JointDefinition {
    package subscript<Value>(dynamicMember field: WritableKeyPath<JointDef, Value>) -> Value {
        get { base[keyPath: field] }
        set { base[keyPath: field] = newValue }
    }
}

/// A distance joint: keeps two anchor points at a length, rigidly, as a spring, or within a
/// range (a rope when only the maximum is enforced).
package struct DistanceJointDef: JointDefinition {
    package var base: JointDef
    /// Rest length, metres.
    package var length: Float = 1
    /// When the spring is off the joint is rigid at `length`; when on, it pulls towards
    /// `length` with `hertz` and `dampingRatio`.
    package var enableSpring = false
    /// Spring frequency, Hz.
    package var hertz: Float = 0
    /// Spring damping ratio: 0 oscillates forever, 1 is critical.
    package var dampingRatio: Float = 0
    /// Enforces `minLength ... maxLength` (rigidly) in addition to the spring.
    package var enableLimit = false
    package var minLength: Float = 0
    package var maxLength: Float = .greatestFiniteMagnitude

    package init(bodyA: BodyID, bodyB: BodyID) {
        base = JointDef(bodyA: bodyA, bodyB: bodyB)
    }
}

/// A revolute joint: a shared pin about which the bodies turn freely, with optional friction
/// (a motor at zero speed with a torque bound), spring and angle limits.
package struct RevoluteJointDef: JointDefinition {
    package var base: JointDef
    /// Angle of B relative to A at which the joint angle reads zero, radians.
    package var referenceAngle: Float = 0
    package var enableLimit = false
    /// Joint angle limits, radians.
    package var lowerAngle: Float = 0
    package var upperAngle: Float = 0
    package var enableMotor = false
    /// rad/s.
    package var motorSpeed: Float = 0
    /// N·m; with speed 0 this is a friction torque.
    package var maxMotorTorque: Float = 0
    package var enableSpring = false
    package var hertz: Float = 0
    package var dampingRatio: Float = 0

    package init(bodyA: BodyID, bodyB: BodyID) {
        base = JointDef(bodyA: bodyA, bodyB: bodyB)
    }
}

/// A weld joint: glues two bodies at an anchor, rigidly or softly.
package struct WeldJointDef: JointDefinition {
    package var base: JointDef
    package var referenceAngle: Float = 0
    /// 0 means rigid.
    package var linearHertz: Float = 0
    package var angularHertz: Float = 0
    package var linearDampingRatio: Float = 1
    package var angularDampingRatio: Float = 1

    package init(bodyA: BodyID, bodyB: BodyID) {
        base = JointDef(bodyA: bodyA, bodyB: bodyB)
    }
}

/// A prismatic joint: B slides relative to A along an axis fixed in A, without relative
/// rotation, optionally within limits.
package struct PrismaticJointDef: JointDefinition {
    package var base: JointDef
    /// Unit axis in A's frame.
    package var localAxisA = Vec2(1, 0)
    package var referenceAngle: Float = 0
    package var enableLimit = false
    /// Translation limits along the axis, metres.
    package var lowerTranslation: Float = 0
    package var upperTranslation: Float = 0
    package var enableMotor = false
    package var motorSpeed: Float = 0
    package var maxMotorForce: Float = 0

    package init(bodyA: BodyID, bodyB: BodyID) {
        base = JointDef(bodyA: bodyA, bodyB: bodyB)
    }
}

/// A soft target joint: pulls a body's pose towards a target pose like a damped spring
/// (the model of UIKit's snap). The linear part acts at `localAnchor` towards `target`;
/// the angular part turns the body towards `targetAngle`.
package struct TargetJointDef: Sendable {
    package var body: BodyID
    /// World point the anchor is pulled to, metres.
    package var target: Vec2 = .zero
    /// Anchor in the body's local frame, metres.
    package var localAnchor: Vec2 = .zero
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
    package var userData: Int = 0

    package init(body: BodyID) {
        self.body = body
    }
}
