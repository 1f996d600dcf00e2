import Foundation
import Lessons
import LiveSwift
import Testing

/// The language a tutorial's code uses, run end to end: what the code computes shows in the
/// scene (labels' text, views' frames), so each check reads the lesson as a client would.
@Suite struct LanguageTests {
    /// Runs `body` inside viewDidLoad of a controller with a label; returns the label's text.
    func run(_ body: String) throws -> String? { try run("", body) }

    func run(_ members: String, _ body: String) throws -> String? {
        let lesson = try lessonRunning(members, body)
        if let error = lesson.runtimeError { Issue.record("\(error)") }
        return lesson.items.first?.text
    }

    @Test func numbersFollowSwiftsRules() throws {
        let division = try run("let a = 7 / 2; let b: CGFloat = 7 / 2; let c = CGFloat(7) / 2; label.text = \"\\(a) \\(b) \\(c)\"")
        #expect(division == "3 3.5 3.5")
        #expect(try run("label.text = \"\\(Int(3.9)) \\(Double(2)) \\(7 % 3) \\(-7 / 2) \\(max(1, 5, 3)) \\(min(2.5, 1))\"") == "3 2.0 1 -3 5 1.0")
        #expect(try run("label.text = \"\\(sqrt(16.0)) \\(pow(2.0, 10)) \\(abs(-3)) \\((2.5).rounded()) \\(CGFloat.pi > 3)\"") == "4.0 1024.0 3 3.0 true")
    }

