import Foundation
import UIKitDynamics

// lesson:begin
// 1.3.6 Push: pressing shoves the dragon away from the side you press on, harder the farther
// from the centre of the view (marked by a small black square), up to a magnitude of 1.
// An instantaneous push fires once, then switches itself off: each press makes it active again.
final class PushViewController: UIViewController {
    let dragonImageView = UIImageView(image: UIImage(named: "dragon"))
    let centerMarker = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    var animator: UIDynamicAnimator!
    var pushBehavior: UIPushBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()
        dragonImageView.frame = CGRect(x: 137.5, y: 283.5, width: 100, height: 100)
        view.addSubview(dragonImageView)
        centerMarker.backgroundColor = .black
        centerMarker.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        view.addSubview(centerMarker)

        animator = UIDynamicAnimator(referenceView: view)

        let collisionBehavior = UICollisionBehavior(items: [dragonImageView])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collisionBehavior)

        // Not in the book: some elasticity, so the dragon bounces off the edges rather than
        // stopping dead against them (a default item has none).
        let bounce = UIDynamicItemBehavior(items: [dragonImageView])
        bounce.elasticity = 0.6
        animator.addBehavior(bounce)

        pushBehavior = UIPushBehavior(items: [dragonImageView], mode: .instantaneous)
        pushBehavior.angle = 0.0
        pushBehavior.magnitude = 0.0
        animator.addBehavior(pushBehavior)

        let tapGesture = UITapGestureRecognizer(target: self, action: Selector(Self.handlePushGesture(_:)))
        view.addGestureRecognizer(tapGesture)
    }

    func handlePushGesture(_ gesture: UITapGestureRecognizer) {
        let point = gesture.location(in: view)
        let origin = CGPoint(x: view.bounds.midX, y: view.bounds.midY)

        // From the pressed point towards the centre: the push comes from the side pressed.
        var distance = sqrt(pow(origin.x - point.x, 2.0) + pow(origin.y - point.y, 2.0))
        let angle = atan2(origin.y - point.y, origin.x - point.x)
        distance = min(distance, 100.0)

        pushBehavior.magnitude = distance / 100.0
        pushBehavior.angle = angle
        pushBehavior.active = true
    }
}
// lesson:end

/// The room: a press (or the end of a swipe) pushes; the strength scale is live.
final class PushLesson: LessonHost<PushViewController>, Lesson {
    static let info = LessonInfo.push

    required init() {
        super.init(bounds: Self.info.bounds) { PushViewController() }
    }

    override var animator: UIDynamicAnimator? { controller.animator }
}
