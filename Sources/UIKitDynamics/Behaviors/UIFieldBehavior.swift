import Foundation
import Physics2D

/// A force field acting on its items (only those added to it), made by one of the factory
/// methods: drag, vortex, radial gravity, linear gravity, velocity, noise, turbulence,
/// spring, electric, magnetic, or a block of your own.
///
/// Every field has a `position` (points), a `region` centred on it (the field acts on an
/// item only while the item's centre, relative to `position`, is in the region), a
/// `strength` and a `falloff`: the force is multiplied by r^(−falloff), r being the item's
/// distance from `position` in metres (100 points), no smaller than `minimumRadius`. Forces
/// are in UIKit Newtons (1 N: a 100 × 100-point item of density 1, mass 1, accelerates at
/// 100 points/s²), evaluated once per 1/60-s step. The laws, with p the item's offset from
/// `position` in metres, p̂ its direction, v its velocity in m/s (1 m/s = 100 points/s),
/// m its mass, q its `charge`, S the strength and f = max(r, minimumRadius)^(−falloff):
///
/// | field | force | default falloff |
/// |---|---|---|
/// | drag | −S·v·f | 0 |
/// | vortex | S·m·p⊥·f, p⊥ = p turned a quarter counter-clockwise on screen | 0 |
/// | radial gravity | −S·m·p̂·f (towards `position`) | 2 |
/// | linear gravity | S·m·direction·f: S·direction m/s², 100 points/s² per unit | 0 |
/// | velocity | none: the velocity becomes S·direction m/s | 0 |
/// | noise | S·n(p, t)·f, n a smooth random unit-scale vector field | 0 |
/// | turbulence | S·n(p, t)·‖v‖·f | 0 |
/// | spring | −S·p·f (Hooke's law, at the middle of the step: it adds no energy) | 0 |
/// | electric | S·q·p̂·f (a positive charge is pushed away from a positive field) | 1 |
/// | magnetic | S·q·(v.y, −v.x)·f: positive charges circle counter-clockwise on screen | 0 |
/// | block | what the block returns (UIKit Newtons); a strength of 0 turns it off | — |
///
/// Anchored items are not moved. Non-finite values are ignored; a negative `minimumRadius`
/// or `animationSpeed` is clamped to 0, `smoothness` to 0…1. A force that is not finite
/// (a huge strength, a huge falloff near the centre) is dropped for that step.
open class UIFieldBehavior: UIDynamicBehavior {
    /// What the field does.
    enum Kind {
        case drag, vortex, radialGravity, linearGravity, velocity, noise, turbulence, spring, electric, magnetic
        case custom
    }

