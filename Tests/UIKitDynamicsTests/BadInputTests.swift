import DynamicsTesting
import Testing
import UIKitDynamics

/// Bad input never traps and never puts a NaN into a position: each case has the outcome
/// docs/api.md documents (ignored, clamped).
@Suite struct BadInputTests {
    static let nonFinite: [CGFloat] = [.nan, .infinity, -.infinity]

    /// A running scene: a square falling in a box, with a spring and a push.
    func scene() -> (UIView, UIDynamicAnimator, UIView) {
        let (view, animator, square) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 200), size: 60)
        let collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehaviors(UIGravityBehavior(items: [square]), collision)
        return (view, animator, square)
    }

    @Test(arguments: nonFinite) func nonFiniteGeometryOnAViewIsIgnored(value: CGFloat) {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.center = CGPoint(x: value, y: 3)
        view.bounds = CGRect(x: 0, y: 0, width: value, height: 1)
        view.frame = CGRect(x: value, y: 0, width: 1, height: 1)
        view.transform = CGAffineTransform(rotationAngle: value)
        view.alpha = value
        #expect(view.center == CGPoint(x: 5, y: 5))
        #expect(view.bounds.size == CGSize(width: 10, height: 10))
        #expect(view.transform == .identity)
        #expect(view.alpha == 1)
        #expect(UIView(frame: CGRect(x: value, y: 0, width: 1, height: 1)).frame == .zero)
    }

    @Test(arguments: nonFinite) func nonFiniteBehaviourParametersAreIgnored(value: CGFloat) {
        let (view, animator, square) = scene()
        let gravity = animator.behaviors[0] as! UIGravityBehavior
        let push = UIPushBehavior(items: [square], mode: .continuous)
        let snapTarget = makeSquare(in: view, center: CGPoint(x: 100, y: 100), size: 20)
        let snap = UISnapBehavior(item: snapTarget, snapTo: CGPoint(x: 50, y: 50))
        let spring = UIAttachmentBehavior(item: square, attachedToAnchor: CGPoint(x: 187.5, y: 100))
        let material = UIDynamicItemBehavior(items: [square])
        for b in [push, snap, spring, material] as [UIDynamicBehavior] { animator.addBehavior(b) }
        animator.run(steps: 5)

        gravity.magnitude = value
        gravity.angle = value
        gravity.gravityDirection = CGVector(dx: value, dy: 1)
        gravity.setAngle(value, magnitude: 1)
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1))
        push.magnitude = value
        push.angle = value
        push.pushDirection = CGVector(dx: value, dy: 0)
        push.setAngle(1, magnitude: value)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: value, vertical: 0), for: square)
        #expect(push.magnitude == 0 && push.angle == 0)
        #expect(push.targetOffsetFromCenter(for: square) == .zero)
        snap.snapPoint = CGPoint(x: value, y: 0)
        snap.damping = value
        #expect(snap.snapPoint == CGPoint(x: 50, y: 50) && snap.damping == 0.5)
        spring.anchorPoint = CGPoint(x: 0, y: value)
        spring.length = value
        spring.frequency = value
        spring.damping = value
        spring.frictionTorque = value
        #expect(spring.anchorPoint == CGPoint(x: 187.5, y: 100))
        #expect(spring.frequency == 0 && spring.damping == 0 && abs(spring.length - 100) < 0.01)
        material.density = value
        material.elasticity = value
        material.friction = value
        material.resistance = value
        material.angularResistance = value
        material.charge = value
        material.addLinearVelocity(CGPoint(x: value, y: 0), for: square)
        material.addAngularVelocity(value, for: square)
        #expect(material.density == 1 && material.elasticity == 0 && material.resistance == 0)

        animator.run(seconds: 2)
        #expect(allFinite([square, snapTarget]))
        #expect(abs(snapTarget.center.x - 50) < 1)
    }

    @Test func nanAttachmentRangeIsIgnoredAndAReversedOneIsSwapped() {
        let spring = UIAttachmentBehavior.pinAttachment(with: UIView(), attachedTo: UIView(), attachmentAnchor: .zero)
        spring.attachmentRange = UIFloatRange(minimum: .nan, maximum: 1)
        #expect(spring.attachmentRange == .infinite)
        spring.attachmentRange = UIFloatRange(minimum: 1, maximum: -1)
        #expect(spring.attachmentRange == UIFloatRange(minimum: -1, maximum: 1))
    }

    @Test func negativeLengthsFrequenciesAndDampingsAreClampedToZero() {
        let spring = UIAttachmentBehavior(item: UIView(), attachedToAnchor: .zero)
        spring.length = -5
        spring.frequency = -1
        spring.damping = -1
        spring.frictionTorque = -3
        #expect(spring.length == 0 && spring.frequency == 0 && spring.damping == 0 && spring.frictionTorque == 0)
        let snap = UISnapBehavior(item: UIView(), snapTo: .zero)
        snap.damping = -2
        #expect(snap.damping == 0)
        let material = UIDynamicItemBehavior(items: [])
        material.elasticity = -1
        material.friction = -1
        material.resistance = -1
        #expect(material.elasticity == 0 && material.friction == 0 && material.resistance == 0)
    }

    @Test(arguments: [0, -3, CGFloat.nan, CGFloat.infinity]) func nonPositiveDensityIsIgnored(density: CGFloat) {
        let material = UIDynamicItemBehavior(items: [])
        material.density = 2
        material.density = density
        #expect(material.density == 2)
    }

    @Test(arguments: [
        CGSize(width: 0, height: 10), CGSize(width: -10, height: 10), CGSize(width: CGFloat.nan, height: 10),
        CGSize(width: 10, height: CGFloat.infinity),
    ])
    func itemsWithoutAPositiveFiniteSizeGetNoBodyAndStayPut(size: CGSize) {
        let animator = UIDynamicAnimator()
        let bad = Particle(center: CGPoint(x: 10, y: 10), size: size)
        let good = Particle(center: CGPoint(x: 100, y: 10), size: CGSize(width: 10, height: 10))
        let collision = UICollisionBehavior(items: [bad, good])
        animator.addBehaviors(UIGravityBehavior(items: [bad, good]), collision, UISnapBehavior(item: bad, snapTo: CGPoint(x: 300, y: 300)))
        animator.run(seconds: 1)
        #expect(bad.center == CGPoint(x: 10, y: 10))
        #expect(good.center.y > 400)
    }

    @Test(arguments: [CGFloat.nan, CGFloat.infinity, 1e30]) func itemsWithABadCentreGetNoBody(value: CGFloat) {
        let animator = UIDynamicAnimator()
        let bad = Particle(center: CGPoint(x: value, y: 10), size: CGSize(width: 10, height: 10))
        animator.addBehavior(UIGravityBehavior(items: [bad]))
        animator.run(seconds: 0.5)
        #expect(bad.center.y == 10)
        #expect(!animator.isRunning)
        // updateItem with a bad centre is ignored too.
        let good = Particle(center: CGPoint(x: 0, y: 0), size: CGSize(width: 10, height: 10))
        animator.addBehavior(UIGravityBehavior(items: [good]))
        animator.run(steps: 1)
        good.center = CGPoint(x: value, y: 0)
        animator.updateItem(usingCurrentState: good)
        animator.run(steps: 1)
        #expect(allFinite([good]))
    }

    @Test func aBehaviourAddedTwiceOrToASecondAnimatorIsIgnored() {
        let (view, animator, square) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 100, y: 100))
        let gravity = UIGravityBehavior(items: [square])
        animator.addBehaviors(gravity, gravity)
        #expect(animator.behaviors.count == 1)
        let other = UIDynamicAnimator(referenceView: view)
        other.addBehavior(gravity)
        #expect(other.behaviors.isEmpty)
        #expect(gravity.dynamicAnimator === animator)
        let composite = UIDynamicBehavior()
        composite.addChildBehavior(gravity)  // already in an animator
        #expect(composite.childBehaviors.isEmpty)
        animator.run(seconds: 1)
        #expect(isClose(square.center.y - 100, 500, relative: 0.01))  // pulled once, not twice
    }

    @Test func behaviourCyclesAndSecondParentsAreIgnored() {
        let a = UIDynamicBehavior(), b = UIDynamicBehavior(), c = UIDynamicBehavior()
        a.addChildBehavior(b)
        b.addChildBehavior(c)
        c.addChildBehavior(a)
        a.addChildBehavior(a)
        let other = UIDynamicBehavior()
        other.addChildBehavior(c)
        #expect(c.childBehaviors.isEmpty && a.childBehaviors.count == 1 && other.childBehaviors.isEmpty)
        let (_, animator) = makeRoom()
        animator.addBehavior(b)  // it has a parent
        #expect(animator.behaviors.isEmpty)
        animator.removeBehavior(c)  // not top level: ignored
    }

    @Test func removingItemsAndBehavioursInsideAnActionIsSafe() {
        let (view, animator) = makeRoom()
        let squares = (0..<4).map { makeSquare(in: view, center: CGPoint(x: 50 + CGFloat($0) * 80, y: 100), size: 40) }
        let gravity = UIGravityBehavior(items: squares)
        let collision = UICollisionBehavior(items: squares)
        collision.translatesReferenceBoundsIntoBoundary = true
        let snap = UISnapBehavior(item: squares[3], snapTo: CGPoint(x: 300, y: 100))
        var step = 0
        gravity.action = {
            step += 1
            switch step {
            case 5: gravity.removeItem(squares[0])
            case 6: collision.removeItem(squares[1])
            case 7: squares[2].removeFromSuperview()
            case 8: animator.removeBehavior(snap)
            case 9: animator.removeAllBehaviors()
            default: break
            }
            animator.advance(by: 1)  // a nested advance is ignored
        }
        animator.addBehaviors(gravity, collision, snap)
        animator.run(seconds: 1)
        #expect(step == 9)
        #expect(allFinite(squares))
        #expect(!animator.isRunning)
    }

    @Test func advanceIgnoresNegativeZeroAndNonFiniteIntervals() {
        let (_, animator, square) = scene()
        for dt in [-1, 0, .nan, .infinity, -.infinity] as [Double] { animator.advance(by: dt) }
        #expect(animator.elapsedTime() == 0)
        #expect(square.center == CGPoint(x: 187.5, y: 200))
    }

    @Test func advanceClampsAHugeIntervalToTenSeconds() {
        let (_, animator, square) = scene()
        let pause = Recorder()
        animator.delegate = pause
        let spinner = UIDynamicItemBehavior(items: [square])
        animator.addBehavior(spinner)
        let keepAwake = UIPushBehavior(items: [square], mode: .continuous)
        keepAwake.setAngle(0, magnitude: 0.01)
        animator.addBehavior(keepAwake)
        animator.advance(by: 1e9)
        #expect(abs(animator.elapsedTime() - 10) < 1e-6)
        #expect(allFinite([square]))
    }

    @Test(arguments: [1e6, 1e30, 1e300]) func hugeForcesAndGravitiesKeepPositionsFinite(magnitude: CGFloat) {
        let (view, animator, square) = scene()
        let other = makeSquare(in: view, center: CGPoint(x: 100, y: 400), size: 30)
        let push = UIPushBehavior(items: [square], mode: .continuous)
        push.setAngle(0.3, magnitude: magnitude)
        let kick = UIPushBehavior(items: [other], mode: .instantaneous)
        kick.setAngle(2, magnitude: magnitude)
        let gravity = UIGravityBehavior(items: [other])
        gravity.magnitude = magnitude
        let spring = UIAttachmentBehavior(item: other, attachedTo: square)
        spring.frequency = magnitude
        spring.length = magnitude
        for b in [push, kick, gravity, spring] as [UIDynamicBehavior] { animator.addBehavior(b) }
        animator.run(seconds: 1)
        #expect(allFinite([square, other]))
    }

    @Test func nonFiniteBoundaryPointsMakeNoBoundary() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 150))
        let collision = UICollisionBehavior(items: [square])
        collision.addBoundary(withIdentifier: "bad" as NSString, from: CGPoint(x: CGFloat.nan, y: 350), to: CGPoint(x: 375, y: 350))
        collision.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0))
        animator.addBehaviors(UIGravityBehavior(items: [square]), collision)
        animator.run(seconds: 1)
        #expect(square.center.y > 350)
        #expect(allFinite([square]))
    }

    @Test func zeroAxisSlidingAttachmentMakesNoJoint() {
        let (_, animator, square) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 100, y: 100))
        let rail = UIAttachmentBehavior.slidingAttachment(with: square, attachmentAnchor: .zero, axisOfTranslation: CGVector(dx: 0, dy: 0))
        animator.addBehaviors(rail, UIGravityBehavior(items: [square]))
        animator.run(seconds: 1)
        #expect(square.center.y > 500)
    }

    @Test func theReferenceViewItselfIsNotAnItem() {
        let (view, animator) = makeRoom()
        animator.addBehavior(UIGravityBehavior(items: [view]))
        animator.run(seconds: 1)
        #expect(view.center == CGPoint(x: 187.5, y: 333.5))
    }
}
