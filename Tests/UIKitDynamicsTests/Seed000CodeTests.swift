import DynamicsTesting
import Testing
import UIKitDynamics

// Seed 000: "Using UIKit Dynamics in Swift to animate apps" (SitePoint, 2014), its view
// controllers modernised to today's Swift spelling, then driven headlessly.

final class GravityAndCollisionViewController: SeedViewController {
    var squareView: UIView!
    var gravity: UIGravityBehavior!
    var animator: UIDynamicAnimator!
    var collision: UICollisionBehavior!
    var itemBehaviour: UIDynamicItemBehavior!
    let withBarrier: Bool
    let withElasticity: Bool

    init(withBarrier: Bool = false, withElasticity: Bool = false) {
        self.withBarrier = withBarrier
        self.withElasticity = withElasticity
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()

        squareView = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        squareView.backgroundColor = UIColor.blue
        view.addSubview(squareView)

        animator = UIDynamicAnimator(referenceView: view)
        gravity = UIGravityBehavior(items: [squareView])
        animator.addBehavior(gravity)

        collision = UICollisionBehavior(items: [squareView])
        collision.translatesReferenceBoundsIntoBoundary = true
        if withBarrier {
            collision.addBoundary(
                withIdentifier: "barrier" as NSCopying, from: CGPoint(x: self.view.frame.origin.x, y: 350),
                to: CGPoint(x: self.view.frame.origin.x + self.view.frame.width, y: 350))
        }
        animator.addBehavior(collision)

        if withElasticity {
            itemBehaviour = UIDynamicItemBehavior(items: [squareView])
            itemBehaviour.elasticity = 0.7
            animator.addBehavior(itemBehaviour)
        }
    }
}

final class SnapViewController: SeedViewController {
    var squareView: UIView!
    var snap: UISnapBehavior!
    var animator: UIDynamicAnimator!

    func handleTap(_ sender: Gesture) {
        let tapPoint: CGPoint = sender.location(in: view)
        if snap != nil {
            animator.removeBehavior(snap)
        }
        snap = UISnapBehavior(item: squareView, snapTo: tapPoint)
        animator.addBehavior(snap)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        squareView = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        squareView.backgroundColor = UIColor.blue
        view.addSubview(squareView)
        animator = UIDynamicAnimator(referenceView: view)
    }
}

final class AttachViewController: SeedViewController {
    var squareView: UIView!
    var anchorView: UIView!
    var attachment: UIAttachmentBehavior!
    var animator: UIDynamicAnimator!
    var gravity: UIGravityBehavior!

    func handlePan(_ sender: Gesture) {
        attachment.anchorPoint = sender.location(in: view)
        anchorView.center = sender.location(in: view)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        squareView = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        squareView.backgroundColor = UIColor.blue
        view.addSubview(squareView)

        anchorView = UIView(frame: CGRect(x: view.center.x, y: view.center.y, width: 20, height: 20))
        anchorView.backgroundColor = UIColor.red
        view.addSubview(anchorView)

        attachment = UIAttachmentBehavior(
            item: squareView, attachedToAnchor: CGPoint(x: anchorView.center.x, y: anchorView.center.y))

        animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(attachment)

        gravity = UIGravityBehavior(items: [squareView])
        animator.addBehavior(gravity)
    }
}

final class PushViewController: SeedViewController {
    var redSquareView: UIView!
    var blueSquareView: UIView!
    var animator: UIDynamicAnimator!

    override func viewDidLoad() {
        super.viewDidLoad()
        redSquareView = UIView(frame: CGRect(x: 40, y: 100, width: 50, height: 50))
        redSquareView.backgroundColor = UIColor.red
        view.addSubview(redSquareView)

        blueSquareView = UIView(frame: CGRect(x: 220, y: 100, width: 50, height: 50))
        blueSquareView.backgroundColor = UIColor.blue
        view.addSubview(blueSquareView)

        let continuousPush: UIPushBehavior = UIPushBehavior(items: [redSquareView], mode: UIPushBehavior.Mode.continuous)
        let instantaneousPush: UIPushBehavior = UIPushBehavior(
            items: [blueSquareView], mode: UIPushBehavior.Mode.instantaneous)

        continuousPush.setAngle(CGFloat.pi / 2, magnitude: 0.3)
        instantaneousPush.setAngle(CGFloat.pi / 2, magnitude: 0.3)

        animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(continuousPush)
        animator.addBehavior(instantaneousPush)
    }
}

