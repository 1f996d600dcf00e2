import Keyframes
import Lessons

/// How far a room's recording reaches and what it shows: sent in `welcome` and `room`.
public struct TimelineState: Equatable, Sendable, Encodable {
    /// The first moment a seek can reach, in seconds of the room's timeline.
    public var from: Double
    /// The newest moment (the live lesson's).
    public var to: Double
    /// The moment shown.
    public var at: Double
    /// Where on the timeline the shown lesson's own clock (a frame's `time`) reads 0.
    public var start: Double
    /// True while the room shows its newest moment.
    public var live: Bool
    public var speed: Double
    /// False when the recording was let go for memory until the lesson starts again.
    public var recording: Bool
    /// The moment a seek is still on its way to (a heavy scene's), else nil.
    public var seeking: Double? = nil

    public init(
        from: Double, to: Double, at: Double, start: Double, live: Bool, speed: Double, recording: Bool,
        seeking: Double? = nil
    ) {
        self.from = from
        self.to = to
        self.at = at
        self.start = start
        self.live = live
        self.speed = speed
        self.recording = recording
        self.seeking = seeking
    }

    /// The wire's order (docs/protocol.md, `timeline`), which puts `speed` before `live`.
    private enum CodingKeys: String, CodingKey {
        case from, to, at, start, speed, live, recording, seeking
    }
}

/// The time controls (docs/replay.md): slow motion, seek, step back and forth, play the
/// recording, branch, back to live. Everyone in the room sees the same moment at the same speed.
extension Room {
    static func seconds(_ tick: Int) -> Double { Double(tick) / Double(rate) }

    public var timeline: TimelineState {
        let start = shown?.epochStart ?? recording.epochs.last?.startTick ?? liveTick
        return TimelineState(
            from: Self.seconds(recording.firstTick ?? liveTick), to: Self.seconds(liveTick),
            at: Self.seconds(shownTick), start: Self.seconds(start), live: shown == nil, speed: speed,
            recording: !recording.isSuspended, seeking: seekTarget.map(Self.seconds))
    }

    /// The compiler for moments of the recording: the edited code running now is not
    /// compiled again for every seek or step back into it (compiling is deterministic).
    var replayCompiler: LessonCompiler? {
        guard let compiler else { return nil }
        let running = compiled
        let runningSource = source
        return { text, fileName in
            if let running, text == runningSource { return .success(running) }
            return compiler(text, fileName)
        }
    }

    /// Gestures, parameters and restarts act on the live lesson only.
    func checkShowingLive() throws(ProtocolError) {
        try checkWritable()
        guard shown != nil else { return }
        throw ProtocolError(
            .forbidden, "the room is showing a past moment: resume to play on from here, or go live")
    }

    /// The time-control part of `control`, or nil for the actions the live room handles itself.
    func timeControl(_ action: ControlAction) throws(ProtocolError) -> [RoomOutput]? {
        // Any control but a change of speed ends a seek still on its way (a step counts from
        // where that seek was going).
        let pendingTarget = seekTarget
        if case .speed = action {} else { seekTarget = nil }
        switch action {
        case .speed(let value):
            guard value != speed else { return [] }
            speed = value
            speedCredit = 0
            recording.mark("speed", "\(value)x", at: liveTick)
            return roomChanged("speed", "Playing at \(value)x")
        case .seek(let time):
            return try show(tick: Int((time * Double(Self.rate)).rounded()), clamp: true)
        case .step(let ticks):
            guard let cursor = shown else {
                guard ticks < 0 else { return nil }  // forward from live: the live room steps
                return try show(tick: liveTick + ticks, clamp: false)
            }
            let target = (pendingTarget ?? cursor.tick) + ticks
            if target >= liveTick {
                return goLive(running: false)
            }
            return try show(tick: target, clamp: false)
        case .play:
            guard shown != nil else { return resumeLive() }
            guard !isPlayingBack else { return [] }
            isPlayingBack = true
            speedCredit = 0
            encodeFrame()
            return [.broadcast(roomMessage()), .frame]
        case .pause:
            guard shown != nil else { return nil }
            guard isPlayingBack else { return [] }
            isPlayingBack = false
            encodeFrame()
            return [.broadcast(roomMessage()), .frame]
        case .resume:
            guard let cursor = shown else { return nil }
            return branch(from: cursor)
        case .live:
            guard shown != nil else { return paused ? resumeLive() : [] }
            return goLive(running: true)
        case .lock, .unlock, .give, .edit, .show, .lesson, .overlay, .guideStep, .guideCSV:
            return nil
        }
    }

