import DynamicsTesting
import Testing
import UIKitDynamics

/// Layers as decoration: `CAShapeLayer` keeps its properties, `addSublayer(_:)` keeps layers in
/// order, `UIBezierPath.cgPath` copies the path.
@Suite struct ShapeLayerTests {
    @Test func shapeLayerKeepsWhatItIsGivenWithUIKitsDefaults() {
        let line = CAShapeLayer()
        #expect(line.path == nil && line.strokeColor == nil && line.lineWidth == 1)
        #expect(line.fillColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(line.lineJoin == .miter && line.lineCap == .butt && line.strokeStart == 0 && line.strokeEnd == 1)
        line.fillColor = UIColor.clear.cgColor
        line.lineJoin = CAShapeLayerLineJoin.round
        line.lineWidth = 2
        line.strokeColor = UIColor.red.cgColor
        #expect(line.fillColor == UIColor.clear.cgColor && line.strokeColor == UIColor.red.cgColor)
        #expect(line.lineJoin.rawValue == "round" && line.lineWidth == 2)
    }

    @Test func addingASublayerTwiceKeepsItOnceAtTheFront() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let line = CAShapeLayer(), other = CALayer()
        #expect(view.layer.sublayers == nil)
        view.layer.addSublayer(line)
        view.layer.addSublayer(other)
        view.layer.addSublayer(line)
        #expect(view.layer.sublayers?.count == 2)
        #expect(view.layer.sublayers?.last === line && line.superlayer === view.layer)
        line.removeFromSuperlayer()
        #expect(view.layer.sublayers?.count == 1 && line.superlayer == nil)
        line.removeFromSuperlayer()  // no superlayer: nothing happens
        view.layer.insertSublayer(line, at: 0)
        #expect(view.layer.sublayers?.first === line)
    }

    @Test func cgPathIsACopyOfThePath() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 10, y: 20))
        path.addLine(to: CGPoint(x: 110, y: 70))
        let copy = path.cgPath
        #expect(copy.boundingBox == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(copy.currentPoint == CGPoint(x: 110, y: 70) && !copy.isEmpty)
        path.addLine(to: CGPoint(x: 200, y: 200))
        #expect(copy.boundingBox.maxX == 110)  // unchanged by later changes
        let again = UIBezierPath(cgPath: copy)
        #expect(again.bounds == copy.boundingBox && again.currentPoint == copy.currentPoint)
        again.addLine(to: CGPoint(x: 0, y: 0))  // continues the copied subpath
        #expect(again.bounds == CGRect(x: 0, y: 0, width: 110, height: 70))
        #expect(UIBezierPath().cgPath.isEmpty)
    }

    @Test func aLayerNeverBecomesAnItem() {
        let (view, animator) = makeRoom()
        let line = CAShapeLayer()
        line.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50)).cgPath
        view.layer.addSublayer(line)
        let box = makeSquare(in: view, center: CGPoint(x: 100, y: 100))
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.run(seconds: 0.5)
        #expect(box.center.y > 100 && view.subviews.count == 1)
    }
}