final class ExampleApplicationViewController: SeedViewController {
    var overlayView: UIView!
    var alertView: UIView!
    var animator: UIDynamicAnimator!
    var attachmentBehavior: UIAttachmentBehavior!
    var snapBehavior: UISnapBehavior!
    var gestureRecognizerInstalled = false

    override func viewDidLoad() {
        super.viewDidLoad()
        // Initialize the animator
        animator = UIDynamicAnimator(referenceView: view)
        // Create the dark background view and the alert view
        createOverlay()
        createAlert()
    }

    func createOverlay() {
        // Create a gray view and set its alpha to 0 so it isn't visible
        overlayView = UIView(frame: view.bounds)
        overlayView.backgroundColor = UIColor.gray
        overlayView.alpha = 0.0
        view.addSubview(overlayView)
    }

    func createAlert() {
        // Here the red alert view is created. It is created with rounded corners and given a shadow around it
        let alertWidth: CGFloat = 250
        let alertHeight: CGFloat = 150
        let alertViewFrame: CGRect = CGRect(x: 0, y: 0, width: alertWidth, height: alertHeight)
        alertView = UIView(frame: alertViewFrame)
        alertView.backgroundColor = UIColor.red
        alertView.alpha = 0.0
        alertView.layer.cornerRadius = 10
        alertView.layer.shadowColor = UIColor.black.cgColor
        alertView.layer.shadowOffset = CGSize(width: 0, height: 5)
        alertView.layer.shadowOpacity = 0.3
        alertView.layer.shadowRadius = 10.0

        // Create a button and set a listener on it for when it is tapped. Then the button is added to the alert view
        let button = UIButton(type: UIButton.ButtonType.system)
        button.setTitle("Dismiss", for: UIControl.State.normal)
        button.backgroundColor = UIColor.white
        button.frame = CGRect(x: 0, y: 0, width: alertWidth, height: 40.0)
        button.addAction(UIAction { [unowned self] _ in self.dismissAlert() }, for: UIControl.Event.touchUpInside)

        alertView.addSubview(button)
        view.addSubview(alertView)
    }

    func showAlert() {
        // When the alert view is dismissed, I destroy it, so I check for this condition here
        if alertView == nil {
            createAlert()
        }
        createGestureRecognizer()
        animator.removeAllBehaviors()

        // Animate in the overlay
        UIView.animate(withDuration: 0.4) {
            self.overlayView.alpha = 1.0
        }

        // Animate the alert view using UIKit Dynamics.
        alertView.alpha = 1.0

        let snapBehaviour: UISnapBehavior = UISnapBehavior(item: alertView, snapTo: view.center)
        animator.addBehavior(snapBehaviour)
    }

    func dismissAlert() {
        animator.removeAllBehaviors()

        let gravityBehaviour: UIGravityBehavior = UIGravityBehavior(items: [alertView])
        gravityBehaviour.gravityDirection = CGVector(dx: 0.0, dy: 10.0)
        animator.addBehavior(gravityBehaviour)

        // This behaviour is included so that the alert view tilts when it falls, otherwise it will go straight down
        let itemBehaviour: UIDynamicItemBehavior = UIDynamicItemBehavior(items: [alertView])
        itemBehaviour.addAngularVelocity(-CGFloat.pi / 2, for: alertView)
        animator.addBehavior(itemBehaviour)

        // Animate out the overlay, remove the alert view from its superview and set it to nil
        UIView.animate(
            withDuration: 0.4,
            animations: {
                self.overlayView.alpha = 0.0
            },
            completion: { (value: Bool) in
                self.alertView.removeFromSuperview()
                self.alertView = nil
            })
    }

