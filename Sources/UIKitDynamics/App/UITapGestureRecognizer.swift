import Foundation

/// A discrete tap: `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers, each
/// lifted within UIKit's interval of the next, without moving far. Recognised (`.ended`)
/// when the last tap lifts; fails when a finger moves more than 10 points, when too many
/// fingers come down, or when the next tap is late.
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1

    /// How far a finger may move before the tap fails (points).
    static let allowableMovement: CGFloat = 10

    private var tapsDone = 0
    private var lastLiftTime: TimeInterval?
    private var touchStarts: [ObjectIdentifier: CGPoint] = [:]
    private var fingersDown = 0
    private var maxFingersThisTap = 0

    override var isWaiting: Bool { state == .possible && tapsDone > 0 }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if let lift = lastLiftTime, now - lift > TouchArena.multiTapInterval {
            state = .failed
            return
        }
        for touch in touches { touchStarts[ObjectIdentifier(touch)] = touch.windowLocation }
        fingersDown += touches.count
        maxFingersThisTap = max(maxFingersThisTap, fingersDown)
        if fingersDown > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let start = touchStarts[ObjectIdentifier(touch)] else { continue }
            let p = touch.windowLocation
            if hypot(p.x - start.x, p.y - start.y) > Self.allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        fingersDown -= touches.count
        guard fingersDown <= 0 else { return }
        fingersDown = 0
        guard maxFingersThisTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        maxFingersThisTap = 0
        touchStarts.removeAll()
        tapsDone += 1
        lastLiftTime = now
        if tapsDone >= numberOfTapsRequired {
            // Where the taps were: the last tap's place.
            lastLocation = centroid()
            state = .recognized
        }
    }

    override func clockDidAdvance(to time: TimeInterval) {
        // The next tap of a multi-tap did not come in time.
        if state == .possible, tapsDone > 0, fingersDown == 0, let lift = lastLiftTime,
            time - lift > TouchArena.multiTapInterval
        {
            state = .failed
        }
    }

    open override func reset() {
        super.reset()
        tapsDone = 0
        lastLiftTime = nil
        touchStarts.removeAll()
        fingersDown = 0
        maxFingersThisTap = 0
    }
}
