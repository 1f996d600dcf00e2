import Foundation
import Synchronization

// UIView block animations, headless: a property set inside an `animate(withDuration:…)`
// block takes its new model value at once; the value *shown* (`presentationAlpha`, …)
// moves from the old to the new one on the clock of the animator whose reference view
// contains the view, advanced by that animator's `advance(by:)`. A view under no animator has
// no clock: its change is immediate and the completion runs at once with `true`.

extension UIView {
    /// Animation options; the timing curves are honoured, the others are accepted and ignored.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    }

    /// Animates the property changes made in `animations` over `duration` seconds (ease in,
    /// ease out) on the animator's clock.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// As `animate(withDuration:animations:)`; `completion` runs with `true` once every
    /// change has finished, or `false` when one was replaced by a newer animation or set
    /// directly before it finished.
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// As `animate(withDuration:animations:completion:)`, starting after `delay` seconds.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let transaction = AnimationTransaction(
            duration: duration.isFinite ? max(0, duration) : 0, delay: delay.isFinite ? max(0, delay) : 0,
            curve: TimingCurve(options))
        AnimationTransaction.run(transaction, animations)
        transaction.commit(completion: completion)
    }

    /// As `animate(withDuration:delay:options:animations:completion:)` along a damped
    /// spring: `dampingRatio` 1 settles without overshoot, smaller values overshoot and
    /// oscillate; `velocity` is the initial speed in whole animation distances per second.
    /// The spring is tuned to settle within `duration`, and ends exactly at the new value.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let d = duration.isFinite ? max(0, duration) : 0
        let damping = dampingRatio.isFinite ? min(max(dampingRatio, 0.05), 1) : 1
        let v = velocity.isFinite ? velocity * CGFloat(d) : 0
        let transaction = AnimationTransaction(
            duration: d, delay: delay.isFinite ? max(0, delay) : 0, curve: .spring(damping: damping, velocity: v))
        AnimationTransaction.run(transaction, animations)
        transaction.commit(completion: completion)
    }

    /// Runs `actionsWithoutAnimation` outside any animation block: its changes are immediate.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        AnimationTransaction.$current.withValue(nil) { actionsWithoutAnimation() }
    }

    /// Whether setting an animatable property can concern an animation: an `animate` block
    /// runs on some thread, or an animator has run one of this view's. The setters test it
    /// before building the values `animationDidSet` takes: the animator sets two properties
    /// of every moving view at every step, and each set cost as much again as the rest.
    @inline(__always)
    var setsMayAnimate: Bool { AnimationTransaction.isAnyBlockRunning || hasHadRunningAnimation }

    /// Called by every animatable setter after the model value changed (when `setsMayAnimate`).
    func animationDidSet(_ property: AnimatedProperty, from old: AnimatedValue, to new: AnimatedValue) {
        if let transaction = AnimationTransaction.open, transaction.duration > 0 {
            transaction.record(self, property, from: old, to: new)
        } else if let clock = runningAnimationClock {
            // A direct set ends a running animation of the property.
            clock.cancelViewAnimation(of: self, property)
        }
    }

    func setPresented(_ property: AnimatedProperty, _ value: AnimatedValue?) {
        switch (property, value) {
        case (.alpha, .scalar(let v)?): presentedAlpha = min(max(v, 0), 1)  // a spring may overshoot
        case (.alpha, _): presentedAlpha = nil
        case (.center, .point(let p)?): presentedCenter = p
        case (.center, _): presentedCenter = nil
        case (.bounds, .rect(let r)?): presentedBounds = r
        case (.bounds, _): presentedBounds = nil
        case (.transform, .transform(let t)?): presentedTransform = t
        case (.transform, _): presentedTransform = nil
        case (.backgroundColor, .color(let c)?): presentedBackgroundColor = .some(c)
        case (.backgroundColor, _): presentedBackgroundColor = nil
        }
    }

    /// The animator whose clock runs this view's animations: the nearest one registered on
    /// the view or an ancestor.
    var animationClock: UIDynamicAnimator? {
        var current: UIView? = self
        while let v = current {
            if let clock = v.dynamicAnimatorClock { return clock }
            current = v.superview
        }
        return nil
    }
}

/// A property a block animation can change.
enum AnimatedProperty: Equatable {
    case alpha, center, bounds, transform, backgroundColor
}

/// A value of an animated property.
enum AnimatedValue {
    case scalar(CGFloat)
    case point(CGPoint)
    case rect(CGRect)
    case transform(CGAffineTransform)
    case color(UIColor?)

    /// The value a fraction `t` of the way from `self` to `to`.
    func interpolated(to: AnimatedValue, _ t: CGFloat) -> AnimatedValue {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        switch (self, to) {
        case (.scalar(let a), .scalar(let b)):
            return .scalar(mix(a, b))
        case (.point(let a), .point(let b)):
            return .point(CGPoint(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: mix(a.width, b.width),
                    height: mix(a.height, b.height)))
        case (.transform(let a), .transform(let b)):
            return .transform(
                CGAffineTransform(
                    a: mix(a.a, b.a), b: mix(a.b, b.b), c: mix(a.c, b.c), d: mix(a.d, b.d), tx: mix(a.tx, b.tx),
                    ty: mix(a.ty, b.ty)))
        case (.color(let a), .color(let b)):
            // A missing colour animates as clear.
            let ca = a ?? .clear, cb = b ?? .clear
            return .color(
                UIColor(
                    red: mix(ca.redComponent, cb.redComponent), green: mix(ca.greenComponent, cb.greenComponent),
                    blue: mix(ca.blueComponent, cb.blueComponent), alpha: mix(ca.alphaComponent, cb.alphaComponent)))
        default:
            return t < 1 ? self : to
        }
    }
}

