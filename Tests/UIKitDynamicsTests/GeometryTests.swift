import DynamicsTesting
import Testing
import UIKitDynamics

/// The CoreGraphics and UIKit geometry stand-ins.
@Suite struct GeometryTests {
    @Test func rotationAngleOfATransformIsAtan2OfBAndA() {
        let t = CGAffineTransform(rotationAngle: 0.7)
        #expect(abs(atan2(t.b, t.a) - 0.7) < 1e-12)
        let turned = CGAffineTransform.identity.rotated(by: 0.2).rotated(by: 0.3)
        #expect(abs(atan2(turned.b, turned.a) - 0.5) < 1e-12)
        #expect(CGAffineTransform.identity.isIdentity)
    }

    @Test func transformsComposeAndInvert() {
        let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(t)
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 1) < 1e-12)
        let back = p.applying(t.inverted())
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y) < 1e-12)
        let scaled = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 1, y: 1))
        #expect(CGPoint(x: 1, y: 1).applying(scaled) == CGPoint(x: 3, y: 4))
    }

    @Test func offsetsInsetsAndRanges() {
        #expect(UIOffset.zero == UIOffset(horizontal: 0, vertical: 0))
        let r = CGRect(x: 0, y: 0, width: 375, height: 667).inset(by: UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
        #expect(r == CGRect(x: 20, y: 10, width: 315, height: 627))
        #expect(UIFloatRange.infinite.isInfinite && !UIFloatRange.zero.isInfinite)
        #expect(UIFloatRange(minimum: -1, maximum: 1) != .zero)
        #expect(CGVector(dx: 0, dy: 0.1).dy == 0.1)
    }

    @Test func rectanglePathIsClosedAndBoundsItsCorners() {
        let path = UIBezierPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(path.bounds == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(path.isClosed)
        let subpaths = path.flattenedSubpaths()
        #expect(subpaths.count == 1 && subpaths[0].points.count == 4)
    }

    @Test func curvesAreFlattenedIntoPiecesOfAboutTenPoints() {
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 200, height: 200))
        let points = oval.flattenedPoints()
        // A circumference of 628 points: around 63 pieces.
        #expect(points.count > 55 && points.count < 80)
        for p in points { #expect(abs(distance(p, CGPoint(x: 100, y: 100)) - 100) < 0.2) }
        let arc = UIBezierPath(arcCenter: .zero, radius: 50, startAngle: 0, endAngle: .pi, clockwise: true)
        let last = arc.flattenedPoints().last!
        #expect(abs(last.x + 50) < 1e-9 && abs(last.y) < 1e-9)
        #expect(arc.flattenedPoints().allSatisfy { $0.y >= -1e-9 })  // clockwise on screen: through +y
        #expect(!arc.isClosed)
    }

    @Test func roundedRectanglePathStaysInsideItsRectangle() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10)
        #expect(path.isClosed)
        for p in path.flattenedPoints() {
            #expect(p.x >= -1e-9 && p.x <= 100 + 1e-9 && p.y >= -1e-9 && p.y <= 60 + 1e-9)
        }
    }

    @Test func colours() {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor.orange.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r == 1 && g == 0.5 && b == 0 && a == 1)
        #expect(UIColor(white: 1, alpha: 1) == .white)
        #expect(UIColor.clear.withAlphaComponent(1) == .black)
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
    }
}
