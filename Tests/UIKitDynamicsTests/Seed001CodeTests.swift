import DynamicsTesting
import Testing
import UIKitDynamics

// Seed 001: the book chapter "UIKit Dynamics" (sections 1.3.1 to 1.4), its Objective-C
// translated to today's Swift, with the frog and dragon image views.

final class FrogAndDragonViewController: SeedViewController, UIDynamicAnimatorDelegate {
    let frogImageView = UIImageView(image: UIImage(named: "frog"))
    let dragonImageView = UIImageView(image: UIImage(named: "dragon"))
    let collisionOneLabel = UILabel(frame: CGRect(x: 20, y: 20, width: 160, height: 30))
    let collisionTwoLabel = UILabel(frame: CGRect(x: 195, y: 20, width: 160, height: 30))
    var animator: UIDynamicAnimator!
    var attachmentBehavior: UIAttachmentBehavior!
    var pushBehavior: UIPushBehavior!
    var log: [String] = []

    func place(frog: CGPoint, dragon: CGPoint) {
        frogImageView.frame = CGRect(x: frog.x - 50, y: frog.y - 50, width: 100, height: 100)
        dragonImageView.frame = CGRect(x: dragon.x - 50, y: dragon.y - 50, width: 100, height: 100)
        for subview in [collisionOneLabel, collisionTwoLabel, frogImageView, dragonImageView] { view.addSubview(subview) }
    }

    // 1.3.1
    func gravity() {
        animator = UIDynamicAnimator(referenceView: self.view)
        let gravityBehavior = UIGravityBehavior(items: [frogImageView])
        gravityBehavior.gravityDirection = CGVector(dx: 0.0, dy: 0.1)
        animator.addBehavior(gravityBehavior)
    }

    // 1.3.2 (collision) and 1.3.7 (item properties) are the collision and properties lessons'
    // code, Sources/Lessons/Rooms/CollisionLesson.swift and PropertiesLesson.swift, checked by
    // LessonsTests/CollisionLessonTests and PropertiesLessonTests.

    // 1.3.3
    func attachment() {
        animator = UIDynamicAnimator(referenceView: self.view)
        let collisionBehavior = UICollisionBehavior(items: [dragonImageView, frogImageView])
        collisionBehavior.collisionMode = .boundaries
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        let frogCenter = CGPoint(x: frogImageView.center.x, y: frogImageView.center.y)
        self.attachmentBehavior = UIAttachmentBehavior(item: dragonImageView, attachedToAnchor: frogCenter)
        animator.addBehavior(collisionBehavior)
        animator.addBehavior(self.attachmentBehavior)
    }

    func handleAttachmentGesture(_ gesture: Gesture) {
        let gesturePoint = gesture.location(in: self.view)
        frogImageView.center = gesturePoint
        self.attachmentBehavior.anchorPoint = gesturePoint
    }

    // 1.3.4
    func spring() {
        animator = UIDynamicAnimator(referenceView: self.view)
        let collisionBehavior = UICollisionBehavior(items: [dragonImageView, frogImageView])
        let gravityBehavior = UIGravityBehavior(items: [dragonImageView])
        let frogCenter = CGPoint(x: frogImageView.center.x, y: frogImageView.center.y)
        self.attachmentBehavior = UIAttachmentBehavior(item: dragonImageView, attachedToAnchor: frogCenter)
        self.attachmentBehavior.frequency = 1.0
        self.attachmentBehavior.damping = 0.1
        self.attachmentBehavior.length = 100.0
        collisionBehavior.collisionMode = .boundaries
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(gravityBehavior)
        animator.addBehavior(collisionBehavior)
        animator.addBehavior(self.attachmentBehavior)
    }

    // 1.3.5
    func handleSnapGesture(_ gesture: Gesture) {
        let point = gesture.location(in: self.view)
        animator = UIDynamicAnimator(referenceView: self.view)
        let snapBehavior = UISnapBehavior(item: frogImageView, snapTo: point)
        snapBehavior.damping = 0.75
        animator.addBehavior(snapBehavior)
    }

    // 1.3.6
    func push() {
        animator = UIDynamicAnimator(referenceView: self.view)
        let collisionBehavior = UICollisionBehavior(items: [dragonImageView])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collisionBehavior)
        let pushBehavior = UIPushBehavior(items: [dragonImageView], mode: .instantaneous)
        pushBehavior.angle = 0.0
        pushBehavior.magnitude = 0.0
        self.pushBehavior = pushBehavior
        animator.addBehavior(self.pushBehavior)
    }

    func handlePushGesture(_ gesture: Gesture) {
        let point = gesture.location(in: self.view)
        let origin = CGPoint(x: self.view.bounds.midX, y: self.view.bounds.midY)
        var distance = sqrt(pow(point.x - origin.x, 2.0) + pow(point.y - origin.y, 2.0))
        let angle = atan2(point.y - origin.y, point.x - origin.x)
        distance = min(distance, 100.0)
        self.pushBehavior.magnitude = distance / 100.0
        self.pushBehavior.angle = angle
        self.pushBehavior.active = true
    }

    // 1.4
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { log.append("Animator did pause") }
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { log.append("Animator will resume") }
}

