import Foundation
import UIKitDynamics

// lesson:begin
// Push race: the red square gets a continuous push, the blue one an instantaneous push of
// the same magnitude. Blue starts faster; red keeps accelerating and overtakes it.
final class RaceViewController: UIViewController {
    var redSquareView: UIView!
    var blueSquareView: UIView!
    var animator: UIDynamicAnimator!
    var continuousPush: UIPushBehavior!
    var instantaneousPush: UIPushBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()

        redSquareView = UIView(frame: CGRect(x: 40, y: 100, width: 50, height: 50))
        redSquareView.backgroundColor = .red
        view.addSubview(redSquareView)

        blueSquareView = UIView(frame: CGRect(x: 220, y: 100, width: 50, height: 50))
        blueSquareView.backgroundColor = .blue
        view.addSubview(blueSquareView)

        continuousPush = UIPushBehavior(items: [redSquareView], mode: .continuous)
        instantaneousPush = UIPushBehavior(items: [blueSquareView], mode: .instantaneous)

        continuousPush.setAngle(.pi / 2, magnitude: 0.3)
        instantaneousPush.setAngle(.pi / 2, magnitude: 0.3)

        animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(continuousPush)
        animator.addBehavior(instantaneousPush)
    }
}
// lesson:end

/// The room: tap runs the race again; the push magnitude is live.
final class RaceLesson: LessonHost<RaceViewController>, Lesson {
    static let info = LessonInfo.race

    private var magnitude = 0.3

    required init() {
        super.init(bounds: Self.info.bounds) { RaceViewController() }
        addParameter("magnitude", "Push magnitude", min: 0.05, max: 1, step: 0.05,
                     get: { [unowned self] in magnitude },
                     set: { [unowned self] in magnitude = $0; controller.continuousPush.magnitude = CGFloat($0) })
    }

    override var animator: UIDynamicAnimator? { controller.animator }

    override func didTap(at point: CGPoint) { restart() }

    override func didRestart() {
        controller.continuousPush.magnitude = CGFloat(magnitude)
        controller.instantaneousPush.magnitude = CGFloat(magnitude)
    }
}
