// One worker's libwebsockets transport (with Acceptor and WorkerPool, the only code that
// touches C). Everything here runs on the worker's service thread (the thread that calls
// `serve()`), except `requestStop()` and `adopt(...)`, which only queue under a lock and call
// `lws_cancel_service`, the one lws call another thread may make.

import CFrameGuard
import CLibWebSockets
#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Logging
import Synchronization

/// Why the server could not start.
public struct ServerStartError: Error, CustomStringConvertible {
    public var description: String
}

/// One worker's libwebsockets transport: one context, one vhost, two protocols (`http` for the
/// page, the API and the upgrade check; `newtons.v1` for rooms), one 60 Hz scheduled callback.
/// Its context does not listen: the `Acceptor` hands it sockets (`adopt`) with the request's
/// first bytes already read, unless it is the only worker of a TLS server (`listens`).
///
/// It holds no room logic: it turns lws callbacks into `ServerCore` inputs and performs what the
/// core asks (write when writeable, close, drop). Per-session memory holds only a `UInt64`
/// connection id; Swift state is looked up by that id.
public final class LWSServer: @unchecked Sendable {
    public let configuration: ServerConfiguration
    public let core: ServerCore
    /// This worker's number, 0 ..< workers.
    public let index: Int
    /// Whether this worker's own context listens on the port (TLS: one worker, lws accepts).
    public let listens: Bool
    let routes: HTTPRoutes
    private let origins: OriginPolicy
    private var logger: Logger

    // C memory, allocated once, freed after lws_context_destroy.
    private var context: OpaquePointer?
    private var cStrings: [UnsafeMutablePointer<CChar>] = []
    private var protocols: UnsafeMutablePointer<lws_protocols>?
    private var headerOptions: UnsafeMutablePointer<lws_protocol_vhost_options>?
    private var retryPolicy: UnsafeMutablePointer<lws_retry_bo_t>?
    /// The scheduled callback, followed by a pointer back to this server.
    private var timer: UnsafeMutableRawPointer?

    // Service-thread state.
    private var sockets: [ConnectionID: OpaquePointer] = [:]
    /// WebSocket connections by descriptor, for the frame guard's reports.
    private var connectionsByDescriptor: [Int32: ConnectionID] = [:]
    /// Connections that sent an unmasked frame: closed with 1002 at their next callback.
    private var unmaskedConnections: Set<ConnectionID> = []
    private var unmaskedCounted: Set<ConnectionID> = []
    /// True while lws adopts a socket the acceptor read from (see `adoptQueued`).
    private var adopting = false
    /// Whether lws made a connection for the socket being adopted: if it did and adoption still
    /// returns NULL, lws read the request and closed it (a refusal, already logged as one).
    private var adoptionInstantiated = false
    private var incoming: [ConnectionID: [UInt8]] = [:]
    private var httpBodies: [UInt64: WireBuffer] = [:]
    /// Uploads being received (POST bodies), by HTTP connection id; nil bytes once over the limit.
    private var uploads: [UInt64: Upload] = [:]
    /// Bytes the acceptor read past an adopted request's head (the start of a POST body), by
    /// socket: lws parses the head from them but does not hand the rest on as body.
    private var bodyStarts: [Int32: [UInt8]] = [:]
    private var nextID: UInt64 = 1
    private var tickDeadline: Double = 0
    private var scheduledFor: Int64?
    private var shutdownDeadline: Int64?
    private var loopShouldEnd = false
    /// The lesson instance the acceptor promised each adopted socket, by descriptor, until it
    /// upgrades (or the descriptor is reused by the next adoption).
    private var promisedInstances: [Int32: LessonInstance] = [:]
    private var vhost: OpaquePointer?
    private var lastPublished: Int64 = 0
    private var unpublished = false
    /// The worker's libev loop (epoll), lws's foreign loop; nil: lws's own poll() loop (a TLS
    /// server, or no libev plugin for lws on this machine). docs/server.md, "The wait".
    private var eventLoop: OpaquePointer?
    private var foreignLoops: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    /// With the libev loop: the timer of the tick and the core's timers (lws 4.1's own libev
    /// timer is not moved earlier once armed, so a tick scheduled through it could wait for a
    /// timeout 30 s away), and a once-a-second nudge that has lws run its own due timers.
    private var loopTimer: UnsafeMutablePointer<ev_timer>?
    private var lwsNudge: UnsafeMutablePointer<ev_timer>?
    private static let lwsNudgeSeconds = 1.0
    /// Metrics reach the shared board at most this long after they change.
    private static let publishMicroseconds: Int64 = 20_000

    // Shared with other threads, under `lock`.
    private let lock = NSLock()
    private var liveContext: OpaquePointer?
    private var stopRequested = false
    private var adoptions: [(socket: Int32, bytes: [UInt8], instance: LessonInstance?)] = []

    private static let tickMicroseconds = 1_000_000.0 / Double(Room.rate)

