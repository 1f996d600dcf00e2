import Foundation
import NewtonsClient
import Testing

/// Issue 7: the instructor's shared room, every control and every permission, over real sockets.
@Suite(.timeLimit(.minutes(1)))
struct ClassRoomTests {
    /// An instructor's new room and a student in it.
    static func classRoom(
        _ server: TestServer, lesson: String = "fixture-orbit"
    ) async throws -> (teacher: NewtonsClient, student: NewtonsClient, welcome: Welcome) {
        let teacher = try await server.client(lesson: lesson, name: "Teacher")
        let welcome = try await teacher.welcome()
        let student = try await server.client(room: welcome.code, name: "Student")
        _ = try await student.welcome()
        return (teacher, student, welcome)
    }

    @Test func openingALessonMakesARoomWithACodeAndGivesItsOpenerAKey() async throws {
        let server = try await TestServer()
        let (teacher, student, welcome) = try await Self.classRoom(server)
        let code = try #require(welcome.code)
        #expect(code.count == 6)
        #expect(code.allSatisfy { "ABCDEFGHJKMNPQRSTUVWXYZ23456789".contains($0) })
        #expect(welcome.room == code)
        #expect(welcome.role == "instructor")
        let key = try #require(welcome.key)
        #expect(key.count >= 32)
        let studentWelcome = try await student.welcome()
        #expect(studentWelcome.role == "student")
        #expect(studentWelcome.key == nil)
        #expect(studentWelcome.code == code)
        #expect(studentWelcome.members.compactMap { $0["role"]?.string } == ["instructor", "student"])
        // Codes are case-insensitive for people typing them.
        let lower = try await server.client(room: code.lowercased())
        #expect(try await lower.welcome().room == code)
        await closeAll(lower, teacher, student)
    }

    @Test func aStudentsControlIsForbidden() async throws {
        let server = try await TestServer()
        let (teacher, student, _) = try await Self.classRoom(server)
        for action in ["pause", "resume", "step", "lock", "unlock"] {
            try await student.control(action)
            #expect(try await student.waitForError("forbidden")["message"]?.string?.isEmpty == false, "\(action)")
        }
        try await student.control("lesson", lesson: "fixture-settle")
        _ = try await student.waitForError("forbidden")
        _ = try await teacher.waitForFrame()
        await closeAll(teacher, student)
    }

    @Test func aLockedRoomRefusesStudentsGesturesButNotTheInstructorsOrTheGivenStudents() async throws {
        let server = try await TestServer()
        let (teacher, student, _) = try await Self.classRoom(server)
        let studentWelcome = try await student.welcome()
        try await teacher.control("lock")
        let locked = try await student.waitForMessage("room") { $0["locked"]?.bool == true }
        #expect(locked["controller"]?.isNull == true)
        try await student.tap(x: 100, y: 100)
        _ = try await student.waitForError("forbidden")
        try await student.set("speed", to: 2)
        _ = try await student.waitForError("forbidden")
        try await student.reset()
        _ = try await student.waitForError("forbidden")
        // The instructor's tap acts.
        try await teacher.tap(x: 100, y: 100)
        _ = try await student.waitForFrame { $0.itemOneIsOnCircle(around: 100, 100) }
        // Given the gesture, the student's tap acts too.
        try await teacher.control("give", member: .some(studentWelcome.you))
        let given = try await student.waitForMessage("room") { $0["controller"]?.int == studentWelcome.you }
        #expect(given["locked"]?.bool == true)
        try await student.tap(x: 250, y: 300)
        _ = try await teacher.waitForFrame { $0.itemOneIsOnCircle(around: 250, 300) }
        // Taken back, then unlocked: everyone acts again.
        try await teacher.control("give", member: .some(nil))
        _ = try await student.waitForMessage("room") { $0["controller"]?.isNull == true }
        try await student.tap(x: 100, y: 100)
        _ = try await student.waitForError("forbidden")
        try await teacher.control("unlock")
        _ = try await student.waitForMessage("room") { $0["locked"]?.bool == false }
        try await student.tap(x: 200, y: 200)
        _ = try await student.waitForFrame { $0.itemOneIsOnCircle(around: 200, 200) }
        await closeAll(teacher, student)
    }

