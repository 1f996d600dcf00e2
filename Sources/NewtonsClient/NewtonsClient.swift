import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOWebSocket
import Synchronization
import WebSocketKit

/// Why a client call failed.
public enum NewtonsClientError: Error, Sendable, CustomStringConvertible {
    /// Nothing matching arrived in time.
    case timedOut(String)
    /// The connection closed before anything matching arrived.
    case closed(code: Int?)
    /// The upgrade was refused or the connection could not be made.
    case connectFailed(String)

    public var description: String {
        switch self {
        case .timedOut(let what): "timed out waiting for \(what)"
        case .closed(let code): "connection closed (\(code.map(String.init) ?? "no code"))"
        case .connectFailed(let why): "could not connect: \(why)"
        }
    }
}

/// A client of the Newtons wire protocol (docs/protocol.md), for headless tests and load tests.
///
/// Built on swift-nio's WebSocket (through websocket-kit), not on the server's libwebsockets, so
/// the two sides check each other. Everything the server sends is decoded and queued in order:
/// `next`, `waitFor` and friends take from that queue. A load test that only counts frames
/// passes `keepEvents: false` and an `onEvent` callback instead.
///
/// ```swift
/// let client = try await NewtonsClient.connect(port: 8080, room: "gravity", name: "test")
/// let welcome = try await client.welcome()
/// try await client.tap(x: 180, y: 300)
/// let frame = try await client.waitForFrame { $0.items[0].y > 400 }
/// await client.close()
/// ```
public final class NewtonsClient: @unchecked Sendable {
    /// Where and how to connect.
    public struct Options: Sendable {
        public var host = "127.0.0.1"
        public var port = 8080
        /// `wss` instead of `ws`.
        public var tls = false
        /// Accept any certificate (a self-signed test certificate).
        public var insecureTLS = false
        public var path = "/ws"
        /// Query arguments, in order: `room`, `lesson`, `name`, `key`, or anything.
        public var query: [(String, String)] = []
        /// The subprotocol asked for; nil asks for none.
        public var subprotocol: String? = "newtons.v1"
        /// An `Origin` header, as a browser page would send.
        public var origin: String?
        /// Queue every event for `next` and `waitFor`.
        public var keepEvents = true
        /// Called on the connection's event loop for every event (before it is queued).
        public var onEvent: (@Sendable (ClientEvent) -> Void)?
        /// Called for every binary frame with its header only (no decoding of items).
        public var onFrameHeader: (@Sendable (StateFrameHeader, Int) -> Void)?
        /// Decode frames into `ClientEvent.frame` (turn off for load tests).
        public var decodeFrames = true
        /// Called with the bytes of every binary frame as it arrives (to compare exact bytes).
        public var onBinary: (@Sendable ([UInt8]) -> Void)?

        public init(host: String = "127.0.0.1", port: Int = 8080) {
            self.host = host
            self.port = port
        }
    }

    private let socket: WebSocket
    /// How long `close()` waits for the server's answer to its close before dropping the
    /// connection.
    public static let closeHandshakeSeconds: Int64 = 5
    private let options: Options
    private let ownsGroup: (any EventLoopGroup)?
    private let lock = NSLock()
    private var queue: [ClientEvent] = []
    private var queueHead = 0
    private var waiter: (id: Int, continuation: CheckedContinuation<ClientEvent, any Error>)?
    private var nextWaiterID = 0
    private var closedCode: Int??
    private var firstWelcome: Welcome?
    /// Whether the first welcome has been taken from the queue.
    private var welcomeTaken = false

    private init(socket: WebSocket, options: Options, ownsGroup: (any EventLoopGroup)?) {
        self.socket = socket
        self.options = options
        self.ownsGroup = ownsGroup
    }

    // MARK: Connecting

    /// Connects to a room (`room:` a lesson id or a class code) or opens a class room (`lesson:`).
    public static func connect(
        host: String = "127.0.0.1", port: Int, room: String? = nil, lesson: String? = nil, name: String? = nil,
        key: String? = nil, tls: Bool = false, insecureTLS: Bool = false, on group: (any EventLoopGroup)? = nil
    ) async throws -> NewtonsClient {
        var options = Options(host: host, port: port)
        options.tls = tls
        options.insecureTLS = insecureTLS
        if let room { options.query.append(("room", room)) }
        if let lesson { options.query.append(("lesson", lesson)) }
        if let name { options.query.append(("name", name)) }
        if let key { options.query.append(("key", key)) }
        return try await connect(options, on: group)
    }

