/// A body's record. Everything the solver reads every substep lives in `BodyState` instead,
/// packed for awake bodies only (Box2D v3's split between a body, its sim and its state).
struct Body {
    var generation: UInt32 = 0
    var isAlive = false
    var type: BodyType = .dynamic

    /// Body origin and rotation in the world.
    var transform: Transform = .identity
    /// World centre of mass.
    var center: Vec2 = .zero
    /// Centre of mass in the body frame.
    var localCenter: Vec2 = .zero
    /// Centre and rotation at the start of the step: the sweep that continuous collision tests.
    var center0: Vec2 = .zero
    var rotation0: Rot = .identity

    var linearVelocity: Vec2 = .zero
    var angularVelocity: Float = 0
    /// Force and torque accumulated for the next step, cleared after it.
    var force: Vec2 = .zero
    var torque: Float = 0

    var mass: Float = 0
    var invMass: Float = 0
    /// Rotational inertia about the centre of mass.
    var inertia: Float = 0
    var invInertia: Float = 0
    var linearDamping: Float = 0
    var angularDamping: Float = 0
    var gravityScale: Float = 1

    /// Smallest and largest distance from the centre of mass to the shapes' surface: the
    /// scales continuous collision compares a step's motion against.
    var minExtent: Float = .greatestFiniteMagnitude
    var maxExtent: Float = 0

    var sleepTime: Float = 0
    var fixedRotation = false
    var isBullet = false
    var enableSleep = true
    /// Set by the step when this body moved far enough to need a continuous sweep.
    var isFast = false
    /// The last step moved this body past half its smallest extent (Box2D v3's fast body):
    /// its contacts are computed afresh, never recycled.
    var movedFar = false
    /// The `World.collideStamp` of the next narrow phase when a shape's fat box last changed:
    /// until then its contacts' boxes still overlap as they did (World.collide).
    var fatBoxStamp = 0
    /// The `World.collideStamp` of the last narrow phase that left a contact of this body
    /// without manifold points (`needsSweep` walks the contacts only then).
    var pointlessContactStamp = -1
    /// A kinematic body sent to a target: its velocity lasts one step.
    var stopAfterStep = false

    /// Index into the world's awake arrays, or -1 for static and sleeping bodies.
    var awakeIndex: Int32 = -1
    /// The sleeping island this body belongs to, or -1.
    var sleepIsland: Int32 = -1

    /// First shape in the body's shape list.
    var shapeHead: Int32 = -1
    var shapeCount: Int32 = 0
    /// First contact edge key (contact index × 2 + side).
    var contactHead: Int32 = -1
    var contactCount: Int32 = 0
    /// First joint edge key (joint index × 2 + side).
    var jointHead: Int32 = -1

    var userData: Int = 0
}

/// The part of an awake body the solver touches in every substep: 32 bytes.
struct BodyState {
    var linearVelocity: Vec2
    var angularVelocity: Float
    /// Keeps the velocity row 16 bytes wide for the solver's lanes, which write zero here.
    var padding: Float
    /// Motion of the centre of mass since the start of the step.
    var deltaPosition: Vec2
    /// Rotation since the start of the step.
    var deltaRotation: Rot

    static let identity = BodyState(
        linearVelocity: .zero, angularVelocity: 0, padding: 0, deltaPosition: .zero, deltaRotation: .identity)
}

/// A shape attached to a body.
struct Shape {
    var generation: UInt32 = 0
    var isAlive = false
    var body: Int32 = -1
    var nextShape: Int32 = -1
    var prevShape: Int32 = -1
    var geometry: ShapeGeometry = .circle(Circle(radius: 0))
    var density: Float = 1
    var friction: Float = 0.6
    var restitution: Float = 0
    var filter = Filter()
    var enableContactEvents = true
    /// The broad-phase proxy key, or -1 while the shape has none.
    var proxyKey: Int32 = -1
    /// The AABB the proxy holds (fattened), and the tight one from the last update.
    var fatAABB = AABB(lowerBound: .zero, upperBound: .zero)
    var aabb = AABB(lowerBound: .zero, upperBound: .zero)
    /// The chain this segment belongs to, or -1.
    var chain: Int32 = -1
    var userData: Int = 0

    var isStaticOnlyGeometry: Bool {
        switch geometry {
        case .segment, .chainSegment: return true
        default: return false
        }
    }
}

/// A chain of one-sided segments made by one call.
struct Chain {
    var generation: UInt32 = 0
    var isAlive = false
    var body: Int32 = -1
    var shapes: [Int32] = []
}
