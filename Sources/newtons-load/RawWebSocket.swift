// One load client: a raw non-blocking TCP socket that does the WebSocket upgrade itself, reads
// the server's frames in place from its own receive buffer, counts state frames, their bytes and
// the gaps in their sequence numbers, answers the server's pings, and sends and times the
// protocol's own `ping`s. Everything runs on the generator's one thread (no locks).

import CEpoll
import Foundation
import LoadWire

#if canImport(Glibc)
    import Glibc
#endif

/// Where the clients of a run put what they time together.
final class RoundTrips {
    /// Ping round trips in milliseconds, since the last `removeAll`.
    var milliseconds: [Double] = []
    /// Gesture to first frame in milliseconds: from sending a gesture to the first state frame
    /// that shows it (`RawWebSocket.pan`).
    var gestureMilliseconds: [Double] = []
}

final class RawWebSocket {
    enum State: Equatable {
        case connecting, upgrading, open, closed
    }

    /// What a call changed, for the run's bookkeeping.
    enum Change {
        case none
        /// The first `welcome` arrived.
        case welcomed
        /// The connection is gone (`failure` says why when it was not the server's close).
        case closed
    }

    let id: Int
    let fd: Int32
    private(set) var state = State.connecting
    private let epoll: Epoll
    private let handshake: WebSocketHandshake
    private let request: [UInt8]
    private let roundTrips: RoundTrips
    private var reader = WebSocketReader()
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0
    private var outbox: [UInt8] = []
    private var watchingWrites = true
    private var generator = SystemRandomNumberGenerator()

    // What it saw. The counters are for the current window; the rest since it connected.
    var frames = 0
    var frameBytes = 0
    /// Wire bytes of overlay frames (kind 2), which only come after an `overlay` request.
    var overlayBytes = 0
    var gaps = 0
    private var lastSequence: UInt32 = 0
    private var hasSequence = false
    private(set) var welcomed = false
    /// The class room's code from `welcome`, when asked for.
    private(set) var roomCode: String?
    private let wantsRoomCode: Bool
    /// The server's close frame, when it sent one, and its code (nil inside: a close without one).
    private(set) var closeCode: Int??
    /// Why the connection failed, when it was not a close from the server.
    private(set) var failure: String?
    /// The last `error` message the server sent, for a failure's report.
    private(set) var lastError: String?
    /// Whether to read with the kernel's arrival time of each read (SO_TIMESTAMPNS, small reads),
    /// and the longest time between two frames' arrivals so measured: a gap of the server's or
    /// the network's, not of this generator's loop (the fuzz's innocents).
    var kernelTimestamps = false {
        didSet {
            var one: Int32 = 1
            // SO_TIMESTAMPNS (35 where time_t is the kernel's long, as on x86_64 and arm64 Linux).
            if kernelTimestamps { setsockopt(fd, SOL_SOCKET, 35, &one, socklen_t(MemoryLayout<Int32>.size)) }
        }
    }
    private(set) var longestArrivalGap: UInt64 = 0
    private var lastFrameArrival: UInt64 = 0
    private var readArrival: UInt64 = 0
    /// Whether to look at every frame's items for rest, and whether one was all at rest.
    var watchesRest = false
    private(set) var sawRest = false
    /// The gesture waiting to be seen in a frame: where it put the orbit's centre, and when.
    private var pendingGesture: (x: Float, y: Float, sentAt: UInt64)?

    /// Opens a non-blocking connection to `address` and asks for `target` (path and query).
    init(
        id: Int, address: sockaddr_in, hostHeader: String, port: Int, target: String, wantsRoomCode: Bool,
        epoll: Epoll, roundTrips: RoundTrips
    ) throws(LoadError) {
        fd = try Self.openSocket(to: address)
        self.id = id
        self.epoll = epoll
        self.roundTrips = roundTrips
        self.wantsRoomCode = wantsRoomCode
        let handshake = WebSocketHandshake(subprotocol: "newtons.v1")
        self.handshake = handshake
        request = handshake.request(host: hostHeader, port: port, target: target)
        capacity = 4096
        buffer = .allocate(byteCount: capacity, alignment: 16)
        // Writable once connected (at once, or when the handshake with the kernel completes).
        epoll.add(fd, id: id, writes: true)
    }

