/// A 2D vector: a position in metres, a velocity in metres per second, a force in newtons.
///
/// The engine is frame-agnostic: UIKitDynamics feeds it UIKit's y-down frame scaled to
/// metres, so a positive angle turns from +x towards +y (clockwise on screen).
package struct Vec2: Equatable, Hashable, Sendable {
    package var x: Float
    package var y: Float

    @inline(__always) package init(_ x: Float, _ y: Float) {
        self.x = x
        self.y = y
    }

    package static let zero = Vec2(0, 0)

    @inline(__always) package static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inline(__always) package static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inline(__always) package static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inline(__always) package static func * (s: Float, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inline(__always) package static func * (a: Vec2, s: Float) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inline(__always) package static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inline(__always) package static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    /// Length in the vector's own unit.
    @inline(__always) package var length: Float { (x * x + y * y).squareRoot() }
    @inline(__always) package var lengthSquared: Float { x * x + y * y }

    /// The unit vector along this one, or zero when it is too short to have a direction.
    @inline(__always) package var normalized: Vec2 {
        let l = length
        if l < .ulpOfOne { return .zero }
        let inv = 1 / l
        return Vec2(inv * x, inv * y)
    }

    /// This vector turned a quarter turn from +x towards +y: `(-y, x)`.
    @inline(__always) package var leftPerp: Vec2 { Vec2(-y, x) }
    /// This vector turned a quarter turn from +y towards +x: `(y, -x)`.
    @inline(__always) package var rightPerp: Vec2 { Vec2(y, -x) }

    /// True when both components are finite numbers.
    @inline(__always) package var isValid: Bool { x.isFinite && y.isFinite }
}

@inline(__always) package func dot(_ a: Vec2, _ b: Vec2) -> Float { a.x * b.x + a.y * b.y }
/// The scalar 2D cross product `a.x * b.y - a.y * b.x`.
@inline(__always) package func cross(_ a: Vec2, _ b: Vec2) -> Float { a.x * b.y - a.y * b.x }
/// `v × s`: the vector `(s * v.y, -s * v.x)`.
@inline(__always) package func cross(_ v: Vec2, _ s: Float) -> Vec2 { Vec2(s * v.y, -s * v.x) }
/// `s × v`: the vector `(-s * v.y, s * v.x)`; an angular velocity `s` times an arm `v` is a point velocity.
@inline(__always) package func cross(_ s: Float, _ v: Vec2) -> Vec2 { Vec2(-s * v.y, s * v.x) }
@inline(__always) package func distance(_ a: Vec2, _ b: Vec2) -> Float { (b - a).length }
@inline(__always) package func distanceSquared(_ a: Vec2, _ b: Vec2) -> Float { (b - a).lengthSquared }
@inline(__always) package func lerp(_ a: Vec2, _ b: Vec2, _ t: Float) -> Vec2 { Vec2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
@inline(__always) package func minVec(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(min(a.x, b.x), min(a.y, b.y)) }
@inline(__always) package func maxVec(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(max(a.x, b.x), max(a.y, b.y)) }
/// `a + s * b`, written out so the compiler never fuses it differently in different places.
@inline(__always) package func mulAdd(_ a: Vec2, _ s: Float, _ b: Vec2) -> Vec2 { Vec2(a.x + s * b.x, a.y + s * b.y) }
/// `a - s * b`.
@inline(__always) package func mulSub(_ a: Vec2, _ s: Float, _ b: Vec2) -> Vec2 { Vec2(a.x - s * b.x, a.y - s * b.y) }
@inline(__always) package func clamp(_ v: Float, _ lo: Float, _ hi: Float) -> Float { v < lo ? lo : (v > hi ? hi : v) }
