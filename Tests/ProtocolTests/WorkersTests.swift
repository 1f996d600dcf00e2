import Foundation
import NewtonsClient
import RoomServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Several workers behind one port: rooms that step at the same time on their own threads,
/// lesson rooms that overflow into instances, and what the acceptor answers itself.
@Suite(.timeLimit(.minutes(1)))
struct WorkersTests {
    @Test func twoRoomsOnTwoWorkersStepAtTheSameTime() async throws {
        let server = try await TestServer(["--workers", "2"])
        // Instance 1 and 2 of a lesson live on different workers (WorkerRouting).
        let routing = WorkerRouting(workers: 2)
        #expect(routing.worker(lesson: "fixture-overlap", instance: 1) != routing.worker(lesson: "fixture-overlap", instance: 2))
        let first = try await server.client(room: "fixture-overlap")
        let second = try await server.client(room: "fixture-overlap-2")
        #expect(try await first.welcome().room == "fixture-overlap")
        #expect(try await second.welcome().room == "fixture-overlap-2")
        // Each step of fixture-overlap counts the steps that met another room's step under way
        // at the same moment (item 1's x): rooms on one thread can never meet.
        for client in [first, second] {
            let frame = try await client.waitForFrame(timeout: .seconds(20)) { ($0.item(1)?.x ?? 0) >= 5 }
            #expect((frame.item(1)?.x ?? 0) >= 5)
        }
        await closeAll(first, second)
    }

    @Test func oneWorkerStepsItsRoomsOneAfterTheOther() async throws {
        // The control for the test above: the same two rooms on one worker never meet.
        let server = try await TestServer(["--workers", "1"])
        let (first, second) = try await server.welcomed(server.client(room: "fixture-overlap"), server.client(room: "fixture-overlap-2"))
        for client in [first, second] {
            let frame = try await client.waitForFrame(timeout: .seconds(10)) { $0.sequence >= 10 }
            #expect(frame.item(1)?.x == 0)
        }
        await closeAll(first, second)
    }

    @Test func aFullLessonRoomSendsNewcomersToItsNextInstanceListedInTheLobby() async throws {
        let server = try await TestServer(["--max-clients-per-room", "2"])
        var clients: [NewtonsClient] = []
        var rooms: [String] = []
        for index in 0..<3 {
            let client = try await server.client(room: "fixture-orbit", name: "s\(index)")
            rooms.append(try await client.welcome().room)
            clients.append(client)
        }
        #expect(rooms == ["fixture-orbit", "fixture-orbit", "fixture-orbit-2"])
        for client in clients { _ = try await client.waitForFrame() }
        let listed = try #require(JSON(parsing: try await RawHTTP.get(port: server.port, path: "/api/rooms").body)?.array)
        let extra = try #require(listed.first { $0["id"]?.string == "fixture-orbit-2" })
        #expect(extra["lesson"]?.string == "fixture-orbit")
        #expect(extra["clients"]?.int == 1)
        // Once empty, the extra instance closes and leaves the lobby.
        await clients[2].close()
        let deadline = ContinuousClock.now + .seconds(10)
        var gone = false
        while ContinuousClock.now < deadline, !gone {
            let body = try await RawHTTP.get(port: server.port, path: "/api/rooms").body
            gone = !body.contains("fixture-orbit-2")
            if !gone { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(gone)
        for client in clients.prefix(2) { await client.close() }
    }

    @Test func metricsAndTheLobbyAreTheWholeServersFromAnyWorker() async throws {
        let server = try await TestServer(["--workers", "2"])
        let (first, second) = try await server.welcomed(server.client(room: "fixture-orbit"), server.client(room: "fixture-orbit-2"))
        // Several requests: the acceptor gives each to a worker in turn.
        for _ in 0..<4 {
            var summed = false
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline, !summed {
                summed = try await RawHTTP.get(port: server.port, path: "/metrics").body.split(separator: "\n").contains("newtons_clients 2.0")
                if !summed { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(summed)
            let rooms = try await RawHTTP.get(port: server.port, path: "/api/rooms").body
            #expect(rooms.contains(#"{"id":"fixture-orbit","lesson":"fixture-orbit","clients":1"#))
            #expect(rooms.contains(#"{"id":"fixture-orbit-2","lesson":"fixture-orbit","clients":1"#))
        }
        await closeAll(first, second)
    }

    @Test func badHeadsAreAnsweredByTheAcceptorAndNoWorkerStalls() async throws {
        let server = try await TestServer(["--workers", "2", "--request-head-timeout", "1"])
        let (innocent, _) = try await server.welcomed(room: "fixture-orbit")

        // Not HTTP: 400. A head over 4 KiB: 431.
        let garbage = try RawConnection(port: server.port)
        try garbage.write(Array("hello there\r\n\r\n".utf8))
        #expect(RawHTTP.parse(await garbage.readAll()).status == 400)
        let long = try RawConnection(port: server.port)
        try long.write(Array("GET /ws?room=\(String(repeating: "x", count: 5000)) HTTP/1.1\r\n\r\n".utf8))
        #expect(RawHTTP.parse(await long.readAll()).status == 431)

        // A flood of half-open connections: each is closed after the head timeout, and the
        // server keeps serving meanwhile.
        var halfOpen: [RawConnection] = []
        for _ in 0..<200 {
            let connection = try RawConnection(port: server.port)
            try connection.write(Array("GET /ws?room=fixture-orb".utf8))
            halfOpen.append(connection)
        }
        let health = try await RawHTTP.get(port: server.port, path: "/healthz")
        #expect(health.status == 200)
        let (late, _) = try await server.welcomed(room: "fixture-orbit")
        let before = try await innocent.waitForFrame()
        let after = try await innocent.waitForFrame { $0.sequence >= before.sequence + 30 }
        #expect(after.sequence >= before.sequence + 30)
        let started = ContinuousClock.now
        #expect(await halfOpen[0].readAll().isEmpty)  // closed by the server, not by the 5 s read timeout
        #expect(ContinuousClock.now - started < .seconds(4))
        await closeAll(innocent, late)
    }

    @Test func anUpgradeWithNoRoomOrALongMalformedRoomIsUnknownRoomOnAnyWorker() async throws {
        let server = try await TestServer(["--workers", "2", "--unknown-room-delay", "0.2"])
        let (innocent, _) = try await server.welcomed(room: "fixture-orbit")
        for room in [nil, String(repeating: "k", count: 1000), "../../etc", "snap-0", "%00%ff", "fixture-orbit-99999"] {
            let culprit = try await server.client(room: room, name: "culprit")
            _ = try await culprit.waitForError("unknown-room")
            #expect(try await culprit.waitForClose() == 4404, "\(room ?? "no room")")
        }
        let before = try await innocent.waitForFrame()
        _ = try await innocent.waitForFrame { $0.sequence >= before.sequence + 10 }
        await innocent.close()
    }

    @Test func anAddressOpeningConnectionsTooFastIsAnswered429() async throws {
        let server = try await TestServer(["--max-connections-per-second", "0.05", "--connection-burst", "5"])
        var statuses: [Int] = []
        for _ in 0..<8 {
            statuses.append(try await RawHTTP.get(port: server.port, path: "/healthz").status)
        }
        #expect(statuses.prefix(3).allSatisfy { $0 == 200 })
        #expect(statuses.contains(429))
    }
}
