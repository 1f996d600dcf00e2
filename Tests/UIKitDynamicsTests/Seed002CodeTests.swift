import DynamicsTesting
import Testing
import UIKitDynamics

// Seed 002: "Swift实现UIKit Dynamic动画" (a 2014 blog post in Chinese), its Swift 1 code in
// today's spelling: `CGAffineTransformRotate(t, 45)` is `t.rotated(by: 45)` (radians, as
// written), `UIScreen.mainScreen()` is `UIScreen.main`.

final class DynamicViewController: SeedViewController, UICollisionBehaviorDelegate {
    var dynamicView: UIView!
    var anchorView: UIView!
    var animator: UIDynamicAnimator!
    var snapBehavior: UISnapBehavior?
    var attachBehavior: UIAttachmentBehavior?
    var continuousPush: UIPushBehavior?
    var instantaneousPush: UIPushBehavior?
    var boundaryContacts = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        dynamicView = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        view.addSubview(dynamicView)
    }

    func gravityAndCollision() {
        self.dynamicView.backgroundColor = UIColor.blue
        self.dynamicView.transform = self.dynamicView.transform.rotated(by: 45)

        let animator = UIDynamicAnimator(referenceView: self.view)
        let gravityBeahvior = UIGravityBehavior(items: [self.dynamicView])
        animator.addBehavior(gravityBeahvior)

        let collisionBehavior = UICollisionBehavior(items: [self.dynamicView])
        // collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        collisionBehavior.addBoundary(
            withIdentifier: "boundary" as NSCopying, from: CGPoint(x: 0, y: 300),
            to: CGPoint(x: UIScreen.main.bounds.width, y: 300))
        animator.addBehavior(collisionBehavior)
        collisionBehavior.collisionDelegate = self
        self.animator = animator
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?,
        at p: CGPoint
    ) {
        boundaryContacts += 1
    }

    func tapAction(_ tap: Gesture) {
        let archorPoint: CGPoint = tap.location(in: self.view)
        if let snap = snapBehavior {
            self.animator.removeBehavior(snap)
        }
        self.snapBehavior = UISnapBehavior(item: self.dynamicView, snapTo: archorPoint)
        self.animator.addBehavior(self.snapBehavior!)
    }

    func attach() {
        self.animator = UIDynamicAnimator(referenceView: self.view)
        self.anchorView = UIView(frame: CGRect(x: UIScreen.main.bounds.width / 2, y: 60, width: 20, height: 20))
        self.anchorView.backgroundColor = UIColor.red
        self.view.addSubview(self.anchorView)

        self.attachBehavior = UIAttachmentBehavior(item: self.dynamicView, attachedToAnchor: self.anchorView.center)
        self.animator.addBehavior(self.attachBehavior!)

        let gravityBeahvior = UIGravityBehavior(items: [self.dynamicView])
        animator.addBehavior(gravityBeahvior)
    }

    func archPanAction(_ pan: Gesture) {
        let currentPoint = pan.location(in: self.view)
        self.anchorView.center = currentPoint
        self.attachBehavior!.anchorPoint = currentPoint
    }

    func race() {
        self.animator = UIDynamicAnimator(referenceView: self.view)
        self.anchorView = UIView(frame: CGRect(x: UIScreen.main.bounds.width / 2, y: 60, width: 20, height: 20))
        self.view.addSubview(self.anchorView)
        self.continuousPush = UIPushBehavior(items: [self.dynamicView], mode: UIPushBehavior.Mode.continuous)
        self.instantaneousPush = UIPushBehavior(items: [self.anchorView], mode: UIPushBehavior.Mode.instantaneous)
        self.continuousPush?.setAngle(CGFloat.pi / 2, magnitude: 0.2)
        self.instantaneousPush?.setAngle(CGFloat.pi / 2, magnitude: 0.2)
        self.animator.addBehavior(self.continuousPush!)
        self.animator.addBehavior(self.instantaneousPush!)
    }

    func bouncy(_ elastic: Bool) {
        let animator = UIDynamicAnimator(referenceView: self.view)
        animator.addBehavior(UIGravityBehavior(items: [self.dynamicView]))
        let collisionBehavior = UICollisionBehavior(items: [self.dynamicView])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collisionBehavior)
        self.animator = animator
        if elastic {
            let itemBehavior = UIDynamicItemBehavior(items: [self.dynamicView])
            itemBehavior.elasticity = 0.7
            self.animator.addBehavior(itemBehavior)
        }
    }
}

final class PlayfulAlertViewController: SeedViewController {
    var overlay: UIView!
    var alertView: UIView!
    var animator: UIDynamicAnimator!
    var attachmentBehavior: UIAttachmentBehavior!
    var snapBehavior: UISnapBehavior!

