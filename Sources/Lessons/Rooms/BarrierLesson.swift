import Foundation
import UIKitDynamics

// lesson:begin
// Gravity and a barrier: a square, turned by 45 degrees, falls onto a boundary line drawn
// across the view at y = 350, bounces a few times (elasticity 0.7) and settles on it.
final class BarrierViewController: UIViewController {
    var squareView: UIView!
    var animator: UIDynamicAnimator!
    var gravity: UIGravityBehavior!
    var collision: UICollisionBehavior!
    var itemBehaviour: UIDynamicItemBehavior!
    var rotation: CGFloat = .pi / 4

    override func viewDidLoad() {
        super.viewDidLoad()

        squareView = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        squareView.backgroundColor = .blue
        // The Chinese tutorial turns the square by "45": degrees, which is .pi / 4 in radians.
        squareView.transform = CGAffineTransform(rotationAngle: rotation)
        view.addSubview(squareView)

        animator = UIDynamicAnimator(referenceView: view)
        gravity = UIGravityBehavior(items: [squareView])
        animator.addBehavior(gravity)

        collision = UICollisionBehavior(items: [squareView])
        collision.addBoundary(
            withIdentifier: "barrier" as NSString,
            from: CGPoint(x: view.frame.origin.x, y: 350),
            to: CGPoint(x: view.frame.origin.x + view.frame.width, y: 350))
        animator.addBehavior(collision)

        itemBehaviour = UIDynamicItemBehavior(items: [squareView])
        itemBehaviour.elasticity = 0.7
        animator.addBehavior(itemBehaviour)
    }
}
// lesson:end

/// The room: tap starts again; elasticity and the square's starting angle are live.
final class BarrierLesson: LessonHost<BarrierViewController>, Lesson {
    static let info = LessonInfo.barrier

    private var elasticity = 0.7
    private var rotation = Double.pi / 4
    private var bounces = 0
    private let observer = CollisionObserver()

    required init() {
        super.init(bounds: Self.info.bounds) { BarrierViewController() }
        addParameter("elasticity", "Elasticity", min: 0, max: 1, step: 0.05,
                     get: { [unowned self] in elasticity },
                     set: { [unowned self] in elasticity = $0; controller.itemBehaviour.elasticity = CGFloat($0) })
        addParameter("rotation", "Starting angle (rad, next run)", min: 0, max: Double.pi / 2, step: 0.05,
                     get: { [unowned self] in rotation }, set: { [unowned self] in rotation = $0 })
        listen()
    }

    override var animator: UIDynamicAnimator? { controller.animator }

    override func didTap(at point: CGPoint) { restart() }

    override func prepare(_ controller: BarrierViewController) {
        controller.rotation = CGFloat(rotation)
    }

    override func didRestart() {
        controller.itemBehaviour.elasticity = CGFloat(elasticity)
        listen()
    }

    /// Each touch of the barrier is an event: the landing, then every bounce.
    private func listen() {
        bounces = 0
        observer.began = { [unowned self] item, _, point in
            bounces += 1
            emit("collision-began", bounces == 1 ? "Landed on the barrier" : "Bounce \(bounces)",
                 item: item as? UIView, at: point)
        }
        controller.collision.collisionDelegate = observer
    }
}
