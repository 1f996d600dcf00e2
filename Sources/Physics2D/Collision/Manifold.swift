/// One contact point between two shapes, as the narrow phase finds it and the solver keeps it.
package struct ManifoldPoint: Sendable {
    /// The contact point in world coordinates (midway between the two surfaces).
    package var point: Vec2
    /// The contact point relative to body A's origin (the transform's `p`), world axes.
    package var anchorA: Vec2
    /// The contact point relative to body B's origin, world axes.
    package var anchorB: Vec2
    /// Signed distance between the surfaces along the normal; negative when they overlap.
    package var separation: Float
    /// The normal impulse kept from the last step, for warm starting (N·s).
    package var normalImpulse: Float
    /// The friction impulse kept from the last step (N·s).
    package var tangentImpulse: Float
    /// The largest normal impulse applied in any substep of the last step (N·s).
    package var totalNormalImpulse: Float
    /// Relative normal velocity before the solver ran (m/s), for restitution and events.
    package var normalVelocity: Float
    /// Identifies the pair of features (vertex or edge of each shape) that made this point,
    /// so a point can be matched to last step's and warm started.
    package var id: UInt16
    /// True when this point matched one of last step's points.
    package var persisted: Bool

    package init(point: Vec2 = .zero, anchorA: Vec2 = .zero, anchorB: Vec2 = .zero, separation: Float = 0, id: UInt16 = 0) {
        self.point = point
        self.anchorA = anchorA
        self.anchorB = anchorB
        self.separation = separation
        self.normalImpulse = 0
        self.tangentImpulse = 0
        self.totalNormalImpulse = 0
        self.normalVelocity = 0
        self.id = id
        self.persisted = false
    }
}

/// The contact between two convex shapes: up to two points sharing one normal.
package struct Manifold: Sendable {
    /// Unit normal pointing from shape A towards shape B, world axes.
    package var normal: Vec2
    package var points: InlineArray<2, ManifoldPoint>
    package var pointCount: Int

    package init() {
        normal = .zero
        points = InlineArray(repeating: ManifoldPoint())
        pointCount = 0
    }

    package static let empty = Manifold()
}

/// A feature id from the index of a feature on shape A and one on shape B.
@inline(__always) package func makeFeatureID(_ a: Int, _ b: Int) -> UInt16 {
    UInt16(truncatingIfNeeded: (a & 0xFF) << 8 | (b & 0xFF))
}