    /// Runs a paused live room again.
    func resumeLive() -> [RoomOutput] {
        guard paused else { return [] }
        paused = false
        awake = true
        return roomChanged("resumed", "Running again")
    }

    /// Shows the moment `tick`, paused: the shown cursor steps on when it can, else a new one
    /// starts its epoch again.
    private func show(tick requested: Int, clamp: Bool) throws(ProtocolError) -> [RoomOutput] {
        guard let first = recording.firstTick else {
            throw ProtocolError(.badValue, "nothing is recorded in this room yet")
        }
        var tick = requested
        if clamp { tick = min(max(tick, first), liveTick) }
        guard tick >= first, tick <= liveTick else {
            throw ProtocolError(.badValue, ReplayCursor.outOfReach(recording, tick))
        }
        let before = shownEntry.info.id
        let wasPast = shown != nil
        var events: [LessonEvent] = []
        do {
            let onTheWay = shown?.canAdvance(to: tick, in: recording) ?? false
            if onTheWay, let cursor = shown, tick - cursor.tick <= 1 {
                // A short step forward shows the events on the way, as playing would.
                events = try cursor.advance(to: tick, in: recording, collectEvents: true)
            } else {
                // From the moment shown when it is on the way, else from the nearest keyframe
                // (restored, nothing stepped yet); then as far as five slices of time allow (most
                // seeks end here, answered at once), the rest tick by tick.
                if !onTheWay { shown = try cursor(at: startingTick(for: tick)) }
                try stepTowards(tick, slices: 5)
            }
        } catch {
            seekTarget = nil
            return diverged(error)
        }
        isPlayingBack = false
        events += pendingKeyframeReports
        pendingKeyframeReports = []
        if !wasPast { recording.mark("rewind", "Back to \(ReplayCursor.seconds(tick)) s", at: liveTick) }
        return events.map { .broadcast(ServerMessage.event($0)) } + displayChanged(from: before)
    }

    /// The tick a cursor for `tick` starts from: its epoch's nearest keyframe at or before it,
    /// else the epoch's start.
    private func startingTick(for tick: Int) -> Int {
        guard let index = recording.epochIndex(at: tick) else { return tick }
        let epoch = recording.epochs[index]
        return epoch.startTick + (epoch.keyframe(atOrBefore: tick - epoch.startTick)?.step ?? 0)
    }

    /// Steps the shown cursor towards `tick` for at most a slice of the thread's CPU time
    /// (`ServerLimits.seekSliceSeconds`: a heavy scene replays slowly, docs/replay.md); what is
    /// left is `seekTarget`, for the next ticks.
    private func stepTowards(_ tick: Int, slices: Double = 1) throws(ReplayError) {
        guard var cursor = shown else { return }
        let deadline = threadCPUNanoseconds() + Int64(min(limits.seekSliceSeconds * slices, 60) * 1e9)
        while cursor.tick < tick {
            do {
                // Every kept hash on the way from a keyframe is checked, as a cursor made at
                // the moment itself checks them (`ReplayCursor.init`).
                try cursor.advance(
                    to: min(tick, cursor.tick + 8), in: recording, collectEvents: false,
                    verifyEveryStep: cursor.keyframe != nil)
            } catch {
                guard cursor.keyframe != nil else { throw error }
                // The keyframe's steps strayed: it is not used; the epoch starts afresh.
                noteKeyframeMismatch(error.message, epochStart: cursor.epochStart)
                cursor = try self.cursor(at: cursor.epochStart)
                shown = cursor
            }
            if cursor.tick < tick, threadCPUNanoseconds() >= deadline {
                seekTarget = tick
                return
            }
        }
        seekTarget = nil
    }

