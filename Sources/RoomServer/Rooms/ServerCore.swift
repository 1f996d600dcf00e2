import Foundation
import Logging

/// What the transport should write next to one connection.
public enum WriteAction {
    /// Write this message (text or binary as the buffer says).
    case send(WireBuffer)
    /// Send a close frame with this code and reason, then drop the connection.
    case close(code: UInt16, reason: String)
    /// Nothing is due (libwebsockets sends spurious writeable callbacks).
    case nothing
}

/// Every room and every connection of one server, without sockets.
///
/// The transport feeds it what happened (a connection opened, a message arrived, a socket can
/// take a write, a connection closed, time passed) and performs what it asks for: connections to
/// call back when writeable (`takeWriteRequests`) and connections to drop at once (`takeKills`).
/// Time is an input in microseconds of a monotonic clock. One worker's thread only.
///
/// With several workers, each has its own core owning a share of the rooms (`WorkerRouting`
/// says which); the counts behind the server-wide limits live in the shared `ServerLedger`.
public final class ServerCore {
    public let limits: ServerLimits
    public let directory: LessonDirectory
    /// Compiles code that members run in their class rooms (nil: running code is refused).
    public let compiler: LessonCompiler?
    public let metrics: ServerMetrics
    public let ledger: ServerLedger
    /// This core's worker (0 ..< ledger.routing.workers).
    public let worker: Int
    public var logger: Logger

    public private(set) var sessions: [ConnectionID: Session] = [:]
    /// Lesson rooms by room id (`snap`, `snap-2`): each lesson's public room, opened on first
    /// join and kept (an empty room costs nothing), and its extra instances, closed when empty.
    public private(set) var lessonRooms: [String: Room] = [:]
    private var instances: [String: LessonInstance] = [:]
    /// Class rooms by code.
    public internal(set) var classRooms: [String: Room] = [:]
    public private(set) var isShuttingDown = false

    private var writeRequests: [ConnectionID] = []
    private var kills: [ConnectionID] = []
    /// Service-thread time spent running code, per address (`codeSecondsPerSecondPerAddress`): per
    /// worker, as each worker's service thread is what slow code holds up.
    var codeTime: AddressTimeShares
    /// Service-thread time spent replaying recordings, per address
    /// (`replaySecondsPerSecondPerAddress`): seeks, steps, seeks on their way.
    private var replayTime: AddressTimeShares
    private var deferredSessions: Set<ConnectionID> = []
    /// Connections waiting for a class asked of the store, by code (ServerCore+Store).
    var classWaits: [String: ClassWait] = [:]
    /// What the store's threads answered, taken on this worker's thread (`takeStoreAnswers`).
    public let storeAnswers = StoreAnswers()
    /// Connections owed an overlay frame once its interval has passed (see `nextWrite`).
    private var overlayWaiting: Set<ConnectionID> = []
    private var nextHousekeeping: Int64 = 0
    /// True when some room may need a tick (set by inputs, confirmed by `tick`).
    public internal(set) var mayHaveActiveRooms = false
    var random = SystemRandomNumberGenerator()
    /// Refusals are logged once per address and reason per interval, then summarised.
    public private(set) var refusals: RefusalLog
    /// Measures durations for metrics, in nanoseconds; injectable for tests.
    let clock: () -> Int64
    /// Unix seconds, for the expiry of class keys; injectable for tests.
    private let wallClock: () -> Int

    // The cluster (docs/scaling.md).
    /// Signs and checks class codes and keys (a secret of this node's own unless configured).
    public var tickets = ClassTickets.local()
    /// The nodes behind nginx and this node's name among them, when clustered: class rooms opened
    /// with `lesson=` get codes that nginx routes here.
    public var ring: NodeRing?
    public var nodeName: String?
    /// The other nodes' lesson rooms, merged into `/api/rooms`.
    public var peers: PeerRooms?

    /// Writes this worker's class rooms to the store, when the server has one (`--data`).
    public internal(set) var keeper: ClassKeeper?