    override func viewDidLoad() {
        super.viewDidLoad()
        self.overlay = UIView(frame: self.view.bounds)
        overlay.backgroundColor = UIColor.black
        overlay.alpha = 0
        self.animator = UIDynamicAnimator(referenceView: self.view)
    }

    func createAlertView() {
        let x = UIScreen.main.bounds.width - 200
        self.alertView = UIView(frame: CGRect(x: x / 2.0, y: 0, width: 200, height: 150))
        alertView.backgroundColor = UIColor.white
        let okButton = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        okButton.addAction(UIAction { [unowned self] _ in self.okAction(okButton) }, for: UIControl.Event.touchUpInside)
        okButton.setTitle("OK", for: UIControl.State.normal)
        okButton.setTitleColor(UIColor.blue, for: UIControl.State.normal)
        alertView.addSubview(okButton)
    }

    func showAlertAction(_ sender: UIButton?) {
        self.view.addSubview(self.overlay)
        self.createAlertView()
        self.view.addSubview(self.alertView)
        self.animator.removeAllBehaviors()

        let gravity = UIGravityBehavior(items: [self.alertView])
        self.animator.addBehavior(gravity)

        let snap = UISnapBehavior(
            item: self.alertView, snapTo: CGPoint(x: UIScreen.main.bounds.width / 2, y: UIScreen.main.bounds.height / 2))
        self.animator.addBehavior(snap)

        UIView.animate(withDuration: 0.5, animations: {
            self.overlay.alpha = 0.6
        })
    }

    func okAction(_ sender: UIButton?) {
        self.animator.removeAllBehaviors()

        let gravity = UIGravityBehavior(items: [self.alertView])
        gravity.gravityDirection = CGVector(dx: 0.0, dy: 10.0)
        self.animator.addBehavior(gravity)

        let itemBehavior = UIDynamicItemBehavior(items: [self.alertView])
        itemBehavior.addAngularVelocity(-CGFloat.pi / 2, for: self.alertView)
        self.animator.addBehavior(itemBehavior)

        UIView.animate(
            withDuration: 0.5,
            animations: {
                self.overlay.alpha = 0.0
            },
            completion: { finished in
                if !finished {
                    return
                }
                self.overlay.removeFromSuperview()
                self.alertView.removeFromSuperview()
                self.alertView = nil
            })
    }

    func panAction(_ sender: Gesture) {
        if self.alertView == nil {
            return
        }
        let locationInView = sender.location(in: self.view)
        let locationInAlertView = sender.location(in: self.alertView)
        if sender.state == .began {
            self.animator.removeAllBehaviors()
            let offset = UIOffset(
                horizontal: locationInAlertView.x - self.alertView.bounds.midX,
                vertical: locationInAlertView.y - self.alertView.bounds.midY)
            self.attachmentBehavior = UIAttachmentBehavior(
                item: self.alertView, offsetFromCenter: offset, attachedToAnchor: locationInView)
            self.animator.addBehavior(attachmentBehavior)
        } else if sender.state == .changed {
            self.attachmentBehavior.anchorPoint = locationInView
        } else if sender.state == .ended {
            self.animator.removeAllBehaviors()
            self.snapBehavior = UISnapBehavior(item: self.alertView, snapTo: self.view.center)
            self.animator.addBehavior(self.snapBehavior)
            if sender.translation(in: self.view).y > 100 {
                okAction(nil)
            }
        }
    }
}

/// What the blog post says a reader sees.
@Suite struct Seed002CodeTests {
    @Test func theTurnedSquareLandsOnACornerAndSettlesOnTheBoundaryLine() {
        let vc = DynamicViewController()
        vc.viewDidLoad()
        vc.gravityAndCollision()
        var firstContactAngle: CGFloat?
        for _ in 0..<(60 * 5) {
            vc.animator.run(steps: 1)
            if firstContactAngle == nil && vc.boundaryContacts > 0 { firstContactAngle = rotationAngle(of: vc.dynamicView) }
        }
        // It hit the line turned (45 radians is about 58°): on a corner, not flat.
        let turned = firstContactAngle ?? 0
        let offFlat = abs(turned - (turned / (.pi / 2)).rounded() * (.pi / 2))
        #expect(offFlat > 0.2)
        // Now it rests flat on a side, its centre half its size above the line.
        let angle = rotationAngle(of: vc.dynamicView)
        #expect(abs(angle - (angle / (.pi / 2)).rounded() * (.pi / 2)) < 0.01)
        #expect(abs(vc.dynamicView.center.y - 250) < 0.5)
        #expect(!vc.animator.isRunning)
    }

