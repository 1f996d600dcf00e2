import DynamicsTesting
import Testing
import UIKitDynamics

/// Attachments: a rigid rod keeps its length; a spring of `frequency` f Hz oscillates with
/// period 1/f and hangs g/(2πf)² below its rest length; the iOS 9 factories pin, slide,
/// weld and tie with a rope.
@Suite struct AttachmentBehaviorTests {
    @Test func rigidAttachmentToAnAnchorKeepsItsInitialLengthWhileSwinging() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 300, y: 300))
        let anchor = CGPoint(x: 187.5, y: 200)
        let rod = UIAttachmentBehavior(item: square, attachedToAnchor: anchor)
        #expect(rod.attachedBehaviorType == .anchor)
        #expect(rod.length == 0)  // until it is in an animator
        animator.addBehaviors(rod, UIGravityBehavior(items: [square]))
        let initial = distance(CGPoint(x: 300, y: 300), anchor)
        #expect(abs(rod.length - initial) < 0.01)
        var lowest: CGFloat = 0
        for _ in 0..<120 {
            animator.run(steps: 1)
            #expect(abs(distance(square.center, anchor) - initial) < 1)
            lowest = max(lowest, square.center.y)
        }
        #expect(lowest > anchor.y + initial - 5)
    }

    @Test func anItemAtRestFollowsItsAnchorWhenTheAnchorMoves() {
        // The attachment lesson's drag after a pause: the item has come to rest and the animator
        // has paused; moving the anchor wakes the item, which follows.
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 300))
        let rod = UIAttachmentBehavior(item: square, attachedToAnchor: CGPoint(x: 187.5, y: 200))
        rod.damping = 1
        animator.addBehaviors(rod, UIGravityBehavior(items: [square]))
        var steps = 0
        while animator.isRunning, steps < 60 * 30 {
            animator.run(steps: 1)
            steps += 1
        }
        #expect(!animator.isRunning, "the hanging item should come to rest and the animator pause")
        // Moved 30 points right: the item swings under its new anchor like a pendulum (a
        // quarter of its 2 s period brings it below the anchor) and the rod keeps its length.
        rod.anchorPoint = CGPoint(x: 217.5, y: 200)
        #expect(animator.isRunning)
        var farthest = square.center.x
        for _ in 0..<60 {
            animator.run(steps: 1)
            farthest = max(farthest, square.center.x)
            #expect(abs(distance(square.center, rod.anchorPoint) - 100) < 2)
        }
        #expect(farthest > 217.5)
    }

    @Test func springPeriodIsOneOverItsFrequency() {
        // No gravity: stretched 50 points beyond its 100-point rest length, a 1 Hz undamped
        // spring swings through rest every half second.
        let (_, animator, square) = makeRoom(width: 1000, withSquareAt: CGPoint(x: 450, y: 300), size: 50)
        let spring = makeSpring(square, to: CGPoint(x: 300, y: 300), frequency: 1, damping: 0, length: 100)
        animator.addBehavior(spring)
        var crossings: [Double] = []
        var previous = square.center.x - 400
        for _ in 0..<(60 * 3) {
            animator.run(steps: 1)
            let stretch = square.center.x - 400
            if (previous > 0) != (stretch > 0) {
                // Interpolate the crossing time within the step.
                let t = animator.elapsedTime() - (1.0 / 60) * Double(stretch / (stretch - previous))
                crossings.append(t)
            }
            previous = stretch
        }
        #expect(crossings.count >= 5)
        let halfPeriods = zip(crossings.dropFirst(), crossings).map { $0 - $1 }
        let mean = halfPeriods.reduce(0, +) / Double(halfPeriods.count)
        #expect(abs(mean - 0.5) < 0.01)
        #expect(abs(crossings[0] - 0.25) < 0.02)
    }

    @Test func springHangsBelowItsRestLengthByGravityOverOmegaSquared() {
        // The spring lesson: 1 Hz, damping 0.1, length 100: it hangs 1000 / (2π)² ≈ 25.3
        // points below the rest length.
        let (_, animator, dragon) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 310))
        let spring = makeSpring(dragon, to: CGPoint(x: 187.5, y: 170), frequency: 1.0, damping: 0.1, length: 100.0)
        animator.addBehaviors(UIGravityBehavior(items: [dragon]), spring)
        animator.run(seconds: 12)
        let sag = 1000 / ((2 * CGFloat.pi) * (2 * CGFloat.pi))
        #expect(abs(dragon.center.y - (170 + 100 + sag)) < 1)
        #expect(abs(dragon.center.x - 187.5) < 0.5)
    }

    @Test func criticallyDampedSpringDoesNotOvershoot() {
        let (_, animator, square) = makeRoom(width: 1000, withSquareAt: CGPoint(x: 500, y: 300), size: 50)
        let spring = makeSpring(square, to: CGPoint(x: 300, y: 300), frequency: 2, damping: 1, length: 100)
        animator.addBehavior(spring)
        var smallest = CGFloat.infinity
        for _ in 0..<120 {
            animator.run(steps: 1)
            smallest = min(smallest, square.center.x)
        }
        #expect(smallest > 399.5)
        #expect(abs(square.center.x - 400) < 1)
    }

    @Test func movingTheAnchorPointDragsTheItemAndKeepsTheLength() {
        let (_, animator, dragon) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 430))
        let rod = UIAttachmentBehavior(item: dragon, attachedToAnchor: CGPoint(x: 187.5, y: 200))
        animator.addBehaviors(rod, UIGravityBehavior(items: [dragon]))
        animator.run(seconds: 0.5)
        rod.anchorPoint = CGPoint(x: 100, y: 150)
        #expect(rod.anchorPoint == CGPoint(x: 100, y: 150))
        animator.run(seconds: 6)
        #expect(abs(rod.length - 230) < 0.01)
        #expect(abs(distance(dragon.center, CGPoint(x: 100, y: 150)) - 230) < 1)
    }

    @Test func offsetAttachmentTiltsTheItemUnderGravity() {
        // Held by its top-left corner, a square hangs with that corner above its centre.
        let (_, animator, alert) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 300))
        let hold = UIAttachmentBehavior(
            item: alert, offsetFromCenter: UIOffset(horizontal: -50, vertical: -50), attachedToAnchor: CGPoint(x: 137.5, y: 250))
        let damping = UIDynamicItemBehavior(items: [alert])
        damping.angularResistance = 2
        damping.resistance = 2
        animator.addBehaviors(damping, hold, UIGravityBehavior(items: [alert]))
        animator.run(seconds: 8)
        #expect(abs(abs(rotationAngle(of: alert)) - .pi / 4) < 0.05)
        #expect(abs(alert.center.x - 137.5) < 2)
        #expect(abs(alert.center.y - (250 + 50 * 2.0.squareRoot())) < 2)
    }

    @Test func twoItemAttachmentKeepsTheirDistance() {
        let (view, animator, a) = makeRoom(withSquareAt: CGPoint(x: 100, y: 200), size: 40)
        let b = makeSquare(in: view, center: CGPoint(x: 250, y: 200), size: 40)
        let rod = UIAttachmentBehavior(item: a, attachedTo: b)
        #expect(rod.attachedBehaviorType == .items)
        #expect(rod.items.count == 2)
        let collision = UICollisionBehavior(items: [a, b])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehaviors(rod, collision, UIGravityBehavior(items: [a]))
        for _ in 0..<180 {
            animator.run(steps: 1)
            #expect(abs(distance(a.center, b.center) - 150) < 1.5)
        }
    }

    @Test func rigidAttachmentOfZeroLengthIsAPinThatLetsTheItemTurn() {
        let (_, animator, wheel) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 300))
        let pin = UIAttachmentBehavior(item: wheel, attachedToAnchor: CGPoint(x: 187.5, y: 300))
        let spin = UIDynamicItemBehavior(items: [wheel])
        spin.addAngularVelocity(2, for: wheel)
        animator.addBehaviors(pin, spin, UIGravityBehavior(items: [wheel]))
        animator.run(seconds: 1)
        #expect(distance(wheel.center, CGPoint(x: 187.5, y: 300)) < 0.5)
        #expect(abs(spin.angularVelocity(for: wheel) - 2) < 0.01)
        #expect(pin.length == 0)
    }

    @Test func pinAttachmentLetsBothItemsTurnAboutTheSharedPoint() {
        let (view, animator, board) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 200))
        let arm = makeSquare(in: view, center: CGPoint(x: 187.5, y: 300), size: 40)
        let bolt = CGPoint(x: 187.5, y: 250)
        let pin = UIAttachmentBehavior.pinAttachment(with: arm, attachedTo: board, attachmentAnchor: bolt)
        #expect(pin.attachedBehaviorType == .items)
        #expect(pin.anchorPoint == bolt)
        let fixed = UIDynamicItemBehavior(items: [board])
        fixed.isAnchored = true
        let push = UIPushBehavior(items: [arm], mode: .instantaneous)
        push.setAngle(0, magnitude: 0.2)
        animator.addBehaviors(fixed, pin, UIGravityBehavior(items: [arm]), push)
        // The arm swings about the bolt: its centre stays 50 points from it.
        var farthestAngle: CGFloat = 0
        for _ in 0..<90 {
            animator.run(steps: 1)
            #expect(abs(distance(arm.center, bolt) - 50) < 1)
            farthestAngle = max(farthestAngle, abs(rotationAngle(of: arm)))
        }
        #expect(farthestAngle > 0.3)
        #expect(board.center == CGPoint(x: 187.5, y: 200))
    }

    @Test func pinAttachmentRangeLimitsTheRelativeRotation() {
        let (view, animator, board) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 200))
        let arm = makeSquare(in: view, center: CGPoint(x: 237.5, y: 250), size: 20)
        let pin = UIAttachmentBehavior.pinAttachment(with: arm, attachedTo: board, attachmentAnchor: CGPoint(x: 187.5, y: 250))
        pin.attachmentRange = UIFloatRange(minimum: -0.2, maximum: 0.2)
        let fixed = UIDynamicItemBehavior(items: [board])
        fixed.isAnchored = true
        animator.addBehaviors(fixed, pin, UIGravityBehavior(items: [arm]))
        animator.run(seconds: 2)
        // The arm, sticking out to the right of the bolt, droops only 0.2 rad.
        #expect(abs(rotationAngle(of: arm) - 0.2) < 0.03)
    }

    @Test func frictionTorqueHoldsAPinnedArmUp() {
        let (view, animator, board) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 200))
        let arm = makeSquare(in: view, center: CGPoint(x: 237.5, y: 250), size: 20)
        let pin = UIAttachmentBehavior.pinAttachment(with: arm, attachedTo: board, attachmentAnchor: CGPoint(x: 187.5, y: 250))
        // Gravity's torque about the bolt: m g r = 0.04 kg × 10 m/s² × 0.5 m = 0.2 N·m.
        pin.frictionTorque = 0.5
        #expect(pin.frictionTorque == 0.5)
        let fixed = UIDynamicItemBehavior(items: [board])
        fixed.isAnchored = true
        animator.addBehaviors(fixed, pin, UIGravityBehavior(items: [arm]))
        animator.run(seconds: 1)
        #expect(abs(rotationAngle(of: arm)) < 0.01)
        pin.frictionTorque = 0
        animator.run(seconds: 1)
        #expect(arm.center.y > 260)
    }

    @Test func slidingAttachmentMovesTheItemOnlyAlongItsAxis() {
        let (_, animator, slider) = makeRoom(height: 2000, withSquareAt: CGPoint(x: 100, y: 100), size: 40)
        // A rail going down and to the right at 45°.
        let axis = CGVector(dx: 1 / 2.0.squareRoot(), dy: 1 / 2.0.squareRoot())
        let rail = UIAttachmentBehavior.slidingAttachment(
            with: slider, attachmentAnchor: CGPoint(x: 100, y: 100), axisOfTranslation: axis)
        #expect(rail.attachedBehaviorType == .anchor)
        rail.attachmentRange = UIFloatRange(minimum: -50, maximum: 200)
        animator.addBehaviors(rail, UIGravityBehavior(items: [slider]))
        for _ in 0..<120 {
            animator.run(steps: 1)
            #expect(abs((slider.center.x - 100) - (slider.center.y - 100)) < 0.5)
            #expect(abs(rotationAngle(of: slider)) < 0.001)
        }
        // It stops at the end of its range, 200 points along the rail.
        #expect(abs(distance(slider.center, CGPoint(x: 100, y: 100)) - 200) < 1)
    }

    @Test func twoItemSlidingAttachmentLocksTheirRelativeRotation() {
        let (view, animator, a) = makeRoom(height: 2000, withSquareAt: CGPoint(x: 100, y: 300), size: 40)
        let b = makeSquare(in: view, center: CGPoint(x: 200, y: 300), size: 40)
        let slide = UIAttachmentBehavior.slidingAttachment(
            with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 150, y: 300), axisOfTranslation: CGVector(dx: 1, dy: 0))
        let push = UIPushBehavior(items: [b], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 0.2)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 20, vertical: 0), for: b)
        animator.addBehaviors(slide, push)
        animator.run(seconds: 1)
        #expect(abs(rotationAngle(of: a) - rotationAngle(of: b)) < 0.01)
    }

    @Test func fixedAttachmentMovesTwoItemsAsOne() {
        let (view, animator, a) = makeRoom(height: 2000, withSquareAt: CGPoint(x: 100, y: 300), size: 40)
        let b = makeSquare(in: view, center: CGPoint(x: 140, y: 300), size: 40)
        let weld = UIAttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 120, y: 300))
        let push = UIPushBehavior(items: [a], mode: .instantaneous)
        push.setAngle(-.pi / 2, magnitude: 0.1)
        animator.addBehaviors(weld, push, UIGravityBehavior(items: [a, b]))
        animator.run(seconds: 1)
        #expect(abs(distance(a.center, b.center) - 40) < 0.5)
        #expect(abs(rotationAngle(of: a) - rotationAngle(of: b)) < 0.01)
        #expect(abs(rotationAngle(of: a)) > 0.05)  // the off-centre push turned the pair
    }

    @Test func limitAttachmentIsARopeThatOnlyStopsStretching() {
        let (view, animator, hook) = makeRoom(height: 2000, withSquareAt: CGPoint(x: 187.5, y: 100), size: 20)
        let weight = makeSquare(in: view, center: CGPoint(x: 187.5, y: 200), size: 20)
        let rope = UIAttachmentBehavior.limitAttachment(
            with: hook, offsetFromCenter: .zero, attachedTo: weight, offsetFromCenter: .zero)
        let fixed = UIDynamicItemBehavior(items: [hook])
        fixed.isAnchored = true
        animator.addBehaviors(fixed, rope, UIGravityBehavior(items: [weight]))
        #expect(abs(rope.length - 100) < 0.01)
        rope.length = 150
        animator.run(seconds: 3)
        #expect(abs(weight.center.y - 250) < 1)
        // Slack is allowed: pushed up, the weight rises above the rope's length.
        let push = UIPushBehavior(items: [weight], mode: .instantaneous)
        push.setAngle(-.pi / 2, magnitude: 0.2)  // 500 points/s up: it rises 45 points in 0.1 s
        animator.addBehavior(push)
        animator.run(seconds: 0.1)
        #expect(weight.center.y < 215)
    }

    @Test func iOS7TwoItemAttachmentLetsTheItemsCollide() {
        let (view, animator, a) = makeRoom(withSquareAt: CGPoint(x: 150, y: 300), size: 40)
        let b = makeSquare(in: view, center: CGPoint(x: 250, y: 300), size: 40)
        let spring = UIAttachmentBehavior(item: a, attachedTo: b)
        spring.length = 0
        spring.frequency = 3
        spring.damping = 1
        animator.addBehaviors(spring, UICollisionBehavior(items: [a, b]))
        animator.run(seconds: 3)
        #expect(distance(a.center, b.center) > 39)
    }

    /// The benchmark's chain of 100 pins swings down under gravity and stays joined: each
    /// link's right end stays near the next link's left end, the first near the anchor.
    @Test func aChainOfAHundredPinsSwingsDownAndStaysJoined() {
        let scene = DynamicsScenes.pinChain(links: 100)
        func end(_ link: UIView, _ side: CGFloat) -> CGPoint {
            let angle = rotationAngle(of: link)
            return CGPoint(x: link.center.x + side * 10 * cos(angle), y: link.center.y + side * 10 * sin(angle))
        }
        func worstGap() -> CGFloat {
            zip(scene.items, scene.items.dropFirst()).map { distance(end($0, 1), end($1, -1)) }.max() ?? 0
        }
        scene.animator.run(seconds: 1)
        #expect(distance(end(scene.items[0], -1), CGPoint(x: 100, y: 100)) < 3)
        #expect(worstGap() < 6, "while it falls")
        #expect(scene.items.last!.center.y > 500, "the free end has swung down")
        scene.animator.run(seconds: 2)
        #expect(allFinite(scene.items))
        #expect(worstGap() < 60, "never comes apart")
        withKnownIssue("engine: the soft joints of a long chain stretch under the whip of its swing (~40 points at the top)") {
            #expect(worstGap() < 2)
        }
    }
}

/// `item` hung on a spring from `anchor`.
private func makeSpring(
    _ item: UIDynamicItem, to anchor: CGPoint, frequency: CGFloat, damping: CGFloat, length: CGFloat
) -> UIAttachmentBehavior {
    let spring = UIAttachmentBehavior(item: item, attachedToAnchor: anchor)
    spring.frequency = frequency
    spring.damping = damping
    spring.length = length
    return spring
}
