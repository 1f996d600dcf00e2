import DynamicsTesting
import Testing
import UIKitDynamics

/// Gravity: magnitude 1.0 is 1000 points/s², the same for every mass; direction and
/// magnitude are one vector.
@Suite struct GravityBehaviorTests {
    @Test func gravityMagnitudeOneIsThousandPointsPerSecondSquared() {
        let (_, animator, square) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 150, y: 150))
        animator.addBehavior(UIGravityBehavior(items: [square]))
        let probe = velocityProbe([square], in: animator)
        animator.run(seconds: 1)
        // v = g t exactly; y = g t² / 2 within the integrator's first-order error (h = 1/240 s).
        #expect(isClose(probe.linearVelocity(for: square).y, 1000, relative: 0.001))
        #expect(abs(probe.linearVelocity(for: square).x) < 1e-6)
        #expect(isClose(square.center.y - 150, 500, relative: 0.01))
    }

    @Test func gravityDirectionOfATenthFallsAtHundredPointsPerSecondSquared() {
        let (_, animator, frog) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 130))
        let gravity = UIGravityBehavior(items: [frog])
        gravity.gravityDirection = CGVector(dx: 0.0, dy: 0.1)
        animator.addBehavior(gravity)
        let probe = velocityProbe([frog], in: animator)
        animator.run(seconds: 2)
        #expect(isClose(probe.linearVelocity(for: frog).y, 200, relative: 0.001))
        #expect(isClose(frog.center.y - 130, 200, relative: 0.01))
    }

    @Test func accelerationIsTheSameForEveryMass() {
        let (view, animator, small) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 60, y: 100), size: 20)
        let big = makeSquare(in: view, center: CGPoint(x: 250, y: 100), size: 150)
        let dense = UIDynamicItemBehavior(items: [big])
        dense.density = 7
        animator.addBehaviors(dense, UIGravityBehavior(items: [small, big]))
        animator.run(seconds: 1)
        #expect(abs(small.center.y - big.center.y) < 1e-3)
    }

    @Test func defaultGravityPointsDownWithMagnitudeOne() {
        let gravity = UIGravityBehavior(items: [])
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1))
        #expect(gravity.magnitude == 1)
        #expect(abs(gravity.angle - .pi / 2) < 1e-12)
    }

    @Test func angleZeroWithMagnitudeTwoPullsRightAtTwoThousandPointsPerSecondSquared() {
        let (_, animator, square) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 100, y: 300))
        let gravity = UIGravityBehavior(items: [square])
        gravity.setAngle(0, magnitude: 2)
        #expect(abs(gravity.gravityDirection.dx - 2) < 1e-12 && abs(gravity.gravityDirection.dy) < 1e-12)
        animator.addBehavior(gravity)
        let probe = velocityProbe([square], in: animator)
        animator.run(seconds: 0.5)
        #expect(isClose(probe.linearVelocity(for: square).x, 1000, relative: 0.001))
        #expect(abs(square.center.y - 300) < 1e-6)
    }

    @Test func vectorThreeFourReadsMagnitudeFiveAndItsAngle() {
        let gravity = UIGravityBehavior()
        gravity.gravityDirection = CGVector(dx: 3, dy: 4)
        #expect(abs(gravity.magnitude - 5) < 1e-12)
        #expect(abs(gravity.angle - 0.9273) < 1e-4)
    }

    @Test func magnitudeZeroMakesTheVectorZeroAndTheAngleReadZero() {
        let gravity = UIGravityBehavior()
        gravity.magnitude = 0
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 0))
        #expect(gravity.angle == 0)
        // As in UIKit, an angle set on a zero vector keeps it zero: set the magnitude after.
        gravity.angle = .pi / 2
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 0))
        gravity.magnitude = 1
        #expect(abs(gravity.gravityDirection.dx - 1) < 1e-12)
    }

    @Test func settingTheMagnitudeKeepsTheAngle() {
        let gravity = UIGravityBehavior()
        gravity.angle = .pi
        gravity.magnitude = 0.5
        #expect(abs(gravity.gravityDirection.dx + 0.5) < 1e-12)
        #expect(abs(gravity.gravityDirection.dy) < 1e-12)
    }

    @Test func twoGravityBehavioursAddUp() {
        let (_, animator, square) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 150, y: 100))
        animator.addBehaviors(UIGravityBehavior(items: [square]), UIGravityBehavior(items: [square]))
        let probe = velocityProbe([square], in: animator)
        animator.run(seconds: 0.5)
        #expect(isClose(probe.linearVelocity(for: square).y, 1000, relative: 0.001))
    }

    @Test func removedItemStopsAccelerating() {
        let (_, animator, square) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 150, y: 100))
        let gravity = UIGravityBehavior(items: [square])
        animator.addBehavior(gravity)
        let probe = velocityProbe([square], in: animator)
        animator.run(seconds: 0.5)
        gravity.removeItem(square)
        #expect(gravity.items.isEmpty)
        animator.run(seconds: 0.5)
        #expect(isClose(probe.linearVelocity(for: square).y, 500, relative: 0.001))
    }

    @Test func changingTheMagnitudeWhilePausedResumesAndMovesRestingItems() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 300))
        let gravity = UIGravityBehavior(items: [square])
        gravity.magnitude = 0
        animator.addBehavior(gravity)
        animator.run(seconds: 2)
        #expect(!animator.isRunning)
        gravity.setAngle(.pi / 2, magnitude: 1)
        #expect(animator.isRunning)
        animator.run(seconds: 0.2)
        #expect(square.center.y > 310)
    }
}
