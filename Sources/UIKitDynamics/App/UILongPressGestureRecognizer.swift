import Foundation

/// A continuous press: begins when `numberOfTouchesRequired` fingers have stayed down for
/// `minimumPressDuration` seconds (after `numberOfTapsRequired` quick taps) without moving
/// more than `allowableMovement` points; then `.changed` on every move and `.ended` on
/// lift. Lifting or moving too far before that fails it. Time is the window's clock
/// (`advanceClock(by:)`).
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var allowableMovement: CGFloat = 10
    open var numberOfTouchesRequired = 1
    open var numberOfTapsRequired = 0

    private var pressStart: TimeInterval?
    private var startLocation: CGPoint = .zero
    private var tapsDone = 0
    private var lastLift: TimeInterval?

    override var isWaiting: Bool { state == .possible && tapsDone > 0 }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if let lift = lastLift, now - lift > TouchArena.multiTapInterval {
            state = .failed
            return
        }
        if trackedTouches.count > numberOfTouchesRequired {
            state = .failed
            return
        }
        if trackedTouches.count == numberOfTouchesRequired {
            startLocation = centroid()
            pressStart = tapsDone >= numberOfTapsRequired ? now : nil
            beginIfHeld(at: now)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            let p = centroid()
            if hypot(p.x - startLocation.x, p.y - startLocation.y) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .began, .changed:
            state = .ended
        case .possible:
            if pressStart == nil, tapsDone < numberOfTapsRequired, trackedTouches.count == touches.count {
                // One of the taps before the press.
                tapsDone += 1
                lastLift = now
            } else {
                state = .failed
            }
        default:
            break
        }
    }

    override func clockDidAdvance(to time: TimeInterval) {
        if state == .possible, pressStart == nil, tapsDone > 0, trackedTouches.isEmpty, let lift = lastLift,
            time - lift > TouchArena.multiTapInterval
        {
            state = .failed
            return
        }
        beginIfHeld(at: time)
    }

    private func beginIfHeld(at time: TimeInterval) {
        guard state == .possible, let start = pressStart, time - start >= minimumPressDuration - 1e-9 else { return }
        pressStart = nil
        state = .began
    }

    open override func reset() {
        super.reset()
        pressStart = nil
        tapsDone = 0
        lastLift = nil
    }
}
