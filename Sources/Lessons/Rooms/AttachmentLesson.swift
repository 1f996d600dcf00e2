import Foundation
import UIKitDynamics

// lesson:begin
// 1.3.3 Attachment: the dragon hangs on a rod from an anchor at the frog's centre. Dragging
// the frog moves the anchor; the dragon follows at the same distance, and the edges of the
// view still stop it.
final class AttachmentViewController: UIViewController {
    let frogImageView = UIImageView(image: UIImage(named: "frog"))
    let dragonImageView = UIImageView(image: UIImage(named: "dragon"))
    var animator: UIDynamicAnimator!
    var attachmentBehavior: UIAttachmentBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()
        frogImageView.frame = CGRect(x: 137.5, y: 150, width: 100, height: 100)
        dragonImageView.frame = CGRect(x: 137.5, y: 380, width: 100, height: 100)
        view.addSubview(frogImageView)
        view.addSubview(dragonImageView)

        animator = UIDynamicAnimator(referenceView: view)

        let collisionBehavior = UICollisionBehavior(items: [dragonImageView, frogImageView])
        collisionBehavior.collisionMode = .boundaries
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true

        let frogCenter = CGPoint(x: frogImageView.center.x, y: frogImageView.center.y)
        attachmentBehavior = UIAttachmentBehavior(item: dragonImageView, attachedToAnchor: frogCenter)

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

/// The room: a drag moves the frog and the anchor; the rod's length is live.
final class AttachmentLesson: LessonHost<AttachmentViewController>, Lesson {
    static let info = LessonInfo.attachment

    required init() {
        super.init(bounds: Self.info.bounds) { AttachmentViewController() }
        addParameter("length", "Rod length (points)", min: 20, max: 500, step: 5, \.attachmentBehavior!.length)
    }

    override var animator: UIDynamicAnimator? { controller.animator }
}
