import Foundation
import Lessons
import LiveSwift
import RoomServer
import Testing

/// A room running a lesson from its source: its code's run-time error stops the lesson, not
/// the room, and the room says why; a room beside it keeps its frames.
struct LiveRoomTests {
    static let source = """
        final class FailingViewController: UIViewController {
            let box = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
            var animator: UIDynamicAnimator!
            var taps: [Int] = []

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(box)
                animator = UIDynamicAnimator(referenceView: view)
                animator.addBehavior(UIGravityBehavior(items: [box]))
                view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped(_:))))
            }

            @objc func tapped(_ gesture: UITapGestureRecognizer) {
                print(taps[3])
            }
        }
        """

    func room(_ entry: LessonDirectory.Entry, _ directory: LessonDirectory) -> Room {
        var random = SystemRandomNumberGenerator()
        return Room(id: entry.info.id, kind: .lesson, lesson: entry, directory: directory, limits: ServerLimits(), now: 0, random: &random)
    }

    @Test func aRunTimeErrorStopsTheLessonAndTheRoomSaysWhy() throws {
        let program = try LiveSwift.compile(source: Self.source, fileName: "Failing.swift")
        let entry = LessonDirectory.Entry(program: program, code: Self.source)
        let directory = LessonDirectory(entries: [entry, fakeDirectory.entry(withID: "fake-moving")!])
        let live = room(entry, directory)
        let other = room(directory.entry(withID: "fake-moving")!, directory)
        _ = live.join(connection: 1, name: "", now: 0)
        _ = other.join(connection: 2, name: "", now: 0)
        for _ in 0..<5 { _ = live.tick(); _ = other.tick() }

        let outputs = try live.handle(.tap(x: 20, y: 20), from: 1, now: 0).get()
        var said: [String] = []
        for _ in 0..<3 {
            for output in outputs + live.tick() {
                if case .broadcast(let buffer) = output { said.append(String(decoding: buffer.bytes, as: UTF8.self)) }
            }
        }
        #expect(said.contains { $0.contains("runtime-error") && $0.contains("Failing.swift:15:") && $0.contains("Index out of range") },
                "\(said)")
        let error = try #require((live.lesson as? LiveLesson)?.runtimeError)
        #expect(error.line == 15)

        // The room is still there and answers; the other room still moves.
        #expect(live.members.count == 1)
        let before = other.frameSequence
        _ = other.tick()
        #expect(other.frameSequence == before + 1)
    }

    /// An endless loop in an `action` block runs inside the worker's tick: it gets the short
    /// tick budget (20 ms), stops the lesson, and the room beside it keeps a frame per tick.
    @Test func anEndlessLoopInATickHoldsTheNeighbourForOneShortBudget() throws {
        let source = Self.source.replacingOccurrences(
            of: "animator.addBehavior(UIGravityBehavior(items: [box]))",
            with: "let gravity = UIGravityBehavior(items: [box]); gravity.action = { while true { } }; animator.addBehavior(gravity)")
        let program = try LiveSwift.compile(source: source, fileName: "Looping.swift")
        let entry = LessonDirectory.Entry(program: program, code: source)
        let directory = LessonDirectory(entries: [entry, fakeDirectory.entry(withID: "fake-moving")!])
        let live = room(entry, directory)
        let other = room(directory.entry(withID: "fake-moving")!, directory)
        _ = live.join(connection: 1, name: "", now: 0)
        _ = other.join(connection: 2, name: "", now: 0)
        var slowest = 0.0
        for _ in 0..<30 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = live.tick()
            slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            let before = other.frameSequence
            _ = other.tick()
            #expect(other.frameSequence == before + 1)
        }
        let error = try #require((live.lesson as? LiveLesson)?.runtimeError)
        #expect(error.message.contains("more than 20 ms in one callback"), "\(error)")
        // One short budget, not viewDidLoad's 250 ms (generous for a loaded machine).
        #expect(slowest < 0.2, "the looping room's slowest tick took \(slowest) s")
    }
}
