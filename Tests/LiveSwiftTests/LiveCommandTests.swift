import DynamicsTesting
import Foundation
import Lessons
import LiveSwift
import Testing

/// `newtons run --source` and the lesson folder of `newtons serve --lessons`, as their users try them.
@Suite struct LiveCommandTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func runSourcePrintsTheSameLinesAsTheCompiledLesson() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("SnapLesson.swift")
        try LessonCatalog.sourceCode(of: LessonCatalog.lesson(withID: "snap")!).write(to: file, atomically: true, encoding: .utf8)
        let live = try NewtonsBinary.run(["run", "--source", file.path, "--seconds", "1", "--tap", "120,300"])
        let compiled = try NewtonsBinary.run(["run", "snap", "--seconds", "1", "--tap", "120,300"])
        #expect(live.status == 0, "\(live.errors)")
        #expect(!lines(live.output).isEmpty)
        #expect(live.output == compiled.output)
    }

    @Test func runSourceReportsErrorsAsTheCompilerDoes() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("Broken.swift")
        try "final class B: UIViewController {\n    override func viewDidLoad() {\n        let x = FileManager.default\n    }\n}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try NewtonsBinary.run(["run", "--source", file.path])
        #expect(result.status != 0)
        #expect(result.errors.contains("\(file.path):3:17: error: cannot find 'FileManager' in scope"), "\(result.errors)")
    }

    /// A lesson's code pasted into a file of another name (the controller keeps its name) runs
    /// in that lesson's room: the same reactions to gestures at any time, the same view names.
    @Test(arguments: [("push", "--push", "300,333@0.2"), ("gravity", "--tap", "100,100@1"), ("properties", "--tap", "60,60@0.5")])
    func aLessonsCodeUnderAnotherNameAnswersTimedGesturesAsTheCompiledLesson(lesson: String, gesture: String, at: String) throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("Pasted.swift")
        try LessonCatalog.sourceCode(of: LessonCatalog.lesson(withID: lesson)!).write(to: file, atomically: true, encoding: .utf8)
        let live = try NewtonsBinary.run(["run", "--source", file.path, "--seconds", "2", gesture, at])
        let compiled = try NewtonsBinary.run(["run", lesson, "--seconds", "2", gesture, at])
        #expect(live.status == 0, "\(live.errors)")
        #expect(live.output == compiled.output)
        // Without its room (another controller name) the code still runs, as itself.
        let renamed = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "ViewController: UIViewController", with: "Other: UIViewController")
        try renamed.write(to: file, atomically: true, encoding: .utf8)
        #expect(try NewtonsBinary.run(["run", "--source", file.path, "--seconds", "2", gesture, at]).status == 0)
    }

    @Test func aProgramThatStopsWhileItRunsFailsTheRunWithItsErrorAndLine() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("Loops.swift")
        try """
            import UIKit

            class ViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    var i = 0
                    while true { i += 1 }
                }
            }

            """.write(to: file, atomically: true, encoding: .utf8)
        let result = try NewtonsBinary.run(["run", "--source", file.path, "--seconds", "0.2"])
        #expect(result.status == 1, "a headless run of a program that never returns fails")
        #expect(result.errors.hasPrefix("\(file.path):7:"), "\(result.errors)")
        #expect(result.errors.contains("error:"))
        // A program that runs is still a success.
        try LiveSwift.emptyLessonTemplate.write(to: file, atomically: true, encoding: .utf8)
        #expect(try NewtonsBinary.run(["run", "--source", file.path, "--seconds", "0.2"]).status == 0)
    }

    @Test func aFolderServesEveryGoodFileAndReportsTheBadOnes() throws {
        let folder = try temporaryFolder()
        try LiveSwift.emptyLessonTemplate.write(to: folder.appendingPathComponent("BouncyBall.swift"), atomically: true, encoding: .utf8)
        try "final class X: UIViewController { func f() { let = } }"
            .write(to: folder.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        try "not swift at all".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let found = LiveLessonFolder(folder: folder.path)
        #expect(found.lessons.map(\.program.info.id) == ["bouncy-ball"])
        #expect(found.lessons.first?.program.info.title == "Bouncy Ball")
        #expect(found.problems.contains { $0.message.contains("Broken.swift:1:") && $0.message.contains("error:") })
        let lesson = try #require(found.lessons.first).program.makeLesson()
        let start = lesson.items[0].center
        lesson.advance(by: 0.5)
        #expect(lesson.items[0].center.y > start.y)
    }

    @Test func aFolderLessonsGuideIsReadWithEachProblemByFileAndLine() throws {
        let folder = try temporaryFolder()
        try LessonCatalog.sourceCode(of: LessonCatalog.lesson(withID: "snap")!)
            .write(to: folder.appendingPathComponent("MySnap.swift"), atomically: true, encoding: .utf8)
        let en = """
            ---
            lesson: my-snap
            step: first
            goal: gesture tap and distance frog tap <= 5 for 0.5s
            hint: Tap.
            step: slow
            goal: param stiffness < 0.3
            ---
            # My snap

            ## First {#first}
            Tap.
            ## Slow {#slow}
            Slower.
            """
        let zh = en.replacingOccurrences(of: "lesson: my-snap\n", with: "").replacingOccurrences(of: "param stiffness < 0.3", with: "distance frog tap <= near")
        try en.write(to: folder.appendingPathComponent("MySnap.md"), atomically: true, encoding: .utf8)
        try zh.write(to: folder.appendingPathComponent("MySnap.zh.md"), atomically: true, encoding: .utf8)
        try String(repeating: "x", count: GuideLimits.maxFileBytes + 1)
            .write(to: folder.appendingPathComponent("MySnap.de.md"), atomically: true, encoding: .utf8)
        let found = LiveLessonFolder(folder: folder.path)
        let guides = try #require(found.lessons.first?.guides)
        #expect(guides.languages == ["en", "zh"])
        #expect(guides.steps.map(\.id) == ["first"], "the step with a problem is left out")
        let messages = found.problems.map(\.message)
        let path = folder.path
        #expect(messages.contains { $0.hasPrefix("\(path)/MySnap.md:7: goal: the lesson `my-snap` has no parameter `stiffness`") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("\(path)/MySnap.zh.md:6: goal: expected a number") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("\(path)/MySnap.de.md: the file is") }, "\(messages)")
    }

    @Test func theTemplateTakesTapsThroughItsRecogniser() throws {
        let lesson = LiveLesson()
        lesson.advance(by: 2)
        let resting = lesson.items[0].center
        lesson.tap(at: CGPoint(x: 10, y: 10))
        lesson.advance(by: 0.2)
        #expect(lesson.items[0].center.y < resting.y - 10)
        #expect(lesson.runtimeError == nil)
    }
}
