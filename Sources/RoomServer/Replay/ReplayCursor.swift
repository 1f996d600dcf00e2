import Keyframes
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
/// It is made by restoring the nearest keyframe at or before the moment (the objects the
/// keyframe was taken from are put back as they were) and applying the recorded inputs from
/// there, or, where the epoch has no keyframe before the moment, by starting the epoch afresh:
/// the engine is deterministic, so either way this is bit for bit the state the room had. The
/// state hash recorded at the keyframe and at every kept step after it is checked; a keyframe
/// that disagrees is not used (`keyframeMismatch` says so) and the moment is rebuilt from the
/// epoch's start. Moving forward within the epoch goes on from where it stands; moving back
/// starts again from a keyframe.
public final class ReplayCursor {
    public let entry: LessonDirectory.Entry
    /// The edited code the moment's epoch ran (nil: the lesson's own), compiled again.
    public let source: String?
    public let compiled: CompiledLesson?
    public private(set) var lesson: any Lesson
    /// The room-timeline tick its epoch starts at: the epoch's identity while older epochs go.
    public let epochStart: Int
    /// Steps taken in the epoch.
    public private(set) var step = 0
    private var nextInput = 0
    /// The keyframe the cursor started from, if it started from one that agreed with the recording.
    public private(set) var keyframe: Keyframe?
    /// Why a keyframe of the epoch was not used (it disagreed with a recorded hash), if one was not.
    public private(set) var keyframeMismatch: String?

    /// The tick the cursor shows.
    public var tick: Int { epochStart + step }

    /// A cursor at `tick` of `recording`, or why there cannot be one. With `restoringKeyframes`
    /// it starts from the recording's keyframes, which writes into the objects they were taken
    /// from (the room's live lesson among them): only the room that owns the recording may ask
    /// that (`Room.cursor(at:)`); anyone else (a CSV export, a headless replay) re-runs the epoch
    /// in a lesson of its own. The room asks for a keyframe's moment or an epoch's start and
    /// steps on from there in slices, so when the keyframe disagrees (`keyframeMismatch`) its
    /// cursor stands at the epoch's start, not re-run to `tick` in one piece.
    public init(
        recording: Recording, directory: LessonDirectory, compiler: LessonCompiler? = nil, at tick: Int,
        restoringKeyframes: Bool = false
    ) throws(ReplayError) {
        guard let index = recording.epochIndex(at: tick) else {
            throw ReplayError(Self.outOfReach(recording, tick))
        }
        let epoch = recording.epochs[index]
        guard let entry = directory.entry(withID: epoch.lessonID) else {
            throw ReplayError("the recording plays lesson \(epoch.lessonID), which this server does not have")
        }
        self.entry = entry
        source = epoch.source
        if let source = epoch.source {
            guard let compiler else {
                throw ReplayError("that moment ran edited code, which this server cannot run (it has no Swift interpreter)")
            }
            switch compiler(source, entry.info.sourceFileName) {
            case .success(let program): compiled = program
            case .failure(let failure):
                let why = failure.diagnostics.first.map { "line \($0.line): \($0.message)" } ?? "it does not compile"
                throw ReplayError("that moment ran edited code that no longer compiles here (\(why))")
            }
        } else {
            compiled = nil
        }
        epochStart = epoch.startTick
        if restoringKeyframes, let keyframe = epoch.keyframe(atOrBefore: tick - epoch.startTick), let restored = keyframe.root as? any Lesson {
            lesson = restored
            do {
                try start(from: keyframe, epoch: index, in: recording)
                try advance(to: tick, in: recording, collectEvents: false, verifyEveryStep: true)
                self.keyframe = keyframe
                return
            } catch {
                keyframeMismatch = error.message
            }
        }
        lesson = compiled?.make() ?? entry.make()
        step = 0
        nextInput = 0
        // The room reads a new lesson's items at once (its first frame), which numbers them:
        // do the same, so that items get the same ids in the same order.
        _ = lesson.poses
        _ = lesson.drainEvents()
        try advance(to: restoringKeyframes ? epochStart : tick, in: recording, collectEvents: false)
    }

