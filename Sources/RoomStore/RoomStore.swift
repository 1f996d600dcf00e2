import Foundation

/// The store: class rooms and their recordings, kept so that they outlive the process
/// (docs/server.md, "What is kept"). In SQLite in a data folder by default (`newtons serve
/// --data DIR`: `DIR/newtons.sqlite`, WAL mode, through GRDB), or in PostgreSQL shared by a
/// cluster's nodes (`--store postgres://…`, through postgres-nio), where each class has one
/// owner node at a time and another node takes it over when its owner dies or hands it on.
///
/// Rooms never wait for it: a worker hands it what changed (`submit`, at most every 250 ms)
/// and a thread of its own writes each batch in one transaction. When a write fails (a full
/// disk, a damaged file, a database server gone) the batch is kept and tried again every
/// second, the rooms go on in memory, and `health` says why until a write succeeds. Loading one
/// class on demand (`claim`) runs on a thread of its own too, and answers through a callback.
public final class RoomStore: @unchecked Sendable {
    /// How often the writer writes what was handed to it (and, shared, says this node is alive).
    public static let flushInterval = 0.25
    /// Rows kept for a failing store before they are let go (their classes are then written
    /// whole once writes resume: `takeDroppedCodes`).
    static let maxPendingRows = 200_000
    /// How long a claim waits for a live node to hand a class on.
    public static let claimWaitSeconds = 4.0

    /// Where the rows are, for logs: the SQLite file, or the PostgreSQL server and database.
    public let location: String
    /// True when other nodes share the store (PostgreSQL): classes are claimed, not just read.
    public let isShared: Bool
    private let rows: any StoreRows
    /// The data folder's lock (SQLite): nil for a store opened beside the server that holds
    /// the folder (`newtons data list`), for PostgreSQL, and once the store is closed.
    private var lock: DataFolderLock?

    private let condition = NSCondition()
    private var pending: [ClassChange] = []
    private var pendingClosed: [(code: String, at: Double)] = []
    private var pendingReleased: [String] = []
    private var pendingRows = 0
    private var dropped: Set<String> = []
    private var flushRequested = false
    private var writing = false
    private var stopped = false
    private var failure: String?
    private var writer: Thread?
    private var writerDone = false
    private let report: @Sendable (String) -> Void
    private var handoff: (@Sendable ([String]) -> Void)?
    private let loads = DispatchQueue(label: "newtons-store-loads")
    /// Bytes handed to the database since the store opened (inputs, hashes, rows), for `/metrics`.
    private var written = 0
    private var failedWrites = 0

