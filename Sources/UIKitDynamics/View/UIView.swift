import Foundation

/// A headless view: the value holder of a room's scene (frame, rotation, colour, alpha,
/// corner radius, subviews). It conforms to `UIDynamicItem`, so behaviours move it, and its
/// `animate(withDuration:…)` animations run on the clock of the animator whose reference
/// view contains it.
///
/// Geometry setters ignore non-finite values (CoreAnimation raises on a NaN position; a
/// room server must not), so a view's `center`, `bounds` and `transform` are always finite.
open class UIView: NSObject, UIDynamicItem {
    private var storedCenter: CGPoint
    private var storedBounds: CGRect
    private var storedTransform: CGAffineTransform = .identity
    private var storedAlpha: CGFloat = 1
    private var storedBackgroundColor: UIColor?

    /// Values shown while an animation of the property runs (nil: the model value).
    var presentedCenter: CGPoint?
    var presentedBounds: CGRect?
    var presentedTransform: CGAffineTransform?
    var presentedAlpha: CGFloat?
    var presentedBackgroundColor: UIColor??

    /// The animator whose clock runs this view's animations: set on reference views.
    weak var dynamicAnimatorClock: UIDynamicAnimator?
    /// The animator running an animation of this view now, if any.
    weak var runningAnimationClock: UIDynamicAnimator?

    /// The view's layer: corner radius, border and shadow values.
    public let layer = CALayer()
    /// Whether the view is hidden (clients skip it).
    open var isHidden = false
    open var tag = 0
    open var isUserInteractionEnabled = true
    open var clipsToBounds = false

    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?

    /// A view with `frame` in its superview's coordinates (non-finite values become zero).
    public init(frame: CGRect) {
        let f = frame.isFiniteRect ? frame : .zero
        storedCenter = CGPoint(x: f.midX, y: f.midY)
        storedBounds = CGRect(origin: .zero, size: f.size)
        super.init()
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry

    /// The centre in the superview's coordinates, points. Non-finite values are ignored.
    open var center: CGPoint {
        get { storedCenter }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            let old = presentationCenter
            storedCenter = newValue
            animationDidSet(.center, from: .point(old), to: .point(newValue))
        }
    }

    /// The view's own coordinate rectangle; its size is the item size the animator uses.
    /// Non-finite values are ignored.
    open var bounds: CGRect {
        get { storedBounds }
        set {
            guard newValue.isFiniteRect else { return }
            let old = presentationBounds
            storedBounds = newValue
            animationDidSet(.bounds, from: .rect(old), to: .rect(newValue))
            dynamicAnimatorClock?.referenceViewBoundsDidChange()
        }
    }

    /// The rotation (and any scale) about the centre. The animator replaces it with a pure
    /// rotation while it moves the view, as UIKit does. Non-finite values are ignored.
    open var transform: CGAffineTransform {
        get { storedTransform }
        set {
            guard newValue.isFinite else { return }
            let old = presentationTransform
            storedTransform = newValue
            animationDidSet(.transform, from: .transform(old), to: .transform(newValue))
        }
    }

    /// The rectangle enclosing the transformed bounds in the superview's coordinates. Setting
    /// it sets `center` and `bounds.size` (the transform is left alone).
    open var frame: CGRect {
        get { Self.frame(center: storedCenter, bounds: storedBounds, transform: storedTransform) }
        set {
            guard newValue.isFiniteRect else { return }
            let r = newValue
            center = CGPoint(x: r.midX, y: r.midY)
            bounds = CGRect(origin: storedBounds.origin, size: r.size)
        }
    }

    /// Opacity from 0 to 1 (animatable).
    open var alpha: CGFloat {
        get { storedAlpha }
        set {
            guard newValue.isFinite else { return }
            let old = presentationAlpha
            storedAlpha = newValue
            animationDidSet(.alpha, from: .scalar(old), to: .scalar(newValue))
        }
    }

    /// The fill colour (animatable).
    open var backgroundColor: UIColor? {
        get { storedBackgroundColor }
        set {
            let old = presentationBackgroundColor
            storedBackgroundColor = newValue
            animationDidSet(.backgroundColor, from: .color(old), to: .color(newValue))
        }
    }

    // MARK: What is shown now (a Newtons extension: the presentation layer's values)

    /// The alpha shown now: mid-animation, the interpolated value; otherwise `alpha`.
    public var presentationAlpha: CGFloat { presentedAlpha ?? storedAlpha }
    /// The centre shown now.
    public var presentationCenter: CGPoint { presentedCenter ?? storedCenter }
    /// The bounds shown now.
    public var presentationBounds: CGRect { presentedBounds ?? storedBounds }
    /// The transform shown now.
    public var presentationTransform: CGAffineTransform { presentedTransform ?? storedTransform }
    /// The background colour shown now.
    public var presentationBackgroundColor: UIColor? {
        if let presented = presentedBackgroundColor { return presented }
        return storedBackgroundColor
    }
    /// The frame shown now.
    public var presentationFrame: CGRect {
        Self.frame(center: presentationCenter, bounds: presentationBounds, transform: presentationTransform)
    }

    // MARK: Dynamics

    /// The outline the animator collides (UIKit's default: the bounds rectangle). Override
    /// it in a subclass to return `.ellipse` or `.path`.
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }

    /// The convex outline used with `.path`, with (0, 0) at the view's centre. UIView's own
    /// is empty (an item with `.path` and an empty or degenerate path collides as its
    /// rectangle; see docs/api.md).
    open var collisionBoundingPath: UIBezierPath { UIBezierPath() }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews, moving it from its old superview. Adding a view
    /// to itself or to one of its own descendants is ignored.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` (clamped to the subviews' range) among the subviews.
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        if view.superview != nil { view.detachFromSuperview() }
        let i = max(0, min(index, subviews.count))
        subviews.insert(view, at: i)
        view.superview = self
        hierarchyDidChange(view)
    }

    /// Removes the view from its superview. An animator stops simulating a removed view (it
    /// is no longer in its reference view), until it is added back.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        detachFromSuperview()
        parent.hierarchyDidChange(self)
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
    }

    /// True when `view` is this view or one of its ancestors.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Tells every animator whose reference view contains this one that `view`'s subtree
    /// moved, so items that left (or joined) the reference view stop (or start) simulating.
    private func hierarchyDidChange(_ view: UIView) {
        var current: UIView? = self
        while let v = current {
            v.dynamicAnimatorClock?.viewHierarchyDidChange(view)
            current = v.superview
        }
    }

    static func frame(center: CGPoint, bounds: CGRect, transform: CGAffineTransform) -> CGRect {
        let w = bounds.width, h = bounds.height
        if transform.isIdentity {
            return CGRect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
        }
        let local = CGRect(x: -w / 2, y: -h / 2, width: w, height: h)
        var t = transform
        t.tx = 0
        t.ty = 0
        let r = local.applying(t)
        return r.offsetBy(dx: center.x + transform.tx, dy: center.y + transform.ty)
    }
}

extension CGRect {
    var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
