import Foundation
import Physics2D

/// Material and velocity of its items: elasticity, friction, density (mass = density ×
/// area / 10,000 points²), resistance (linear damping, 1/s), angular resistance, rotation
/// and anchoring.
///
/// Getters read Apple's documented defaults (elasticity 0, friction 0, density 1,
/// resistance 0, angular resistance 0). An item that no item behaviour configures simulates
/// with friction 0.2 (so items do not slide forever) and elasticity 0. With several item
/// behaviours on one item, for each property the last one in tree order that set it wins;
/// removing a behaviour removes its values. Non-finite values are ignored; negative
/// elasticity, friction and resistances are clamped to 0; a density that is not positive is
/// ignored.
open class UIDynamicItemBehavior: UIDynamicBehavior {
    /// The properties set explicitly, in engine units.
    struct Overrides {
        var friction: Float?
        var restitution: Float?
        var density: Float?
        var linearDamping: Float?
        var angularDamping: Float?
        var fixedRotation: Bool?
        var isAnchored: Bool?
        var charge: Float?

        func apply(to m: inout Material) {
            if let friction { m.friction = friction }
            if let restitution { m.restitution = restitution }
            if let density { m.density = density }
            if let linearDamping { m.linearDamping = linearDamping }
            if let angularDamping { m.angularDamping = angularDamping }
            if let fixedRotation { m.fixedRotation = fixedRotation }
            if let isAnchored { m.isAnchored = isAnchored }
            if let charge { m.charge = charge }
        }
    }

    private var list: ItemList
    private(set) var overrides = Overrides()
    private var storedElasticity: CGFloat = 0
    private var storedFriction: CGFloat = 0
    private var storedDensity: CGFloat = 1
    private var storedResistance: CGFloat = 0
    private var storedAngularResistance: CGFloat = 0
    private var storedAllowsRotation = true
    private var storedAnchored = false
    private var storedCharge: CGFloat = 0
    /// Velocities added while the item had no body yet, applied when it gets one (pt/s, rad/s).
    private var pendingLinear: [ObjectIdentifier: CGPoint] = [:]
    private var pendingAngular: [ObjectIdentifier: CGFloat] = [:]

    public init(items: [UIDynamicItem]) {
        list = ItemList(items)
        super.init()
    }

    public convenience override init() {
        self.init(items: [])
    }

    open func addItem(_ item: UIDynamicItem) {
        if list.insert(item) { itemsDidChange(item) }
    }

    open func removeItem(_ item: UIDynamicItem) {
        guard list.remove(item) != nil else { return }
        pendingLinear[ObjectIdentifier(item)] = nil
        pendingAngular[ObjectIdentifier(item)] = nil
        itemsDidChange(item)
    }

    open var items: [UIDynamicItem] { list.items }

    /// Restitution of collisions: 0 (no bounce, the default) to 1 (fully elastic). The
    /// larger of the two touching items' values applies.
    open var elasticity: CGFloat { get { storedElasticity } set { set(&storedElasticity, newValue) { $0.restitution = $1 } } }

    /// Sliding friction coefficient: 0 is none (Apple's default reading), 1 strong, more
    /// allowed. Two touching items use √(f₁ f₂).
    open var friction: CGFloat { get { storedFriction } set { set(&storedFriction, newValue) { $0.friction = $1 } } }

    /// Relative density: mass = density × width × height / 10,000 (a 100 × 100-point item of
    /// density 1 has mass 1). Default 1. Zero, negative and non-finite values are ignored.
    open var density: CGFloat {
        get { storedDensity }
        set {
            guard newValue.isFinite, newValue > 0, let d = finiteFloat(newValue), d > 0 else { return }
            storedDensity = newValue
            overrides.density = d
            materialsDidChange()
        }
    }

    /// Linear damping, 1/s: speed decays as e^(−resistance·t) when no force acts. Default 0.
    open var resistance: CGFloat { get { storedResistance } set { set(&storedResistance, newValue) { $0.linearDamping = $1 } } }

    /// Angular damping, 1/s. Default 0.
    open var angularResistance: CGFloat { get { storedAngularResistance } set { set(&storedAngularResistance, newValue) { $0.angularDamping = $1 } } }

    /// Whether the items may turn. Setting false stops any spin. Default true.
    open var allowsRotation: Bool { get { storedAllowsRotation } set { set(&storedAllowsRotation, newValue) { $0.fixedRotation = !$1 } } }

