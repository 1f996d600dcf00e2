import Foundation
import UIKitDynamics

// lesson:begin
// 1.3.4 Spring: the attachment of 1.3.3 with a frequency and a damping ratio becomes a
// spring; with gravity on the dragon it hangs about 100 points below the frog and bounces.
final class SpringViewController: UIViewController {
    let frogImageView = UIImageView(image: UIImage(named: "frog"))
    let dragonImageView = UIImageView(image: UIImage(named: "dragon"))
    var animator: UIDynamicAnimator!
    var attachmentBehavior: UIAttachmentBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()
        frogImageView.frame = CGRect(x: 137.5, y: 120, width: 100, height: 100)
        dragonImageView.frame = CGRect(x: 137.5, y: 260, width: 100, height: 100)
        view.addSubview(frogImageView)
        view.addSubview(dragonImageView)

        animator = UIDynamicAnimator(referenceView: view)

        let collisionBehavior = UICollisionBehavior(items: [dragonImageView, frogImageView])
        let gravityBehavior = UIGravityBehavior(items: [dragonImageView])

        let frogCenter = CGPoint(x: frogImageView.center.x, y: frogImageView.center.y)
        attachmentBehavior = UIAttachmentBehavior(item: dragonImageView, attachedToAnchor: frogCenter)
        attachmentBehavior.frequency = 1.0
        attachmentBehavior.damping = 0.1
        attachmentBehavior.length = 100.0

        collisionBehavior.collisionMode = .boundaries
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true

        animator.addBehavior(gravityBehavior)
        animator.addBehavior(collisionBehavior)
        animator.addBehavior(attachmentBehavior)

        let panGesture = UIPanGestureRecognizer(target: self, action: Selector(Self.handleAttachmentGesture(_:)))
        view.addGestureRecognizer(panGesture)
    }

    func handleAttachmentGesture(_ gesture: UIPanGestureRecognizer) {
        let gesturePoint = gesture.location(in: view)
        frogImageView.center = gesturePoint
        attachmentBehavior.anchorPoint = gesturePoint
    }
}
// lesson:end

/// The room: a drag moves the frog and the spring's anchor; frequency, damping and length are live.
final class SpringLesson: LessonHost<SpringViewController>, Lesson {
    static let info = LessonInfo.spring

    required init() {
        super.init(bounds: Self.info.bounds) { SpringViewController() }
        addParameter("frequency", "Frequency (Hz)", min: 0.1, max: 5, step: 0.1, \.attachmentBehavior!.frequency)
        addParameter("damping", "Damping ratio", min: 0, max: 1, step: 0.05, \.attachmentBehavior!.damping)
        addParameter("length", "Rest length (points)", min: 20, max: 400, step: 5, \.attachmentBehavior!.length)
    }

    override var animator: UIDynamicAnimator? { controller.animator }
}
