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

// The tutorial's push example (a red square pushed continuously beside a blue one pushed
// once) is the race lesson's code, Sources/Lessons/Rooms/RaceLesson.swift, checked by
// LessonsTests/RaceLessonTests.
// The tutorial's example application (an alert that snaps in, tilts when dragged and drops
// away) is the alert lesson's code, Sources/Lessons/Rooms/AlertLesson.swift, and
// LessonsTests/AlertLessonTests checks what a reader sees of it.

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
}