    /// A tick of a seek still on its way: another slice of stepping; the room shows where it
    /// got to, and the moment sought once it is there.
    func continueSeek() -> [RoomOutput] {
        guard let target = seekTarget else { return [] }
        let before = shownEntry.info.id
        do {
            try stepTowards(target)
        } catch {
            seekTarget = nil
            return diverged(error)
        }
        if seekTarget == nil { return displayChanged(from: before) + keyframeReports() }
        // On the way: where it got to (and the items, where the steps added or removed some).
        let scene = sceneIfChanged()
        encodeFrame()
        return scene + [.broadcast(roomMessage()), .frame]
    }

    /// The shown lesson's items and boundaries for everyone, when steps of the shown past
    /// changed them (added or removed items) since they were last sent.
    private func sceneIfChanged() -> [RoomOutput] {
        guard shownLesson.sceneVersion != sceneVersion else { return [] }
        sceneVersion = shownLesson.sceneVersion
        return [.broadcast(ServerMessage.scene(items: shownLesson.items, boundaries: shownLesson.boundaries))]
    }

    /// One step of the recording while it plays: the shown cursor goes on (into the next epoch
    /// where one starts), and at the newest moment the room is live again.
    func playbackStep() -> [RoomOutput] {
        guard let cursor = shown else { return [] }
        if cursor.tick >= liveTick { return goLive(running: true) }
        let before = shownEntry.info.id
        do {
            if cursor.canStep(in: recording) {
                let events = try cursor.advance(
                    to: cursor.tick + 1, in: recording, collectEvents: true, verifyEveryStep: true)
                var outputs: [RoomOutput] = events.map { .broadcast(ServerMessage.event($0)) }
                outputs += sceneIfChanged()
                encodeFrame()
                outputs.append(.frame)
                if cursor.tick >= liveTick { outputs += goLive(running: true) }
                return outputs
            }
            // The lesson started again at this tick: show the fresh start of the next epoch.
            shown = try self.cursor(at: cursor.tick)
            return displayChanged(from: before) + keyframeReports()
        } catch {
            return diverged(error)
        }
    }

    /// Back to the newest moment; the live lesson waited untouched, so this costs nothing.
    func goLive(running: Bool) -> [RoomOutput] {
        let before = shownEntry.info.id
        leavePast()
        paused = !running || readOnlyReason != nil
        awake = true
        recording.mark("live", "Back to live", at: liveTick)
        return displayChanged(from: before)
    }

    /// A cursor at `tick`. A keyframe of the live lesson's epoch is restored into the live
    /// lesson's own objects, so the live moment is kept first (`leavePast` puts it back). A
    /// keyframe that disagreed with the recording is reported and its epoch's keyframes dropped.
    func cursor(at tick: Int) throws(ReplayError) -> ReplayCursor {
        if liveKeyframe == nil {
            liveKeyframe = Keyframe(capturing: lesson, step: liveTick - (recording.epochs.last?.startTick ?? 0))
        }
        let cursor: ReplayCursor
        do {
            cursor = try ReplayCursor(
                recording: recording, directory: directory, compiler: replayCompiler, at: tick, restoringKeyframes: true)
        } catch {
            // Nothing is shown instead: the live lesson must be as it was.
            if shown == nil {
                liveKeyframe?.restore()
                liveKeyframe = nil
            }
            throw error
        }
        if let mismatch = cursor.keyframeMismatch { noteKeyframeMismatch(mismatch, epochStart: cursor.epochStart) }
        return cursor
    }