    public init(
        directory: LessonDirectory, limits: ServerLimits = ServerLimits(), logger: Logger = Logger(label: "newtons"),
        ledger: ServerLedger? = nil, worker: Int = 0, board: MetricsBoard = MetricsBoard(),
        compiler: LessonCompiler? = nil, clock: @escaping () -> Int64 = monotonicNanoseconds,
        wallClock: @escaping () -> Int = { Int(Date().timeIntervalSince1970) }
    ) {
        self.wallClock = wallClock
        self.directory = directory
        self.compiler = compiler
        self.limits = limits
        codeTime = AddressTimeShares(perSecond: limits.codeSecondsPerSecondPerAddress)
        replayTime = AddressTimeShares(perSecond: limits.replaySecondsPerSecondPerAddress)
        self.logger = logger
        self.clock = clock
        self.ledger = ledger ?? ServerLedger(limits: limits)
        self.worker = worker
        metrics = ServerMetrics(board: board, slot: worker)
        refusals = RefusalLog(intervalSeconds: limits.logSummarySeconds)
    }

    // MARK: Connections

    /// A WebSocket connection was accepted: join it to the room it asks for, or refuse it with an
    /// `error` and a close code. The welcome (or the refusal) is queued. `instance` is the lesson
    /// instance the acceptor promised a seat in, when the request named a lesson's public room.
    public func open(
        connection: ConnectionID, address: String, request: ConnectRequest, instance promised: LessonInstance? = nil,
        now: Int64
    ) {
        let session = Session(id: connection, address: address, name: request.name, now: now, limits: limits)
        sessions[connection] = session
        let counts = ledger.connect(address: address, worker: worker)
        metrics.counts.connectionsOpened += 1

        if isShuttingDown {
            refuse(session, ProtocolError(.full, "the server is shutting down"), close: CloseCode.goingAway, now: now)
            return
        }
        if counts.total > limits.maxClients {
            refuse(session, ProtocolError(.full, "the server is full; try again later"), now: now)
            return
        }
        if counts.fromAddress > limits.maxConnectionsPerAddress {
            refuse(session, ProtocolError(.full, "too many connections from your address"), now: now)
            return
        }
        switch request.target {
        case .missing:
            refuse(
                session, ProtocolError(.unknownRoom, "say which room: ?room=<lesson or code> or ?lesson=<lesson>"),
                close: CloseCode.unknownRoom, now: now)
        case .newRoom(let lessonID):
            openClassRoom(lessonID: lessonID, for: session, request: request, now: now)
        case .room(let name):
            if let asked = LessonInstance.parse(name, directory: directory, maxInstances: ledger.maxInstances),
                let entry = directory.entry(withID: asked.lesson)
            {
                // A lesson's public room by its plain id overflows into its next instances.
                let instance =
                    asked.number > 1 ? asked
                    : promised.flatMap { $0.lesson == asked.lesson ? $0 : nil }
                        ?? ledger.promiseSeat(lesson: asked.lesson, now: now)
                guard ledger.routing.worker(lesson: instance.lesson, instance: instance.number) == worker else {
                    refuse(session, ProtocolError(.full, "room \(instance.roomID) is busy; try again"), now: now)
                    return
                }
                let room = lessonRooms[instance.roomID] ?? makeLessonRoom(entry, instance: instance, now: now)
                join(session, to: room, request: request, asOpener: false, now: now)
            } else if let code = RoomCode.normalize(name), let room = classRooms[code] {
                join(session, to: room, request: request, asOpener: false, now: now)
            } else if let code = RoomCode.normalize(name), keeper != nil {
                // Kept in the store (closed here, or held by a node that stopped)? Asked off the thread.
                awaitStoredClass(code, session: session, request: request, now: now)
            } else if let code = RoomCode.normalize(name), let key = request.key {
                openTicketedClassRoom(code: code, key: key, for: session, request: request, now: now)
            } else {
                refuseUnknownRoom(session, name: name, now: now)
            }
        }
    }