    @Test func aClaimWithAWrongKeyFailsAndAClaimAfterAReconnectSucceeds() async throws {
        let server = try await TestServer()
        let (teacher, student, welcome) = try await Self.classRoom(server)
        let key = try #require(welcome.key)
        let code = try #require(welcome.code)
        try await student.claim(key: String(repeating: "f", count: 32))
        _ = try await student.waitForError("forbidden")
        // The instructor's connection drops; the seat is kept for them.
        await teacher.close()
        _ = try await student.waitForMessage("presence") { $0["clients"]?.int == 1 }
        try await student.claim(key: "not-the-key")
        _ = try await student.waitForError("forbidden")
        let back = try await server.client(room: code, name: "Teacher")
        #expect(try await back.welcome().role == "student")
        try await back.claim(key: key)
        let again = try await back.waitForMessage("welcome") { $0["role"]?.string == "instructor" }
        #expect(again["key"]?.string == key)
        let presence = try await student.waitForMessage("presence") { message in
            message["members"]?.array?.contains { $0["role"]?.string == "instructor" } == true
        }
        #expect(presence["clients"]?.int == 2)
        // And the reconnected instructor controls the room.
        try await back.control("pause")
        _ = try await student.waitForMessage("room") { $0["paused"]?.bool == true }
        await closeAll(back, student)
    }

    @Test func theKeyInTheQueryMovesTheSeatWhileTheOldConnectionIsStillOpen() async throws {
        // A teacher's page that reloads: the new connection comes before the old one closes.
        let server = try await TestServer()
        let (teacher, student, welcome) = try await Self.classRoom(server)
        let back = try await server.client(room: welcome.code, key: welcome.key)
        #expect(try await back.welcome().role == "instructor")
        #expect(try await teacher.waitForMessage("welcome")["role"]?.string == "student")
        await closeAll(back, teacher, student)
    }

    @Test func theKeyInTheQueryRejoinsAsInstructor() async throws {
        let server = try await TestServer()
        let (teacher, student, welcome) = try await Self.classRoom(server)
        await teacher.close()
        let back = try await server.client(room: welcome.code, key: welcome.key)
        #expect(try await back.welcome().role == "instructor")
        await closeAll(back, student)
    }

    @Test func pauseStopsFramesStepAdvancesExactlyOneTickAndResumeRestartsThem() async throws {
        let server = try await TestServer()
        let (teacher, student, _) = try await Self.classRoom(server)
        _ = try await student.waitForFrame { $0.sequence > 3 }
        try await teacher.control("pause")
        let room = try await student.waitForMessage("room")
        #expect(room["paused"]?.bool == true)
        let pausedFrame = try await student.waitForFrame { $0.paused }
        // Paused: nothing more until a step. Its frame is the very next one in the room.
        try await teacher.control("step")
        let stepped = try await student.waitForFrame()
        #expect(stepped.sequence == pausedFrame.sequence + 1)
        #expect(stepped.paused)
        #expect(abs(Double(stepped.time - pausedFrame.time) - 1.0 / 60) < 1e-5)
        try await teacher.control("step")
        let twice = try await student.waitForFrame()
        #expect(twice.sequence == stepped.sequence + 1)
        #expect(abs(Double(twice.time - stepped.time) - 1.0 / 60) < 1e-5)
        try await student.ping(id: "quiet")
        #expect(try await student.next().message?.type == "pong")
        try await teacher.control("resume")
        _ = try await student.waitForMessage("room") { $0["paused"]?.bool == false }
        let running = try await student.waitForFrame { !$0.paused && $0.sequence > twice.sequence + 2 }
        #expect(running.time > twice.time)
        await closeAll(teacher, student)
    }

