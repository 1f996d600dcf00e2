import DynamicsTesting
import Testing
import UIKitDynamics

/// Newtons' measurements (issue 21): what acted on each item in the last step, by
/// behaviour, measured where the forces are applied, without changing the simulation.
@Suite struct MeasurementTests {
    @Test func gravityIsMassTimesTheAccelerationAndTheOnlyForceOnAFallingItem() throws {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 100))
        let gravity = UIGravityBehavior(items: [square])
        gravity.magnitude = 0.5
        animator.addBehavior(gravity)
        animator.run(steps: 30)
        let m = try #require(animator.measurement(for: square))
        // A 100 × 100 item of density 1 has UIKit mass 1; 0.5 gravity is 500 points/s², so
        // its weight is 5 UIKit Newtons (1 N moves a mass of 1 at 100 points/s²).
        #expect(abs(m.mass - 1) < 1e-6)
        #expect(abs(m.forces.gravity.dy - 5) < 1e-5)
        #expect(m.forces.total == m.forces.gravity)
        // v = g t after half a second.
        #expect(abs(m.velocity.dy - 500 * 0.5) < 0.01)
        #expect(m.behaviors.contains(.gravity))
        #expect(!m.behaviors.contains(.collision))
    }

    @Test func aHangingItemsTensionCarriesItsWeight() throws {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 300))
        let rod = UIAttachmentBehavior(item: square, attachedToAnchor: CGPoint(x: 187.5, y: 150))
        rod.damping = 1
        animator.addBehaviors(rod, UIGravityBehavior(items: [square]))
        animator.run(steps: 60)
        let m = try #require(animator.measurement(for: square))
        // Hanging still: the rod pulls up with the weight (10 N for mass 1 at 1000 points/s²).
        #expect(abs(m.forces.attachment.dy + 10) < 0.2)
        #expect(abs(m.forces.total.dy) < 0.2)
        let tension = animator.measurement(for: rod).tension
        #expect(abs(tension - 10) < 0.2)
        #expect(animator.measurement(for: rod).springEnergy == 0)
    }

    @Test func aStretchedSpringStoresEnergyAndCountsAsASpring() throws {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 300))
        let spring = UIAttachmentBehavior(item: square, attachedToAnchor: CGPoint(x: 187.5, y: 150))
        spring.frequency = 1
        spring.damping = 0.2
        animator.addBehaviors(spring, UIGravityBehavior(items: [square]))
        animator.run(steps: 20)
        let m = try #require(animator.measurement(for: square))
        #expect(m.behaviors.contains(.spring))
        #expect(m.forces.spring != .zero)
        #expect(m.forces.attachment == .zero)
        let measured = animator.measurement(for: spring)
        #expect(measured.springEnergy > 0)
        #expect(measured.tension > 0)
    }

    @Test func anItemRestingOnABoundaryIsHeldUpByItsContacts() throws {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 560))
        let collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehaviors(collision, UIGravityBehavior(items: [square]))
        animator.run(steps: 120)
        let m = try #require(animator.measurement(for: square))
        #expect(abs(m.forces.collision.dy + m.forces.gravity.dy) < 0.05 * m.forces.gravity.dy)
        var points: [UIDynamicContactMeasurement] = []
        animator.forEachContact { points.append($0) }
        #expect(points.count == 2)
        for point in points {
            #expect(point.otherItem == nil)
            #expect(point.item === square)
            #expect(abs(point.point.y - 667) < 1)
            #expect(point.normal.dy < -0.99)
        }
    }

    @Test func aSnapPullsTowardsItsPointAndAPushIsItsMagnitude() throws {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 100, y: 300))
        let snap = UISnapBehavior(item: square, snapTo: CGPoint(x: 300, y: 300))
        animator.addBehavior(snap)
        animator.run(steps: 2)
        let pulled = try #require(animator.measurement(for: square))
        #expect(pulled.forces.snap.dx > 0)
        let (view2, animator2) = makeRoom()
        let other = makeSquare(in: view2, center: CGPoint(x: 187.5, y: 300))
        let push = UIPushBehavior(items: [other], mode: .continuous)
        push.pushDirection = CGVector(dx: 2, dy: 0)
        animator2.addBehavior(push)
        animator2.run(steps: 3)
        let pushed = try #require(animator2.measurement(for: other))
        #expect(abs(pushed.forces.push.dx - 2) < 1e-6)
    }

    @Test func measuringChangesNothingInTheSimulation() {
        func scene(measure: Bool) -> UInt64 {
            let (view, animator) = makeRoom()
            var squares: [UIView] = []
            for i in 0..<4 { squares.append(makeSquare(in: view, center: CGPoint(x: 80 + 70 * Double(i), y: 100 + 40 * Double(i)), size: 50)) }
            let collision = UICollisionBehavior(items: squares)
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehaviors(collision, UIGravityBehavior(items: squares), UIAttachmentBehavior(item: squares[0], attachedToAnchor: CGPoint(x: 80, y: 40)))
            for _ in 0..<180 {
                animator.run(steps: 1)
                if measure {
                    for s in squares { _ = animator.measurement(for: s) }
                    animator.forEachContact { _ in }
                }
            }
            return squares.reduce(UInt64(14_695_981_039_346_656_037)) { hash, s in
                var h = hash
                for v in [s.center.x, s.center.y, s.transform.a, s.transform.b] {
                    h = (h ^ Double(v).bitPattern) &* 1_099_511_628_211
                }
                return h
            }
        }
        #expect(scene(measure: true) == scene(measure: false))
    }
}
