// The server's one listening socket (plain HTTP; TLS servers let their one worker's lws listen).
// It accepts, reads each request's head, and hands the socket and the bytes read to the worker
// that owns the request's room (`RequestRouter`), before any upgrade: a room's sockets never
// leave its worker's thread. Connections that never finish their head (half-open floods), heads
// that are too long or not HTTP, and addresses opening connections too fast are answered here,
// so no worker ever holds them.

import CEpoll
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The listening socket and its one thread (`run()`); `requestStop()` from any thread.
final class Acceptor: @unchecked Sendable {
    /// What a connection that has not finished its head holds.
    private struct Pending {
        var bytes: [UInt8] = []
        let address: String
        var deadline: Int64
        /// Once the head of an upload is whole: the head's length and the body's (the request
        /// is handed over when `bytes` holds both).
        var upload: (headLength: Int, bodyLength: Int)?
    }

    /// Upload bodies held here at once, in bytes, and the most that may be: a worker's lws
    /// cannot be handed a body with the head (see `LWSServer.adoptQueued`), so bodies are read
    /// whole here first, as nginx buffers a request body before passing it on.
    private var bufferedBodyBytes = 0
    private static let maxBufferedBodyBytes = 256 << 20

    private let router: RequestRouter
    private let limits: ServerLimits
    private let metrics: ServerMetrics
    private let logger: Logger
    private let deliver: (Int, Int32, [UInt8], LessonInstance?) -> Void
    private var listener: Int32
    private let wake: Int32
    private let epoll: Int32
    private var pending: [Int32: Pending] = [:]
    /// Accepted descriptors in order, for closing the oldest half-open one when too many wait.
    private var arrivals: [Int32] = []
    private var arrivalsHead = 0
    private var rates: [String: TokenBucket] = [:]
    private var nextSpare = 0
    private var nextPrune: Int64 = 0
    /// Out of descriptors: the listener is left alone until then (its backlog waits), so a
    /// full table does not turn the loop into a spin.
    private var listenerPausedUntil: Int64?
    private var lastDescriptorWarning: Int64 = 0
    /// One buffer for every read (this thread only), not one per readable socket.
    private let readBuffer = UnsafeMutableRawPointer.allocate(byteCount: readBufferBytes, alignment: 16)
    private static let readBufferBytes = 65536

    private static let listenerID: UInt64 = 1 << 40
    private static let wakeID: UInt64 = 1 << 41

    /// Binds `host:port` (an error if it cannot) and prepares the loop. `deliver(worker, socket,
    /// bytes, instance)` hands a connection over; it is called on the acceptor's thread.
    init(
        host: String, port: Int, router: RequestRouter, limits: ServerLimits, metrics: ServerMetrics, logger: Logger,
        deliver: @escaping (Int, Int32, [UInt8], LessonInstance?) -> Void
    ) throws {
        self.router = router
        self.limits = limits
        self.metrics = metrics
        self.logger = logger
        self.deliver = deliver
        listener = try Self.listen(host: host, port: port)
        wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        // No close here: with every stored property set, the deinit runs when this throws.
        guard wake >= 0, epoll >= 0 else {
            throw ServerStartError(description: "cannot create the acceptor's event loop: \(String(cString: strerror(errno)))")
        }
        watch(listener, id: Self.listenerID)
        watch(wake, id: Self.wakeID)
    }

    deinit {
        for socket in pending.keys { close(socket) }
        if listener >= 0 { close(listener) }
        if wake >= 0 { close(wake) }
        if epoll >= 0 { close(epoll) }
        readBuffer.deallocate()
    }

    /// Stops `run()` soon. Any thread.
    func requestStop() {
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// Accepts and routes until `requestStop()`. The listening socket is closed on return, so
    /// no new connection is taken while the workers close theirs.
    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        var running = true
        while running {
            let timeout = listenerPausedUntil != nil ? 100 : pending.isEmpty ? -1 : 1000
            let count = epoll_wait(epoll, &events, Int32(events.count), Int32(timeout))
            let now = LWSServer.now()
            if count > 0 {
                for event in events.prefix(Int(count)) {
                    switch event.data.u64 {
                    case Self.listenerID: acceptAll(now: now)
                    case Self.wakeID: running = false
                    default: readHead(Int32(truncatingIfNeeded: event.data.u64), now: now)
                    }
                }
            }
            if now >= nextPrune { prune(now: now) }
            if let until = listenerPausedUntil, now >= until {
                listenerPausedUntil = nil
                watch(listener, id: Self.listenerID)
            }
        }
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
        close(listener)
        listener = -1
        for socket in pending.keys { close(socket) }
        pending.removeAll()
    }

    // MARK: Accepting

