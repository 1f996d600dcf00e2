import Foundation
import Physics2D

/// Ties an item to an anchor point or to another item: a rigid rod (`frequency` 0, the
/// default) or a spring (`frequency` in Hz, `damping` as a damping ratio), `length` points
/// long (by default the distance between the attachment points when the behaviour starts
/// acting). The iOS 9 factories make pins, sliders, welds and ropes.
///
/// Non-finite values are ignored; negative lengths, frequencies, dampings and friction
/// torques are clamped to 0 (see docs/api.md).
open class UIAttachmentBehavior: UIDynamicBehavior {
    /// What the attachment ties the item to.
    public enum AttachmentType: Int, Sendable {
        case items = 0
        case anchor = 1
    }

    enum Kind {
        /// iOS 7: a rod or spring from a point of the item to the anchor.
        case anchor
        /// iOS 7: a rod or spring between a point of each item (they still collide).
        case items
        /// iOS 9: relative translation along an axis only.
        case sliding(axis: CGVector)
        /// iOS 9: a rope, at most `length` long.
        case limit
        /// iOS 9: the two items welded at the anchor.
        case fixed
        /// iOS 9: a shared pin at the anchor.
        case pin
    }

    private let attachedItems: [UIDynamicItem]
    private var offset1: UIOffset
    private var offset2: UIOffset
    var kind: Kind
    private var storedAnchor: CGPoint
    private var explicitLength: CGFloat?
    private var resolvedLength: CGFloat = 0
    private var storedDamping: CGFloat = 0
    private var storedFrequency: CGFloat = 0
    private var storedFrictionTorque: CGFloat = 0
    private var storedRange = UIFloatRange.infinite

    private var joint: JointID = .null
    /// A one-item attachment hangs from its own kinematic body at the anchor: moving the
    /// anchor gives that body the velocity to get there in one step, so a rigid rod carries
    /// the item along at once (as on iOS) instead of catching up at the solver's push limit.
    private var anchorBody: BodyID = .null
    /// Anchor moves of up to this many metres per step (40 points, 2,400 points/s: a fast
    /// finger) carry the item along; longer ones are jumps.
    private static let largestCarriedAnchorJump: Float = 0.4
    private var jointBodies: [BodyID] = []
    private var jointIsPin = false
    private var needsRebuild = false

