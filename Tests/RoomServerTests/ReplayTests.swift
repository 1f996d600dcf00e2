import Foundation
import Lessons
import RoomServer
import Testing

/// A room records everything that changes it, and any moment of that recording is shown again
/// bit for bit: by playing it, by seeking back and forth, after its memory budget thinned it.
struct ReplayTests {
    static let directory = LessonDirectory(LessonCatalog.all, code: LessonCatalog.sourceCode(of:))

    /// The frames a live run made: after each step, and where the lesson started again.
    struct LiveRun {
        var stepped: [Int: [UInt8]] = [:]
        var restarted: [Int: [UInt8]] = [0: []]
    }

    static func payload(_ frame: WireBuffer) -> [UInt8] { Array(frame.bytes.dropFirst(StateFrame.headerSize)) }

    /// `seekSlice` 60: every seek is answered at once (a debug build steps slowly).
    static func makeRoom(_ lesson: String, budget: Int = ServerLimits().recordingBudgetBytes, seekSlice: Double = 60) -> Room {
        var limits = ServerLimits()
        limits.recordingBudgetBytes = budget
        limits.setsPerSecondPerRoom = 1000
        limits.resetsPerSecondPerRoom = 1000
        limits.timeControlsPerSecondPerRoom = 1e9
        limits.seekSliceSeconds = seekSlice
        var random = SystemRandomNumberGenerator()
        let room = Room(
            id: "ABCDEF", kind: .classRoom(code: "ABCDEF"), lesson: directory.entry(withID: lesson)!,
            directory: directory, limits: limits, now: 0, random: &random)
        _ = room.join(connection: 1, name: "Teacher", asOpener: true, now: 0)
        _ = room.join(connection: 2, name: "Student", now: 0)
        return room
    }

    @discardableResult
    static func control(_ room: Room, _ action: ControlAction, now: Int64 = 0) -> [RoomOutput] {
        let result = room.handle(.message(.control(action)), from: 1, now: now)
        guard case .success(let outputs) = result else {
            Issue.record("control \(action) failed: \(result)")
            return []
        }
        return outputs
    }

    /// Drives a room with a script of gestures, parameter changes and restarts, one step per
    /// tick (stepping by hand, so the lesson moves whether or not it would rest).
    static func drive(_ room: Room, ticks: Int, from start: Int = 0, restartEvery: Int = 200) -> LiveRun {
        var run = LiveRun()
        run.restarted[room.liveTick] = payload(room.newestFrame)
        let size = room.lessonEntry.info.bounds
        let w = Double(size.width), h = Double(size.height)
        for t in start..<(start + ticks) {
            let now = Int64(t) * 16_667
            var message: ClientMessage?
            switch t % restartEvery {
            case 10: message = .tap(x: w / 2, y: h / 3)
            case 40: message = .pan(.began, x: w / 2, y: h / 3)
            case 41...69: message = .pan(.changed, x: w / 2 + Double(t % 200 - 40) * 2, y: h / 3 + Double(t % 200 - 40))
            case 70: message = .pan(.ended, x: w / 2 + 60, y: h / 3 + 30)
            case 100: message = .push(x: w * 0.6, y: h / 2, dx: 30, dy: -20)
            case 120: message = .tap(x: w / 4, y: h / 2)
            case 130:
                if let param = room.lesson.parameters.first {
                    message = .set(param: param.name, value: (param.min + param.max) / 2)
                }
            default: break
            }
            if let message { _ = room.handle(message, from: 1, now: now) }
            if t % restartEvery == restartEvery - 1 {
                _ = room.handle(.reset, from: 1, now: now)
                run.restarted[room.liveTick] = payload(room.newestFrame)
            }
            control(room, .step(ticks: 1), now: now)
            run.stepped[room.liveTick] = payload(room.newestFrame)
        }
        return run
    }

    /// What the room shows now should be what the live run showed at that moment.
    static func expectShows(_ room: Room, _ run: LiveRun, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let tick = room.shownTick
        let atStart = room.shown.map { $0.step == 0 } ?? false
        let expected = atStart ? run.restarted[tick] : run.stepped[tick]
        #expect(expected != nil, "\(context): nothing recorded at \(tick)", sourceLocation: sourceLocation)
        #expect(payload(room.newestFrame) == expected, "\(context): frame at tick \(tick) differs", sourceLocation: sourceLocation)
    }

