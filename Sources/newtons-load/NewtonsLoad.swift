// newtons-load: the room server's load benchmark (docs/server.md, "Load benchmark").
//
// Opens N clients over R class rooms of a lesson that never rests, counts every frame each
// client receives and every gap in the sequence numbers, pings each client once a second, reads
// the server's /metrics for its tick times and /proc for its CPU time and memory, and prints one
// figure per line beside its bar and the Colyseus anchor.

import Foundation
import NIOCore
import NIOPosix
import NewtonsClient

#if canImport(Glibc)
    import Glibc
#endif

struct Settings {
    var host = "127.0.0.1"
    var port = 8080
    var clients = 2000
    var rooms = 200
    var lesson = "fixture-orbit"
    var restingLesson = "fixture-settle"
    var seconds = 60.0
    var warmup = 3.0
    var serverPID: Int32?
    var threads = 1

    init(_ arguments: [String]) {
        var index = 1
        func value() -> String {
            index += 1
            return index < arguments.count ? arguments[index] : ""
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--host": host = value()
            case "--port": port = Int(value()) ?? port
            case "--clients": clients = Int(value()) ?? clients
            case "--rooms": rooms = Int(value()) ?? rooms
            case "--lesson": lesson = value()
            case "--resting-lesson": restingLesson = value()
            case "--seconds": seconds = Double(value()) ?? seconds
            case "--warmup": warmup = Double(value()) ?? warmup
            case "--server-pid": serverPID = Int32(value())
            case "--threads": threads = Int(value()) ?? threads
            case "--help", "-h":
                print(
                    """
                    usage: newtons-load [--host H] [--port P] [--clients N] [--rooms R] [--lesson ID]
                                        [--seconds S] [--warmup S] [--server-pid PID] [--threads T]
                    Opens N clients over R class rooms of LESSON (one that never rests), measures for S s.
                    """)
                exit(0)
            default:
                FileHandle.standardError.write(Data("newtons-load: unknown argument \(arguments[index])\n".utf8))
                exit(2)
            }
            index += 1
        }
    }
}

/// What one client saw. Written on its event loop, read under the lock.
final class ClientStats: @unchecked Sendable {
    private let lock = NSLock()
    private var frames = 0
    private var bytes = 0
    private var gaps = 0
    private var lastSequence: UInt32?
    private var rtts: [Double] = []
    private var closedCode: Int??

    func frame(_ header: StateFrameHeader, size: Int) {
        lock.withLock {
            frames += 1
            bytes += size + 2  // a small binary frame's WebSocket header is 2 bytes
            if let last = lastSequence, header.sequence > last + 1 { gaps += Int(header.sequence - last - 1) }
            lastSequence = header.sequence
        }
    }

    func pong(sentAt: UInt64) {
        let rtt = Double(DispatchTime.now().uptimeNanoseconds - sentAt) / 1e6
        lock.withLock { rtts.append(rtt) }
    }

    func closed(_ code: Int?) {
        lock.withLock { closedCode = .some(code) }
    }

    /// Reads and clears the counters.
    func take() -> (frames: Int, bytes: Int, gaps: Int, rtts: [Double], closed: Int??) {
        lock.withLock {
            defer {
                frames = 0
                bytes = 0
                gaps = 0
                rtts = []
            }
            return (frames, bytes, gaps, rtts, closedCode)
        }
    }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

/// GET over a plain TCP socket.
func httpGet(host: String, port: Int, path: String) -> String? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr(host == "localhost" ? "127.0.0.1" : host)
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return nil }
    let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        result.append(contentsOf: buffer[0..<count])
    }
    let text = String(decoding: result, as: UTF8.self)
    return text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
}

/// The cumulative buckets of a Prometheus histogram: (upper bound in seconds, count).
func histogram(_ metrics: String, _ name: String) -> [(Double, Double)] {
    metrics.split(separator: "\n").compactMap { line -> (Double, Double)? in
        guard line.hasPrefix("\(name)_bucket{le=\"") else { return nil }
        let afterLe = line.dropFirst("\(name)_bucket{le=\"".count)
        guard let quote = afterLe.firstIndex(of: "\"") else { return nil }
        let bound = afterLe[..<quote] == "+Inf" ? Double.infinity : Double(afterLe[..<quote]) ?? .nan
        guard let count = Double(line.split(separator: " ").last ?? "") else { return nil }
        return (bound, count)
    }.sorted { $0.0 < $1.0 }
}

