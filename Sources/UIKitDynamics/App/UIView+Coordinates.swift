import Foundation

// Coordinate conversion between a view and its root (the window), for `convert(_:to:)`,
// touches and recognisers.

extension UIView {
    static func box(_ points: [CGPoint]) -> CGRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// A point of this view in the root's coordinates: through each view's bounds centre,
    /// transform and centre on the way up.
    func toRoot(_ point: CGPoint) -> CGPoint {
        var p = point
        var v = self
        while let parent = v.superview {
            let dx = p.x - v.bounds.midX, dy = p.y - v.bounds.midY
            let t = v.transform
            p = CGPoint(x: v.center.x + t.a * dx + t.c * dy + t.tx, y: v.center.y + t.b * dx + t.d * dy + t.ty)
            v = parent
        }
        return p
    }

    /// A point of the root's coordinates in this view's: undoes each ancestor's centre and
    /// transform on the way down.
    func fromRoot(_ point: CGPoint) -> CGPoint {
        var chain: [UIView] = []
        var v: UIView = self
        while let parent = v.superview {
            chain.append(v)
            v = parent
        }
        var p = point
        for view in chain.reversed() {
            let t = view.transform
            let dx = p.x - view.center.x - t.tx, dy = p.y - view.center.y - t.ty
            let det = t.a * t.d - t.b * t.c
            let ix = det != 0 ? (t.d * dx - t.c * dy) / det : dx
            let iy = det != 0 ? (-t.b * dx + t.a * dy) / det : dy
            p = CGPoint(x: ix + view.bounds.midX, y: iy + view.bounds.midY)
        }
        return p
    }
}
