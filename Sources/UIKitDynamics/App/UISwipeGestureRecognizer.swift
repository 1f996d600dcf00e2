import Foundation

/// A discrete swipe: recognised once the fingers have moved 50 points in one of the allowed
/// `direction`s (within about 27° of it) in at most half a second. A swipe too slow, too
/// crooked or the wrong way fails. Its location is where the swipe began.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions a swipe may go.
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The allowed directions (UIKit's default: right).
    open var direction: Direction = .right
    open var numberOfTouchesRequired = 1

    static let minimumDistance: CGFloat = 50
    static let maximumDuration: TimeInterval = 0.5

    private var start: CGPoint?
    private var startTime: TimeInterval = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if trackedTouches.count > numberOfTouchesRequired {
            state = .failed
        } else if trackedTouches.count == numberOfTouchesRequired {
            start = centroid()
            startTime = now
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let start else { return }
        let p = centroid()
        let dx = p.x - start.x, dy = p.y - start.y
        if now - startTime > Self.maximumDuration {
            state = .failed
            return
        }
        let distance = hypot(dx, dy)
        guard distance >= Self.minimumDistance else { return }
        let moved: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        let along = max(abs(dx), abs(dy)), across = min(abs(dx), abs(dy))
        if direction.contains(moved), across <= along / 2 {
            lastLocation = start
            state = .recognized
        } else {
            state = .failed
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    override func clockDidAdvance(to time: TimeInterval) {
        if state == .possible, start != nil, time - startTime > Self.maximumDuration { state = .failed }
    }

    /// Where the swipe began (UIKit reports the start of the swipe).
    open override func location(in view: UIView?) -> CGPoint {
        guard let start else { return super.location(in: view) }
        guard let view else { return start }
        return view.convert(start, from: nil)
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