    /// Ties the point at `offset` from `item`'s centre (item coordinates) to `point`.
    public required init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        attachedItems = [item]
        offset1 = offset.isFinite ? offset : .zero
        offset2 = .zero
        kind = .anchor
        storedAnchor = point.isFinitePoint ? point : .zero
        super.init()
    }

    /// Ties `item`'s centre to `point`.
    public convenience init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Ties a point of each item (offsets in each item's coordinates).
    public required init(
        item item1: UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) {
        attachedItems = [item1, item2]
        self.offset1 = offset1.isFinite ? offset1 : .zero
        self.offset2 = offset2.isFinite ? offset2 : .zero
        kind = .items
        storedAnchor = .zero
        super.init()
    }

    /// Ties the two items' centres.
    public convenience init(item item1: UIDynamicItem, attachedTo item2: UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// The two items may only translate relative to each other along `axis` (a unit vector)
    /// through `point`; their relative rotation is locked. `attachmentRange` limits the travel
    /// (points).
    open class func slidingAttachment(
        with item1: UIDynamicItem, attachedTo item2: UIDynamicItem, attachmentAnchor point: CGPoint,
        axisOfTranslation axis: CGVector
    ) -> Self {
        attachment(.sliding(axis: axis), item1, item2, at: point)
    }

    /// `item` may only slide along `axis` through `point`, without turning.
    open class func slidingAttachment(
        with item: UIDynamicItem, attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector
    ) -> Self {
        let b = self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
        b.kind = .sliding(axis: axis)
        return b
    }

    /// A rope: the two offset points stay at most `length` apart (the distance when the
    /// behaviour starts acting, unless set).
    open class func limitAttachment(
        with item1: UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) -> Self {
        let b = self.init(item: item1, offsetFromCenter: offset1, attachedTo: item2, offsetFromCenter: offset2)
        b.kind = .limit
        return b
    }

    /// Welds the two items together at `point`.
    open class func fixedAttachment(
        with item1: UIDynamicItem, attachedTo item2: UIDynamicItem, attachmentAnchor point: CGPoint
    ) -> Self {
        attachment(.fixed, item1, item2, at: point)
    }

    /// Pins the two items together at `point`: each turns freely about it, resisted by
    /// `frictionTorque` and limited by `attachmentRange` (radians of relative rotation).
    open class func pinAttachment(
        with item1: UIDynamicItem, attachedTo item2: UIDynamicItem, attachmentAnchor point: CGPoint
    ) -> Self {
        attachment(.pin, item1, item2, at: point)
    }

    /// Two items attached at `point` in the animator (slid, welded or pinned there).
    private class func attachment(_ kind: Kind, _ item1: UIDynamicItem, _ item2: UIDynamicItem, at point: CGPoint) -> Self {
        let b = self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
        b.kind = kind
        b.storedAnchor = point.isFinitePoint ? point : .zero
        return b
    }

    /// The one or two items attached.
    open var items: [UIDynamicItem] { attachedItems }

    /// `.anchor` for attachments to a point (including a one-item slider), else `.items`.
    open var attachedBehaviorType: AttachmentType {
        switch kind {
        case .anchor: return .anchor
        case .sliding: return attachedItems.count == 1 ? .anchor : .items
        default: return .items
        }
    }

    /// The anchor in animator coordinates (points). Moving it moves the attachment and keeps
    /// its length. `.zero` for item-to-item attachments made by the iOS 7 initialisers.
    open var anchorPoint: CGPoint {
        get { storedAnchor }
        set {
            guard newValue.isFinitePoint else { return }
            storedAnchor = newValue
            if let world, world.isValid(anchorBody), hangsFromAnchorBody {
                let target = Vec2(points: newValue)
                if distance(world.transform(anchorBody).p, target) > Self.largestCarriedAnchorJump {
                    // A jump, not a drag (a first touch far away, or gestures that arrived in a
                    // burst): the anchor moves at once and the rod pulls the item in at the
                    // solver's correction speed rather than flinging it at the jump's speed.
                    world.setTransform(anchorBody, position: target, rotation: .identity)
                }
                // Moving the anchor body wakes its island: a sleeping item follows.
                world.setTargetTransform(anchorBody, position: target, rotation: .identity, timeStep: Float(Units.stepDuration))
            }
            parametersDidChange()
        }
    }

    /// Rest length in points: by default the distance between the attachment points when
    /// the behaviour starts acting (0 until it is in an animator); for a limit attachment
    /// the rope's length. Negative values are clamped to 0.
    open var length: CGFloat {
        get {
            if let explicitLength { return explicitLength }
            owner?.synchronizeIfNeeded()
            return owner == nil ? 0 : resolvedLength
        }
        set {
            guard newValue.isFinite else { return }
            let v = max(0, newValue)
            explicitLength = v
            resolvedLength = v
            if case .limit = kind {
                if let world, world.isValid(joint) {
                    world.setDistanceJointLength(joint, Float(v / Units.pointsPerMeter))
                    world.setDistanceJointLimits(joint, enabled: true, minLength: 0, maxLength: Float(v / Units.pointsPerMeter))
                }
            } else {
                retune()
            }
            parametersDidChange()
        }
    }

    /// Damping ratio of the spring (1 is critical; only with `frequency` > 0). Default 0.
    open var damping: CGFloat { get { storedDamping } set { setParameter(newValue) { storedDamping = max(0, $0); retune() } } }

    /// Spring frequency in Hz; 0 (the default) makes a rigid rod.
    open var frequency: CGFloat { get { storedFrequency } set { setParameter(newValue) { storedFrequency = max(0, $0); retune() } } }

    /// Resistance to rotation about a pin attachment's anchor: the largest torque friction
    /// exerts, in N·m (a UIKit Newton × metres of 100 points). 0 (the default) turns freely.
    open var frictionTorque: CGFloat {
        get { storedFrictionTorque }
        set {
            setParameter(newValue) {
                storedFrictionTorque = max(0, $0)
                guard case .pin = kind, let world, world.isValid(joint) else { return }
                world.setRevoluteJointFriction(joint, maxTorque: Float(storedFrictionTorque))
                world.clearDisabledJointImpulses(joint)
            }
        }
    }

    /// Allowed travel: points along a sliding attachment's axis, or radians of relative
    /// rotation of a pin (positive clockwise on screen). `.infinite` by default. A NaN bound
    /// is ignored; a minimum above the maximum is swapped.
    open var attachmentRange: UIFloatRange {
        get { storedRange }
        set {
            guard !newValue.minimum.isNaN, !newValue.maximum.isNaN else { return }
            storedRange = UIFloatRange(
                minimum: min(newValue.minimum, newValue.maximum), maximum: max(newValue.minimum, newValue.maximum))
            if let world, world.isValid(joint) {
                let limits = rangeLimits(scale: 1)
                switch kind {
                case .pin:
                    world.setRevoluteJointLimits(joint, enabled: limits.enabled, lower: limits.lower, upper: limits.upper)
                case .sliding:
                    let metres = rangeLimits(scale: 1 / Units.pointsPerMeter)
                    world.setPrismaticJointLimits(joint, enabled: metres.enabled, lower: metres.lower, upper: metres.upper)
                default:
                    break
                }
                world.clearDisabledJointImpulses(joint)
            }
            parametersDidChange()
        }
    }

    // MARK: Engine

    override var engineItems: [UIDynamicItem] { attachedItems }

    private var world: World? { owner?.world }

    /// Whether body A of the joint is this attachment's kinematic anchor body.
    private var hangsFromAnchorBody: Bool { attachedItems.count == 1 }

    /// A rigid attachment of (nearly) zero length is a pin: a distance joint has no direction
    /// to act along at length 0.
    private var wantsPin: Bool {
        switch kind {
        case .anchor, .items: return storedFrequency == 0 && resolvedLength < 1
        default: return false
        }
    }

    /// Applies length, frequency and damping to a live rod or spring, or schedules a rebuild
    /// when the joint's kind must change.
    private func retune() {
        guard let world, world.isValid(joint) else { return }
        switch kind {
        case .anchor, .items:
            if wantsPin != jointIsPin {
                needsRebuild = true
                owner?.needsSync = true
                return
            }
            guard !jointIsPin else { return }
            world.setDistanceJointLength(joint, Float(resolvedLength / Units.pointsPerMeter))
            world.setDistanceJointSpring(joint, hertz: Float(storedFrequency), dampingRatio: Float(storedDamping))
        default:
            break
        }
    }

    private func rangeLimits(scale: CGFloat) -> JointLimit {
        let bound: CGFloat = 1e6
        let lower = max(-bound, storedRange.minimum * scale)
        let upper = min(bound, storedRange.maximum * scale)
        return JointLimit(enabled: !storedRange.isInfinite, lower: Float(lower), upper: Float(upper))
    }

    override func engineSync(_ animator: UIDynamicAnimator) {
        let world = animator.world
        let records = boundRecords
        guard records.count == attachedItems.count, records.allSatisfy(\.hasBody) else {
            if world.isValid(joint) { world.destroyJoint(joint) }
            joint = .null
            return
        }
        let bodies = records.map(\.body)
        if world.isValid(joint) && !needsRebuild && bodies == jointBodies { return }
        if world.isValid(joint) { world.destroyJoint(joint) }
        needsRebuild = false
        jointBodies = bodies
        jointIsPin = false
        joint = makeJoint(world, animator, bodies)
    }

    override func engineDetach(_ animator: UIDynamicAnimator) {
        if animator.world.isValid(joint) { animator.world.destroyJoint(joint) }
        if animator.world.isValid(anchorBody) { animator.world.destroyBody(anchorBody) }
        anchorBody = .null
        joint = .null
        jointBodies = []
    }

    /// The joint's force in the last step on each attached item (the second is zero for an
    /// anchor attachment), its tension (positive when it pulls the ends together) and the
    /// energy stored in its spring, in engine units. Zero without a joint.
    func measure(_ world: World) -> (first: Vec2, second: Vec2, tension: Float, energy: Float) {
        guard world.isValid(joint) else { return (.zero, .zero, 0, 0) }
        let onB = world.jointForce(joint)
        let (a, b) = world.jointWorldAnchors(joint)
        let tension = dot(onB, (a - b).normalized)
        let energy = world.springEnergy(joint)
        return hangsFromAnchorBody ? (onB, .zero, tension, energy) : (-onB, onB, tension, energy)
    }

    /// True when the attachment is a spring (it has a frequency), not a rigid rod.
    var isSpring: Bool { storedFrequency > 0 }

    private func makeJoint(_ world: World, _ animator: UIDynamicAnimator, _ bodies: [BodyID]) -> JointID {
        let anchor = Vec2(points: storedAnchor)
        let local1 = Vec2(pointsX: offset1.horizontal, y: offset1.vertical)
        let local2 = Vec2(pointsX: offset2.horizontal, y: offset2.vertical)
        let scale = Float(Units.pointsPerMeter)
        // Body A and its local anchor; body B and its local anchor.
        let twoItems = bodies.count == 2
        let bodyA = twoItems ? bodies[0] : kinematicAnchor(world, at: anchor)
        let bodyB = twoItems ? bodies[1] : bodies[0]
        let xfA = world.transform(bodyA), xfB = world.transform(bodyB)
        // Where the anchor is in body A's frame; for a one-item attachment the anchor body
        // may still be on its way to a just-moved anchor, so measure from the anchor itself.
        let anchorInA = twoItems ? xfA.invApply(anchor) : Vec2.zero

        switch kind {
        case .anchor, .items, .limit:
            let localA = twoItems ? local1 : Vec2.zero
            let localB = twoItems ? local2 : local1
            let current = distance(twoItems ? xfA.apply(localA) : anchor, xfB.apply(localB))
            let lengthM = explicitLength.map { Float($0 / Units.pointsPerMeter) } ?? current
            resolvedLength = CGFloat(lengthM * scale)
            if case .limit = kind {
                var def = DistanceJointDef(bodyA: bodyA, bodyB: bodyB)
                def.localAnchorA = localA
                def.localAnchorB = localB
                def.length = lengthM
                def.enableLimit = true
                def.minLength = 0
                def.maxLength = lengthM
                def.collideConnected = false
                return world.createDistanceJoint(def)
            }
            if wantsPin {
                var def = RevoluteJointDef(bodyA: bodyA, bodyB: bodyB)
                def.localAnchorA = localA
                def.localAnchorB = localB
                def.referenceAngle = relativeAngle(xfA.q, xfB.q)
                def.collideConnected = true
                jointIsPin = true
                return world.createRevoluteJoint(def)
            }
            var def = DistanceJointDef(bodyA: bodyA, bodyB: bodyB)
            def.localAnchorA = localA
            def.localAnchorB = localB
            def.length = lengthM
            def.spring = JointSpring(
                enabled: storedFrequency > 0, hertz: Float(storedFrequency), dampingRatio: Float(storedDamping))
            // The iOS 7 initialisers let attached items still collide.
            def.collideConnected = true
            return world.createDistanceJoint(def)

        case .sliding(let axis):
            guard let ax = finiteFloat(axis.dx), let ay = finiteFloat(axis.dy), ax != 0 || ay != 0 else {
                return .null
            }
            var def = PrismaticJointDef(bodyA: bodyA, bodyB: bodyB)
            def.localAnchorA = anchorInA
            def.localAnchorB = xfB.invApply(anchor)
            def.localAxisA = xfA.q.invRotate(Vec2(ax, ay).normalized)
            def.referenceAngle = relativeAngle(xfA.q, xfB.q)
            def.limit = rangeLimits(scale: 1 / Units.pointsPerMeter)
            return world.createPrismaticJoint(def)

        case .fixed:
            var def = WeldJointDef(bodyA: bodyA, bodyB: bodyB)
            def.localAnchorA = anchorInA
            def.localAnchorB = xfB.invApply(anchor)
            def.referenceAngle = relativeAngle(xfA.q, xfB.q)
            return world.createWeldJoint(def)

        case .pin:
            var def = RevoluteJointDef(bodyA: bodyA, bodyB: bodyB)
            def.localAnchorA = anchorInA
            def.localAnchorB = xfB.invApply(anchor)
            def.referenceAngle = relativeAngle(xfA.q, xfB.q)
            def.limit = rangeLimits(scale: 1)
            def.motor = JointMotor(enabled: storedFrictionTorque > 0, speed: 0, maxForce: Float(storedFrictionTorque))
            return world.createRevoluteJoint(def)
        }
    }

    private func kinematicAnchor(_ world: World, at anchor: Vec2) -> BodyID {
        if world.isValid(anchorBody) { return anchorBody }
        var def = BodyDef()
        def.type = .kinematic
        def.position = anchor
        anchorBody = world.createBody(def)
        return anchorBody
    }
}
