import Foundation
import NewtonsClient
import Testing

/// Every row of PROTOCOL.md's bad-input table, each answered as the table says while an
/// innocent client in the same room keeps getting frames.
@Suite(.timeLimit(.minutes(1)))
struct BadInputTests {
    /// Checks that `innocent` still gets fresh frames (the room was not stopped or slowed).
    static func expectStillMoving(_ innocent: NewtonsClient) async throws {
        let before = try await innocent.waitForFrame()
        let after = try await innocent.waitForFrame { $0.sequence >= before.sequence + 5 }
        #expect(after.sequence >= before.sequence + 5)
    }

    /// `expectStillMoving(innocent)`, then closes it and `others`.
    static func expectStillMovingThenClose(_ innocent: NewtonsClient, _ others: NewtonsClient...) async throws {
        try await expectStillMoving(innocent)
        await innocent.close()
        for other in others { await other.close() }
    }

    /// The culprit's messages were refused, not its connection; the room went on for the
    /// innocent client. Then both close.
    static func expectRefusedButKept(_ culprit: NewtonsClient, roomStillMovingFor innocent: NewtonsClient) async throws {
        try await expectStillMoving(innocent)
        #expect(culprit.closeCode == nil)
        await closeAll(innocent, culprit)
    }

    static func room(_ server: TestServer) async throws -> (NewtonsClient, NewtonsClient) {
        let (innocent, culprit) = try await server.welcomed(server.client(room: "fixture-orbit", name: "innocent"), server.client(room: "fixture-orbit", name: "culprit"))
        return (innocent, culprit)
    }

