// `newtons-load --fuzz`: abuse of every kind against a running server, while two innocent clients
// in different rooms (two class rooms of LESSON, each its own) measure the longest gap between
// their frames. Abusers come from 127.0.0.2 and up (all of 127/8 is loopback), so
// the server's per-address limits and its log summaries see many addresses; the innocents from
// 127.0.0.1. Each abuse is one connection: written to at once (never read, except that a slow
// reader is kept open), then closed, reset, or held open for a while.
//
// Reports: connections made per kind, each innocent's frames and longest gap (bar: 1 s), the
// server's tick p50/p99 (/metrics), the log's bytes and lines per minute (--server-log), whether
// the server still answers, and the generator's own longest stall (a gap it caused itself).

import Foundation
import LoadWire

#if canImport(Glibc)
    import Glibc
#endif

final class FuzzRun {
    /// What one abusive connection does.
    enum Abuse: String, CaseIterable {
        case garbage, partialUpgrade = "partial-upgrade", hugeHeader = "huge-header", badVersion = "bad-version"
        case noKey = "no-key", wrongPath = "wrong-path", badSubprotocol = "bad-subprotocol", badOrigin = "bad-origin"
        case halfOpen = "half-open", unmasked, binary, oversize, badJSON = "bad-json", badValues = "bad-values"
        case invalidUTF8 = "invalid-utf8", badOpcode = "bad-opcode", reservedBits = "reserved-bits"
        case longControl = "long-control", hugeLength = "huge-length", endlessFragments = "endless-fragments"
        case flood, slowReader = "slow-reader", unknownRoom = "unknown-room", classRooms = "class-rooms"
        case controls, http, uploads, partialUpload = "partial-upload"
    }

    /// A connection kept open (half-open, a slow reader, endless fragments) until `until`.
    private struct Held {
        let fd: Int32
        let until: UInt64
    }

    let settings: Settings
    private let epoll = Epoll()
    private let roundTrips = RoundTrips()
    private var innocents: [RawWebSocket] = []
    private var held: [Held] = []
    private var counts: [Abuse: Int] = [:]
    private var connectFailures = 0
    private var sourceIndex = 0
    private var random = SystemRandomNumberGenerator()
    /// Nanoseconds between frames, per innocent: the longest, and when the last came.
    private var longestGaps: [UInt64] = [0, 0]
    private var lastFrameAt: [UInt64] = [0, 0]
    private var lastFrameCount: [Int] = [0, 0]
    private var longestOwnStall: UInt64 = 0

    init(settings: Settings) {
        self.settings = settings
    }

    func run() throws(LoadError) {
        let address = ipv4Address(host: settings.host, port: settings.port)
        // Two class rooms of their own: the abusers cannot know their codes, so nothing they do is
        // a legitimate change of these rooms (in the shared lesson room, a `set` of the speed to 0
        // stops the orbit and rightly stops the frames).
        for (id, query) in [
            "lesson=\(settings.lesson)&name=innocent-a", "lesson=\(settings.lesson)&name=innocent-b",
        ].enumerated() {
            innocents.append(
                try RawWebSocket(
                    id: id, address: address, hostHeader: settings.host, port: settings.port, target: "/ws?" + query,
                    wantsRoomCode: false, epoll: epoll, roundTrips: roundTrips))
            innocents[id].kernelTimestamps = true
        }
        let welcomeDeadline = monotonicNanoseconds() + 10_000_000_000
        while !innocents.allSatisfy(\.welcomed) {
            guard monotonicNanoseconds() < welcomeDeadline, !innocents.contains(where: { $0.state == .closed }) else {
                throw LoadError("the innocent clients got no welcome: \(innocents.map { $0.failure ?? "waiting" })")
            }
            _ = epoll.poll(timeoutMilliseconds: 10) { id, events in _ = innocents[id].handle(events) }
        }
        let metricsBefore = httpGet(host: settings.host, port: settings.port, path: "/metrics") ?? ""
        let logBefore = settings.serverLog.map(fileSize) ?? 0
        let linesBefore = settings.serverLog.map(lineCount) ?? 0
        let started = monotonicNanoseconds()
        let deadline = started + UInt64(settings.seconds * 1e9)
        let interval = UInt64(1e9 / Double(max(1, settings.fuzzRate)))
        var nextAbuse = started
        var lastRound = started
        var nextReport = started + 60_000_000_000
        for index in innocents.indices { lastFrameAt[index] = started; lastFrameCount[index] = innocents[index].frames }

        while true {
            let now = monotonicNanoseconds()
            if now >= deadline { break }
            longestOwnStall = max(longestOwnStall, now - lastRound)
            lastRound = now
            while epoll.poll(timeoutMilliseconds: 0, { id, events in _ = innocents[id].handle(events) }) == epoll.capacity {}
            noteFrames(now: monotonicNanoseconds())
            // Catch up on the abuse due, at most 50 at once so the innocents are read in between.
            var burst = 0
            while nextAbuse <= now, burst < 50 {
                abuse(address: address, now: now)
                nextAbuse += interval
                burst += 1
            }
            if nextAbuse + 1_000_000_000 < now { nextAbuse = now }
            releaseHeld(now: now)
            if now >= nextReport {
                nextReport += 60_000_000_000
                say(
                    "fuzz progress s=\(Int(Double(now - started) / 1e9)) connections=\(counts.values.reduce(0, +)) longest_gap_ms=\(innocents.map { format(Double($0.longestArrivalGap) / 1e6, 1) }) seen_by_loop=\(longestGaps.map { format(Double($0) / 1e6, 1) }) own_stall_ms=\(format(Double(longestOwnStall) / 1e6, 1)) innocents_open=\(innocents.map { $0.state == .open })"
                )
            }
            sleep(until: min(now + 1_000_000, max(nextAbuse, now + 200_000)))
        }
        let elapsed = Double(monotonicNanoseconds() - started) / 1e9
        for item in held { Glibc.close(item.fd) }
        held.removeAll()
        let metricsAfter = httpGet(host: settings.host, port: settings.port, path: "/metrics") ?? ""
        let healthy = httpGet(host: settings.host, port: settings.port, path: "/healthz")
        report(
            elapsed: elapsed, metricsBefore: metricsBefore, metricsAfter: metricsAfter, healthy: healthy,
            logBytes: (settings.serverLog.map(fileSize) ?? 0) - logBefore,
            logLines: (settings.serverLog.map(lineCount) ?? 0) - linesBefore)
        for innocent in innocents { innocent.closeGracefully() }
    }