    @Test(arguments: LessonCatalog.all.map { $0.info.id })
    func aReplayShowsEveryFrameOfTheLiveRunAndSeekingBackThenForwardLandsOnTheSameState(lesson: String) throws {
        let room = Self.makeRoom(lesson)
        let run = Self.drive(room, ticks: 460)
        let live = room.liveTick
        #expect(live == 460)
        #expect(room.recording.epochs.count == 3)

        // Play the whole recording from its first moment: every frame is the live run's, marked past.
        Self.control(room, .seek(time: 0))
        Self.expectShows(room, run, "\(lesson) at the start")
        #expect(room.newestFrame.bytes[1] & StateFrame.pastFlag != 0)
        Self.control(room, .play)
        var guardCount = 0
        while room.shown != nil, guardCount < 2000 {
            _ = room.tick()
            guardCount += 1
            if room.shown != nil { Self.expectShows(room, run, "\(lesson) playing") }
        }
        #expect(room.shown == nil, "\(lesson): playing reached the live moment")
        #expect(room.newestFrame.bytes[1] & StateFrame.pastFlag == 0)
        #expect(Self.payload(room.newestFrame) == run.stepped[live])

        // Seek back, step forward; seek further back (a new replay of the epoch); step back; cross a restart.
        for (target, steps) in [(150, 12), (60, 3), (390, 20), (199, 3)] {
            Self.control(room, .seek(time: Double(target) / 60))
            Self.expectShows(room, run, "\(lesson) seek \(target)")
            for _ in 0..<steps {
                Self.control(room, .step(ticks: 1))
                Self.expectShows(room, run, "\(lesson) step forward")
            }
            Self.control(room, .step(ticks: -5))
            Self.expectShows(room, run, "\(lesson) step back")
        }
        Self.control(room, .live)
        #expect(room.shown == nil)
        #expect(Self.payload(room.newestFrame) == run.stepped[live])
    }

