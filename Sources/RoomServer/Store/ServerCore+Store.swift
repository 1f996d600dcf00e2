import Foundation
import RoomStore

/// A worker's class rooms and the store (`newtons serve --data DIR`, docs/server.md).
extension ServerCore {
    /// Keeps this worker's class rooms in `store` from now on.
    public func useStore(_ store: RoomStore) {
        keeper = ClassKeeper(store: store)
    }

    /// Writes what changed in the class rooms now; the next write is due a flush interval on.
    public func writeClasses(now: Int64) {
        guard let keeper else { return }
        keeper.nextWrite = now + Int64(RoomStore.flushInterval * 1e6)
        keeper.write(classRooms)
    }

    /// Brings back the classes the store kept open (each on the worker its code names): live
    /// at the moment each had reached, or read-only where its recording no longer replays.
    /// Returns how many came back, and the read-only ones' reasons by code.
    @discardableResult
    public func restoreClasses(_ loaded: [LoadedClass], now: Int64) -> (restored: Int, readOnly: [String: String]) {
        var restored = 0
        var readOnly: [String: String] = [:]
        for stored in loaded {
            let code = stored.room.code
            guard RoomCode.normalize(code) == code, classRooms[code] == nil,
                let entry = directory.entry(withID: stored.room.lesson) ?? directory.entries.first
            else {
                logger.error("class \(code.prefix(16)) not brought back: its code or lesson \(stored.room.lesson.prefix(64)) is unknown here")
                continue
            }
            let room = Room(
                id: code, kind: .classRoom(code: code), lesson: entry, directory: directory, limits: limits,
                compiler: compiler, now: now, random: &random)
            do {
                let recording = try RecordingRows.recording(stored, directory: directory, budget: limits.recordingBudgetBytes)
                // Another engine's recording is judged by its hashes: the moment replays or not.
                room.restore(
                    recording: recording, paused: stored.room.paused, locked: stored.room.locked,
                    keyHash: stored.room.keyHash, guide: stored.room.guide)
            } catch {
                room.readOnlyReason = error.message
                room.restoredKeyHash = stored.room.keyHash
                room.instructorKey = nil
                room.paused = true
            }
            classRooms[code] = room
            keeper?.noteRestored(room, stored: stored.room)
            if let reason = room.readOnlyReason {
                readOnly[code] = reason
                logger.warning("class \(code) brought back read-only: \(reason)")
            } else {
                restored += 1
                logger.info("class \(code) brought back at \(Room.seconds(room.liveTick)) s: lesson \(room.lessonEntry.info.id)\(room.source == nil ? "" : " with edited code")")
            }
        }
        mayHaveActiveRooms = true
        return (restored, readOnly)
    }

    // MARK: Classes asked of the store

    /// A connection asks for class `code`, not open here: the store is asked for it on its own
    /// thread (SQLite: a class closed or kept from before; PostgreSQL: one another node held),
    /// and the connection waits. Every code asked costs its address like an unknown room, so a
    /// flood of made-up codes stays a flood of refusals, not of reads.
    func awaitStoredClass(_ code: String, session: Session, request: ConnectRequest, now: Int64) {
        guard let store = keeper?.store else { return }
        if classWaits[code] != nil {
            classWaits[code]?.waiting.append((session.id, request))
            return
        }
        guard classWaits.count < limits.maxRooms else {
            refuse(session, ProtocolError(.full, "the server is busy; try again"), now: now)
            return
        }
        guard ledger.takeUnknownRoom(address: session.address, now: now) else {
            refuse(
                session, ProtocolError(.rateLimited, "too many unknown rooms asked for from your address; wait a minute"),
                close: CloseCode.tooManyRequests, now: now)
            return
        }
        classWaits[code] = ClassWait(openOnly: request.key == nil, waiting: [(session.id, request)])
        ask(store, for: code, includeClosed: request.key != nil)
    }

    /// An instructor's key reopens a closed class; a student only joins one still open.
    private func ask(_ store: RoomStore, for code: String, includeClosed: Bool) {
        let answers = storeAnswers
        store.claim(code, includeClosed: includeClosed) { answers.push(.claimed(code, $0)) }
    }

    /// Takes what the store's threads answered: classes claimed (brought back here, and their
    /// waiting connections joined), classes to hand on. On this worker's thread.
    public func takeStoreAnswers(now: Int64) {
        for answer in storeAnswers.take() {
            switch answer {
            case .claimed(let code, let result): classClaimed(code, result, now: now)
            case .handOn(let codes): handOn(codes, now: now)
            }
        }
    }