    func showAlertView(_ sender: UIButton?) {
        showAlert()
    }

    func createGestureRecognizer() {
        gestureRecognizerInstalled = true
    }

    func handlePan(_ sender: Gesture) {
        if alertView != nil {
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
}

/// What the SitePoint tutorial says a reader sees.
@Suite struct Seed000CodeTests {
    @Test func theSquareFallsAndRestsOnTheBottomEdge() {
        let vc = GravityAndCollisionViewController()
        vc.viewDidLoad()
        vc.animator.run(seconds: 3)
        #expect(abs(vc.squareView.center.y - 617) < 0.5)
        #expect(!vc.animator.isRunning)
    }

    @Test func theBarrierStopsTheSquareAtY350() {
        let vc = GravityAndCollisionViewController(withBarrier: true)
        vc.viewDidLoad()
        vc.animator.run(seconds: 3)
        #expect(abs(vc.squareView.center.y - 300) < 0.5)
        #expect(abs(vc.squareView.center.x - 150) < 3)
    }

    @Test func elasticityMakesTheSquareBounceMoreTimes() {
        func bounces(_ elastic: Bool) -> Int {
            let vc = GravityAndCollisionViewController(withElasticity: elastic)
            vc.viewDidLoad()
            var count = 0
            var previous = vc.squareView.center.y
            var falling = true
            for _ in 0..<(60 * 4) {
                vc.animator.run(steps: 1)
                let y = vc.squareView.center.y
                if falling && y < previous - 3 { count += 1; falling = false }
                if !falling && y > previous + 0.5 { falling = true }
                previous = y
            }
            return count
        }
        #expect(bounces(true) >= 3)
        #expect(bounces(true) > bounces(false))
    }

    @Test func theSquareSnapsToTheTappedPoint() {
        let vc = SnapViewController()
        vc.viewDidLoad()
        vc.handleTap(Gesture(point: CGPoint(x: 300, y: 500)))
        vc.animator.run(seconds: 0.3)
        vc.handleTap(Gesture(point: CGPoint(x: 80, y: 120)))
        vc.animator.run(seconds: 1.5)
        #expect(distance(vc.squareView.center, CGPoint(x: 80, y: 120)) < 1)
        #expect(vc.animator.behaviors.count == 1)
    }

    @Test func theSquareSwingsOnItsAttachmentAndFollowsTheDraggedAnchor() {
        let vc = AttachViewController()
        vc.viewDidLoad()
        let anchor = vc.anchorView.center
        let length = distance(vc.squareView.center, anchor)
        var lowest: CGFloat = 0
        for _ in 0..<90 {
            vc.animator.run(steps: 1)
            #expect(abs(distance(vc.squareView.center, anchor) - length) < 1)
            lowest = max(lowest, vc.squareView.center.y)
        }
        #expect(lowest > anchor.y)  // it swung down below the anchor
        // Dragging the anchor: the square follows at the same distance.
        for x in stride(from: anchor.x, through: anchor.x - 100, by: -5) {
            vc.handlePan(Gesture(state: .changed, point: CGPoint(x: x, y: anchor.y - 100)))
            vc.animator.run(steps: 1)
        }
        vc.animator.run(seconds: 0.5)
        #expect(vc.anchorView.center == CGPoint(x: anchor.x - 100, y: anchor.y - 100))
        #expect(abs(distance(vc.squareView.center, vc.anchorView.center) - length) < 1.5)
    }

    @Test func theInstantaneouslyPushedBlueSquareStartsFasterButTheRedOneOvertakesIt() {
        // 50 × 50 squares (mass 0.25): blue leaves at 120 points/s, red accelerates at 120
        // points/s²; red passes blue at t = 2 s.
        let vc = PushViewController()
        vc.viewDidLoad()
        vc.animator.run(seconds: 1)
        #expect(vc.blueSquareView.center.y > vc.redSquareView.center.y)
        #expect(abs((vc.blueSquareView.center.y - 125) - 120) < 1)
        vc.animator.run(seconds: 2)
        #expect(vc.redSquareView.center.y > vc.blueSquareView.center.y)
        #expect(isClose(vc.redSquareView.center.y - 125, 60 * 9, relative: 0.01))
    }

    @Test func theAlertSnapsToTheCentreAsTheOverlayFadesIn() {
        let vc = ExampleApplicationViewController()
        vc.viewDidLoad()
        vc.showAlertView(nil)
        #expect(vc.alertView.alpha == 1)
        vc.animator.run(seconds: 0.2)
        #expect(vc.overlayView.presentationAlpha > 0.3 && vc.overlayView.presentationAlpha < 0.7)
        vc.animator.run(seconds: 1.3)
        #expect(vc.overlayView.presentationAlpha == 1)
        #expect(distance(vc.alertView.center, vc.view.center) < 1)
        #expect(abs(rotationAngle(of: vc.alertView)) < 0.01)
    }

    @Test func theDraggedAlertTiltsFollowsAndSnapsBackWhenReleased() {
        let vc = ExampleApplicationViewController()
        vc.viewDidLoad()
        vc.showAlert()
        vc.animator.run(seconds: 1.5)
        let start = CGPoint(x: vc.view.center.x + 100, y: vc.view.center.y + 50)  // near a corner
        vc.handlePan(Gesture(state: .began, point: start, start: start))
        var tilt: CGFloat = 0
        for i in 1...30 {
            let p = CGPoint(x: start.x - CGFloat(i) * 4, y: start.y + CGFloat(i) * 1)
            vc.handlePan(Gesture(state: .changed, point: p, start: start))
            vc.animator.run(steps: 1)
            tilt = max(tilt, abs(rotationAngle(of: vc.alertView)))
        }
        #expect(tilt > 0.05)
        vc.handlePan(Gesture(state: .ended, point: CGPoint(x: start.x - 120, y: start.y + 30), start: start))
        vc.animator.run(seconds: 2)
        #expect(vc.alertView != nil)
        #expect(distance(vc.alertView.center, vc.view.center) < 1)
    }

    @Test func dismissingTheAlertDropsItTumblingAndRemovesIt() {
        let vc = ExampleApplicationViewController()
        vc.viewDidLoad()
        vc.showAlert()
        vc.animator.run(seconds: 1.5)
        let alert = vc.alertView!
        let dismiss = alert.subviews.compactMap { $0 as? UIButton }.first!
        #expect(dismiss.title(for: .normal) == "Dismiss")
        dismiss.sendActions(for: .touchUpInside)
        vc.animator.run(seconds: 0.3)
        #expect(alert.center.y > vc.view.center.y + 100)  // gravity (0, 10): 10,000 points/s²
        #expect(rotationAngle(of: alert) < -0.2)  // tumbling counter-clockwise
        vc.animator.run(seconds: 0.2)
        #expect(vc.alertView == nil)
        #expect(alert.superview == nil)
        #expect(vc.overlayView.presentationAlpha == 0)
        vc.animator.run(seconds: 1)
        #expect(!vc.animator.isRunning)
        // Showing it again makes a new alert that snaps in.
        vc.showAlert()
        vc.animator.run(seconds: 1.5)
        #expect(distance(vc.alertView.center, vc.view.center) < 1)
    }

    @Test func draggingTheAlertFarDownDismissesIt() {
        let vc = ExampleApplicationViewController()
        vc.viewDidLoad()
        vc.showAlert()
        vc.animator.run(seconds: 1.5)
        let start = vc.view.center
        vc.handlePan(Gesture(state: .began, point: start, start: start))
        for i in 1...20 {
            vc.handlePan(Gesture(state: .changed, point: CGPoint(x: start.x, y: start.y + CGFloat(i) * 8), start: start))
            vc.animator.run(steps: 1)
        }
        vc.handlePan(Gesture(state: .ended, point: CGPoint(x: start.x, y: start.y + 160), start: start))
        vc.animator.run(seconds: 1)
        #expect(vc.alertView == nil)
    }
}