    /// Connects with full control over the request.
    public static func connect(_ options: Options, on group: (any EventLoopGroup)? = nil) async throws -> NewtonsClient {
        let ownsGroup: (any EventLoopGroup)? = group == nil ? MultiThreadedEventLoopGroup(numberOfThreads: 1) : nil
        let eventLoopGroup = group ?? ownsGroup!
        var headers = HTTPHeaders()
        if let subprotocol = options.subprotocol { headers.add(name: "Sec-WebSocket-Protocol", value: subprotocol) }
        if let origin = options.origin { headers.add(name: "Origin", value: origin) }
        var configuration = WebSocketClient.Configuration(maxFrameSize: 1 << 24)
        if options.tls {
            var tls = TLSConfiguration.makeClientConfiguration()
            if options.insecureTLS { tls.certificateVerification = .none }
            configuration.tlsConfiguration = tls
        }
        let query = options.query.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
        let upgraded = eventLoopGroup.any().makePromise(of: NewtonsClient.self)
        let future = WebSocket.connect(
            scheme: options.tls ? "wss" : "ws", host: options.host, port: options.port, path: options.path,
            query: query.isEmpty ? nil : query, headers: headers, configuration: configuration, on: eventLoopGroup
        ) { socket in
            let client = NewtonsClient(socket: socket, options: options, ownsGroup: ownsGroup)
            client.attach()
            upgraded.succeed(client)
        }
        future.whenFailure { upgraded.fail($0) }
        do {
            return try await upgraded.futureResult.get()
        } catch {
            try? await ownsGroup?.shutdownGracefully()
            throw NewtonsClientError.connectFailed("\(error)")
        }
    }

    private static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private func attach() {
        socket.onText { [weak self] _, text in
            guard let self else { return }
            guard let json = JSON(parsing: text), let type = json["type"]?.string else { return }
            self.deliver(.message(ServerMessage(type: type, json: json)))
        }
        socket.onBinary { [weak self] _, buffer in
            guard let self else { return }
            let view = buffer.readableBytesView
            if let onFrameHeader = self.options.onFrameHeader, let header = StateFrameHeader(view) {
                onFrameHeader(header, view.count)
            }
            self.options.onBinary?(Array(view))
            guard self.options.decodeFrames else { return }
            if let frame = StateFrame(Array(view)) {
                self.deliver(.frame(frame))
            } else if let overlay = OverlayFrame(Array(view)) {
                self.deliver(.overlay(overlay))
            }
        }
        socket.onClose.whenComplete { [weak self] _ in
            guard let self else { return }
            self.deliver(.closed(code: self.socket.closeCode.map(Self.number(of:))))
        }
    }

    private static func number(of code: WebSocketErrorCode) -> Int {
        switch code {
        case .normalClosure: 1000
        case .goingAway: 1001
        case .protocolError: 1002
        case .unacceptableData: 1003
        case .dataInconsistentWithMessage: 1007
        case .policyViolation: 1008
        case .messageTooLarge: 1009
        case .missingExtension: 1010
        case .unexpectedServerError: 1011
        case .unknown(let value): Int(value)
        }
    }

    private func deliver(_ event: ClientEvent) {
        options.onEvent?(event)
        lock.lock()
        if case .closed(let code) = event {
            if closedCode != nil {
                lock.unlock()
                return
            }
            closedCode = .some(code)
        }
        if case .message(let message) = event, firstWelcome == nil, let welcome = Welcome(message) {
            firstWelcome = welcome
        }
        if let waiter {
            self.waiter = nil
            if case .message(let message) = event, message.type == "welcome" { welcomeTaken = true }
            lock.unlock()
            waiter.continuation.resume(returning: event)
            return
        }
        if options.keepEvents || event.isClosed { queue.append(event) }
        lock.unlock()
    }

    // MARK: Receiving

