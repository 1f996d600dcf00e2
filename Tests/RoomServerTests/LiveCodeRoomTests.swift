import Foundation
import Lessons
import RoomServer
import Testing

/// Running edited code in a room: who may, what everyone gets, what a bad program or a bad
/// message gets. The compiler here stands in for the interpreter: source with `error` in it
/// fails at line 2, column 5; anything else runs `FakeMovingLesson` with the pan gesture only,
/// in a 200 × 300 view.
struct LiveCodeRoomTests {
    static let compiler: LessonCompiler = { source, _ in
        if source.contains("error") {
            return .failure(CompileFailure([CodeDiagnostic(line: 2, column: 5, message: "expected expression")]))
        }
        var info = FakeMovingLesson.info
        info.gestures = [.pan]
        info.bounds = CGSize(width: 200, height: 300)
        return .success(CompiledLesson(info: info) { FakeMovingLesson() })
    }

    /// A class room with its instructor (connection 1, member 1) and a student (2, member 2).
    func makeClass(compiler: LessonCompiler? = Self.compiler, limits: ServerLimits = ServerLimits()) -> Room {
        var random = SystemRandomNumberGenerator()
        let room = Room(
            id: "ABCDEF", kind: .classRoom(code: "ABCDEF"), lesson: fakeDirectory.entry(withID: "fake-moving")!,
            directory: fakeDirectory, limits: limits, compiler: compiler, now: 0, random: &random)
        _ = room.join(connection: 1, name: "Teacher", asOpener: true, now: 0)
        _ = room.join(connection: 2, name: "Ana", now: 0)
        return room
    }

    func error(_ result: Result<[RoomOutput], ProtocolError>) -> ProtocolError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    func broadcastTypes(_ outputs: [RoomOutput]) -> [String] {
        outputs.compactMap { output in
            switch output {
            case .frame: "frame"
            case .broadcast(let buffer): type(of: buffer)
            default: nil
            }
        }
    }

    @Test func theInstructorsCodeRunsForEveryoneAndALateJoinerGetsIt() throws {
        let room = makeClass()
        let before = room.lesson as AnyObject
        let outputs = try room.handle(.code(source: "let x = 1"), from: 1, now: 0).get()
        #expect(broadcastTypes(outputs) == ["code", "room", "event", "scene", "params", "frame"])
        guard case .broadcast(let code) = outputs[0] else { throw CancellationError() }
        let message = decode(code)
        #expect(message["source"] as? String == "let x = 1")
        #expect(message["by"] as? Int == 1)
        #expect(message["gestures"] as? [String] == ["pan"])
        #expect((message["bounds"] as? [String: Double])?["w"] == 200)
        #expect(room.lesson as AnyObject !== before)
        #expect(room.source == "let x = 1")
        // The view size of the running code bounds the gestures.
        #expect(error(room.handle(.tap(x: 250, y: 10), from: 1, now: 0))?.code == nil)
        #expect(error(room.handle(.tap(x: 450, y: 10), from: 1, now: 0))?.code == .badValue)
        let welcome = room.join(connection: 3, name: "Late", now: 0)
        guard case .send(3, let buffer) = welcome[0] else { throw CancellationError() }
        let state = decode(buffer)
        #expect(state["source"] as? String == "let x = 1")
        #expect((state["lesson"] as? [String: Any])?["code"] as? String == "// fake-moving")
        #expect((state["lesson"] as? [String: Any])?["gestures"] as? [String] == ["pan"])
    }

    @Test func resetStartsTheRunningCodeAgainNotTheLessonsOwn() throws {
        let room = makeClass()
        _ = try room.handle(.code(source: "let x = 1"), from: 1, now: 0).get()
        _ = try room.handle(.reset, from: 1, now: 0).get()
        #expect(room.source == "let x = 1")
        #expect(room.lessonInfo.gestures == [.pan])
    }

