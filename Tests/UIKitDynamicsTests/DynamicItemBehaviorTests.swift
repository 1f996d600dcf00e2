import DynamicsTesting
import Testing
import UIKitDynamics

/// Item behaviours: elasticity, friction, density, resistance (1/s), angular resistance,
/// rotation, anchoring and velocities in points/s and radians/s.
@Suite struct DynamicItemBehaviorTests {
    @Test func gettersReadApplesDocumentedDefaults() {
        let b = UIDynamicItemBehavior(items: [])
        #expect(b.elasticity == 0)
        #expect(b.friction == 0)
        #expect(b.density == 1)
        #expect(b.resistance == 0)
        #expect(b.angularResistance == 0)
        #expect(b.allowsRotation)
        #expect(!b.isAnchored)
        #expect(b.charge == 0)
    }

    @Test func addedLinearVelocityAccumulatesUntilTheBehaviourIsAdded() {
        let (_, animator, square) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 100, y: 300))
        let b = UIDynamicItemBehavior(items: [square])
        b.addLinearVelocity(CGPoint(x: 60, y: 0), for: square)
        b.addLinearVelocity(CGPoint(x: 40, y: -20), for: square)
        #expect(b.linearVelocity(for: square) == .zero)  // not in an animator yet
        animator.addBehavior(b)
        let v = b.linearVelocity(for: square)
        #expect(abs(v.x - 100) < 1e-3 && abs(v.y + 20) < 1e-3)
        animator.run(seconds: 1)
        #expect(abs(square.center.x - 200) < 0.1)
        #expect(abs(square.center.y - 280) < 0.1)
    }

    @Test func addedAngularVelocityIsInRadiansPerSecond() {
        let (_, animator, alert) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 333.5))
        let b = UIDynamicItemBehavior(items: [alert])
        b.addAngularVelocity(-.pi / 2, for: alert)
        animator.addBehavior(b)
        animator.run(seconds: 1)
        #expect(abs(b.angularVelocity(for: alert) + .pi / 2) < 1e-4)
        #expect(abs(rotationAngle(of: alert) + .pi / 2) < 0.01)
    }

    @Test func velocityOfAnItemNotInTheBehaviourReadsZeroAndCannotBeAdded() {
        let (view, animator, square) = makeRoom(withSquareAt: CGPoint(x: 100, y: 300))
        let other = makeSquare(in: view, center: CGPoint(x: 250, y: 300))
        let b = UIDynamicItemBehavior(items: [square])
        animator.addBehavior(b)
        b.addLinearVelocity(CGPoint(x: 100, y: 0), for: other)
        #expect(b.linearVelocity(for: other) == .zero)
        animator.run(seconds: 1)
        #expect(other.center == CGPoint(x: 250, y: 300))
    }

    @Test func resistanceDecaysSpeedExponentially() {
        // v(t) = v₀ e^(−c t): resistance 1 leaves e⁻¹ ≈ 36.8 % after a second.
        let (_, animator, square) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 100, y: 300))
        let b = UIDynamicItemBehavior(items: [square])
        b.resistance = 1
        b.addLinearVelocity(CGPoint(x: 300, y: 0), for: square)
        animator.addBehavior(b)
        animator.run(seconds: 1)
        #expect(isClose(b.linearVelocity(for: square).x, 300 * exp(-1), relative: 0.005))
        // Distance covered: v₀ (1 − e^(−c t)) / c.
        #expect(isClose(square.center.x - 100, 300 * (1 - exp(-1)), relative: 0.01))
    }

    @Test func angularResistanceDecaysSpinExponentially() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 300))
        let b = UIDynamicItemBehavior(items: [square])
        b.angularResistance = 2
        b.addAngularVelocity(4, for: square)
        animator.addBehavior(b)
        animator.run(seconds: 1)
        #expect(isClose(b.angularVelocity(for: square), 4 * exp(-2), relative: 0.01))
    }

    @Test func disallowingRotationKeepsAPushedItemUpright() {
        let (_, animator, square) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 100, y: 300))
        let b = UIDynamicItemBehavior(items: [square])
        b.allowsRotation = false
        let push = UIPushBehavior(items: [square], mode: .instantaneous)
        push.setAngle(0, magnitude: 1)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: 50), for: square)
        animator.addBehaviors(b, push)
        animator.run(seconds: 1)
        #expect(rotationAngle(of: square) == 0)
        #expect(isClose(b.linearVelocity(for: square).x, 100, relative: 0.001))
    }

    @Test func elasticityOneBouncesBackNearlyToTheDropHeight() {
        // Dropped 400 points onto a line with elasticity 1 (the larger of the two values
        // applies), a ball rises back almost as high.
        let (view, animator) = makeRoom()
        let ball = makeBall(in: view, frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        let b = UIDynamicItemBehavior(items: [ball])
        b.elasticity = 1
        let collision = UICollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 540), to: CGPoint(x: 375, y: 540))
        animator.addBehaviors(b, collision, UIGravityBehavior(items: [ball]))
        var landed = false
        var highest = CGFloat.infinity
        for _ in 0..<120 {  // down in 0.89 s, back up in 0.89 s
            animator.run(steps: 1)
            if ball.center.y > 500 { landed = true }
            if landed { highest = min(highest, ball.center.y) }
        }
        #expect(landed)
        #expect(abs(highest - 120) < 8)
    }

    @Test func elasticityZeroLandsDeadOnALine() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 150))
        let collision = UICollisionBehavior(items: [square])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 375, y: 600))
        animator.addBehaviors(collision, UIGravityBehavior(items: [square]))
        var landed = false
        var highest = CGFloat.infinity
        for _ in 0..<120 {
            animator.run(steps: 1)
            if square.center.y > 549 { landed = true }
            if landed { highest = min(highest, square.center.y) }
        }
        #expect(landed)
        #expect(highest > 549)
    }

    @Test func frictionStopsASlidingSquareAfterVSquaredOverTwoMuG() {
        // Item friction 0.5 against the boundary's 0.2 mixes to √0.1 ≈ 0.316; sliding at 300
        // points/s under 1000 points/s², it stops after 300² / (2 × 0.316 × 1000) ≈ 142 points.
        let (_, animator, square) = makeRoom(width: 2000, withSquareAt: CGPoint(x: 100, y: 550))
        let collision = UICollisionBehavior(items: [square])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: -100, y: 600), to: CGPoint(x: 2000, y: 600))
        let b = UIDynamicItemBehavior(items: [square])
        b.friction = 0.5
        animator.addBehaviors(b, collision, UIGravityBehavior(items: [square]))
        animator.run(steps: 2)
        b.addLinearVelocity(CGPoint(x: 300, y: 0), for: square)
        let start = square.center.x
        animator.run(seconds: 2)
        let expected = 300 * 300 / (2 * (0.1).squareRoot() * 1000)
        #expect(isClose(square.center.x - start, expected, relative: 0.08))
        #expect(abs(rotationAngle(of: square)) < 0.01)
    }

    @Test func densityChangesTheMassAndSoTheResponseToAPush() {
        let (view, animator, light) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 100, y: 200))
        let heavy = makeSquare(in: view, center: CGPoint(x: 100, y: 400))
        let b = UIDynamicItemBehavior(items: [heavy])
        b.density = 4
        let push = UIPushBehavior(items: [light, heavy], mode: .instantaneous)
        push.magnitude = 1
        let probe = UIDynamicItemBehavior(items: [light])
        animator.addBehaviors(b, probe, push)
        animator.run(steps: 1)
        #expect(isClose(probe.linearVelocity(for: light).x, 100, relative: 0.0001))
        #expect(isClose(b.linearVelocity(for: heavy).x, 25, relative: 0.0001))
    }

    @Test func lastItemBehaviourInTreeOrderWinsAndRemovingItRestoresTheOther() {
        let (_, animator, square) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 100, y: 300))
        let first = UIDynamicItemBehavior(items: [square])
        first.density = 2
        first.elasticity = 0.5
        let second = UIDynamicItemBehavior(items: [square])
        second.density = 4
        let composite = UIDynamicBehavior()
        composite.addChildBehavior(first)
        animator.addBehaviors(composite, second)
        let push = UIPushBehavior(items: [square], mode: .instantaneous)
        push.magnitude = 1
        animator.addBehavior(push)
        animator.run(steps: 1)
        #expect(isClose(first.linearVelocity(for: square).x, 25, relative: 0.0001))
        animator.removeBehavior(second)
        push.active = true
        animator.run(steps: 1)
        #expect(isClose(first.linearVelocity(for: square).x, 75, relative: 0.0001))
    }

    @Test func removingTheOnlyItemBehaviourRestoresTheDefaults() {
        let (_, animator, square) = makeRoom(width: 5000, withSquareAt: CGPoint(x: 100, y: 300))
        let heavy = UIDynamicItemBehavior(items: [square])
        heavy.density = 10
        let push = UIPushBehavior(items: [square], mode: .instantaneous)
        push.magnitude = 1
        animator.addBehaviors(heavy, push)
        animator.run(steps: 1)
        animator.removeBehavior(heavy)
        let probe = velocityProbe([square], in: animator)
        #expect(isClose(probe.linearVelocity(for: square).x, 10, relative: 0.0001))
        push.active = true
        animator.run(steps: 1)
        #expect(isClose(probe.linearVelocity(for: square).x, 110, relative: 0.0001))
    }

    @Test func anchoredItemDoesNotMoveButOthersLandOnIt() {
        let (view, animator) = makeRoom()
        let floor = UIView(frame: CGRect(x: 0, y: 500, width: 375, height: 40))
        view.addSubview(floor)
        let ball = makeSquare(in: view, center: CGPoint(x: 187.5, y: 200), size: 50)
        let anchor = UIDynamicItemBehavior(items: [floor])
        anchor.isAnchored = true
        animator.addBehaviors(anchor, UIGravityBehavior(items: [floor, ball]), UICollisionBehavior(items: [floor, ball]))
        animator.run(seconds: 3)
        #expect(floor.center == CGPoint(x: 187.5, y: 520))
        #expect(abs(ball.center.y - 475) < 0.5)
        // Un-anchored, it falls.
        anchor.isAnchored = false
        animator.run(seconds: 0.5)
        #expect(floor.center.y > 560)
    }
}