/// A quantile of the observations between two readings of a histogram, interpolated in its bucket.
func quantile(_ before: [(Double, Double)], _ after: [(Double, Double)], _ q: Double) -> Double {
    guard before.count == after.count, let total = after.last?.1, let start = before.last?.1, total > start else {
        return .nan
    }
    let counts = zip(before, after).map { ($0.1.0, $0.1.1 - $0.0.1) }
    let target = (total - start) * q
    var lowerBound = 0.0
    var lowerCount = 0.0
    for (bound, count) in counts {
        if count >= target {
            if bound.isInfinite { return lowerBound }
            let fraction = count > lowerCount ? (target - lowerCount) / (count - lowerCount) : 0
            return lowerBound + (bound - lowerBound) * fraction
        }
        lowerBound = bound
        lowerCount = count
    }
    return lowerBound
}

/// CPU seconds (user + system) and resident memory in bytes of a process.
func processUsage(_ pid: Int32) -> (cpu: Double, rss: Double)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state is field 3, utime 14 and stime 15 (1-based over the whole line).
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    let rssLine = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
    let rssKB = rssLine.flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") } ?? .nan
    return ((user + system) / ticks, rssKB * 1024)
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}

@main
struct NewtonsLoad {
    static func main() async throws {
        let settings = Settings(CommandLine.arguments)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: settings.threads)
        let baseline = settings.serverPID.flatMap(processUsage)

        // Connect: the first client of each room opens it, the others join by code.
        let perRoom = max(1, settings.clients / settings.rooms)
        var clients: [NewtonsClient] = []
        var stats: [ClientStats] = []
        let connectStarted = Date()
        for room in 0..<settings.rooms {
            var code: String?
            for seat in 0..<perRoom {
                let stat = ClientStats()
                var options = NewtonsClient.Options(host: settings.host, port: settings.port)
                options.query = seat == 0 ? [("lesson", settings.lesson)] : [("room", code ?? "")]
                options.query.append(("name", "load-\(room)-\(seat)"))
                options.keepEvents = seat == 0
                options.decodeFrames = false
                options.onFrameHeader = { header, size in stat.frame(header, size: size) }
                options.onEvent = { event in
                    switch event {
                    case .message(let message) where message.type == "pong":
                        if let id = message["id"]?.string, let sent = UInt64(id) { stat.pong(sentAt: sent) }
                    case .closed(let closeCode):
                        stat.closed(closeCode)
                    default:
                        break
                    }
                }
                let client = try await NewtonsClient.connect(options, on: group)
                if seat == 0 {
                    code = try await client.welcome().code
                    client.discardQueued()
                }
                clients.append(client)
                stats.append(stat)
            }
        }
        print(
            "server setup clients=\(clients.count) rooms=\(settings.rooms) lesson=\(settings.lesson) connect_s=\(format(Date().timeIntervalSince(connectStarted), 1))"
        )
        let connected = settings.serverPID.flatMap(processUsage)

        // Pings: every client once a second, spread over the second.
        let pinging = Task {
            while !Task.isCancelled {
                let started = DispatchTime.now().uptimeNanoseconds
                for (index, client) in clients.enumerated() {
                    try? await client.ping(id: String(DispatchTime.now().uptimeNanoseconds))
                    if index % 100 == 99 {
                        let due = started + UInt64(Double(index + 1) / Double(clients.count) * 1e9)
                        let now = DispatchTime.now().uptimeNanoseconds
                        if due > now { try? await Task.sleep(nanoseconds: due - now) }
                    }
                }
                let elapsed = DispatchTime.now().uptimeNanoseconds - started
                if elapsed < 1_000_000_000 { try? await Task.sleep(nanoseconds: 1_000_000_000 - elapsed) }
            }
        }

        try await Task.sleep(nanoseconds: UInt64(settings.warmup * 1e9))
        for stat in stats { _ = stat.take() }
        let metricsBefore = httpGet(host: settings.host, port: settings.port, path: "/metrics") ?? ""
        let usageBefore = settings.serverPID.flatMap(processUsage)
        let started = DispatchTime.now().uptimeNanoseconds
        try await Task.sleep(nanoseconds: UInt64(settings.seconds * 1e9))
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let usageAfter = settings.serverPID.flatMap(processUsage)
        let metricsAfter = httpGet(host: settings.host, port: settings.port, path: "/metrics") ?? ""
        let results = stats.map { $0.take() }
        pinging.cancel()

