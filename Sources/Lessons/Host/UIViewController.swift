import Foundation
import UIKitDynamics

/// The headless view controller a lesson's code lives in, as in the tutorials: its `view`
/// is the room's reference view, and `viewDidLoad()` builds the scene.
open class UIViewController {
    /// The root view, sized to the room's reference bounds.
    public let view: UIView

    public init(bounds: CGSize) {
        view = UIView(frame: CGRect(origin: .zero, size: bounds))
        view.backgroundColor = .white
    }

    /// Builds the scene. Subclasses call `super.viewDidLoad()` first, as in UIKit.
    open func viewDidLoad() {}
}

/// A gesture delivered to a lesson, with the same reading methods as UIKit's recognisers
/// (a room turns each protocol message into one of these).
open class UIGestureRecognizer {
    /// UIKit's recogniser states, as far as a delivered gesture needs them.
    public enum State: Sendable {
        case possible, began, changed, ended, cancelled, failed
    }

    public let state: State
    let point: CGPoint
    let translation: CGPoint

    public init(state: State, point: CGPoint, translation: CGPoint = .zero) {
        self.state = state
        self.point = point
        self.translation = translation
    }

    /// The touch point in `view`'s coordinates.
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return point }
        return view.convertFromRoot(point)
    }
}

/// A tap at a point.
public final class UITapGestureRecognizer: UIGestureRecognizer {}

/// One step of a drag, with its translation since it began.
public final class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The drag's translation since `.began`, in `view`'s coordinates (points).
    public func translation(in view: UIView?) -> CGPoint { translation }
}

extension UIView {
    /// A point of the root (reference) view expressed in this view's own coordinates:
    /// undoes each ancestor's centre and rotation on the way down.
    func convertFromRoot(_ point: CGPoint) -> CGPoint {
        var chain: [UIView] = []
        var v: UIView? = self
        while let current = v, current.superview != nil {
            chain.append(current)
            v = current.superview
        }
        var p = point
        for view in chain.reversed() {
            // Into the view's frame: relative to its centre, unrotated, then from its bounds origin.
            let dx = p.x - view.center.x
            let dy = p.y - view.center.y
            let t = view.transform
            let det = t.a * t.d - t.b * t.c
            let ix = det != 0 ? (t.d * dx - t.c * dy) / det : dx
            let iy = det != 0 ? (-t.b * dx + t.a * dy) / det : dy
            p = CGPoint(x: ix + view.bounds.midX, y: iy + view.bounds.midY)
        }
        return p
    }
}
