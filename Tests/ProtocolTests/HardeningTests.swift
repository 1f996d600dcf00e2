import DynamicsTesting
import Foundation
import NewtonsClient
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What an outside check of the server found (issue 14): where it listens, unmasked frames,
/// and the log under a flood of refusals.
@Suite(.timeLimit(.minutes(2)))
struct HardeningTests {
    // MARK: --host

    /// The listening sockets of a process, read back from the kernel: the socket inodes among its
    /// descriptors, looked up in /proc/net/tcp and tcp6 (state 0A is LISTEN).
    static func listeners(of pid: Int32) throws -> [String] {
        var inodes: Set<String> = []
        let fdFolder = "/proc/\(pid)/fd"
        for name in try FileManager.default.contentsOfDirectory(atPath: fdFolder) {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fdFolder)/\(name)"),
                target.hasPrefix("socket:[")
            {
                inodes.insert(String(target.dropFirst(8).dropLast()))
            }
        }
        var found: [String] = []
        for table in ["tcp", "tcp6"] {
            // Read to the end by hand: /proc files say they are empty, and the IPv4 table is long
            // while other tests run.
            guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/net/\(table)") else { continue }
            let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            try? handle.close()
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 9, fields[3] == "0A", inodes.contains(String(fields[9])) else { continue }
                found.append("\(table) \(fields[1])")
            }
        }
        return found.sorted()
    }

    static func hexPort(_ port: Int) -> String { String(format: "%04X", port) }

    @Test(arguments: [
        ("127.0.0.1", "tcp 0100007F"),
        ("::1", "tcp6 00000000000000000000000001000000"),
        ("0.0.0.0", "tcp 00000000"),
        ("::", "tcp6 00000000000000000000000000000000"),
    ])
    func theServerListensExactlyWhereAsked(host: String, expected: String) async throws {
        let server = try await TestServer(host: host)
        let found = try Self.listeners(of: server.process.processIdentifier)
        #expect(found == ["\(expected):\(Self.hexPort(server.port))"], "--host \(host)")
    }

    @Test func anIPv6LoopbackServerDoesNotAnswerOnIPv4AndViceVersa() async throws {
        let v6 = try await TestServer(host: "::1")
        #expect(try await RawHTTP.get(port: v6.port, path: "/healthz", host: "::1").status == 200)
        #expect(throws: (any Error).self) { try RawConnection(port: v6.port, host: "127.0.0.1") }
        let v4 = try await TestServer(host: "127.0.0.1")
        #expect(throws: (any Error).self) { try RawConnection(port: v4.port, host: "::1") }
    }

    @Test func aHostThatIsNotAnAddressIsAClearError() async throws {
        for host in ["example.invalid", "127.0.0.256", "::g", ""] {
            let output = try await TestServer.run(TestServer.binary, ["serve", "--host", host, "--port", "1", "--web", "/"])
            #expect(output.contains("--host must be an IPv4 or IPv6 address"), "\(host): \(output)")
        }
    }

    // MARK: Unmasked frames

    @Test func anUnmaskedTextFrameIsClosedWith1002AndNotRead() async throws {
        let server = try await TestServer()
        let innocent = try await server.client(room: "fixture-orbit", name: "innocent")
        _ = try await innocent.welcome()
        let raw = try await RawWebSocket.open(port: server.port, query: "room=fixture-orbit&name=raw")
        try raw.write(RawFrame.make(opcode: 1, payload: Array(#"{"type":"reset"}"#.utf8), masked: false))
        let answer = await raw.readAll()
        #expect(RawFrame.closeCode(in: answer) == 1002)
        // The reset was not read: nothing in the room restarted.
        #expect(try await server.metric("newtons_messages_in_total{type=\"reset\"}") == 0)
        #expect(try await server.metric("newtons_rejected_total{reason=\"unmasked\"}") == 1)
        try await BadInputTests.expectStillMovingThenClose(innocent)
    }

    @Test func anUnmaskedPingOrAnUnmaskedFrameInTheUpgradesPacketIsClosedWith1002() async throws {
        let server = try await TestServer()
        let ping = try await RawWebSocket.open(port: server.port, query: "room=fixture-settle")
        try ping.write(RawFrame.make(opcode: 9, payload: Array("hi".utf8), masked: false))
        #expect(RawFrame.closeCode(in: await ping.readAll()) == 1002)

        let early = try await RawWebSocket.open(
            port: server.port, query: "room=fixture-settle",
            then: RawFrame.make(opcode: 1, payload: Array(#"{"type":"ping","id":"x"}"#.utf8), masked: false))
        #expect(RawFrame.closeCode(in: await early.readAll()) == 1002)

        // After masked frames of every length form (7-bit, 16-bit, fragmented), an unmasked one
        // is still caught: the guard follows frame boundaries.
        let late = try await RawWebSocket.open(port: server.port, query: "room=fixture-settle")
        let padded = #"{"type":"ping","id":""# + String(repeating: "p", count: 60) + #""}"#
        let long = #"{"type":"ping","id":"masked-fragmented","pad":""# + String(repeating: "q", count: 300) + #""}"#
        try late.write(RawFrame.make(opcode: 1, payload: Array(padded.utf8)))
        try late.write(RawFrame.make(opcode: 1, payload: Array(long.utf8.prefix(100)), fin: false))
        try late.write(RawFrame.make(opcode: 0, payload: Array(long.utf8.dropFirst(100))))
        // The masked ones are answered (the fragmented message's pong comes last)...
        let answered = String(decoding: await late.read(until: Array("masked-fragmented\"}".utf8)), as: UTF8.self)
        #expect(answered.contains("masked-fragmented"), "the masked frames were read")
        // ...and the unmasked one after them is not.
        try late.write(RawFrame.make(opcode: 1, payload: Array(#"{"type":"ping","id":"unmasked-y"}"#.utf8), masked: false))
        let answer = await late.readAll()
        #expect(!String(decoding: answer, as: UTF8.self).contains("unmasked-y"), "the unmasked frame was not answered")
        #expect(RawFrame.closeCode(in: answer) == 1002)
    }

    @Test func maskedFramesOfEveryLengthKeepTheConnectionOpen() async throws {
        let server = try await TestServer()
        let raw = try await RawWebSocket.open(port: server.port, query: "room=fixture-settle")
        for size in [0, 10, 125, 126, 3000] {
            let text = #"{"type":"ping","id":"s\#(size)","pad":""# + String(repeating: "z", count: size) + #""}"#
            try raw.write(RawFrame.make(opcode: 1, payload: Array(text.utf8)))
        }
        var seen = ""
        // Generous: the loop ends at the last pong, and a loaded machine (the suites run side by
        // side) once took five seconds to send the welcome alone.
        let deadline = ContinuousClock.now + .seconds(30)
        while !seen.contains("s3000"), ContinuousClock.now < deadline {
            seen += String(decoding: await raw.read(until: Array("}".utf8)), as: UTF8.self)
        }
        #expect(seen.contains("s3000"))
        #expect(try await server.metric("newtons_rejected_total{reason=\"unmasked\"}") == 0)
    }

    // MARK: The log under a flood

    @Test func aFloodOfRefusalsIsSummarisedNotLoggedOneLineEach() async throws {
        let server = try await TestServer(["--log-summary", "2"])
        let refused = 150
        let request = String(decoding: RawWebSocket.upgradeRequest(port: server.port, query: "room=x"), as: UTF8.self)
            .replacingOccurrences(of: "GET /ws?", with: "GET /nope?")
        for _ in 0..<refused {
            let connection = try RawConnection(port: server.port)
            try connection.write(Array(request.utf8))
            _ = await connection.readAll()
        }
        // Every refusal is counted in a summary (the first of each interval is also logged in
        // full); wait for the summaries to add up.
        func summarised() -> Int {
            server.log.split(separator: "\n").compactMap { line -> Int? in
                guard let range = line.range(of: "refused "), line.hasSuffix("the first was logged"),
                    line.contains("from 127.0.0.1 (unknown-path)")
                else { return nil }
                return Int(line[range.upperBound...].prefix { $0.isNumber })
            }.reduce(0, +)
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while summarised() < refused - 10, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let lines = server.log.split(separator: "\n")
        let inFull = lines.filter { $0.contains("upgrade refused") }
        #expect(summarised() >= refused - 10, "summaries: \(lines.filter { $0.contains("refused ") })")
        #expect(inFull.count <= 6, "one line in full per interval, the rest counted: \(inFull.count)")
        #expect(lines.count < 25, "\(lines.count) lines for \(refused) refusals")
    }

    @Test func libwebsocketsOwnComplaintsAreBoundedToo() async throws {
        // Plain HTTP heads are read by the acceptor (431 past 4 KiB), so lws never sees an
        // oversized one there; a TLS server's lws reads them itself and complains about each.
        let server = try await TestServer(tls: true)
        let big = "GET /ws?room=x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "h", count: 20000) + "\r\n\r\n"
        let started = ContinuousClock.now
        for _ in 0..<40 { try await Self.sendOverTLS(port: server.port, big) }
        // At most 20 lines per 10 s: on a loaded machine the 40 heads may span more windows.
        let windows = Int((ContinuousClock.now - started) / .seconds(10)) + 1
        try await server.waitForLog("libwebsockets:")
        let complaints = server.log.split(separator: "\n").filter { $0.contains("libwebsockets:") }
        #expect(complaints.count <= 20 * windows, "\(complaints.count) lines from lws for 40 oversized heads")
        let (client, _) = try await server.welcomed(room: "fixture-settle")
        await client.close()
    }

    /// Sends `text` over TLS with openssl's client and returns when the server has closed.
    static func sendOverTLS(port: Int, _ text: String) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_client", "-connect", "127.0.0.1:\(port)", "-quiet", "-no_ign_eof"]
        var input: Pipe!
        try TestServer.spawn(process) {
            input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let started = ContinuousClock.now
        while process.exitStatus(waitingSince: started) == nil {
            guard ContinuousClock.now - started < .seconds(10) else { return process.killWithoutWaiting() }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func atInfoLevelConnectionsOpenedAndClosedAreNotLogged() async throws {
        let quiet = try await TestServer()
        let client = try await quiet.client(room: "fixture-settle", name: "someone")
        _ = try await client.welcome()
        await client.close()
        // A refusal is logged: once it is there, the lines before it would be too.
        _ = try? await RawHTTP.get(port: quiet.port, path: "/ws?room=x", headers: ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"])
        try await quiet.waitForLog("refused")
        #expect(!quiet.log.contains("opened: room fixture-settle"))
        #expect(!quiet.log.contains("closed: room fixture-settle"))
    }
}
