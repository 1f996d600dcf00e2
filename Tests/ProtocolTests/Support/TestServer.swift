import DynamicsTesting
import Foundation
import NewtonsClient
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `newtons serve` process started by a test on a free loopback port, with the fixture lessons
/// and a web folder of its own (with a secret file beside it, for path traversal tests).
final class TestServer: @unchecked Sendable {
    let port: Int
    let process: Process
    let root: URL
    let web: URL
    let logFile: URL
    let tls: Bool

    /// The secret next to the web folder that no request may read.
    static let secret = "TOP-SECRET-OUTSIDE-WEB"

    /// The binary: `NEWTONS_BIN`, else the one built with these tests (see `NewtonsBinary`).
    static var binary: String {
        NewtonsBinary.locate()?.path ?? ".build/debug/newtons"
    }

    /// Starts a server and waits until `/healthz` answers.
    /// `host` is where it listens; the test reaches it at that address (at loopback for `0.0.0.0`, `::`).
    init(_ arguments: [String] = [], tls: Bool = false, host: String = "127.0.0.1") async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("newtons-test-\(UUID().uuidString)")
        web = root.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: web.appendingPathComponent("js"), withIntermediateDirectories: true)
        try "<!doctype html><title>Newtons test</title>".write(
            to: web.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "export const x = 1;\n".write(to: web.appendingPathComponent("js/module.mjs"), atomically: true, encoding: .utf8)
        try "console.log(1);\n".write(to: web.appendingPathComponent("js/app.js"), atomically: true, encoding: .utf8)
        try "body { margin: 0 }\n".write(to: web.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        try "hidden".write(to: web.appendingPathComponent(".hidden"), atomically: true, encoding: .utf8)
        try Self.secret.write(to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        logFile = root.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        self.tls = tls

        var extra = arguments
        if tls {
            let cert = root.appendingPathComponent("cert.pem").path
            let key = root.appendingPathComponent("key.pem").path
            try await Self.run(
                "/usr/bin/openssl",
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1",
                    "-subj", "/CN=localhost",
                ])
            extra += ["--tls-cert", cert, "--tls-key", key]
        }

        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try Self.freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments =
                ["serve", "--host", host, "--port", String(port), "--web", web.path, "--fixture-lessons"] + extra
            let log = try FileHandle(forWritingTo: logFile)
            process.standardError = log
            process.standardOutput = log
            try Self.spawn(process)
            do {
                let reach = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
                try await Self.waitUntilHealthy(process: process, port: port, host: reach, tls: tls, logFile: logFile)
                self.port = port
                self.process = process
                return
            } catch {
                lastError = error
                process.killWithoutWaiting()
            }
        }
        throw lastError ?? ServerTestError("the server did not start")
    }

    deinit {
        // Not waited for: a deinit that blocks holds one of the few threads every test shares.
        process.killWithoutWaiting()
        try? FileManager.default.removeItem(at: root)
    }

    private static func waitUntilHealthy(
        process: Process, port: Int, host: String, tls: Bool, logFile: URL
    ) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline {
            guard process.isRunning else {
                throw ServerTestError("the server exited: \((try? String(contentsOf: logFile, encoding: .utf8)) ?? "")")
            }
            if tls {
                if (try? await NewtonsClient.connect(port: port, room: "fixture-settle", tls: true, insecureTLS: true))
                    .map({ client in Task { await client.close() } }) != nil
                {
                    return
                }
            } else if let answer = try? await RawHTTP.get(port: port, path: "/healthz", host: host), answer.status == 200 {
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw ServerTestError("the server did not answer /healthz")
    }

    /// Everything the server logged so far.
    var log: String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    /// One series of `/metrics` (name with its labels, as printed), nil when absent.
    func metric(_ series: String) async throws -> Double? {
        let body = try await RawHTTP.get(port: port, path: "/metrics").body
        for line in body.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    /// Waits until the log holds `text`.
    func waitForLog(_ text: String, timeout: Duration = .seconds(5)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if log.contains(text) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw ServerTestError("the log never said \"\(text)\":\n\(log)")
    }

    /// A client in a room (or opening a class room with `lesson:`).
    func client(
        room: String? = nil, lesson: String? = nil, name: String? = nil, key: String? = nil
    ) async throws -> NewtonsClient {
        try await NewtonsClient.connect(
            port: port, room: room, lesson: lesson, name: name, key: key, tls: tls, insecureTLS: tls)
    }

    /// A client in `room`, and its welcome.
    func welcomed(room: String) async throws -> (NewtonsClient, Welcome) {
        let client = try await self.client(room: room)
        return (client, try await client.welcome())
    }

    /// Two clients in `room`, both connected before either reads its welcome.
    func welcomedPair(room: String) async throws -> (NewtonsClient, NewtonsClient) {
        try await welcomed(client(room: room), client(room: room))
    }

    /// `a` and `b` (both connected already), once each has read its welcome.
    func welcomed(_ a: NewtonsClient, _ b: NewtonsClient) async throws -> (NewtonsClient, NewtonsClient) {
        _ = try await a.welcome()
        _ = try await b.welcome()
        return (a, b)
    }

    /// Sends SIGTERM and waits for the exit; returns the status and how long it took.
    func stop() async throws -> (status: Int32, seconds: Double) {
        let started = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)
        while !process.hasExited {
            guard ContinuousClock.now - started < .seconds(10) else { throw ServerTestError("the server did not stop") }
            try await Task.sleep(for: .milliseconds(5))
        }
        // The time to the exit itself; the status may take Foundation a moment longer to collect.
        let elapsed = ContinuousClock.now - started
        var exited = process.exitStatus(waitingSince: started)
        while exited == nil {
            try await Task.sleep(for: .milliseconds(5))
            exited = process.exitStatus(waitingSince: started)
        }
        let status = exited!
        return (status, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw ServerTestError("bind failed") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Held while a child is started: Foundation's Process makes its descriptors (the output
    /// pipe, the socket that reports the child's exit) without close-on-exec, so a child started
    /// by another test at the same moment inherits them. A long-lived server holding a short
    /// command's pipe or exit socket kept `readDataToEndOfFile`/`waitUntilExit` waiting forever,
    /// and a short command holding a server's exit socket made Foundation block in `waitpid` for
    /// that server: every test hung. One start at a time leaks nothing.
    private static let spawnLock = NSLock()

    /// Starts `process`; `prepare` makes its descriptors under the same lock.
    static func spawn(_ process: Process, prepare: () -> Void = {}) throws {
        spawnLock.lock()
        defer { spawnLock.unlock() }
        prepare()
        try process.run()
    }

    /// Runs a short command to its end (on a thread of its own) and returns what it printed.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) async throws -> String {
        try await onOwnThread { try runBlocking(executable, arguments) }
    }

    private static func runBlocking(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var pipe: Pipe!
        try spawn(process) {
            pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        _ = process.waitForExit()
        return String(decoding: data, as: UTF8.self)
    }
}

struct ServerTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Closes each client in turn.
func closeAll(_ clients: NewtonsClient...) async {
    for client in clients { await client.close() }
}

extension StateFrame {
    /// Whether item 1 lies on the circle of `radius` points around (`x`, `y`), within 0.01 point
    /// (the orbit fixture keeps it 100 points from where it was last sent).
    func itemOneIsOnCircle(around x: Double, _ y: Double, radius: Double = 100) -> Bool {
        guard let item = item(1) else { return false }
        return abs(hypot(Double(item.x) - x, Double(item.y) - y) - radius) < 0.01
    }
}

extension NewtonsClient {
    /// Waits for the error `full` (whose message mentions `reason`, where given), then the close 1013.
    func expectRefusedFull(mentioning reason: String? = nil) async throws {
        let error = try await waitForError("full")
        if let reason { #expect(error["message"]?.string?.contains(reason) == true) }
        #expect(try await waitForClose() == 1013)
    }
}
