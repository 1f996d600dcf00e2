import Foundation
import UIKitDynamics

// lesson:begin
// 1.3.7 Item properties: the same gravity and boundaries act on both, but the frog's item
// behaviour makes it a bouncy, heavy rubber ball that never rotates, while the dragon keeps
// the defaults and lands dead.
final class PropertiesViewController: UIViewController {
    let frogImageView = UIImageView(image: UIImage(named: "frog"))
    let dragonImageView = UIImageView(image: UIImage(named: "dragon"))
    var animator: UIDynamicAnimator!
    var gravityBehavior: UIGravityBehavior!
    var propertiesBehavior: UIDynamicItemBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()
        frogImageView.frame = CGRect(x: 40, y: 100, width: 100, height: 100)
        dragonImageView.frame = CGRect(x: 220, y: 100, width: 100, height: 100)
        view.addSubview(frogImageView)
        view.addSubview(dragonImageView)

        animator = UIDynamicAnimator(referenceView: view)

        gravityBehavior = UIGravityBehavior(items: [dragonImageView, frogImageView])
        let collisionBehavior = UICollisionBehavior(items: [dragonImageView, frogImageView])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true

        propertiesBehavior = UIDynamicItemBehavior(items: [frogImageView])
        propertiesBehavior.elasticity = 1.0
        propertiesBehavior.allowsRotation = false
        propertiesBehavior.angularResistance = 0.0
        propertiesBehavior.density = 3.0
        propertiesBehavior.friction = 0.5
        propertiesBehavior.resistance = 0.5

        animator.addBehavior(propertiesBehavior)
        animator.addBehavior(gravityBehavior)
        animator.addBehavior(collisionBehavior)
    }
}
// lesson:end

/// The room: tap starts again; every property of the frog's item behaviour is live.
final class PropertiesLesson: LessonHost<PropertiesViewController>, Lesson {
    static let info = LessonInfo.properties

    private var values: [String: Double] = [
        "elasticity": 1.0, "density": 3.0, "friction": 0.5, "resistance": 0.5, "angularResistance": 0.0,
    ]

    required init() {
        super.init(bounds: Self.info.bounds) { PropertiesViewController() }
        for (name, label, max, step) in [
            ("elasticity", "Frog elasticity", 1.0, 0.05), ("density", "Frog density", 10.0, 0.1),
            ("friction", "Frog friction", 2.0, 0.05), ("resistance", "Frog resistance", 5.0, 0.05),
            ("angularResistance", "Frog angular resistance", 5.0, 0.05),
        ] {
            addParameter(name, label, min: name == "density" ? 0.1 : 0, max: max, step: step,
                         get: { [unowned self] in values[name] ?? 0 },
                         set: { [unowned self] in values[name] = $0; apply(name) })
        }
    }

    override var animator: UIDynamicAnimator? { controller.animator }

    override func didTap(at point: CGPoint) { restart() }

    override func didRestart() {
        for name in values.keys.sorted() { apply(name) }
    }

    private func apply(_ name: String) {
        guard let value = values[name].map({ CGFloat($0) }) else { return }
        let behavior = controller.propertiesBehavior!
        switch name {
        case "elasticity": behavior.elasticity = value
        case "density": behavior.density = value
        case "friction": behavior.friction = value
        case "resistance": behavior.resistance = value
        default: behavior.angularResistance = value
        }
    }
}
