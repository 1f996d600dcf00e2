import Foundation

/// Touch delivery for one window (or one root view outside a window), as UIKit's
/// `UIApplication.sendEvent` and `UIWindow.sendEvent` do it: a new touch is hit-tested to a
/// view and given the recognisers of that view and its ancestors; each event goes to those
/// recognisers first, then to the view (unless a recogniser that recognised cancelled the
/// view's touches). The arena also arbitrates: exclusivity, `require(toFail:)`, the
/// delegate's answers, and resets finished recognisers once their touches are gone.
final class TouchArena {
    unowned let root: UIView
    /// The clock of the window, seconds; touches and timers read it.
    var clock: TimeInterval = 0
    /// Touches on the screen now.
    private(set) var activeTouches: [UITouch] = []
    /// Recognisers that took touches and have not been reset yet (a waiting double tap too).
    private var participants: [UIGestureRecognizer] = []
    /// Recognisers that recognised during the event being delivered.
    private var recognisedNow: [UIGestureRecognizer] = []
    /// Touches whose views had their touches cancelled (or never saw them).
    private var viewCancelled: Set<ObjectIdentifier> = []
    private var viewBegan: Set<ObjectIdentifier> = []
    /// The touch of a drag delivered by phase (`simulateDrag(_:at:)`).
    var phasedDrag: UITouch?
    /// The last tap, to count taps in quick succession (UITouch.tapCount).
    private var lastTap: (time: TimeInterval, location: CGPoint, count: Int)?

    /// UIKit's interval between taps of one multi-tap, and how far apart they may be.
    static let multiTapInterval: TimeInterval = 0.35
    static let multiTapDistance: CGFloat = 45

    init(root: UIView) {
        self.root = root
    }

    // MARK: Events

    /// A new finger at `point` (window coordinates).
    func begin(at point: CGPoint, recognisedDrag: Bool = false) -> UITouch {
        var count = 1
        if let last = lastTap, clock - last.time <= Self.multiTapInterval,
            hypot(point.x - last.location.x, point.y - last.location.y) <= Self.multiTapDistance
        {
            count = last.count + 1
        }
        let touch = UITouch(at: point, timestamp: clock, tapCount: count, window: root as? UIWindow)
        touch.isRecognisedDrag = recognisedDrag
        let hit = root.hitTest(point, with: nil)
        touch.view = hit
        touch.gestureRecognizers = recognizers(for: touch, hit: hit)
        for recognizer in touch.gestureRecognizers ?? [] {
            if !participants.contains(where: { $0 === recognizer }) { participants.append(recognizer) }
            recognizer.arena = self
            recognizer.trackedTouches.append(touch)
        }
        activeTouches.append(touch)
        deliver(.began, [touch])
        return touch
    }

    func move(_ touch: UITouch, to point: CGPoint) {
        guard activeTouches.contains(where: { $0 === touch }), point.x.isFinite, point.y.isFinite else { return }
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = point
        touch.timestamp = clock
        touch.phase = .moved
        deliver(.moved, [touch])
    }

    func end(_ touch: UITouch, cancelled: Bool = false) {
        guard activeTouches.contains(where: { $0 === touch }) else { return }
        touch.previousWindowLocation = touch.windowLocation
        touch.timestamp = clock
        touch.phase = cancelled ? .cancelled : .ended
        if !cancelled {
            lastTap = (clock, touch.windowLocation, touch.tapCount)
        }
        deliver(cancelled ? .cancelled : .ended, [touch])
    }

