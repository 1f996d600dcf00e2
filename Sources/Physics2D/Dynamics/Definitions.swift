/// How a new body starts. Defaults make a dynamic body at the origin, at rest.
package struct BodyDef: Sendable {
    package var type: BodyType = .dynamic
    /// World position of the body origin, metres.
    package var position: Vec2 = .zero
    package var rotation: Rot = .identity
    /// Velocity of the centre of mass, m/s.
    package var linearVelocity: Vec2 = .zero
    /// rad/s.
    package var angularVelocity: Float = 0
    /// Linear damping rate, 1/s: velocity decays as exp(-c t).
    package var linearDamping: Float = 0
    /// Angular damping rate, 1/s.
    package var angularDamping: Float = 0
    /// Multiplies the world's gravity for this body.
    package var gravityScale: Float = 1
    /// Prevents rotation (infinite rotational inertia).
    package var fixedRotation = false
    /// Also sweeps against other dynamic bodies in continuous collision, not just static ones.
    package var isBullet = false
    package var isAwake = true
    package var enableSleep = true
    /// Any value the owner wants back (the UIKit layer stores its item index).
    package var userData: Int = 0

    package init() {}
}

/// Which shapes may touch: two shapes collide when each one's category is in the other's
/// mask, unless they share a non-zero group (positive: always collide, negative: never).
package struct Filter: Equatable, Sendable {
    package var categoryBits: UInt64 = 1
    package var maskBits: UInt64 = .max
    package var groupIndex: Int32 = 0

    package init(categoryBits: UInt64 = 1, maskBits: UInt64 = .max, groupIndex: Int32 = 0) {
        self.categoryBits = categoryBits
        self.maskBits = maskBits
        self.groupIndex = groupIndex
    }

    /// A filter that collides with nothing (a shape that only carries mass).
    package static let none = Filter(categoryBits: 0, maskBits: 0)

    package func shouldCollide(with other: Filter) -> Bool {
        if groupIndex == other.groupIndex && groupIndex != 0 { return groupIndex > 0 }
        return (maskBits & other.categoryBits) != 0 && (categoryBits & other.maskBits) != 0
    }
}

/// Material and filtering of a new shape.
package struct ShapeDef: Sendable {
    /// kg/m² (an area density: the engine is 2D).
    package var density: Float = 1
    /// Coulomb friction coefficient; mixed with the other shape's as sqrt(a b).
    package var friction: Float = 0.6
    /// Coefficient of restitution; mixed as max(a, b).
    package var restitution: Float = 0
    package var filter = Filter()
    /// Whether touching this shape is reported in the world's contact events.
    package var enableContactEvents = true
    package var userData: Int = 0

    package init() {}
}

/// A contact that began touching during the last step.
package struct ContactBeginTouchEvent: Sendable {
    package var shapeA: ShapeID
    package var shapeB: ShapeID
    /// Where the shapes first touched, world metres.
    package var point: Vec2
    /// Unit normal from A to B.
    package var normal: Vec2
    /// Speed of approach along the normal, m/s (positive when closing).
    package var approachSpeed: Float
}

/// A contact that stopped touching during the last step (or whose shape was destroyed).
package struct ContactEndTouchEvent: Sendable {
    package var shapeA: ShapeID
    package var shapeB: ShapeID
}