    /// A keyframe disagreed with the recording: counted, reported, and its epoch's keyframes
    /// dropped (the moment is rebuilt from the epoch's start).
    private func noteKeyframeMismatch(_ mismatch: String, epochStart: Int) {
        keyframeMismatches += 1
        recording.dropKeyframes(epochStartingAt: epochStart)
        pendingKeyframeReports.append(
            LessonEvent(
                name: "replay-rebuilt",
                text: "A keyframe did not match the recording (\(mismatch)); the moment was rebuilt from the lesson's start"))
    }

    private func keyframeReports() -> [RoomOutput] {
        defer { pendingKeyframeReports = [] }
        return pendingKeyframeReports.map { .broadcast(ServerMessage.event($0)) }
    }

    /// Stops showing the past (the live lesson is shown again), without messages.
    func leavePast() {
        liveKeyframe?.restore()
        liveKeyframe = nil
        shown = nil
        seekTarget = nil
        isPlayingBack = false
        sceneVersion = lesson.sceneVersion
    }

    /// Plays on from a past moment: the shown lesson becomes the live one and everything the
    /// recording held after that moment is discarded (docs/replay.md says why).
    private func branch(from cursor: ReplayCursor) -> [RoomOutput] {
        recording.truncate(at: cursor.tick)
        // The moment shown is the new present: the old live moment is not put back.
        liveKeyframe = nil
        lesson = cursor.lesson
        lessonEntry = cursor.entry
        source = cursor.source
        compiled = cursor.compiled
        liveTick = cursor.tick
        shown = nil
        seekTarget = nil
        isPlayingBack = false
        paused = false
        awake = true
        sceneVersion = lesson.sceneVersion
        let at = ReplayCursor.seconds(liveTick)
        recording.mark("branch", "Played on from \(at) s", at: liveTick)
        encodeFrame()
        return [
            .broadcast(roomMessage()),
            .broadcast(
                ServerMessage.event(
                    LessonEvent(name: "branched", text: "Playing on from \(at) s; what followed is discarded"))),
            .frame,
        ]
    }

    /// After the shown lesson changed: everyone gets the new scene, parameters and timeline (a
    /// whole welcome when the lesson itself differs) and the frame.
    func displayChanged(from previousLesson: String) -> [RoomOutput] {
        sceneVersion = shownLesson.sceneVersion
        encodeFrame()
        if shownEntry.info.id != previousLesson {
            return members.flatMap { [.send($0.connection, welcome(for: $0)), .sendFrame($0.connection)] }
        }
        return [
            .broadcast(ServerMessage.scene(items: shownLesson.items, boundaries: shownLesson.boundaries)),
            .broadcast(ServerMessage.params(shownLesson.parameters)),
            .broadcast(roomMessage()), .frame,
        ]
    }

    /// A replay that strayed from its recording is stopped and reported, never shown as if true.
    private func diverged(_ error: ReplayError) -> [RoomOutput] {
        isPlayingBack = false
        encodeFrame()
        return [
            .broadcast(ServerMessage.event(LessonEvent(name: "replay-failed", text: error.message))),
            .broadcast(roomMessage()), .frame,
        ]
    }

    /// Makes this new room play a recording read from a file: it opens at the recording's
    /// first moment, paused; the live lesson is its newest moment.
    func openRecording(_ opened: Recording) {
        recording = opened
        guard let last = opened.lastTick,
            let newest = try? ReplayCursor(recording: opened, directory: directory, compiler: replayCompiler, at: last),
            let first = opened.firstTick
        else { return }
        lesson = newest.lesson
        lessonEntry = newest.entry
        source = newest.source
        compiled = newest.compiled
        liveTick = last
        shown = try? ReplayCursor(recording: opened, directory: directory, compiler: replayCompiler, at: first)
        paused = true
        sceneVersion = shownLesson.sceneVersion
        encodeFrame()
    }
}
