import Foundation

// Foundation and Dispatch names that Apple's platforms define and Linux's leave out, which
// UIKit code uses to time things (`DispatchTime.now() + Double(NSEC_PER_SEC) * 0.5`) and to
// write geometry as text (`NSCoder.string(for:)`, NSStringFromCGPoint's format).

public let NSEC_PER_SEC: UInt64 = 1_000_000_000
public let NSEC_PER_MSEC: UInt64 = 1_000_000
public let NSEC_PER_USEC: UInt64 = 1_000
public let USEC_PER_SEC: UInt64 = 1_000_000
public let MSEC_PER_SEC: UInt64 = 1_000

extension NSCoder {
    /// `{x, y}`, as UIKit writes a point.
    public static func string(for point: CGPoint) -> String { "{\(g(point.x)), \(g(point.y))}" }
    /// `{width, height}`.
    public static func string(for size: CGSize) -> String { "{\(g(size.width)), \(g(size.height))}" }
    /// `{{x, y}, {width, height}}`.
    public static func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }
    /// `{dx, dy}`.
    public static func string(for vector: CGVector) -> String { "{\(g(vector.dx)), \(g(vector.dy))}" }
    /// `{horizontal, vertical}`.
    public static func string(for offset: UIOffset) -> String { "{\(g(offset.horizontal)), \(g(offset.vertical))}" }
    /// `[a, b, c, d, tx, ty]`.
    public static func string(for t: CGAffineTransform) -> String {
        "[\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(g).joined(separator: ", "))]"
    }

    /// The point in `{x, y}`; zero where the text is not one, as UIKit.
    public static func cgPoint(for string: String) -> CGPoint {
        let n = numbers(string)
        return n.count >= 2 ? CGPoint(x: n[0], y: n[1]) : .zero
    }

    public static func cgSize(for string: String) -> CGSize {
        let n = numbers(string)
        return n.count >= 2 ? CGSize(width: n[0], height: n[1]) : .zero
    }

    public static func cgRect(for string: String) -> CGRect {
        let n = numbers(string)
        return n.count >= 4 ? CGRect(x: n[0], y: n[1], width: n[2], height: n[3]) : .zero
    }

    public static func cgVector(for string: String) -> CGVector {
        let n = numbers(string)
        return n.count >= 2 ? CGVector(dx: n[0], dy: n[1]) : .zero
    }

    /// A number as `%g` writes it (12, 12.5, 1e+20).
    private static func g(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }

    private static func numbers(_ text: String) -> [CGFloat] {
        text.split(whereSeparator: { "{}[], ".contains($0) }).compactMap { Double($0).map { CGFloat($0) } }
    }
}