    private func makeLessonRoom(_ entry: LessonDirectory.Entry, instance: LessonInstance, now: Int64) -> Room {
        let room = Room(
            id: instance.roomID, kind: .lesson, lesson: entry, directory: directory, limits: limits, compiler: compiler,
            now: now, random: &random)
        lessonRooms[instance.roomID] = room
        instances[instance.roomID] = instance
        ledger.setSeats(instance, members: 0)
        if instance.number > 1 { logger.info("room \(instance.roomID) opened: \(entry.info.id) is full") }
        return room
    }

    /// The first connection to a class made by `POST /api/classes` (here or on another node):
    /// its key, checked with the cluster's secret, says the lesson; the room opens here.
    func openTicketedClassRoom(
        code: String, key: String, for session: Session, request: ConnectRequest, now: Int64
    ) {
        switch tickets.check(code: code, key: key, now: wallClock()) {
        case .valid(let lesson):
            openClassRoom(lessonID: lesson, code: code, key: key, for: session, request: request, now: now)
        case .expired:
            refuse(
                session, ProtocolError(.forbidden, "the key of class \(code) has expired; open a new class"),
                close: CloseCode.forbidden, now: now)
        case .forged:
            refuse(
                session, ProtocolError(.forbidden, "that key does not open class \(code)"),
                close: CloseCode.forbidden, now: now)
        }
    }

    /// A new class for `POST /api/classes`: a code and its signed key. No room opens until the
    /// first connection with both (on whichever node nginx sends the code to).
    public func issueClass(lessonID: String) -> Result<(code: String, key: String), ProtocolError> {
        guard directory.entry(withID: lessonID) != nil else {
            return .failure(ProtocolError(.unknownRoom, "no lesson named \(lessonID.prefix(64))"))
        }
        guard lessonID.utf8.count <= 31 else {
            return .failure(ProtocolError(.badValue, "lesson ids of classes are at most 31 characters"))
        }
        var code = RoomCode.make(using: &random)
        while classRooms[code] != nil { code = RoomCode.make(using: &random) }
        return .success((code, tickets.key(code: code, lesson: lessonID, now: wallClock())))
    }

    private func openClassRoom(
        lessonID: String, code given: String? = nil, key: String? = nil, for session: Session, request: ConnectRequest,
        now: Int64
    ) {
        guard let entry = directory.entry(withID: lessonID) else {
            refuse(
                session, ProtocolError(.unknownRoom, "no lesson named \(lessonID.prefix(64))"),
                close: CloseCode.unknownRoom, now: now)
            return
        }
        if let refusal = ledger.openClassRoom(address: session.address) {
            refuse(session, ProtocolError(.full, refusal), now: now)
            return
        }
        let code = given ?? freshCode()
        let room = Room(
            id: code, kind: .classRoom(code: code), lesson: entry, directory: directory, limits: limits,
            openerAddress: session.address, compiler: compiler, instructorKey: key, now: now, random: &random)
        classRooms[code] = room
        logger.info("room \(code) opened: lesson \(lessonID), by \(session.address)")
        join(session, to: room, request: request, asOpener: true, now: now)
    }

    /// A code no room has, that names this worker (WorkerRouting, so students reach the room it
    /// lives in) and, in a cluster, that nginx's hash sends to this node (about one try in N for N
    /// nodes).
    func freshCode() -> String {
        while true {
            let code = RoomCode.make(using: &random)
            guard classRooms[code] == nil, ledger.routing.worker(code: code) == worker else { continue }
            if let ring, let nodeName, ring.node(for: code) != nodeName { continue }
            return code
        }
    }

    func join(_ session: Session, to room: Room, request: ConnectRequest, asOpener: Bool, now: Int64) {
        guard room.members.count < limits.maxClientsPerRoom else {
            refuse(session, ProtocolError(.full, "room \(room.id) is full; try again later"), now: now)
            return
        }
        session.room = room
        session.roomID = room.id
        let outputs = room.join(
            connection: session.id, name: request.name, asOpener: asOpener, key: request.key, now: now)
        if let instance = instances[room.id] { ledger.setSeats(instance, members: room.members.count, joined: true) }
        perform(outputs, in: room, now: now)
        requestWrite(session, now: now)
        mayHaveActiveRooms = true
        let member = room.member(for: session.id)
        logger.debug(
            "connection \(session.id) opened: room \(room.id) (\(room.isClassRoom ? "class" : "lesson") room), \(member?.role.rawValue ?? "?") \"\(member?.name ?? "")\", from \(session.address)"
        )
    }

