import Foundation

/// The outline an item collides with.
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    /// The item's `bounds` rectangle, rotating with it.
    case rectangle = 0
    /// The ellipse inscribed in `bounds` (a true ellipse, not a polygon; a circle when square).
    case ellipse = 1
    /// The convex `collisionBoundingPath`, with (0, 0) at the item's centre.
    case path = 2
}

/// Anything an animator can move: its centre and rotation are written after every step.
/// `UIView` conforms; so may any class.
public protocol UIDynamicItem: AnyObject {
    /// Position in the animator's coordinate system, points.
    var center: CGPoint { get set }
    /// Only the size is used: the item's width and height in points, read when the item's
    /// body is made.
    var bounds: CGRect { get }
    /// Only the rotation is read (`atan2(b, a)`); the animator writes a pure rotation.
    var transform: CGAffineTransform { get set }
    /// The collision outline; `.rectangle` unless the conformer says otherwise.
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// The convex outline used with `.path`, relative to the centre.
    var collisionBoundingPath: UIBezierPath { get }
}

extension UIDynamicItem {
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: UIBezierPath { UIBezierPath() }
}

/// Hears when an animator starts and stops moving items. Both methods default to nothing.
public protocol UIDynamicAnimatorDelegate: AnyObject {
    /// Sent before the animator resumes (synchronously, inside the call that woke it).
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// Sent once when every item has come to rest and the animator stopped stepping.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}
