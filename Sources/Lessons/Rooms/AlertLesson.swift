import Foundation
import UIKitDynamics

// lesson:begin
// The example application: Show Alert fades in a grey overlay and snaps a red alert to the
// centre. Drag the alert and it follows your finger on an attachment held where you grabbed
// it, so it tilts; let go and it snaps back. Let go after dragging it more than 100 points
// down, or tap Dismiss, and it falls away under strong gravity, tumbling, and is removed.
final class AlertViewController: UIViewController {
    let showAlertButton = UIButton(type: .system)
    var overlayView: UIView!
    var alertView: UIView?
    var animator: UIDynamicAnimator!
    var attachmentBehavior: UIAttachmentBehavior!
    var snapBehavior: UISnapBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()
        showAlertButton.frame = CGRect(x: 112.5, y: 560, width: 150, height: 44)
        showAlertButton.setTitle("Show Alert", for: .normal)
        showAlertButton.addAction(UIAction { [unowned self] _ in showAlert() }, for: .touchUpInside)
        view.addSubview(showAlertButton)

        // Initialize the animator
        animator = UIDynamicAnimator(referenceView: view)

        // Create the dark background view and the alert view
        createOverlay()
        createAlert()

        let panGesture = UIPanGestureRecognizer(target: self, action: Selector(Self.handlePan(_:)))
        view.addGestureRecognizer(panGesture)
    }

    func createOverlay() {
        // A gray view with alpha 0, so it isn't visible
        overlayView = UIView(frame: view.bounds)
        overlayView.backgroundColor = .gray
        overlayView.alpha = 0.0
        view.addSubview(overlayView)
    }

    func createAlert() {
        // The red alert view, with rounded corners
        let alertWidth: CGFloat = 250
        let alertHeight: CGFloat = 150
        let alertView = UIView(frame: CGRect(x: 0, y: 0, width: alertWidth, height: alertHeight))
        alertView.backgroundColor = .red
        alertView.alpha = 0.0
        alertView.layer.cornerRadius = 10

        // A Dismiss button at the top of the alert
        let button = UIButton(type: .system)
        button.setTitle("Dismiss", for: .normal)
        button.backgroundColor = .white
        button.frame = CGRect(x: 0, y: 0, width: alertWidth, height: 40.0)
        button.addAction(UIAction { [unowned self] _ in dismissAlert() }, for: .touchUpInside)

        alertView.addSubview(button)
        view.addSubview(alertView)
        self.alertView = alertView
    }

    func showAlert() {
        // A dismissed alert was removed, so make a new one
        if alertView == nil {
            createAlert()
        }
        guard let alertView else { return }

        animator.removeAllBehaviors()

        // Animate in the overlay
        UIView.animate(withDuration: 0.4) {
            self.overlayView.alpha = 1.0
        }

        // Animate the alert view in with UIKit Dynamics
        alertView.alpha = 1.0
        let snapBehaviour = UISnapBehavior(item: alertView, snapTo: view.center)
        animator.addBehavior(snapBehaviour)
    }

    func dismissAlert() {
        guard let alertView else { return }
        animator.removeAllBehaviors()

        let gravityBehaviour = UIGravityBehavior(items: [alertView])
        gravityBehaviour.gravityDirection = CGVector(dx: 0.0, dy: 10.0)
        animator.addBehavior(gravityBehaviour)

        // So the alert view tilts as it falls, instead of dropping straight down
        let itemBehaviour = UIDynamicItemBehavior(items: [alertView])
        itemBehaviour.addAngularVelocity(-.pi / 2, for: alertView)
        animator.addBehavior(itemBehaviour)

        // Fade out the overlay, then remove the alert view
        UIView.animate(withDuration: 0.4, animations: {
            self.overlayView.alpha = 0.0
        }, completion: { _ in
            alertView.removeFromSuperview()
            self.alertView = nil
        })
    }

    func handlePan(_ sender: UIPanGestureRecognizer) {
        guard let alertView else { return }
        let panLocationInView = sender.location(in: view)
        let panLocationInAlertView = sender.location(in: alertView)

        if sender.state == .began {
            animator.removeAllBehaviors()
            let offset = UIOffset(
                horizontal: panLocationInAlertView.x - alertView.bounds.midX,
                vertical: panLocationInAlertView.y - alertView.bounds.midY)
            attachmentBehavior = UIAttachmentBehavior(
                item: alertView, offsetFromCenter: offset, attachedToAnchor: panLocationInView)
            animator.addBehavior(attachmentBehavior)
        } else if sender.state == .changed {
            attachmentBehavior.anchorPoint = panLocationInView
        } else if sender.state == .ended {
            animator.removeAllBehaviors()
            snapBehavior = UISnapBehavior(item: alertView, snapTo: view.center)
            animator.addBehavior(snapBehavior)

            if sender.translation(in: view).y > 100 {
                dismissAlert()
            }
        }
    }
}
// lesson:end

/// The room: taps press buttons (Show Alert, Dismiss); drags move the alert.
final class AlertLesson: LessonHost<AlertViewController>, Lesson {
    static let info = LessonInfo.alert

    required init() {
        super.init(bounds: Self.info.bounds) { AlertViewController() }
    }

    override var animator: UIDynamicAnimator? { controller.animator }

    private var before = (wasShown: false, wasFalling: false)

    override func willDeliverGesture() {
        before = (isShown, isFalling)
    }

    override func didDeliverGesture() {
        report(wasShown: before.wasShown, wasFalling: before.wasFalling)
    }

    /// The alert is up: visible and not falling away.
    private var isShown: Bool { (controller.alertView?.alpha ?? 0) > 0 && !isFalling }
    /// The alert was dismissed and is falling (gravity acts only then).
    private var isFalling: Bool { controller.animator.behaviors.contains { $0 is UIGravityBehavior } }

    private func report(wasShown: Bool, wasFalling: Bool) {
        if !wasShown && isShown {
            emit("alert-shown", "Alert shown")
        } else if !wasFalling && isFalling {
            emit("alert-dismissed", "Alert dismissed")
        }
    }
}
