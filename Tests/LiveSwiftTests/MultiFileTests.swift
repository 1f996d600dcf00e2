import Foundation
import Lessons
import LiveSwift
import Testing

/// A lesson of several files (issue 32): compiled as one module, each error at its own file
/// and line, and a folder's subfolder served as one lesson.
@Suite struct MultiFileTests {
    static let ball = """
        import UIKit

        /// A round view that collides as a circle.
        final class Ball: UIView {
            override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
        }

        let ballSize: CGFloat = 40
        """
    static let controller = """
        import UIKit

        final class BallsViewController: UIViewController {
            var animator: UIDynamicAnimator!
            override func viewDidLoad() {
                super.viewDidLoad()
                let ball = Ball(frame: CGRect(x: 100, y: 100, width: ballSize, height: ballSize))
                view.addSubview(ball)
                animator = UIDynamicAnimator(referenceView: view)
                animator.addBehavior(UIGravityBehavior(items: [ball]))
            }
        }
        """

    @Test func twoFilesRunAsOneModuleAndTheLessonIsTheControllersFile() throws {
        let program = try LiveSwift.compile(files: [("Ball.swift", Self.ball), ("BallsViewController.swift", Self.controller)])
        #expect(program.info.sourceFileName == "BallsViewController.swift")
        let lesson = try #require(program.makeLesson() as? LiveLesson)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        lesson.advance(by: 0.5)
        #expect(try #require(lesson.items.first?.center).y > 200)
        #expect(lesson.items.first?.shape == .ellipse)
    }

    @Test func eachErrorIsAtItsOwnFileAndLine() throws {
        let broken = Self.controller.replacingOccurrences(of: "view.addSubview(ball)", with: "view.addSubview(bal)")
        #expect {
            _ = try LiveSwift.compile(files: [("Ball.swift", Self.ball), ("BallsViewController.swift", broken)])
        } throws: { error in
            let diagnostic = (error as? LiveCompileError)?.diagnostics.first
            return diagnostic?.file == "BallsViewController.swift" && diagnostic?.line == 8
                && diagnostic?.description.hasPrefix("BallsViewController.swift:8:") == true
        }
        let wrongBall = Self.ball.replacingOccurrences(of: "= 40", with: "= 40 +")
        #expect {
            _ = try LiveSwift.compile(files: [("Ball.swift", wrongBall), ("BallsViewController.swift", Self.controller)])
        } throws: { error in
            (error as? LiveCompileError)?.diagnostics.first.map { $0.file == "Ball.swift" && $0.line == 8 } ?? false
        }
    }

    @Test func aRunTimeErrorNamesItsFile() throws {
        let faulty = Self.ball + "\nfunc explode() -> Int { let a: [Int] = []; return a[1] }\n"
        let calling = Self.controller.replacingOccurrences(of: "view.addSubview(ball)", with: "view.addSubview(ball); _ = explode()")
        let lesson = try #require(try LiveSwift.compile(files: [("Ball.swift", faulty), ("Main.swift", calling)]).makeLesson() as? LiveLesson)
        let error = try #require(lesson.runtimeError)
        #expect(error.file == "Ball.swift" && error.line == 9, "\(error)")
    }

    @Test func badFileListsAreRefused() {
        for (files, problem) in [
            ([(String, String)](), "at least one file"),
            ([("a.swift", "x"), ("a.swift", "y")], "used twice"),
            ([("../etc.swift", "x")], "not a file name"),
            (Array(repeating: ("x.swift", ""), count: 17).enumerated().map { ("f\($0.offset).swift", $0.element.1) }, "at most 16 files"),
        ] {
            #expect {
                _ = try LiveSwift.compile(files: files.map { (name: $0.0, source: $0.1) })
            } throws: { error in
                (error as? LiveCompileError)?.diagnostics.first?.message.contains(problem) == true
            }
        }
    }

    @Test func aSubfolderOfTheLessonsFolderIsOneLesson() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-\(UUID().uuidString)")
        let balls = folder.appendingPathComponent("Balls")
        try FileManager.default.createDirectory(at: balls, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.ball.write(to: balls.appendingPathComponent("Ball.swift"), atomically: true, encoding: .utf8)
        try Self.controller.write(to: balls.appendingPathComponent("BallsViewController.swift"), atomically: true, encoding: .utf8)
        let lessons = LiveLessonFolder(folder: folder.path)
        #expect(lessons.problems.isEmpty, "\(lessons.problems)")
        let lesson = try #require(lessons.lessons.first)
        #expect(lessons.lessons.count == 1)
        // The served code holds both files, each under its marker: the editor's tabs.
        let files = SourceFiles.split(lesson.source, fileName: "Lesson.swift")
        #expect(files.map(\.name) == ["Ball.swift", "BallsViewController.swift"])
        #expect(files[0].source.trimmingCharacters(in: .newlines) == Self.ball)
    }

    @Test func joiningAndSplittingGiveTheFilesBack() {
        let files = [(name: "A.swift", source: "let a = 1\n"), (name: "B.swift", source: "let b = 2")]
        let joined = SourceFiles.join(files)
        #expect(joined == "// file: A.swift\nlet a = 1\n// file: B.swift\nlet b = 2\n")
        let back = SourceFiles.split(joined, fileName: "X.swift")
        #expect(back.map(\.name) == ["A.swift", "B.swift"])
        #expect(back.map(\.source) == ["let a = 1", "let b = 2"])
        #expect(SourceFiles(joined, fileName: "X.swift").locate(4) == (file: "B.swift", line: 1))
        #expect(SourceFiles.split("let only = 1", fileName: "One.swift").map(\.name) == ["One.swift"])
    }
}

extension MultiFileTests {
    /// The editor sends the joined source and counts its lines: checking answers at those lines.
    @Test func theEditorsCheckCountsTheJoinedSourcesLines() {
        let broken = Self.controller.replacingOccurrences(of: "view.addSubview(ball)", with: "view.addSubview(bal)")
        let joined = SourceFiles.join([("Ball.swift", Self.ball), ("BallsViewController.swift", broken)])
        let found = LiveSwift.check(source: joined, fileName: "Lesson.swift")
        // Ball.swift is its marker and 8 lines; the controller's line 8 is the joined text's 18.
        #expect(found.first?.line == 18, "\(found)")
        #expect(found.first?.message == "cannot find 'bal' in scope")
    }
}
