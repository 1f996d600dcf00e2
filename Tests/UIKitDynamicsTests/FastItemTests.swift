import DynamicsTesting
import Testing
import UIKitDynamics

/// Items thrown fast (a flick is a few thousand points a second) stop at boundaries and at
/// thin items instead of passing through or sinking in, whatever their size.
@Suite struct FastItemTests {
    /// A push that sets `item` moving right at `speed` points a second (an instantaneous
    /// push of 1 gives an item of 1 kg, a 100-point square, 100 points a second).
    func flick(_ item: UIView, at speed: CGFloat, in animator: UIDynamicAnimator) {
        let push = UIPushBehavior(items: [item], mode: .instantaneous)
        let mass = item.bounds.width * item.bounds.height / 10_000
        push.magnitude = speed / 100 * mass
        animator.addBehavior(push)
    }

    /// The farthest right `item`'s frame reaches over `steps` steps.
    func farthestRightEdge(of item: UIView, in animator: UIDynamicAnimator, steps: Int = 120) -> CGFloat {
        var farthest = -CGFloat.infinity
        for _ in 0..<steps {
            animator.run(steps: 1)
            farthest = max(farthest, item.frame.maxX)
        }
        return farthest
    }

    /// How far right a `size`-point square reaches, flicked at `speed` from x = 100 in a room
    /// 2,000 points wide, against what `obstacle` puts in its way (given the room's view, the
    /// animator and the square).
    func farthestReach(size: CGFloat, speed: CGFloat, _ obstacle: (UIView, UIDynamicAnimator, UIView) -> Void) -> CGFloat {
        let (view, animator, item) = makeRoom(width: 2_000, withSquareAt: CGPoint(x: 100, y: 300), size: size)
        obstacle(view, animator, item)
        flick(item, at: speed, in: animator)
        return farthestRightEdge(of: item, in: animator)
    }

    @Test func smallItemFlickedAtABoundaryLineStopsAtIt() {
        for size: CGFloat in [10, 30] {
            for speed: CGFloat in [300, 1_000, 3_000, 10_000] {
                let farthest = farthestReach(size: size, speed: speed) { _, animator, item in
                    let collision = UICollisionBehavior(items: [item])
                    collision.addBoundary(
                        withIdentifier: "wall" as NSString, from: CGPoint(x: 400, y: 0), to: CGPoint(x: 400, y: 667))
                    animator.addBehavior(collision)
                }
                #expect(farthest < 400.6, "a \(size)-point item at \(speed) points/s reached \(farthest)")
            }
        }
    }

    @Test func smallItemFlickedAtAThinItemDoesNotPassThroughIt() {
        for speed: CGFloat in [300, 1_000, 3_000, 10_000] {
            let farthest = farthestReach(size: 10, speed: speed) { view, animator, item in
                // A 2-point slat, anchored so that it stays where it is.
                let slat = UIView(frame: CGRect(x: 399, y: 200, width: 2, height: 200))
                view.addSubview(slat)
                let collision = UICollisionBehavior(items: [item, slat])
                animator.addBehavior(collision)
                let anchored = UIDynamicItemBehavior(items: [slat])
                anchored.isAnchored = true
                animator.addBehavior(anchored)
            }
            #expect(farthest < 399.6, "a 10-point item at \(speed) points/s reached \(farthest)")
        }
    }

    @Test func squareFlickedIntoAnotherSquareStopsAtItsFace() {
        // Between 150 and 1,500 points a second: over the 2-point speculative margin a step,
        // under half the square's size.
        for speed: CGFloat in [150, 400, 900, 1_500] {
            let (view, animator, moving) = makeRoom(width: 2_000, withSquareAt: CGPoint(x: 100, y: 300))
            let resting = makeSquare(in: view, center: CGPoint(x: 700, y: 300))
            animator.addBehavior(UICollisionBehavior(items: [moving, resting]))
            flick(moving, at: speed, in: animator)
            var deepest = CGFloat.infinity
            for _ in 0..<240 {
                animator.run(steps: 1)
                deepest = min(deepest, resting.frame.minX - moving.frame.maxX)
            }
            #expect(deepest > -0.6, "a square at \(speed) points/s sank \(-deepest) points into the other")
        }
    }
}
