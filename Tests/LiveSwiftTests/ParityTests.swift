import Foundation
import Lessons
import LiveSwift
import Testing

/// A scripted run of a lesson: gestures and parameter changes at given steps.
struct Script: Sendable, CustomStringConvertible {
    enum Action: Sendable {
        case tap(CGPoint)
        case push(CGPoint)
        case drag(from: CGPoint, to: CGPoint)
        case set(String, Double)
    }

    var lessonID: String
    var steps: Int
    var actions: [(step: Int, action: Action)]

    var description: String { lessonID }

    /// Runs `lesson` through the script; `frame` sees every step's state.
    func run(_ lesson: any Lesson, frame: (Int, any Lesson) throws -> Void) throws {
        try frame(0, lesson)
        for step in 0..<steps {
            for (at, action) in actions where at == step {
                switch action {
                case .tap(let p): lesson.tap(at: p)
                case .push(let p): lesson.push(at: p, swipe: nil)
                case .drag(let from, let to):
                    lesson.pan(.began, at: from)
                    for i in 1...10 {
                        let f = Double(i) / 10
                        let p = CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
                        lesson.pan(i == 10 ? .ended : .changed, at: p)
                    }
                case .set(let name, let value): try lesson.setParameter(name, to: value)
                }
            }
            lesson.advance(by: 1.0 / 60)
            try frame(step + 1, lesson)
        }
    }
}

/// What a client is sent about an item, compared bit for bit.
struct Pose: Equatable {
    var id: Int
    var name: String
    var center: CGPoint
    var angle: Double
    var size: CGSize
    var alpha: Double
    var isHidden: Bool
    var text: String?
    var color: String

    init(_ item: SceneItem) {
        id = item.id
        name = item.name
        center = item.center
        angle = item.angle
        size = item.size
        alpha = item.alpha
        isHidden = item.isHidden
        text = item.text
        color = item.color
    }
}

/// Each shipped lesson's own source, interpreted, against the compiled lesson: the same
/// frames, bit for bit, over a run of its gestures and parameter changes.
@Suite struct ParityTests {
    static let scripts: [Script] = [
        Script(
            lessonID: "gravity", steps: 150,
            actions: [(20, .set("magnitude", 0.5)), (50, .set("angle", 1.2)), (90, .tap(CGPoint(x: 100, y: 100)))]),
        Script(lessonID: "collision", steps: 200, actions: [(120, .set("angle", 0.3)), (150, .set("magnitude", 2))]),
        Script(
            lessonID: "attachment", steps: 180,
            actions: [(10, .drag(from: CGPoint(x: 187, y: 200), to: CGPoint(x: 300, y: 400))), (90, .set("length", 150))]),
        Script(lessonID: "properties", steps: 200, actions: [(30, .set("elasticity", 0.3)), (100, .tap(CGPoint(x: 10, y: 10)))]),
        Script(
            lessonID: "spring", steps: 180,
            actions: [
                (20, .drag(from: CGPoint(x: 187, y: 170), to: CGPoint(x: 100, y: 300))), (60, .set("frequency", 2)),
                (80, .set("damping", 0.5)), (100, .set("length", 60)),
            ]),
        Script(
            lessonID: "snap", steps: 180,
            actions: [(5, .set("damping", 0.2)), (10, .tap(CGPoint(x: 80, y: 120))), (90, .tap(CGPoint(x: 300, y: 560)))]),
        Script(
            lessonID: "push", steps: 180, actions: [(10, .push(CGPoint(x: 100, y: 200))), (90, .push(CGPoint(x: 300, y: 500)))]),
        Script(lessonID: "race", steps: 120, actions: [(60, .set("magnitude", 0.6)), (90, .tap(CGPoint(x: 10, y: 10)))]),
        Script(lessonID: "alert", steps: 200, actions: [(10, .tap(CGPoint(x: 187.5, y: 582)))]),
        Script(lessonID: "barrier", steps: 200, actions: [(120, .tap(CGPoint(x: 10, y: 10)))]),
        Script(lessonID: "hoop", steps: 120, actions: []),
        Script(lessonID: "fields", steps: 120, actions: [(30, .tap(CGPoint(x: 100, y: 300)))]),
        // Random columns and colours from `&random`: the interpreter's inout and Swift's own
        // random(in:using:) over the same SeededRandom give the compiled lesson's blocks.
        Script(
            lessonID: "drops", steps: 240,
            actions: dropsTaps + [(100, .set("magnitude", 2.5))]),
    ]

    /// A tap every 15 steps, each somewhere else (the column is the generator's, not the tap's).
    static let dropsTaps: [(step: Int, action: Script.Action)] = (0..<12).map { (i: Int) -> (step: Int, action: Script.Action) in
        (step: 5 + i * 15, action: .tap(CGPoint(x: 100 + Double(i * 20), y: 100)))
    }

    @Test(arguments: scripts)
    func interpretedLessonMatchesCompiled(_ script: Script) throws {
        let type = try #require(LessonCatalog.lesson(withID: script.lessonID))
        let source = LessonCatalog.sourceCode(of: type)
        let program = try LiveSwift.compile(source: source, fileName: type.info.sourceFileName)
        #expect(program.info.id == script.lessonID)
        let compiled = type.init()
        let live = program.makeLesson()

        var expected: [[Pose]] = []
        var expectedLines: [[SceneLine]] = []
        try script.run(compiled) { _, lesson in
            expected.append(lesson.items.map(Pose.init))
            expectedLines.append(lesson.lines)
        }
        let error = { (live as? LiveLesson)?.runtimeError.map(\.description) ?? "no run-time error" }
        var firstDifference: Int?
        try script.run(live) { step, lesson in
            guard firstDifference == nil else { return }
            let poses = lesson.items.map(Pose.init)
            if poses != expected[step] || lesson.lines != expectedLines[step] {
                firstDifference = step
                Issue.record("step \(step): \(poses) != \(expected[step]); lines \(lesson.lines) != \(expectedLines[step]); \(error())")
            }
        }
        #expect((live as? LiveLesson)?.runtimeError == nil, "\(error())")
        // The run moved something: the comparison was not of two still scenes.
        #expect(expected.first != expected.last)
    }
}