    private func acceptAll(now: Int64) {
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let socket = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept(listener, $0, &length)
                }
            }
            guard socket >= 0 else {
                if errno == EMFILE || errno == ENFILE {
                    if now - lastDescriptorWarning >= 1_000_000 {
                        lastDescriptorWarning = now
                        logger.warning("cannot accept: out of file descriptors (\(pending.count) connections still sending their request); pausing 100 ms")
                    }
                    closeOldestPending()
                    _ = epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
                    listenerPausedUntil = now + 100_000
                }
                return
            }
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL, 0) | O_NONBLOCK)
            _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
            // Small messages (pongs, frames) go out at once, as lws's own listener sets it.
            var one: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let address = Self.text(of: storage)
            var bucket = rates[address] ?? TokenBucket(
                capacity: Double(limits.connectionBurstPerAddress), perSecond: limits.connectionsPerSecondPerAddress,
                now: now)
            let allowed = bucket.take(now: now)
            rates[address] = bucket
            guard allowed else {
                refuse(socket, status: 429, text: "too many connections from your address; try again in a second\n", reason: "connection-rate")
                continue
            }
            if pending.count >= limits.maxPendingConnections { closeOldestPending() }
            pending[socket] = Pending(address: address, deadline: now + Int64(limits.requestHeadSeconds * 1e6))
            arrivals.append(socket)
            watch(socket, id: UInt64(UInt32(bitPattern: socket)))
        }
    }

    /// Reads what has arrived; once the head is whole (and an upload's body), routes the
    /// connection.
    private func readHead(_ socket: Int32, now: Int64) {
        guard var connection = pending[socket] else { return }
        // Never more than a head's worth, or the rest of an upload's body: lws takes the bytes
        // read as its first input, so nothing of a next request may be among them.
        let wanted = connection.upload.map { $0.headLength + $0.bodyLength } ?? RequestRouter.maxHeadBytes
        var ended = false
        while connection.bytes.count < wanted {
            let count = recv(socket, readBuffer, min(Self.readBufferBytes, wanted - connection.bytes.count), 0)
            if count > 0 {
                connection.bytes.append(contentsOf: UnsafeRawBufferPointer(start: readBuffer, count: count))
            } else if count < 0, errno == EINTR {
                continue
            } else {
                ended = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
                break
            }
        }
        if let upload = connection.upload {
            if connection.bytes.count >= upload.headLength + upload.bodyLength {
                bufferedBodyBytes -= upload.bodyLength
                route(socket, connection, headLength: upload.headLength, now: now)
            } else if ended {
                drop(socket)  // the peer left before sending its whole body
            } else {
                pending[socket] = connection
            }
            return
        }
        switch RequestRouter.scan(connection.bytes) {
        case .incomplete where ended:
            drop(socket)  // the peer left before finishing its request
        case .incomplete:
            pending[socket] = connection
        case .tooLarge:
            forget(socket)
            refuse(socket, status: 431, text: "request head over \(RequestRouter.maxHeadBytes) bytes\n", reason: "bad-request")
        case .complete(let length):
            let bodyLength = Self.uploadBodyLength(head: connection.bytes[..<length], limits: limits)
            guard let bodyLength, length + bodyLength > connection.bytes.count, !ended else {
                route(socket, connection, headLength: length, now: now)
                return
            }
            guard bufferedBodyBytes + bodyLength <= Self.maxBufferedBodyBytes else {
                forget(socket)
                refuse(socket, status: 503, text: "too many uploads at once; try again in a minute\n", reason: "uploads")
                return
            }
            // The body's time: the head's, plus a second per 64 KiB (a slow school line).
            bufferedBodyBytes += bodyLength
            connection.upload = (length, bodyLength)
            connection.deadline = now + Int64((limits.requestHeadSeconds + Double(bodyLength) / 65536) * 1e6)
            pending[socket] = connection
        }
    }

    /// Hands a whole request over to the worker that owns its room, or answers it here.
    private func route(_ socket: Int32, _ connection: Pending, headLength: Int, now: Int64) {
        forget(socket)
        switch router.route(head: connection.bytes[..<headLength], spare: nextSpare, now: now) {
        case .answer(let status, let text):
            refuse(socket, status: status, text: text, reason: "bad-request")
        case .worker(let worker, let instance):
            nextSpare &+= 1
            deliver(worker, socket, connection.bytes, instance)
        }
    }

    /// The Content-Length of a POST to a path that takes a body, when it is within that path's
    /// limit (over it, missing or malformed, the worker answers 413 or 411 without the body).
    static func uploadBodyLength(head: ArraySlice<UInt8>, limits: ServerLimits) -> Int? {
        guard head.starts(with: Array("POST ".utf8)) else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.split(separator: "\r\n")
        guard let target = lines.first?.split(separator: " ").dropFirst().first else { return nil }
        let path = String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        guard let limit = HTTPRoutes.bodyLimit(path: path, limits: limits) else { return nil }
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            return HTTPRoutes.contentLength(parts[1]).flatMap { $0 <= limit ? $0 : nil }
        }
        return nil
    }

    // MARK: Bounds

    /// Closes heads that took too long, and forgets addresses that have been quiet.
    private func prune(now: Int64) {
        nextPrune = now + 1_000_000
        var expired = 0
        for (socket, connection) in pending where connection.deadline <= now {
            drop(socket)
            expired += 1
        }
        if expired > 0 {
            metrics.countRejected("half-open", by: expired)
            publish()
            logger.notice("closed \(expired) connections that sent no whole request in \(Int(limits.requestHeadSeconds)) s")
        }
        rates = rates.filter { !$0.value.isFull(now: now) }
        if arrivalsHead > 1024, arrivalsHead * 2 > arrivals.count {
            arrivals.removeFirst(arrivalsHead)
            arrivalsHead = 0
        }
    }

    private func closeOldestPending() {
        while arrivalsHead < arrivals.count {
            let socket = arrivals[arrivalsHead]
            arrivalsHead += 1
            if pending[socket] != nil {
                drop(socket)
                metrics.countRejected("half-open")
                publish()
                return
            }
        }
    }

    /// Stops watching a connection that leaves the acceptor (handed over or answered).
    private func forget(_ socket: Int32) {
        pending[socket] = nil
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, socket, nil)
    }

    private func drop(_ socket: Int32) {
        if let upload = pending[socket]?.upload { bufferedBodyBytes -= upload.bodyLength }
        forget(socket)
        close(socket)
    }

    /// Answers a plain HTTP error and closes (best effort: the socket is not waited for).
    private func refuse(_ socket: Int32, status: Int, text: String, reason: String) {
        let phrase = [400: "Bad Request", 429: "Too Many Requests", 431: "Request Header Fields Too Large", 503: "Service Unavailable"][status] ?? "Error"
        var head = "HTTP/1.1 \(status) \(phrase)\r\ncontent-type: text/plain; charset=utf-8\r\n"
        for header in SecurityHeaders.all { head += "\(header.name) \(header.value)\r\n" }
        if status == 429 { head += "retry-after: 1\r\n" }
        if status == 503 { head += "retry-after: 60\r\n" }
        head += "content-length: \(text.utf8.count)\r\nconnection: close\r\n\r\n\(text)"
        let bytes = Array(head.utf8)
        _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(socket, Int32(SHUT_WR))
        // Take what the client already sent, so that closing does not reset the connection
        // (and lose the answer) over unread bytes.
        var sink = [UInt8](repeating: 0, count: 16384)
        for _ in 0..<4 where recv(socket, &sink, sink.count, Int32(MSG_DONTWAIT)) > 0 {}
        close(socket)
        metrics.countRejected(reason)
        publish()
    }

    private func publish() {
        metrics.publish(rooms: 0, classRooms: 0, activeRooms: 0, clients: 0)
    }

    private func watch(_ socket: Int32, id: UInt64) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        event.data.u64 = id
        _ = epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event)
    }

    // MARK: Addresses

    /// A listening socket on `host:port`: IPv4, or IPv6 (dual stack for `::`).
    private static func listen(host: String, port: Int) throws -> Int32 {
        let name = host == "localhost" ? "127.0.0.1" : host
        guard let address = SocketAddress(host: name, port: port, wildcards: true) else {
            throw ServerStartError(description: "cannot listen on \(host): not an IP address")
        }
        let socket = Glibc.socket(address.family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw ServerStartError(description: "cannot make a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if address.family == AF_INET6 {
            // `::` takes IPv4 clients too (dual stack).
            var zero: Int32 = 0
            setsockopt(socket, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &zero, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = address.with { bind(socket, $0, $1) }
        guard bound == 0, Glibc.listen(socket, 4096) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw ServerStartError(description: "cannot listen on \(host):\(port) (\(reason))")
        }
        return socket
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The peer's address as text (an IPv4 address mapped into IPv6 as plain IPv4).
    private static func text(of storage: sockaddr_storage) -> String {
        var storage = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        if storage.ss_family == sa_family_t(AF_INET) {
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var raw = address.pointee.sin_addr
                    inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
                    return Self.string(buffer)
                }
            }
        }
        let text = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                var raw = address.pointee.sin6_addr
                inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count))
                return Self.string(buffer)
            }
        }
        return text.hasPrefix("::ffff:") ? String(text.dropFirst(7)) : text
    }
}