    private func classClaimed(_ code: String, _ result: ClaimResult, now: Int64) {
        let wait = classWaits.removeValue(forKey: code)
        let waits = wait?.waiting ?? []
        // No open class, asked for a student; an instructor's key came meanwhile: a closed class
        // of that code is asked for before a new one is opened over its recording.
        if case .none = result, wait?.openOnly == true, waits.contains(where: { $0.request.key != nil }),
            let store = keeper?.store
        {
            classWaits[code] = ClassWait(openOnly: false, waiting: waits)
            ask(store, for: code, includeClosed: true)
            return
        }
        let waiting = waits.compactMap { wait in
            sessions[wait.session].flatMap { $0.room == nil && $0.pendingClose == nil ? ($0, wait.request) : nil }
        }
        if classRooms[code] == nil, case .loaded(let loaded) = result {
            restoreClasses([loaded], now: now)
        }
        for (session, request) in waiting {
            if let room = classRooms[code] {
                join(session, to: room, request: request, asOpener: false, now: now)
                continue
            }
            switch result {
            case .busy(let owner):
                refuse(
                    session, ProtocolError(.full, "class \(code) is still held by node \(owner.prefix(64)); try again"),
                    now: now)
            case .failed(let why):
                // Opening it afresh would write over its recording: the page tries again.
                logger.error("class \(code) could not be read from the store: \(why)")
                refuse(session, ProtocolError(.full, "class \(code) cannot be read from the store now; try again"), now: now)
            case .none, .loaded:
                if let key = request.key {
                    openTicketedClassRoom(code: code, key: key, for: session, request: request, now: now)
                } else {
                    refuseUnknownRoom(session, name: code, charged: true, now: now)
                }
            }
        }
    }

    /// Another node asked for these classes (or took them): their last moments are written,
    /// they are handed on, and their clients told to reconnect (1012), which nginx sends to
    /// the node that asked.
    private func handOn(_ codes: [String], now: Int64) {
        guard let keeper else { return }
        var rooms: [String: Room] = [:]
        for code in codes {
            guard let room = classRooms.removeValue(forKey: code) else { continue }
            rooms[code] = room
            if let opener = room.openerAddress { ledger.closeClassRoom(address: opener) }
            logger.info("class \(code) handed on to another node")
        }
        keeper.handOn(rooms)
        closeMembers(of: Set(rooms.keys), now: now)
    }

    /// Drain (a shared store): every class's last moment written and handed on, before the
    /// node's connections close; returns false where nothing is shared.
    func handOnEveryClass() -> Bool {
        guard let keeper, keeper.store.isShared else { return false }
        keeper.handOn(classRooms)
        keeper.store.flush()
        logger.notice("\(classRooms.count) class\(classRooms.count == 1 ? "" : "es") handed on: their clients reconnect to the next node")
        return true
    }

    private func closeMembers(of codes: Set<String>, now: Int64) {
        for session in sessions.values where session.pendingClose == nil {
            guard let room = session.room, case .classRoom(let code) = room.kind, codes.contains(code) else { continue }
            session.pendingClose = (CloseCode.serviceRestart, "class moved; reconnect")
            session.closeReason = "class handed on to another node"
            requestWrite(session, now: now)
        }
    }

    /// The store's lines of `/metrics` (none without `--data`).
    func storeMetrics() -> [UInt8] {
        guard let store = keeper?.store else { return [] }
        let counters = store.counters
        return Array(
            """
            # HELP newtons_store_writing 1 while the store's writes succeed, 0 while they fail (rooms go on in memory).
            # TYPE newtons_store_writing gauge
            newtons_store_writing \(store.health == nil ? 1 : 0)
            # HELP newtons_store_written_bytes_total Bytes of rooms and recordings handed to the store's database.
            # TYPE newtons_store_written_bytes_total counter
            newtons_store_written_bytes_total \(counters.bytesWritten)
            # HELP newtons_store_failed_writes_total Writes of the store that failed (each tried again or rewritten).
            # TYPE newtons_store_failed_writes_total counter
            newtons_store_failed_writes_total \(counters.failedWrites)

            """.utf8)
    }
}

/// Connections waiting for one class asked of the store, and whether it was asked for an open
/// class only (no key among those who asked first).
struct ClassWait {
    var openOnly: Bool
    var waiting: [(session: ConnectionID, request: ConnectRequest)]
}

/// What the store's threads hand a worker: answers to claims, classes to hand on. Pushed from
/// any thread; taken on the worker's, which `wake` rouses.
public final class StoreAnswers: @unchecked Sendable {
    public enum Answer: Sendable {
        case claimed(String, ClaimResult)
        case handOn([String])
    }

    private let lock = NSLock()
    private var answers: [Answer] = []
    private var wake: (@Sendable () -> Void)?

    public init() {}

    /// Rouses the worker's thread when an answer comes (the transport's wake-up).
    public func onPush(_ wake: @escaping @Sendable () -> Void) {
        lock.withLock { self.wake = wake }
    }

    public func push(_ answer: Answer) {
        let wake = lock.withLock {
            answers.append(answer)
            return self.wake
        }
        wake?()
    }

    /// True when answers wait (a test's poll).
    public var isEmpty: Bool { lock.withLock { answers.isEmpty } }

    func take() -> [Answer] {
        lock.withLock {
            defer { answers.removeAll() }
            return answers
        }
    }
}
