import Foundation
import Lessons
import LiveSwift
import Testing

/// Protocols: the source's classes and enums conform; values and parameters of a protocol's
/// type; `is` and `as?` against it; default members from protocol extensions.
@Suite struct ProtocolTests {
    @Test func shapesConformAndShareADefaultMethod() throws {
        let before = """
            protocol Shape {
                var size: CGFloat { get }
                func makeView() -> UIView
            }
            protocol Named: Shape {
                var name: String { get }
            }
            extension Shape {
                func describe() -> String { "shape of \\(size)" }
                var doubleSize: CGFloat { size * 2 }
            }
            final class Square: Named {
                let size: CGFloat
                var name: String { "square" }
                init(size: CGFloat) { self.size = size }
                func makeView() -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: size, height: size)) }
            }
            final class Circle: Shape {
                let size: CGFloat = 30
                func makeView() -> UIView {
                    let v = UIView(frame: CGRect(x: 0, y: 0, width: size, height: size))
                    v.layer.cornerRadius = size / 2
                    return v
                }
                func describe() -> String { "round" }
            }
            func place(_ shape: Shape, in view: UIView, at x: CGFloat) {
                let v = shape.makeView()
                v.center = CGPoint(x: x, y: 100)
                view.addSubview(v)
            }
            """
        let body = """
            let shapes: [Shape] = [Square(size: 20), Circle()]
            var parts: [String] = []
            for (i, shape) in shapes.enumerated() {
                place(shape, in: view, at: CGFloat(50 + 100 * i))
                parts.append(shape.describe())
                parts.append("\\(shape.doubleSize)")
                if let named = shape as? Named { parts.append(named.name) }
                parts.append("\\(shape is Named)")
            }
            label.text = parts.joined(separator: " ")
            """
        let lesson = try lessonRunning("", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "shape of 20.0 40.0 square true round 60.0 false", "\(String(describing: lesson.items.first?.text))")
        #expect(lesson.items.count == 3)
        #expect(lesson.items.last?.center == CGPoint(x: 150, y: 100))
    }

    /// A class-only delegate protocol, held weakly, as the tutorials' custom behaviours report.
    @Test func aDelegateProtocolOfTheSource() throws {
        let before = """
            protocol DropDelegate: AnyObject {
                func didDrop(_ count: Int)
            }
            enum Mood: String, CustomStringConvertible {
                case calm, busy
                var description: String { rawValue.uppercased() }
            }
            protocol Labelled { var tag: String { get } }
            extension Labelled { var shout: String { tag + "!" } }
            extension Mood: Labelled { var tag: String { "mood " + rawValue } }
            final class Dropper {
                weak var delegate: DropDelegate?
                var count = 0
                func drop() {
                    count += 1
                    delegate?.didDrop(count)
                }
            }
            """
        let members = """
            let dropper = Dropper()
            var heard: [Int] = []
            """
        let body = """
            dropper.delegate = self
            dropper.drop()
            dropper.drop()
            let mood = Mood.busy
            label.text = "\\(heard) \\(mood.shout) \\(mood is Labelled) \\(mood)"
            """
        let before2 = before + """

            extension LangViewController: DropDelegate {
                func didDrop(_ count: Int) { heard.append(count) }
            }
            """
        let lesson = try lessonRunning(members, body, before: before2)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "[1, 2] mood busy! true BUSY", "\(String(describing: lesson.items.first?.text))")
    }
}
