// A run of the load benchmark on one thread: connects the clients (so many at once, openers of
// rooms first, the others as soon as their room's code is known), pings each client once a
// second spread over the second, and services every socket from one epoll loop.

import LoadWire

#if canImport(Glibc)
    import Glibc
#endif

final class LoadRun {
    /// Who a client is: seat 0 of a room opens it (`lesson=`), the others join by its code.
    struct Seat {
        let room: Int
        let seat: Int
    }

    let settings: Settings
    let epoll = Epoll()
    let roundTrips = RoundTrips()
    /// Every client by id (its index): the measured ones first, then any probe.
    private(set) var clients: [RawWebSocket] = []
    private var seats: [Seat] = []
    private let address: sockaddr_in
    /// Pings: every measured client once a second.
    private var pings = EverySecond(count: 0)
    /// Gestures: one client per room (its opener) once a second, timed to the first frame that
    /// shows them; only in fixture-orbit, whose frames show where a pan went.
    private var gestures = EverySecond(count: 0)
    private var gesturers: [Int] = []
    private var gestureCount = 0
    /// Gestures sent in the current window (each is seen in a frame, or replaced unseen).
    private(set) var gesturesSent = 0
    /// Clients that get pings (the measured ones).
    private var pinged = 0

    init(settings: Settings) {
        self.settings = settings
        address = ipv4Address(host: settings.host, port: settings.port)
    }

    /// The measured clients (not the probe).
    var measuredClients: ArraySlice<RawWebSocket> { clients[..<pinged] }

    // MARK: Connecting

    private func start(query: [(String, String)], wantsRoomCode: Bool) throws(LoadError) -> RawWebSocket {
        let target = "/ws?" + query.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
        let client = try RawWebSocket(
            id: clients.count, address: address, hostHeader: settings.host, port: settings.port, target: target,
            wantsRoomCode: wantsRoomCode, epoll: epoll, roundTrips: roundTrips)
        clients.append(client)
        return client
    }

    /// Connects ROOMS × (CLIENTS / ROOMS) clients, `settings.concurrency` upgrades in flight at
    /// once; a client is in flight until its `welcome`. Any client that fails to get its welcome
    /// fails the run (a benchmark with missing clients measures nothing).
    func connectAll() throws(LoadError) {
        let perRoom = max(1, settings.clients / settings.rooms)
        let total = perRoom * settings.rooms
        var ready: [(seat: Seat, code: String?)] = (0..<settings.rooms).map { (Seat(room: $0, seat: 0), nil) }
        var readyHead = 0
        var inFlight = 0
        var welcomedCount = 0
        var settled: [Bool] = []
        var failure: String?
        var lastProgress = monotonicNanoseconds()
        clients.reserveCapacity(total + 1)
        while welcomedCount < total {
            while inFlight < settings.concurrency, readyHead < ready.count, failure == nil {
                let (seat, code) = ready[readyHead]
                readyHead += 1
                let query = [
                    seat.seat == 0 ? ("lesson", settings.lesson) : ("room", code ?? ""),
                    ("name", "load-\(seat.room)-\(seat.seat)"),
                ]
                _ = try start(query: query, wantsRoomCode: seat.seat == 0)
                seats.append(seat)
                settled.append(false)
                inFlight += 1
            }
            if let failure { throw LoadError(failure) }
            epoll.poll(timeoutMilliseconds: 10) { id, events in
                let client = clients[id]
                _ = client.handle(events)
                guard !settled[id] else { return }
                if client.welcomed {
                    settled[id] = true
                    inFlight -= 1
                    welcomedCount += 1
                    lastProgress = monotonicNanoseconds()
                    let seat = seats[id]
                    guard seat.seat == 0 else { return }
                    guard let code = client.roomCode else {
                        failure = "room \(seat.room): its welcome has no class room code"
                        return
                    }
                    for joiner in 1..<perRoom { ready.append((Seat(room: seat.room, seat: joiner), code)) }
                } else if client.state == .closed {
                    let seat = seats[id]
                    failure =
                        "client \(seat.room)-\(seat.seat) failed before its welcome: \(client.failure ?? "closed")"
                        + (client.closeCode.map { " (close \($0.map(String.init) ?? "without a code"))" } ?? "")
                        + (client.lastError.map { "; the server said \($0)" } ?? "")
                }
            }
            if let failure { throw LoadError(failure) }
            if monotonicNanoseconds() - lastProgress > 30_000_000_000 {
                throw LoadError("no welcome for 30 s with \(inFlight) clients in flight, \(welcomedCount) of \(total) in")
            }
        }
        pinged = clients.count
        pings = EverySecond(count: pinged)
        if settings.lesson == Self.gestureLesson {
            gesturers = seats.indices.filter { seats[$0].seat == 0 }
            gestures = EverySecond(count: gesturers.count)
        }
    }

