import Foundation
import Physics2D

// The boundary between UIKit's units and the engine's (see docs/api.md, "Units"):
// 100 points are 1 metre, as in Apple's engine. So a 100 × 100-point item of density 1 is
// 1 m² of 1 kg/m², mass 1 kg; a UIKit Newton is 1 N; gravity 1.0 is 10 m/s² = 1000 pt/s²;
// an impulse of magnitude m is m N·s. Positions are fed in UIKit's y-down frame, so angles
// pass through unchanged (positive turns clockwise on screen).

enum Units {
    /// Points per metre.
    static let pointsPerMeter: Double = 100
    /// m/s² per unit of UIKit gravity.
    static let gravityMetersPerSecondSquared: Double = 10
    /// The animator's fixed step, seconds.
    static let stepDuration: Double = 1.0 / 60
    /// The longest interval one `advance(by:)` call simulates, seconds.
    static let maxAdvance: Double = 10
    /// Largest coordinate (points) an item may have to get a body: the engine's limit.
    static let maxCoordinate: Double = Double(Tolerance.huge) * 100 / 2
}

extension Vec2 {
    /// A point or vector in points, in metres.
    init(points p: CGPoint) {
        self.init(Float(p.x / Units.pointsPerMeter), Float(p.y / Units.pointsPerMeter))
    }

    init(pointsX x: CGFloat, y: CGFloat) {
        self.init(Float(x / Units.pointsPerMeter), Float(y / Units.pointsPerMeter))
    }

    /// This vector in points.
    var points: CGPoint {
        CGPoint(x: Double(x) * Units.pointsPerMeter, y: Double(y) * Units.pointsPerMeter)
    }
}

extension Rot {
    /// The rotation part of a UIKit transform: its angle is `atan2(b, a)`.
    init(_ t: CGAffineTransform) {
        let length = (t.a * t.a + t.b * t.b).squareRoot()
        if length > 0, length.isFinite {
            self.init(c: Float(t.a / length), s: Float(t.b / length))
        } else {
            self = .identity
        }
    }

    /// This rotation as a pure-rotation transform.
    var affineTransform: CGAffineTransform {
        let cosine = CGFloat(c), sine = CGFloat(s)
        return CGAffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }
}

extension CGPoint {
    var isFinitePoint: Bool { x.isFinite && y.isFinite }
}

/// A value an API setter takes only when it is finite (UIKit ignores the others).
protocol FiniteParameter {
    var isFiniteParameter: Bool { get }
}

extension CGFloat: FiniteParameter {
    var isFiniteParameter: Bool { isFinite }
}

extension CGPoint: FiniteParameter {
    var isFiniteParameter: Bool { isFinitePoint }
}

extension CGVector: FiniteParameter {
    var isFiniteParameter: Bool { dx.isFinite && dy.isFinite }
}

extension CGAffineTransform: FiniteParameter {
    var isFiniteParameter: Bool { isFinite }
}

/// Runs `set` with `value` when it is finite; ignores it otherwise.
@inline(__always) func ifFinite<Value: FiniteParameter>(_ value: Value, _ set: (Value) -> Void) {
    if value.isFiniteParameter { set(value) }
}

/// A CGFloat as a Float, or nil when it is not finite or overflows a Float.
@inline(__always) func finiteFloat(_ v: CGFloat) -> Float? {
    let f = Float(v)
    return f.isFinite ? f : nil
}