    /// An anchored item does not move but others still collide with it, as with a
    /// boundary. Default false.
    open var isAnchored: Bool { get { storedAnchored } set { set(&storedAnchored, newValue) { $0.isAnchored = $1 } } }

    /// Electric charge, unitless: electric and magnetic fields act on an item in proportion
    /// to it (an item of charge 0, the default, feels neither). Any finite value, negative
    /// included; resolved across item behaviours like the other properties.
    open var charge: CGFloat {
        get { storedCharge }
        set {
            guard newValue.isFinite, let q = finiteFloat(newValue) else { return }
            storedCharge = newValue
            overrides.charge = q
            materialsDidChange()
        }
    }

    /// Adds `velocity` (points/s) to `item`'s linear velocity; before the behaviour is in an
    /// animator the additions accumulate and apply when it is. Ignored for an item not in
    /// the behaviour or a non-finite velocity.
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {
        guard velocity.isFinitePoint, list.contains(item) else { return }
        if case let (animator, body)? = engineBody(of: item) {
            animator.world.setLinearVelocity(body, animator.world.linearVelocity(body) + Vec2(points: velocity))
            animator.resume()
            return
        }
        let key = ObjectIdentifier(item)
        let old = pendingLinear[key] ?? .zero
        pendingLinear[key] = CGPoint(x: old.x + velocity.x, y: old.y + velocity.y)
        if owner != nil { itemsDidChange(item) }
    }

    /// The item's velocity in points/s; zero for an item without a body in an animator.
    open func linearVelocity(for item: UIDynamicItem) -> CGPoint {
        guard list.contains(item), case let (animator, body)? = engineBody(of: item) else { return .zero }
        return animator.world.linearVelocity(body).points
    }

    /// Adds `velocity` (radians/s, positive clockwise on screen) to `item`'s spin; as
    /// `addLinearVelocity(_:for:)`.
    open func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {
        guard velocity.isFinite, list.contains(item) else { return }
        if case let (animator, body)? = engineBody(of: item) {
            animator.world.setAngularVelocity(body, animator.world.angularVelocity(body) + Float(velocity))
            animator.resume()
            return
        }
        let key = ObjectIdentifier(item)
        pendingAngular[key] = (pendingAngular[key] ?? 0) + velocity
        if owner != nil { itemsDidChange(item) }
    }

    /// The item's angular velocity in radians/s.
    open func angularVelocity(for item: UIDynamicItem) -> CGFloat {
        guard list.contains(item), case let (animator, body)? = engineBody(of: item) else { return 0 }
        return CGFloat(animator.world.angularVelocity(body))
    }

    /// The animator this behaviour is in and `item`'s body there, once it has one.
    private func engineBody(of item: UIDynamicItem) -> (UIDynamicAnimator, BodyID)? {
        guard let animator = owner else { return nil }
        let body = animator.body(of: item)
        return body == .null ? nil : (animator, body)
    }

    // MARK: Engine

    override var engineItems: [UIDynamicItem] { list.items }

    override func engineSync(_ animator: UIDynamicAnimator) {
        guard !pendingLinear.isEmpty || !pendingAngular.isEmpty else { return }
        let world = animator.world
        for record in boundRecords where record.hasBody {
            let key = ObjectIdentifier(record.item)
            if let v = pendingLinear.removeValue(forKey: key) {
                world.setLinearVelocity(record.body, world.linearVelocity(record.body) + Vec2(points: v))
            }
            if let w = pendingAngular.removeValue(forKey: key), let wf = finiteFloat(w) {
                world.setAngularVelocity(record.body, world.angularVelocity(record.body) + wf)
            }
        }
    }

    private func set(_ storage: inout CGFloat, _ value: CGFloat, _ apply: (inout Overrides, Float) -> Void) {
        guard value.isFinite, let f = finiteFloat(max(0, value)) else { return }
        storage = max(0, value)
        apply(&overrides, f)
        materialsDidChange()
    }

    private func set(_ storage: inout Bool, _ value: Bool, _ apply: (inout Overrides, Bool) -> Void) {
        storage = value
        apply(&overrides, value)
        materialsDidChange()
    }

    private func materialsDidChange() {
        // Materials are resolved across every item behaviour at the next synchronisation.
        owner?.needsSync = true
        parametersDidChange()
    }
}
