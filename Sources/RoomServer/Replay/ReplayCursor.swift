import Lessons

/// Why a recording cannot be played (or a moment of it cannot be shown): the message is what
/// the user reads.
public struct ReplayError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// A lesson instance standing at one moment of a recording.
///
/// It is made by starting the moment's epoch afresh and applying the recorded inputs at their
/// steps: the engine is deterministic, so this is bit for bit the state the room had. Moving
/// forward within the epoch goes on from where it stands; moving back starts the epoch again.
public final class ReplayCursor {
    public let entry: LessonDirectory.Entry
    public private(set) var lesson: any Lesson
    /// The room-timeline tick its epoch starts at: the epoch's identity while older epochs go.
    public let epochStart: Int
    /// Steps taken in the epoch.
    public private(set) var step = 0
    private var nextInput = 0

    /// The tick the cursor shows.
    public var tick: Int { epochStart + step }

    /// A cursor at `tick` of `recording`, or why there cannot be one.
    public init(recording: Recording, directory: LessonDirectory, at tick: Int) throws(ReplayError) {
        guard let index = recording.epochIndex(at: tick) else {
            throw ReplayError(Self.outOfReach(recording, tick))
        }
        let epoch = recording.epochs[index]
        guard let entry = directory.entry(withID: epoch.lessonID) else {
            throw ReplayError("the recording plays lesson \(epoch.lessonID), which this server does not have")
        }
        self.entry = entry
        lesson = entry.make()
        epochStart = epoch.startTick
        // The room reads a new lesson's items at once (its first frame), which numbers them:
        // do the same, so that items get the same ids in the same order.
        _ = lesson.items
        _ = lesson.drainEvents()
        try advance(to: tick, in: recording, collectEvents: false)
    }

    static func outOfReach(_ recording: Recording, _ tick: Int) -> String {
        guard let first = recording.firstTick, let last = recording.lastTick else {
            return "nothing is recorded yet"
        }
        return "the recording reaches from \(seconds(first)) s to \(seconds(last)) s; \(seconds(tick)) s is outside it"
    }

    static func seconds(_ tick: Int) -> String {
        let value = Double(tick) / Double(Room.rate)
        return String((value * 1000).rounded() / 1000)
    }

    /// True when the cursor can reach `tick` by stepping forward (`tick` shows its epoch).
    public func canAdvance(to tick: Int, in recording: Recording) -> Bool {
        tick >= self.tick && recording.epochIndex(at: tick).map { recording.epochs[$0].startTick == epochStart } == true
    }

    /// True when its epoch goes on after the moment shown; else the next moment is where the
    /// lesson started again (a newer epoch).
    public func canStep(in recording: Recording) -> Bool {
        recording.epochIndex(startingAt: epochStart).map { tick < recording.epochs[$0].endTick } ?? false
    }

    /// Steps forward to `tick` of this cursor's epoch, applying the inputs recorded on the way.
    /// Returns the lesson's events when `collectEvents` (a playback shows them), else none.
    /// Throws when the epoch is gone or a kept state hash disagrees (the replay strayed).
    @discardableResult
    public func advance(
        to tick: Int, in recording: Recording, collectEvents: Bool, verifyEveryStep: Bool = false
    ) throws(ReplayError) -> [LessonEvent] {
        guard let index = recording.epochIndex(startingAt: epochStart) else {
            throw ReplayError("that part of the recording is no longer kept")
        }
        let epoch = recording.epochs[index]
        let target = tick - epochStart
        guard target >= step, target <= epoch.steps else { throw ReplayError(Self.outOfReach(recording, tick)) }
        var events: [LessonEvent] = []
        while step < target {
            while nextInput < epoch.inputs.count, epoch.inputs[nextInput].step <= step {
                do {
                    let version = lesson.sceneVersion
                    try epoch.inputs[nextInput].input.apply(to: lesson)
                    // As the room does after an input that changed the scene (its frame reads the items).
                    if lesson.sceneVersion != version { _ = lesson.items }
                } catch {
                    throw ReplayError("the recording sets a value this lesson refuses: \(error.message)")
                }
                nextInput += 1
            }
            lesson.advance(by: Room.tickSeconds)
            step += 1
            if collectEvents { events += lesson.drainEvents() } else { _ = lesson.drainEvents() }
            if verifyEveryStep || step == target, let expected = recording.hash(epoch: index, step: step) {
                let actual = StateHash.of(lesson)
                guard actual == expected else {
                    throw ReplayError(
                        "the replay strayed from the recording at \(Self.seconds(self.tick)) s (state hash "
                            + "\(String(actual, radix: 16)), recorded \(String(expected, radix: 16)))")
                }
            }
        }
        return events
    }
}

/// What a walk through a recording meets at each step.
public struct ReplayMoment {
    public var tick: Int
    public var lesson: any Lesson
    public var entry: LessonDirectory.Entry
    /// The lesson's events during the step that led here.
    public var events: [LessonEvent]
    /// True at the first moment of an epoch met on the way (the lesson started again here).
    public var restarted: Bool
}

extension ReplayCursor {
    /// Plays `recording` from `from` to `to` (ticks), calling `body` at the first moment and after
    /// every step; each step's state hash is checked where one was kept. Crosses into later
    /// epochs as the room did when its lesson started again.
    public static func walk(
        _ recording: Recording, directory: LessonDirectory, from: Int, to: Int,
        _ body: (ReplayMoment) throws(ReplayError) -> Void
    ) throws(ReplayError) {
        var cursor = try ReplayCursor(recording: recording, directory: directory, at: from)
        try body(ReplayMoment(tick: cursor.tick, lesson: cursor.lesson, entry: cursor.entry, events: [], restarted: false))
        while cursor.tick < to {
            if cursor.canStep(in: recording) {
                let events = try cursor.advance(
                    to: cursor.tick + 1, in: recording, collectEvents: true, verifyEveryStep: true)
                try body(
                    ReplayMoment(tick: cursor.tick, lesson: cursor.lesson, entry: cursor.entry, events: events, restarted: false))
            } else {
                let next = try ReplayCursor(recording: recording, directory: directory, at: cursor.tick)
                guard next.epochStart != cursor.epochStart else {
                    throw ReplayError(outOfReach(recording, cursor.tick + 1))
                }
                cursor = next
                try body(ReplayMoment(tick: cursor.tick, lesson: cursor.lesson, entry: cursor.entry, events: [], restarted: true))
            }
        }
    }
}