    /// The next event, in the order the server sent them.
    public func next(timeout: Duration = .seconds(5)) async throws -> ClientEvent {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if queueHead < queue.count {
                let event = queue[queueHead]
                queueHead += 1
                if case .message(let message) = event, message.type == "welcome" { welcomeTaken = true }
                if queueHead > 1024 {
                    queue.removeFirst(queueHead)
                    queueHead = 0
                }
                lock.unlock()
                continuation.resume(returning: event)
                return
            }
            nextWaiterID += 1
            let id = nextWaiterID
            waiter = (id, continuation)
            lock.unlock()
            socket.eventLoop.scheduleTask(in: .nanoseconds(Int64(timeout.nanoseconds))) { [weak self] in
                guard let self else { return }
                self.lock.lock()
                guard let waiter = self.waiter, waiter.id == id else {
                    self.lock.unlock()
                    return
                }
                self.waiter = nil
                self.lock.unlock()
                waiter.continuation.resume(throwing: NewtonsClientError.timedOut("an event"))
            }
        }
    }

    /// Takes events until `match` returns a value, and returns it. Events before it are dropped.
    /// Throws when the connection closes first (unless `match` accepts the close) or on timeout.
    public func waitFor<T>(
        _ what: String = "a matching event", timeout: Duration = .seconds(5), _ match: (ClientEvent) -> T?
    ) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw NewtonsClientError.timedOut(what) }
            let event: ClientEvent
            do {
                event = try await next(timeout: remaining)
            } catch NewtonsClientError.timedOut {
                throw NewtonsClientError.timedOut(what)
            }
            if let value = match(event) { return value }
            if case .closed(let code) = event {
                lock.withLock {
                    queue.insert(event, at: queueHead)
                }
                throw NewtonsClientError.closed(code: code)
            }
        }
    }

    /// The first `welcome` of the connection: taken from the queue (waiting for it if it has
    /// not come yet), or, once taken, the same again.
    public func welcome(timeout: Duration = .seconds(5)) async throws -> Welcome {
        if let welcome = lock.withLock({ welcomeTaken ? firstWelcome : nil }) { return welcome }
        return try await waitFor("welcome", timeout: timeout) { $0.message.flatMap(Welcome.init) }
    }

    /// Waits for the next JSON message of that type (and, if given, matching `where`).
    public func waitForMessage(
        _ type: String, timeout: Duration = .seconds(5), where condition: (ServerMessage) -> Bool = { _ in true }
    ) async throws -> ServerMessage {
        try await waitFor("a \(type) message", timeout: timeout) { event in
            guard let message = event.message, message.type == type, condition(message) else { return nil }
            return message
        }
    }

    /// Waits for an `error` message with that code.
    public func waitForError(_ code: String, timeout: Duration = .seconds(5)) async throws -> ServerMessage {
        try await waitForMessage("error", timeout: timeout) { $0.errorCode == code }
    }

    /// Waits for the next overlay frame matching `condition` (after an `overlay` request).
    public func waitForOverlay(
        timeout: Duration = .seconds(5), where condition: (OverlayFrame) -> Bool = { _ in true }
    ) async throws -> OverlayFrame {
        try await waitFor("an overlay frame", timeout: timeout) { event in
            guard case .overlay(let overlay) = event, condition(overlay) else { return nil }
            return overlay
        }
    }

    /// Waits for the next state frame matching `condition`.
    public func waitForFrame(
        timeout: Duration = .seconds(5), where condition: (StateFrame) -> Bool = { _ in true }
    ) async throws -> StateFrame {
        try await waitFor("a state frame", timeout: timeout) { event in
            guard let frame = event.frame, condition(frame) else { return nil }
            return frame
        }
    }

    /// Waits for the connection to close, and returns the server's close code.
    public func waitForClose(timeout: Duration = .seconds(5)) async throws -> Int? {
        try await waitFor("the close", timeout: timeout) { event -> Int?? in
            if case .closed(let code) = event { return .some(code) }
            return nil
        }
    }

    /// The close code, once closed (nil inside while open; `.some(nil)` for a close without code).
    public var closeCode: Int?? { lock.withLock { closedCode } }

    /// Drops every queued event.
    public func discardQueued() {
        lock.withLock {
            queue.removeAll()
            queueHead = 0
        }
    }

    // MARK: Sending

    /// Sends one JSON message built from `fields`, `type` first (the server lets a `code` or
    /// `assist` message that starts with its type carry a whole lesson's source).
    public func send(_ type: String, _ fields: [String: any Sendable] = [:]) async throws {
        var object: [String: Any] = [:]
        for (key, value) in fields where key != "type" { object[key] = value }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let typeJSON = String(decoding: try JSONSerialization.data(withJSONObject: [type], options: []), as: UTF8.self).dropFirst().dropLast()
        let rest = String(decoding: data, as: UTF8.self).dropFirst()
        try await sendText("{\"type\":\(typeJSON)" + (rest == "}" ? "}" : "," + rest))
    }

    /// Asks about a source as the editor does (`assist`): `complete` or `help` at a 1-based
    /// line and UTF-16 column, `check`, or `values`; the answer is the `assist` message with this `id`.
    public func assist(_ ask: String, source: String, line: Int = 1, column: Int = 1, id: String = "assist") async throws {
        try await send("assist", ["ask": ask, "source": source, "line": line, "column": column, "id": id])
    }

    /// Sends raw text, exactly as given (for tests of bad input).
    public func sendText(_ text: String) async throws {
        try await socket.send(text)
    }

    /// Sends several texts back to back from the socket's own event loop, with no wait between
    /// them: a burst that arrives as fast as the connection carries it, however loaded the
    /// machine (for tests of the rate limit).
    public func sendBurst(_ texts: [String]) async throws {
        guard let last = texts.last else { return }
        let promise = socket.eventLoop.makePromise(of: Void.self)
        let socket = self.socket
        socket.eventLoop.execute {
            for text in texts.dropLast() { socket.send(text, promise: nil) }
            socket.send(last, promise: promise)
        }
        try await promise.futureResult.get()
    }

    /// The kind of a raw frame.
    public enum RawOpcode: Sendable {
        case text, binary, continuation
    }

    /// Sends one raw frame: any bytes (invalid UTF-8 in a text frame, binary, fragments, …).
    public func sendRaw(_ bytes: [UInt8], opcode: RawOpcode, fin: Bool = true) async throws {
        let promise = socket.eventLoop.makePromise(of: Void.self)
        let code: WebSocketOpcode =
            switch opcode {
            case .text: .text
            case .binary: .binary
            case .continuation: .continuation
            }
        socket.send(raw: bytes, opcode: code, fin: fin, promise: promise)
        try await promise.futureResult.get()
    }

    public func tap(x: Double, y: Double) async throws {
        try await send("tap", ["x": x, "y": y])
    }

    public func pan(_ phase: String, x: Double, y: Double) async throws {
        try await send("pan", ["phase": phase, "x": x, "y": y])
    }

    public func push(x: Double, y: Double, dx: Double? = nil, dy: Double? = nil) async throws {
        var fields: [String: any Sendable] = ["x": x, "y": y]
        if let dx, let dy {
            fields["dx"] = dx
            fields["dy"] = dy
        }
        try await send("push", fields)
    }

    public func reset() async throws {
        try await send("reset")
    }

    public func set(_ param: String, to value: Double) async throws {
        try await send("set", ["param": param, "value": value])
    }

    public func claim(key: String) async throws {
        try await send("claim", ["key": key])
    }

    /// An instructor's `control`: `pause`, `resume`, `step` (`ticks`), `speed` (`value`), `seek`
    /// (`time`), `play`, `live`, `lock`, `unlock`, `give`, `lesson`.
    public func control(
        _ action: String, lesson: String? = nil, member: Int?? = nil, value: Double? = nil, time: Double? = nil,
        ticks: Int? = nil
    ) async throws {
        var fields: [String: any Sendable] = ["action": action]
        if let lesson { fields["lesson"] = lesson }
        if let value { fields["value"] = value }
        if let time { fields["time"] = time }
        if let ticks { fields["ticks"] = ticks }
        if let member { fields["member"] = member.map { $0 as any Sendable } ?? NSNull() }
        try await send("control", fields)
    }

    public func ping(id: String) async throws {
        try await send("ping", ["id": id])
    }

    /// Closes the connection (1000) and waits for it to end.
    public func close() async {
        if closeCode == nil {
            // A server that never answers the close (or a connection that went silent) would
            // hold the caller for ever: after `closeHandshakeSeconds` it stops waiting (a client
            // that owns its event loops closes the connection with them).
            let eventLoop = socket.eventLoop
            let closed = eventLoop.makePromise(of: Void.self)
            socket.close(code: .normalClosure, promise: closed)
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumed = Mutex(false)
                let resumeOnce = { if !resumed.withLock({ was in defer { was = true }; return was }) { continuation.resume() } }
                let giveUp = eventLoop.scheduleTask(in: .seconds(Self.closeHandshakeSeconds)) { resumeOnce() }
                closed.futureResult.whenComplete { _ in
                    giveUp.cancel()
                    resumeOnce()
                }
            }
        }
        if let ownsGroup { try? await ownsGroup.shutdownGracefully() }
    }
}

extension ClientEvent {
    fileprivate var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }
}

extension Duration {
    fileprivate var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