    private func noteFrames(now: UInt64) {
        for (index, innocent) in innocents.enumerated() where innocent.frames != lastFrameCount[index] {
            longestGaps[index] = max(longestGaps[index], now - lastFrameAt[index])
            lastFrameAt[index] = now
            lastFrameCount[index] = innocent.frames
        }
    }

    private func report(
        elapsed: Double, metricsBefore: String, metricsAfter: String, healthy: String?, logBytes: Int, logLines: Int
    ) {
        let total = counts.values.reduce(0, +)
        say(
            "fuzz connections total=\(total) per_s=\(format(Double(total) / elapsed, 0)) connect_failures=\(connectFailures) window_s=\(format(elapsed, 0))"
        )
        say("fuzz kinds " + Abuse.allCases.map { "\($0.rawValue)=\(counts[$0, default: 0])" }.joined(separator: " "))
        // A gap still open at the end counts too.
        let now = monotonicNanoseconds()
        for index in innocents.indices { longestGaps[index] = max(longestGaps[index], now - lastFrameAt[index]) }
        for (index, innocent) in innocents.enumerated() {
            say(
                "fuzz innocent \(index == 0 ? "a" : "b") frames=\(innocent.frames) expected=\(Int(elapsed * 60)) seq_gaps=\(innocent.gaps) longest_gap_ms=\(format(Double(innocent.longestArrivalGap) / 1e6, 1)) bar<=1000 (arrival times from the kernel) longest_gap_seen_by_loop_ms=\(format(Double(longestGaps[index]) / 1e6, 1)) still_open=\(innocent.state == .open)\(innocent.failure.map { " failure=\($0)" } ?? "")"
            )
        }
        for (name, label) in [("newtons_service_tick_seconds", "all_rooms_tick_ms"), ("newtons_room_tick_seconds", "room_tick_ms")] {
            let before = histogram(metricsBefore, name)
            let after = histogram(metricsAfter, name)
            say(
                "fuzz \(label) p50=\(format(quantile(before, after, 0.5) * 1000, 3)) p99=\(format(quantile(before, after, 0.99) * 1000, 3)) p999=\(format(quantile(before, after, 0.999) * 1000, 3))"
            )
        }
        if settings.serverLog != nil {
            say(
                "fuzz log bytes_per_min=\(Int(Double(logBytes) / elapsed * 60)) lines_per_min=\(Int(Double(logLines) / elapsed * 60)) (140 MB in 10 min before the summaries: 14,000,000 per min)"
            )
        }
        say("fuzz server healthz=\(healthy?.hasPrefix("ok") == true ? "ok" : "NO ANSWER") load_longest_own_stall_ms=\(format(Double(longestOwnStall) / 1e6, 1))")
    }

    // MARK: Abuse

