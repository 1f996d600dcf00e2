import Foundation

extension UIView {
    /// The timing curves of a property animator (`UIViewPropertyAnimator(duration:curve:animations:)`).
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0, easeIn, easeOut, linear
    }
}

/// Where a property animator's animations ended, as its completions hear it.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0, start, current
}

/// A property animator's state: inactive until started and again once finished.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive = 0, active, stopped
}

/// Animates the property changes made in its animation blocks, as `UIView.animate` does
/// (the same animations, on the clock of the animator whose reference view contains each
/// view): the blocks run when `startAnimation()` is called, and the views show their old
/// values moving to the new ones over `duration` seconds along the curve. Headless, an
/// animator cannot be paused, stopped or scrubbed (`fractionComplete`); a view under no
/// dynamic animator has no clock and takes its new values at once.
open class UIViewPropertyAnimator: NSObject {
    /// The animations' duration, seconds.
    public let duration: TimeInterval
    /// The delay `startAnimation(afterDelay:)` was given, seconds.
    public private(set) var delay: TimeInterval = 0
    /// `.active` from `startAnimation()` until every animation ended, then `.inactive`.
    public private(set) var state: UIViewAnimatingState = .inactive
    /// Kept (an animator here always runs to its end).
    open var isInterruptible = true
    /// Kept (touches always reach animating views headless).
    open var isUserInteractionEnabled = true

    private let curve: TimingCurve
    private var blocks: [(animation: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// The `animate` transactions started and not yet finished.
    private var running = 0

    /// An animator of `animations` over `duration` seconds along a UIKit timing curve.
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration.isFinite ? max(0, duration) : 0
        switch curve {
        case .easeInOut: self.curve = .easeInOut
        case .easeIn: self.curve = .easeIn
        case .easeOut: self.curve = .easeOut
        case .linear: self.curve = .linear
        }
        super.init()
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator of `animations` along a damped spring (`dampingRatio` 1 settles without
    /// overshoot), tuned to settle within `duration`.
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration.isFinite ? max(0, duration) : 0
        curve = .spring(damping: ratio.isFinite ? min(max(ratio, 0.05), 1) : 1, velocity: 0)
        super.init()
        if let animations { blocks.append((animations, 0)) }
    }

    /// Whether the animations run now.
    open var isRunning: Bool { state == .active }

    /// Adds an animation block; added while running, it starts at once and lasts `duration`.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds an animation block that starts `delayFactor` (0…1) of the duration late and ends
    /// with the others.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = delayFactor.isFinite ? min(max(delayFactor, 0), 1) : 0
        if state == .active {
            run(animation, delayFactor: factor)
        } else {
            blocks.append((animation, factor))
        }
    }

    /// Adds a block run with `.end` once every animation has ended.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Runs the animation blocks now: their changes animate over `duration`.
    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Runs the animation blocks now: their changes animate over `duration`, starting after
    /// `delay` seconds of the animator's clock. A running animator ignores it.
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state == .inactive else { return }
        self.delay = delay.isFinite ? max(0, delay) : 0
        state = .active
        let started = blocks
        blocks.removeAll()
        running += 1  // held while the blocks start, so that an immediate finish waits for all
        for block in started { run(block.animation, delayFactor: block.delayFactor) }
        transactionDidFinish()
    }

    private func run(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let transaction = AnimationTransaction(
            duration: duration * Double(1 - delayFactor), delay: delay + duration * Double(delayFactor), curve: curve)
        running += 1
        AnimationTransaction.run(transaction, animation)
        transaction.commit { [weak self] _ in self?.transactionDidFinish() }
    }

    private func transactionDidFinish() {
        running -= 1
        guard running == 0, state == .active else { return }
        state = .inactive
        let blocks = completions
        completions.removeAll()
        for completion in blocks { completion(.end) }
    }
}
