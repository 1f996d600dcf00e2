import Foundation
import NewtonsClient
import Testing

/// TLS, shutdown and the command line.
@Suite(.timeLimit(.minutes(1)))
struct LifecycleTests {
    @Test func tlsWithASelfSignedCertificateServesTheRooms() async throws {
        let server = try await TestServer(tls: true)
        let (client, welcome) = try await server.welcomed(room: "fixture-orbit")
        #expect(welcome.room == "fixture-orbit")
        let frame = try await client.waitForFrame { $0.sequence > 2 }
        #expect(frame.items.count == 2)
        // Plain HTTP on the TLS port is not served.
        #expect((try? await RawHTTP.get(port: server.port, path: "/healthz"))?.status != 200)
        await client.close()
    }

    // How long a shutdown takes is not asserted against a wall clock beside the answering
    // clients: on a loaded 2-core machine their answers alone took 1.7 s. `stop()` throws when
    // the server has not exited after 10 s; the grace is checked below with a client that never
    // answers, where only a lower bound can be stated.
    @Test func sigtermClosesEverySocketWith1001AndExitsZero() async throws {
        let server = try await TestServer()
        let a = try await server.client(room: "fixture-orbit")
        let b = try await server.client(room: "fixture-settle")
        _ = try await a.welcome()
        _ = try await b.welcome()
        let (status, _) = try await server.stop()
        #expect(status == 0)
        #expect(try await a.waitForClose() == 1001)
        #expect(try await b.waitForClose() == 1001)
        // Each worker says how many of its connections it closes; together, both clients.
        let closing = server.log.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "shutting down: closing ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(closing.reduce(0, +) == 2, "\(server.log)")
        #expect(server.log.contains("newtons stopped"), "the log's queue is written out before the exit")
    }

    /// A peer that never answers the close gets the grace (1.5 s), then the server exits anyway.
    @Test func aClientThatNeverAnswersTheCloseHoldsTheExitOnlyForTheGrace() async throws {
        let server = try await TestServer()
        let silent = try await RawWebSocket.open(port: server.port, query: "room=fixture-orbit&name=silent")
        let answering = try await server.client(room: "fixture-orbit")
        _ = try await answering.welcome()
        let (status, seconds) = try await server.stop()
        #expect(status == 0)
        #expect(seconds >= 1.45, "the silent client was not given its grace")
        #expect(try await answering.waitForClose() == 1001)
        #expect(RawFrame.closeCode(in: await silent.readAll()) == 1001)
    }

    @Test func atDebugLevelTheLogHasALinePerConnectionOpenedAndClosed() async throws {
        let server = try await TestServer(["--log-level", "debug"])
        let client = try await server.client(room: "fixture-settle", name: "Logger")
        _ = try await client.welcome()
        try await server.waitForLog("opened: room fixture-settle")
        await client.close()
        try await server.waitForLog("closed: room fixture-settle")
    }

    @Test func versionAndHelpExplainEveryFlag() async throws {
        let version = try await TestServer.run(TestServer.binary, ["--version"])
        #expect(version.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try await TestServer.run(TestServer.binary, ["serve", "--help"])
        for flag in [
            "--host", "--port", "--web", "--tls-cert", "--tls-key", "--allowed-origin", "--max-clients",
            "--max-clients-per-room", "--max-rooms", "--max-connections-per-address", "--max-rooms-per-address",
            "--log-level",
        ] {
            #expect(help.contains(flag), "\(flag)")
        }
    }

    @Test func aMissingWebFolderIsAnError() async throws {
        let output = try await TestServer.run(TestServer.binary, ["serve", "--web", "/no/such/folder", "--port", "1"])
        #expect(output.contains("does not exist"))
    }
}