    /// `charged`: the address already paid for asking (the store was asked for the code).
    func refuseUnknownRoom(_ session: Session, name: String, charged: Bool = false, now: Int64) {
        guard charged || ledger.takeUnknownRoom(address: session.address, now: now) else {
            refuse(
                session, ProtocolError(.rateLimited, "too many unknown rooms asked for from your address; wait a minute"),
                close: CloseCode.tooManyRequests, now: now)
            return
        }
        let error = ProtocolError(.unknownRoom, "no room \(name.prefix(64))")
        metrics.countRejected(error.code.rawValue)
        logRefusal(address: session.address, reason: "unknown-room", now: now,
            "connection \(session.id) refused: unknown room \"\(name.prefix(64))\", from \(session.address)")
        session.closeReason = "unknown room"
        session.deferred = (
            at: now + Int64(limits.unknownRoomDelaySeconds * 1e6), messages: [ServerMessage.error(error)],
            close: (CloseCode.unknownRoom, "unknown room")
        )
        deferredSessions.insert(session.id)
    }

    /// Queues an `error` and a close for a connection that cannot join.
    func refuse(
        _ session: Session, _ error: ProtocolError, close code: UInt16 = CloseCode.tryAgainLater, now: Int64
    ) {
        metrics.countRejected(error.code.rawValue)
        logRefusal(address: session.address, reason: error.code.rawValue, now: now,
            "connection \(session.id) refused: \(error.code.rawValue): \(error.message), from \(session.address)")
        session.closeReason = "refused: \(error.code.rawValue)"
        session.enqueue(ServerMessage.error(error))
        session.pendingClose = (code, error.code.rawValue)
        requestWrite(session, now: now)
    }

    /// Logs a refusal in full if it is the first of its address and reason in this interval;
    /// otherwise only counts it for the interval's summary (see `RefusalLog`).
    public func logRefusal(address: String, reason: String, now: Int64, _ line: @autoclosure () -> String) {
        if refusals.note(address: address, reason: reason, now: now) { logger.notice("\(line())") }
    }

    /// A complete text message arrived from a connection.
    public func receive(connection: ConnectionID, text: [UInt8], now: Int64) {
        guard let session = sessions[connection], session.pendingClose == nil, session.deferred == nil else { return }
        guard session.rateBucket.take(now: now) else {
            metrics.countRejected(ErrorCode.rateLimited.rawValue)
            // One notice a second at most: the error must not become a flood of its own.
            if session.lastRateLimitNotice.map({ now - $0 >= 1_000_000 }) ?? true {
                session.lastRateLimitNotice = now
                sendError(ProtocolError(.rateLimited, "more than \(limits.messagesPerSecond) messages in one second; the excess is dropped"), to: session, now: now)
            }
            return
        }
        let message: ClientMessage
        switch ClientMessage.parse(text) {
        case .success(let parsed):
            message = parsed
        case .failure(let error):
            metrics.counts.messagesIn["invalid", default: 0] += 1
            metrics.countRejected(error.code.rawValue)
            sendError(error, to: session, now: now)
            return
        }
        metrics.counts.messagesIn[message.typeName, default: 0] += 1
        guard let room = session.room else { return }
        if case .overlay(let kinds, let rate) = message {
            return askForOverlays(kinds, rate: rate, session: session, now: now)
        }
        if case .assist(let request) = message { return answer(request, from: session, now: now) }
        switch handle(message, in: room, from: session, now: now) {
        case .success(let outputs):
            perform(outputs, in: room, now: now)
            mayHaveActiveRooms = true
        case .failure(let error):
            metrics.countRejected(error.code.rawValue)
            sendError(error, to: session, now: now)
        }
    }