/// An animation timing curve: the fraction of the change shown at a fraction of the time.
enum TimingCurve: Sendable {
    case easeInOut, easeIn, easeOut, linear
    /// A damped spring from 0 to 1 over the animation: damping ratio, and initial velocity in
    /// distances per animation duration.
    case spring(damping: CGFloat, velocity: CGFloat)

    init(_ options: UIView.AnimationOptions) {
        switch options.rawValue & (3 << 16) {
        case 1 << 16: self = .easeIn
        case 2 << 16: self = .easeOut
        case 3 << 16: self = .linear
        default: self = .easeInOut
        }
    }

    func callAsFunction(_ x: CGFloat) -> CGFloat {
        let t = min(max(x, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t
        case .easeOut: return t * (2 - t)
        case .easeInOut: return t * t * (3 - 2 * t)
        case .spring(let zeta, let v):
            guard t < 1 else { return 1 }
            // Natural frequency so that the envelope falls to 1/1000 by the end.
            let omega = log(1000) / zeta
            let decay = exp(-zeta * omega * t)
            if zeta >= 1 { return 1 + decay * (-1 + (v - omega) * t) }
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return 1 + decay * (-cos(omegaD * t) + (v - zeta * omega) / omegaD * sin(omegaD * t))
        }
    }
}

/// The property changes of one `animate(withDuration:…)` call, collected while its block
/// runs. Bound in a task-local value for the duration of the (synchronous) block only.
///
/// It is `@unchecked Sendable` because a task-local value must be `Sendable`, and it is
/// confined by construction: it is created, filled and committed on the thread that calls
/// `animate`, inside `withValue`'s synchronous scope. The only code that reaches `record`
/// is a setter of a (non-Sendable) view the block already holds, so the compiler's
/// region checks keep any other thread from doing it.
final class AnimationTransaction: @unchecked Sendable {
    @TaskLocal static var current: AnimationTransaction?

    /// How many `animate` blocks run now, on any thread. While none does, no setter needs
    /// the task-local value: reading it walks the task's local storage, and the animator
    /// sets two properties of every moving view each step.
    private static let runningBlocks = Atomic<Int>(0)

    /// Whether an `animate` block runs now on any thread.
    static var isAnyBlockRunning: Bool { runningBlocks.load(ordering: .relaxed) > 0 }

    /// The transaction of the `animate` block running on this task, if any.
    static var open: AnimationTransaction? {
        // Relaxed is enough: a block counts itself on the thread that then runs it.
        isAnyBlockRunning ? current : nil
    }

    /// Runs `animations` with `transaction` as the current one.
    static func run(_ transaction: AnimationTransaction, _ animations: () -> Void) {
        runningBlocks.add(1, ordering: .relaxed)
        defer { runningBlocks.subtract(1, ordering: .relaxed) }
        $current.withValue(transaction) { animations() }
    }

    struct Change {
        let view: UIView
        let property: AnimatedProperty
        let from: AnimatedValue
        var to: AnimatedValue
    }

    let duration: TimeInterval
    let delay: TimeInterval
    let curve: TimingCurve
    private var changes: [Change] = []

    init(duration: TimeInterval, delay: TimeInterval, curve: TimingCurve) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
    }

    func record(_ view: UIView, _ property: AnimatedProperty, from: AnimatedValue, to: AnimatedValue) {
        if let i = changes.firstIndex(where: { $0.view === view && $0.property == property }) {
            changes[i].to = to
        } else {
            changes.append(Change(view: view, property: property, from: from, to: to))
            // Until the animator's clock moves, the old value is what is shown.
            view.setPresented(property, from)
        }
    }

    /// Hands the changes to their views' animators; without any, runs `completion` now.
    func commit(completion: ((Bool) -> Void)?) {
        let group = ViewAnimationGroup(completion: completion)
        for change in changes {
            guard let clock = change.view.animationClock else {
                change.view.setPresented(change.property, nil)
                continue
            }
            clock.addViewAnimation(
                ViewAnimation(
                    view: change.view, property: change.property, from: change.from, to: change.to, delay: delay,
                    duration: duration, curve: curve, elapsed: 0, group: group))
        }
        changes.removeAll()
        if group.remaining == 0 { group.complete() }
    }
}

/// The changes of one `animate` call that are still running, and its completion.
final class ViewAnimationGroup {
    var remaining = 0
    var finished = true
    private var completion: ((Bool) -> Void)?

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    /// Runs the completion once.
    func complete() {
        let block = completion
        completion = nil
        block?(finished)
    }
}

/// One running property animation of a view.
struct ViewAnimation {
    let view: UIView
    let property: AnimatedProperty
    let from: AnimatedValue
    let to: AnimatedValue
    let delay: TimeInterval
    let duration: TimeInterval
    let curve: TimingCurve
    var elapsed: TimeInterval
    let group: ViewAnimationGroup
}
