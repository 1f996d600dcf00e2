import Foundation
import Lessons
import LiveSwift
import Testing

/// Extensions of the API's types with instance members (computed properties, methods,
/// mutating methods, initialisers), as the tutorials write them, and of the source's own types.
@Suite struct ExtensionTests {
    @Test func aComputedPropertyOnCGRectPlacesAView() throws {
        let before = """
            extension CGRect {
                var center: CGPoint { CGPoint(x: midX, y: midY) }
                func scaled(by factor: CGFloat) -> CGRect {
                    let w = width * factor, h = height * factor
                    return CGRect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
                }
            }
            extension CGPoint {
                func distance(to other: CGPoint) -> CGFloat { hypot(x - other.x, y - other.y) }
                mutating func nudge(by d: CGFloat) {
                    x += d
                    self.y += d
                }
            }
            """
        let body = """
            let square = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            square.center = CGRect(x: 100, y: 200, width: 60, height: 80).center
            view.addSubview(square)
            let big = CGRect(x: 0, y: 0, width: 100, height: 50).scaled(by: 2)
            var p = CGPoint(x: 3, y: 0)
            p.nudge(by: 1)
            label.text = "\\(big.minX) \\(big.width) \\(p.x) \\(p.y) \\(CGPoint.zero.distance(to: CGPoint(x: 3, y: 4)))"
            """
        let lesson = try lessonRunning("", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "-50.0 200.0 4.0 1.0 5.0", "\(String(describing: lesson.items.first?.text))")
        #expect(lesson.items.last?.center == CGPoint(x: 130, y: 240))
    }

    @Test func aViewsExtensionAndAColoursInitialiser() throws {
        let before = """
            extension UIColor {
                convenience init(hex: Int, alpha: CGFloat = 1) {
                    self.init(red: CGFloat((hex >> 16) & 0xFF) / 255, green: CGFloat((hex >> 8) & 0xFF) / 255,
                              blue: CGFloat(hex & 0xFF) / 255, alpha: alpha)
                }
            }
            extension UIView {
                var left: CGFloat {
                    get { frame.minX }
                    set { frame.origin.x = newValue }
                }
                func roundCorners() {
                    layer.cornerRadius = bounds.width / 2
                    backgroundColor = UIColor(hex: 0xFF0000)
                }
                func dropped(by dy: CGFloat) -> CGPoint { CGPoint(x: center.x, y: center.y + dy) }
            }
            """
        let body = """
            let ball = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
            let red = UIView(frame: CGRect(x: 10, y: 100, width: 40, height: 40))
            red.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            view.addSubview(ball)
            view.addSubview(red)
            ball.roundCorners()
            ball.left = 50
            ball.left += 10
            label.text = "\\(ball.layer.cornerRadius) \\(ball.left) \\(ball.dropped(by: 5).y) \\(self.view.left)"
            """
        let lesson = try lessonRunning("", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "20.0 60.0 35.0 0.0", "\(String(describing: lesson.items.first?.text))")
        let ball = try #require(lesson.items.dropFirst().first)
        #expect(ball.center == CGPoint(x: 80, y: 30))
        #expect(ball.color == lesson.items.last?.color)
    }

    /// An extension of a view subclass of the source reaches the API's view members, and the
    /// source's own class gets convenience initialisers from its extension.
    @Test func extensionsOfTheSourcesOwnTypes() throws {
        let before = """
            final class Ball: UIView {}
            final class Score {
                var points: Int
                init(points: Int) { self.points = points }
            }
            extension Score {
                convenience init() { self.init(points: 10) }
                var doubled: Int { points * 2 }
            }
            extension UIView {
                func grow() { bounds.size.width += 10 }
            }
            """
        let body = """
            let ball = Ball(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            view.addSubview(ball)
            ball.grow()
            label.text = "\\(Score().doubled) \\(ball.bounds.width)"
            """
        let lesson = try lessonRunning("", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "20 30.0", "\(String(describing: lesson.items.first?.text))")
    }
}

/// Operator functions the tutorials add to CGPoint and CGVector.
@Suite struct OperatorTests {
    @Test func pointArithmeticFromAnExtension() throws {
        let before = """
            extension CGPoint {
                static func + (left: CGPoint, right: CGPoint) -> CGPoint { CGPoint(x: left.x + right.x, y: left.y + right.y) }
                static func * (point: CGPoint, scalar: CGFloat) -> CGPoint { CGPoint(x: point.x * scalar, y: point.y * scalar) }
                static func += (left: inout CGPoint, right: CGPoint) { left = left + right }
            }
            """
        let body = """
            var p = CGPoint(x: 1, y: 2) + CGPoint(x: 10, y: 20)
            p += CGPoint(x: 100, y: 100)
            let q = p * 2
            label.text = "\\(p.x) \\(p.y) \\(q.x) \\(3 * 4)"
            """
        let lesson = try lessonRunning("", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "111.0 122.0 222.0 12", "\(String(describing: lesson.items.first?.text))")
    }
}
