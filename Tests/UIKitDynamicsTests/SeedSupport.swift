import UIKitDynamics

// Headless stand-ins for what the tutorials' view controllers get from UIKit: a root view
// the size of the tutorials' phone, and gestures delivered as values.

/// The base of the seeds' view controllers: `view` is the reference view.
class SeedViewController {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    init() {}
    func viewDidLoad() {}
}

enum GestureState { case began, changed, ended }

/// A tap or pan delivered to a tutorial's handler: `point` is in the root view's coordinates.
struct Gesture {
    var state: GestureState = .ended
    var point: CGPoint
    var start: CGPoint?

    /// The point in `view`'s own coordinates (undoing each ancestor's centre and rotation).
    func location(in view: UIView?) -> CGPoint {
        guard let view else { return point }
        var chain: [UIView] = []
        var v: UIView? = view
        while let current = v, current.superview != nil {
            chain.append(current)
            v = current.superview
        }
        var p = point
        for view in chain.reversed() {
            let dx = p.x - view.center.x, dy = p.y - view.center.y
            let t = view.transform
            let det = t.a * t.d - t.b * t.c
            p = CGPoint(
                x: (t.d * dx - t.c * dy) / det + view.bounds.midX, y: (-t.b * dx + t.a * dy) / det + view.bounds.midY)
        }
        return p
    }

    /// The drag since it began.
    func translation(in view: UIView?) -> CGPoint {
        let s = start ?? point
        return CGPoint(x: point.x - s.x, y: point.y - s.y)
    }
}
