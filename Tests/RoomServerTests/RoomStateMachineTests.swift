import Foundation
import Lessons
import RoomServer
import Testing

/// A room as a state machine: inputs in, outputs out, time passed by hand.
struct RoomStateMachineTests {
    func makeRoom(classRoom: Bool = false, limits: ServerLimits = ServerLimits()) -> Room {
        var random = SystemRandomNumberGenerator()
        return Room(
            id: classRoom ? "ABCDEF" : "fake-moving", kind: classRoom ? .classRoom(code: "ABCDEF") : .lesson,
            lesson: fakeDirectory.entry(withID: "fake-moving")!, directory: fakeDirectory, limits: limits, now: 0,
            random: &random)
    }

    func types(_ outputs: [RoomOutput]) -> [String] {
        outputs.map { output in
            switch output {
            case .frame: "frame"
            case .sendFrame: "sendFrame"
            default: type(of: output.buffer!) ?? "?"
            }
        }
    }

    func error(_ result: Result<[RoomOutput], ProtocolError>) -> ErrorCode? {
        if case .failure(let error) = result { return error.code }
        return nil
    }

    @Test func aJoinerGetsWelcomeThenTheNewestFrameAndTheOthersGetPresence() {
        let room = makeRoom()
        #expect(types(room.join(connection: 1, name: "Ada", now: 0)) == ["welcome", "sendFrame", "presence"])
        let outputs = room.join(connection: 2, name: "", now: 0)
        guard case .send(2, let welcome) = outputs[0], case .sendExcept(let presence, 2) = outputs[2] else {
            Issue.record("unexpected outputs")
            return
        }
        let state = decode(welcome)
        #expect(state["role"] as? String == "student")
        #expect(state["you"] as? Int == 2)
        #expect(state["clients"] as? Int == 2)
        #expect((state["members"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Ada", "Guest 2"])
        #expect((state["lesson"] as? [String: Any])?["code"] as? String == "// fake-moving")
        #expect(decode(presence)["clients"] as? Int == 2)
    }

    @Test func eachTickAdvancesTheLessonByOneSixtiethAndRaisesTheSequenceByOne() {
        let room = makeRoom()
        _ = room.join(connection: 1, name: "", now: 0)
        let lesson = room.lesson as! FakeMovingLesson
        let first = room.frameSequence
        #expect(types(room.tick()) == ["frame"])
        #expect(room.frameSequence == first + 1)
        #expect(abs(lesson.elapsedTime - 1.0 / 60) < 1e-12)
        _ = room.tick()
        #expect(room.frameSequence == first + 2)
        #expect(abs(lesson.x - 2.0) < 1e-9)
    }

    @Test func anEmptyRoomAndARoomAtRestCostNothingUntilAGestureWakesThem() {
        let room = makeRoom()
        #expect(!room.isActive)
        #expect(room.tick().isEmpty)
        _ = room.join(connection: 1, name: "", now: 0)
        var ticks = 0
        while room.isActive, ticks < 100 {
            _ = room.tick()
            ticks += 1
        }
        #expect(ticks == 30)  // 0.5 s at 60 Hz, then at rest
        let resting = room.frameSequence
        #expect(room.tick().isEmpty)
        #expect(room.frameSequence == resting)
        // A tap wakes it: the scene changed (a new item), so scene + frame go out at once.
        let outputs = try! room.handle(.tap(x: 10, y: 10), from: 1, now: 0).get()
        #expect(types(outputs) == ["event", "scene", "frame"])
        #expect(room.isActive)
    }

    @Test func aPanOrPushReachesTheLessonAndWakesTheRoom() throws {
        let room = makeRoom()
        _ = room.join(connection: 1, name: "", now: 0)
        let lesson = room.lesson as! FakeMovingLesson
        _ = try room.handle(.pan(.began, x: 5, y: 6), from: 1, now: 0).get()
        _ = try room.handle(.push(x: 1, y: 2, dx: 3, dy: 4), from: 1, now: 0).get()
        #expect(lesson.pans.first?.0 == .began)
        #expect(lesson.pans.first?.1 == CGPoint(x: 5, y: 6))
        #expect(lesson.pushes.first?.1 == CGVector(dx: 3, dy: 4))
    }

