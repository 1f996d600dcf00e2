import Foundation
import UIKitDynamics

// lesson:begin
// 1.3.1 Gravity: a tenth of Earth's gravity pulls the frog down. There is no boundary,
// so it falls on, out of the view.
final class GravityViewController: UIViewController {
    let frogImageView = UIImageView(image: UIImage(named: "frog"))
    var animator: UIDynamicAnimator!
    var gravityBehavior: UIGravityBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()
        frogImageView.frame = CGRect(x: 137.5, y: 80, width: 100, height: 100)
        view.addSubview(frogImageView)

        animator = UIDynamicAnimator(referenceView: view)
        gravityBehavior = UIGravityBehavior(items: [frogImageView])
        // 1.0 is Earth's gravity (1000 points/s²); 0.1 is a tenth of it, downwards.
        gravityBehavior.gravityDirection = CGVector(dx: 0.0, dy: 0.1)
        animator.addBehavior(gravityBehavior)
    }
}
// lesson:end

/// The room around the tutorial's code: tap starts again; the gravity vector is live.
final class GravityLesson: LessonHost<GravityViewController>, Lesson {
    static let info = LessonInfo.gravity

    private var magnitude = 0.1
    private var angle = Double.pi / 2

    required init() {
        super.init(bounds: Self.info.bounds) { GravityViewController() }
        addParameter("magnitude", "Gravity (1 = Earth)", min: 0, max: 2, step: 0.05,
                     get: { [unowned self] in magnitude }, set: { [unowned self] in magnitude = $0; apply() })
        addParameter("angle", "Gravity angle (rad)", min: -Double.pi, max: Double.pi, step: 0.05,
                     get: { [unowned self] in angle }, set: { [unowned self] in angle = $0; apply() })
    }

    override var animator: UIDynamicAnimator? { controller.animator }

    override func didTap(at point: CGPoint) { restart() }

    override func didRestart() { apply() }

    private func apply() {
        controller.gravityBehavior.setAngle(CGFloat(angle), magnitude: CGFloat(magnitude))
    }
}
