/// Engine-wide tolerances, in metres and seconds. The UIKit layer maps 100 points to a
/// metre (as UIKit's own engine does), so these tunings are Box2D's, unchanged.
package enum Tolerance {
    /// A length that is numerically significant but visually insignificant: half a point.
    package static let linearSlop: Float = 0.005
    /// Contacts begin this far before shapes touch, so fast approaches are caught without
    /// sub-stepping the collision pass (Box2D's limited speculative collision).
    package static let speculativeDistance: Float = 4 * linearSlop
    /// The least cosine of either body's turn since the manifold was computed for it to be
    /// recycled (about 11.5 degrees).
    package static let recycleCosAngle: Float = 0.98
    /// The most a proxy's fat AABB reaches past its shape's speculative reach, so small moves
    /// do not touch the tree (`aabbMarginFraction` of the body's largest extent where that is
    /// less: `updateBodyAABBs`).
    package static let aabbMargin: Float = 0.1
    /// A fat AABB's margin as a fraction of its body's largest extent, below `aabbMargin`
    /// (Box2D v3.2 takes an eighth, at most 5 cm): small items pair only with what is near.
    package static let aabbMarginFraction: Float = 0.25
    /// Largest rotation of a body in one step; a bound that keeps continuous collision sound.
    package static let maxRotation: Float = 0.25 * .pi
    /// The polygon radius used by `Polygon.box` for rounded boxes: none by default.
    package static let polygonRadius: Float = 0
    /// Most vertices a convex polygon may have.
    package static let maxPolygonVertices = 8
    /// Positions beyond this many metres from the origin are treated as bad input.
    package static let huge: Float = 100_000
}

/// A solid circle in the body's local frame.
package struct Circle: Equatable, Sendable {
    package var center: Vec2
    package var radius: Float

    package init(center: Vec2 = .zero, radius: Float) {
        self.center = center
        self.radius = radius
    }
}

/// A solid convex polygon of 3 to 8 vertices, counter-clockwise in a y-up frame (which is
/// clockwise on a y-down screen: the engine only needs a consistent winding), with outward
/// edge normals and an optional rounding radius.
package struct Polygon: Sendable {
    package var vertices: InlineArray<8, Vec2>
    /// `normals[i]` is the outward unit normal of the edge from `vertices[i]` to `vertices[i + 1]`.
    package var normals: InlineArray<8, Vec2>
    package var centroid: Vec2
    package var radius: Float
    package var count: Int
}

/// A two-sided line segment (static boundaries).
package struct Segment: Equatable, Sendable {
    package var point1: Vec2
    package var point2: Vec2

    package init(point1: Vec2, point2: Vec2) {
        self.point1 = point1
        self.point2 = point2
    }
}

/// One segment of a chain: one-sided (it collides only with shapes on the right of
/// `point1 → point2` in a y-up frame, i.e. `rightPerp` of the direction is its normal),
/// with the neighbours' far vertices as ghosts so that shapes slide across joints smoothly.
package struct ChainSegment: Equatable, Sendable {
    package var ghost1: Vec2
    package var segment: Segment
    package var ghost2: Vec2
    package var chainID: Int32

    package init(ghost1: Vec2, segment: Segment, ghost2: Vec2, chainID: Int32) {
        self.ghost1 = ghost1
        self.segment = segment
        self.ghost2 = ghost2
        self.chainID = chainID
    }
}

/// A solid ellipse centred on the body origin with semi-axes `radii.x` and `radii.y` along
/// the local axes. Collided through its support function, never approximated by a polygon.
package struct Ellipse: Equatable, Sendable {
    package var radii: Vec2

    package init(radii: Vec2) {
        self.radii = radii
    }
}

/// The geometry of a shape, in its body's local frame.
package enum ShapeGeometry: Sendable {
    case circle(Circle)
    case polygon(Polygon)
    case segment(Segment)
    case chainSegment(ChainSegment)
    case ellipse(Ellipse)
}

extension ShapeGeometry {
    /// Whether the geometry at `geometry` is a polygon, read from its tag alone.
    @inline(__always) static func isPolygon(_ geometry: UnsafePointer<ShapeGeometry>) -> Bool {
        if case .polygon = geometry.pointee { return true }
        return false
    }

    /// The polygon of a `.polygon` geometry, loaded straight from the enum's storage. Binding
    /// the payload (`if case .polygon(let p) = geometry.pointee`) copied the whole enum first,
    /// through outlined copy and destroy functions, some 55 instructions a box pair in the
    /// narrow phase. A multi-payload enum keeps every payload at offset 0 and its case in
    /// extra tag bytes after the largest payload when the payloads leave no spare bits
    /// (a polygon has none: its `count` is a full `Int`), so the polygon's bytes are at the
    /// start of the enum as they are in a `Polygon`. Debug builds check it on every read.
    @inline(__always) static func polygonPayload(_ geometry: UnsafePointer<ShapeGeometry>) -> Polygon {
        let polygon = UnsafeRawPointer(geometry).load(as: Polygon.self)
        #if DEBUG
        if case .polygon(let bound) = geometry.pointee {
            assert(
                bound.count == polygon.count && bound.radius == polygon.radius
                    && bound.centroid == polygon.centroid
                    && (0..<8).allSatisfy { bound.vertices[$0] == polygon.vertices[$0] && bound.normals[$0] == polygon.normals[$0] },
                "a polygon's payload is not at the start of its ShapeGeometry")
        } else {
            assertionFailure("polygonPayload of a geometry that is not a polygon")
        }
        #endif
        return polygon
    }
}

/// Mass properties: mass in kilograms, centre of mass in the local frame, rotational inertia
/// about the centre of mass in kg·m².
package struct MassData: Equatable, Sendable {
    package var mass: Float
    package var center: Vec2
    package var rotationalInertia: Float

    package static let zero = MassData(mass: 0, center: .zero, rotationalInertia: 0)
}
