/// A potential contact between two shapes whose fat AABBs overlap. It exists from the moment
/// the broad phase pairs them until their fat AABBs part; it is *touching* while its manifold
/// has points (speculative points count, as in Box2D v3).
struct Contact {
    var isAlive = false
    var shapeA: Int32 = -1
    var shapeB: Int32 = -1
    var bodyA: Int32 = -1
    var bodyB: Int32 = -1
    /// Doubly linked lists through each body's contacts: edge 0 is on A, edge 1 on B.
    var prevA: Int32 = -1
    var nextA: Int32 = -1
    var prevB: Int32 = -1
    var nextB: Int32 = -1
    var isTouching = false
    var enableContactEvents = true
    var manifold = Manifold()
    var cache = SimplexCache()
    /// Mixed material: sqrt(fA fB) and max(eA, eB).
    var friction: Float = 0
    var restitution: Float = 0
    var pairKey: UInt64 = 0
    /// For recycling (Box2D v3.2's contact recycling, World.collide): the bodies' rotations
    /// and B's pose in A's frame when the manifold was last computed, and its points'
    /// separations then. Valid only while `canRecycle`.
    var canRecycle = false
    var cachedRotationA: Rot = .identity
    var cachedRotationB: Rot = .identity
    var cachedRelativePose: Transform = .identity
    var baseSeparation0: Float = 0
    var baseSeparation1: Float = 0
}

/// The key of a pair of shapes, independent of their order.
@inline(__always) package func pairKey(_ a: Int32, _ b: Int32) -> UInt64 {
    let lo = UInt64(UInt32(bitPattern: min(a, b)))
    let hi = UInt64(UInt32(bitPattern: max(a, b)))
    return hi << 32 | lo
}

/// Box2D 2.x mixing rules, which UIKit's engine inherits.
@inline(__always) func mixFriction(_ a: Float, _ b: Float) -> Float { (a * b).squareRoot() }
@inline(__always) func mixRestitution(_ a: Float, _ b: Float) -> Float { max(a, b) }
