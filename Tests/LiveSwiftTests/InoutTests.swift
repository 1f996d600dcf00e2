import Foundation
import Lessons
import LiveSwift
import Testing

/// `inout` parameters and `&` arguments with Swift's semantics (copy-in copy-out), the
/// bridged functions that take a generator `inout`, and the compiler's errors about them.
@Suite struct InoutTests {
    /// Runs `body` in viewDidLoad of a controller with `members`; the label's text, or the error.
    func run(_ members: String, _ body: String) throws -> String {
        let lesson = try lessonRunning(members, body)
        if let error = lesson.runtimeError { return "error \(error.line):\(error.column): \(error.message)" }
        return lesson.items.first?.text ?? "no text"
    }

    func diagnostics(_ members: String, _ body: String) -> [String] {
        let source = """
            final class InoutViewController: UIViewController {
                \(members)
                override func viewDidLoad() {
                    super.viewDidLoad()
                    \(body)
                }
            }
            """
        do {
            _ = try LiveSwift.compile(source: source, fileName: "Inout.swift")
            return []
        } catch {
            return error.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
        }
    }

    static let helpers = """
        var log: [String] = []
        var level = 1 { didSet { log.append("\\(oldValue)->\\(level)") } }
        var point = CGPoint(x: 1, y: 2)
        var values = [10, 20, 30]
        var calls = 0
        func bump(_ x: inout Int) { x += 1; x += 1 }
        func twice(_ x: inout Int) { bump(&x); bump(&x) }
        func scale(_ x: inout CGFloat, by factor: CGFloat) { x *= factor }
        func next() -> Int { calls += 1; return calls - 1 }
        func order(_ a: inout Int, _ b: inout Int) { if a > b { swap(&a, &b) } }
        func nudge(_ p: inout CGPoint) { p.x += 1 }
        func grow(_ a: inout [Int]) { a.append(7); a.append(8) }
        """

    @Test func inoutChangesTheCallersVariablesPropertiesAndElements() throws {
        let body = """
            var n = 5
            bump(&n)
            twice(&n)
            bump(&values[1])
            scale(&point.x, by: 3)
            var lo = 9, hi = 4
            order(&lo, &hi)
            var points = [CGPoint(x: 1, y: 1)]
            nudge(&points[0])
            var list: [Int] = []
            grow(&list)
            label.text = "\\(n) \\(values) \\(point.x) \\(lo) \\(hi) \\(points[0].x) \\(list)"
            """
        #expect(try run(Self.helpers, body) == "11 [10, 22, 30] 3.0 4 9 2.0 [7, 8]")
    }

    /// Copy-in copy-out: a property with observers is read once and written once, after the
    /// call; a subscript's index is evaluated once.
    @Test func copyInCopyOutAsSwiftDefinesIt() throws {
        let body = """
            bump(&level)
            bump(&values[next()])
            label.text = "\\(log) \\(values) \\(calls)"
            """
        #expect(try run(Self.helpers, body) == "[\"1->3\"] [12, 20, 30] 1")
    }

    @Test func closuresAndNestedFunctionsTakeInoutToo() throws {
        let body = """
            func clamp(_ x: inout CGFloat) { x = min(max(x, 0), 1) }
            var a: CGFloat = 1.5
            clamp(&a)
            let add: (inout Int, Int) -> Void = { (x: inout Int, y: Int) in x += y }
            var total = 1
            add(&total, 41)
            label.text = "\\(a) \\(total)"
            """
        #expect(try run("", body) == "1.0 42")
    }

    /// The lessons' generator passed `&`, with Swift's own algorithms: the same numbers as
    /// compiled Swift over the same seed.
    @Test func randomNumbersFromAGeneratorMatchCompiledSwift() throws {
        var g = SeededRandom(seed: 7)
        let i = Int.random(in: 0..<10, using: &g)
        let c = CGFloat.random(in: 0...1, using: &g)
        let d = Double.random(in: -5..<5, using: &g)
        var shuffled = [1, 2, 3, 4, 5]
        shuffled.shuffle(using: &g)
        let element = [7, 8, 9].randomElement(using: &g)!
        let flag = Bool.random(using: &g)
        let implicit = CGFloat.random(in: 0...1, using: &g)
        let expected = "\(i) \(Double(c)) \(d) \(shuffled) \(element) \(flag) \(Double(implicit))"

        let body = """
            var g = SeededRandom(seed: 7)
            let i = Int.random(in: 0..<10, using: &g)
            let c = CGFloat.random(in: 0...1, using: &g)
            let d = Double.random(in: -5..<5, using: &g)
            var shuffled = [1, 2, 3, 4, 5]
            shuffled.shuffle(using: &g)
            let element = [7, 8, 9].randomElement(using: &g)!
            let flag = Bool.random(using: &g)
            let implicit: CGFloat = .random(in: 0...1, using: &g)
            label.text = "\\(i) \\(c) \\(d) \\(shuffled) \\(element) \\(flag) \\(implicit)"
            """
        let text = try run("", body)
        #expect(text == expected)
    }