    /// The block of `field(evaluationBlock:)`: (field, position in points, velocity in
    /// points/s, mass, charge, time step in seconds) → force in UIKit Newtons.
    typealias EvaluationBlock = (UIFieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector

    private(set) var kind: Kind
    private var block: EvaluationBlock?
    private var list = ItemList([])
    private var storedPosition: CGPoint = .zero
    private var storedRegion: UIRegion = .infinite
    private var storedStrength: CGFloat = 1
    private var storedFalloff: CGFloat = 0
    /// 2⁻¹⁵ m: "very small but not zero".
    private var storedMinimumRadius: CGFloat = 100.0 / 32768
    private var storedDirection: CGVector = .zero
    private var storedSmoothness: CGFloat = 0
    private var storedAnimationSpeed: CGFloat = 0

    /// A field that exerts no force until made by a factory (the factories build on it, so a
    /// subclass's `MyField.springField()` is a `MyField`, as UIKit's `instancetype` gives).
    public required override init() {
        kind = .custom
        block = nil
        super.init()
    }

    /// A field of `kind`, of the class the factory was called on.
    private static func make(_ kind: Kind, block: EvaluationBlock? = nil) -> Self {
        let field = Self()
        field.kind = kind
        field.block = block
        return field
    }

    // MARK: Factories

    /// Slows items: a force against their velocity, in proportion to it (−S·v).
    open class func dragField() -> Self { make(.drag) }

    /// Turns items about `position`: a force at right angles to their offset from it, in
    /// proportion to their mass and distance; counter-clockwise on screen for a positive
    /// strength.
    open class func vortexField() -> Self { make(.vortex) }

    /// Pulls items towards `position` (a negative strength pushes them away), whatever their
    /// mass, as S / r² m/s² with r in metres (the default falloff is 2).
    open class func radialGravityField(position: CGPoint) -> Self {
        let field = make(.radialGravity)
        field.storedFalloff = 2
        if position.isFinitePoint { field.storedPosition = position }
        return field
    }

    /// Accelerates items uniformly along `direction`, whatever their mass:
    /// strength × direction m/s² (100 points/s² per unit; UIGravityBehavior's unit is 10 times that).
    open class func linearGravityField(direction: CGVector) -> Self {
        let field = make(.linearGravity)
        if direction.dx.isFinite, direction.dy.isFinite { field.storedDirection = direction }
        return field
    }

    /// Gives items in the region the velocity strength × `direction` m/s (100 points/s per
    /// unit), overriding what other forces did, every step.
    open class func velocityField(direction: CGVector) -> Self {
        let field = make(.velocity)
        if direction.dx.isFinite, direction.dy.isFinite { field.storedDirection = direction }
        return field
    }

    /// A smooth, time-varying random force (gradient noise, seeded: the same scene gives
    /// the same forces, bit for bit). `smoothness` 0 (noisiest, ~25-point features) to 1
    /// (smoothest, ~500-point features); `speed` in Hz (0 freezes it).
    open class func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> Self {
        let field = make(.noise)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// Like the noise field, in proportion to each item's speed: still items feel nothing.
    open class func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> Self {
        let field = make(.turbulence)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// Hooke's law towards `position`: −S·p newtons, p in metres, so an item oscillates with
    /// period 2π √(m / S) (damp it with `resistance`).
    open class func springField() -> Self { make(.spring) }

    /// Pushes charged items away from `position` (pulls negative charges) in proportion to
    /// their `charge` (`UIDynamicItemBehavior.charge`); uncharged items feel nothing.
    open class func electricField() -> Self {
        let field = make(.electric)
        field.storedFalloff = 1
        return field
    }

    /// A uniform magnetic field out of the screen: F = q v B, at right angles to the
    /// velocity, so moving charged items circle; uncharged items feel nothing.
    open class func magneticField() -> Self { make(.magnetic) }

    /// A field whose force on each item in the region is what `block` returns, in UIKit
    /// Newtons; it gets the field, the item's position (points), velocity (points/s), mass,
    /// charge and the time step (s). Not scaled by strength or falloff; a strength of 0
    /// turns it off.
    open class func field(
        evaluationBlock block: @escaping (UIFieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector
    ) -> Self {
        make(.custom, block: block)
    }

    // MARK: Items

    open func addItem(_ item: UIDynamicItem) {
        if list.insert(item) { itemsDidChange(item) }
    }

    open func removeItem(_ item: UIDynamicItem) {
        if list.remove(item) != nil { itemsDidChange(item) }
    }

    open var items: [UIDynamicItem] { list.items }

    // MARK: Properties

    /// The field's origin, in the animator's coordinates (points). Default (0, 0), or the
    /// radial gravity field's position.
    open var position: CGPoint { get { storedPosition } set { setParameter(newValue) { storedPosition = $0 } } }

    /// Where the field acts, centred on `position`. Default `UIRegion.infinite`.
    open var region: UIRegion { get { storedRegion } set { storedRegion = newValue; parametersDidChange() } }

    /// Scales the force (its unit depends on the field, see the table above). Default 1;
    /// negative reverses the field.
    open var strength: CGFloat { get { storedStrength } set { setParameter(newValue) { storedStrength = $0 } } }

    /// The exponent of the distance (metres) dividing the force: 0 uniform, 2 inverse square.
    open var falloff: CGFloat { get { storedFalloff } set { setParameter(newValue) { storedFalloff = $0 } } }

    /// Distances (points) below this count as this in the falloff; default ≈ 0.003 points.
    open var minimumRadius: CGFloat {
        get { storedMinimumRadius }
        set { setParameter(newValue) { storedMinimumRadius = max(0, $0) } }
    }

    /// The direction (and size) of linear gravity and velocity fields; (0, 0) otherwise.
    open var direction: CGVector { get { storedDirection } set { setParameter(newValue) { storedDirection = $0 } } }

    /// Noise detail: 0 noisiest, 1 smoothest (clamped).
    open var smoothness: CGFloat { get { storedSmoothness } set { setParameter(newValue) { storedSmoothness = min(1, max(0, $0)) } } }

    /// How fast the noise changes, Hz: 1 normal, 2 twice as fast, 0 frozen (negative
    /// values are clamped to 0).
    open var animationSpeed: CGFloat { get { storedAnimationSpeed } set { setParameter(newValue) { storedAnimationSpeed = max(0, $0) } } }

    // MARK: Engine

    override var engineItems: [UIDynamicItem] { list.items }

    /// Whether the field changes with time by itself (so it keeps its items awake).
    private var isTimeVarying: Bool {
        switch kind {
        case .noise, .turbulence, .custom, .velocity: return storedStrength != 0
        default: return false
        }
    }

    /// Applies the field to its items' bodies for the step starting at `time` seconds.
    /// Runs every step: no allocation here.
    func apply(_ world: World, time: Double) {
        let s = Double(storedStrength)
        guard s != 0 else { return }
        let px = Double(storedPosition.x) / Units.pointsPerMeter
        let py = Double(storedPosition.y) / Units.pointsPerMeter
        let falloff = Double(storedFalloff)
        let minimumRadius = Double(storedMinimumRadius) / Units.pointsPerMeter
        let region = storedRegion.shape
        let wake = isTimeVarying
        for record in boundRecords where record.hasBody {
            let body = record.body
            guard world.bodyType(body) == .dynamic else { continue }
            let at = world.position(body)
            let dx = Double(at.x) - px, dy = Double(at.y) - py
            guard region.contains(dx * Units.pointsPerMeter, dy * Units.pointsPerMeter) else { continue }
            let r = (dx * dx + dy * dy).squareRoot()
            let f = falloff == 0 ? 1 : pow(max(r, minimumRadius), -falloff)
            let v = world.linearVelocity(body)
            let vx = Double(v.x), vy = Double(v.y)
            var fx = 0.0, fy = 0.0
            switch kind {
            case .drag:
                fx = -s * vx * f
                fy = -s * vy * f
            case .vortex:
                // A quarter turn counter-clockwise on a y-down screen: (x, y) → (y, −x).
                let m = Double(world.mass(body))
                fx = s * m * dy * f
                fy = -s * m * dx * f
            case .radialGravity:
                guard r > 1e-9 else { continue }
                let m = Double(world.mass(body))
                fx = -s * m * dx / r * f
                fy = -s * m * dy / r * f
            case .linearGravity:
                let m = Double(world.mass(body))
                fx = s * m * Double(storedDirection.dx) * f
                fy = s * m * Double(storedDirection.dy) * f
            case .velocity:
                let tx = s * Double(storedDirection.dx), ty = s * Double(storedDirection.dy)
                let target = Vec2(Float(tx), Float(ty))
                if target.isValid {
                    // Measured as the force that would change the velocity so in one step.
                    let change = target - world.linearVelocity(body)
                    record.appliedForces.field += (world.mass(body) * Float(1 / Units.stepDuration)) * change
                    world.setLinearVelocity(body, target)
                }
                continue
            case .noise, .turbulence:
                // The noise pattern is fixed in the animator's coordinates, not in the field's.
                let (nx, ny) = noise(Double(at.x), Double(at.y), time)
                let speed = kind == .turbulence ? (vx * vx + vy * vy).squareRoot() : 1
                fx = s * nx * speed * f
                fy = s * ny * speed * f
            case .spring:
                // Hooke's law taken at the middle of the step (the trapezoidal rule, solved
                // for the step): a force fixed from the start position alone would add energy
                // every swing, the more the stiffer the spring for the item's mass.
                let k = s * f, m = Double(world.mass(body)), h = Units.stepDuration
                let stiffness = m > 0 ? 1 + h * h * k / (4 * m) : 1
                fx = -k * (dx + h * vx / 2) / stiffness
                fy = -k * (dy + h * vy / 2) / stiffness
            case .electric:
                let q = Double(record.material.charge)
                guard q != 0, r > 1e-9 else { continue }
                fx = s * q * dx / r * f
                fy = s * q * dy / r * f
            case .magnetic:
                let q = Double(record.material.charge)
                guard q != 0 else { continue }
                fx = s * q * vy * f
                fy = -s * q * vx * f
            case .custom:
                guard let block else { continue }
                let force = block(
                    self, at.points, CGVector(dx: vx * Units.pointsPerMeter, dy: vy * Units.pointsPerMeter),
                    CGFloat(world.mass(body)), CGFloat(record.material.charge), Units.stepDuration)
                fx = Double(force.dx)
                fy = Double(force.dy)
            }
            let force = Vec2(Float(fx), Float(fy))
            guard force.isValid, fx != 0 || fy != 0 else { continue }
            world.applyForceToCenter(body, force, wake: wake)
            record.appliedForces.field += force
        }
    }

    /// The noise vector at (x, y) metres and time t seconds: two independent
    /// gradient-noise channels, each within about ±1.
    private func noise(_ x: Double, _ y: Double, _ t: Double) -> (Double, Double) {
        // Feature size in metres: 0.25 m (25 points) at smoothness 0 to 5 m at 1.
        let scale = 1 / (0.25 + 4.75 * Double(storedSmoothness))
        let u = x * scale, w = y * scale, z = t * Double(storedAnimationSpeed)
        return (GradientNoise.value(u, w, z, seed: 0x9E37_79B9), GradientNoise.value(u, w, z, seed: 0x85EB_CA6B))
    }
}

/// Seeded 3-D gradient noise (Perlin's improved noise with hashed gradients): a pure
/// function of its inputs, so the same inputs give the same value bit for bit.
enum GradientNoise {
    /// Noise at (x, y, z) in lattice units, within about ±1, 0 at lattice points.
    static func value(_ x: Double, _ y: Double, _ z: Double, seed: UInt32) -> Double {
        let fx = x.rounded(.down), fy = y.rounded(.down), fz = z.rounded(.down)
        // Lattice coordinates wrap in 32 bits: far-away points are still finite noise.
        let ix = lattice(fx), iy = lattice(fy), iz = lattice(fz)
        let rx = x - fx, ry = y - fy, rz = z - fz
        let sx = fade(rx), sy = fade(ry), sz = fade(rz)
        let jx = ix &+ 1, jy = iy &+ 1, jz = iz &+ 1
        let x00 = lerp(
            gradient(hash(ix, iy, iz, seed), rx, ry, rz), gradient(hash(jx, iy, iz, seed), rx - 1, ry, rz), sx)
        let x10 = lerp(
            gradient(hash(ix, jy, iz, seed), rx, ry - 1, rz), gradient(hash(jx, jy, iz, seed), rx - 1, ry - 1, rz), sx)
        let x01 = lerp(
            gradient(hash(ix, iy, jz, seed), rx, ry, rz - 1), gradient(hash(jx, iy, jz, seed), rx - 1, ry, rz - 1), sx)
        let x11 = lerp(
            gradient(hash(ix, jy, jz, seed), rx, ry - 1, rz - 1),
            gradient(hash(jx, jy, jz, seed), rx - 1, ry - 1, rz - 1), sx)
        return lerp(lerp(x00, x10, sy), lerp(x01, x11, sy), sz)
    }

    private static func lattice(_ v: Double) -> UInt32 {
        guard v.isFinite else { return 0 }
        let wrapped = v.truncatingRemainder(dividingBy: 4_294_967_296)
        return UInt32(truncatingIfNeeded: Int64(wrapped))
    }

    private static func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }

    private static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + t * (b - a) }

    private static func hash(_ x: UInt32, _ y: UInt32, _ z: UInt32, _ seed: UInt32) -> UInt32 {
        var h = seed ^ (x &* 0x8DA6_B343) ^ (y &* 0xD816_3841) ^ (z &* 0xCB1A_B31F)
        h ^= h >> 16
        h = h &* 0x7FEB_352D
        h ^= h >> 15
        h = h &* 0x846C_A68B
        h ^= h >> 16
        return h
    }

    /// One of Perlin's 12 edge gradients, dotted with (x, y, z).
    private static func gradient(_ h: UInt32, _ x: Double, _ y: Double, _ z: Double) -> Double {
        switch h % 12 {
        case 0: return x + y
        case 1: return -x + y
        case 2: return x - y
        case 3: return -x - y
        case 4: return x + z
        case 5: return -x + z
        case 6: return x - z
        case 7: return -x - z
        case 8: return y + z
        case 9: return -y + z
        case 10: return y - z
        default: return -y - z
        }
    }
}
