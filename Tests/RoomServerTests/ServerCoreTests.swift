import Foundation
import Lessons
import Logging
import RoomServer
import Testing

/// The server without sockets: connections, writes, limits and timers driven by hand.
struct ServerCoreTests {
    func makeCore(_ adjust: (inout ServerLimits) -> Void = { _ in }) -> ServerCore {
        var limits = ServerLimits()
        adjust(&limits)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return ServerCore(directory: fakeDirectory, limits: limits, logger: logger)
    }

    /// Everything written to a connection until nothing is due: (JSON types or "frame"), close code.
    func drain(_ core: ServerCore, _ id: ConnectionID, now: Int64 = 0) -> (types: [String], close: UInt16?) {
        var types: [String] = []
        for _ in 0..<1000 {
            let (action, more) = core.nextWrite(connection: id, now: now)
            switch action {
            case .send(let buffer): types.append(type(of: buffer) ?? "?")
            case .close(let code, _): return (types, code)
            case .nothing: return (types, nil)
            }
            if !more { break }
        }
        return (types, nil)
    }

    func join(_ core: ServerCore, _ id: ConnectionID, _ query: [String], address: String = "10.0.0.1", now: Int64 = 0) {
        core.open(connection: id, address: address, request: ConnectRequest(arguments: query), now: now)
    }

    @Test func aJoinerIsWrittenItsWelcomeThenAFrame() {
        let core = makeCore()
        join(core, 1, ["room=fake-moving"])
        #expect(core.takeWriteRequests() == [1])
        #expect(drain(core, 1).types == ["welcome", "frame"])
        #expect(drain(core, 1).types.isEmpty)
    }

    @Test func aSlowSocketGetsOnlyTheNewestFrame() {
        let core = makeCore()
        join(core, 1, ["room=fake-moving"])
        _ = drain(core, 1)
        core.tick(now: 16_667)
        core.tick(now: 33_333)
        core.tick(now: 50_000)
        let room = core.lessonRooms["fake-moving"]!
        let (action, more) = core.nextWrite(connection: 1, now: 50_000)
        guard case .send(let frame) = action else {
            Issue.record("no frame")
            return
        }
        #expect(frame === room.newestFrame)
        #expect(!more)
    }

