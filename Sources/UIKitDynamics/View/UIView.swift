import Foundation

/// A headless view: the value holder of a room's scene (frame, rotation, colour, alpha,
/// corner radius, subviews). It conforms to `UIDynamicItem`, so behaviours move it, and its
/// `animate(withDuration:…)` animations run on the clock of the animator whose reference
/// view contains it.
///
/// Geometry setters ignore non-finite values (CoreAnimation raises on a NaN position; a
/// room server must not), so a view's `center`, `bounds` and `transform` are always finite.
open class UIView: UIResponder, UIDynamicItem {
    // An animator sets `center` and `transform` of every moving item at every step: what
    // those setters read and write is declared first, so it shares the view's first cache
    // lines (Swift lays a class's stored properties out in declaration order).
    private var storedCenter: CGPoint
    private var storedTransform: CGAffineTransform = .identity
    /// Who observes this view's geometry (KeyValueObserving.swift); empty for almost every view.
    var keyValueObservations: [KeyValueObservation] = []
    /// Whether an animator ever ran an animation of this view: a plain flag the setters test
    /// before the weak reference (loading that is an atomic operation).
    private(set) var hasHadRunningAnimation = false
    private var storedBounds: CGRect
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
    weak var runningAnimationClock: UIDynamicAnimator? {
        didSet { if runningAnimationClock != nil { hasHadRunningAnimation = true } }
    }
    /// The view's layer: corner radius, border and shadow values.
    public let layer = CALayer()
    /// Whether the view is hidden (clients skip it).
    open var isHidden = false
    open var tag = 0
    open var isUserInteractionEnabled = true
    open var clipsToBounds = false

    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?