    private func abuse(address: sockaddr_in, now: UInt64) {
        let kind = Abuse.allCases.randomElement(using: &random)!
        counts[kind, default: 0] += 1
        sourceIndex = (sourceIndex + 1) % 200
        let receiveBuffer: Int32? = kind == .slowReader ? 1024 : nil
        guard let fd = connectFrom(source: 2 + sourceIndex, to: address, receiveBuffer: receiveBuffer) else {
            connectFailures += 1
            return
        }
        let bytes = payload(kind)
        if !bytes.isEmpty {
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        }
        switch kind {
        case .halfOpen, .partialUpgrade, .slowReader, .endlessFragments, .partialUpload:
            if held.count < 400 {
                held.append(Held(fd: fd, until: now + UInt64.random(in: 2_000_000_000...15_000_000_000, using: &random)))
                return
            }
        default:
            break
        }
        if Bool.random(using: &random) {
            // A reset instead of a goodbye.
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        }
        Glibc.close(fd)
    }

    private func releaseHeld(now: UInt64) {
        guard held.contains(where: { $0.until <= now }) else { return }
        held.removeAll { item in
            guard item.until <= now else { return false }
            Glibc.close(item.fd)
            return true
        }
    }

    /// A non-blocking connection from 127.0.0.`source`; nil when the connect fails at once.
    private func connectFrom(source: Int, to address: sockaddr_in, receiveBuffer: Int32?) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var local = ipv4Address(host: "127.0.0.\(source)", port: 0)
        var target = address
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 || errno == EINPROGRESS else {
            Glibc.close(fd)
            return nil
        }
        return fd
    }

    private func mask() -> UInt32 { UInt32.random(in: 0...UInt32.max, using: &random) }

    private func upgrade(_ query: String, path: String = "/ws", version: String = "13", key: Bool = true,
                         subprotocol: String = "newtons.v1", origin: String? = nil) -> [UInt8] {
        var head = "GET \(path)?\(query) HTTP/1.1\r\nHost: \(settings.host):\(settings.port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        if key { head += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n" }
        head += "Sec-WebSocket-Version: \(version)\r\nSec-WebSocket-Protocol: \(subprotocol)\r\n"
        if let origin { head += "Origin: \(origin)\r\n" }
        return Array((head + "\r\n").utf8)
    }

    private func someRoom() -> String {
        [
            "room=\(settings.lesson)", "room=\(settings.restingLesson)", "room=ZZZZZZ", "room=%00%ff", "",
            "room=" + String(repeating: "a", count: 300), "lesson=\(settings.lesson)&name=" + String(repeating: "\u{202E}x", count: 40),
        ].randomElement(using: &random)!
    }

    private func text(_ message: String) -> [UInt8] {
        ClientFrame.encode(opcode: WebSocketOpcode.text, payload: Array(message.utf8), maskKey: mask())
    }

    static let badJSON = [
        "", "{", "}", "[]", "null", "\"tap\"", "{\"type\":}", "{\"type\":\"tap\",\"x\":1,,\"y\":2}",
        String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000),
        "{\"type\":\"tap\",\"x\":1,\"y\":2,\"type\":\"reset\"}", "{\"type\":\"\\u0000\"}", "{\"type\":\"tap\"" + String(repeating: " ", count: 3000) + "}",
    ]
    static let badValues = [
        "{\"type\":\"tap\",\"x\":NaN,\"y\":1}", "{\"type\":\"tap\",\"x\":1e309,\"y\":-1e309}",
        "{\"type\":\"tap\",\"x\":Infinity,\"y\":-Infinity}", "{\"type\":\"push\",\"x\":1,\"y\":2,\"dx\":1e300,\"dy\":-1e300}",
        "{\"type\":\"set\",\"param\":\"speed\",\"value\":1e308}", "{\"type\":\"set\",\"param\":\"speed\",\"value\":-0}",
        "{\"type\":\"pan\",\"phase\":\"began\",\"x\":1e-400,\"y\":0}", "{\"type\":\"control\",\"action\":\"lesson\",\"lesson\":\"../../etc\"}",
        "{\"type\":\"claim\",\"key\":\"" + String(repeating: "k", count: 3000) + "\"}", "{\"type\":\"ping\",\"id\":\"" + String(repeating: "9", count: 2000) + "\"}",
        "{\"type\":\"control\",\"action\":\"give\",\"member\":-99999999999999999999}", "{\"type\":\"reset\"}",
    ]

    private func payload(_ kind: Abuse) -> [UInt8] {
        switch kind {
        case .garbage:
            return (0..<Int.random(in: 1...2000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        case .partialUpgrade:
            return Array(upgrade(someRoom()).prefix(Int.random(in: 1...60, using: &random)))
        case .hugeHeader:
            return Array(("GET /ws?room=x HTTP/1.1\r\nX-Big: " + String(repeating: "h", count: 20000) + "\r\n\r\n").utf8)
        case .badVersion:
            return upgrade(someRoom(), version: ["8", "99", "", "13, 13"].randomElement(using: &random)!)
        case .noKey:
            return upgrade(someRoom(), key: false)
        case .wrongPath:
            return upgrade(someRoom(), path: ["/", "/ws/../ws", "/%2e%2e/ws", "/api/rooms", "/wss"].randomElement(using: &random)!)
        case .badSubprotocol:
            return upgrade(someRoom(), subprotocol: ["", "chat", "newtons.v2", String(repeating: "x,", count: 500)].randomElement(using: &random)!)
        case .badOrigin:
            return upgrade(someRoom(), origin: "https://evil.example")
        case .halfOpen:
            return []
        case .unmasked:
            return upgrade(someRoom()) + [0x81, 0x05] + Array("hello".utf8)
        case .binary:
            return upgrade(someRoom()) + ClientFrame.encode(opcode: WebSocketOpcode.binary, payload: [1, 2, 3], maskKey: mask())
        case .oversize:
            return upgrade(someRoom()) + text(String(repeating: "x", count: 70_000))
        case .badJSON:
            return upgrade(someRoom()) + Self.badJSON.flatMap { text($0) }
        case .badValues:
            return upgrade(someRoom()) + Self.badValues.flatMap { text($0) }
        case .invalidUTF8:
            return upgrade(someRoom()) + ClientFrame.encode(opcode: WebSocketOpcode.text, payload: [0x7B, 0xC3, 0x28, 0xFF, 0x7D], maskKey: mask())
        case .badOpcode:
            return upgrade(someRoom()) + ClientFrame.encode(opcode: UInt8.random(in: 3...7, using: &random), payload: [1], maskKey: mask())
        case .reservedBits:
            var frame = text("{\"type\":\"reset\"}")
            frame[0] |= 0x70
            return upgrade(someRoom()) + frame
        case .longControl:
            return upgrade(someRoom()) + ClientFrame.encode(opcode: 9, payload: [UInt8](repeating: 1, count: 300), maskKey: mask())
        case .hugeLength:
            return upgrade(someRoom()) + [0x81, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4, 5, 6]
        case .endlessFragments:
            var frame = text("{\"type\":")
            frame[0] &= 0x7F
            var continuation = ClientFrame.encode(opcode: 0, payload: Array("      ".utf8), maskKey: mask())
            continuation[0] &= 0x7F
            var bytes = upgrade(someRoom()) + frame
            for _ in 0..<50 { bytes += continuation }
            return bytes
        case .flood:
            let tap = text("{\"type\":\"tap\",\"x\":100,\"y\":200}")
            return upgrade("room=\(settings.lesson)") + (0..<400).flatMap { _ in tap }
        case .slowReader:
            return upgrade("room=\(settings.lesson)")
        case .unknownRoom:
            let code = String((0..<6).map { _ in "ABCDEFGHJKMNPQRSTUVWXYZ23456789".randomElement(using: &random)! })
            return upgrade("room=\(code)")
        case .classRooms:
            return upgrade("lesson=\(settings.lesson)")
        case .controls:
            return upgrade("room=\(settings.lesson)")
                + ["{\"type\":\"control\",\"action\":\"pause\"}", "{\"type\":\"control\",\"action\":\"lock\"}", "{\"type\":\"claim\",\"key\":\"00000000000000000000000000000000\"}"].flatMap { text($0) }
        case .http:
            let requests = [
                "GET /api/rooms HTTP/1.1\r\nHost: x\r\n\r\n", "POST /api/rooms HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n{",
                "GET /../../../../etc/passwd HTTP/1.1\r\n\r\n", "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.0\r\n\r\n",
                "BREW /coffee HTCPCP/1.0\r\n\r\n", "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n",
            ]
            return Array(requests.randomElement(using: &random)!.utf8)
        case .uploads:
            // Kept alive, as browsers send them: a class opened or refused, a recording refused.
            let bodies: [(String, [UInt8])] = [
                ("/api/classes", Array("{\"lesson\":\"\(settings.lesson)\"}".utf8)), ("/api/classes", Array("{}".utf8)),
                ("/api/classes", Array("{\"lesson\":".utf8)), ("/api/classes", [UInt8](repeating: 0x7B, count: 5000)),
                ("/api/recordings", (0..<Int.random(in: 0...3000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }),
            ]
            let (path, body) = bodies.randomElement(using: &random)!
            return Array("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
        case .partialUpload:
            // A body that never ends: held by the acceptor until its deadline.
            return Array("POST /api/recordings HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nnewtons-recording".utf8)
        }
    }
}

private func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

private func lineCount(_ path: String) -> Int {
    guard let data = FileManager.default.contents(atPath: path) else { return 0 }
    return data.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
}