    /// Hands a message to its room; running code is charged to its sender's address in
    /// service-thread seconds, so that code that never ends (up to the interpreter's budget)
    /// cannot keep every room of the server waiting.
    private func handle(
        _ message: ClientMessage, in room: Room, from session: Session, now: Int64
    ) -> Result<[RoomOutput], ProtocolError> {
        if case .control(let action) = message, action.mayReplay {
            guard replayTime.hasTime(session.address, now: now) else {
                return .failure(
                    ProtocolError(
                        .rateLimited, "replaying the recording for your address took the server a long time; wait a few seconds"))
            }
            let started = threadCPUNanoseconds()
            let result = room.handle(message, from: session.id, now: now)
            replayTime.charge(threadCPUNanoseconds() - started, to: session.address, now: now)
            if room.seekTarget != nil { room.seekChargedTo = session.address }
            return result
        }
        guard case .code = message else { return room.handle(message, from: session.id, now: now) }
        guard codeTime.hasTime(session.address, now: now) else {
            return .failure(
                ProtocolError(.rateLimited, "code from your address took the server a long time; wait a few seconds and Run again"))
        }
        let started = clock()
        let result = room.handle(message, from: session.id, now: now)
        codeTime.charge(clock() - started, to: session.address, now: now)
        return result
    }

    /// A client asks for overlay data: from now on, an overlay frame after the state frames,
    /// at most `rate` a second (the first at once). Each request may make the room measure,
    /// so requests are rate-limited on their own.
    private func askForOverlays(_ kinds: OverlayKinds, rate: Double, session: Session, now: Int64) {
        guard session.overlayBucket.take(now: now) else {
            metrics.countRejected(ErrorCode.rateLimited.rawValue)
            return sendError(
                ProtocolError(
                    .rateLimited,
                    "overlay requests are limited to \(Int(limits.overlayRequestsPerSecond)) a second; this one was not applied"),
                to: session, now: now)
        }
        session.overlayKinds = kinds
        session.overlayInterval = Int64(1e6 / rate)
        session.lastOverlayAt = nil
        session.lastOverlaySequence = nil
        if !kinds.isEmpty { requestWrite(session, now: now) }
    }

    /// The transport closes a connection for a protocol violation (too big, binary): count it.
    public func noteViolation(connection: ConnectionID, reason: String, detail: String) {
        metrics.countRejected(reason)
        guard let session = sessions[connection] else { return }
        session.closeReason = detail
    }

    /// The peer sent a close frame.
    public func notePeerClose(connection: ConnectionID, code: UInt16) {
        guard let session = sessions[connection], session.closeReason == nil else { return }
        session.closeReason = "closed by the client (\(code))"
    }

    /// A connection is gone, for whatever reason.
    public func closed(connection: ConnectionID, now: Int64) {
        guard let session = sessions.removeValue(forKey: connection) else { return }
        deferredSessions.remove(connection)
        overlayWaiting.remove(connection)
        ledger.disconnect(address: session.address, worker: worker)
        if let room = session.room {
            perform(room.leave(connection: connection, now: now), in: room, now: now)
            if let instance = instances[room.id] { ledger.setSeats(instance, members: room.members.count) }
            logger.debug(
                "connection \(connection) closed: room \(room.id), \(session.closeReason ?? "connection dropped"), after \((now - session.openedAt) / 1_000_000) s"
            )
        } else {
            logger.debug("connection \(connection) closed without a room: \(session.closeReason ?? "connection dropped")")
        }
    }

    // MARK: Writing