    /// The view controller whose root view this is (the next responder).
    weak var viewController: UIViewController?
    /// The recognisers attached with `addGestureRecognizer`.
    var attachedRecognizers: [UIGestureRecognizer] = []
    /// Touch delivery, made when this view is the root of a touched hierarchy (a window).
    var storedTouchArena: TouchArena?
    var needsLayout = true
    var needsDisplay = true
    /// The constraints this view holds while they are active (NSLayoutConstraint.swift).
    var heldConstraints: [NSLayoutConstraint] = []
    /// Accepted for code written for auto layout; a frame is a frame here either way.
    open var translatesAutoresizingMaskIntoConstraints = true
    /// How the view's content fills it when its size changes (kept: the stage draws a view's
    /// colour and sprite to its bounds).
    open var contentMode: ContentMode = .scaleToFill

    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }
    var storedTintColor: UIColor?
    /// What the room that shows this view keeps for it: on the view, not in tables keyed by
    /// views, so reading it every tick is a field read (no hashing, no weak references, whose
    /// side tables make every retain of the view slow), and a keyframe restores it with the view.
    package var hostRecord = ViewHostRecord()
    /// The name the room's clients show for the view, when its host gave one.
    package var hostName: String?

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

    /// There are no nibs or storyboards headless: a view made from a coder is an empty view
    /// with a zero frame (subclasses written for iOS declare this initialiser; it compiles
    /// and works).
    public required init?(coder: NSCoder) {
        storedCenter = .zero
        storedBounds = .zero
        super.init()
    }

    // MARK: Geometry

    /// The centre in the superview's coordinates, points. Non-finite values are ignored.
    open var center: CGPoint {
        get { storedCenter }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            // The shown value is read only when the set may animate (it lies further in).
            let animatedFrom = setsMayAnimate ? presentationCenter : nil
            let observed = keyValueObservations.isEmpty ? nil : (storedCenter, frame)
            storedCenter = newValue
            if let old = animatedFrom { animationDidSet(.center, from: .point(old), to: .point(newValue)) }
            if let observed { keyValuesDidChange(["center", "frame"], old: [observed.0, observed.1]) }
        }
    }

    /// The view's own coordinate rectangle; its size is the item size the animator uses.
    /// Non-finite values are ignored.
    open var bounds: CGRect {
        get { storedBounds }
        set {
            guard newValue.isFiniteRect else { return }
            let old = presentationBounds
            if newValue.size != storedBounds.size { setNeedsLayout() }
            let observed = keyValueObservations.isEmpty ? nil : (storedBounds, frame)
            defer { if let observed { keyValuesDidChange(["bounds", "frame"], old: [observed.0, observed.1]) } }
            storedBounds = newValue
            if setsMayAnimate { animationDidSet(.bounds, from: .rect(old), to: .rect(newValue)) }
            dynamicAnimatorClock?.referenceViewBoundsDidChange()
        }
    }

    /// The rotation (and any scale) about the centre. The animator replaces it with a pure
    /// rotation while it moves the view, as UIKit does. Non-finite values are ignored.
    open var transform: CGAffineTransform {
        get { storedTransform }
        set {
            guard newValue.isFinite else { return }
            let animatedFrom = setsMayAnimate ? presentationTransform : nil
            let observed = keyValueObservations.isEmpty ? nil : (storedTransform, frame)
            defer { if let observed { keyValuesDidChange(["transform", "frame"], old: [observed.0, observed.1]) } }
            storedTransform = newValue
            if let old = animatedFrom { animationDidSet(.transform, from: .transform(old), to: .transform(newValue)) }
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
            let observed = keyValueObservations.isEmpty ? nil : storedAlpha
            defer { if let observed { keyValuesDidChange(["alpha"], old: [observed]) } }
            storedAlpha = newValue
            if setsMayAnimate { animationDidSet(.alpha, from: .scalar(old), to: .scalar(newValue)) }
        }
    }

    /// The fill colour (animatable).
    open var backgroundColor: UIColor? {
        get { storedBackgroundColor }
        set {
            let old = presentationBackgroundColor
            storedBackgroundColor = newValue
            if setsMayAnimate { animationDidSet(.backgroundColor, from: .color(old), to: .color(newValue)) }
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
        let oldWindow = view.window, newWindow = window
        if oldWindow !== newWindow { view.forEachInSubtree { $0.willMove(toWindow: newWindow) } }
        view.willMove(toSuperview: self)
        if let old = view.superview {
            old.willRemoveSubview(view)
            view.detachFromSuperview()
        }
        let i = max(0, min(index, subviews.count))
        subviews.insert(view, at: i)
        view.superview = self
        hierarchyDidChange(view)
        view.didMoveToSuperview()
        didAddSubview(view)
        if oldWindow !== newWindow { view.forEachInSubtree { $0.didMoveToWindow() } }
        setNeedsLayout()
    }

    /// Inserts `view` just above `siblingSubview` (on top when it is not a subview).
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let i = subviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: i)
    }

    /// Inserts `view` just below `siblingSubview` (on top when it is not a subview).
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === siblingSubview } ?? subviews.count)
    }

    /// Removes the view from its superview. An animator stops simulating a removed view (it
    /// is no longer in its reference view), until it is added back.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        if oldWindow != nil { forEachInSubtree { $0.willMove(toWindow: nil) } }
        willMove(toSuperview: nil)
        parent.willRemoveSubview(self)
        detachFromSuperview()
        parent.hierarchyDidChange(self)
        didMoveToSuperview()
        if oldWindow != nil { forEachInSubtree { $0.didMoveToWindow() } }
        parent.setNeedsLayout()
    }

    /// Called before the view moves to `newSuperview` (nil: removed). Override point.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview (or was removed). Override point.
    open func didMoveToSuperview() {}
    /// Called before the view's hierarchy enters or leaves a window. Override point.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view's hierarchy entered or left a window. Override point.
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    /// The window the view is in, if any.
    open var window: UIWindow? {
        var current: UIView? = self
        while let v = current {
            if let window = v as? UIWindow { return window }
            current = v.superview
        }
        return nil
    }

    /// The top of this view's hierarchy (the window, when it is in one).
    var rootAncestor: UIView {
        var v = self
        while let parent = v.superview { v = parent }
        return v
    }

    func forEachInSubtree(_ body: (UIView) -> Void) {
        body(self)
        for child in subviews { child.forEachInSubtree(body) }
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
        sequence(first: self, next: \.superview).contains { $0 === view }
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

    // MARK: Responder chain

    /// The view controller whose root view this is, else the superview.
    open override var next: UIResponder? {
        if let viewController { return viewController }
        return superview
    }

    // MARK: Hit-testing

    /// The farthest descendant (or this view) that contains `point` (in this view's
    /// coordinates) and takes touches: hidden views, views with alpha under 0.01 and views
    /// with user interaction disabled are skipped with their subviews; later subviews are
    /// on top.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        for child in subviews.reversed() {
            if let hit = child.hitTest(child.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (this view's coordinates) is inside the view: its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Coordinates

    /// `point` of this view's coordinates in `view`'s (nil: the window's, or the root's).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let p = toRoot(point)
        guard let view else { return p }
        return view.fromRoot(p)
    }

    /// `point` of `view`'s coordinates (nil: the window's) in this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        fromRoot(view?.toRoot(point) ?? point)
    }

    /// `rect` of this view's coordinates in `view`'s: the box around its converted corners.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        Self.box([
            convert(CGPoint(x: rect.minX, y: rect.minY), to: view), convert(CGPoint(x: rect.maxX, y: rect.minY), to: view),
            convert(CGPoint(x: rect.maxX, y: rect.maxY), to: view), convert(CGPoint(x: rect.minX, y: rect.maxY), to: view),
        ])
    }

    /// `rect` of `view`'s coordinates in this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        Self.box([
            convert(CGPoint(x: rect.minX, y: rect.minY), from: view),
            convert(CGPoint(x: rect.maxX, y: rect.minY), from: view),
            convert(CGPoint(x: rect.maxX, y: rect.maxY), from: view),
            convert(CGPoint(x: rect.minX, y: rect.maxY), from: view),
        ])
    }

    // MARK: Gesture recognisers

    /// The recognisers attached to the view (nil when there are none, as in UIKit).
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for recognizer in attachedRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer` (moving it from another view if it was on one).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.view, old !== self { old.removeGestureRecognizer(gestureRecognizer) }
        guard !attachedRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard attachedRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }

    /// Whether a recogniser attached to this view (or one of its ancestors, for the touches
    /// in it) may begin. Override point; UIKit's default is true.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Layout and drawing

    /// Marks the view for layout: `layoutSubviews()` runs at the next layout pass (after a
    /// delivered event or a clock advance in a window, or at `layoutIfNeeded()`).
    open func setNeedsLayout() { needsLayout = true }

    /// Lays out this view and its subviews now where they need it.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            if !heldConstraints.isEmpty { applyConstraints() }
            viewController?.viewWillLayoutSubviews()
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
        for child in subviews { child.layoutIfNeeded() }
    }

    /// Override point: place the subviews. UIKit's own does nothing without constraints.
    open func layoutSubviews() {}

    /// Marks the view for drawing: `draw(_:)` runs at the next display pass of its window.
    open func setNeedsDisplay() { needsDisplay = true }
    open func setNeedsDisplay(_ invalidRect: CGRect) { needsDisplay = true }

    /// Override point: draw the view's content (headless, nothing is rasterised; paths a
    /// view fills or strokes are kept by the path).
    open func draw(_ rect: CGRect) {}

    /// The size that fits the view's content: its current size (no intrinsic content).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        bounds = CGRect(origin: bounds.origin, size: size)
    }

    /// The tint: the view's own, else its superview's, else the system blue.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            storedTintColor = newValue
            forEachInSubtree { $0.tintColorDidChange() }
        }
    }

    open func tintColorDidChange() {}

    /// The insets of the safe area. The headless screen has no status bar, notch or home
    /// indicator, so they are zero, plus the view controller's `additionalSafeAreaInsets`.
    open var safeAreaInsets: UIEdgeInsets { viewController?.additionalSafeAreaInsets ?? .zero }
    open func safeAreaInsetsDidChange() {}
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// Draws views marked with `setNeedsDisplay()` (the window's display pass).
    func displayIfNeeded() {
        if needsDisplay, !isHidden {
            needsDisplay = false
            draw(bounds)
        }
        for child in subviews { child.displayIfNeeded() }
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
