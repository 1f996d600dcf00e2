import Foundation
import Lessons

/// A room that shows whether rooms step at the same time: each step waits (up to 40 ms, more
/// than two ticks) for another `fixture-overlap` room's step to be under way at the same moment,
/// and the item's `x` counts the steps that met one. Rooms on one worker step one after the
/// other and never meet (x stays 0, and each step waits in vain); rooms on two workers meet.
/// For the tests only (`--fixture-lessons`): its steps block their worker.
public final class FixtureOverlapLesson: FixtureLesson {
    public static let info = LessonInfo(
        id: "fixture-overlap", title: "Overlap (fixture)", summary: "Counts steps taken at the same time as another room's.",
        order: 1004, gestures: [], sourceFileName: "FixtureOverlapLesson.swift")

    public private(set) var elapsedTime: TimeInterval = 0
    /// Steps of this room that met another room's step.
    public private(set) var meetings = 0

    public init() {}

    public var items: [SceneItem] {
        [
            SceneItem(
                id: 1, name: "meetings", shape: .rect, size: CGSize(width: 10, height: 10), color: "#000000",
                center: CGPoint(x: Double(meetings), y: 0))
        ]
    }

    public func advance(by dt: TimeInterval) {
        elapsedTime += dt
        if Self.meeting.step(waitingUpTo: 0.040) { meetings += 1 }
    }

    public var isAtRest: Bool { false }

    private static let meeting = Meeting()

    /// Steps under way in every `fixture-overlap` room of the process.
    private final class Meeting: @unchecked Sendable {
        private let condition = NSCondition()
        private var inside = 0
        private var arrivals = 0

        /// Enters a step; true when another step was under way at some moment of this one.
        func step(waitingUpTo seconds: Double) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            inside += 1
            arrivals += 1
            let arrivedAs = arrivals
            var met = inside > 1
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !met {
                // Someone else arrived after this step began: they overlapped.
                if arrivals != arrivedAs { met = true; break }
                if !condition.wait(until: deadline) { break }
            }
            inside -= 1
            return met
        }
    }
}