    /// Puts the lesson back to `keyframe` and checks it against the hash recorded for that step.
    private func start(from keyframe: Keyframe, epoch index: Int, in recording: Recording) throws(ReplayError) {
        keyframe.restore()
        step = keyframe.step
        // Inputs recorded at the keyframe's step came after it was taken (it is taken right after the step).
        let inputs = recording.epochs[index].inputs
        var low = 0, high = inputs.count
        while low < high {
            let mid = (low + high) / 2
            if inputs[mid].step < step { low = mid + 1 } else { high = mid }
        }
        nextInput = low
        _ = lesson.drainEvents()
        if let expected = recording.hash(epoch: index, step: step) {
            let actual = StateHash.of(lesson)
            guard actual == expected else {
                throw ReplayError(
                    "the keyframe at \(Self.seconds(tick)) s disagrees with the recording (state hash "
                        + "\(String(actual, radix: 16)), recorded \(String(expected, radix: 16)))")
            }
        }
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

    /// True when the cursor can reach `tick` by stepping forward (`tick` shows its epoch) and no
    /// keyframe lies between (restoring that one would take fewer steps).
    public func canAdvance(to tick: Int, in recording: Recording) -> Bool {
        guard tick >= self.tick, let index = recording.epochIndex(at: tick), recording.epochs[index].startTick == epochStart
        else { return false }
        return (recording.epochs[index].keyframe(atOrBefore: tick - epochStart)?.step ?? 0) <= step
    }

    /// True when its epoch goes on after the moment shown; else the next moment is where the
    /// lesson started again (a newer epoch).
    public func canStep(in recording: Recording) -> Bool {
        recording.epochIndex(startingAt: epochStart).map { tick < recording.epochs[$0].endTick } ?? false
    }

    /// Applies the epoch's inputs recorded after the step the cursor stands at (those the room
    /// applied before its next step).
    private func applyInputs(of epoch: RecordingEpoch) throws(ReplayError) {
        while nextInput < epoch.inputs.count, epoch.inputs[nextInput].step <= step {
            do {
                let version = lesson.sceneVersion
                try epoch.inputs[nextInput].input.apply(to: lesson)
                // As the room does after an input that changed the scene (its frame reads the items).
                if lesson.sceneVersion != version { _ = lesson.poses }
            } catch {
                throw ReplayError("the recording sets a value this lesson refuses: \(error.message)")
            }
            nextInput += 1
        }
    }

    /// Makes the cursor's lesson the live one at the end of its epoch: the inputs the room took
    /// after its newest step are applied, as they were to the live lesson (a room brought back
    /// from the store, `Room.restore`).
    func takeInputsAfterNewestStep(in recording: Recording) throws(ReplayError) {
        guard let index = recording.epochIndex(startingAt: epochStart) else { return }
        try applyInputs(of: recording.epochs[index])
        _ = lesson.drainEvents()
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
            try applyInputs(of: epoch)
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
        _ recording: Recording, directory: LessonDirectory, compiler: LessonCompiler? = nil, from: Int, to: Int,
        _ body: (ReplayMoment) throws(ReplayError) -> Void
    ) throws(ReplayError) {
        var cursor = try ReplayCursor(recording: recording, directory: directory, compiler: compiler, at: from)
        try body(ReplayMoment(tick: cursor.tick, lesson: cursor.lesson, entry: cursor.entry, events: [], restarted: false))
        while cursor.tick < to {
            if cursor.canStep(in: recording) {
                let events = try cursor.advance(
                    to: cursor.tick + 1, in: recording, collectEvents: true, verifyEveryStep: true)
                try body(
                    ReplayMoment(tick: cursor.tick, lesson: cursor.lesson, entry: cursor.entry, events: events, restarted: false))
            } else {
                let next = try ReplayCursor(recording: recording, directory: directory, compiler: compiler, at: cursor.tick)
                guard next.epochStart != cursor.epochStart else {
                    throw ReplayError(outOfReach(recording, cursor.tick + 1))
                }
                cursor = next
                try body(ReplayMoment(tick: cursor.tick, lesson: cursor.lesson, entry: cursor.entry, events: [], restarted: true))
            }
        }
    }
}
