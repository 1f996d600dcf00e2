import Foundation

/// What a gesture recogniser asks its delegate. Every method is optional (UIKit's are
/// `@objc optional`): the defaults here are UIKit's.
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        true
    }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}

/// A gesture recogniser in UIKit's shape: attached to a view with `addGestureRecognizer`,
/// it receives the touches that begin in that view (or its subviews) before the view does,
/// moves through its states, and sends its action to each target on every state change
/// that matters (`.began`, `.changed`, `.ended`/`.recognized`, `.cancelled`).
///
/// Subclasses (as with `UIGestureRecognizerSubclass`) override the `touches…` methods and
/// set `state`; the window's touch delivery arbitrates between recognisers: one that begins
/// makes the others on the same touches fail unless a delegate lets them recognise
/// simultaneously, `require(toFail:)` holds one back until the other fails, and finished
/// recognisers are `reset()` once their touches are gone.
open class UIGestureRecognizer: NSObject {
    /// UIKit's recogniser states.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture (tap, swipe) recognised: the same as `.ended`.
        public static let recognized = State.ended
    }

    private struct TargetAction {
        weak var target: AnyObject?
        let action: Selector
    }

    private var targets: [TargetAction] = []
    private var storedState: State = .possible
    /// Recognisers that must fail before this one may leave `.possible`.
    var failureRequirements: [WeakRecognizer] = []
    /// A recognised state waiting for a `require(toFail:)` recogniser to fail.
    var pendingState: State?
    /// The touches this recogniser follows now, in the order they began.
    var trackedTouches: [UITouch] = []
    /// The centroid where the touches last were (window coordinates), kept after they end.
    var lastLocation: CGPoint = .zero
    /// The touch delivery this recogniser takes part in (its view's window), while it does.
    weak var arena: TouchArena?

    /// The view the recogniser is attached to.
    open internal(set) weak var view: UIView?
    open weak var delegate: UIGestureRecognizerDelegate?
    /// A disabled recogniser receives no touches; disabling one mid-gesture cancels it.
    open var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            if state == .began || state == .changed {
                state = .cancelled
            } else if state == .possible, !trackedTouches.isEmpty {
                state = .failed
            }
        }
    }
    /// When the recogniser recognises, the view's touches are cancelled (UIKit's default).
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open var requiresExclusiveTouchType = true
    open var name: String?

    /// A recogniser that sends `action` to `target` (either may be nil; add targets later).
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    public convenience override init() {
        self.init(target: nil, action: nil)
    }

    /// The state. Subclasses set it (as UIKit's `UIGestureRecognizerSubclass` allows); the
    /// touch delivery may hold a change back (`require(toFail:)`) or refuse it (another
    /// recogniser owns the touches, or the delegate says no), as UIKit does.
    open var state: State {
        get { storedState }
        set {
            if let arena {
                arena.recognizer(self, requests: newValue)
            } else {
                apply(newValue)
            }
        }
    }

    /// Sets the state and sends the actions it calls for (used by the touch delivery).
    func apply(_ newState: State) {
        let old = storedState
        storedState = newState
        switch newState {
        case .began, .ended, .cancelled:
            sendActions()
        case .changed:
            if old == .began || old == .changed { sendActions() }
        case .possible, .failed:
            break
        }
    }

    func sendActions() {
        for entry in targets {
            guard let target = entry.target else { continue }
            entry.action.perform(on: target, with: self)
        }
    }

    /// Adds a target/action pair; adding the same pair again does nothing.
    open func addTarget(_ target: Any, action: Selector) {
        let object = target as AnyObject
        if targets.contains(where: { $0.target === object && $0.action == action && $0.action.name != "" }) { return }
        targets.append(TargetAction(target: object, action: action))
    }

    /// Removes the pairs matching `target` (nil: any) and `action` (nil: any).
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        targets.removeAll { entry in
            (object == nil || entry.target === object) && (action == nil || entry.action == action!)
        }
    }

    /// This recogniser leaves `.possible` only after `other` fails (a single tap that waits
    /// for a double tap to fail, for example).
    open func require(toFail other: UIGestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.value === other }) else { return }
        failureRequirements.append(WeakRecognizer(other))
    }

    // MARK: Where the gesture is

    /// The centroid of the gesture's touches in `view`'s coordinates (window coordinates for
    /// nil); after the touches end, where they last were.
    open func location(in view: UIView?) -> CGPoint {
        let point = trackedTouches.isEmpty ? lastLocation : centroid()
        guard let view else { return point }
        return view.convert(point, from: nil)
    }

    open var numberOfTouches: Int { trackedTouches.count }

    /// Where touch number `touchIndex` is, in `view`'s coordinates.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return location(in: view) }
        return trackedTouches[touchIndex].location(in: view)
    }

    func centroid() -> CGPoint {
        guard !trackedTouches.isEmpty else { return lastLocation }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in trackedTouches {
            x += touch.windowLocation.x
            y += touch.windowLocation.y
        }
        let n = CGFloat(trackedTouches.count)
        return CGPoint(x: x / n, y: y / n)
    }

    // MARK: For subclasses

    /// Puts the recogniser back to its start; called after it finished and its touches
    /// ended. Subclasses clear their own state and call `super.reset()`.
    open func reset() {}

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed {
            state = .cancelled
        } else if state == .possible {
            state = .failed
        }
    }

    /// Stops sending `touch` to this recogniser.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touch.gestureRecognizers?.removeAll { $0 === self }
    }

    /// Whether this recogniser, recognising, may make `preventedGestureRecognizer` fail.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, recognising, may make this one fail.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Called as the clock advances while the recogniser follows touches or waits (timers:
    /// a long press's duration, a multi-tap's interval). `time` is the window's clock.
    func clockDidAdvance(to time: TimeInterval) {}

    /// True while the recogniser waits between touches (a multi-tap between its taps).
    var isWaiting: Bool { false }

    /// The window's clock now (0 outside a window).
    var now: TimeInterval { arena?.clock ?? 0 }

    /// Resets after the gesture finished (`reset()` then back to `.possible`).
    func finishAndReset() {
        pendingState = nil
        trackedTouches.removeAll()
        reset()
        storedState = .possible
    }
}

/// A weak reference to a recogniser (requirements do not keep recognisers alive).
struct WeakRecognizer {
    weak var value: UIGestureRecognizer?
    init(_ value: UIGestureRecognizer) { self.value = value }
}
