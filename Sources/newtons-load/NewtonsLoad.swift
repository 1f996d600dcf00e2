// newtons-load: the room server's load benchmark (docs/server.md, "Load benchmark").
//
// Opens N clients over R class rooms of a lesson that never rests, counts every frame each
// client receives and every gap in the sequence numbers, pings each client once a second, reads
// the server's /metrics for its tick times and /proc for its CPU time and memory, and prints one
// figure per line beside its bar and the Colyseus anchor.
//
// The clients are raw non-blocking sockets on one thread and one epoll loop (LoadRun,
// RawWebSocket; the framing is LoadWire's), so that one core can take every frame of thousands
// of clients at 60 Hz and the figures are the server's, not the generator's.

import Foundation

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
    /// Upgrades in flight at once while connecting.
    var concurrency = 100
    /// Milliseconds between rounds of the event loop (0: block in epoll until something arrives).
    var pollMilliseconds = 1.0
    /// The floor's halves (SendFloor): a bare sender, or its reader.
    enum Mode { case server, floorSend, floorReceive, fuzz, overlayBytes }
    var mode = Mode.server
    /// Abusive connections per second (--fuzz).
    var fuzzRate = 1000
    /// The server's log file, to measure what abuse writes to it (--fuzz).
    var serverLog: String?

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
            case "--clients": clients = max(1, Int(value()) ?? clients)
            case "--rooms": rooms = max(1, Int(value()) ?? rooms)
            case "--lesson": lesson = value()
            case "--resting-lesson": restingLesson = value()
            case "--seconds": seconds = min(max(0.1, Double(value()) ?? seconds), 86_400)
            case "--warmup": warmup = min(max(0, Double(value()) ?? warmup), 3_600)
            case "--server-pid": serverPID = Int32(value())
            case "--concurrency": concurrency = max(1, Int(value()) ?? concurrency)
            case "--poll-ms": pollMilliseconds = max(0, Double(value()) ?? pollMilliseconds)
            case "--floor-send": mode = .floorSend
            case "--floor-receive": mode = .floorReceive
            case "--fuzz": mode = .fuzz
            case "--fuzz-rate": fuzzRate = min(max(1, Int(value()) ?? fuzzRate), 100_000)
            case "--server-log": serverLog = value()
            case "--overlay-bytes": mode = .overlayBytes
            case "--help", "-h":
                print(
                    """
                    usage: newtons-load [--host H] [--port P] [--clients N] [--rooms R] [--lesson ID]
                                        [--seconds S] [--warmup S] [--server-pid PID] [--concurrency C]
                                        [--poll-ms MS]
                           newtons-load --floor-send | --floor-receive [--port P] [--clients N] [--seconds S]
                           newtons-load --fuzz [--port P] [--seconds S] [--fuzz-rate N] [--server-log FILE] [--lesson ID]
                           newtons-load --overlay-bytes [--port P]
                    Opens N clients over R class rooms of LESSON (one that never rests), C upgrades at
                    once, measures for S s. One thread: pin it to a core of its own (taskset). It takes
                    what arrived every MS milliseconds (default 1; 0 blocks in epoll instead).
                    The floor: --floor-send listens on P and writes a frame-sized message to each of
                    N sockets per 60 Hz tick, doing nothing else (pin it to the server's core);
                    --floor-receive connects the N sockets and reads them (pin it to the other).
                    --fuzz: N abusive connections a second of every kind (malformed upgrades, frames and
                    messages, huge and non-finite values, half-open sockets, floods, slow readers) from
                    127.0.0.2 and up, while two innocent clients in different rooms time the longest gap
                    between their frames; prints that gap, the server's tick p99 and the log's growth.
                    --overlay-bytes: only the bytes one client gets from the collision lesson, asking
                    for nothing and for every overlay (also printed at the end of a server run).
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

/// Prints a figure at once, even into a pipe (a run that fails later keeps what it measured).
func say(_ line: String) {
    print(line)
    fflush(nil)
}

@main
struct NewtonsLoad {
    static func main() {
        let settings = Settings(CommandLine.arguments)
        do {
            switch settings.mode {
            case .server: try measure(settings)
            case .floorSend:
                try SendFloor.send(
                    port: settings.port, clients: settings.clients, seconds: settings.seconds, warmup: settings.warmup)
            case .floorReceive: try SendFloor.receive(port: settings.port, clients: settings.clients)
            case .fuzz: try FuzzRun(settings: settings).run()
            case .overlayBytes:
                let run = LoadRun(settings: settings)
                try overlayBytes(run)
                run.closeAll()
            }
        } catch {
            FileHandle.standardError.write(Data("newtons-load: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Seeing the physics: a two-item tutorial lesson (collision: gravity, the floor, its
    /// contacts) with every overlay asked for at 60/s, beside the same lesson asking nothing,
    /// per second of frames while it moves (headers included).
    static func overlayBytes(_ run: LoadRun) throws(LoadError) {
        let plain = try run.bytesWithOverlays(lesson: "collision", asking: false)
        let overlays = try run.bytesWithOverlays(lesson: "collision")
        let plainSeconds = Double(plain.frames) / 60
        let movingSeconds = Double(overlays.frames) / 60
        say(
            "server bytes_per_client_per_s collision asking_nothing=\(Int(Double(plain.state) / plainSeconds)) bar<=3000 (two items)"
        )
        say(
            "server bytes_per_client_per_s collision every_overlay=\(Int(Double(overlays.state + overlays.overlay) / movingSeconds)) state=\(Int(Double(overlays.state) / movingSeconds)) overlay=\(Int(Double(overlays.overlay) / movingSeconds)) over \(overlays.frames) frames (velocity+forces+contacts at 60/s)"
        )
    }

    static func measure(_ settings: Settings) throws(LoadError) {
        let baseline = settings.serverPID.flatMap(processUsage)
        let run = LoadRun(settings: settings)

        // Connect: the first client of each room opens it, the others join by code.
        let connectStarted = monotonicNanoseconds()
        try run.connectAll()
        let clients = run.measuredClients
        let connectSeconds = Double(monotonicNanoseconds() - connectStarted) / 1e9
        say(
            "server setup clients=\(clients.count) rooms=\(settings.rooms) lesson=\(settings.lesson) connect_s=\(format(connectSeconds, 1))"
        )
        let connected = settings.serverPID.flatMap(processUsage)

        // Pings (every client once a second, spread over the second) from here on.
        run.run(seconds: settings.warmup, pinging: true)
        run.resetWindow()
        let metricsBefore = httpGet(host: settings.host, port: settings.port, path: "/metrics") ?? ""
        let usageBefore = settings.serverPID.flatMap(processUsage)
        let ownBefore = selfCPUSeconds()
        let serverSchedulingBefore = settings.serverPID.flatMap(schedulerTimes)
        let ownSchedulingBefore = schedulerTimes(getpid())
        let started = monotonicNanoseconds()
        run.run(seconds: settings.seconds, pinging: true)
        let elapsed = Double(monotonicNanoseconds() - started) / 1e9
        let ownCPU = selfCPUSeconds() - ownBefore
        let serverSchedulingAfter = settings.serverPID.flatMap(schedulerTimes)
        let ownSchedulingAfter = schedulerTimes(getpid())
        let usageAfter = settings.serverPID.flatMap(processUsage)
        let metricsAfter = httpGet(host: settings.host, port: settings.port, path: "/metrics") ?? ""

        // Frames: every client should have had one per tick of the window.
        let expected = elapsed * 60
        let frames = clients.map { Double($0.frames) }.sorted()
        let gaps = clients.reduce(0) { $0 + $1.gaps }
        let dropped = clients.filter { $0.state == .closed }.count
        let complete = clients.filter { Double($0.frames) >= expected * 0.99 }.count
        say(
            "server frames window_s=\(format(elapsed, 1)) expected_per_client=\(Int(expected)) min=\(Int(frames.first ?? 0)) median=\(Int(percentile(frames, 0.5))) clients_with_99pct=\(complete)/\(clients.count) seq_gaps=\(gaps) dropped=\(dropped)"
        )
        let rtts = run.roundTrips.milliseconds.sorted()
        say(
            "server ping_rtt_ms samples=\(rtts.count) p50=\(format(percentile(rtts, 0.5))) p99=\(format(percentile(rtts, 0.99))) max=\(format(rtts.last ?? .nan)) bar_p99<=20"
        )
        // A gesture waits for the room's next tick (at most one) and travels both ways.
        let gestures = run.roundTrips.gestureMilliseconds.sorted()
        if run.timesGestures {
            let tick = 1000.0 / 60
            say(
                "server gesture_to_frame_ms samples=\(gestures.count) of \(run.gesturesSent) p50=\(format(percentile(gestures, 0.5))) p99=\(format(percentile(gestures, 0.99))) max=\(format(gestures.last ?? .nan)) bar_p99<=\(format(tick + percentile(rtts, 0.99))) (one tick \(format(tick)) + ping p99)"
            )
        } else {
            say("server gesture_to_frame_ms unavailable (timed only in \(LoadRun.gestureLesson), whose frames show where a pan went)")
        }
        let tickBefore = histogram(metricsBefore, "newtons_room_tick_seconds")
        let tickAfter = histogram(metricsAfter, "newtons_room_tick_seconds")
        say(
            "server room_tick_ms p50=\(format(quantile(tickBefore, tickAfter, 0.5) * 1000, 3)) p99=\(format(quantile(tickBefore, tickAfter, 0.99) * 1000, 3)) bar_p99<=2"
        )
        let serviceBefore = histogram(metricsBefore, "newtons_service_tick_seconds")
        let serviceAfter = histogram(metricsAfter, "newtons_service_tick_seconds")
        say(
            "server all_rooms_tick_ms p50=\(format(quantile(serviceBefore, serviceAfter, 0.5) * 1000, 3)) p99=\(format(quantile(serviceBefore, serviceAfter, 0.99) * 1000, 3))"
        )
        let bytesPerClient = Double(clients.reduce(0) { $0 + $1.frameBytes }) / Double(clients.count) / elapsed
        say("server bytes_per_client_per_s moving=\(Int(bytesPerClient.rounded())) bar<=3000 (two items)")
        if let before = usageBefore, let after = usageAfter {
            let cpu = (after.cpu - before.cpu) / elapsed * 100
            let perThousand = cpu / (Double(clients.count) / 1000)
            let delivered = clients.reduce(0) { $0 + $1.frames }
            say(
                "server cpu percent_of_one_core=\(format(cpu, 1)) per_1000_clients=\(format(perThousand, 1))% clients_per_core_at_60hz=\(Int(Double(clients.count) / (cpu / 100))) cpu_us_per_frame=\(format((after.cpu - before.cpu) / Double(max(1, delivered)) * 1e6, 2))"
            )
            if let baseline, let connected {
                let perClient = (connected.rss - baseline.rss) / Double(clients.count)
                say(
                    "server memory rss_mb=\(format(after.rss / 1_048_576, 1)) idle_rss_mb=\(format(baseline.rss / 1_048_576, 1)) per_client_kb=\(format(perClient / 1024, 1))"
                )
            }
            say(
                "anchor colyseus clients_per_vcpu=1000-2000 at 20 Hz patches; newtons above: \(clients.count) clients at 60 Hz on \(format(cpu, 1))% of one core"
            )
        }
        // Time runnable but waiting for the core: other work on a shared machine, not the server's.
        func waitingPercent(_ before: (running: Double, waiting: Double)?, _ after: (running: Double, waiting: Double)?) -> String {
            guard let before, let after else { return "unknown" }
            return format((after.waiting - before.waiting) / elapsed * 100, 1)
        }
        say(
            "server core_wait runnable_not_running_percent=\(waitingPercent(serverSchedulingBefore, serverSchedulingAfter)) (other work on its core)"
        )
        // The generator's own cost: well under its core, or the figures above are its own.
        say(
            "load cpu percent_of_one_core=\(format(ownCPU / elapsed * 100, 1)) runnable_not_running_percent=\(waitingPercent(ownSchedulingBefore, ownSchedulingAfter)) connect_concurrency=\(settings.concurrency) poll_ms=\(format(settings.pollMilliseconds, 1))"
        )

        // At rest: a lesson that settles sends nothing.
        let rest = try run.bytesAtRest(lesson: settings.restingLesson, seconds: 3)
        say("server bytes_per_client_per_s at_rest=\(Int(Double(rest) / 3)) bar=0")

        try overlayBytes(run)

        run.closeAll()
    }
}
