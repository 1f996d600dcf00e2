/// The coefficients of a soft constraint (a mass-spring-damper solved implicitly), after
/// Box2D v3's `b2MakeSoft` and Erin Catto's "Solver2D" notes.
///
/// With ω = 2π·hertz, ζ the damping ratio and h the substep: a1 = 2ζ + hω, a2 = hω·a1,
/// a3 = 1 / (1 + a2). Then `biasRate = ω / a1` turns a position error into a velocity
/// target, `massScale = a2·a3` softens the effective mass, and `impulseScale = a3` leaks
/// a little of the accumulated impulse each iteration. hertz = 0 gives a rigid constraint.
struct Softness {
    var biasRate: Float
    var massScale: Float
    var impulseScale: Float

    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    init(biasRate: Float, massScale: Float, impulseScale: Float) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    init(hertz: Float, dampingRatio zeta: Float, h: Float) {
        if hertz == 0 {
            self = .rigid
            return
        }
        let omega = 2 * Float.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        self.init(biasRate: omega / a1, massScale: a2 * a3, impulseScale: a3)
    }
}