    /// A non-blocking TCP socket (no Nagle: pings go out at once), its connect under way.
    private static func openSocket(to address: sockaddr_in) throws(LoadError) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw LoadError(systemError("socket")) }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = address
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 || errno == EINPROGRESS else {
            let message = systemError("connect")
            Glibc.close(fd)
            throw LoadError(message)
        }
        return fd
    }

    deinit {
        if state != .closed { Glibc.close(fd) }
        buffer.deallocate()
    }

    // MARK: Events

    /// Handles what epoll reported for this socket.
    func handle(_ events: UInt32) -> Change {
        guard state != .closed else { return .none }
        if state == .connecting {
            guard events & (EPOLLOUT.rawValue | EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 else { return .none }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else { return fail(systemError("connect", error)) }
            state = .upgrading
            send(request)
        }
        if events & EPOLLOUT.rawValue != 0 {
            let change = flush()
            if case .closed = change { return change }
        }
        if events & (EPOLLIN.rawValue | EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 {
            return readable()
        }
        return .none
    }

    /// Takes what arrived: one receive, or more while each fills the free space. A receive that
    /// leaves space over emptied the socket, so edge-triggered epoll reports the next arrival.
    private func readable() -> Change {
        var change = Change.none
        while state != .closed {
            let wanted = max(reader.needed, count + 2048)
            if wanted > capacity { grow(to: wanted) }
            let space = kernelTimestamps ? min(capacity - count, 64) : capacity - count
            let received = kernelTimestamps ? receiveStamped(into: buffer + count, space) : recv(fd, buffer + count, space, 0)
            if received > 0 {
                count += received
                let step = process()
                if case .none = step {} else { change = step }
                if received < space { break }
            } else if received == 0 {
                return fail(welcomed ? "the server closed the connection without a close frame" : "closed before welcome")
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                break
            } else if errno != EINTR {
                return fail(systemError("recv"))
            }
        }
        return state == .closed ? .closed : change
    }

    /// One recvmsg that also takes the kernel's receive time of what it read.
    private func receiveStamped(into target: UnsafeMutableRawPointer, _ length: Int) -> Int {
        var vector = iovec(iov_base: target, iov_len: length)
        var control = [UInt64](repeating: 0, count: 8)
        return control.withUnsafeMutableBytes { controlBytes in
            withUnsafeMutablePointer(to: &vector) { vectorPointer in
                var message = msghdr()
                message.msg_iov = vectorPointer
                message.msg_iovlen = 1
                message.msg_control = controlBytes.baseAddress
                message.msg_controllen = controlBytes.count
                let received = recvmsg(fd, &message, 0)
                // One control message: cmsghdr (len 8, level 4, type 4), then a timespec.
                if received > 0, message.msg_controllen >= 32, controlBytes.load(fromByteOffset: 8, as: Int32.self) == SOL_SOCKET,
                    controlBytes.load(fromByteOffset: 12, as: Int32.self) == 35
                {
                    let seconds = controlBytes.load(fromByteOffset: 16, as: Int.self)
                    let nanoseconds = controlBytes.load(fromByteOffset: 24, as: Int.self)
                    readArrival = UInt64(seconds) * 1_000_000_000 + UInt64(nanoseconds)
                }
                return received
            }
        }
    }

    private func grow(to size: Int) {
        var newCapacity = capacity
        while newCapacity < size { newCapacity *= 2 }
        let newBuffer = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        newBuffer.copyMemory(from: buffer, byteCount: count)
        buffer.deallocate()
        buffer = newBuffer
        capacity = newCapacity
    }

    /// Reads the upgrade's answer, then every whole frame in the buffer; keeps the rest.
    private func process() -> Change {
        var start = 0
        if state == .upgrading {
            guard let end = WebSocketHandshake.headEnd(UnsafeRawBufferPointer(start: buffer, count: count)) else {
                if count > 16384 { return fail("the upgrade's answer has no end") }
                return .none
            }
            let head = String(decoding: UnsafeRawBufferPointer(start: buffer, count: end), as: UTF8.self)
            if let refusal = handshake.refusal(ofHead: head) { return fail("upgrade \(refusal)") }
            state = .open
            start = end
        }
        var change = Change.none
        let bytes = UnsafeRawBufferPointer(start: buffer + start, count: count - start)
        let consumed: Int
        do {
            consumed = try reader.read(bytes) { kind, wireSize, payload in
                switch kind {
                case .binary: frame(payload, wireSize: wireSize)
                case .text: if text(payload) { change = .welcomed }
                case .ping: send(ClientFrame.encode(opcode: WebSocketOpcode.pong, payload: payload, maskKey: maskKey()))
                case .pong: break
                case .close:
                    let code = payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
                    closeCode = .some(code.map(Int.init))
                    send(ClientFrame.close(code: code ?? 1000, maskKey: maskKey()))
                    shut()
                }
            }
        } catch {
            return fail("bad frame from the server: \(error)")
        }
        if state == .closed { return .closed }
        let rest = count - start - consumed
        if rest > 0 { memmove(buffer, buffer + start + consumed, rest) }
        count = rest
        return change
    }

    /// A state frame: counted with its wire size; its sequence number checked for gaps.
    @inline(__always)
    private func frame(_ payload: UnsafeRawBufferPointer, wireSize: Int) {
        if payload.first == 2 {
            overlayBytes += wireSize
            return
        }
        guard let sequence = StatePeek.sequence(payload) else { return }
        frames += 1
        if kernelTimestamps, readArrival > 0 {
            if lastFrameArrival > 0, readArrival > lastFrameArrival {
                longestArrivalGap = max(longestArrivalGap, readArrival - lastFrameArrival)
            }
            lastFrameArrival = readArrival
        }
        frameBytes += wireSize
        if hasSequence {
            let step = sequence &- lastSequence
            if step > 1 && step < 0x8000_0000 { gaps += Int(step - 1) }
        }
        lastSequence = sequence
        hasSequence = true
        if watchesRest && StatePeek.allItemsAtRest(payload) { sawRest = true }
        if let gesture = pendingGesture { checkGesture(gesture, payload) }
    }

    /// Whether the frame shows the pending gesture: fixture-orbit's two items stand opposite
    /// each other about its centre, so their midpoint is where the last pan put it.
    private func checkGesture(_ gesture: (x: Float, y: Float, sentAt: UInt64), _ payload: UnsafeRawBufferPointer) {
        guard let a = StatePeek.itemCenter(payload, at: 0), let b = StatePeek.itemCenter(payload, at: 1),
            abs((a.x + b.x) / 2 - gesture.x) < 0.01, abs((a.y + b.y) / 2 - gesture.y) < 0.01
        else { return }
        pendingGesture = nil
        let now = monotonicNanoseconds()
        if now >= gesture.sentAt { roundTrips.gestureMilliseconds.append(Double(now - gesture.sentAt) / 1e6) }
    }

    /// A text message: a `pong` is timed, the first `welcome` noted. True for that welcome.
    private func text(_ payload: UnsafeRawBufferPointer) -> Bool {
        if let sent = MessagePeek.pongID(payload) {
            let now = monotonicNanoseconds()
            if now >= sent { roundTrips.milliseconds.append(Double(now - sent) / 1e6) }
            return false
        }
        if !welcomed, MessagePeek.isType("welcome", payload) {
            welcomed = true
            if wantsRoomCode,
                let json = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]
            {
                roomCode = json["code"] as? String
            }
            return true
        }
        if MessagePeek.isType("error", payload) { lastError = String(decoding: payload, as: UTF8.self) }
        return false
    }

    // MARK: Sending

    private func maskKey() -> UInt32 { UInt32.random(in: 0...UInt32.max, using: &generator) }

    /// The protocol's `ping`, its id the time it was sent.
    func ping() {
        guard state == .open else { return }
        send(ClientFrame.ping(id: monotonicNanoseconds(), maskKey: maskKey()))
    }

    /// A `pan` (phase `changed`) to (x, y), timed until a frame shows it: in fixture-orbit a pan
    /// moves the centre the two items circle, from the room's next tick on. A gesture still
    /// unseen is replaced (and not counted).
    func pan(x: Float, y: Float) {
        guard state == .open else { return }
        pendingGesture = (x, y, monotonicNanoseconds())
        send(text: #"{"type":"pan","phase":"changed","x":\#(x),"y":\#(y)}"#)
    }

    /// Sends one JSON text message (the protocol's `overlay` request, a gesture).
    func send(text: String) {
        guard state == .open else { return }
        send(ClientFrame.encode(opcode: WebSocketOpcode.text, payload: Array(text.utf8), maskKey: maskKey()))
    }

    /// Sends at once what the socket takes; queues the rest and watches for writes.
    private func send(_ bytes: [UInt8]) {
        guard state != .closed, state != .connecting else { return }
        if outbox.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent == bytes.count { return watch(writes: false) }
            if sent < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
                _ = fail(systemError("send"))
                return
            }
            outbox.append(contentsOf: bytes[max(0, sent)...])
        } else {
            outbox.append(contentsOf: bytes)
        }
        watch(writes: true)
    }

    private func flush() -> Change {
        while !outbox.isEmpty {
            let sent = outbox.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                outbox.removeFirst(sent)
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return .none
            } else if sent < 0, errno != EINTR {
                return fail(systemError("send"))
            }
        }
        watch(writes: false)
        return .none
    }

    private func watch(writes: Bool) {
        guard writes != watchingWrites, state != .closed else { return }
        watchingWrites = writes
        epoll.modify(fd, id: id, writes: writes)
    }

    // MARK: Closing

    private func shut() {
        guard state != .closed else { return }
        state = .closed
        epoll.remove(fd)
        Glibc.close(fd)
    }

    private func fail(_ why: String) -> Change {
        if failure == nil { failure = why }
        shut()
        return .closed
    }

    /// Says goodbye (close 1000) and closes the socket without waiting for the answer.
    func closeGracefully() {
        guard state == .open else { return shut() }
        send(ClientFrame.close(code: 1000, maskKey: maskKey()))
        shut()
    }

    /// Starts a new window: the counters go to zero, a gesture sent before it is not timed.
    func resetCounters() {
        pendingGesture = nil
        frames = 0
        frameBytes = 0
        overlayBytes = 0
        gaps = 0
    }
}

struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
