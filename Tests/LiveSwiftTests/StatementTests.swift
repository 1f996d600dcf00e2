import Foundation
import Lessons
import LiveSwift
import Testing

/// `defer`, `#function`, `#line`, `#file`, and what the live subset still refuses among them.
@Suite struct StatementTests {
    @Test func deferRunsWhenItsBlockEndsLastFirst() throws {
        let members = """
            var log: [String] = []
            func step(_ n: Int) -> Int {
                log.append("start \\(n)")
                defer { log.append("first defer \\(n)") }
                defer { log.append("second defer \\(n)") }
                if n > 1 { return n * 10 }
                for i in 0..<2 {
                    defer { log.append("loop \\(i)") }
                    if i == 1 { break }
                }
                return n
            }
            """
        let body = """
            let a = step(1)
            let b = step(2)
            label.text = "\\(a) \\(b) " + log.joined(separator: ", ")
            """
        let lesson = try lessonRunning(members, body)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(
            lesson.items.first?.text
                == "1 20 start 1, loop 0, loop 1, second defer 1, first defer 1, start 2, second defer 2, first defer 2")
    }

    @Test func functionLineAndFileLiterals() throws {
        let members = """
            func whereAmI(_ tag: Int) -> String { "\\(#function) \\(tag)" }
            """
        let body = """
            let line = #line
            label.text = "\\(#function) \\(whereAmI(1)) \\(line) \\(#file)"
            """
        let lesson = try lessonRunning(members, body)
        #expect(lesson.runtimeError == nil)
        #expect(lesson.items.first?.text == "viewDidLoad() whereAmI(_:) 1 8 Lang.swift")
    }
}

/// `Set`: literals, insert, contains, remove, count, iteration in insertion order, algebra.
@Suite struct SetTests {
    @Test func setsOfTheLessonsValues() throws {
        let members = "var touched: Set<Int> = []"
        let body = """
            var names = Set<String>()
            names.insert("ball")
            let again = names.insert("ball").inserted
            names.insert("box")
            touched.insert(3)
            touched.insert(1)
            touched.insert(3)
            let removed = names.remove("ball")
            let odd: Set = [1, 3, 5]
            var order: [Int] = []
            for n in odd.union([7]) { order.append(n) }
            let both = Set([1, 2, 3]).intersection(odd).sorted()
            label.text = "\\(names.count) \\(again) \\(touched.count) \\(touched.contains(1)) \\(removed ?? "-") \\(order) \\(both) \\(odd.isEmpty) \\(names)"
            """
        let lesson = try lessonRunning(members, body)
        #expect(lesson.runtimeError == nil)
        #expect(lesson.items.first?.text == "1 false 2 true ball [1, 3, 5, 7] [1, 3] false [\"box\"]")
    }
}

/// `String(format:)`, with its conversions checked against their arguments.
@Suite struct FormatTests {
    @Test func formatsNumbersAndStrings() throws {
        let body = #"label.text = String(format: "%.2f m/s, %d%% %@ %05.1f", 3.14159, 42, "ok", CGFloat(2.5))"#
        let lesson = try lessonRunning("", body)
        #expect(lesson.runtimeError == nil)
        #expect(lesson.items.first?.text == "3.14 m/s, 42% ok 002.5")
    }

    @Test func aConversionThatDoesNotFitItsArgumentStopsTheLesson() throws {
        let lesson = try lessonRunning("", #"label.text = String(format: "%s", 5)"#)
        #expect(lesson.runtimeError?.message.contains("does not take '%s'") == true)
        let other = try lessonRunning("", #"label.text = String(format: "%d", "five")"#)
        #expect(other.runtimeError?.message.contains("cannot convert value of type 'String'") == true)
    }
}