/// What the chapter says a reader sees.
@Suite struct Seed001CodeTests {
    func controller(frog: CGPoint = CGPoint(x: 90, y: 130), dragon: CGPoint = CGPoint(x: 270, y: 250)) -> FrogAndDragonViewController {
        let vc = FrogAndDragonViewController()
        vc.place(frog: frog, dragon: dragon)
        return vc
    }

    @Test func gravityAtATenthOfEarthSlidesTheFrogSlowlyOffTheScreen() {
        let vc = controller()
        vc.gravity()
        vc.animator.run(seconds: 1)
        #expect(isClose(vc.frogImageView.center.y - 130, 50, relative: 0.02))  // 100 points/s²
        vc.animator.run(seconds: 3)
        #expect(vc.frogImageView.frame.minY > 667)
        #expect(vc.animator.isRunning)
    }

    @Test func theDragonFollowsTheDraggedFrogAtAFixedDistance() {
        let vc = controller(frog: CGPoint(x: 187.5, y: 200), dragon: CGPoint(x: 187.5, y: 430))
        vc.attachment()
        vc.animator.run(steps: 1)
        let length = vc.attachmentBehavior.length
        #expect(abs(length - 230) < 0.01)
        for i in 1...40 {
            vc.handleAttachmentGesture(Gesture(point: CGPoint(x: 187.5 - CGFloat(i) * 2, y: 200 - CGFloat(i))))
            vc.animator.run(steps: 1)
            // A rigid rod is a stiff (30 Hz) constraint: dragged at 130 points/s it lags ~2 points.
            #expect(abs(distance(vc.dragonImageView.center, vc.frogImageView.center) - length) < 3)
        }
        #expect(vc.frogImageView.center == CGPoint(x: 107.5, y: 160))
        vc.animator.run(seconds: 1)
        #expect(abs(distance(vc.dragonImageView.center, vc.frogImageView.center) - length) < 0.5)
    }

    @Test func theAttachedDragonIsStillStoppedByTheEdges() {
        let vc = controller(frog: CGPoint(x: 187.5, y: 200), dragon: CGPoint(x: 187.5, y: 430))
        vc.attachment()
        // Drag the frog far down: the rod would push the dragon through the bottom edge.
        for i in 1...40 {
            vc.handleAttachmentGesture(Gesture(point: CGPoint(x: 187.5, y: 200 + CGFloat(i) * 5)))
            vc.animator.run(steps: 1)
        }
        vc.animator.run(seconds: 1)
        #expect(vc.dragonImageView.frame.maxY < 668)
    }

    @Test func theSpringHoldsTheDragonAboutAHundredPointsBelowTheFrogAndBounces() {
        let vc = controller(frog: CGPoint(x: 187.5, y: 170), dragon: CGPoint(x: 187.5, y: 310))
        vc.spring()
        var low: CGFloat = 0, high = CGFloat.infinity
        for _ in 0..<120 {
            vc.animator.run(steps: 1)
            low = max(low, vc.dragonImageView.center.y)
            high = min(high, vc.dragonImageView.center.y)
        }
        #expect(low - high > 20)  // it bounces
        vc.animator.run(seconds: 15)
        // 100 points plus the spring's stretch under gravity, g / (2π f)² ≈ 25 points.
        #expect(abs(vc.dragonImageView.center.y - 170 - 125.3) < 1)
    }

    @Test func eachTapSnapsTheFrogToThePoint() {
        let vc = controller()
        for point in [CGPoint(x: 300, y: 500), CGPoint(x: 100, y: 150)] {
            vc.handleSnapGesture(Gesture(point: point))
            vc.animator.run(seconds: 1)
            #expect(distance(vc.frogImageView.center, point) < 1)
        }
    }

    @Test func pressingShovesTheDragonAwayAndTheEdgesKeepItIn() {
        let vc = controller(frog: CGPoint(x: -500, y: -500), dragon: CGPoint(x: 187.5, y: 333.5))
        vc.push()
        vc.animator.run(seconds: 1)
        #expect(vc.dragonImageView.center == CGPoint(x: 187.5, y: 333.5))  // magnitude 0: nothing yet
        // Pressing 100 points right of the centre: a push of 1 towards the right.
        vc.handlePushGesture(Gesture(point: CGPoint(x: 287.5, y: 333.5)))
        vc.animator.run(steps: 1)
        let speed = vc.dragonImageView.center.x - 187.5
        #expect(abs(speed - 100.0 / 60) < 0.1)
        #expect(!vc.pushBehavior.active)
        vc.animator.run(seconds: 3)
        #expect(vc.dragonImageView.frame.maxX <= 375.5)
        #expect(vc.dragonImageView.frame.minX >= -0.5)
    }

    @Test func theDelegateLogsResumeAndPause() {
        let vc = controller(frog: CGPoint(x: 200, y: 500), dragon: CGPoint(x: 200, y: -1000))
        vc.animator = UIDynamicAnimator(referenceView: vc.view)
        vc.animator.delegate = vc
        let snap = UISnapBehavior(item: vc.frogImageView, snapTo: CGPoint(x: 200, y: 400))
        vc.animator.addBehavior(snap)
        vc.animator.run(seconds: 2)
        snap.snapPoint = CGPoint(x: 100, y: 400)
        vc.animator.run(seconds: 2)
        #expect(vc.log == ["Animator will resume", "Animator did pause", "Animator will resume", "Animator did pause"])
    }
}
