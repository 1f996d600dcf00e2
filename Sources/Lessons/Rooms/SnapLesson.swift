import Foundation
import UIKitDynamics

// lesson:begin
// 1.3.5 Snap: each tap snaps the frog to the tapped point, with a short, damped overshoot.
// The previous snap is removed first: two snaps on one item would fight.
final class SnapViewController: UIViewController {
    let frogImageView = UIImageView(image: UIImage(named: "frog"))
    var animator: UIDynamicAnimator!
    var snapBehavior: UISnapBehavior?
    var damping: CGFloat = 0.75

    override func viewDidLoad() {
        super.viewDidLoad()
        frogImageView.frame = CGRect(x: 137.5, y: 283.5, width: 100, height: 100)
        view.addSubview(frogImageView)
        animator = UIDynamicAnimator(referenceView: view)

        let tapGesture = UITapGestureRecognizer(target: self, action: Selector(Self.handleSnapGesture(_:)))
        view.addGestureRecognizer(tapGesture)
    }

    func handleSnapGesture(_ gesture: UITapGestureRecognizer) {
        let point = gesture.location(in: view)

        if let snapBehavior {
            animator.removeBehavior(snapBehavior)
        }
        let snap = UISnapBehavior(item: frogImageView, snapTo: point)
        snap.damping = damping
        animator.addBehavior(snap)
        snapBehavior = snap
    }
}
// lesson:end

/// The room: each tap snaps the frog; the damping of the next snap is live.
final class SnapLesson: LessonHost<SnapViewController>, Lesson {
    static let info = LessonInfo.snap

    required init() {
        super.init(bounds: Self.info.bounds) { SnapViewController() }
        addParameter("damping", "Snap damping", min: 0, max: 1, step: 0.05,
                     get: { [unowned self] in Double(controller.damping) },
                     set: { [unowned self] in
                         controller.damping = CGFloat($0)
                         controller.snapBehavior?.damping = CGFloat($0)
                     })
    }

    override var animator: UIDynamicAnimator? { controller.animator }
}