    @Test func codeThatDoesNotCompileGoesBackToItsSenderAndTheOldCodeRunsOn() throws {
        let room = makeClass()
        _ = try room.handle(.code(source: "let x = 1"), from: 1, now: 0).get()
        let running = room.lesson as AnyObject
        let refused = try #require(error(room.handle(.code(source: "let x =\n    error"), from: 1, now: 2_000_000)))
        #expect(refused.code == .compileError)
        #expect(refused.diagnostics == [CodeDiagnostic(line: 2, column: 5, message: "expected expression")])
        #expect(refused.message == "line 2, column 5: expected expression")
        #expect(room.lesson as AnyObject === running)
        #expect(room.source == "let x = 1")
        let json = decode(ServerMessage.error(refused))
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["line"] as? Int == 2)
        #expect(diagnostics.first?["column"] as? Int == 5)
    }

    @Test func revertBringsBackTheLessonsOwnCode() throws {
        let room = makeClass()
        _ = try room.handle(.code(source: "let x = 1"), from: 1, now: 0).get()
        let outputs = try room.handle(.revert, from: 1, now: 0).get()
        guard case .broadcast(let code) = outputs[0] else { throw CancellationError() }
        #expect(decode(code)["source"] is NSNull)
        #expect(room.source == nil)
        #expect(room.lessonInfo.gestures == FakeMovingLesson.info.gestures)
        #expect(try room.handle(.revert, from: 1, now: 0).get().isEmpty)
    }

    @Test func aStudentRunsCodeOnlyWhileTheInstructorLetsThem() throws {
        let room = makeClass()
        #expect(error(room.handle(.code(source: "let x = 1"), from: 2, now: 0))?.code == .forbidden)
        #expect(error(room.handle(.revert, from: 2, now: 0))?.code == .forbidden)
        #expect(error(room.handle(.control(.edit(member: 2)), from: 2, now: 0))?.code == .forbidden)
        let given = try room.handle(.control(.edit(member: 2)), from: 1, now: 0).get()
        #expect(broadcastTypes(given) == ["room", "event"])
        guard case .broadcast(let roomMessage) = given[0] else { throw CancellationError() }
        #expect(decode(roomMessage)["editor"] as? Int == 2)
        let ran = try room.handle(.code(source: "let y = 2"), from: 2, now: 0).get()
        guard case .broadcast(let code) = ran[0] else { throw CancellationError() }
        #expect(decode(code)["name"] as? String == "Ana")
        _ = try room.handle(.control(.edit(member: nil)), from: 1, now: 0).get()
        #expect(room.editor == nil)
        #expect(error(room.handle(.code(source: "let x = 1"), from: 2, now: 10_000_000))?.code == .forbidden)
        #expect(error(room.handle(.control(.edit(member: 99)), from: 1, now: 0))?.code == .badValue)
    }

    @Test func theEditorsSeatGoesWhenTheyLeave() throws {
        let room = makeClass()
        _ = try room.handle(.control(.edit(member: 2)), from: 1, now: 0).get()
        let outputs = room.leave(connection: 2, now: 0)
        #expect(broadcastTypes(outputs).contains("room"))
        #expect(room.editor == nil)
    }

    @Test func aPublicLessonRoomsCodeIsReadOnly() {
        var random = SystemRandomNumberGenerator()
        let room = Room(
            id: "fake-moving", kind: .lesson, lesson: fakeDirectory.entry(withID: "fake-moving")!,
            directory: fakeDirectory, limits: ServerLimits(), compiler: Self.compiler, now: 0, random: &random)
        _ = room.join(connection: 1, name: "", now: 0)
        let refused = error(room.handle(.code(source: "let x = 1"), from: 1, now: 0))
        #expect(refused?.code == .forbidden)
        #expect(refused?.message.contains("read only") == true)
        #expect(error(room.handle(.revert, from: 1, now: 0))?.code == .forbidden)
        #expect(room.source == nil)
    }

    @Test func aHugeSourceTooManyRunsAndNoInterpreterAreRefusedClearly() {
        var limits = ServerLimits()
        limits.maxSourceBytes = 100
        let room = makeClass(limits: limits)
        let huge = error(room.handle(.code(source: String(repeating: "x", count: 101)), from: 1, now: 0))
        #expect(huge?.code == .badValue)
        #expect(huge?.message.contains("at most 100 bytes") == true)
        // A burst of three, then one every two seconds.
        for _ in 0..<3 { #expect(error(room.handle(.code(source: "ok"), from: 1, now: 0)) == nil) }
        #expect(error(room.handle(.code(source: "ok"), from: 1, now: 0))?.code == .rateLimited)
        #expect(error(room.handle(.code(source: "ok"), from: 1, now: 2_000_000)) == nil)
        let without = makeClass(compiler: nil)
        #expect(error(without.handle(.code(source: "ok"), from: 1, now: 0))?.code == .forbidden)
    }

    @Test func switchingTheLessonDropsTheEditedCode() throws {
        let room = makeClass()
        _ = try room.handle(.code(source: "let x = 1"), from: 1, now: 0).get()
        _ = try room.handle(.control(.lesson("fake-other")), from: 1, now: 0).get()
        #expect(room.source == nil)
    }

    @Test func codeAndRevertAndEditParseAndACodeMessageMayBeLarger() throws {
        #expect(try ClientMessage.parse(Array(#"{"type":"code","source":"let a = \"b\"\n"}"#.utf8)).get() == .code(source: "let a = \"b\"\n"))
        #expect(try ClientMessage.parse(Array(#"{"type":"revert"}"#.utf8)).get() == .revert)
        #expect(try ClientMessage.parse(Array(#"{"type":"control","action":"edit","member":3}"#.utf8)).get() == .control(.edit(member: 3)))
        #expect(try ClientMessage.parse(Array(#"{"type":"control","action":"edit","member":null}"#.utf8)).get() == .control(.edit(member: nil)))
        for bad in [#"{"type":"code"}"#, #"{"type":"code","source":3}"#, #"{"type":"control","action":"edit","member":-1}"#] {
            guard case .failure(let error) = ClientMessage.parse(Array(bad.utf8)) else {
                Issue.record("\(bad) parsed")
                continue
            }
            #expect(error.code == .badValue, "\(bad)")
        }
        let limits = ServerLimits()
        #expect(ClientMessage.sizeLimit(forMessageStarting: Array(#" {"type":"code","source":""#.utf8), limits: limits) == limits.maxCodeMessageBytes)
        #expect(ClientMessage.sizeLimit(forMessageStarting: Array(#"{"source":"x","type":"code"}"#.utf8), limits: limits) == 4096)
        #expect(ClientMessage.sizeLimit(forMessageStarting: Array("{ \"type\" :\n \"code\", \"source\"".utf8), limits: limits) == limits.maxCodeMessageBytes)
        #expect(ClientMessage.sizeLimit(forMessageStarting: Array(#"{"type":"codex""#.utf8), limits: limits) == 4096)
        #expect(ClientMessage.sizeLimit(forMessageStarting: Array(#"{"type":"tap""#.utf8), limits: limits) == 4096)
    }
}