    /// What to write to a connection now that its socket can take it: reliable messages first,
    /// then a close, then the room's newest frame if it has not had it. `moreDue` asks for
    /// another writeable callback. `outsideCallback`: the transport writes at once, outside the
    /// connection's own callback, where it cannot send a close: a close that is next stays
    /// pending and is said to be due instead.
    public func nextWrite(
        connection: ConnectionID, now: Int64, outsideCallback: Bool = false
    ) -> (action: WriteAction, moreDue: Bool) {
        guard let session = sessions[connection] else { return (.nothing, false) }
        if session.queuedCount == 0, let close = session.pendingClose {
            if outsideCallback { return (.nothing, true) }
            session.writeRequested = false
            session.pendingClose = nil
            if session.closeReason == nil { session.closeReason = "closed by the server (\(close.code))" }
            return (.close(code: close.code, reason: close.reason), false)
        }
        session.writeRequested = false
        var action = WriteAction.nothing
        if let message = session.dequeue() {
            action = .send(message)
            metrics.counts.messagesOut += 1
            metrics.counts.bytesSent += message.count
        } else if let room = session.room, session.lastFrameSequence != room.frameSequence {
            let frame = room.newestFrame
            session.lastFrameSequence = room.frameSequence
            action = .send(frame)
            metrics.counts.framesSent += 1
            metrics.counts.bytesSent += frame.count
        } else if let room = session.room, session.overlayDue(in: room, now: now) {
            // After its state frame: the page draws the overlay on the frame it belongs to.
            let frame = room.overlayFrame(session.overlayKinds)
            session.lastOverlaySequence = room.frameSequence
            session.lastOverlayAt = now
            action = .send(frame)
            metrics.counts.bytesSent += frame.count
        }
        var more = session.hasSomethingDue
        if let room = session.room, !session.overlayKinds.isEmpty, session.lastOverlaySequence != room.frameSequence {
            // An overlay frame is owed: now, or when its interval has passed (the room may
            // have come to rest meanwhile: the last frame's overlay must still go out).
            if session.overlayDue(in: room, now: now) { more = true } else { overlayWaiting.insert(session.id) }
        }
        if more {
            session.waitingSince = now
            session.writeRequested = true
        } else {
            session.waitingSince = nil
        }
        return (action, more)
    }

    func requestWrite(_ session: Session, now: Int64) {
        if session.waitingSince == nil { session.waitingSince = now }
        guard !session.writeRequested else { return }
        session.writeRequested = true
        writeRequests.append(session.id)
    }

    func sendError(_ error: ProtocolError, to session: Session, now: Int64) {
        session.enqueue(ServerMessage.error(error))
        checkBacklog(session, now: now)
        requestWrite(session, now: now)
    }

    private func checkBacklog(_ session: Session, now: Int64) {
        guard session.queuedCount > limits.maxQueuedMessages || session.queuedBytes > limits.maxQueuedBytes,
            !kills.contains(session.id)
        else { return }
        metrics.countRejected("slow")
        session.closeReason = "too slow: \(session.queuedCount) messages (\(session.queuedBytes) bytes) waiting"
        logRefusal(address: session.address, reason: "slow", now: now,
            "connection \(session.id) dropped: too slow (\(session.queuedCount) messages, \(session.queuedBytes) bytes waiting)")
        kills.append(session.id)
    }

    private func perform(_ outputs: [RoomOutput], in room: Room, now: Int64) {
        for output in outputs {
            switch output {
            case .send(let connection, let message):
                guard let session = sessions[connection] else { continue }
                session.enqueue(message)
                checkBacklog(session, now: now)
                requestWrite(session, now: now)
            case .broadcast(let message):
                for member in room.members {
                    guard let session = sessions[member.connection] else { continue }
                    session.enqueue(message)
                    checkBacklog(session, now: now)
                    requestWrite(session, now: now)
                }
            case .sendExcept(let message, let excluded):
                for member in room.members where member.connection != excluded {
                    guard let session = sessions[member.connection] else { continue }
                    session.enqueue(message)
                    checkBacklog(session, now: now)
                    requestWrite(session, now: now)
                }
            case .sendFrame(let connection):
                guard let session = sessions[connection] else { continue }
                session.enqueue(room.newestFrame)
                session.lastFrameSequence = room.frameSequence
                requestWrite(session, now: now)
            case .frame:
                for member in room.members {
                    guard let session = sessions[member.connection] else { continue }
                    requestWrite(session, now: now)
                }
            }
        }
    }

    /// Connections to call back when writeable; each is listed once until it is written.
    public func takeWriteRequests() -> [ConnectionID] {
        defer { writeRequests.removeAll(keepingCapacity: true) }
        return writeRequests
    }

