import Foundation
import Lessons
import LiveSwift
import Testing

/// Each budget ends only the lesson that ran over it, with a clear error; the lesson keeps
/// its scene and takes no more callbacks; another lesson carries on.
@Suite struct SandboxTests {
    static let template = """
        final class BadViewController: UIViewController {
            let box = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
            var animator: UIDynamicAnimator!

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(box)
                animator = UIDynamicAnimator(referenceView: view)
                let gravity = UIGravityBehavior(items: [box])
                animator.addBehavior(gravity); view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handleTap(_:))))
                LOAD
            }

            func handleTap(_ gesture: UITapGestureRecognizer) {
                TAP
            }

            func depth(_ n: Int) -> Int { return depth(n + 1) + 1 }
        }
        """

    func lesson(load: String = "", tap: String = "", limits: LiveLimits = .init()) throws -> LiveLesson {
        let source = Self.template.replacingOccurrences(of: "LOAD", with: load).replacingOccurrences(of: "TAP", with: tap)
        let program = try LiveSwift.compile(source: source, fileName: "Bad.swift", limits: limits)
        return try #require(program.makeLesson() as? LiveLesson)
    }

    /// The error, and proof that the lesson stopped: its scene no longer moves.
    func expectStopped(_ lesson: LiveLesson, _ words: String, line: Int) throws {
        let error = try #require(lesson.runtimeError)
        #expect(error.message.contains(words), "\(error)")
        #expect(error.line == line, "\(error)")
        let before = lesson.items
        lesson.advance(by: 0.5)
        #expect(lesson.items == before)
        let events = lesson.drainEvents()
        #expect(events.contains { $0.name == "runtime-error" && $0.text.contains(words) })
    }

    @Test func endlessLoopInViewDidLoad() throws {
        let lesson = try lesson(load: "while true { }")
        try expectStopped(lesson, "endless loop", line: 11)
        #expect(lesson.items.count == 1)  // the scene built before the loop is kept
    }

    @Test func endlessLoopInAnActionBlock() throws {
        let lesson = try lesson(load: "gravity.action = { var n = 0; while n >= 0 { n = n &+ 1 } }".replacingOccurrences(of: "&+", with: "+"))
        #expect(lesson.runtimeError == nil)
        lesson.advance(by: 1.0 / 60)
        try expectStopped(lesson, "endless loop", line: 11)
    }

    /// A callback inside a tick holds up the worker's other rooms: it gets 20 ms, not the
    /// 250 ms of viewDidLoad or a gesture (the step budget is lifted so that time ends both).
    @Test func callbacksInsideATickGetTheShorterTimeBudget() throws {
        var limits = LiveLimits()
        limits.maxStepsPerCallback = .max
        let looping = try lesson(load: "gravity.action = { while true { } }", limits: limits)
        looping.advance(by: 1.0 / 60)
        #expect(looping.runtimeError?.message.contains("more than 20 ms in one callback") == true, "\(String(describing: looping.runtimeError))")
        let loading = try lesson(load: "while true { }", limits: limits)
        #expect(loading.runtimeError?.message.contains("more than 250 ms in one callback") == true, "\(String(describing: loading.runtimeError))")
    }

    @Test func endlessLoopInAGestureHandler() throws {
        let lesson = try lesson(tap: "for _ in 0..<Int.max { }")
        lesson.advance(by: 0.1)
        #expect(lesson.runtimeError == nil)
        lesson.tap(at: CGPoint(x: 10, y: 10))
        try expectStopped(lesson, "endless loop", line: 15)
    }

    @Test func runawayRecursion() throws {
        let lesson = try lesson(tap: "_ = depth(0)")
        lesson.tap(at: CGPoint(x: 10, y: 10))
        try expectStopped(lesson, "runaway recursion", line: 18)
    }

    /// Generous time, so that the budget under test is the one that ends it.
    var slowMachine: LiveLimits {
        var limits = LiveLimits()
        limits.maxSecondsPerCallback = 30
        return limits
    }

    @Test func aMillionViews() throws {
        let lesson = try lesson(load: "for _ in 0..<1_000_000 { view.addSubview(UIView(frame: .zero)) }", limits: slowMachine)
        try expectStopped(lesson, "objects", line: 11)
    }

    @Test func aStringThatDoublesWithoutEnd() throws {
        let lesson = try lesson(load: "var s = \"ab\"; while true { s = s + s }", limits: slowMachine)
        try expectStopped(lesson, "memory budget", line: 11)
    }

    @Test func anArrayThatGrowsWithoutEnd() throws {
        var limits = slowMachine
        limits.maxCollectionSize = 10_000
        let lesson = try lesson(load: "var a: [Int] = []; while true { a.append(1) }", limits: limits)
        try expectStopped(lesson, "memory budget", line: 11)
    }

    @Test func runtimeErrorsHaveTheirPlace() throws {
        let cases: [(String, String)] = [
            ("let a: [Int] = []; print(a[3])", "Index out of range"),
            ("let x = 1; let y = 0; print(x / y)", "Division by zero"),
            ("let v: UIView? = nil; v!.alpha = 0", "Unexpectedly found nil"),
            ("let n = Int.max; print(n + 1)", "arithmetic overflow"),
            ("fatalError(\"stop here\")", "Fatal error: stop here"),
        ]
        for (code, words) in cases {
            let lesson = try lesson(tap: code)
            lesson.tap(at: CGPoint(x: 10, y: 10))
            try expectStopped(lesson, words, line: 15)
            #expect(lesson.runtimeError!.column > 1)
        }
    }

    @Test func anotherLessonIsNotDisturbed() throws {
        let bad = try lesson(load: "while true { }")
        let good = try lesson()
        #expect(bad.runtimeError != nil)
        let start = good.items[0].center
        good.advance(by: 0.5)
        #expect(good.runtimeError == nil)
        #expect(good.items[0].center.y > start.y + 50)
    }

    @Test func printedLinesBecomeEvents() throws {
        let lesson = try lesson(tap: "print(\"tapped at\", gesture.location(in: view).x)")
        lesson.tap(at: CGPoint(x: 12, y: 20))
        let events = lesson.drainEvents()
        #expect(events.contains { $0.name == "print" && $0.text == "tapped at 12.0" }, "\(events)")
    }
}
