import Foundation
import Physics2D

/// Pulls an item to a point, and its rotation to zero, like a damped spring: it springs
/// to `snapPoint`, overshoots a little (less the higher `damping`) and settles there.
///
/// The spring is the engine's target joint at 4 Hz, linear and angular. UIKit's `damping`
/// (0 = most oscillation, 1 = least; larger values allowed) maps to the damping ratio
/// ζ = 0.05 + 0.75 × damping up to 1, and ζ = 0.8 × damping above: the tutorial's 0.75
/// (ζ ≈ 0.61) overshoots by about 5 % of the distance and is within a point of the snap
/// point after about 0.3 s; 1.0 (ζ = 0.8) overshoots by about 0.5 %; 0 (ζ = 0.05) still
/// comes to rest, after a few seconds. Non-finite values are ignored; negative dampings are
/// clamped to 0.
open class UISnapBehavior: UIDynamicBehavior {
    /// Spring frequency of the snap, Hz.
    static let hertz: Float = 4

    private let item: UIDynamicItem
    private var storedPoint: CGPoint
    private var storedDamping: CGFloat = 0.5

    private var joint: JointID = .null
    private var jointBody: BodyID = .null

    public init(item: UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        storedPoint = point.isFinitePoint ? point : item.center
        super.init()
    }

    /// Where the item's centre is pulled (animator coordinates, points). Moving it re-targets
    /// the item.
    open var snapPoint: CGPoint {
        get { storedPoint }
        set { setParameter(newValue) { storedPoint = $0; jointWorld?.setTarget(joint, Vec2(points: $0)) } }
    }

    /// How quickly the oscillation dies: 0.0 oscillates most, 1.0 least. Default 0.5.
    open var damping: CGFloat {
        get { storedDamping }
        set {
            setParameter(newValue) {
                storedDamping = max(0, $0)
                jointWorld?.setTargetJointSpring(joint, hertz: Self.hertz, dampingRatio: Self.dampingRatio(storedDamping))
            }
        }
    }

    /// The animator's world while this snap's joint lives in it.
    private var jointWorld: World? {
        guard let world = owner?.world, world.isValid(joint) else { return nil }
        return world
    }

    /// The engine damping ratio for a UIKit snap damping.
    static func dampingRatio(_ damping: CGFloat) -> Float {
        let d = Float(max(0, damping))
        return d <= 1 ? 0.05 + 0.75 * d : 0.8 * d
    }

    // MARK: Engine

    override var engineItems: [UIDynamicItem] { [item] }

    override func engineSync(_ animator: UIDynamicAnimator) {
        let world = animator.world
        guard let record = boundRecords.first, record.hasBody else {
            if world.isValid(joint) { world.destroyJoint(joint) }
            joint = .null
            return
        }
        if world.isValid(joint) && jointBody == record.body { return }
        if world.isValid(joint) { world.destroyJoint(joint) }
        var def = TargetJointDef(body: record.body)
        def.target = Vec2(points: storedPoint)
        def.localAnchor = .zero
        def.targetAngle = 0
        def.hertz = Self.hertz
        def.dampingRatio = Self.dampingRatio(storedDamping)
        def.angularHertz = Self.hertz
        def.angularDampingRatio = Self.dampingRatio(storedDamping)
        joint = world.createTargetJoint(def)
        jointBody = record.body
    }

    /// The snap's force on its item in the last step, newtons (zero without a joint).
    func measuredForce(_ world: World) -> Vec2 { world.jointForce(joint) }

    override func engineDetach(_ animator: UIDynamicAnimator) {
        if animator.world.isValid(joint) { animator.world.destroyJoint(joint) }
        joint = .null
        jointBody = .null
    }
}
