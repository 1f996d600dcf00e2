// Scenes built through the public UIKitDynamics API, as a student would write them, shared
// by the UIKitDynamics tests and the benchmarks.
import UIKitDynamics

/// A scene: its reference view, its animator and its items (in creation order).
public struct DynamicsScene {
    public let view: UIView
    public let animator: UIDynamicAnimator
    public let items: [UIView]
}

public enum DynamicsScenes {
    /// The pyramid of BENCHMARKS.md: `base` boxes of `size` points on the bottom row, one
    /// fewer on each row above, density 1, friction 0.6, elasticity 0, under the default
    /// gravity, resting on a boundary line (identifier "ground"). Items are listed bottom row
    /// first, the top box last.
    public static func pyramid(base: Int, size: CGFloat = 100) -> DynamicsScene {
        let groundY = CGFloat(base) * size + 200
        let view = UIView(frame: CGRect(x: 0, y: 0, width: CGFloat(base) * size + 400, height: groundY + 100))
        let animator = UIDynamicAnimator(referenceView: view)
        var boxes: [UIView] = []
        for row in 0..<base {
            let n = base - row
            for i in 0..<n {
                let x = view.bounds.midX + (CGFloat(i) - CGFloat(n) * 0.5 + 0.5) * size
                let y = groundY - size * 0.5 - CGFloat(row) * size
                let box = UIView(frame: CGRect(x: x - size / 2, y: y - size / 2, width: size, height: size))
                view.addSubview(box)
                boxes.append(box)
            }
        }
        let gravity = UIGravityBehavior(items: boxes)
        let collision = UICollisionBehavior(items: boxes)
        collision.addBoundary(
            withIdentifier: "ground" as NSString, from: CGPoint(x: -20_000, y: groundY),
            to: CGPoint(x: 20_000, y: groundY))
        let material = UIDynamicItemBehavior(items: boxes)
        material.friction = 0.6
        material.elasticity = 0
        material.density = 1
        animator.addBehaviors(gravity, collision, material)
        return DynamicsScene(view: view, animator: animator, items: boxes)
    }

    /// A column of `count` boxes of `size` points standing on the bottom edge of a
    /// 375 × 667 reference view (reference bounds as boundary), under gravity.
    public static func stack(count: Int, size: CGFloat = 50) -> DynamicsScene {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let animator = UIDynamicAnimator(referenceView: view)
        var boxes: [UIView] = []
        for i in 0..<count {
            let y = 667 - size / 2 - CGFloat(i) * size
            let box = UIView(frame: CGRect(x: 187.5 - size / 2, y: y - size / 2, width: size, height: size))
            view.addSubview(box)
            boxes.append(box)
        }
        let collision = UICollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehaviors(UIGravityBehavior(items: boxes), collision)
        return DynamicsScene(view: view, animator: animator, items: boxes)
    }

    /// The properties lesson's scene (two 100 × 100 items under gravity inside the
    /// reference bounds, one of them bouncy, heavy and unable to turn): the two-item scene
    /// whose step time the benchmarks watch.
    public static func twoItemLesson() -> DynamicsScene {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let frog = UIView(frame: CGRect(x: 40, y: 100, width: 100, height: 100))
        let dragon = UIView(frame: CGRect(x: 220, y: 100, width: 100, height: 100))
        view.addSubview(frog)
        view.addSubview(dragon)
        let animator = UIDynamicAnimator(referenceView: view)
        let gravity = UIGravityBehavior(items: [dragon, frog])
        let collision = UICollisionBehavior(items: [dragon, frog])
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = UIDynamicItemBehavior(items: [frog])
        properties.elasticity = 1.0
        properties.allowsRotation = false
        properties.angularResistance = 0
        properties.density = 3
        properties.friction = 0.5
        properties.resistance = 0.5
        animator.addBehaviors(properties, gravity, collision)
        return DynamicsScene(view: view, animator: animator, items: [frog, dragon])
    }
}