    @Test func eachTapSnapsTheViewToThePoint() {
        let vc = DynamicViewController()
        vc.viewDidLoad()
        vc.animator = UIDynamicAnimator(referenceView: vc.view)
        vc.tapAction(Gesture(point: CGPoint(x: 250, y: 400)))
        vc.animator.run(seconds: 0.2)
        vc.tapAction(Gesture(point: CGPoint(x: 100, y: 500)))
        vc.animator.run(seconds: 1.5)
        #expect(distance(vc.dynamicView.center, CGPoint(x: 100, y: 500)) < 1)
    }

    @Test func theViewSwingsLikeAPendulumUnderTheAnchorAndFollowsItsDrag() {
        let vc = DynamicViewController()
        vc.viewDidLoad()
        vc.attach()
        let anchor = vc.anchorView.center
        let length = distance(vc.dynamicView.center, anchor)
        var sides = Set<Bool>()
        for _ in 0..<(60 * 3) {
            vc.animator.run(steps: 1)
            sides.insert(vc.dynamicView.center.x > anchor.x)
            #expect(abs(distance(vc.dynamicView.center, anchor) - length) < 1)
        }
        #expect(sides.count == 2)  // it swings from one side of the anchor to the other
        vc.archPanAction(Gesture(point: CGPoint(x: 250, y: 150)))
        vc.animator.run(seconds: 1)
        #expect(abs(distance(vc.dynamicView.center, CGPoint(x: 250, y: 150)) - length) < 1)
    }

    @Test func theRacePushesMoveInUIKitNewtons() {
        // The post says the continuously pushed view wins. With its sizes (100 × 100 against
        // 20 × 20) the instantaneous push gives the small one 500 points/s at once and the
        // continuous one gains 20 points/s each second: it wins only after 50 s.
        let vc = DynamicViewController()
        vc.viewDidLoad()
        vc.race()
        vc.animator.run(seconds: 1)
        #expect(abs(vc.anchorView.center.y - 70 - 500) < 1)
        #expect(isClose(vc.dynamicView.center.y - 150, 10, relative: 0.02))
    }

    @Test func elasticityMakesTheViewBounceHigher() {
        func rebound(_ elastic: Bool) -> CGFloat {
            let vc = DynamicViewController()
            vc.viewDidLoad()
            vc.bouncy(elastic)
            var landed = false
            var highest = CGFloat.infinity
            for _ in 0..<(60 * 2) {
                vc.animator.run(steps: 1)
                if vc.dynamicView.center.y > 610 { landed = true }
                if landed { highest = min(highest, vc.dynamicView.center.y) }
            }
            return 617 - highest
        }
        #expect(rebound(true) > 100)
        #expect(rebound(false) < 5)
    }

    @Test func theAlertDropsToTheCentreBehindTheOverlayAndFallsAwayOnOK() {
        let vc = PlayfulAlertViewController()
        vc.viewDidLoad()
        vc.showAlertAction(nil)
        vc.animator.run(seconds: 0.25)
        #expect(vc.overlay.presentationAlpha > 0.2 && vc.overlay.presentationAlpha < 0.4)
        vc.animator.run(seconds: 2)
        #expect(vc.overlay.presentationAlpha == 0.6)
        #expect(distance(vc.alertView.center, CGPoint(x: 187.5, y: 333.5)) < 2)
        let alert = vc.alertView!
        let ok = alert.subviews.compactMap { $0 as? UIButton }.first!
        #expect(ok.title(for: .normal) == "OK" && ok.titleColor(for: .normal) == .blue)
        ok.sendActions(for: .touchUpInside)
        vc.animator.run(seconds: 0.6)
        #expect(vc.alertView == nil && alert.superview == nil && vc.overlay.superview == nil)
        #expect(alert.center.y > 667)
    }

    @Test func theDraggedAlertFollowsTheFingerAndSnapsBack() {
        let vc = PlayfulAlertViewController()
        vc.viewDidLoad()
        vc.showAlertAction(nil)
        vc.animator.run(seconds: 2)
        let start = CGPoint(x: 250, y: 300)
        vc.panAction(Gesture(state: .began, point: start, start: start))
        for i in 1...30 {
            vc.panAction(Gesture(state: .changed, point: CGPoint(x: 250 + CGFloat(i) * 2, y: 300 + CGFloat(i)), start: start))
            vc.animator.run(steps: 1)
        }
        #expect(vc.alertView.center.x > 200)
        vc.panAction(Gesture(state: .ended, point: CGPoint(x: 310, y: 330), start: start))
        vc.animator.run(seconds: 2)
        #expect(distance(vc.alertView.center, vc.view.center) < 1)
    }
}