    @Test func pointsFarOutsideTheViewAreBadValueAndNotApplied() {
        let room = makeRoom()
        _ = room.join(connection: 1, name: "", now: 0)
        let lesson = room.lesson as! FakeMovingLesson
        #expect(error(room.handle(.tap(x: -400, y: 0), from: 1, now: 0)) == .badValue)
        #expect(error(room.handle(.tap(x: 0, y: 2000), from: 1, now: 0)) == .badValue)
        #expect(error(room.handle(.push(x: 0, y: 0, dx: 1e6, dy: 0), from: 1, now: 0)) == .badValue)
        #expect(lesson.taps.isEmpty && lesson.pushes.isEmpty)
        #expect(error(room.handle(.tap(x: -300, y: 1300), from: 1, now: 0)) == nil)
    }

    @Test func setRefusesUnknownNamesAndOutOfRangeValuesAndBroadcastsParamsOtherwise() throws {
        let room = makeRoom()
        _ = room.join(connection: 1, name: "", now: 0)
        #expect(error(room.handle(.set(param: "gravity", value: 1), from: 1, now: 0)) == .badValue)
        #expect(error(room.handle(.set(param: "strength", value: 3), from: 1, now: 0)) == .badValue)
        #expect((room.lesson as! FakeMovingLesson).strength == 1)
        let outputs = try room.handle(.set(param: "strength", value: 1.5), from: 1, now: 0).get()
        #expect(types(outputs) == ["params"])
        #expect((room.lesson as! FakeMovingLesson).strength == 1.5)
    }

    @Test func resetMakesANewLessonAndTellsEveryoneButIsRateLimitedPerRoom() throws {
        let room = makeRoom()
        _ = room.join(connection: 1, name: "", now: 0)
        let old = room.lesson as! FakeMovingLesson
        #expect(types(try room.handle(.reset, from: 1, now: 0).get()) == ["room", "event", "scene", "params", "frame"])
        #expect(room.lesson !== old)
        _ = try room.handle(.reset, from: 1, now: 0).get()
        #expect(error(room.handle(.reset, from: 1, now: 0)) == .rateLimited)
        #expect(error(room.handle(.reset, from: 1, now: 1_000_000)) == nil)
    }

    @Test func aLessonRoomHasNoInstructorToControlOrClaim() {
        let room = makeRoom()
        _ = room.join(connection: 1, name: "", asOpener: true, now: 0)
        #expect(room.member(for: 1)?.role == .student)
        #expect(error(room.handle(.control(.pause), from: 1, now: 0)) == .forbidden)
        #expect(error(room.handle(.claim(key: "x"), from: 1, now: 0)) == .forbidden)
    }

    @Test func onlyTheInstructorControlsAClassRoom() throws {
        let room = makeRoom(classRoom: true)
        _ = room.join(connection: 1, name: "T", asOpener: true, now: 0)
        _ = room.join(connection: 2, name: "S", now: 0)
        #expect(room.member(for: 1)?.role == .instructor)
        for action in [ControlAction.pause, .resume, .step(ticks: 1), .step(ticks: -1), .speed(0.5), .seek(time: 0), .play, .live, .lock, .unlock, .give(member: 2), .lesson("fake-other")] {
            #expect(error(room.handle(.control(action), from: 2, now: 0)) == .forbidden, "\(action)")
        }
        #expect(error(room.handle(.control(.pause), from: 1, now: 0)) == nil)
    }

    @Test func pauseSendsOnePausedFrameStepAdvancesExactlyOneTickResumeRestarts() throws {
        let room = makeRoom(classRoom: true)
        _ = room.join(connection: 1, name: "T", asOpener: true, now: 0)
        let lesson = room.lesson as! FakeMovingLesson
        _ = room.tick()
        let outputs = try room.handle(.control(.pause), from: 1, now: 0).get()
        #expect(types(outputs) == ["room", "event", "frame"])
        #expect(room.newestFrame.bytes[1] == 1)
        let paused = room.frameSequence
        let time = lesson.elapsedTime
        #expect(room.tick().isEmpty)
        #expect(!room.isActive)
        _ = try room.handle(.control(.step(ticks: 1)), from: 1, now: 0).get()
        #expect(room.frameSequence == paused + 1)
        #expect(abs(lesson.elapsedTime - time - 1.0 / 60) < 1e-12)
        #expect(room.tick().isEmpty)
        _ = try room.handle(.control(.resume), from: 1, now: 0).get()
        #expect(room.isActive)
        _ = room.tick()
        #expect(room.newestFrame.bytes[1] == 0)
    }

