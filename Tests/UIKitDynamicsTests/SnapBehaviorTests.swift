import DynamicsTesting
import Testing
import UIKitDynamics

/// Snaps: the item springs to the point, overshoots less the higher `damping`, and settles
/// on the point at rotation 0.
@Suite struct SnapBehaviorTests {
    /// Snaps a 100-point square from (187.5, 333.5) to 300 points above; returns the largest
    /// overshoot past the point and the time after which it stayed within a point of it.
    func snapUp(damping: CGFloat, seconds: Double = 4) -> (overshoot: CGFloat, settled: Double, animator: UIDynamicAnimator, item: UIView) {
        let (_, animator, frog) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 333.5))
        let target = CGPoint(x: 187.5, y: 33.5)
        let snap = UISnapBehavior(item: frog, snapTo: target)
        snap.damping = damping
        animator.addBehavior(snap)
        var overshoot: CGFloat = 0
        var settled = -1.0
        for _ in 0..<Int(seconds * 60) {
            animator.run(steps: 1)
            overshoot = max(overshoot, target.y - frog.center.y)
            if distance(frog.center, target) < 1 {
                if settled < 0 { settled = animator.elapsedTime() }
            } else {
                settled = -1
            }
        }
        return (overshoot, settled, animator, frog)
    }

    @Test func defaultDampingIsOneHalf() {
        let snap = UISnapBehavior(item: UIView(), snapTo: .zero)
        #expect(snap.damping == 0.5)
    }

    @Test func tutorialSnapOvershootsBrieflyAndSettlesWithinAPointInUnderASecond() {
        let (overshoot, settled, animator, frog) = snapUp(damping: 0.75)
        // A short overshoot: a few percent of the 300-point jump.
        #expect(overshoot > 3 && overshoot < 30)
        #expect(settled > 0 && settled < 1)
        #expect(distance(frog.center, CGPoint(x: 187.5, y: 33.5)) < 1)
        #expect(!animator.isRunning)
    }

    @Test func higherDampingOvershootsLess() {
        let overshoots = [0.2, 0.5, 0.75, 1.0, 2.0].map { snapUp(damping: $0, seconds: 2).overshoot }
        for (a, b) in zip(overshoots, overshoots.dropFirst()) { #expect(a > b) }
        #expect(overshoots.last! < 0.5)
    }

    @Test func zeroDampingOscillatesMostButStillComesToRest() {
        let (overshoot, settled, animator, _) = snapUp(damping: 0, seconds: 6)
        #expect(overshoot > 100)
        #expect(settled > 0)
        #expect(!animator.isRunning)
    }

    @Test func dampingMapsToTheDocumentedDampingRatio() {
        // ζ = 0.05 + 0.75 d up to 1, 0.8 d above: pinned through the overshoot of an
        // equivalent spring would be fragile, so the mapping is checked through behaviour:
        // damping 1 barely overshoots (ζ = 0.8), 0.75 does visibly (ζ ≈ 0.61).
        #expect(snapUp(damping: 1, seconds: 2).overshoot < 5)
        #expect(snapUp(damping: 0.75, seconds: 2).overshoot > 5)
    }

    @Test func snapTurnsATiltedItemBackToRotationZero() {
        let (_, animator, frog) = makeRoom(withSquareAt: CGPoint(x: 100, y: 500))
        frog.transform = CGAffineTransform(rotationAngle: 1)
        animator.addBehavior(UISnapBehavior(item: frog, snapTo: CGPoint(x: 250, y: 200)))
        animator.run(seconds: 3)
        #expect(abs(rotationAngle(of: frog)) < 0.01)
        #expect(distance(frog.center, CGPoint(x: 250, y: 200)) < 1)
    }

    @Test func movingTheSnapPointRetargetsTheItem() {
        let (_, animator, frog) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 333.5))
        let snap = UISnapBehavior(item: frog, snapTo: CGPoint(x: 100, y: 100))
        animator.addBehavior(snap)
        animator.run(seconds: 2)
        #expect(!animator.isRunning)
        snap.snapPoint = CGPoint(x: 300, y: 500)
        #expect(animator.isRunning)
        animator.run(seconds: 3)
        #expect(distance(frog.center, CGPoint(x: 300, y: 500)) < 1)
    }

    @Test func replacingTheSnapOnEachTapEndsAtTheLastTap() {
        let (_, animator, frog) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 333.5))
        var snap: UISnapBehavior?
        for (i, tap) in [CGPoint(x: 60, y: 80), CGPoint(x: 300, y: 600), CGPoint(x: 200, y: 150)].enumerated() {
            if let snap { animator.removeBehavior(snap) }
            let next = UISnapBehavior(item: frog, snapTo: tap)
            next.damping = 0.75
            animator.addBehavior(next)
            snap = next
            animator.run(seconds: i == 2 ? 3 : 0.2)
        }
        #expect(distance(frog.center, CGPoint(x: 200, y: 150)) < 1)
        #expect(animator.behaviors.count == 1)
    }

    @Test func snapWithGravitySettlesOnThePointWithinAFewPoints() {
        // Seed 002's alert: gravity and a snap together; the 4 Hz spring holds the item
        // g / ω² ≈ 1.6 points below the point.
        let (view, animator) = makeRoom()
        let alert = UIView(frame: CGRect(x: 87.5, y: 0, width: 200, height: 150))
        view.addSubview(alert)
        animator.addBehaviors(UIGravityBehavior(items: [alert]), UISnapBehavior(item: alert, snapTo: CGPoint(x: 187.5, y: 333.5)))
        animator.run(seconds: 3)
        let sag = 1000 / pow(2 * CGFloat.pi * 4, 2)
        #expect(abs(alert.center.y - (333.5 + sag)) < 0.5)
        #expect(abs(alert.center.x - 187.5) < 0.5)
    }
}
