import Foundation

/// An area in which a field behaviour acts, in points, centred on the field's `position`:
/// a circle (`init(radius:)`), a rectangle (`init(size:)`), everything (`infinite`), and
/// what set operations make of those.
///
/// A region is immutable; the operations return new regions. `contains(_:)` takes a point
/// relative to the region's centre (for a field: the item's centre minus the field's
/// `position`). A circle contains its edge (x² + y² ≤ r²); a rectangle does not
/// (|x| < w/2 and |y| < h/2). Non-finite or negative radii and sizes make an empty region
/// (a radius of +∞ is the whole plane); a non-finite point is in no region, not even the
/// infinite one.
open class UIRegion: NSObject, NSCopying {
    /// The region as a tree of shapes and set operations. Evaluated without allocating.
    indirect enum Shape: Sendable {
        case everything
        case nothing
        /// A disc of this squared radius (points²), centred on the origin.
        case disc(radiusSquared: Double)
        /// A rectangle of these half sizes (points), centred on the origin.
        case rectangle(halfWidth: Double, halfHeight: Double)
        case inverse(Shape)
        case union(Shape, Shape)
        case intersection(Shape, Shape)
        /// The first minus the second.
        case difference(Shape, Shape)

        func contains(_ x: Double, _ y: Double) -> Bool {
            switch self {
            case .everything: return true
            case .nothing: return false
            case .disc(let r2): return x * x + y * y <= r2
            case .rectangle(let hw, let hh): return abs(x) < hw && abs(y) < hh
            case .inverse(let a): return !a.contains(x, y)
            case .union(let a, let b): return a.contains(x, y) || b.contains(x, y)
            case .intersection(let a, let b): return a.contains(x, y) && b.contains(x, y)
            case .difference(let a, let b): return a.contains(x, y) && !b.contains(x, y)
            }
        }
    }

    private(set) var shape: Shape

    /// The region holding every point (a field's default).
    public static var infinite: UIRegion { UIRegion(shape: .everything) }

    /// A circle of `radius` points about the centre, edge included.
    public required init(radius: CGFloat) {
        if radius == .infinity {
            shape = .everything
        } else if radius.isFinite, radius >= 0 {
            shape = .disc(radiusSquared: Double(radius) * Double(radius))
        } else {
            shape = .nothing
        }
        super.init()
    }

    /// A `size.width` × `size.height`-point rectangle centred on the centre, edges excluded.
    public init(size: CGSize) {
        let w = size.width, h = size.height
        if w.isNaN || h.isNaN || w < 0 || h < 0 {
            shape = .nothing
        } else {
            shape = .rectangle(halfWidth: Double(w) / 2, halfHeight: Double(h) / 2)
        }
        super.init()
    }

    init(shape: Shape) {
        self.shape = shape
        super.init()
    }

    /// A region of this class with `shape` (so the operations return `Self`).
    private func make(_ shape: Shape) -> Self {
        let region = Self(radius: 0)
        region.shape = shape
        return region
    }

    /// Every point not in this region.
    open func inverse() -> Self { make(.inverse(shape)) }

    /// The points in this region or in `region`.
    open func union(with region: UIRegion) -> Self { make(.union(shape, region.shape)) }

    /// The points in this region that are not in `region`.
    open func difference(from region: UIRegion) -> Self { make(.difference(shape, region.shape)) }

    /// The points in both regions.
    open func intersection(with region: UIRegion) -> Self { make(.intersection(shape, region.shape)) }

    /// Whether `point` (relative to the region's centre, points) is in the region.
    open func contains(_ point: CGPoint) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        return shape.contains(Double(point.x), Double(point.y))
    }

    /// Regions are immutable: a copy is the region itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
