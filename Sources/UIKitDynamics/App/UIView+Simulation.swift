import Foundation

// Headless input: touches, gestures and time delivered to a window (or to any view's
// hierarchy) the way UIKit delivers them: hit-testing, the recognisers' state machines,
// target/action, the views' `touchesBegan` family, then a layout and display pass. Tests,
// the lessons' host and the interpreter drive apps with these. Points are in the
// receiver's coordinates; the touches go to the top of its hierarchy (its window).

extension UIView {
    /// The touch delivery of this view's hierarchy (its window's).
    var touchArena: TouchArena {
        let root = rootAncestor
        if let arena = root.storedTouchArena { return arena }
        let arena = TouchArena(root: root)
        root.storedTouchArena = arena
        return arena
    }

    /// The hierarchy's clock in seconds: touches are stamped with it, timers read it.
    public var simulationClock: TimeInterval { touchArena.clock }

    /// Puts a finger down at `point`; returns the touch to move and lift. A non-finite
    /// point delivers nothing (the touch returned is never on the screen).
    @discardableResult
    public func simulateTouchBegan(at point: CGPoint) -> UITouch {
        let p = toRoot(point)
        guard p.x.isFinite, p.y.isFinite else {
            return UITouch(at: .zero, timestamp: simulationClock, tapCount: 1, window: nil)
        }
        defer { rootAncestor.runLoopTurn() }
        return touchArena.begin(at: p)
    }

    /// Moves a finger to `point` (a non-finite point is ignored).
    public func simulateTouchMoved(_ touch: UITouch, to point: CGPoint) {
        touchArena.move(touch, to: toRoot(point))
        rootAncestor.runLoopTurn()
    }

    /// Lifts a finger.
    public func simulateTouchEnded(_ touch: UITouch) {
        touchArena.end(touch)
        rootAncestor.runLoopTurn()
    }

    /// Cancels a touch (as a system alert would).
    public func simulateTouchCancelled(_ touch: UITouch) {
        touchArena.end(touch, cancelled: true)
        rootAncestor.runLoopTurn()
    }

    /// One tap (or `numberOfTaps` quick taps) at `point`: down, up, 0.1 s apart.
    public func simulateTap(at point: CGPoint, numberOfTaps: Int = 1) {
        for i in 0..<max(1, min(numberOfTaps, 10)) {
            if i > 0 { advanceClock(by: 0.1) }
            let touch = simulateTouchBegan(at: point)
            advanceClock(by: 0.05)
            simulateTouchEnded(touch)
        }
    }

    /// A drag from `start` to `end` in `steps` even moves over `duration` seconds, lifted at
    /// the end (a pan, or a swipe when fast).
    public func simulateDrag(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.3, steps: Int = 10) {
        let n = max(1, min(steps, 1000))
        let dt = duration.isFinite && duration > 0 ? duration / Double(n) : 0
        let touch = simulateTouchBegan(at: start)
        for i in 1...n {
            if dt > 0 { advanceClock(by: dt) }
            let f = CGFloat(i) / CGFloat(n)
            simulateTouchMoved(touch, to: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
        }
        simulateTouchEnded(touch)
    }

    /// A quick swipe from `start` to `end` (0.15 s).
    public func simulateSwipe(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.15) {
        simulateDrag(from: start, to: end, duration: duration, steps: 6)
    }

    /// A finger held still at `point` for `duration` seconds, then lifted.
    public func simulateLongPress(at point: CGPoint, duration: TimeInterval = 0.6) {
        let touch = simulateTouchBegan(at: point)
        advanceClock(by: duration)
        simulateTouchEnded(touch)
    }

    /// One step of a drag reported by phase, as a client that applies its own drag slop
    /// sends it: `.began` puts the finger down with the drag already recognised (a pan
    /// begins at once), `.moved` moves it, `.ended`/`.cancelled` lift it. A step without a
    /// drag under way is ignored.
    public func simulateDrag(_ phase: UITouch.Phase, at point: CGPoint) {
        let arena = touchArena
        switch phase {
        case .began:
            guard point.x.isFinite, point.y.isFinite else { return }
            if let old = arena.phasedDrag { simulateTouchCancelled(old) }
            arena.phasedDrag = touchArena.begin(at: toRoot(point), recognisedDrag: true)
            rootAncestor.runLoopTurn()
        case .moved, .stationary:
            guard let touch = arena.phasedDrag else { return }
            simulateTouchMoved(touch, to: point)
        case .ended, .cancelled:
            guard let touch = arena.phasedDrag else { return }
            arena.phasedDrag = nil
            touchArena.move(touch, to: toRoot(point))  // ignored when not finite
            if phase == .ended { simulateTouchEnded(touch) } else { simulateTouchCancelled(touch) }
        }
    }

    /// Advances the hierarchy's clock by `dt` seconds: recogniser timers (a long press, a
    /// multi-tap's interval) in steps of at most 1/60 s, then every dynamic animator whose
    /// reference view is in the hierarchy (its behaviours and view animations), then layout
    /// and display. Non-finite or negative durations are ignored.
    public func advanceClock(by dt: TimeInterval) {
        guard dt.isFinite, dt > 0 else { return }
        let arena = touchArena
        var remaining = min(dt, 3600)
        while remaining > 1e-12 {
            let step = min(remaining, 1.0 / 60.0)
            arena.advanceClock(by: step)
            remaining -= step
        }
        var animators: [UIDynamicAnimator] = []
        rootAncestor.forEachInSubtree { view in
            if let animator = view.dynamicAnimatorClock, !animators.contains(where: { $0 === animator }) {
                animators.append(animator)
            }
        }
        for animator in animators { animator.advance(by: dt) }
        rootAncestor.runLoopTurn()
    }

    /// The end of a run-loop turn: layout, then drawing of views marked for display.
    func runLoopTurn() {
        layoutIfNeeded()
        displayIfNeeded()
    }
}