extension DynamicsScenes {
    /// `count` 10 × 10-point items on a square grid 2,000 points wide in one radial gravity
    /// field at the grid's centre (strength 20, minimum radius 20 points), without
    /// collisions: the cost of evaluating a field, item by item. Items in creation order.
    public static func radialField(count: Int) -> DynamicsScene {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 2000, height: 2000))
        let animator = UIDynamicAnimator(referenceView: view)
        let side = max(1, Int(Double(count).squareRoot().rounded(.up)))
        let spacing = 1800 / CGFloat(side)
        var items: [UIView] = []
        for i in 0..<max(0, count) {
            let x = 100 + (CGFloat(i % side) + 0.5) * spacing
            let y = 100 + (CGFloat(i / side) + 0.5) * spacing
            let item = UIView(frame: CGRect(x: x - 5, y: y - 5, width: 10, height: 10))
            view.addSubview(item)
            items.append(item)
        }
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 1000, y: 1000))
        field.strength = 20
        field.minimumRadius = 20
        for item in items { field.addItem(item) }
        animator.addBehavior(field)
        return DynamicsScene(view: view, animator: animator, items: items)
    }

    /// A chain of `links` 20 × 6-point links, end to end from (100, 100) to the right, each
    /// pinned to the next at their shared end (`pinAttachment`), the first pinned to an
    /// anchor at its left end, under gravity: it swings down. Links in chain order.
    public static func pinChain(links: Int) -> DynamicsScene {
        let count = max(1, links)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40 + CGFloat(count) * 40, height: 40 + CGFloat(count) * 40))
        let animator = UIDynamicAnimator(referenceView: view)
        var items: [UIView] = []
        for i in 0..<count {
            let link = UIView(frame: CGRect(x: 100 + CGFloat(i) * 20, y: 97, width: 20, height: 6))
            view.addSubview(link)
            items.append(link)
        }
        animator.addBehavior(
            UIAttachmentBehavior(item: items[0], offsetFromCenter: UIOffset(horizontal: -10, vertical: 0),
                                 attachedToAnchor: CGPoint(x: 100, y: 100)))
        for i in 1..<count {
            animator.addBehavior(
                UIAttachmentBehavior.pinAttachment(
                    with: items[i - 1], attachedTo: items[i], attachmentAnchor: CGPoint(x: 100 + CGFloat(i) * 20, y: 100)))
        }
        animator.addBehavior(UIGravityBehavior(items: items))
        return DynamicsScene(view: view, animator: animator, items: items)
    }
}

extension UIDynamicAnimator {
    /// Advances by `seconds` in calls of one 1/60-s step each (as a display link would).
    public func run(seconds: Double) {
        run(steps: Int((seconds * 60).rounded()))
    }

    /// Advances by `steps` calls of 1/60 s.
    public func run(steps: Int) {
        for _ in 0..<max(0, steps) { advance(by: 1.0 / 60) }
    }

    /// Adds the behaviours in order, as one `addBehavior` after another.
    public func addBehaviors(_ behaviors: UIDynamicBehavior...) {
        for behavior in behaviors { addBehavior(behavior) }
    }
}

/// An FNV-1a hash of the items' centres and transforms, bit for bit: equal hashes mean the
/// same simulation.
public func stateHash(of items: [UIDynamicItem]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ v: Double) {
        hash = (hash ^ v.bitPattern) &* 0x100_0000_01b3
    }
    for item in items {
        mix(item.center.x)
        mix(item.center.y)
        let t = item.transform
        mix(t.a)
        mix(t.b)
        mix(t.c)
        mix(t.d)
    }
    return hash
}

/// The rotation of an item's transform, radians.
public func rotationAngle(of item: UIDynamicItem) -> CGFloat {
    atan2(item.transform.b, item.transform.a)
}

/// An item whose collision outline is an ellipse inscribed in its bounds.
public final class EllipseView: UIView {
    public override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
}

extension DynamicsScenes {
    /// The rain of BENCHMARKS.md: `count` items, boxes and ellipses in turn (sizes 16 to 28
    /// points, some ellipses round, most not), in rows above an open box 1,200 points wide
    /// (the reference bounds' floor and sides, 3,000 points tall), all falling at once under
    /// the default gravity with friction 0.4 and elasticity 0.1, into a pile at the bottom: the
    /// broad phase and the narrow phase of mixed shapes under constant change. Items in
    /// creation order, lowest row first.
    public static func rain(count: Int) -> DynamicsScene {
        let width: CGFloat = 1200, height: CGFloat = 3000
        let view = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        let animator = UIDynamicAnimator(referenceView: view)
        let perRow = 40
        let spacing = width / CGFloat(perRow)
        var items: [UIView] = []
        for i in 0..<max(0, count) {
            let row = i / perRow, column = i % perRow
            // Sizes and offsets vary by a fixed pattern, so the rain is the same every run.
            let w = 16 + CGFloat((i * 7) % 13)
            let h = i % 5 == 1 ? w : 16 + CGFloat((i * 11) % 13)
            let x = (CGFloat(column) + 0.5) * spacing + CGFloat((i * 5) % 7) - 3
            let y = height - 600 - CGFloat(row) * spacing
            let frame = CGRect(x: x - w / 2, y: y - h / 2, width: w, height: h)
            let item = i % 2 == 0 ? UIView(frame: frame) : EllipseView(frame: frame)
            item.transform = CGAffineTransform(rotationAngle: CGFloat(i % 9) * 0.2)
            view.addSubview(item)
            items.append(item)
        }
        let collision = UICollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let material = UIDynamicItemBehavior(items: items)
        material.friction = 0.4
        material.elasticity = 0.1
        animator.addBehaviors(UIGravityBehavior(items: items), collision, material)
        return DynamicsScene(view: view, animator: animator, items: items)
    }
}