    /// Opens (making it if needed) the SQLite store in `folder`. A database that is not one or
    /// fails its check is set aside (renamed, never deleted) and a new one started, with
    /// `report` saying so; another server holding the folder is refused with its name.
    /// With `holdingFolder` false (`newtons data`) it reads and deletes beside a running server
    /// without taking the folder, and never sets a damaged database aside.
    public init(
        folder: URL, holdingFolder: Bool = true, report: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(StoreError) {
        self.report = report
        let file = folder.appendingPathComponent("newtons.sqlite")
        guard holdingFolder || FileManager.default.fileExists(atPath: file.path) else {
            throw StoreError("no classes are kept in \(folder.path) (it has no newtons.sqlite)")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError("cannot make the data folder \(folder.path): \(error.localizedDescription)")
        }
        lock = try holdingFolder ? DataFolderLock(folder: folder) : nil
        rows = try SQLiteRows(folder: folder, setAside: holdingFolder, report: report)
        location = rows.location
        isShared = false
    }

    /// Opens the PostgreSQL store at `url` (`postgres://user:password@host:port/database`, or
    /// `postgres:///database?host=/run/postgresql` for a Unix socket) as the node `node`,
    /// making its tables if needed. Refused, with the reason, when the server cannot be reached.
    /// With `heartbeat` false (`newtons data`) it reads and deletes without saying it is a node.
    public init(
        postgres url: String, node: String, heartbeat: Bool = true, report: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(StoreError) {
        self.report = report
        rows = try PostgresRows(url: url, node: node)
        location = rows.location
        isShared = true
        // A node says it is alive every flush interval, whatever it writes.
        if heartbeat { condition.withLock { startWriter() } }
    }

    // MARK: Health

    /// Nil while writes succeed; else why the last one failed.
    public var health: String? {
        condition.withLock { failure }
    }

    /// Bytes handed to the database so far, and the writes that failed.
    public var counters: (bytesWritten: Int, failedWrites: Int) {
        condition.withLock { (written, failedWrites) }
    }

    // MARK: Writing

    /// Hands changes to the writer; never waits for the disk. `released` classes are written
    /// as no node's (a shared store: handed on, or this node stopping), after the changes.
    public func submit(
        _ changes: [ClassChange], closed: [String] = [], released: [String] = [], now: Double = Date().timeIntervalSince1970
    ) {
        guard !changes.isEmpty || !closed.isEmpty || !released.isEmpty else { return }
        condition.withLock {
            pending += changes
            pendingClosed += closed.map { ($0, now) }
            pendingReleased += released
            pendingRows += changes.reduce(0) { $0 + $1.rowCount }
            if pendingRows > Self.maxPendingRows {
                // The disk has been failing for long: let the rows go, and write those classes
                // whole when it works again.
                dropped.formUnion(pending.map(\.room.code))
                pending = []
                pendingRows = 0
            }
            if writer == nil, !stopped { startWriter() }
        }
    }

    /// Calls `handler` on the writer's thread with the classes this node should let go: another
    /// node asked for them, or took them (a shared store only). Set before any class is written.
    public func onHandoff(_ handler: @escaping @Sendable ([String]) -> Void) {
        condition.withLock { handoff = handler }
    }

    /// Classes whose rows were let go while writes failed: their next change must be a rewrite.
    public func takeDroppedCodes() -> Set<String> {
        condition.withLock {
            defer { dropped = [] }
            return dropped
        }
    }

    /// Writes everything handed so far, now, and returns when it is written (or failed).
    public func flush() {
        condition.withLock {
            guard writer != nil, !stopped else { return }
            flushRequested = true
            condition.broadcast()
            while flushRequested || writing { condition.wait() }
        }
    }

    /// Writes what is left, stops the writer and lets the folder go (another store may open
    /// it, in this process too); nothing is written or read afterwards.
    public func close() {
        flush()
        let wasOpen: Bool = condition.withLock {
            guard !stopped else { return false }
            stopped = true
            condition.broadcast()
            while writer != nil, !writerDone { condition.wait() }
            return true
        }
        guard wasOpen else { return }
        loads.sync {}
        rows.close()
        condition.withLock { lock = nil }
    }

    deinit {
        close()
    }

    private func startWriter() {
        let thread = Thread { [weak self] in self?.writeLoop() }
        thread.name = "newtons-store"
        writer = thread
        thread.start()
    }

    private func writeLoop() {
        while true {
            let (changes, closed, released, flushing) = condition.withLock {
                let interval = failure == nil ? Self.flushInterval : 1
                let deadline = Date(timeIntervalSinceNow: interval)
                while !flushRequested, !stopped, Date() < deadline { _ = condition.wait(until: deadline) }
                writing = true
                // Only a flush asked for before this batch was taken is answered by writing it: one
                // asked while it is written waits for the next batch, which holds what it flushes.
                let flushing = flushRequested
                defer {
                    pending = []
                    pendingClosed = []
                    pendingReleased = []
                    pendingRows = 0
                }
                return (pending, pendingClosed, pendingReleased, flushing)
            }
            let result = Result {
                let (bytes, lost) = try rows.write(changes, closed: closed, released: released)
                return (bytes, lost + (try rows.handoffsAsked()))
            }
            let (done, handOn): (Bool, [String]) = condition.withLock {
                writing = false
                if flushing { flushRequested = false }
                var handOn: [String] = []
                switch result {
                case .success(let (bytes, codes)):
                    written += bytes
                    handOn = codes
                    if let failure {
                        report("writes to \(location) resumed (they had failed: \(failure))")
                        self.failure = nil
                    }
                case .failure(let error):
                    failedWrites += 1
                    let why = "\(error)"
                    if failure != why { report("cannot write to \(location): \(why); rooms go on in memory, the write is tried again every second") }
                    failure = why
                    if rows.mayPass(error) {
                        // A full disk, a lock, a server gone: kept, in order, before what came
                        // since, and tried again.
                        pending = changes + pending
                        pendingClosed = closed + pendingClosed
                        pendingReleased = released + pendingReleased
                        pendingRows += changes.reduce(0) { $0 + $1.rowCount }
                    } else {
                        // Rows the database refuses would be refused again: let go, and their
                        // classes written whole next time.
                        dropped.formUnion(changes.map(\.room.code))
                    }
                }
                if stopped { writerDone = true }
                condition.broadcast()
                return (stopped, handOn)
            }
            if !handOn.isEmpty, let handoff = condition.withLock({ handoff }) { handoff(handOn) }
            if done { return }
        }
    }

    // MARK: Reading

    /// Every class still open when the last server stopped (in a shared store: that this node
    /// held), with its recording.
    public func openClasses() throws(StoreError) -> [LoadedClass] {
        try reading { try rows.load(code: nil) }
    }

    /// One class, open or closed, with its recording.
    public func loadClass(_ code: String) throws(StoreError) -> LoadedClass? {
        try reading { try rows.load(code: code).first }
    }

    /// Makes this node the class's owner and reads it, on the loader's thread, then calls
    /// `answer` there. A live node that holds it is asked to hand it on, and waited for up to
    /// `claimWaitSeconds`; a dead one's classes are taken once its heartbeat lapses.
    /// `includeClosed`: an instructor's key reopens a closed class; a student only joins an open one.
    public func claim(_ code: String, includeClosed: Bool, answer: @escaping @Sendable (ClaimResult) -> Void) {
        let asked = Date()
        let shared = isShared
        nonisolated(unsafe) var failures = 0
        @Sendable func attempt() {
            let result: ClaimResult
            do {
                result = try rows.claim(code: code, includeClosed: includeClosed)
            } catch {
                result = .failed("\(error)")
            }
            let waited = Date().timeIntervalSince(asked)
            switch result {
            case .busy where waited < Self.claimWaitSeconds,
                // A class opened on another node a moment ago may not be written yet: a student
                // asks again for a second. (An instructor's key for a class not kept opens a new
                // one at once.)
                .none where shared && !includeClosed && waited < Self.flushInterval * 4:
                loads.asyncAfter(deadline: .now() + 0.1, execute: attempt)
            case .failed where failures == 0:
                // Once more on a new connection: the last one may have died with its server.
                failures += 1
                loads.async(execute: attempt)
            default:
                answer(result)
            }
        }
        loads.async(execute: attempt)
    }

    /// Every class kept, newest first.
    public func list() throws(StoreError) -> [ClassSummary] {
        try reading { try rows.list() }
    }

    private func reading<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError("cannot read \(location): \(error)")
        }
    }

