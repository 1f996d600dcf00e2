/// A rigid transform: a rotation followed by a translation.
package struct Transform: Equatable, Sendable {
    package var p: Vec2
    package var q: Rot

    @inline(__always) package init(p: Vec2, q: Rot) {
        self.p = p
        self.q = q
    }

    package static let identity = Transform(p: .zero, q: .identity)

    /// A local point carried into the world frame.
    @inline(__always) package func apply(_ v: Vec2) -> Vec2 { q.rotate(v) + p }
    /// A world point carried into the local frame.
    @inline(__always) package func invApply(_ v: Vec2) -> Vec2 { q.invRotate(v - p) }
}

/// `A * B`: the transform that applies B, then A.
@inline(__always) package func mulTransforms(_ a: Transform, _ b: Transform) -> Transform {
    Transform(p: a.q.rotate(b.p) + a.p, q: mulRot(a.q, b.q))
}

/// `A^-1 * B`: B expressed in A's frame.
@inline(__always) package func invMulTransforms(_ a: Transform, _ b: Transform) -> Transform {
    Transform(p: a.q.invRotate(b.p - a.p), q: invMulRot(a.q, b.q))
}

/// A 2x2 matrix, by columns.
package struct Mat22: Sendable {
    package var cx: Vec2
    package var cy: Vec2

    package static let zero = Mat22(cx: .zero, cy: .zero)

    /// The inverse, or zero when the matrix is singular.
    package var inverse: Mat22 {
        let a = cx.x, b = cy.x, c = cx.y, d = cy.y
        var det = a * d - b * c
        if det != 0 { det = 1 / det }
        return Mat22(cx: Vec2(det * d, -det * c), cy: Vec2(-det * b, det * a))
    }

    /// Solves `self * x = b` by Cramer's rule; zero when singular.
    package func solve(_ b: Vec2) -> Vec2 {
        let a11 = cx.x, a12 = cy.x, a21 = cx.y, a22 = cy.y
        var det = a11 * a22 - a12 * a21
        if det != 0 { det = 1 / det }
        return Vec2(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a21 * b.x))
    }

    @inline(__always) package func mul(_ v: Vec2) -> Vec2 { Vec2(cx.x * v.x + cy.x * v.y, cx.y * v.x + cy.y * v.y) }
}