    /// A seek that needs more stepping than a slice of the worker's time goes on over the next
    /// ticks (the other rooms of the worker keep theirs), showing each moment on the way exactly,
    /// and lands where a seek at once lands; any other control ends it.
    @Test func aSeekLongerThanASliceGoesOnTickByTickAndLandsExactly() throws {
        // A slice of 0 s: each slice takes one stride of 8 steps, the first one included.
        let room = Self.makeRoom("snap", seekSlice: 0)
        let run = Self.drive(room, ticks: 460)
        let outputs = Self.control(room, .seek(time: 120.0 / 60))  // the keyframe at 64, then 56 steps
        #expect(room.seekTarget == 120)
        #expect(room.shownTick == 72)
        Self.expectShows(room, run, "the first slice")
        let announced = outputs.contains { output in
            guard case .broadcast(let message) = output else { return false }
            return String(decoding: message.bytes, as: UTF8.self).contains(#""seeking":2"#)
        }
        #expect(announced, "the room message says where the seek is going")
        var ticks = 0
        var last = room.shownTick
        while room.seekTarget != nil, ticks < 20 {
            _ = room.tick()
            ticks += 1
            #expect(room.shownTick > last)
            last = room.shownTick
            Self.expectShows(room, run, "on the way")
        }
        #expect(ticks == 6)
        #expect(room.shownTick == 120)
        #expect(room.seekTarget == nil)
        Self.expectShows(room, run, "landed")
        #expect(!room.isActive, "paused at the moment sought")

        // A step counts from where a seek was going; going live ends a seek on its way.
        Self.control(room, .seek(time: 380.0 / 60))  // epoch 1 from 200: the keyframe at 328, then 52 steps
        #expect(room.seekTarget == 380)
        Self.control(room, .step(ticks: -5))
        while room.seekTarget != nil, ticks < 40 {
            _ = room.tick()
            ticks += 1
        }
        #expect(room.shownTick == 375)
        Self.expectShows(room, run, "a step during a seek")
        Self.control(room, .seek(time: 190.0 / 60))
        #expect(room.seekTarget == 190)
        Self.control(room, .live)
        #expect(room.seekTarget == nil)
        #expect(room.shown == nil)
        #expect(Self.payload(room.newestFrame) == run.stepped[room.liveTick])
    }

    @Test func seekingWorksAfterTheBudgetThinnedTheHashesAndTookTheOlderEpochsKeyframes() throws {
        let room = Self.makeRoom("drops", budget: 16 * 1024)
        let run = Self.drive(room, ticks: 6000, restartEvery: 1000)
        #expect(room.recording.hashStride > 1, "the hashes thinned")
        #expect(room.recording.memoryBytes <= room.recording.budget)
        // The older epochs gave up their keyframes, not their place: the recording still
        // reaches back to the room's first moment, re-running an epoch to reach into it.
        #expect(room.recording.epochs.dropLast().allSatisfy { $0.keyframes.isEmpty })
        let first = try #require(room.recording.firstTick)
        #expect(first == 0)
        #expect(room.timeline.from == Double(first) / 60)
        for target in stride(from: first, through: 6000, by: 377) {
            Self.control(room, .seek(time: Double(target) / 60))
            Self.expectShows(room, run, "thinned, seek \(target)")
        }
        // Before the reach: a clear refusal, and the room still shows what it showed.
        if first > 0 {
            let before = room.shownTick
            let result = room.handle(.message(.control(.step(ticks: -(before - first) - 1))), from: 1, now: 0)
            guard case .failure(let error) = result else {
                Issue.record("stepping before the reach was accepted")
                return
            }
            #expect(error.message.contains("reaches from"))
            #expect(room.shownTick == before)
        }
    }

    @Test func aLongDragOverTheBudgetDropsOlderEpochsAndTheTimelineSaysHowFarBackItReaches() throws {
        let room = Self.makeRoom("attachment", budget: 16 * 1024)
        var run = LiveRun()
        // Epochs of 300 steps, each with a drag every step: about 19 KB of inputs per epoch.
        for t in 0..<1500 {
            let now = Int64(t) * 16_667
            let phase: PanPhase = t % 300 == 0 ? .began : (t % 300 == 299 ? .ended : .changed)
            _ = room.handle(.pan(phase, x: 100 + Double(t % 300) / 3, y: 200), from: 1, now: now)
            if t % 300 == 299 {
                _ = room.handle(.reset, from: 1, now: now)
                run.restarted[room.liveTick] = Self.payload(room.newestFrame)
            }
            Self.control(room, .step(ticks: 1), now: now)
            run.stepped[room.liveTick] = Self.payload(room.newestFrame)
        }
        // Each epoch alone outgrew the budget and was let go; recording starts again at each
        // restart, so the recording now reaches back to the last one (tick 1499).
        let first = try #require(room.recording.firstTick)
        #expect(first == 1499)
        #expect(room.timeline.recording)
        #expect(room.recording.memoryBytes <= room.recording.budget)
        #expect(room.timeline.from * 60 == Double(first))
        Self.control(room, .seek(time: Double(first) / 60))
        Self.expectShows(room, run, "after the drop")
    }

    @Test func playingOnFromThePastBranchesAndDiscardsTheOldFuture() throws {
        let room = Self.makeRoom("snap")
        _ = Self.drive(room, ticks: 180)
        Self.control(room, .seek(time: 1))
        let inputsBefore = room.recording.epochs.last!.inputs.count
        let outputs = Self.control(room, .resume)
        #expect(room.shown == nil)
        #expect(room.liveTick == 60)
        #expect(room.recording.lastTick == 60)
        #expect(room.recording.epochs.last!.inputs.allSatisfy { $0.step < 60 })
        #expect(room.recording.epochs.last!.inputs.count < inputsBefore)
        #expect(!room.paused)
        let events = outputs.compactMap { $0.buffer.map(decode) }.filter { $0["type"] as? String == "event" }
        #expect(events.contains { $0["name"] as? String == "branched" })
        // Gestures act again, and are recorded on the new branch.
        _ = try room.handle(.tap(x: 100, y: 100), from: 2, now: 10_000_000).get()
        #expect(room.recording.epochs.last!.inputs.last?.input == .tap(x: 100, y: 100))
    }

    @Test func slowMotionStepsOnlyOnSomeTicksForEveryoneAndTheRoomSaysSo() throws {
        let room = Self.makeRoom("drops")
        _ = room.handle(.tap(x: 100, y: 100), from: 1, now: 0)
        let outputs = Self.control(room, .speed(0.25))
        let rooms = outputs.compactMap { $0.buffer.map(decode) }.filter { $0["type"] as? String == "room" }
        #expect((rooms.first?["timeline"] as? [String: Any])?["speed"] as? Double == 0.25)
        let before = room.liveTick
        for _ in 0..<40 { _ = room.tick() }
        #expect(room.liveTick - before == 10)
        Self.control(room, .speed(1))
        for _ in 0..<10 { _ = room.tick() }
        #expect(room.liveTick - before == 20)
    }

    @Test func whileThePastIsShownGesturesAreRefusedAndStudentsCannotUseTheControls() throws {
        let room = Self.makeRoom("snap")
        _ = Self.drive(room, ticks: 30)
        Self.control(room, .seek(time: 0.2))
        guard case .failure(let refused) = room.handle(.tap(x: 10, y: 10), from: 2, now: 0) else {
            Issue.record("a tap in the past was accepted")
            return
        }
        #expect(refused.code == .forbidden)
        #expect(refused.message.contains("past"))
        guard case .failure(let student) = room.handle(.control(.live), from: 2, now: 0) else {
            Issue.record("a student went live")
            return
        }
        #expect(student.code == .forbidden)
    }

    @Test func seeksAndStepsAreRateLimitedPerRoom() {
        var limits = ServerLimits()
        limits.timeControlsPerSecondPerRoom = 5
        var random = SystemRandomNumberGenerator()
        let room = Room(
            id: "ABCDEF", kind: .classRoom(code: "ABCDEF"), lesson: Self.directory.entry(withID: "snap")!,
            directory: Self.directory, limits: limits, now: 0, random: &random)
        _ = room.join(connection: 1, name: "Teacher", asOpener: true, now: 0)
        _ = room.handle(.tap(x: 100, y: 500), from: 1, now: 0)
        for _ in 0..<60 { _ = room.tick() }
        let live = room.liveTick
        var refused = 0
        for _ in 0..<30 {
            if case .failure(let error) = room.handle(.control(.step(ticks: -1)), from: 1, now: 0) {
                #expect(error.code == .rateLimited)
                refused += 1
            }
        }
        #expect(refused == 20)
        #expect(room.shownTick == live - 10)
        // Steps forward from the live room replay nothing: only the message rate bounds them.
        _ = room.handle(.control(.live), from: 1, now: 0)
        _ = room.handle(.control(.pause), from: 1, now: 0)
        for _ in 0..<30 {
            #expect((try? room.handle(.control(.step(ticks: 1)), from: 1, now: 0).get()) != nil)
        }
        // A second later the room takes more.
        #expect((try? room.handle(.control(.seek(time: 0)), from: 1, now: 1_000_000).get()) != nil)
    }

    @Test func aLessonRoomHasNoTimeControls() {
        var random = SystemRandomNumberGenerator()
        let room = Room(
            id: "snap", kind: .lesson, lesson: Self.directory.entry(withID: "snap")!, directory: Self.directory,
            limits: ServerLimits(), now: 0, random: &random)
        _ = room.join(connection: 1, name: "", now: 0)
        guard case .failure(let error) = room.handle(.control(.seek(time: 0)), from: 1, now: 0) else {
            Issue.record("a public room was rewound")
            return
        }
        #expect(error.code == .forbidden)
    }

    @Test func aReplayThatStraysFromItsHashesIsReportedNotShown() throws {
        let room = Self.makeRoom("collision")
        _ = Self.drive(room, ticks: 120)
        var epochs = room.recording.epochs
        epochs[0].hashes[59] ^= 1  // the hash after step 60
        let tampered = Recording(epochs: epochs, marks: [], hashStride: room.recording.hashStride, budget: 1 << 20)
        #expect(throws: ReplayError.self) {
            _ = try ReplayCursor(recording: tampered, directory: Self.directory, at: 60)
        }
        var messages: [String] = []
        do {
            try ReplayCursor.walk(tampered, directory: Self.directory, from: 0, to: 120) { _ in }
        } catch {
            messages.append(error.message)
        }
        #expect(messages.first?.contains("strayed") == true)
        #expect(messages.first?.contains("1.0 s") == true)
    }
}

extension ClientMessage {
    /// Lets a test write `.message(.control(...))` where it reads better.
    static func message(_ message: ClientMessage) -> ClientMessage { message }
}