    /// True when this store holds its folder: no server is writing it but this one.
    public var holdsFolder: Bool { condition.withLock { lock != nil } }

    /// Deletes a class and its recording; false when there was none. With `onlyClosed`, a
    /// class still open (a running server is writing it) is left.
    @discardableResult
    public func delete(code: String, onlyClosed: Bool = false) throws(StoreError) -> Bool {
        do {
            return try rows.delete(code: code, onlyClosed: onlyClosed)
        } catch {
            throw StoreError("cannot write \(location): \(error)")
        }
    }

    /// Retention: deletes classes not written for `keepSeconds`, then closed classes, oldest
    /// first, while the kept bytes exceed `budgetBytes`. Open classes are never deleted for the
    /// budget (their rooms are writing). Returns the codes deleted.
    /// `onlyClosed`: while the server runs, its open classes are its rooms (written as they
    /// change), so only closed ones go; at start, an open class of a past run goes too.
    public func prune(
        keepSeconds: Double, budgetBytes: Int?, onlyClosed: Bool = false, now: Double = Date().timeIntervalSince1970
    ) throws(StoreError) -> [String] {
        var deleted: [String] = []
        let classes = try list()
        for summary in classes where summary.updatedAt < now - keepSeconds && (!onlyClosed || summary.closedAt != nil) {
            if try delete(code: summary.code) { deleted.append(summary.code) }
        }
        guard let budgetBytes else { return deleted }
        var total = classes.filter { !deleted.contains($0.code) }.reduce(0) { $0 + $1.bytes }
        for summary in classes.reversed() where total > budgetBytes && summary.closedAt != nil && !deleted.contains(summary.code) {
            if try delete(code: summary.code) {
                deleted.append(summary.code)
                total -= summary.bytes
            }
        }
        return deleted
    }
}