    /// The recognisers a new touch goes to: those of the hit view and its ancestors, enabled
    /// and willing. A single tap on an ancestor does not take a control's tap (UIKit lets
    /// buttons win over their superviews' taps).
    private func recognizers(for touch: UITouch, hit: UIView?) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        var view = hit
        while let current = view {
            for recognizer in current.gestureRecognizers ?? [] where recognizer.isEnabled {
                if let tap = recognizer as? UITapGestureRecognizer, hit is UIControl, current !== hit,
                    tap.numberOfTapsRequired == 1
                {
                    continue
                }
                if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
                    continue
                }
                // A recogniser that already finished this sequence takes no new touches.
                if recognizer.state != .possible && recognizer.state != .began && recognizer.state != .changed {
                    continue
                }
                result.append(recognizer)
            }
            view = current.superview
        }
        return result
    }

    private func deliver(_ phase: UITouch.Phase, _ touches: [UITouch]) {
        let event = UIEvent(timestamp: clock, touches: Set(activeTouches))
        recognisedNow.removeAll()
        // Recognisers first, each with its touches among these.
        let involved = participants.filter { recognizer in
            touches.contains { touch in touch.gestureRecognizers?.contains { $0 === recognizer } ?? false }
        }
        for recognizer in involved where recognizer.isEnabled && recognizer.state.isLive {
            let mine = Set(touches.filter { touch in touch.gestureRecognizers?.contains { $0 === recognizer } ?? false })
            switch phase {
            case .began: recognizer.touchesBegan(mine, with: event)
            case .moved, .stationary: recognizer.touchesMoved(mine, with: event)
            case .ended: recognizer.touchesEnded(mine, with: event)
            case .cancelled: recognizer.touchesCancelled(mine, with: event)
            }
        }
        cancelViewTouches(event)
        // Then the views, for touches no recogniser took from them.
        for touch in touches where !viewCancelled.contains(ObjectIdentifier(touch)) {
            guard let view = touch.view else { continue }
            switch phase {
            case .began:
                viewBegan.insert(ObjectIdentifier(touch))
                view.touchesBegan([touch], with: event)
            case .moved, .stationary: view.touchesMoved([touch], with: event)
            case .ended: view.touchesEnded([touch], with: event)
            case .cancelled: view.touchesCancelled([touch], with: event)
            }
        }
        // Touches that ended leave the screen; recognisers that finished are reset.
        if phase == .ended || phase == .cancelled {
            for touch in touches {
                activeTouches.removeAll { $0 === touch }
                viewCancelled.remove(ObjectIdentifier(touch))
                viewBegan.remove(ObjectIdentifier(touch))
                for recognizer in touch.gestureRecognizers ?? [] {
                    recognizer.lastLocation = recognizer.centroid()
                    recognizer.trackedTouches.removeAll { $0 === touch }
                }
            }
        }
        resetFinished()
    }

    /// A recogniser that recognised with `cancelsTouchesInView` takes its touches from
    /// their views: a view that saw them begin gets `touchesCancelled`.
    private func cancelViewTouches(_ event: UIEvent) {
        for recognizer in recognisedNow where recognizer.cancelsTouchesInView {
            for touch in recognizer.trackedTouches where !viewCancelled.contains(ObjectIdentifier(touch)) {
                viewCancelled.insert(ObjectIdentifier(touch))
                if viewBegan.contains(ObjectIdentifier(touch)), let view = touch.view {
                    view.touchesCancelled([touch], with: event)
                }
            }
        }
        recognisedNow.removeAll()
    }

    /// Resets recognisers that ended, failed or were cancelled and follow no touch now.
    private func resetFinished() {
        for recognizer in participants where !recognizer.state.isLive || (recognizer.state == .possible
            && recognizer.trackedTouches.isEmpty && recognizer.pendingState == nil && !recognizer.isWaiting)
        {
            guard recognizer.trackedTouches.isEmpty else { continue }
            participants.removeAll { $0 === recognizer }
            recognizer.finishAndReset()
            recognizer.arena = nil
        }
    }

    // MARK: The clock

    func advanceClock(by dt: TimeInterval) {
        clock += dt
        for recognizer in participants where recognizer.isEnabled {
            recognizer.clockDidAdvance(to: clock)
        }
        cancelViewTouches(UIEvent(timestamp: clock, touches: Set(activeTouches)))
        resetFinished()
    }

    // MARK: Arbitration

    /// A recogniser asks to change its state; the arena grants, holds back or refuses it.
    func recognizer(_ recognizer: UIGestureRecognizer, requests newState: UIGestureRecognizer.State) {
        let current = recognizer.state
        guard current == .possible, newState == .began || newState == .ended else {
            if current == .possible, recognizer.pendingState != nil {
                // Waiting on a requirement: keep the wish (a begun gesture stays begun).
                if newState == .failed || newState == .cancelled {
                    recognizer.pendingState = nil
                    fail(recognizer)
                } else if newState != .possible, recognizer.pendingState != .began {
                    recognizer.pendingState = newState
                }
                return
            }
            recognizer.apply(newState)
            if newState == .failed { releaseWaiting() }
            return
        }
        if !shouldBegin(recognizer) {
            fail(recognizer)
            return
        }
        if isPrevented(recognizer) {
            fail(recognizer)
            return
        }
        switch requirementStatus(of: recognizer) {
        case .waiting:
            recognizer.pendingState = newState
        case .recognised:
            fail(recognizer)
        case .failed:
            grant(recognizer, newState)
        }
    }

    private func shouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) { return false }
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) { return false }
        return true
    }

    private func canRecognizeTogether(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    /// Another recogniser already owns the touches (began and not done).
    private func isPrevented(_ recognizer: UIGestureRecognizer) -> Bool {
        participants.contains { other in
            other !== recognizer && (other.state == .began || other.state == .changed)
                && other.canPrevent(recognizer) && recognizer.canBePrevented(by: other)
                && !canRecognizeTogether(recognizer, other)
        }
    }

    private enum RequirementStatus { case waiting, recognised, failed }

    private func requirements(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result = recognizer.failureRequirements.compactMap(\.value)
        for other in participants where other !== recognizer && !result.contains(where: { $0 === other }) {
            let asked = recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) ?? false
            let told = other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) ?? false
            if asked || told || recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) {
                result.append(other)
            }
        }
        return result
    }

    private func requirementStatus(of recognizer: UIGestureRecognizer) -> RequirementStatus {
        var waiting = false
        for other in requirements(of: recognizer) {
            // A recogniser that takes no part in this gesture counts as failed.
            guard participants.contains(where: { $0 === other }) else { continue }
            switch other.state {
            case .began, .changed, .ended: return .recognised
            case .possible: waiting = true
            case .failed, .cancelled: break
            }
        }
        return waiting ? .waiting : .failed
    }

    private func grant(_ recognizer: UIGestureRecognizer, _ state: UIGestureRecognizer.State) {
        recognizer.pendingState = nil
        // The others on these touches fail, unless they may recognise together.
        for other in participants where other !== recognizer && other.state == .possible {
            guard recognizer.canPrevent(other), other.canBePrevented(by: recognizer),
                !canRecognizeTogether(recognizer, other)
            else { continue }
            // One waiting for this one to fail now fails too; one that this one waits for
            // cannot be here (it would have held this one back).
            other.pendingState = nil
            other.apply(.failed)
        }
        recognisedNow.append(recognizer)
        recognizer.apply(state)
        releaseWaiting()
    }

    private func fail(_ recognizer: UIGestureRecognizer) {
        recognizer.pendingState = nil
        recognizer.apply(.failed)
        releaseWaiting()
    }

    /// Recognisers held back by `require(toFail:)` go ahead when their requirements failed,
    /// and fail when one recognised.
    private func releaseWaiting() {
        for recognizer in participants where recognizer.state == .possible {
            guard let pending = recognizer.pendingState else { continue }
            switch requirementStatus(of: recognizer) {
            case .waiting: continue
            case .recognised: fail(recognizer)
            case .failed:
                if isPrevented(recognizer) { fail(recognizer) } else { grant(recognizer, pending) }
            }
        }
    }
}

extension UIGestureRecognizer.State {
    /// Still taking touches: possible, began or changed.
    var isLive: Bool { self == .possible || self == .began || self == .changed }
}