    /// The lesson whose frames show where a gesture went (`RawWebSocket.pan`).
    static let gestureLesson = "fixture-orbit"
    /// Whether this run times gestures.
    var timesGestures: Bool { !gesturers.isEmpty }

    private func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    // MARK: Running

    /// Services every socket for `seconds` (or until `done`), pinging the measured clients.
    ///
    /// With a poll interval (`--poll-ms`, default 1), the loop takes what is ready without
    /// blocking and sleeps on its own timer between rounds instead of waiting in epoll: the
    /// server's sends then never pay for waking the generator (on loopback they would, in the
    /// server's own CPU time), and each round takes a batch of sockets rather than a few. Round
    /// trips are read up to one interval late (half of it on average).
    func run(seconds: Double, pinging: Bool, until done: () -> Bool = { false }) {
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        let interval = UInt64(settings.pollMilliseconds * 1e6)
        if !pinging {
            pings.restart()
            gestures.restart()
        }
        while true {
            let now = monotonicNanoseconds()
            if now >= deadline || done() { return }
            var wake = deadline
            if pinging {
                pings.run(now: now) { clients[$0].ping() }
                wake = min(wake, pings.nextDue)
                if timesGestures {
                    gestures.run(now: now) { sendGesture(by: gesturers[$0]) }
                    wake = min(wake, gestures.nextDue)
                }
            }
            if interval == 0 {
                let timeout = wake > now ? Int32(min((wake - now + 999_999) / 1_000_000, 100)) : 0
                epoll.poll(timeoutMilliseconds: timeout) { id, events in _ = clients[id].handle(events) }
                continue
            }
            // Take everything ready (a full batch means there may be more), then sleep.
            while epoll.poll(timeoutMilliseconds: 0, { id, events in _ = clients[id].handle(events) })
                == epoll.capacity
            {}
            let after = monotonicNanoseconds()
            let next = min(wake, now + interval)
            if next > after { sleep(until: next) }
        }
    }

    /// A pan to one of two points beside the orbit's starting centre, in turn, so that each
    /// moves the centre somewhere new.
    private func sendGesture(by client: Int) {
        gestureCount += 1
        gesturesSent += 1
        clients[client].pan(x: gestureCount % 2 == 0 ? 167.5 : 207.5, y: 333.5)
    }

    /// A new measuring window: every counter and round trip so far is dropped.
    func resetWindow() {
        for client in clients { client.resetCounters() }
        roundTrips.milliseconds.removeAll(keepingCapacity: true)
        roundTrips.gestureMilliseconds.removeAll(keepingCapacity: true)
        gesturesSent = 0
    }

    // MARK: At rest

    /// Opens `lesson` (one that settles), waits for a frame with every item at rest, then
    /// returns the frame bytes it sends in the next `seconds` (headers included).
    func bytesAtRest(lesson: String, seconds: Double) throws(LoadError) -> Int {
        let probe = try start(query: [("lesson", lesson), ("name", "load-rest")], wantsRoomCode: false)
        probe.watchesRest = true
        run(seconds: 10, pinging: false) { probe.sawRest || probe.state == .closed }
        guard probe.sawRest else {
            throw LoadError("\(lesson) did not come to rest in 10 s (\(probe.failure ?? "connected"))")
        }
        probe.resetCounters()
        run(seconds: seconds, pinging: false) { probe.state == .closed }
        let bytes = probe.frameBytes
        probe.closeGracefully()
        return bytes
    }

    // MARK: Overlays

    /// Opens a room of `lesson` (a tutorial lesson that moves, then settles) with one client
    /// that asks for every overlay at the full rate (or for nothing), and returns the
    /// state-frame and overlay-frame bytes (headers included) it gets until the lesson rests,
    /// and the state frames they came with: what seeing the physics costs one client.
    func bytesWithOverlays(lesson: String, asking: Bool = true) throws(LoadError) -> (state: Int, overlay: Int, frames: Int) {
        let probe = try start(query: [("lesson", lesson), ("name", "load-overlays")], wantsRoomCode: false)
        run(seconds: 10, pinging: false) { probe.welcomed || probe.state == .closed }
        guard probe.welcomed else { throw LoadError("no welcome in \(lesson) (\(probe.failure ?? "connected"))") }
        if asking { probe.send(text: #"{"type":"overlay","want":["velocity","forces","contacts"],"rate":60}"#) }
        probe.resetCounters()
        probe.watchesRest = true
        run(seconds: 20, pinging: false) { probe.sawRest || probe.state == .closed }
        let result = (probe.frameBytes, probe.overlayBytes, probe.frames)
        probe.closeGracefully()
        guard probe.sawRest, (result.1 > 0) == asking, result.2 > 0 else {
            throw LoadError("\(lesson) with overlays: no rest or no overlay frames (\(probe.lastError ?? "no error"))")
        }
        return result
    }

    func closeAll() {
        for client in clients { client.closeGracefully() }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
