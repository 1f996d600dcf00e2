import DynamicsTesting
import Testing
import UIKitDynamics

/// Pushes: a UIKit Newton accelerates a 100 × 100-point item of density 1 at 100 points/s²;
/// an instantaneous push of 1 adds 100 points/s once, then switches itself off.
@Suite struct PushBehaviorTests {
    @Test func continuousPushOfOneAcceleratesAHundredPointSquareAtHundredPointsPerSecondSquared() {
        let (animator, square, _) = pushedSquare(.continuous) { $0.magnitude = 1 }
        let probe = velocityProbe([square], in: animator)
        animator.run(seconds: 1)
        #expect(isClose(probe.linearVelocity(for: square).x, 100, relative: 0.001))
        #expect(isClose(square.center.x - 100, 50, relative: 0.01))
        #expect(abs(square.center.y - 300) < 1e-6)
    }

    @Test func massIsDensityTimesAreaOverTenThousand() {
        // 200 × 50 points at density 3: mass 3, so one UIKit Newton gives 100 / 3 points/s².
        let (view, animator) = makeRoom(width: 5000)
        let slab = UIView(frame: CGRect(x: 0, y: 200, width: 200, height: 50))
        view.addSubview(slab)
        let push = UIPushBehavior(items: [slab], mode: .continuous)
        push.setAngle(0, magnitude: 1)
        let material = UIDynamicItemBehavior(items: [slab])
        material.density = 3
        animator.addBehaviors(material, push)
        animator.run(seconds: 1)
        #expect(isClose(material.linearVelocity(for: slab).x, 100.0 / 3, relative: 0.001))
    }

    @Test func instantaneousPushOfOneAddsHundredPointsPerSecond() {
        let (animator, square, _) = pushedSquare(.instantaneous) { $0.magnitude = 1 }
        let probe = velocityProbe([square], in: animator)
        animator.run(steps: 1)
        #expect(isClose(probe.linearVelocity(for: square).x, 100, relative: 0.0001))
        animator.run(seconds: 1)
        // No further impulse and no force: the speed stays.
        #expect(isClose(probe.linearVelocity(for: square).x, 100, relative: 0.0001))
    }

