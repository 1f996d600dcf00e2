import DynamicsTesting
import Testing
import UIKitDynamics

/// A 375 × 667 reference view (the tutorials' phone) and its animator.
func makeRoom(width: CGFloat = 375, height: CGFloat = 667) -> (UIView, UIDynamicAnimator) {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    return (view, UIDynamicAnimator(referenceView: view))
}

/// A square view of `size` points centred at `center`, added to `parent`.
func makeSquare(in parent: UIView, center: CGPoint, size: CGFloat = 100) -> UIView {
    let square = UIView(frame: CGRect(x: center.x - size / 2, y: center.y - size / 2, width: size, height: size))
    parent.addSubview(square)
    return square
}

/// A room (as `makeRoom`) with one square in it (as `makeSquare`), as most tests begin.
func makeRoom(
    width: CGFloat = 375, height: CGFloat = 667, withSquareAt center: CGPoint, size: CGFloat = 100
) -> (UIView, UIDynamicAnimator, UIView) {
    let (view, animator) = makeRoom(width: width, height: height)
    return (view, animator, makeSquare(in: view, center: center, size: size))
}

/// An item that is not a view, for abstract animators.
final class Particle: UIDynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity

    init(center: CGPoint, size: CGSize) {
        self.center = center
        bounds = CGRect(origin: .zero, size: size)
    }
}

/// An item with a custom collision outline.
final class ShapedView: UIView {
    var boundsType: UIDynamicItemCollisionBoundsType = .rectangle
    var path = UIBezierPath()
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { boundsType }
    override var collisionBoundingPath: UIBezierPath { path }
}

/// A round item (its collision outline the ellipse in `frame`), added to `parent`.
func makeBall(in parent: UIView, frame: CGRect) -> ShapedView {
    let ball = ShapedView(frame: frame)
    ball.boundsType = .ellipse
    parent.addSubview(ball)
    return ball
}

/// Records animator and collision callbacks in order.
final class Recorder: UIDynamicAnimatorDelegate, UICollisionBehaviorDelegate {
    var log: [String] = []
    var boundaryBegan: [(item: UIDynamicItem, identifier: NSCopying?, point: CGPoint)] = []
    var boundaryEnded: [(item: UIDynamicItem, identifier: NSCopying?)] = []
    var itemsBegan: [(UIDynamicItem, UIDynamicItem, CGPoint)] = []
    var itemsEnded: [(UIDynamicItem, UIDynamicItem)] = []

    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { log.append("resume") }
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { log.append("pause") }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint
    ) {
        itemsBegan.append((item1, item2, p))
        log.append("began items")
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem) {
        itemsEnded.append((item1, item2))
        log.append("ended items")
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?,
        at p: CGPoint
    ) {
        boundaryBegan.append((item, identifier, p))
        log.append("began boundary \(identifier.map { "\($0)" } ?? "nil")")
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?
    ) {
        boundaryEnded.append((item, identifier))
        log.append("ended boundary \(identifier.map { "\($0)" } ?? "nil")")
    }
}

/// True when every item's centre and transform are finite numbers.
func allFinite(_ items: [UIDynamicItem]) -> Bool {
    items.allSatisfy { item in
        let c = item.center, t = item.transform
        return c.x.isFinite && c.y.isFinite && t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite
    }
}

/// An item behaviour that only reads velocities (it sets nothing).
func velocityProbe(_ items: [UIDynamicItem], in animator: UIDynamicAnimator) -> UIDynamicItemBehavior {
    let probe = UIDynamicItemBehavior(items: items)
    animator.addBehavior(probe)
    return probe
}

func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

/// |a − b| ≤ tolerance × |b|.
func isClose(_ a: CGFloat, _ b: CGFloat, relative tolerance: CGFloat) -> Bool {
    abs(a - b) <= tolerance * abs(b)
}
