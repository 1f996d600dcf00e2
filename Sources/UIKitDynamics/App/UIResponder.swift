import Foundation

/// An object that takes part in event handling, as in UIKit: views, view controllers and
/// windows. A touch the window delivers goes to the hit-tested view's `touchesBegan(_:with:)`
/// family; the default implementations pass it up the responder chain (`next`), so a
/// view controller sees the touches of its root view and of subviews that ignore them.
open class UIResponder: NSObject {
    public override init() {
        super.init()
    }

    /// The next responder in the chain: a view's view controller when it is one's root view,
    /// else its superview; a view controller's root view's superview. Nil at the window.
    open var next: UIResponder? { nil }

    /// A change to a key path this object observes (`UIView.addObserver(_:forKeyPath:options:context:)`).
    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?
    ) {}

    open var canBecomeFirstResponder: Bool { false }
    open var isFirstResponder: Bool { false }

    @discardableResult
    open func becomeFirstResponder() -> Bool { false }

    @discardableResult
    open func resignFirstResponder() -> Bool { true }

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        next?.motionBegan(motion, with: event)
    }

    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        next?.motionEnded(motion, with: event)
    }
}

/// One finger on the screen, for the life of the touch: its phase, where it is now and
/// where it was at the previous event, its tap count and its view (the hit-tested view,
/// kept for the whole touch as in UIKit).
open class UITouch: NSObject {
    /// The touch's phases.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// The kind of touch (a headless touch is `.direct`, a finger).
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil
    }

    open internal(set) var phase: Phase = .began
    open internal(set) var timestamp: TimeInterval
    /// Taps at this place in quick succession, counting this one (1 for a single tap).
    open internal(set) var tapCount: Int
    open internal(set) var view: UIView?
    open internal(set) var window: UIWindow?
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]? = nil
    open var type: TouchType { .direct }
    open var force: CGFloat { 0 }
    open var majorRadius: CGFloat { 20 }

    /// Where the touch is, in window coordinates.
    var windowLocation: CGPoint
    var previousWindowLocation: CGPoint
    /// Delivered by phase after the client's own drag slop: a pan recogniser begins at once.
    var isRecognisedDrag = false

    init(at point: CGPoint, timestamp: TimeInterval, tapCount: Int, window: UIWindow?) {
        windowLocation = point
        previousWindowLocation = point
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.window = window
        super.init()
    }

    /// The touch's place in `view`'s coordinates (window coordinates for nil).
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return windowLocation }
        return view.convert(windowLocation, from: nil)
    }

    /// Where the touch was at the previous event, in `view`'s coordinates.
    open func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: nil)
    }

    open func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
}

/// One event: the touches that took part in it, with their phases.
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
    }

    public enum EventSubtype: Int, Sendable {
        case none = 0, motionShake = 1
    }

    open internal(set) var type: EventType
    open internal(set) var subtype: EventSubtype
    open internal(set) var timestamp: TimeInterval
    var touches: Set<UITouch>

    init(type: EventType = .touches, subtype: EventSubtype = .none, timestamp: TimeInterval, touches: Set<UITouch>) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
        self.touches = touches
        super.init()
    }

    open var allTouches: Set<UITouch>? { touches }

    open func touches(for view: UIView) -> Set<UITouch>? {
        touches.filter { $0.view === view }
    }

    open func touches(for window: UIWindow) -> Set<UITouch>? {
        touches.filter { $0.window === window }
    }

    open func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        touches.filter { $0.gestureRecognizers?.contains { $0 === gestureRecognizer } ?? false }
    }
}
