import Foundation
import UIKitDynamics

// lesson:begin
// 1.3.2 Collision: the frog and the dragon fall under Earth's gravity and stop on the
// edges of the view. In `.boundaries` mode they collide with the edges only, not with each
// other. The delegate updates a label when each first touches a boundary.
final class CollisionViewController: UIViewController, UICollisionBehaviorDelegate {
    let frogImageView = UIImageView(image: UIImage(named: "frog"))
    let dragonImageView = UIImageView(image: UIImage(named: "dragon"))
    let collisionOneLabel = UILabel(frame: CGRect(x: 20, y: 20, width: 160, height: 30))
    let collisionTwoLabel = UILabel(frame: CGRect(x: 195, y: 20, width: 160, height: 30))
    var animator: UIDynamicAnimator!
    var gravityBehavior: UIGravityBehavior!
    /// What the tutorial's NSLog prints; the room shows it in the event log.
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        frogImageView.frame = CGRect(x: 40, y: 80, width: 100, height: 100)
        dragonImageView.frame = CGRect(x: 220, y: 200, width: 100, height: 100)
        for subview in [collisionOneLabel, collisionTwoLabel, frogImageView, dragonImageView] {
            view.addSubview(subview)
        }

        animator = UIDynamicAnimator(referenceView: view)

        gravityBehavior = UIGravityBehavior(items: [frogImageView, dragonImageView])
        gravityBehavior.gravityDirection = CGVector(dx: 0.0, dy: 1.0)

        let collisionBehavior = UICollisionBehavior(items: [frogImageView, dragonImageView])
        collisionBehavior.collisionMode = .boundaries
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        collisionBehavior.collisionDelegate = self

        animator.addBehavior(gravityBehavior)
        animator.addBehavior(collisionBehavior)
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
        withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint
    ) {
        if item === frogImageView { collisionOneLabel.text = "Frog Collided" }
        if item === dragonImageView { collisionTwoLabel.text = "Dragon Collided" }
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?
    ) {
        log.append("Collision did end")
    }
}
// lesson:end

/// The room: the labels' texts and the ended contacts become events a student reads.
final class CollisionLesson: LessonHost<CollisionViewController>, Lesson {
    static let info = LessonInfo.collision

    private var magnitude = 1.0
    private var angle = Double.pi / 2
    private var shown: Set<String> = []

    required init() {
        super.init(bounds: Self.info.bounds) { CollisionViewController() }
        addParameter("magnitude", "Gravity (1 = Earth)", min: 0, max: 3, step: 0.05,
                     get: { [unowned self] in magnitude }, set: { [unowned self] in magnitude = $0; applyGravity() })
        addParameter("angle", "Gravity angle (rad; π/2 is down)", min: -Double.pi, max: Double.pi, step: 0.05,
                     get: { [unowned self] in angle }, set: { [unowned self] in angle = $0; applyGravity() })
    }

    private func applyGravity() {
        controller.gravityBehavior.setAngle(CGFloat(angle), magnitude: CGFloat(magnitude))
    }

    override var animator: UIDynamicAnimator? { controller.animator }

    override func didTap(at point: CGPoint) { restart() }

    override func didRestart() {
        shown = []
        applyGravity()
    }

    override func advance(by dt: TimeInterval) {
        super.advance(by: dt)
        if !controller.log.isEmpty {
            for line in controller.log { emit("collision-ended", line) }
            controller.log.removeAll(keepingCapacity: true)
        }
        // A label's new text is the event a student reads: "Frog Collided" appears once.
        report(controller.collisionOneLabel, about: controller.frogImageView)
        report(controller.collisionTwoLabel, about: controller.dragonImageView)
    }

    private func report(_ label: UILabel, about item: UIView) {
        if let text = label.text, !text.isEmpty, !shown.contains(text) {
            shown.insert(text)
            emit("collision-began", text, item: item)
        }
    }
}
