import Foundation

/// A continuous drag: begins once a finger has moved 10 points from where it came down,
/// then reports `.changed` on every move and `.ended` when the fingers lift. The
/// translation is measured from where the finger came down (so it is already about 10
/// points at `.began`, as on iOS); `setTranslation(_:in:)` moves that origin.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

    /// UIKit's drag threshold (points).
    static let hysteresis: CGFloat = 10

    /// The centroid where the translation is measured from (window coordinates).
    private var origin: CGPoint?
    /// Recent samples of the centroid, for the velocity.
    private var samples: [(time: TimeInterval, point: CGPoint)] = []
    private var lastVelocity: CGPoint = .zero

    /// The translation since the gesture began (moved by `setTranslation`), in `view`'s
    /// coordinate system (window coordinates for nil).
    open func translation(in view: UIView?) -> CGPoint {
        guard let origin else { return .zero }
        let now = centroid()
        return Self.vector(CGPoint(x: now.x - origin.x, y: now.y - origin.y), into: view)
    }

    /// Makes `translation(in: view)` read `translation` now.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard translation.x.isFinite, translation.y.isFinite else { return }
        let now = centroid()
        // The translation in window coordinates that reads `translation` in `view`.
        let unit = Self.vector(CGPoint(x: 1, y: 0), into: view)
        let unitY = Self.vector(CGPoint(x: 0, y: 1), into: view)
        let det = unit.x * unitY.y - unitY.x * unit.y
        var t = translation
        if det != 0 {
            t = CGPoint(
                x: (unitY.y * translation.x - unitY.x * translation.y) / det,
                y: (-unit.y * translation.x + unit.x * translation.y) / det)
        }
        origin = CGPoint(x: now.x - t.x, y: now.y - t.y)
    }

    /// The drag's velocity in points per second, in `view`'s coordinate system: from the
    /// moves of the last 0.1 s (at `.ended`, the velocity of the fling).
    open func velocity(in view: UIView?) -> CGPoint {
        Self.vector(lastVelocity, into: view)
    }

    /// A window-coordinates vector in `view`'s coordinate system (rotation and scale).
    static func vector(_ v: CGPoint, into view: UIView?) -> CGPoint {
        guard let view else { return v }
        let a = view.convert(CGPoint.zero, from: nil)
        let b = view.convert(v, from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if trackedTouches.count > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            return
        }
        if state == .possible {
            origin = centroid()
            samples = [(now, centroid())]
            // A drag delivered after the client's own slop has already begun.
            if touches.contains(where: \.isRecognisedDrag), trackedTouches.count >= minimumNumberOfTouches {
                state = .began
            }
        } else if let origin {
            // Another finger: the centroid jumps, the translation must not.
            self.origin = origin
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let point = centroid()
        samples.append((now, point))
        while samples.count > 2, now - samples[0].time > 0.1 { samples.removeFirst() }
        if let first = samples.first, now > first.time {
            let dt = now - first.time
            lastVelocity = CGPoint(x: (point.x - first.point.x) / dt, y: (point.y - first.point.y) / dt)
        }
        switch state {
        case .possible:
            guard let origin, trackedTouches.count >= minimumNumberOfTouches else { return }
            if hypot(point.x - origin.x, point.y - origin.y) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = trackedTouches.filter { !touches.contains($0) }
        switch state {
        case .began, .changed:
            if remaining.count < minimumNumberOfTouches { state = .ended }
        case .possible:
            if remaining.isEmpty { state = .failed }
        default:
            break
        }
    }

    open override func reset() {
        super.reset()
        origin = nil
        samples.removeAll()
        lastVelocity = .zero
    }
}