    @Test func instantaneousPushOnADenserItemAddsLess() {
        let (_, animator, square) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 100, y: 300))
        let material = UIDynamicItemBehavior(items: [square])
        material.density = 4
        animator.addBehavior(material)
        let push = UIPushBehavior(items: [square], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 2)
        animator.addBehavior(push)
        animator.run(steps: 1)
        #expect(isClose(material.linearVelocity(for: square).y, 50, relative: 0.0001))
    }

    @Test func instantaneousPushSwitchesItselfOffAfterItsImpulse() {
        let (animator, _, push) = pushedSquare(.instantaneous) {
            $0.magnitude = 1
            #expect($0.active)
        }
        animator.run(steps: 1)
        #expect(!push.active)
    }

    @Test func reactivatingAnInstantaneousPushPushesAgain() {
        let (animator, square, push) = pushedSquare(.instantaneous) { $0.magnitude = 1 }
        let probe = velocityProbe([square], in: animator)
        animator.run(steps: 10)
        push.active = true
        animator.run(steps: 1)
        #expect(isClose(probe.linearVelocity(for: square).x, 200, relative: 0.0001))
    }

    @Test func inactiveContinuousPushDoesNothing() {
        let (animator, square, _) = pushedSquare(.continuous, roomWidth: 375) {
            $0.magnitude = 1
            $0.active = false
        }
        animator.run(seconds: 1)
        #expect(square.center == CGPoint(x: 100, y: 300))
        #expect(!animator.isRunning)
    }

    @Test func angleMagnitudeAndPushDirectionStayInSync() {
        let push = UIPushBehavior(items: [], mode: .continuous)
        #expect(push.angle == 0 && push.magnitude == 0 && push.pushDirection == CGVector(dx: 0, dy: 0))
        push.pushDirection = CGVector(dx: 0, dy: -2)
        #expect(abs(push.magnitude - 2) < 1e-12)
        #expect(abs(push.angle + .pi / 2) < 1e-12)
        push.setAngle(.pi, magnitude: 0.5)
        #expect(abs(push.pushDirection.dx + 0.5) < 1e-12 && abs(push.pushDirection.dy) < 1e-12)
        // Unlike gravity, magnitude 0 keeps the angle.
        push.magnitude = 0
        #expect(push.angle == .pi)
    }

    @Test func negativeMagnitudePushesTheOtherWay() {
        let (animator, square, _) = pushedSquare(.instantaneous, at: CGPoint(x: 1000, y: 300)) { $0.setAngle(0, magnitude: -1) }
        let probe = velocityProbe([square], in: animator)
        animator.run(steps: 1)
        #expect(isClose(probe.linearVelocity(for: square).x, -100, relative: 0.0001))
    }

    @Test func targetOffsetBelowTheCentreSpinsTheSquareCounterClockwise() {
        // Impulse (1, 0) N·s at 50 points below the centre of a 1 kg, 1 m² square (inertia
        // 1/6 kg·m²): Δω = r × J / I = (0.5 × 0 − ... ) = −0.5 × 6 = −3 rad/s (negative:
        // counter-clockwise on screen), Δv = 100 points/s.
        let (_, animator, square) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 1000, y: 300))
        let push = UIPushBehavior(items: [square], mode: .instantaneous)
        push.setAngle(0, magnitude: 1)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: 50), for: square)
        #expect(push.targetOffsetFromCenter(for: square) == UIOffset(horizontal: 0, vertical: 50))
        animator.addBehavior(push)
        let probe = velocityProbe([square], in: animator)
        animator.run(steps: 1)
        #expect(isClose(probe.angularVelocity(for: square), -3, relative: 0.001))
        #expect(isClose(probe.linearVelocity(for: square).x, 100, relative: 0.001))
        animator.run(seconds: 0.5)
        #expect(rotationAngle(of: square) < -1)
    }

    @Test func targetOffsetTurnsWithTheItem() {
        // Turned by π/2, the item's "50 points below the centre" lies 50 points to the left of
        // it on screen: a push along +x through it makes no torque.
        let (_, animator, square) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 1000, y: 300))
        square.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let push = UIPushBehavior(items: [square], mode: .instantaneous)
        push.setAngle(0, magnitude: 1)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: 50), for: square)
        animator.addBehavior(push)
        let probe = velocityProbe([square], in: animator)
        animator.run(steps: 1)
        #expect(abs(probe.angularVelocity(for: square)) < 1e-4)
    }

    @Test func targetOffsetOfAnItemNotPushedReadsZero() {
        let push = UIPushBehavior(items: [], mode: .continuous)
        let stranger = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 5, vertical: 5), for: stranger)
        #expect(push.targetOffsetFromCenter(for: stranger) == .zero)
    }

    @Test func continuousPushKeepsTheAnimatorRunning() {
        let (animator, square, push) = pushedSquare(.continuous, roomWidth: 100_000) { $0.magnitude = 0.01 }
        animator.run(seconds: 5)
        #expect(animator.isRunning)
        push.active = false
        let probe = velocityProbe([square], in: animator)
        #expect(probe.linearVelocity(for: square).x > 0)
    }

    /// A square at `center` in a room `roomWidth` wide (height 667), and a push of `mode` on it
    /// that `configure` sets before it is added to the animator.
    private func pushedSquare(
        _ mode: UIPushBehavior.Mode, at center: CGPoint = CGPoint(x: 100, y: 300), roomWidth: CGFloat = 5000,
        _ configure: (UIPushBehavior) -> Void
    ) -> (UIDynamicAnimator, UIView, UIPushBehavior) {
        let (_, animator, square) = makeRoom(width: roomWidth, withSquareAt: center)
        let push = UIPushBehavior(items: [square], mode: mode)
        configure(push)
        animator.addBehavior(push)
        return (animator, square, push)
    }
}