    @Test func messagesBeyondTheRateAreRefusedWithOneNoticeASecond() {
        let core = makeCore { $0.messagesPerSecond = 5 }
        join(core, 1, ["room=fake-moving"])
        _ = drain(core, 1)
        for index in 0..<20 { core.receive(connection: 1, text: Array(#"{"type":"ping","id":\#(index)}"#.utf8), now: 0) }
        let types = drain(core, 1).types
        #expect(types.filter { $0 == "pong" }.count == 5)
        #expect(types.filter { $0 == "error" }.count == 1)
        core.receive(connection: 1, text: Array(#"{"type":"ping","id":1}"#.utf8), now: 1_000_000)
        #expect(drain(core, 1).types == ["pong"])
    }

    /// Replaying the recording takes service-thread time, charged to the address that asked:
    /// past its share, that address's seeks are refused (another address's are not).
    @Test func replayTimeIsChargedToTheAddressThatSeeks() {
        let core = makeCore {
            $0.replaySecondsPerSecondPerAddress = 1e-9  // any seek at all spends it
            $0.timeControlsPerSecondPerRoom = 1e9
        }
        join(core, 1, ["lesson=fake-moving"], address: "10.0.0.1")
        join(core, 2, ["lesson=fake-moving"], address: "10.0.0.2")
        for tick in 1...60 { core.tick(now: Int64(tick) * 16_667) }
        _ = drain(core, 1)
        _ = drain(core, 2)
        let seek = Array(#"{"type":"control","action":"seek","time":0.25}"#.utf8)
        let now: Int64 = 1_000_000
        core.receive(connection: 1, text: seek, now: now)
        #expect(!drain(core, 1, now: now).types.contains("error"), "the first seek is answered")
        core.receive(connection: 1, text: seek, now: now)
        #expect(drain(core, 1, now: now).types == ["error"], "the address has used its replay time")
        core.receive(connection: 2, text: seek, now: now)
        #expect(!drain(core, 2, now: now).types.contains("error"), "another address seeks as before")
    }

    @Test func anUnknownRoomIsAnsweredOnlyAfterTheDelayThenClosedWith4404() {
        let core = makeCore { $0.unknownRoomDelaySeconds = 1 }
        join(core, 1, ["room=NOROOM"])
        #expect(drain(core, 1).types.isEmpty)
        #expect(core.nextTimer() == 1_000_000 || core.nextTimer() == 0)
        core.runTimers(now: 500_000)
        #expect(drain(core, 1, now: 500_000).types.isEmpty)
        core.runTimers(now: 1_000_000)
        let written = drain(core, 1, now: 1_000_000)
        #expect(written.types == ["error"])
        #expect(written.close == 4404)
    }

    @Test func guessingTooManyCodesFromOneAddressIsRateLimitedAndClosedWith4429() {
        let core = makeCore {
            $0.unknownRoomsPerMinute = 2
            $0.unknownRoomDelaySeconds = 0
        }
        for id: ConnectionID in 1...3 { join(core, id, ["room=GUESS\(id)"]) }
        core.runTimers(now: 0)
        #expect(drain(core, 1).close == 4404)
        #expect(drain(core, 2).close == 4404)
        #expect(drain(core, 3).close == 4429)
        // Another address is not affected.
        join(core, 4, ["room=GUESS4"], address: "10.0.0.2")
        core.runTimers(now: 0)
        #expect(drain(core, 4).close == 4404)
    }

    @Test func fullServersAndAddressesAreAnsweredFullWith1013() {
        let core = makeCore {
            $0.maxClientsPerRoom = 1
            $0.maxConnectionsPerAddress = 2
            $0.maxRoomsPerAddress = 1
        }
        join(core, 1, ["room=fake-moving"])
        // A full lesson room is not refused: the newcomer goes on to the lesson's next instance.
        join(core, 2, ["room=fake-moving"])
        #expect(drain(core, 2).types == ["welcome", "frame"])
        #expect(core.sessions[2]?.roomID == "fake-moving-2")
        core.closed(connection: 2, now: 0)
        join(core, 3, ["lesson=fake-moving"])
        #expect(drain(core, 3).types.first == "welcome")
        join(core, 4, ["lesson=fake-moving"], address: "10.0.0.9")
        join(core, 5, ["lesson=fake-moving"], address: "10.0.0.9")
        #expect(drain(core, 5) == (["error"], 1013))
        join(core, 6, ["room=fake-other"])
        #expect(drain(core, 6) == (["error"], 1013))
    }

    @Test func aClientThatTakesNothingForTooLongIsDropped() {
        let core = makeCore { $0.maxLagSeconds = 2 }
        join(core, 1, ["room=fake-moving"])
        join(core, 2, ["room=fake-moving"])
        _ = drain(core, 2)
        for step in 1...180 {
            let now = Int64(step) * 16_667
            core.tick(now: now)
            core.runTimers(now: now)
            _ = drain(core, 2, now: now)
        }
        #expect(core.takeKills() == [1])
    }

    @Test func anOverflowingOutboxDropsTheClient() {
        let core = makeCore { $0.maxQueuedMessages = 10 }
        join(core, 1, ["room=fake-moving"])
        for _ in 0..<20 { core.receive(connection: 1, text: Array(#"{"type":"ping","id":1}"#.utf8), now: 0) }
        #expect(core.takeKills() == [1])
    }

    @Test func anEmptyClassRoomExpiresAndItsCodeIsUnknownAfterwards() throws {
        let core = makeCore {
            $0.roomExpirySeconds = 60
            $0.unknownRoomDelaySeconds = 0
        }
        join(core, 1, ["lesson=fake-moving"])
        let code = try #require(core.classRooms.keys.first)
        core.closed(connection: 1, now: 0)
        core.runTimers(now: 59_000_000)
        #expect(core.classRooms[code] != nil)
        core.runTimers(now: 60_000_001)
        #expect(core.classRooms[code] == nil)
        join(core, 2, ["room=\(code)"], now: 61_000_000)
        core.runTimers(now: 61_000_000)
        #expect(drain(core, 2).close == 4404)
    }

    @Test func shutdownClosesEveryConnectionWith1001() {
        let core = makeCore()
        join(core, 1, ["room=fake-moving"])
        join(core, 2, ["room=fake-other"])
        core.beginShutdown(now: 0)
        #expect(drain(core, 1).close == 1001)
        #expect(drain(core, 2).close == 1001)
        join(core, 3, ["room=fake-moving"])
        #expect(drain(core, 3).close == 1001)
    }

    @Test func noTimerRunsWhenNoOneIsConnected() {
        let core = makeCore()
        #expect(core.nextTimer() == nil)
        #expect(!core.mayHaveActiveRooms)
        #expect(core.tick(now: 0) == 0)
    }

    @Test func theLessonAndRoomListsAreJSON() throws {
        let core = makeCore()
        let lessons = try JSONSerialization.jsonObject(with: Data(core.lessonsJSON())) as? [[String: Any]]
        #expect(lessons?.compactMap { $0["id"] as? String } == ["fake-moving", "fake-other"])
        let rooms = try JSONSerialization.jsonObject(with: Data(core.roomsJSON())) as? [[String: Any]]
        #expect(rooms?.first?["shared"] as? Bool == true)
        #expect(String(decoding: core.renderMetrics(), as: UTF8.self).contains("newtons_clients 0"))
    }
}