    public init(
        configuration: ServerConfiguration, directory: LessonDirectory, logger: Logger, index: Int = 0,
        ledger: ServerLedger? = nil, board: MetricsBoard = MetricsBoard(), listens: Bool = true
    ) throws {
        guard let files = StaticFiles(root: configuration.webRoot) else {
            throw ServerStartError(description: "the web folder \(configuration.webRoot) does not exist")
        }
        self.configuration = configuration
        self.index = index
        self.listens = listens
        var logger = logger
        if (ledger?.routing.workers ?? 1) > 1 { logger[metadataKey: "worker"] = "\(index)" }
        self.logger = logger
        core = ServerCore(
            directory: directory, limits: configuration.limits, logger: logger, ledger: ledger, worker: index,
            board: board, compiler: configuration.compiler)
        let libraries = StaticFiles(root: configuration.webLibraries)
        if libraries == nil {
            logger.warning("no browser libraries at \(configuration.webLibraries): /lib/ answers 404 (the code shows as plain text, the plot as text)")
        }
        routes = HTTPRoutes(files: files, core: core, libraries: libraries)
        origins = OriginPolicy(allowed: configuration.allowedOrigins, serverPort: configuration.port)
        guard Int(newtons_lws_pre()) <= WireBuffer.headroom else {
            throw ServerStartError(description: "LWS_PRE (\(newtons_lws_pre())) exceeds the buffers' headroom")
        }
    }

    deinit {
        freeCMemory()
    }

    // MARK: Running

    /// Serves until `requestStop()`: the calling thread becomes the service thread. On stop,
    /// every WebSocket is closed with 1001 (clients get `shutdownGraceSeconds` to answer).
    public func run() throws {
        raiseFileLimit()
        try start()
        serve()
        logger.notice("newtons stopped")
    }

