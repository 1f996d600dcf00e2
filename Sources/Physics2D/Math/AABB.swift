/// An axis-aligned bounding box in metres.
package struct AABB: Equatable, Sendable {
    package var lowerBound: Vec2
    package var upperBound: Vec2

    @inline(__always) package init(lowerBound: Vec2, upperBound: Vec2) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    @inline(__always) package var center: Vec2 { 0.5 * (lowerBound + upperBound) }
    @inline(__always) package var extents: Vec2 { 0.5 * (upperBound - lowerBound) }
    /// Twice width plus height: the surface-area heuristic's cost in 2D.
    @inline(__always) package var perimeter: Float {
        2 * ((upperBound.x - lowerBound.x) + (upperBound.y - lowerBound.y))
    }

    @inline(__always) package func union(_ b: AABB) -> AABB {
        AABB(lowerBound: minVec(lowerBound, b.lowerBound), upperBound: maxVec(upperBound, b.upperBound))
    }

    /// True when `b` lies wholly inside this box.
    @inline(__always) package func contains(_ b: AABB) -> Bool {
        lowerBound.x <= b.lowerBound.x && lowerBound.y <= b.lowerBound.y
            && b.upperBound.x <= upperBound.x && b.upperBound.y <= upperBound.y
    }

    @inline(__always) package func overlaps(_ b: AABB) -> Bool {
        !(b.lowerBound.x > upperBound.x || b.lowerBound.y > upperBound.y
            || lowerBound.x > b.upperBound.x || lowerBound.y > b.upperBound.y)
    }

    @inline(__always) package func fattened(by margin: Float) -> AABB {
        AABB(lowerBound: Vec2(lowerBound.x - margin, lowerBound.y - margin),
             upperBound: Vec2(upperBound.x + margin, upperBound.y + margin))
    }

    package var isValid: Bool {
        lowerBound.isValid && upperBound.isValid
            && upperBound.x >= lowerBound.x && upperBound.y >= lowerBound.y
    }
}