    /// Without `using:` the lesson's own generator: seeded alike at every start, so two runs agree.
    @Test func randomNumbersWithoutAGeneratorRepeat() throws {
        let body = """
            let die = arc4random_uniform(6), big = Int(arc4random() % UInt32(1000)), unit = CGFloat(drand48())
            label.text = "\\(Int.random(in: 0..<1000)) \\(CGFloat.random(in: 0...1)) \\([1, 2, 3].shuffled()) \\(die) \\(big) \\(unit)"
            """
        let first = try run("", body)
        #expect(first == (try run("", body)))
        #expect(!first.hasPrefix("error"), "\(first)")
        #expect(try run("", "let n = UInt32(-1)").hasSuffix("Not enough bits to represent the passed value (UInt32)"))
    }

    @Test func passingALetInoutIsRefusedBeforeAnythingRuns() {
        let cases: [(String, String, String)] = [
            ("", "let x = 1; bump(&x)", "7:26: cannot pass immutable value as inout argument: 'x' is a 'let' constant"),
            ("let fixed = 3", "bump(&fixed)", "7:15: cannot pass immutable value as inout argument: 'fixed' is a 'let' constant"),
            ("let origin = CGPoint(x: 0, y: 0)", "scale(&origin.y, by: 2)", "7:16: cannot pass immutable value as inout argument: 'origin' is a 'let' constant"),
            ("func f(_ y: Int) { bump(&y) }", "f(1)", "4:26: cannot pass immutable value as inout argument: 'y' is a 'let' constant"),
            ("var sum: Int { 3 }", "bump(&sum)", "7:15: cannot pass immutable value as inout argument: 'sum' is a get-only property"),
            ("", "for k in 0..<3 { bump(&k) }", "7:32: cannot pass immutable value as inout argument: 'k' is a 'let' constant"),
            ("", "let x = 1; x = 2", "7:20: cannot assign to value: 'x' is a 'let' constant"),
            ("let fixed = 3", "fixed = 4", "7:9: cannot assign to property: 'fixed' is a 'let' constant"),
            ("var sum: Int { 3 }", "sum = 4", "7:9: cannot assign to value: 'sum' is a get-only property"),
            ("", "let d = [\"a\": 1]; d[\"b\"] = 2", "7:27: cannot assign through subscript: 'd' is a 'let' constant"),
            ("", "let a = [1]; a.append(2)", "7:22: cannot use mutating member on immutable value: 'a' is a 'let' constant"),
            ("", "var y = 1; let x = &y", "7:28: '&' may only be used to pass an argument to inout parameter"),
            ("", "var n = 1; bump(n)", "7:25: passing value of type 'Int' to an inout parameter requires explicit '&'"),
            ("func show(_ x: Int) {}", "var n = 1; self.show(&n)", "7:30: '&' used with non-inout argument of type 'Int'"),
        ]
        let helpers = "func bump(_ x: inout Int) { x += 1 }\nfunc scale(_ x: inout CGFloat, by f: CGFloat) { x *= f }\n"
        for (members, body, message) in cases {
            let found = diagnostics(helpers + members, body)
            #expect(found.contains(message), "\(found) for \(body)")
        }
        // What Swift accepts is accepted: a let set once later, a var, an object's property.
        #expect(diagnostics(helpers, "let x: Int; if true { x = 1 } else { x = 2 }; var y = x; bump(&y)").isEmpty)
        #expect(diagnostics(helpers + "let box = UIView()", "scale(&box.center.x, by: 2)").isEmpty)
    }

    @Test func misusedAmpersandsStopTheCodeWithSwiftsMessages() throws {
        let helpers = "func bump(_ x: inout Int) { x += 1 }\nfunc show(_ x: Int) {}\nfunc makePoint() -> CGPoint { .zero }\n"
        // Through a function value the compiler does not follow: checked as the call runs.
        #expect(try run(helpers, "let f = bump; var n = 1; f(n)").hasSuffix("passing value of type 'Int' to an inout parameter requires explicit '&'"))
        #expect(try run(helpers, "let g = show; var n = 1; g(&n)").hasSuffix("'&' used with non-inout argument of type 'Int'"))
        #expect(try run(helpers, "var n = 1; let s = sqrt(&n)").hasSuffix("'&' used with non-inout argument of type 'Int'"))
        // A let whose kind the source does not show is checked as it runs, with the same words.
        let letPoint = try run(helpers + "func nudge(_ x: inout CGFloat) { x += 1 }", "let p = makePoint(); nudge(&p.x)")
        #expect(letPoint.hasSuffix("cannot pass immutable value as inout argument: 'p' is a 'let' constant"), "\(letPoint)")
        var g = "var g = SeededRandom(seed: 1); let n = Int.random(in: 0..<5, using: g)"
        #expect(try run("", g).hasSuffix("passing value of type 'SeededRandom' to an inout parameter requires explicit '&'"))
        g = "let n = Int.random(in: 0..<0)"
        #expect(try run("", g).hasSuffix("Can't get random value with an empty range"))
    }
}