    /// Creates the lws context (on any thread; the pool creates them one after another).
    public func start() throws {
        // The store's threads answer claims and ask for hand-ons: the loop wakes to take them.
        core.storeAnswers.onPush { [weak self] in
            guard let self else { return }
            self.lock.withLock { if let liveContext = self.liveContext { lws_cancel_service(liveContext) } }
        }
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        newtons_frame_guard_init(Int32(clamping: min(limit.rlim_cur, 1 << 20)))
        var info = lws_context_creation_info()
        let listen = try ListenAddress(parsing: configuration.host)
        if listens {
            info.iface = listen.address.map { UnsafePointer(keep($0)) }
            info.port = Int32(configuration.port)
            info.options |= Self.bindOptions(listen)
        } else {
            // A server vhost that accepts nothing itself: sockets arrive through `adopt`.
            info.port = CONTEXT_PORT_NO_LISTEN_SERVER
        }
        info.protocols = UnsafePointer(makeProtocols())
        info.headers = UnsafePointer(makeHeaders())
        info.vhost_name = UnsafePointer(keep("newtons"))
        info.server_string = UnsafePointer(keep("newtons"))
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.options |= UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8) | UInt64(LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND)
        // fd_limit_per_thread stays 0: lws then sizes its table by the (raised) open-file limit
        // and finds a socket's connection by indexing it with the descriptor. Any smaller
        // limit makes every socket event a linear search of all connections (wsi_from_fd was
        // 15 % of the server's time with 2,000 clients).
        info.timeout_secs = 10
        info.keepalive_timeout = 5
        let retry = UnsafeMutablePointer<lws_retry_bo_t>.allocate(capacity: 1)
        retry.initialize(to: lws_retry_bo_t())
        retry.pointee.secs_since_valid_ping = 30
        retry.pointee.secs_since_valid_hangup = 70
        retryPolicy = retry
        info.retry_and_idle_policy = UnsafePointer(retry)
        if let certificate = configuration.tlsCertificate, let key = configuration.tlsKey {
            for path in [certificate, key] where !FileManager.default.isReadableFile(atPath: path) {
                throw ServerStartError(description: "cannot read \(path)")
            }
            info.options |= UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT)
            info.ssl_cert_filepath = UnsafePointer(keep(certificate))
            info.ssl_private_key_filepath = UnsafePointer(keep(key))
            // HTTP/1.1 only: no h2, so no WebSocket over h2 either.
            info.alpn = UnsafePointer(keep("http/1.1"))
        }
        LibraryLog.logger = logger
        lws_set_log_level(LLL_ERR | LLL_WARN, emitLibraryLog)

        let pollLoop = configuration.usesTLS || ProcessInfo.processInfo.environment["NEWTONS_EVENT_LOOP"] == "poll"
        var created = pollLoop ? nil : createContextOnEventLoop(info)
        if created == nil { created = lws_create_context(&info) }
        guard let context = created else {
            throw ServerStartError(
                description: "cannot listen on \(configuration.host):\(configuration.port) (in use, or TLS files invalid)")
        }
        self.context = context
        let timer = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<lws_sorted_usec_list_t>.stride + MemoryLayout<UnsafeRawPointer>.stride,
            alignment: 16)
        timer.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<lws_sorted_usec_list_t>.stride)
        (timer + MemoryLayout<lws_sorted_usec_list_t>.stride).storeBytes(
            of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
        self.timer = timer
        vhost = lws_get_vhost_by_name(context, "newtons")
        lock.withLock { liveContext = context }
        if listens {
            let scheme = configuration.usesTLS ? "https" : "http"
            logger.notice("newtons serving \(scheme)://\(listen.urlHost):\(configuration.port)/ from \(routes.files.root)")
        }
    }

    /// The context with lws waiting in a libev loop of this worker's own (docs/server.md, "The
    /// wait"), or nil when lws cannot (no libev plugin on this machine).
    private func createContextOnEventLoop(_ info: lws_context_creation_info) -> OpaquePointer? {
        guard let loop = ev_loop_new(UInt32(EVBACKEND_EPOLL) | UInt32(EVFLAG_NOSIGMASK)) else { return nil }
        let loops = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        loops.initialize(to: UnsafeMutableRawPointer(loop))
        var info = info
        info.options |= UInt64(LWS_SERVER_OPTION_LIBEV)
        info.foreign_loops = loops
        guard let context = lws_create_context(&info) else {
            loops.deallocate()
            ev_loop_destroy(loop)
            logger.notice("lws has no libev plugin here (libwebsockets-evlib-ev): waiting in poll() over every socket")
            return nil
        }
        eventLoop = loop
        foreignLoops = loops
        loopTimer = makeLoopTimer()
        let nudge = makeLoopTimer()
        lwsNudge = nudge
        newtons_ev_timer_arm(loop, nudge, Self.lwsNudgeSeconds)
        return context
    }

    /// A libev timer whose expiry calls `loopTimerFired` on this server.
    private func makeLoopTimer() -> UnsafeMutablePointer<ev_timer> {
        let timer = UnsafeMutablePointer<ev_timer>.allocate(capacity: 1)
        newtons_ev_timer_init(
            timer,
            { _, timer, _ in
                guard let timer, let server = timer.pointee.data else { return }
                Unmanaged<LWSServer>.fromOpaque(server).takeUnretainedValue().loopTimerFired(timer)
            }, Unmanaged.passUnretained(self).toOpaque())
        return timer
    }

    fileprivate func loopTimerFired(_ timer: UnsafeMutablePointer<ev_timer>) {
        if timer == lwsNudge { nudgeLWS() } else { timerFired() }
    }

    /// The service loop, on the calling thread, until the worker has shut down; then the
    /// context is destroyed (every socket it adopted is closed).
    public func serve() {
        guard let context else { return }
        while !loopShouldEnd {
            if lock.withLock({ stopRequested }), shutdownDeadline == nil { beginShutdown() }
            adoptQueued()
            if !core.storeAnswers.isEmpty {
                core.takeStoreAnswers(now: Self.now())
                flush()
            }
            if let eventLoop {
                // One wait in epoll and what was ready; the tick is a libev timer of ours.
                ev_run(eventLoop, Int32(EVRUN_ONCE))
            } else if lws_service(context, 0) < 0 {
                break
            }
            closeUnmasked()
        }
        // The classes' last moments go to the store before the process ends (SIGTERM loses nothing).
        core.writeClasses(now: Self.now())
        lock.withLock {
            liveContext = nil
            for adoption in adoptions { Glibc.close(adoption.socket) }
            adoptions.removeAll()
        }
        if let eventLoop {
            for timer in [loopTimer, lwsNudge] { if let timer { newtons_ev_timer_arm(eventLoop, timer, -1) } }
        }
        lws_context_destroy(context)
        self.context = nil
        if let eventLoop {
            ev_loop_destroy(eventLoop)
            self.eventLoop = nil
        }
    }

    /// lws runs its own due timers (its timeouts; a connection the core drops) when something
    /// happens on one of its sockets: its wake-up pipe is one. Once a second, and after a drop.
    private func nudgeLWS() {
        guard let context, let eventLoop, let lwsNudge else { return }
        lws_cancel_service(context)
        newtons_ev_timer_arm(eventLoop, lwsNudge, Self.lwsNudgeSeconds)
    }

    /// Hands this worker an accepted socket and the bytes of its request already read. Any
    /// thread; the socket is adopted on the worker's thread. After a stop it is closed.
    public func adopt(socket: Int32, bytes: [UInt8], instance: LessonInstance?) {
        lock.withLock {
            guard let liveContext, !stopRequested else {
                Glibc.close(socket)
                return
            }
            adoptions.append((socket, bytes, instance))
            lws_cancel_service(liveContext)
        }
    }

    /// Adopts the sockets the acceptor queued: lws reads the request from `bytes` first, as if
    /// its own listener had accepted it.
    private func adoptQueued() {
        let queued = lock.withLock {
            defer { adoptions.removeAll(keepingCapacity: true) }
            return adoptions
        }
        guard !queued.isEmpty, let vhost else { return }
        for adoption in queued {
            if let instance = adoption.instance {
                promisedInstances[adoption.socket] = instance
            } else {
                promisedInstances[adoption.socket] = nil
            }
            // A POST's body (read whole by the acceptor) stays here (`bodyStarts`): lws gets the
            // head only, and the answer is made from the body here. lws 4.1 mishandles a body
            // after an adopted socket's first bytes: handed one with the head, it passes it on
            // twice and, once the answer is sent, spins on what is left, stalling the worker for
            // good; reading one itself, it passes on the head's first bytes in its place.
            var handed = adoption.bytes[...]
            bodyStarts[adoption.socket] = nil
            if case .complete(let headLength) = RequestRouter.scan(adoption.bytes), headLength < adoption.bytes.count,
                adoption.bytes.starts(with: Array("POST ".utf8))
            {
                bodyStarts[adoption.socket] = Array(adoption.bytes[headLength...])
                handed = adoption.bytes[..<headLength]
            }
            // The acceptor read the request head (and whatever followed) itself: the frame guard
            // follows those bytes first, and lws's new-client callback must not start it afresh.
            newtons_frame_guard_watch(adoption.socket)
            handed.withUnsafeBytes { newtons_frame_guard_feed(adoption.socket, $0.baseAddress, $0.count) }
            adopting = true
            adoptionInstantiated = false
            let adopted = handed.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    lws_adopt_socket_vhost_readbuf(vhost, adoption.socket, $0.baseAddress, $0.count)
                }
            }
            adopting = false
            // On failure lws has closed the socket itself. NULL after the connection was made
            // means the request in `bytes` was answered and closed (a 404, a bad upgrade): that
            // is logged where it was refused. A socket lws would not take at all is counted like
            // any refusal, so a flood of them is a summary line, not a line each.
            if adopted == nil {
                promisedInstances[adoption.socket] = nil
                if adoptionInstantiated {
                    logger.debug("an adopted connection was answered and closed while its first bytes were read")
                } else {
                    core.logRefusal(
                        address: "acceptor", reason: "adopt-failed", now: Self.now(),
                        "a connection could not be adopted (lws refused the socket)")
                }
            }
        }
    }

    /// The socket family and scope for `--host`. lws 4.1 opens an IPv6 socket unless told not to,
    /// and then copies an IPv4 address into the wrong field of the IPv6 address, which stays `::`:
    /// `--host 127.0.0.1` listened on every interface. So an IPv4 address gets an IPv4 socket; an
    /// IPv6 address an IPv6-only one; `::` a dual-stack one whatever the system's default.
    static func bindOptions(_ listen: ListenAddress) -> UInt64 {
        switch listen {
        case .anyIPv4, .ipv4:
            return UInt64(LWS_SERVER_OPTION_DISABLE_IPV6)
        case .ipv6:
            return UInt64(LWS_SERVER_OPTION_IPV6_V6ONLY_MODIFY) | UInt64(LWS_SERVER_OPTION_IPV6_V6ONLY_VALUE)
        case .any:
            return UInt64(LWS_SERVER_OPTION_IPV6_V6ONLY_MODIFY)
        }
    }

    /// Asks the server to close every connection with 1001 and return from `run()`. Any thread.
    public func requestStop() {
        lock.withLock {
            stopRequested = true
            if let liveContext { lws_cancel_service(liveContext) }
        }
    }

    private func beginShutdown() {
        let now = Self.now()
        shutdownDeadline = now + Int64(configuration.shutdownGraceSeconds * 1e6)
        let count = core.sessions.count
        let draining = core.beginShutdown(now: now)
        logger.notice("shutting down: closing \(count) connection\(count == 1 ? "" : "s") with \(draining ? "1012 (reconnect: a node takes its classes)" : "1001")")
        flush()
        checkShutdownDone(now: now)
    }

    private func checkShutdownDone(now: Int64) {
        guard let deadline = shutdownDeadline else { return }
        if core.sessions.isEmpty || now >= deadline {
            loopShouldEnd = true
            if let context { lws_cancel_service(context) }
        }
    }

    // MARK: Time

    static func now() -> Int64 { monotonicNanoseconds() / 1000 }

    fileprivate func timerFired() {
        scheduledFor = nil
        let now = Self.now()
        if core.mayHaveActiveRooms, Double(now) >= tickDeadline - 1000 {
            core.tick(now: now)
            tickDeadline += Self.tickMicroseconds
            if tickDeadline < Double(now) - 4 * Self.tickMicroseconds { tickDeadline = Double(now) + Self.tickMicroseconds }
        }
        core.runTimers(now: now)
        checkShutdownDone(now: now)
        if unpublished { publishMetrics(now: now, force: true) }
        flush()
    }

    /// Schedules the timer for the earliest of: the next 60 Hz tick (while any room may move),
    /// the core's next timer, the end of a shutdown. Nothing at all when nothing is due.
    private func reschedule() {
        guard let context, let timer, !loopShouldEnd else { return }
        let now = Self.now()
        var deadline: Int64?
        if core.mayHaveActiveRooms {
            if tickDeadline < Double(now) - 4 * Self.tickMicroseconds { tickDeadline = Double(now) }
            deadline = Int64(tickDeadline)
        }
        if let next = core.nextTimer() { deadline = min(deadline ?? next, next) }
        if let end = shutdownDeadline { deadline = min(deadline ?? end, end) }
        if unpublished {
            let publish = lastPublished + Self.publishMicroseconds
            deadline = min(deadline ?? publish, publish)
        }
        if let eventLoop, let loopTimer {
            if let scheduledFor, let deadline, scheduledFor <= deadline, scheduledFor > now - 1000 { return }
            scheduledFor = deadline
            newtons_ev_timer_arm(eventLoop, loopTimer, deadline.map { Double(max(0, $0 - now)) / 1e6 } ?? -1)
            return
        }
        let sul = timer.assumingMemoryBound(to: lws_sorted_usec_list_t.self)
        guard let deadline else {
            if scheduledFor != nil {
                lws_sul_cancel(sul)
                scheduledFor = nil
            }
            return
        }
        if let scheduledFor, scheduledFor <= deadline, scheduledFor > now - 1000 { return }
        lws_sul_schedule(context, 0, sul, timerCallback, lws_usec_t(max(0, deadline - now)))
        scheduledFor = deadline
    }

    /// Hands the core's counts to the shared board, at most every `publishMicroseconds`; a
    /// change in between is published by the timer.
    private func publishMetrics(now: Int64, force: Bool = false) {
        if force || now - lastPublished >= Self.publishMicroseconds {
            core.publishMetrics()
            lastPublished = now
            unpublished = false
        } else {
            unpublished = true
        }
    }

    /// Performs what the core asked for, then reschedules the timer. A write is made at once
    /// unless lws still holds the unsent tail of an earlier one (`lws_partial_buffered`),
    /// rather than in a writeable callback of the next round of the service loop: a pong or a
    /// tick's frame waits behind nothing, and no POLLOUT is set and cleared per frame (each
    /// change is three lws callbacks). Whether the kernel takes it is the `send` itself: what it
    /// does not take, lws keeps and writes when the socket drains, and the next frames wait for
    /// that callback (so lws holds at most one frame per client). `lws_send_pipe_choked` would
    /// ask first with a `poll` of the socket: a second system call per frame.
    private func flush() {
        let now = Self.now()
        publishMetrics(now: now)
        for id in core.takeWriteRequests() {
            guard let wsi = sockets[id] else { continue }
            if lws_partial_buffered(wsi) == 0 {
                writeAtOnce(wsi, connection: id, now: now)
            } else {
                lws_callback_on_writable(wsi)
            }
        }
        var killed = false
        for id in core.takeKills() {
            if let wsi = sockets[id] {
                lws_set_timeout(wsi, PENDING_TIMEOUT_LAGGING, LWS_TO_KILL_ASYNC)
                killed = true
            }
        }
        if killed, eventLoop != nil, let context { lws_cancel_service(context) }
        reschedule()
    }

    /// One write outside the socket's own callback (never a close: that needs the callback).
    private func writeAtOnce(_ wsi: OpaquePointer, connection id: ConnectionID, now: Int64) {
        let (action, more) = core.nextWrite(connection: id, now: now, outsideCallback: true)
        if case .send(let buffer) = action {
            let written = lws_write(
                wsi, buffer.payloadStart.assumingMemoryBound(to: UInt8.self), buffer.count,
                buffer.isBinary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT)
            if written < buffer.count {
                lws_set_timeout(wsi, PENDING_TIMEOUT_LAGGING, LWS_TO_KILL_ASYNC)
                if eventLoop != nil, let context { lws_cancel_service(context) }
                return
            }
        }
        if more { lws_callback_on_writable(wsi) }
    }

    // MARK: Callbacks

    fileprivate func handle(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED:
            if adopting { adoptionInstantiated = true } else { newtons_frame_guard_watch(lws_get_socket_fd(wsi)) }
            return 0
        case LWS_CALLBACK_WSI_DESTROY:
            newtons_frame_guard_forget(lws_get_socket_fd(wsi))
            return 0
        case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
            return confirmUpgrade(wsi)
        case LWS_CALLBACK_HTTP:
            return answerHTTP(wsi, user: user, path: input, length: length)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return writeHTTPBody(wsi, user: user)
        case LWS_CALLBACK_HTTP_BODY:
            return receiveUpload(wsi, user: user, input: input, length: length)
        case LWS_CALLBACK_HTTP_BODY_COMPLETION:
            return finishUpload(wsi, user: user)
        case LWS_CALLBACK_CLOSED_HTTP:
            if let user {
                httpBodies[user.load(as: UInt64.self)] = nil
                uploads[user.load(as: UInt64.self)] = nil
            }
            return 0
        case LWS_CALLBACK_ESTABLISHED:
            opened(wsi, user: user)
            return 0
        case LWS_CALLBACK_RECEIVE:
            return received(wsi, user: user, input: input, length: length)
        case LWS_CALLBACK_SERVER_WRITEABLE:
            return writeable(wsi, user: user)
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            if let user, let input, length >= 2 {
                let bytes = input.assumingMemoryBound(to: UInt8.self)
                core.notePeerClose(connection: user.load(as: UInt64.self), code: UInt16(bytes[0]) << 8 | UInt16(bytes[1]))
            }
            return 0
        case LWS_CALLBACK_CLOSED:
            if let user {
                let id = user.load(as: UInt64.self)
                sockets[id] = nil
                incoming[id] = nil
                unmaskedConnections.remove(id)
                unmaskedCounted.remove(id)
                let descriptor = lws_get_socket_fd(wsi)
                if connectionsByDescriptor[descriptor] == id { connectionsByDescriptor[descriptor] = nil }
                newtons_frame_guard_forget(descriptor)
                core.closed(connection: id, now: Self.now())
                checkShutdownDone(now: Self.now())
                flush()
            }
            return 0
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            if lock.withLock({ stopRequested }), shutdownDeadline == nil { beginShutdown() }
            adoptQueued()
            return 0
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
    }

    // MARK: WebSocket

    /// Before the upgrade: the path, the subprotocol and the page's origin. A refusal is an HTTP
    /// answer (browsers never see it; programs do).
    private func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        let path = header(wsi, WSI_TOKEN_GET_URI) ?? ""
        let subprotocols = (header(wsi, WSI_TOKEN_PROTOCOL) ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let origin = header(wsi, WSI_TOKEN_ORIGIN)
        let address = peerAddress(wsi)
        var refusal: (status: UInt32, reason: String, message: String)?
        if path != "/ws" {
            refusal = (404, "unknown-path", "WebSockets live at /ws")
        } else if !subprotocols.contains("newtons.v1") {
            refusal = (400, "no-subprotocol", "ask for the WebSocket subprotocol newtons.v1")
        } else if !origins.allows(origin: origin, host: header(wsi, WSI_TOKEN_HOST)) {
            refusal = (403, "origin", "pages from \(origin ?? "") may not connect; see --allowed-origin")
        }
        guard let refusal else { return 0 }
        core.metrics.countRejected(refusal.reason)
        core.logRefusal(address: address, reason: refusal.reason, now: Self.now(),
            "upgrade refused (\(refusal.status) \(refusal.reason)): \(refusal.message), from \(address)")
        flush()
        _ = lws_return_http_status(wsi, refusal.status, refusal.message)
        return 1
    }

    private func opened(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) {
        guard let user else { return }
        let id = nextID
        nextID += 1
        user.storeBytes(of: id, as: UInt64.self)
        sockets[id] = wsi
        connectionsByDescriptor[lws_get_socket_fd(wsi)] = id
        // Frames that came with the upgrade's own packet were read before this connection had an id.
        if newtons_frame_guard_unmasked(lws_get_socket_fd(wsi)) {
            unmaskedConnections.insert(id)
            lws_callback_on_writable(wsi)
        }
        let socket = lws_get_socket_fd(wsi)
        let instance = promisedInstances.removeValue(forKey: socket)
        core.open(
            connection: id, address: peerAddress(wsi), request: ConnectRequest(arguments: queryArguments(wsi)),
            instance: instance, now: Self.now())
        flush()
    }

    private func received(
        _ wsi: OpaquePointer, user: UnsafeMutableRawPointer?, input: UnsafeMutableRawPointer?, length: Int
    ) -> Int32 {
        guard let user else { return -1 }
        let id = user.load(as: UInt64.self)
        if unmaskedConnections.contains(id) || newtons_frame_guard_unmasked(lws_get_socket_fd(wsi)) {
            return closeUnmasked(wsi, id)
        }
        if lws_frame_is_binary(wsi) != 0 {
            core.noteViolation(connection: id, reason: "binary", detail: "closed: binary frame (1003)")
            return close(wsi, code: CloseCode.unsupportedData, reason: "binary frames are not accepted")
        }
        var message = incoming[id] ?? []
        if let input, length > 0 {
            message.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        if message.count > configuration.limits.maxMessageBytes {
            let limit = ClientMessage.sizeLimit(forMessageStarting: message, limits: configuration.limits)
            if message.count > limit {
                incoming[id] = nil
                core.noteViolation(connection: id, reason: "too-big", detail: "closed: message over \(limit) bytes (1009)")
                return close(wsi, code: CloseCode.messageTooBig, reason: "messages are at most \(limit) bytes")
            }
        }
        guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else {
            incoming[id] = message
            return 0
        }
        incoming[id] = nil
        core.receive(connection: id, text: message, now: Self.now())
        flush()
        return 0
    }

    private func writeable(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) -> Int32 {
        guard let user else { return 0 }
        let id = user.load(as: UInt64.self)
        if unmaskedConnections.contains(id) { return closeUnmasked(wsi, id) }
        let (action, more) = core.nextWrite(connection: id, now: Self.now())
        switch action {
        case .nothing:
            return 0
        case .close(let code, let reason):
            return close(wsi, code: code, reason: reason)
        case .send(let buffer):
            let written = lws_write(
                wsi, buffer.payloadStart.assumingMemoryBound(to: UInt8.self), buffer.count,
                buffer.isBinary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT)
            if written < buffer.count { return -1 }
            if more { lws_callback_on_writable(wsi) }
            return 0
        }
    }

    /// Asks for a callback on each connection the frame guard saw send an unmasked frame (a ping
    /// or an empty frame brings no RECEIVE of its own); that callback closes it with 1002.
    private func closeUnmasked() {
        var descriptors = [Int32](repeating: 0, count: 64)
        while true {
            let count = Int(newtons_frame_guard_take_unmasked(&descriptors, Int32(descriptors.count)))
            for descriptor in descriptors.prefix(count) {
                guard let id = connectionsByDescriptor[descriptor], let wsi = sockets[id] else { continue }
                unmaskedConnections.insert(id)
                lws_callback_on_writable(wsi)
            }
            if count < descriptors.count { break }
        }
    }

    private func closeUnmasked(_ wsi: OpaquePointer, _ id: ConnectionID) -> Int32 {
        incoming[id] = nil
        // Counted once, though both a RECEIVE and a writeable callback may come to close it.
        if unmaskedCounted.insert(id).inserted {
            core.noteViolation(connection: id, reason: "unmasked", detail: "closed: unmasked frame (1002)")
        }
        return close(wsi, code: CloseCode.protocolError, reason: "client frames must be masked (RFC 6455 5.1)")
    }

    /// Closes from inside a callback of that connection: the close frame carries code and reason.
    private func close(_ wsi: OpaquePointer, code: UInt16, reason: String) -> Int32 {
        var bytes = Array(reason.utf8.prefix(120))
        lws_close_reason(wsi, lws_close_status(UInt32(code)), &bytes, bytes.count)
        return -1
    }

    // MARK: HTTP

    private func answerHTTP(
        _ wsi: OpaquePointer, user: UnsafeMutableRawPointer?, path input: UnsafeMutableRawPointer?, length: Int
    ) -> Int32 {
        let path = input.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? "/"
        let method: String
        if lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 {
            method = "GET"
        } else if lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0 {
            method = "HEAD"
        } else if lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0 {
            method = "POST"
        } else {
            method = "OTHER"
        }
        if method == "POST", let limit = HTTPRoutes.bodyLimit(path: path, limits: configuration.limits) {
            // The answer waits for the whole body: counted here, not by lws, since the start of
            // the body may have come with the head (read by the acceptor, kept in `bodyStarts`).
            guard let user else { return -1 }
            let id = nextID
            nextID += 1
            user.storeBytes(of: id, as: UInt64.self)
            let start = bodyStarts.removeValue(forKey: lws_get_socket_fd(wsi)) ?? []
            guard let length = header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH).flatMap({ HTTPRoutes.contentLength($0) }) else {
                _ = send(.text(411, "a POST needs a Content-Length\n"), wsi, user: user, headOnly: false, now: true)
                return -1
            }
            if length > limit {
                // Said too big up front: answered at once, the body is not read.
                _ = send(HTTPRoutes.tooLarge(path: path, limit: limit), wsi, user: user, headOnly: false, now: true)
                return -1
            }
            let upload = Upload(path: path, address: peerAddress(wsi), bytes: [], received: 0, length: length)
            return receiveUpload(upload, id: id, wsi, user: user, adding: start[...])
        }
        var query: [String: String] = [:]
        for argument in queryArguments(wsi) {
            let parts = argument.split(separator: "=", maxSplits: 1)
            if let name = parts.first.map(String.init), query[name] == nil {
                query[name] = parts.count > 1 ? String(parts[1]) : ""
            }
        }
        return send(routes.answer(method: method, path: path, query: query), wsi, user: user, headOnly: method == "HEAD")
    }

    /// Answers an HTTP request. `now`: write the body at once when the socket can take it (an
    /// upload's answer, made inside the body-completion callback, where a writeable callback for
    /// the body never came on an adopted socket).
    private func send(
        _ answer: HTTPAnswer, _ wsi: OpaquePointer, user: UnsafeMutableRawPointer?, headOnly: Bool, now: Bool = false
    ) -> Int32 {
        switch answer {
        case .file(let file, let contentType):
            let extra = "cache-control: \(SecurityHeaders.fileCacheControl)\r\n"
            let result = extra.withCString { headers in
                lws_serve_http_file(wsi, file, contentType, headers, Int32(strlen(headers)))
            }
            if result < 0 || (result > 0 && lws_http_transaction_completed(wsi) != 0) { return -1 }
            return 0
        case .body(let status, let contentType, let body):
            guard let user else { return -1 }
            let id = nextID
            nextID += 1
            user.storeBytes(of: id, as: UInt64.self)
            var headerBuffer = [UInt8](repeating: 0, count: Int(newtons_lws_pre()) + 2048)
            let failed = headerBuffer.withUnsafeMutableBufferPointer { raw -> Bool in
                let start = raw.baseAddress! + Int(newtons_lws_pre())
                let end = raw.baseAddress! + raw.count
                var cursor: UnsafeMutablePointer<UInt8>? = start
                if lws_add_http_common_headers(wsi, UInt32(status), contentType, lws_filepos_t(body.count), &cursor, end) != 0 {
                    return true
                }
                let cache = Array(SecurityHeaders.apiCacheControl.utf8)
                if lws_add_http_header_by_name(wsi, "cache-control:", cache, Int32(cache.count), &cursor, end) != 0 {
                    return true
                }
                return lws_finalize_write_http_header(wsi, start, &cursor, end) != 0
            }
            if failed { return 1 }
            if headOnly || body.isEmpty {
                return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
            }
            let buffer = WireBuffer(body, isBinary: false)
            if now, lws_send_pipe_choked(wsi) == 0 {
                let written = lws_write(
                    wsi, buffer.payloadStart.assumingMemoryBound(to: UInt8.self), buffer.count, LWS_WRITE_HTTP_FINAL)
                if written < buffer.count { return -1 }
                return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
            }
            httpBodies[id] = buffer
            lws_callback_on_writable(wsi)
            return 0
        }
    }

    /// An upload's body so far. `bytes` is nil once it outgrew the largest file taken (the rest
    /// is still counted, so the answer comes when the client has sent it all).
    private struct Upload {
        let path: String
        let address: String
        var bytes: [UInt8]?
        var received: Int
        let length: Int
    }

    /// More of an upload's body (from lws, or what came with the head). Once `length` bytes are
    /// in, answers and closes: lws may still wait for bytes the acceptor read in its place.
    private func receiveUpload(
        _ upload: Upload, id: UInt64, _ wsi: OpaquePointer, user: UnsafeMutableRawPointer, adding chunk: ArraySlice<UInt8>
    ) -> Int32 {
        var upload = upload
        let taken = chunk.prefix(max(0, upload.length - upload.received))
        upload.received += taken.count
        if var bytes = upload.bytes {
            upload.bytes = nil  // the only reference, so appending does not copy
            if bytes.count + taken.count <= configuration.limits.maxRecordingFileBytes {
                bytes.append(contentsOf: taken)
                upload.bytes = bytes
            }
        }
        guard upload.received >= upload.length else {
            uploads[id] = upload
            return 0
        }
        let answer: HTTPAnswer
        if let bytes = upload.bytes {
            answer = routes.answerUpload(path: upload.path, body: bytes, address: upload.address, now: Self.now())
        } else {
            answer = .body(
                status: 413, contentType: "text/plain; charset=utf-8",
                body: Array("not opened: a recording is at most \(configuration.limits.maxRecordingFileBytes) bytes\n".utf8))
        }
        _ = send(answer, wsi, user: user, headOnly: false, now: true)
        flush()
        return -1
    }

    private func receiveUpload(
        _ wsi: OpaquePointer, user: UnsafeMutableRawPointer?, input: UnsafeMutableRawPointer?, length: Int
    ) -> Int32 {
        guard let user, let input else { return 0 }
        let id = user.load(as: UInt64.self)
        guard let upload = uploads.removeValue(forKey: id) else { return -1 }  // no second copy while appending
        let chunk = Array(UnsafeRawBufferPointer(start: input, count: length))
        return receiveUpload(upload, id: id, wsi, user: user, adding: chunk[...])
    }

    /// lws counted the body whole before we did: it can only be short of bytes it never saw.
    private func finishUpload(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) -> Int32 {
        guard let user, let upload = uploads.removeValue(forKey: user.load(as: UInt64.self)) else { return -1 }
        _ = send(.text(400, "the body ended before its Content-Length (\(upload.received) of \(upload.length) bytes)\n"), wsi,
                 user: user, headOnly: false, now: true)
        return -1
    }

    private func queryArguments(_ wsi: OpaquePointer) -> [String] {
        var arguments: [String] = []
        var buffer = [CChar](repeating: 0, count: 512)
        for index in 0..<16 {
            let count = lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, Int32(index))
            guard count >= 0 else { break }
            arguments.append(String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return arguments
    }

    private func writeHTTPBody(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) -> Int32 {
        guard let user, let body = httpBodies.removeValue(forKey: user.load(as: UInt64.self)) else {
            return lws_callback_http_dummy(wsi, LWS_CALLBACK_HTTP_WRITEABLE, user, nil, 0)
        }
        let written = lws_write(wsi, body.payloadStart.assumingMemoryBound(to: UInt8.self), body.count, LWS_WRITE_HTTP_FINAL)
        if written < body.count { return -1 }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    // MARK: Helpers

    private func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = lws_hdr_total_length(wsi, token)
        guard length > 0, length < 4096 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token) >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func peerAddress(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        // A client that reset its connection has no peer left to name (lws then gives the
        // system's error text instead of an address).
        guard let text = lws_get_peer_simple(wsi, &buffer, buffer.count), strncmp(text, "getpeername", 11) != 0 else {
            return "(gone)"
        }
        return String(cString: text)
    }

    /// A C string that lives as long as the server.
    private func keep(_ text: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(text)!
        cStrings.append(copy)
        return copy
    }

    private func makeProtocols() -> UnsafeMutablePointer<lws_protocols> {
        let list = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 3)
        list.initialize(repeating: lws_protocols(), count: 3)
        list[0].name = UnsafePointer(keep("http"))
        list[0].callback = lwsCallback
        list[0].per_session_data_size = MemoryLayout<UInt64>.size
        list[0].id = 0
        list[1].name = UnsafePointer(keep("newtons.v1"))
        list[1].callback = lwsCallback
        list[1].per_session_data_size = MemoryLayout<UInt64>.size
        list[1].rx_buffer_size = configuration.limits.maxMessageBytes
        list[1].tx_packet_size = 65536
        list[1].id = 1
        protocols = list
        return list
    }

    private func makeHeaders() -> UnsafeMutablePointer<lws_protocol_vhost_options> {
        let count = SecurityHeaders.all.count
        let list = UnsafeMutablePointer<lws_protocol_vhost_options>.allocate(capacity: count)
        list.initialize(repeating: lws_protocol_vhost_options(), count: count)
        for (index, header) in SecurityHeaders.all.enumerated() {
            list[index].name = UnsafePointer(keep(header.name))
            list[index].value = UnsafePointer(keep(header.value))
            list[index].next = index + 1 < count ? UnsafePointer(list + index + 1) : nil
        }
        headerOptions = list
        return list
    }

    private func freeCMemory() {
        for text in cStrings { free(text) }
        cStrings.removeAll()
        if let protocols {
            protocols.deinitialize(count: 3)
            protocols.deallocate()
        }
        if let headerOptions {
            headerOptions.deinitialize(count: SecurityHeaders.all.count)
            headerOptions.deallocate()
        }
        retryPolicy?.deallocate()
        timer?.deallocate()
        foreignLoops?.deallocate()
        foreignLoops = nil
        loopTimer?.deallocate()
        loopTimer = nil
        lwsNudge?.deallocate()
        lwsNudge = nil
        protocols = nil
        headerOptions = nil
        retryPolicy = nil
        timer = nil
    }

    /// Lifts the open-file limit to what the clients need (each client is one descriptor).
    func raiseFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = rlim_t(configuration.limits.maxClients + 1024)
        if limit.rlim_cur < wanted {
            limit.rlim_cur = min(wanted, limit.rlim_max)
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }
}