    /// Connections to drop at once, without a close handshake (too slow to take one).
    public func takeKills() -> [ConnectionID] {
        defer { kills.removeAll(keepingCapacity: true) }
        return kills
    }

    // MARK: Time

    /// One tick of the 60 Hz clock: every active room steps once and encodes its frame.
    /// Returns the number of rooms that stepped.
    @discardableResult
    public func tick(now: Int64) -> Int {
        let started = clock()
        var stepped = 0
        var stillActive = false
        for room in lessonRooms.values where room.isActive {
            stepped += 1
            tick(room, now: now)
            stillActive = stillActive || room.isActive
        }
        for room in classRooms.values where room.isActive {
            stepped += 1
            tick(room, now: now)
            stillActive = stillActive || room.isActive
        }
        mayHaveActiveRooms = stillActive
        if stepped > 0 { metrics.serviceTick.recordNanoseconds(clock() - started) }
        return stepped
    }

    private func tick(_ room: Room, now: Int64) {
        let started = clock()
        if room.seekTarget != nil, let address = room.seekChargedTo {
            // A seek on its way takes its slice only while its address has replay time left.
            guard replayTime.hasTime(address, now: now) else { return }
            let cpu = threadCPUNanoseconds()
            perform(room.tick(), in: room, now: now)
            replayTime.charge(threadCPUNanoseconds() - cpu, to: address, now: now)
        } else {
            perform(room.tick(), in: room, now: now)
        }
        metrics.roomTick.recordNanoseconds(clock() - started)
    }


    /// The next time `runTimers` has work, if any: a slow answer to send, a room or an
    /// instructor seat to expire, lagging clients to check (once a second while anyone is here).
    public func nextTimer() -> Int64? {
        var next: Int64?
        for id in deferredSessions {
            if let at = sessions[id]?.deferred?.at { next = min(next ?? at, at) }
        }
        for id in overlayWaiting {
            if let at = sessions[id]?.overlayDueAt { next = min(next ?? at, at) }
        }
        if !sessions.isEmpty || !classRooms.isEmpty {
            next = min(next ?? nextHousekeeping, nextHousekeeping)
        }
        if let keeper, !classRooms.isEmpty { next = min(next ?? keeper.nextWrite, keeper.nextWrite) }
        if let summary = refusals.nextSummary { next = min(next ?? summary, summary) }
        return next
    }

    /// Runs whatever is due by `now`: slow answers, lag checks, room and seat expiry.
    public func runTimers(now: Int64) {
        for id in deferredSessions {
            guard let session = sessions[id], let deferred = session.deferred, deferred.at <= now else { continue }
            session.deferred = nil
            deferredSessions.remove(id)
            for message in deferred.messages { session.enqueue(message) }
            session.pendingClose = deferred.close
            requestWrite(session, now: now)
        }
        for line in refusals.takeSummary(now: now) { logger.notice("\(line)") }
        if let keeper, now >= keeper.nextWrite { writeClasses(now: now) }
        for id in overlayWaiting {
            guard let session = sessions[id], let room = session.room, !session.overlayKinds.isEmpty,
                session.lastOverlaySequence != room.frameSequence
            else {
                overlayWaiting.remove(id)
                continue
            }
            guard session.overlayDue(in: room, now: now) else { continue }
            overlayWaiting.remove(id)
            requestWrite(session, now: now)
        }
        guard now >= nextHousekeeping else { return }
        nextHousekeeping = now + 1_000_000
        let lagLimit = Int64(limits.maxLagSeconds * 1e6)
        for session in sessions.values {
            guard let since = session.waitingSince, now - since > lagLimit, !kills.contains(session.id) else { continue }
            metrics.countRejected("slow")
            session.closeReason = "too slow: nothing taken for \((now - since) / 1_000_000) s"
            logRefusal(address: session.address, reason: "slow", now: now,
                "connection \(session.id) dropped: too slow (nothing taken for \((now - since) / 1000) ms)")
            kills.append(session.id)
        }
        let expiry = Int64(limits.roomExpirySeconds * 1e6)
        for (code, room) in classRooms {
            perform(room.expireInstructor(now: now), in: room, now: now)
            if let since = room.emptySince, now - since >= expiry {
                classRooms[code] = nil
                keeper?.noteClosed(code)
                if let opener = room.openerAddress { ledger.closeClassRoom(address: opener) }
                logger.info("room \(code) expired: empty for \(Int(limits.roomExpirySeconds)) s")
            }
        }
        codeTime.forgetIdle(now: now)
        replayTime.forgetIdle(now: now)
        // A lesson's extra instances close once empty; its first room stays.
        for (id, instance) in instances where instance.number > 1 {
            guard let room = lessonRooms[id], room.members.isEmpty else { continue }
            lessonRooms[id] = nil
            instances[id] = nil
            ledger.closeInstance(instance)
            logger.info("room \(id) closed: empty")
        }
        ledger.housekeeping(now: now)
        mayHaveActiveRooms = true
    }

