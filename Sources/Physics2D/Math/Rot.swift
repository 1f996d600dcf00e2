/// A rotation stored as its cosine and sine, so that the solver never calls trigonometric
/// functions (they differ between C libraries, and determinism matters more than speed here).
package struct Rot: Equatable, Hashable, Sendable {
    package var c: Float
    package var s: Float

    @inline(__always) package init(c: Float, s: Float) {
        self.c = c
        self.s = s
    }

    package static let identity = Rot(c: 1, s: 0)

    /// A rotation by `angle` radians, from the engine's own cosine and sine (see `cosSin`).
    package init(angle: Float) {
        let cs = cosSin(angle)
        self.init(c: cs.c, s: cs.s)
    }

    /// The angle in radians, in (-pi, pi].
    package var angle: Float { atan2Approx(s, c) }

    @inline(__always) package func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    @inline(__always) package func invRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }

    /// This rotation advanced by angular velocity `w` (rad/s) over `h` seconds and renormalised.
    /// First-order in `h w`, exact in direction; Box2D v3 integrates rotation the same way.
    @inline(__always) package func integrated(by hw: Float) -> Rot {
        let c2 = c - hw * s
        let s2 = s + hw * c
        let mag = (c2 * c2 + s2 * s2).squareRoot()
        let inv: Float = mag > 0 ? 1 / mag : 0
        return Rot(c: c2 * inv, s: s2 * inv)
    }

    @inline(__always) package func normalized() -> Rot {
        let mag = (c * c + s * s).squareRoot()
        let inv: Float = mag > 0 ? 1 / mag : 0
        return Rot(c: c * inv, s: s * inv)
    }

    /// The x axis of the rotated frame.
    @inline(__always) package var xAxis: Vec2 { Vec2(c, s) }
    /// The y axis of the rotated frame.
    @inline(__always) package var yAxis: Vec2 { Vec2(-s, c) }

    package var isValid: Bool { c.isFinite && s.isFinite && abs(c * c + s * s - 1) < 1e-3 }
}

/// `q * r`: first r, then q.
@inline(__always) package func mulRot(_ q: Rot, _ r: Rot) -> Rot {
    Rot(c: q.c * r.c - q.s * r.s, s: q.s * r.c + q.c * r.s)
}

/// `q^T * r`: the rotation from q to r.
@inline(__always) package func invMulRot(_ q: Rot, _ r: Rot) -> Rot {
    Rot(c: q.c * r.c + q.s * r.s, s: q.c * r.s - q.s * r.c)
}

/// The relative angle from `a` to `b`, in (-pi, pi].
@inline(__always) package func relativeAngle(_ a: Rot, _ b: Rot) -> Float {
    let s = a.c * b.s - a.s * b.c
    let c = a.c * b.c + a.s * b.s
    return atan2Approx(s, c)
}

/// Cosine and sine of `angle`, computed with a fixed polynomial so that every platform gets
/// the same bits; the pair is renormalised so it is always a proper rotation.
package func cosSin(_ radians: Float) -> (c: Float, s: Float) {
    guard radians.isFinite else { return (1, 0) }
    // Reduce to [-pi, pi] with a fixed-precision remainder.
    let twoPi: Float = 2 * .pi
    var x = radians - twoPi * (radians / twoPi).rounded(.toNearestOrEven)
    if x > .pi { x -= twoPi } else if x < -.pi { x += twoPi }
    // Reduce further to [-pi/2, pi/2] using sin(pi - x) = sin(x), cos(pi - x) = -cos(x).
    var cosSign: Float = 1
    if x > .pi / 2 {
        x = .pi - x
        cosSign = -1
    } else if x < -.pi / 2 {
        x = -.pi - x
        cosSign = -1
    }
    // Taylor series to x^11 / x^12 in Horner form: below 1e-7 error on [-pi/2, pi/2].
    // sin x = x (1 - x²/3! + x⁴/5! - x⁶/7! + x⁸/9! - x¹⁰/11!)
    let x2 = x * x
    var s = x2 * (-1.0 / 39_916_800)
    s = x2 * (1.0 / 362_880 + s)
    s = x2 * (-1.0 / 5040 + s)
    s = x2 * (1.0 / 120 + s)
    s = x2 * (-1.0 / 6 + s)
    s = x * (1 + s)
    var c = x2 * (1.0 / 479_001_600)
    c = x2 * (-1.0 / 3_628_800 + c)
    c = x2 * (1.0 / 40320 + c)
    c = x2 * (-1.0 / 720 + c)
    c = x2 * (1.0 / 24 + c)
    c = x2 * (-0.5 + c)
    c = cosSign * (1 + c)
    let mag = (c * c + s * s).squareRoot()
    return (c / mag, s / mag)
}

/// atan2 from a fixed rational approximation (error below 1e-6 rad); deterministic everywhere.
package func atan2Approx(_ y: Float, _ x: Float) -> Float {
    if x == 0 && y == 0 { return 0 }
    let ax = abs(x)
    let ay = abs(y)
    let mx = max(ax, ay)
    let mn = min(ax, ay)
    let a = mn / mx
    // atan on [0, 1] by two argument halvings and a short series: atan(a) = 2 atan(a / (1 + sqrt(1 + a^2))).
    let a1 = a / (1 + (1 + a * a).squareRoot())
    let a2 = a1 / (1 + (1 + a1 * a1).squareRoot())
    let t = a2 * a2
    var r = a2 * (1 + t * (-1.0 / 3 + t * (1.0 / 5 + t * (-1.0 / 7 + t * (1.0 / 9)))))
    r *= 4
    if ay > ax { r = .pi / 2 - r }
    if x < 0 { r = .pi - r }
    if y < 0 { r = -r }
    return r
}
