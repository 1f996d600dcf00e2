import Foundation
import Lessons
import LiveSwift
import Testing

/// `Timer`, `DispatchQueue.main` and `CADisplayLink` in a lesson run from its source (issue 32):
/// on the lesson's clock, after the animators step, repeating exactly.
@Suite struct RunLoopTests {
    private func printed(_ lesson: LiveLesson) -> [String] {
        lesson.drainEvents().filter { $0.name == "print" }.map(\.text)
    }

    private func step(_ lesson: LiveLesson, _ ticks: Int) {
        for _ in 0..<ticks { lesson.advance(by: 1.0 / 60) }
    }

    @Test func timersAndDispatchedBlocksRunOnTheLessonsClockInTheOrderOfTheirTimes() throws {
        let lesson = try lessonRunning(
            "@objc func once(_ timer: Timer) { print(\"once \\(timer.userInfo as! String)\") }",
            """
            Timer.scheduledTimer(timeInterval: 0.5, target: self, selector: #selector(once(_:)), userInfo: "half", repeats: false)
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.4) { print("after 0.4") }
            DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + .milliseconds(100)) { print("after 0.1") }
            DispatchQueue.main.async { print("next tick") }
            print("loaded")
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(printed(lesson) == ["loaded"])
        #expect(!lesson.isAtRest, "a lesson with timers waiting is not at rest")
        step(lesson, 1)
        #expect(printed(lesson) == ["next tick"])
        step(lesson, 59)
        #expect(printed(lesson) == ["after 0.1", "after 0.4", "once half"])
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
    }

    @Test func aRepeatingTimerFiresEveryIntervalUntilInvalidatedAndAZeroIntervalOnceATick() throws {
        let lesson = try lessonRunning(
            "var count = 0\nvar fast = 0",
            """
            Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { t in
                self.count += 1
                if self.count == 3 { t.invalidate() }
            }
            let zero = Timer(timeInterval: 0, repeats: true) { _ in self.fast += 1 }
            RunLoop.main.add(zero, forMode: .common)
            DispatchQueue.main.asyncAfter(deadline: .now() + 1.99) { print("\\(self.count) \\(self.fast)") }
            """)
        step(lesson, 120)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        // count stops at 3 (0.25, 0.5, 0.75 s); the zero-interval timer fires once a tick.
        #expect(printed(lesson) == ["3 119"])
    }

    @Test func aDisplayLinkCallsItsTargetEveryTickWithTheClocksTime() throws {
        let lesson = try lessonRunning(
            """
            var frames = 0
            var link: CADisplayLink?
            @objc func step(_ link: CADisplayLink) {
                frames += 1
                if frames == 30 {
                    print("\\(link.timestamp) \\(link.duration)")
                    link.invalidate()
                }
            }
            """,
            """
            link = CADisplayLink(target: self, selector: #selector(step(_:)))
            link?.add(to: .main, forMode: .common)
            """)
        step(lesson, 60)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        let line = try #require(printed(lesson).first)
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count == 2 && abs(numbers[0] - 0.5) < 1e-9 && abs(numbers[1] - 1.0 / 60) < 1e-9, "\(line)")
    }

    @Test func codeThatSchedulesItselfWaitsForTheNextTickAndTheRunRepeats() throws {
        func run() throws -> [String] {
            let lesson = try lessonRunning(
                "var n = 0\nfunc again() { n += 1; DispatchQueue.main.async { self.again() } }",
                "again()\nTimer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in print(\"t \\(self.n)\") }")
            step(lesson, 30)
            #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
            return printed(lesson)
        }
        let first = try run()
        // Once a tick, not forever within one: at 0.1 s (tick 6) `again` has run 1 + 6 times.
        #expect(first == ["t 7", "t 13", "t 19", "t 25", "t 31"], "\(first)")
        #expect(try run() == first)
    }
}
