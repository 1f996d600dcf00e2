import Foundation
import Physics2D

// Newtons' addition to Apple's API (UIKit reports no forces): what acted on each item in
// the animator's last step, for drawing force arrows, contact points and tension. Gravity,
// pushes and fields are recorded where the animator applies them; snap, attachment and
// contact forces are the engine's solver impulses divided by the substep. Reading changes
// nothing in the simulation.

/// The kind of behaviour a measured force comes from.
public enum UIDynamicForceSource: Int, CaseIterable, Sendable {
    case gravity, push, snap, attachment, spring, field, collision

    /// The source's name on the wire and in the page's legend.
    public var name: String {
        switch self {
        case .gravity: "gravity"
        case .push: "push"
        case .snap: "snap"
        case .attachment: "attachment"
        case .spring: "spring"
        case .field: "field"
        case .collision: "collision"
        }
    }
}

/// One force vector per source, UIKit Newtons (1 accelerates a mass of 1 at 100 points/s²).
public struct UIDynamicForces: Sendable, Equatable {
    public var gravity = CGVector.zero
    public var push = CGVector.zero
    public var snap = CGVector.zero
    public var attachment = CGVector.zero
    public var spring = CGVector.zero
    public var field = CGVector.zero
    public var collision = CGVector.zero

    public init() {}

    public subscript(source: UIDynamicForceSource) -> CGVector {
        get {
            switch source {
            case .gravity: gravity
            case .push: push
            case .snap: snap
            case .attachment: attachment
            case .spring: spring
            case .field: field
            case .collision: collision
            }
        }
        set {
            switch source {
            case .gravity: gravity = newValue
            case .push: push = newValue
            case .snap: snap = newValue
            case .attachment: attachment = newValue
            case .spring: spring = newValue
            case .field: field = newValue
            case .collision: collision = newValue
            }
        }
    }

    /// The sum of every source.
    public var total: CGVector {
        UIDynamicForceSource.allCases.reduce(CGVector.zero) { sum, source in
            let f = self[source]
            return CGVector(dx: sum.dx + f.dx, dy: sum.dy + f.dy)
        }
    }

    fileprivate mutating func add(_ force: Vec2, _ source: UIDynamicForceSource) {
        let f = self[source]
        self[source] = CGVector(dx: f.dx + CGFloat(force.x), dy: f.dy + CGFloat(force.y))
    }
}

/// The behaviours holding an item, by force source, plus whether an item behaviour
/// configures it.
public struct UIDynamicBehaviorSet: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public init(_ source: UIDynamicForceSource) { rawValue = 1 << UInt8(source.rawValue) }
    public static let itemBehavior = UIDynamicBehaviorSet(rawValue: 1 << 7)

    public func contains(_ source: UIDynamicForceSource) -> Bool { contains(UIDynamicBehaviorSet(source)) }
}

/// What acted on one item in the last step, and how it moves now.
public struct UIDynamicItemMeasurement: Sendable, Equatable {
    /// Points per second.
    public var velocity: CGVector
    /// Radians per second (positive turns clockwise on screen).
    public var angularVelocity: CGFloat
    /// UIKit mass: density × area / 10,000 points² (a 100 × 100 item of density 1 has mass 1).
    public var mass: CGFloat
    public var forces: UIDynamicForces
    /// The behaviours that hold the item.
    public var behaviors: UIDynamicBehaviorSet
}

/// One point where an item touches another item or a boundary.
public struct UIDynamicContactMeasurement {
    /// Where they touch, points.
    public var point: CGPoint
    /// Unit normal pointing into `item`.
    public var normal: CGVector
    /// The force `item` received there in the last step (normal and friction), UIKit Newtons;
    /// `otherItem` received the opposite.
    public var force: CGVector
    public var item: UIDynamicItem
    /// The other item, or nil for a boundary.
    public var otherItem: UIDynamicItem?
}