    // MARK: Shutdown

    /// Closes every connection with 1001; no one may join from now on. With a shared store (a
    /// cluster) the node drains instead: every class is written and handed on first, and its
    /// clients are told to reconnect (1012), which nginx sends to the next node.
    @discardableResult
    public func beginShutdown(now: Int64) -> Bool {
        isShuttingDown = true
        let draining = handOnEveryClass()
        for session in sessions.values where session.pendingClose == nil {
            session.deferred = nil
            session.pendingClose =
                draining ? (CloseCode.serviceRestart, "node restarting; reconnect") : (CloseCode.goingAway, "server shutting down")
            session.closeReason = "server shutting down"
            requestWrite(session, now: now)
        }
        deferredSessions.removeAll()
        return draining
    }

    // MARK: Reports

    /// Rooms whose clock runs now.
    public var activeRoomCount: Int {
        lessonRooms.values.count(where: \.isActive) + classRooms.values.count(where: \.isActive)
    }

    /// Hands this core's counts to the shared metrics board.
    public func publishMetrics() {
        metrics.publish(
            rooms: lessonRooms.count + classRooms.count, classRooms: classRooms.count, activeRooms: activeRoomCount,
            clients: sessions.count)
    }

    /// `/metrics` in Prometheus text format, summed over every worker (this one's counts fresh,
    /// the others' as they last published them).
    public func renderMetrics() -> [UInt8] {
        publishMetrics()
        return metrics.board.render() + storeMetrics()
    }

    /// `/api/lessons`: one object per lesson, in lobby order.
    public func lessonsJSON() -> [UInt8] {
        WireJSON.encode(directory.entries.map { LessonRecord($0.info, hasGuide: $0.guides != nil) })
    }

    /// `/api/rooms`: every lesson's public room, each followed by its open extra instances, on
    /// whichever worker they live (class rooms are private and not listed); with `includingPeers`,
    /// the clients of the same rooms on the cluster's peers that answered lately are added.
    public func roomsJSON(includingPeers: Bool = true) -> [UInt8] {
        let elsewhere = includingPeers ? peers?.clientsByRoom() ?? [:] : [:]
        let open = ledger.openInstances()
        var extras: [String: [(number: Int, clients: Int)]] = [:]
        for (instance, clients) in open where instance.number > 1 {
            extras[instance.lesson, default: []].append((instance.number, clients))
        }
        var listings: [RoomListing] = []
        for entry in directory.entries {
            let id = entry.info.id
            let listed = [(1, open[LessonInstance(lesson: id, number: 1)] ?? 0)]
                + (extras[id] ?? []).sorted { $0.number < $1.number }.map { ($0.number, $0.clients) }
            for (number, clients) in listed {
                let room = LessonInstance(lesson: id, number: number).roomID
                listings.append(RoomListing(id: room, lesson: id, clients: clients + elsewhere[room, default: 0]))
            }
        }
        return WireJSON.encode(listings)
    }
}

/// Nanoseconds of CPU time the calling thread has used (time it waited for a core not
/// counted): what a loaded machine does not inflate, for the server's budgets and the benchmarks.
public func threadCPUNanoseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// Nanoseconds of the monotonic clock.
public func monotonicNanoseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}
