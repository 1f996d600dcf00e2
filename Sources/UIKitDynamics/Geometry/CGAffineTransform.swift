import Foundation

/// An affine transform, as in CoreGraphics: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty). A rotation by θ is (cos θ, sin θ, −sin θ, cos θ, 0, 0);
/// in UIKit's y-down frame a positive θ turns clockwise on screen.
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    /// The identity transform.
    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// A rotation by `angle` radians (positive: clockwise on a y-down screen).
    public init(rotationAngle angle: CGFloat) {
        let cosine = cos(angle)
        let sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public static let identity = CGAffineTransform()

    public var isIdentity: Bool { self == .identity }

    /// `t` applied after this transform (CoreGraphics' `concatenating`).
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// This transform preceded by a rotation by `angle` radians.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// This transform preceded by a scale.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// This transform preceded by a translation.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// The inverse, or this transform unchanged when it is not invertible (as CoreGraphics).
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return CGAffineTransform(
            a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }

    var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

extension CGPoint {
    /// The point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by `t`'s linear part (CoreGraphics: translation ignored).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle holding this one's four corners mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let corners = [
            CGPoint(x: minX, y: minY).applying(t), CGPoint(x: maxX, y: minY).applying(t),
            CGPoint(x: maxX, y: maxY).applying(t), CGPoint(x: minX, y: maxY).applying(t),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return CGRect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// This rectangle shrunk by `insets` (negative insets grow it), as UIKit's `inset(by:)`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let r = standardized
        return CGRect(
            x: r.minX + insets.left, y: r.minY + insets.top,
            width: r.width - insets.left - insets.right, height: r.height - insets.top - insets.bottom)
    }
}