    @Test func aLockedRoomTakesGesturesOnlyFromTheInstructorAndTheGivenMember() throws {
        let room = makeRoom(classRoom: true)
        _ = room.join(connection: 1, name: "T", asOpener: true, now: 0)
        _ = room.join(connection: 2, name: "S", now: 0)
        _ = room.join(connection: 3, name: "U", now: 0)
        _ = try room.handle(.control(.lock), from: 1, now: 0).get()
        #expect(error(room.handle(.tap(x: 1, y: 1), from: 2, now: 0)) == .forbidden)
        #expect(error(room.handle(.set(param: "strength", value: 1), from: 2, now: 0)) == .forbidden)
        #expect(error(room.handle(.reset, from: 2, now: 0)) == .forbidden)
        #expect(error(room.handle(.tap(x: 1, y: 1), from: 1, now: 0)) == nil)
        _ = try room.handle(.control(.give(member: 2)), from: 1, now: 0).get()
        #expect(room.controller == 2)
        #expect(error(room.handle(.tap(x: 1, y: 1), from: 2, now: 0)) == nil)
        #expect(error(room.handle(.tap(x: 1, y: 1), from: 3, now: 0)) == .forbidden)
        #expect(error(room.handle(.control(.give(member: 99)), from: 1, now: 0)) == .badValue)
        _ = try room.handle(.control(.unlock), from: 1, now: 0).get()
        #expect(room.controller == nil)
        #expect(error(room.handle(.tap(x: 1, y: 1), from: 3, now: 0)) == nil)
    }

    @Test func theInstructorSeatIsKeptForTheGracePeriodThenFreeForAnyClaim() throws {
        var limits = ServerLimits()
        limits.instructorGraceSeconds = 60
        let room = makeRoom(classRoom: true, limits: limits)
        let opened = room.join(connection: 1, name: "T", asOpener: true, now: 0)
        let key = try #require(decode(opened[0].buffer!)["key"] as? String)
        _ = room.join(connection: 2, name: "S", now: 0)
        _ = try room.handle(.control(.lock), from: 1, now: 0).get()
        _ = room.leave(connection: 1, now: 1_000_000)
        #expect(room.instructorAwaySince == 1_000_000)
        #expect(error(room.handle(.claim(key: "wrong"), from: 2, now: 2_000_000)) == .forbidden)
        #expect(room.expireInstructor(now: 30_000_000).isEmpty)
        // The instructor comes back within the grace period with the key.
        _ = room.join(connection: 3, name: "T", key: key, now: 40_000_000)
        #expect(room.member(for: 3)?.role == .instructor)
        _ = room.leave(connection: 3, now: 50_000_000)
        #expect(types(room.expireInstructor(now: 110_000_001)) == ["room"])
        #expect(!room.locked)
        let outputs = try room.handle(.claim(key: "anything"), from: 2, now: 111_000_000).get()
        #expect(room.member(for: 2)?.role == .instructor)
        let welcome = try #require(outputs.compactMap(\.buffer).first { type(of: $0) == "welcome" })
        #expect((decode(welcome)["key"] as? String).map { $0 != key && $0.count == 32 } == true)
    }

    @Test func aClaimWithTheKeyMovesTheInstructorRole() throws {
        let room = makeRoom(classRoom: true)
        let opened = room.join(connection: 1, name: "T", asOpener: true, now: 0)
        let key = try #require(decode(opened[0].buffer!)["key"] as? String)
        _ = room.join(connection: 2, name: "T again", now: 0)
        let outputs = try room.handle(.claim(key: key), from: 2, now: 0).get()
        #expect(types(outputs) == ["welcome", "welcome", "sendFrame", "presence"])
        #expect(room.member(for: 1)?.role == .student)
        #expect(room.member(for: 2)?.role == .instructor)
    }

    @Test func aLessonSwitchGivesEveryMemberAFreshWelcomeAndFrame() throws {
        let room = makeRoom(classRoom: true)
        _ = room.join(connection: 1, name: "T", asOpener: true, now: 0)
        _ = room.join(connection: 2, name: "S", now: 0)
        let before = room.frameSequence
        let outputs = try room.handle(.control(.lesson("fake-other")), from: 1, now: 0).get()
        #expect(types(outputs) == ["welcome", "sendFrame", "welcome", "sendFrame"])
        #expect(room.lessonEntry.info.id == "fake-other")
        #expect(room.frameSequence == before + 1)
        #expect(error(room.handle(.control(.lesson("nope")), from: 1, now: 0)) == .badValue)
    }
}