    @Test func aLessonSwitchSendsEveryoneANewWelcome() async throws {
        let server = try await TestServer()
        let (teacher, student, welcome) = try await Self.classRoom(server)
        try await teacher.control("lesson", lesson: "fixture-drops")
        for (client, role) in [(teacher, "instructor"), (student, "student")] {
            let next = try await client.waitForMessage("welcome")
            #expect(next["lesson"]?["id"]?.string == "fixture-drops")
            #expect(next["room"]?.string == welcome.room)
            #expect(next["role"]?.string == role)
            #expect(next["items"]?.array?.isEmpty == true)
            _ = try await client.waitForFrame { $0.items.isEmpty }
        }
        try await teacher.control("lesson", lesson: "no-such-lesson")
        _ = try await teacher.waitForError("bad-value")
        await closeAll(teacher, student)
    }

    @Test func theInstructorsParameterReachesStudentsAndResetRestartsForAll() async throws {
        let server = try await TestServer()
        let (teacher, student, _) = try await Self.classRoom(server)
        try await teacher.set("radius", to: 20)
        let params = try await student.waitForMessage("params")
        #expect(params["params"]?.array?.first { $0["name"]?.string == "radius" }?["value"]?.double == 20)
        try await teacher.reset()
        _ = try await student.waitForMessage("event") { $0["name"]?.string == "reset" }
        let reset = try await student.waitForMessage("params")
        #expect(reset["params"]?.array?.first { $0["name"]?.string == "radius" }?["value"]?.double == 100)
        await closeAll(teacher, student)
    }

    @Test func unknownCodesAreAnsweredSlowlyAndRateLimitedPerAddress() async throws {
        let server = try await TestServer(["--unknown-room-delay", "0.3", "--unknown-rooms-per-minute", "2"])
        for _ in 0..<2 {
            let started = ContinuousClock.now
            let guess = try await server.client(room: "ABCDEF")
            _ = try await guess.waitForError("unknown-room")
            #expect(ContinuousClock.now - started >= .milliseconds(300))
            #expect(try await guess.waitForClose() == 4404)
        }
        let third = try await server.client(room: "ABCDEG")
        _ = try await third.waitForError("rate-limited")
        #expect(try await third.waitForClose() == 4429)
    }

    @Test func theRoomsOneAddressMayOpenAreBounded() async throws {
        let server = try await TestServer(["--max-rooms-per-address", "2"])
        let (first, second) = try await server.welcomed(server.client(lesson: "fixture-settle"), server.client(lesson: "fixture-settle"))
        let third = try await server.client(lesson: "fixture-settle")
        try await third.expectRefusedFull(mentioning: "class rooms")
        await closeAll(first, second)
    }

    @Test func afterTheGracePeriodAnyoneMayClaimTheRoom() async throws {
        let server = try await TestServer(["--instructor-grace", "0.3"])
        let (teacher, student, welcome) = try await Self.classRoom(server)
        try await teacher.control("lock")
        _ = try await student.waitForMessage("room") { $0["locked"]?.bool == true }
        await teacher.close()
        // When the seat frees, the room is unlocked so no one is stuck.
        _ = try await student.waitForMessage("room", timeout: .seconds(5)) { $0["locked"]?.bool == false }
        try await student.claim(key: "anything")
        let promoted = try await student.waitForMessage("welcome") { $0["role"]?.string == "instructor" }
        let newKey = try #require(promoted["key"]?.string)
        #expect(newKey != welcome.key)
        await student.close()
    }

    @Test func aClassRoomExpiresAfterItsLastClientLeaves() async throws {
        let server = try await TestServer(["--room-expiry", "0.3", "--unknown-room-delay", "0"])
        let (teacher, student, welcome) = try await Self.classRoom(server)
        await closeAll(teacher, student)
        try await server.waitForLog("expired")
        let late = try await server.client(room: welcome.code)
        _ = try await late.waitForError("unknown-room")
        #expect(try await late.waitForClose() == 4404)
    }
}