/// Code that takes the server long (up to the interpreter's budget) is charged to its address.
struct CodeTimeBudgetTests {
    final class FakeClock: @unchecked Sendable {
        var nanoseconds: Int64 = 0
    }

    @Test func anAddressWhoseCodeTakesLongWaitsAndOthersRunOn() {
        let clock = FakeClock()
        // Every compile "takes" 0.3 s of the service thread (an endless viewDidLoad cut off).
        let slow: LessonCompiler = { source, name in
            clock.nanoseconds += 300_000_000
            return LiveCodeRoomTests.compiler(source, name)
        }
        var limits = ServerLimits()
        limits.compilesPerSecondPerRoom = 100
        let core = ServerCore(directory: fakeDirectory, limits: limits, compiler: slow, clock: { clock.nanoseconds })
        core.open(connection: 1, address: "10.0.0.1", request: ConnectRequest(arguments: ["lesson=fake-moving"]), now: 0)
        core.open(connection: 2, address: "10.0.0.2", request: ConnectRequest(arguments: ["lesson=fake-moving"]), now: 0)
        func run(_ connection: ConnectionID, now: Int64) -> [String] {
            core.receive(connection: connection, text: Array(#"{"type":"code","source":"ok"}"#.utf8), now: now)
            var messages: [String] = []
            while case (.send(let buffer), _) = core.nextWrite(connection: connection, now: now) {
                let json = decode(buffer)
                messages.append((json["type"] as? String ?? "frame") + ((json["code"] as? String).map { ":" + $0 } ?? ""))
            }
            return messages
        }
        _ = run(1, now: 0)
        _ = run(2, now: 0)
        #expect(run(1, now: 1_000).first == "code")  // 0.4 s of budget: two slow runs
        #expect(run(1, now: 2_000) == ["error:rate-limited"])
        #expect(run(2, now: 2_000).first == "code", "another address is not held up")
        #expect(run(1, now: 4_000_000).first == "code", "the debt is paid back in time")
    }
}

extension LiveCodeRoomTests {
    @Test func aStudentSendsTheirCodeAndTheInstructorShowsItToTheClass() throws {
        let room = makeClass()
        let sent = try room.handle(.share(source: "let mine = 1"), from: 2, now: 0).get()
        guard case .send(1, let notice) = sent.first else { throw CancellationError() }
        #expect(decode(notice)["type"] as? String == "shared")
        #expect(decode(notice)["member"] as? Int == 2)
        #expect(room.source == nil, "sending runs nothing")
        #expect(error(room.handle(.control(.show(member: 2)), from: 2, now: 0))?.code == .forbidden)
        #expect(error(room.handle(.control(.show(member: 1)), from: 1, now: 0))?.code == .badValue)
        let shown = try room.handle(.control(.show(member: 2)), from: 1, now: 0).get()
        guard case .broadcast(let code) = shown[0] else { throw CancellationError() }
        #expect(decode(code)["source"] as? String == "let mine = 1")
        #expect(decode(code)["name"] as? String == "Ana")
        #expect(room.source == "let mine = 1")
        _ = room.leave(connection: 2, now: 0)
        #expect(room.shared.isEmpty, "a member's shared code goes with them")
    }

    @Test func sharedCodeIsBoundedAndAPublicRoomHasNoInstructorToSendTo() throws {
        var limits = ServerLimits()
        limits.maxSourceBytes = 10
        let room = makeClass(limits: limits)
        #expect(error(room.handle(.share(source: String(repeating: "x", count: 11)), from: 2, now: 0))?.code == .badValue)
        for connection in 3...12 { _ = room.join(connection: ConnectionID(connection), name: "S\(connection)", now: 0) }
        for connection in 2...12 { _ = try room.handle(.share(source: "x"), from: ConnectionID(connection), now: 0).get() }
        #expect(room.shared.count == Room.maxShared)
        var random = SystemRandomNumberGenerator()
        let lessonRoom = Room(
            id: "fake-moving", kind: .lesson, lesson: fakeDirectory.entry(withID: "fake-moving")!,
            directory: fakeDirectory, limits: ServerLimits(), compiler: Self.compiler, now: 0, random: &random)
        _ = lessonRoom.join(connection: 1, name: "", now: 0)
        #expect(error(lessonRoom.handle(.share(source: "x"), from: 1, now: 0))?.code == .forbidden)
    }
}