        // Frames: every client should have had one per tick of the window.
        let expected = elapsed * 60
        let frames = results.map { Double($0.frames) }.sorted()
        let gaps = results.reduce(0) { $0 + $1.gaps }
        let dropped = results.filter { $0.closed != nil }.count
        let complete = results.filter { Double($0.frames) >= expected * 0.99 }.count
        print(
            "server frames window_s=\(format(elapsed, 1)) expected_per_client=\(Int(expected)) min=\(Int(frames.first ?? 0)) median=\(Int(percentile(frames, 0.5))) clients_with_99pct=\(complete)/\(results.count) seq_gaps=\(gaps) dropped=\(dropped)"
        )
        let rtts = results.flatMap(\.rtts).sorted()
        print(
            "server ping_rtt_ms samples=\(rtts.count) p50=\(format(percentile(rtts, 0.5))) p99=\(format(percentile(rtts, 0.99))) max=\(format(rtts.last ?? .nan)) bar_p99<=20"
        )
        let tickBefore = histogram(metricsBefore, "newtons_room_tick_seconds")
        let tickAfter = histogram(metricsAfter, "newtons_room_tick_seconds")
        print(
            "server room_tick_ms p50=\(format(quantile(tickBefore, tickAfter, 0.5) * 1000, 3)) p99=\(format(quantile(tickBefore, tickAfter, 0.99) * 1000, 3)) bar_p99<=2"
        )
        let serviceBefore = histogram(metricsBefore, "newtons_service_tick_seconds")
        let serviceAfter = histogram(metricsAfter, "newtons_service_tick_seconds")
        print(
            "server all_rooms_tick_ms p50=\(format(quantile(serviceBefore, serviceAfter, 0.5) * 1000, 3)) p99=\(format(quantile(serviceBefore, serviceAfter, 0.99) * 1000, 3))"
        )
        let bytesPerClient = Double(results.reduce(0) { $0 + $1.bytes }) / Double(results.count) / elapsed
        print("server bytes_per_client_per_s moving=\(Int(bytesPerClient.rounded())) bar<=3000 (two items)")
        if let before = usageBefore, let after = usageAfter {
            let cpu = (after.cpu - before.cpu) / elapsed * 100
            let perThousand = cpu / (Double(clients.count) / 1000)
            print(
                "server cpu percent_of_one_core=\(format(cpu, 1)) per_1000_clients=\(format(perThousand, 1))% clients_per_core_at_60hz=\(Int(Double(clients.count) / (cpu / 100)))"
            )
            if let baseline, let connected {
                let perClient = (connected.rss - baseline.rss) / Double(clients.count)
                print(
                    "server memory rss_mb=\(format(after.rss / 1_048_576, 1)) idle_rss_mb=\(format(baseline.rss / 1_048_576, 1)) per_client_kb=\(format(perClient / 1024, 1))"
                )
            }
            print(
                "anchor colyseus clients_per_vcpu=1000-2000 at 20 Hz patches; newtons above: \(clients.count) clients at 60 Hz on \(format(cpu, 1))% of one core"
            )
        }

        // At rest: a lesson that settles sends nothing.
        var restingOptions = NewtonsClient.Options(host: settings.host, port: settings.port)
        restingOptions.query = [("lesson", settings.restingLesson)]
        let restingStats = ClientStats()
        restingOptions.onFrameHeader = { header, size in restingStats.frame(header, size: size) }
        let resting = try await NewtonsClient.connect(restingOptions, on: group)
        let atRest: @Sendable (ClientEvent) -> Bool? = { event in
            guard let frame = event.frame, frame.items.allSatisfy(\.atRest), !frame.items.isEmpty else { return nil }
            return true
        }
        _ = try await resting.waitFor("rest", timeout: .seconds(10), atRest)
        _ = restingStats.take()
        try await Task.sleep(nanoseconds: 3_000_000_000)
        let rest = restingStats.take()
        print("server bytes_per_client_per_s at_rest=\(Int(Double(rest.bytes) / 3)) bar=0")
        await resting.close()

        for client in clients { await client.close() }
        try await group.shutdownGracefully()
    }
}
