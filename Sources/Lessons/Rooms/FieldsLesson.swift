import Foundation
import UIKitDynamics

// lesson:begin
// An iOS 9 field playground: balls with a positive charge (red), a negative charge (blue)
// and none (grey) in a radial gravity field, a vortex around the same centre, a gentle
// noise field, and an electric field that pushes positive charges out and pulls negative
// ones in (it can be switched off). An anchored block is in the way: the balls bump into
// it, it never moves. Tap to move the centre of the fields.

/// A UIView with a round body.
class Orb: UIView {
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
}

final class FieldsViewController: UIViewController {
    var animator: UIDynamicAnimator!
    var positiveOrbs: [UIView] = []
    var negativeOrbs: [UIView] = []
    var neutralOrbs: [UIView] = []
    var block: UIView!
    var collision: UICollisionBehavior!
    var gravityField: UIFieldBehavior!
    var vortexField: UIFieldBehavior!
    var noiseField: UIFieldBehavior!
    var electricField: UIFieldBehavior!

    func makeOrb(at center: CGPoint, color: UIColor) -> UIView {
        let orb = Orb(frame: CGRect(x: center.x - 15, y: center.y - 15, width: 30, height: 30))
        orb.backgroundColor = color
        orb.layer.cornerRadius = 15
        view.addSubview(orb)
        return orb
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)

        // Twelve balls on a wide ring around the centre, every third one of each kind.
        for i in 0..<12 {
            let angle = CGFloat(i) * .pi / 6
            let point = CGPoint(x: center.x + 150 * cos(angle), y: center.y + 250 * sin(angle))
            switch i % 3 {
            case 0: positiveOrbs.append(makeOrb(at: point, color: .red))
            case 1: negativeOrbs.append(makeOrb(at: point, color: .blue))
            default: neutralOrbs.append(makeOrb(at: point, color: .gray))
            }
        }
        let orbs = positiveOrbs + negativeOrbs + neutralOrbs

        // The anchored block, between the bottom balls and the centre.
        block = UIView(frame: CGRect(x: center.x - 50, y: center.y + 120, width: 100, height: 24))
        block.backgroundColor = .black
        view.addSubview(block)

        animator = UIDynamicAnimator(referenceView: view)

        // Radial gravity: towards the centre, falling off as 1/r (r in metres, 100 points),
        // no stronger than at 50 points.
        gravityField = UIFieldBehavior.radialGravityField(position: center)
        gravityField.strength = 3
        gravityField.falloff = 1
        gravityField.minimumRadius = 50

        // A vortex: counter-clockwise, within 200 points of the centre.
        vortexField = UIFieldBehavior.vortexField()
        vortexField.position = center
        vortexField.strength = 0.8
        vortexField.region = UIRegion(radius: 200)

        // Noise: a smooth, slowly changing random push everywhere.
        noiseField = UIFieldBehavior.noiseField(smoothness: 0.6, animationSpeed: 0.5)
        noiseField.strength = 0.05

        // Electric: acts on charged balls only, in proportion to their charge, falling off as
        // 1/r²: near the centre it beats gravity, so positive balls settle on a ring.
        electricField = UIFieldBehavior.electricField()
        electricField.position = center
        electricField.strength = 0.25
        electricField.falloff = 2
        electricField.minimumRadius = 50

        // The fields act on the block too: anchored, it does not move.
        for field in [gravityField!, vortexField!, noiseField!, electricField!] {
            for item in orbs + [block!] { field.addItem(item) }
            animator.addBehavior(field)
        }

        let positive = UIDynamicItemBehavior(items: positiveOrbs)
        positive.charge = 1
        animator.addBehavior(positive)
        let negative = UIDynamicItemBehavior(items: negativeOrbs)
        negative.charge = -1
        animator.addBehavior(negative)

        let material = UIDynamicItemBehavior(items: orbs)
        material.elasticity = 0.4
        material.resistance = 0.8
        animator.addBehavior(material)

        let anchor = UIDynamicItemBehavior(items: [block])
        anchor.isAnchored = true
        animator.addBehavior(anchor)

        collision = UICollisionBehavior(items: orbs + [block!])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)

        let tapGesture = UITapGestureRecognizer(target: self, action: Selector(Self.handleTap(_:)))
        view.addGestureRecognizer(tapGesture)
    }

    /// Tap: the fields' centre moves to the tapped point.
    func handleTap(_ gesture: UITapGestureRecognizer) {
        let point = gesture.location(in: view)
        gravityField.position = point
        vortexField.position = point
        electricField.position = point
    }

    /// Switches the electric field on or off.
    func setElectricField(on: Bool) {
        if on {
            if electricField.dynamicAnimator == nil { animator.addBehavior(electricField) }
        } else {
            animator.removeBehavior(electricField)
        }
    }
}
// lesson:end

/// The room: a tap moves the fields; live: the electric field's switch and every strength.
final class FieldsLesson: LessonHost<FieldsViewController>, Lesson {
    static let info = LessonInfo.fields

    private var values: [String: Double] = [
        "electric": 1, "gravity": 3, "vortex": 0.8, "noise": 0.05, "electricStrength": 0.25,
    ]
    private let observer = ItemContactObserver()

    required init() {
        super.init(bounds: Self.info.bounds) { FieldsViewController() }
        for (name, label, min, max, step) in [
            ("electric", "Electric field on (1) or off (0)", 0.0, 1.0, 1.0),
            ("gravity", "Radial gravity strength", 0.0, 20.0, 0.5),
            ("vortex", "Vortex strength", -3.0, 3.0, 0.1),
            ("noise", "Noise strength", 0.0, 0.5, 0.01),
            ("electricStrength", "Electric strength", -1.0, 1.0, 0.05),
        ] {
            addParameter(name, label, min: min, max: max, step: step,
                         get: { [unowned self] in values[name] ?? 0 },
                         set: { [unowned self] in values[name] = $0; apply(name) })
        }
        listen()
    }

    override var animator: UIDynamicAnimator? { controller.animator }

    override func didTap(at point: CGPoint) {
        emit("fields-moved", "The fields' centre moved", at: point)
    }

    private func apply(_ name: String) {
        guard let value = values[name] else { return }
        switch name {
        case "electric": controller.setElectricField(on: value >= 0.5)
        case "gravity": controller.gravityField.strength = CGFloat(value)
        case "vortex": controller.vortexField.strength = CGFloat(value)
        case "noise": controller.noiseField.strength = CGFloat(value)
        default: controller.electricField.strength = CGFloat(value)
        }
    }

    /// Reports the balls' bumps into the anchored block.
    private func listen() {
        let block = controller.block!
        observer.began = { [unowned self] a, b, point in
            guard a === block || b === block, let orb = (a === block ? b : a) as? UIView else { return }
            emit("collision-began", "A ball bumped into the anchored block", item: orb, at: point)
        }
        controller.collision.collisionDelegate = observer
    }
}

/// Hears item–item contacts for a room (the tutorial's code sets no delegate).
final class ItemContactObserver: UICollisionBehaviorDelegate {
    var began: (UIDynamicItem, UIDynamicItem, CGPoint) -> Void = { _, _, _ in }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint
    ) {
        began(item1, item2, p)
    }
}