    @Test func notJSONNotAnObjectNoTypeOrAnUnknownTypeIsBadMessage() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await Self.room(server)
        for text in ["hello", "{\"type\":", "[1,2]", "42", "\"tap\"", "{}", "{\"x\":1}", "{\"type\":7}", "{\"type\":\"fly\"}"] {
            try await culprit.sendText(text)
            let error = try await culprit.waitForMessage("error")
            #expect(error.errorCode == "bad-message", "\(text)")
            #expect(error["message"]?.string?.isEmpty == false)
        }
        try await Self.expectRefusedButKept(culprit, roomStillMovingFor: innocent)
    }

    @Test func aMissingOrWrongTypedFieldOrANonFiniteOrFarNumberIsBadValueAndNothingIsApplied() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await Self.room(server)
        let cases = [
            "{\"type\":\"tap\",\"x\":1}", "{\"type\":\"tap\",\"x\":\"1\",\"y\":2}", "{\"type\":\"tap\",\"x\":true,\"y\":2}",
            "{\"type\":\"tap\",\"x\":null,\"y\":2}", "{\"type\":\"tap\",\"x\":NaN,\"y\":2}",
            "{\"type\":\"tap\",\"x\":Infinity,\"y\":2}", "{\"type\":\"tap\",\"x\":-Infinity,\"y\":2}",
            "{\"type\":\"tap\",\"x\":1e999,\"y\":2}", "{\"type\":\"tap\",\"x\":100000,\"y\":2}",
            "{\"type\":\"tap\",\"x\":1,\"y\":-5000}", "{\"type\":\"pan\",\"phase\":\"wiggle\",\"x\":1,\"y\":2}",
            "{\"type\":\"push\",\"x\":1,\"y\":2,\"dx\":3}", "{\"type\":\"push\",\"x\":1,\"y\":2,\"dx\":1e9,\"dy\":0}",
            "{\"type\":\"set\",\"param\":\"speed\"}", "{\"type\":\"set\",\"param\":\"speed\",\"value\":\"fast\"}",
            "{\"type\":\"ping\"}", "{\"type\":\"ping\",\"id\":[1]}", "{\"type\":\"control\"}",
            "{\"type\":\"claim\",\"key\":5}",
        ]
        for text in cases {
            try await culprit.sendText(text)
            let error = try await culprit.waitForMessage("error")
            #expect(error.errorCode == "bad-value", "\(text): \(error.json)")
        }
        // Nothing was applied: the orbit is still around the view's centre.
        let frame = try await innocent.waitForFrame()
        let item = try #require(frame.item(1))
        #expect(abs(hypot(Double(item.x) - 187.5, Double(item.y) - 333.5) - 100) < 0.01)
        try await Self.expectStillMovingThenClose(innocent, culprit)
    }

    @Test func setOfAnUnknownParameterOrAValueOutsideItsRangeIsBadValue() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await Self.room(server)
        try await culprit.set("gravity", to: 1)
        #expect(try await culprit.waitForMessage("error").errorCode == "bad-value")
        try await culprit.set("speed", to: 11)
        let error = try await culprit.waitForMessage("error")
        #expect(error.errorCode == "bad-value")
        #expect(error["message"]?.string?.contains("speed") == true)
        try await culprit.set("speed", to: -0.5)
        #expect(try await culprit.waitForMessage("error").errorCode == "bad-value")
        try await Self.expectStillMovingThenClose(innocent, culprit)
    }

    @Test func controlInALessonRoomIsForbidden() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await Self.room(server)
        for action in ["pause", "lock", "step"] {
            try await culprit.control(action)
            #expect(try await culprit.waitForMessage("error").errorCode == "forbidden")
        }
        try await culprit.claim(key: String(repeating: "0", count: 32))
        #expect(try await culprit.waitForMessage("error").errorCode == "forbidden")
        try await Self.expectStillMovingThenClose(innocent, culprit)
    }

    @Test func moreThan120MessagesInOneSecondAreRateLimitedAndDropped() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await Self.room(server)
        let started = ContinuousClock.now
        // Sent as one burst from the socket's event loop: awaiting each message would let a
        // loaded machine space them out until the bucket refilled between them.
        try await culprit.sendBurst((0..<200).map { "{\"type\":\"ping\",\"id\":\"\($0)\"}" })
        // Messages are handled in order: every pong before the first refusal was within the limit.
        var pongs = 0
        let error = try await culprit.waitFor("rate-limited") { event -> ServerMessage? in
            if event.message?.type == "pong" { pongs += 1 }
            return event.message?.errorCode == "rate-limited" ? event.message : nil
        }
        #expect(error["message"]?.string?.contains("120") == true)
        // The bucket holds 120 and refills at 120 a second while the burst is being sent.
        let elapsed = ContinuousClock.now - started
        let refill = Int((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) * 120) + 2
        #expect(pongs >= 120 && pongs <= 120 + refill, "\(pongs) pongs before the refusal")
        #expect(pongs < 200)
        try await Self.expectRefusedButKept(culprit, roomStillMovingFor: innocent)
    }

    @Test func aTextFrameOver4096BytesClosesWith1009() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await Self.room(server)
        let text = "{\"type\":\"ping\",\"id\":\"" + String(repeating: "a", count: 4100) + "\"}"
        try await culprit.sendText(text)
        #expect(try await culprit.waitForClose() == 1009)
        try await Self.expectStillMovingThenClose(innocent)
    }

    @Test func aMessageOf4096BytesIsStillRead() async throws {
        let server = try await TestServer()
        let (client, _) = try await server.welcomed(room: "fixture-settle")
        let prefix = "{\"type\":\"ping\",\"id\":\"x\",\"pad\":\""
        let text = prefix + String(repeating: "a", count: 4096 - prefix.count - 2) + "\"}"
        #expect(text.utf8.count == 4096)
        try await client.sendText(text)
        #expect(try await client.waitForMessage("pong")["id"]?.string == "x")
        await client.close()
    }

    @Test func aFragmentedMessageOver4096BytesAlsoClosesWith1009() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await Self.room(server)
        try await culprit.sendRaw(Array(repeating: UInt8(ascii: " "), count: 3000), opcode: .text, fin: false)
        try await culprit.sendRaw(Array(repeating: UInt8(ascii: " "), count: 3000), opcode: .continuation, fin: true)
        #expect(try await culprit.waitForClose() == 1009)
        try await Self.expectStillMovingThenClose(innocent)
    }

    @Test func aBinaryFrameFromAClientClosesWith1003() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await Self.room(server)
        try await culprit.sendRaw([1, 2, 3], opcode: .binary)
        #expect(try await culprit.waitForClose() == 1003)
        try await Self.expectStillMovingThenClose(innocent)
    }

    @Test func invalidUTF8ClosesWith1007() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await Self.room(server)
        try await culprit.sendRaw(Array("{\"type\":\"ping\",\"id\":\"".utf8) + [0xC3, 0x28] + Array("\"}".utf8), opcode: .text)
        #expect(try await culprit.waitForClose() == 1007)
        try await Self.expectStillMovingThenClose(innocent)
    }

    @Test func anUnknownRoomOrLessonIsUnknownRoomThenClose4404() async throws {
        let server = try await TestServer(["--unknown-room-delay", "0.2"])
        let started = ContinuousClock.now
        let guess = try await server.client(room: "ZZZZZZ")
        #expect(try await guess.waitForError("unknown-room")["message"]?.string?.isEmpty == false)
        #expect(try await guess.waitForClose() == 4404)
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        let noLesson = try await server.client(lesson: "no-such-lesson")
        _ = try await noLesson.waitForError("unknown-room")
        #expect(try await noLesson.waitForClose() == 4404)
        let nothing = try await server.client()
        _ = try await nothing.waitForError("unknown-room")
        #expect(try await nothing.waitForClose() == 4404)
        try await server.waitForLog("refused")
    }

    @Test func anUpgradeWithoutTheSubprotocolIsRefused() async throws {
        let server = try await TestServer()
        var options = NewtonsClient.Options(port: server.port)
        options.subprotocol = nil
        options.query = [("room", "fixture-orbit")]
        await #expect(throws: NewtonsClientError.self) { _ = try await NewtonsClient.connect(options) }
        options.subprotocol = "chat"
        await #expect(throws: NewtonsClientError.self) { _ = try await NewtonsClient.connect(options) }
        try await server.waitForLog("no-subprotocol")
    }

    @Test func aFullClassRoomAnswersFullThenClose1013() async throws {
        // A full lesson room sends newcomers on to its next instance (WorkersTests); a class
        // room is one teacher's class, and a full one refuses.
        let server = try await TestServer(["--max-clients-per-room", "2"])
        let teacher = try await server.client(lesson: "fixture-orbit", name: "teacher")
        let code = try #require(try await teacher.welcome().code)
        let student = try await server.client(room: code, name: "student")
        _ = try await student.welcome()
        let third = try await server.client(room: code)
        try await third.expectRefusedFull(mentioning: "full")
        try await Self.expectStillMovingThenClose(teacher, student)
    }

    @Test func aFullServerAnswersFullThenClose1013() async throws {
        let server = try await TestServer(["--max-clients", "2"])
        let (innocent, other) = try await Self.room(server)
        let third = try await server.client(room: "fixture-settle")
        try await third.expectRefusedFull()
        try await Self.expectStillMovingThenClose(innocent, other)
    }

    @Test func tooManyConnectionsFromOneAddressAreRefusedWithFull() async throws {
        let server = try await TestServer(["--max-connections-per-address", "2"])
        let (innocent, other) = try await Self.room(server)
        let third = try await server.client(room: "fixture-orbit")
        try await third.expectRefusedFull(mentioning: "address")
        try await Self.expectStillMovingThenClose(innocent, other)
    }

    @Test func aClientThatReadsTooSlowlyIsDroppedAndNoOneElseSlowsDown() async throws {
        let server = try await TestServer(["--max-lag", "1"])
        let (innocent, _) = try await server.welcomed(room: "fixture-crowd")
        // 16 KB frames at 60 Hz into a socket that is never read.
        let slow = try await RawWebSocket.open(port: server.port, query: "room=fixture-crowd&name=slow", receiveBuffer: 4096)
        try await server.waitForLog("too slow", timeout: .seconds(20))
        // The innocent client got every frame at the room's rate meanwhile: read what it was sent,
        // a second's worth at least, and find no gap.
        var previous = try await innocent.waitForFrame()
        let first = previous.sequence
        var gaps = 0
        while previous.sequence < first + 60 {
            let frame = try await innocent.waitForFrame()
            if frame.sequence != previous.sequence + 1 { gaps += 1 }
            previous = frame
        }
        #expect(gaps <= 2, "\(gaps) gaps in the innocent client's frames")
        _ = slow
        try await Self.expectStillMovingThenClose(innocent)
    }

    @Test func aPageFromAnotherOriginIsRefusedAndItsOwnOriginIsWelcome() async throws {
        let server = try await TestServer(["--allowed-origin", "https://school.example"])
        var options = NewtonsClient.Options(port: server.port)
        options.query = [("room", "fixture-settle")]
        options.origin = "https://evil.example"
        await #expect(throws: NewtonsClientError.self) { _ = try await NewtonsClient.connect(options) }
        try await server.waitForLog("origin")
        for origin in ["http://127.0.0.1:\(server.port)", "https://school.example"] {
            options.origin = origin
            let client = try await NewtonsClient.connect(options)
            _ = try await client.welcome()
            await client.close()
        }
    }
}