/// The lws callback for both protocols: finds the server through the context's user pointer.
private func lwsCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let server = lws_context_user(context) else {
        return 0
    }
    return Unmanaged<LWSServer>.fromOpaque(server).takeUnretainedValue().handle(wsi, reason, user, input, length)
}

/// The scheduled callback: the server pointer is stored right after the sul struct.
private func timerCallback(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let sul else { return }
    let raw = UnsafeMutableRawPointer(sul) + MemoryLayout<lws_sorted_usec_list_t>.stride
    let server = raw.load(as: UnsafeMutableRawPointer.self)
    Unmanaged<LWSServer>.fromOpaque(server).takeUnretainedValue().timerFired()
}

/// libwebsockets' own lines (a request head too big, a bind error) go to the server's log (so
/// off the service thread), at most 20 per 10 s for the whole process: a client can make lws
/// complain at will. The rest are counted, and the count goes out with the next line let
/// through. lws's log callback is process-wide and every worker's thread calls it: hence the lock.
private enum LibraryLog {
    struct Window {
        var start: Int64 = 0
        var lines = 0
        var leftOut = 0
    }
    nonisolated(unsafe) static var logger: Logger?
    static let window = Mutex(Window())
}

private func emitLibraryLog(_ level: Int32, _ line: UnsafePointer<CChar>?) {
    // lws reports every adoption of a socket with its first bytes (the acceptor's): not news.
    guard let line, let logger = LibraryLog.logger, strstr(line, "adopt_socket_readbuf: calling service") == nil else { return }
    let now = monotonicNanoseconds()
    let leftOut: Int? = LibraryLog.window.withLock { window in
        if now - window.start > 10_000_000_000 { window = LibraryLog.Window(start: now) }
        guard window.lines < 20 else {
            window.leftOut += 1
            return nil
        }
        window.lines += 1
        defer { window.leftOut = 0 }
        return window.leftOut
    }
    guard let leftOut else { return }
    var text = String(cString: line).trimmingCharacters(in: .whitespacesAndNewlines)
    if leftOut > 0 { text += " (and \(leftOut) more libwebsockets lines left out)" }
    logger.warning("libwebsockets: \(text)")
}