    @Test func optionalsAndControlFlow() throws {
        let members = """
            var maybe: UIView?
            func describe(_ n: Int) -> String {
                guard n >= 0 else { return "negative" }
                switch n {
                case 0: return "zero"
                case 1...9: return "small"
                default: return "big"
                }
            }
            """
        let body = """
            var parts: [String] = []
            if let v = maybe { parts.append("has \\(v)") } else { parts.append("none") }
            maybe = UIView(frame: .zero)
            if let maybe { parts.append("now \\(maybe.frame.width)") }
            parts.append(maybe?.alpha == 1 ? "alpha" : "?")
            for n in [-1, 0, 5, 50] { parts.append(describe(n)) }
            var i = 0
            while i < 3 { i += 1 }
            repeat { i -= 1 } while i > 1
            for (index, word) in ["a", "b"].enumerated() where index > 0 { parts.append("\\(index)\\(word)") }
            for k in stride(from: 0, to: 10, by: 5) { parts.append("s\\(k)") }
            parts.append("i\\(i)")
            label.text = parts.joined(separator: ",")
            """
        #expect(try run(members, body.replacingOccurrences(of: "parts.joined(separator: \",\")", with: "parts.reduce(\"\") { $0 + ($0.isEmpty ? \"\" : \",\") + $1 }"))
                == "none,now 0.0,alpha,negative,zero,small,big,1b,s0,s5,i1")
    }

    @Test func closuresCaptureAndCollectionsAreValues() throws {
        let body = """
            var count = 0
            let bump = { count += 1 }
            bump(); bump()
            var a = [3, 1, 2]
            var b = a
            b.append(9)
            a.sort()
            let doubled = a.map { $0 * 2 }.filter { $0 > 2 }
            var d: [String: Int] = ["x": 1]
            d["y"] = 2
            let t = (name: "p", value: 4)
            label.text = "\\(count) \\(a) \\(b.count) \\(doubled) \\(d["y"] ?? 0) \\(d["z"] ?? -1) \\(t.name)\\(t.1)"
            """
        #expect(try run(body) == "2 [1, 2, 3] 4 [4, 6] 2 -1 p4")
    }

    @Test func propertiesWithObserversLazyAndComputed() throws {
        let members = """
            var log: [String] = []
            var level = 1 { didSet { log.append("\\(oldValue)->\\(level)") } }
            lazy var doubled: Int = level * 2
            var tripled: Int { level * 3 }
            """
        #expect(try run(members, "level = 5; label.text = \"\\(log) \\(doubled) \\(tripled)\"") == "[\"1->5\"] 10 15")
    }

    /// A `weak` property holds its object only while something else does, as in Swift.
    @Test func weakPropertiesLetGoOfTheirObject() throws {
        let members = "weak var probe: UIView?\nweak var kept: UIView?"
        let body = """
            var temporary: UIView? = UIView(frame: .zero)
            probe = temporary
            let before = probe != nil
            temporary = nil
            let shown = UIView(frame: .zero)
            view.addSubview(shown)
            kept = shown
            label.text = "\\(before) \\(probe == nil) \\(kept != nil)"
            """
        #expect(try run(members, body) == "true true true")
    }

    @Test func theAPIsValueTypesAreCopiedAndWrittenBack() throws {
        let body = """
            let box = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
            var frame = box.frame
            frame.origin.x = 100
            box.center.y += 5
            view.addSubview(box)
            box.backgroundColor = .red
            box.transform = CGAffineTransform(rotationAngle: .pi / 2)
            label.text = "\\(frame.minX) \\(box.frame.minX) \\(box.center.y) \\(box.bounds.width)"
            """
        let text = try run(body)
        #expect(text == "100.0 5.0 45.0 30.0")  // the frame of a quarter-turned 30 × 40 view is 40 wide
    }

    @Test func actionBlocksAndAnimationsRunOnTheLessonsClock() throws {
        let source = """
            final class ClockViewController: UIViewController {
                let square = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
                var animator: UIDynamicAnimator!
                var steps = 0

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(label)
                    view.addSubview(square)
                    animator = UIDynamicAnimator(referenceView: view)
                    let gravity = UIGravityBehavior(items: [square])
                    gravity.action = { [weak self] in
                        guard let self = self else { return }
                        self.steps += 1
                        self.label.text = "steps \\(self.steps)"
                    }
                    animator.addBehavior(gravity)
                    UIView.animate(withDuration: 0.5) { self.label.alpha = 0.5 }
                }
            }
            """
        let lesson = try LiveSwift.compile(source: source, fileName: "Clock.swift").makeLesson()
        for _ in 0..<30 { lesson.advance(by: 1.0 / 60) }
        let label = try #require(lesson.items.first)
        #expect(label.text == "steps 30")
        #expect(label.alpha == 0.5)
        #expect((lesson as? LiveLesson)?.runtimeError == nil)
    }

    /// The delegate's method in the class, or in an extension that adds the conformance (the
    /// tutorials' way of keeping a delegate's methods apart).
    @Test(arguments: [false, true])
    func aCollisionDelegateOfTheSourceHearsContacts(inAnExtension: Bool) throws {
        var source = """
            final class HitViewController: UIViewController, UICollisionBehaviorDelegate {
                let ball = UIView(frame: CGRect(x: 100, y: 500, width: 40, height: 40))
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
                var animator: UIDynamicAnimator!
                var hits: [String: Int] = [:]

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(label)
                    view.addSubview(ball)
                    animator = UIDynamicAnimator(referenceView: view)
                    let collision = UICollisionBehavior(items: [ball])
                    collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 375, y: 600))
                    collision.collisionDelegate = self
                    animator.addBehavior(collision)
                    animator.addBehavior(UIGravityBehavior(items: [ball]))
                }

                func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                                       withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {
                    let name = identifier as? String ?? "edge"
                    hits[name, default: 0] += 1
                    label.text = "hit \\(name) at \\(Int(p.y.rounded())) by \\(item === ball ? "ball" : "?")"
                }
            }
            """
        if inAnExtension {
            let start = try #require(source.range(of: "    func collisionBehavior("))
            let method = source[start.lowerBound...].dropLast(2)  // the class's closing brace
            source = String(source[..<start.lowerBound]).replacingOccurrences(of: ", UICollisionBehaviorDelegate", with: "")
                + "}\n\nextension HitViewController: UICollisionBehaviorDelegate {\n" + method + "}\n"
        }
        let lesson = try LiveSwift.compile(source: source, fileName: "Hit.swift").makeLesson()
        for _ in 0..<60 { lesson.advance(by: 1.0 / 60) }
        #expect(lesson.items.first?.text == "hit floor at 600 by ball", "\(String(describing: (lesson as? LiveLesson)?.runtimeError))")
    }

    /// An enum of plain cases: values compared, switched over, printed as their case.
    @Test func enumsOfPlainCases() throws {
        let members = """
            var mode: Mode = .falling
            func describe(_ m: Mode) -> String {
                switch m {
                case .falling: return "falls"
                case .resting: return "rests"
                }
            }
            """
        let body = """
            var seen = [describe(mode)]
            mode = Mode.resting
            seen.append(describe(mode))
            label.text = "\\(seen) \\(mode == .resting) \\(mode != Mode.falling) \\(mode)"
            """
        let lesson = try lessonRunning(members, body, before: "enum Mode { case falling, resting }")
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "[\"falls\", \"rests\"] true true resting")
    }

    /// Static stored properties (one value per lesson, set on first read) and static and class
    /// methods, by the class's name, by `Self`, and bare inside a static method; a struct of
    /// static members.
    @Test func staticMembersOfTheSourcesClasses() throws {
        let before = """
            struct Steps { static let size = 2 }

            final class Counter {
                static var total = 0
                static let step = Steps.size
                static func bump() -> Int { total += step; return total }
                class func twice() -> Int { _ = bump(); return bump() }
            }
            """
        let body = """
            _ = Counter.bump()
            let t = Counter.twice()
            Counter.total += 10
            label.text = "\\(t) \\(Counter.total) \\(Self.greeting) \\(LangViewController.greeting)"
            """
        let lesson = try lessonRunning("static let greeting = \"hi\"", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "6 16 hi hi")
    }

    /// Static members added to the API's types, as tutorials write their helpers
    /// (`extension UIColor { static var random: UIColor { … } }`).
    @Test func staticMembersOfExtensionsOfTheAPIsTypes() throws {
        let before = """
            extension UIColor {
                static var brand: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
                static func shade(_ level: CGFloat) -> UIColor { UIColor(white: level, alpha: 1) }
            }
            extension CGFloat {
                static let unit: CGFloat = 10
                static func twice(_ x: CGFloat) -> CGFloat { x * 2 }
            }
            """
        func run(_ color: String) throws -> SceneItem? {
            let body = "label.backgroundColor = \(color); label.text = \"\\(CGFloat.twice(CGFloat.unit))\""
            let lesson = try lessonRunning("", body, before: before)
            #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
            return lesson.items.first
        }
        let branded = try #require(try run("UIColor.brand"))
        #expect(branded.text == "20.0")
        #expect(branded.color == (try run("UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)"))?.color)
        #expect(branded.color != (try run("UIColor.red"))?.color)  // the colour is what was compared
        #expect(try run("UIColor.shade(0.5)")?.color == (try run("UIColor(white: 0.5, alpha: 1)"))?.color)
    }
}