/// An attachment's state in the last step.
public struct UIAttachmentMeasurement: Sendable, Equatable {
    /// UIKit Newtons; positive when it pulls its ends together, negative when it pushes them apart.
    public var tension: CGFloat
    /// Energy stored in a spring (zero for a rigid attachment), joules (UIKit mass × (m/s)²,
    /// 100 points to the metre).
    public var springEnergy: CGFloat
}

extension UIDynamicAnimator {
    /// What acted on `item` in the last step; nil when no behaviour of this animator
    /// simulates it.
    public func measurement(for item: UIDynamicItem) -> UIDynamicItemMeasurement? {
        guard let record = recordsByItem[ObjectIdentifier(item)], record.hasBody, world.isValid(record.body) else {
            return nil
        }
        let body = record.body
        var forces = UIDynamicForces()
        forces.add(record.appliedForces.gravity, .gravity)
        forces.add(record.appliedForces.push, .push)
        forces.add(record.appliedForces.field, .field)
        var behaviors: UIDynamicBehaviorSet = []
        for behavior in flatBehaviors where behavior.boundRecords.contains(where: { $0 === record }) {
            switch behavior {
            case is UIGravityBehavior: behaviors.insert(UIDynamicBehaviorSet(.gravity))
            case is UIPushBehavior: behaviors.insert(UIDynamicBehaviorSet(.push))
            case is UIFieldBehavior: behaviors.insert(UIDynamicBehaviorSet(.field))
            case is UICollisionBehavior: behaviors.insert(UIDynamicBehaviorSet(.collision))
            case is UIDynamicItemBehavior: behaviors.insert(.itemBehavior)
            case let snap as UISnapBehavior:
                behaviors.insert(UIDynamicBehaviorSet(.snap))
                forces.add(snap.measuredForce(world), .snap)
            case let attachment as UIAttachmentBehavior:
                let source: UIDynamicForceSource = attachment.isSpring ? .spring : .attachment
                behaviors.insert(UIDynamicBehaviorSet(source))
                let measured = attachment.measure(world)
                // Between two items, the second is the joint's body B.
                let isSecond = attachment.items.count == 2 && behavior.boundRecords.last === record
                forces.add(isSecond ? measured.second : measured.first, source)
            default: break
            }
        }
        world.forEachContactPoint(of: body) { forces.add($0.force, .collision) }
        let v = world.linearVelocity(body)
        return UIDynamicItemMeasurement(
            velocity: CGVector(dx: Double(v.x) * Units.pointsPerMeter, dy: Double(v.y) * Units.pointsPerMeter),
            angularVelocity: CGFloat(world.angularVelocity(body)), mass: CGFloat(world.mass(body)), forces: forces,
            behaviors: behaviors)
    }

    /// Visits every point where an item touches another item (once per pair, from the item
    /// that joined first) or a boundary, with the force there in the last step.
    public func forEachContact(_ visit: (UIDynamicContactMeasurement) -> Void) {
        for record in records where record.hasBody {
            world.forEachContactPoint(of: record.body) { point in
                var other: ItemRecord?
                let slot = world.userData(point.other)
                if slot >= 0, slot < recordsBySlot.count, let candidate = recordsBySlot[slot], candidate.body == point.other {
                    // Each pair once: from the item with the lower slot.
                    guard candidate.slot > record.slot else { return }
                    other = candidate
                }
                visit(
                    UIDynamicContactMeasurement(
                        point: point.point.points,
                        normal: CGVector(dx: CGFloat(point.normal.x), dy: CGFloat(point.normal.y)),
                        force: CGVector(dx: CGFloat(point.force.x), dy: CGFloat(point.force.y)), item: record.item,
                        otherItem: other?.item))
            }
        }
    }

    /// The tension and spring energy of `attachment` in the last step (zeros while it has no
    /// joint, e.g. before the first step).
    public func measurement(for attachment: UIAttachmentBehavior) -> UIAttachmentMeasurement {
        let measured = attachment.measure(world)
        return UIAttachmentMeasurement(tension: CGFloat(measured.tension), springEnergy: CGFloat(measured.energy))
    }
}
