import Foundation
import GRDB

/// The embedded store (`newtons serve --data DIR`): class rooms and their recordings in
/// `DIR/newtons.sqlite` (SQLite in WAL mode, through GRDB).
///
/// Rooms never wait for it: a worker hands it what changed (`submit`, at most every 250 ms)
/// and a thread of its own writes each batch in one transaction. When a write fails (a full
/// disk, a damaged file) the batch is kept and tried again every second, the rooms go on in
/// memory, and `health` says why until a write succeeds.
public final class RoomStore: @unchecked Sendable {
    /// How often the writer writes what was handed to it.
    public static let flushInterval = 0.25
    /// Rows kept for a failing store before they are let go (their classes are then written
    /// whole once writes resume: `takeDroppedCodes`).
    static let maxPendingRows = 200_000

    public let folder: URL
    public let file: URL
    private let database: DatabasePool
    /// Nil for a store opened beside the server that holds the folder (`newtons data list`),
    /// and once the store is closed.
    private var lock: DataFolderLock?

    private let condition = NSCondition()
    private var pending: [ClassChange] = []
    private var pendingClosed: [(code: String, at: Double)] = []
    private var pendingRows = 0
    private var dropped: Set<String> = []
    private var flushRequested = false
    private var writing = false
    private var stopped = false
    private var failure: String?
    private var writer: Thread?
    private var writerDone = false
    private let report: @Sendable (String) -> Void
    /// Bytes handed to SQLite since the store opened (inputs, hashes, rows), for `/metrics`.
    private var written = 0
    private var failedWrites = 0

    /// Opens (making it if needed) the store in `folder`. A database that is not one or fails
    /// its check is set aside (renamed, never deleted) and a new one started, with `report`
    /// saying so; another server holding the folder is refused with its name.
    /// With `holdingFolder` false (`newtons data`) it reads and deletes beside a running server
    /// without taking the folder, and never sets a damaged database aside.
    public init(
        folder: URL, holdingFolder: Bool = true, report: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(StoreError) {
        self.folder = folder
        self.report = report
        file = folder.appendingPathComponent("newtons.sqlite")
        guard holdingFolder || FileManager.default.fileExists(atPath: file.path) else {
            throw StoreError("no classes are kept in \(folder.path) (it has no newtons.sqlite)")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError("cannot make the data folder \(folder.path): \(error.localizedDescription)")
        }
        lock = try holdingFolder ? DataFolderLock(folder: folder) : nil
        do {
            database = try Self.openChecked(file)
        } catch {
            guard holdingFolder else { throw StoreError("cannot open the database \(file.path): \(error)") }
            let aside = folder.appendingPathComponent("newtons.sqlite.damaged-\(Int(Date().timeIntervalSince1970))")
            report("the database \(file.path) is damaged (\(error)); set aside as \(aside.lastPathComponent), starting a new one")
            for suffix in ["", "-wal", "-shm"] {
                let from = URL(fileURLWithPath: file.path + suffix)
                guard FileManager.default.fileExists(atPath: from.path) else { continue }
                try? FileManager.default.moveItem(at: from, to: URL(fileURLWithPath: aside.path + suffix))
            }
            do {
                database = try Self.openChecked(file)
            } catch {
                throw StoreError("cannot open the database \(file.path): \(error)")
            }
        }
    }

    private static func openChecked(_ file: URL) throws -> DatabasePool {
        var configuration = Configuration()
        // A second long write waits a little rather than failing at once (`data delete` while
        // a server writes, a checkpoint).
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: file.path, configuration: configuration)
        let check = try pool.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
        guard check == "ok" else { throw StoreError("its check says: \(check ?? "nothing")") }
        try Schema.migrator.migrate(pool)
        return pool
    }

    deinit {
        close()
    }

    // MARK: Health

    /// Nil while writes succeed; else why the last one failed.
    public var health: String? {
        condition.withLock { failure }
    }

    /// Bytes handed to SQLite so far, and the writes that failed.
    public var counters: (bytesWritten: Int, failedWrites: Int) {
        condition.withLock { (written, failedWrites) }
    }

    // MARK: Writing

    /// Hands changes to the writer; never waits for the disk.
    public func submit(_ changes: [ClassChange], closed: [String] = [], now: Double = Date().timeIntervalSince1970) {
        guard !changes.isEmpty || !closed.isEmpty else { return }
        condition.withLock {
            pending += changes
            pendingClosed += closed.map { ($0, now) }
            pendingRows += changes.reduce(0) { $0 + 1 + $1.epochs.count + $1.inputs.count + $1.hashes.count }
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
        // Everything into the main file: a stopped server's folder is one file to copy.
        _ = try? database.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try? database.close()
        condition.withLock { lock = nil }
    }

    private func startWriter() {
        let thread = Thread { [weak self] in self?.writeLoop() }
        thread.name = "newtons-store"
        writer = thread
        thread.start()
    }

    private func writeLoop() {
        while true {
            let (changes, closed): ([ClassChange], [(code: String, at: Double)]) = condition.withLock {
                let interval = failure == nil ? Self.flushInterval : 1
                let deadline = Date(timeIntervalSinceNow: interval)
                while !flushRequested, !stopped, Date() < deadline { _ = condition.wait(until: deadline) }
                writing = true
                defer {
                    pending = []
                    pendingClosed = []
                    pendingRows = 0
                }
                return (pending, pendingClosed)
            }
            let result = Result { try write(changes, closed: closed) }
            let done: Bool = condition.withLock {
                writing = false
                flushRequested = false
                switch result {
                case .success(let bytes):
                    written += bytes
                    if let failure {
                        report("writes to \(file.path) resumed (they had failed: \(failure))")
                        self.failure = nil
                    }
                case .failure(let error):
                    failedWrites += 1
                    let why = "\(error)"
                    if failure != why { report("cannot write to \(file.path): \(why); rooms go on in memory, the write is tried again every second") }
                    failure = why
                    if Self.mayPass(error) {
                        // A full disk, a lock, a file that cannot be opened: kept, in order,
                        // before what came since, and tried again.
                        pending = changes + pending
                        pendingClosed = closed + pendingClosed
                        pendingRows += changes.reduce(0) { $0 + 1 + $1.epochs.count + $1.inputs.count + $1.hashes.count }
                    } else {
                        // Rows SQLite refuses would be refused again: let go, and their classes
                        // written whole next time.
                        dropped.formUnion(changes.map(\.room.code))
                    }
                }
                if stopped { writerDone = true }
                condition.broadcast()
                return stopped
            }
            if done { return }
        }
    }

    /// True for failures that pass (space freed, a lock let go), false for rows refused.
    static func mayPass(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return true }
        return [ResultCode.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM]
            .contains(error.resultCode)
    }

    /// One batch in one transaction; returns the bytes of payload written.
    private func write(_ changes: [ClassChange], closed: [(code: String, at: Double)]) throws -> Int {
        guard !changes.isEmpty || !closed.isEmpty else { return 0 }
        return try database.write { db in
            var bytes = 0
            for change in changes {
                let code = change.room.code
                if change.rewrite {
                    for table in [StoredEpoch.self, StoredInput.self, StoredHashes.self] as [any TableRecord.Type] {
                        try db.execute(sql: "DELETE FROM \(table.databaseTableName) WHERE code = ?", arguments: [code])
                    }
                }
                try change.room.upsert(db)
                bytes += 200 + (change.room.source?.utf8.count ?? 0)
                for table in [StoredEpoch.self, StoredInput.self, StoredHashes.self] as [any TableRecord.Type] {
                    try db.execute(
                        sql: "DELETE FROM \(table.databaseTableName) WHERE code = ? AND startTick < ?",
                        arguments: [code, change.firstTick])
                }
                for epoch in change.epochs {
                    try epoch.upsert(db)
                    bytes += 40 + (epoch.source?.utf8.count ?? 0)
                }
                for input in change.inputs {
                    try input.insert(db)
                    bytes += 24 + input.input.utf8.count
                }
                for hashes in change.hashes {
                    try hashes.insert(db)
                    bytes += 24 + hashes.bytes.count
                }
                if let marks = change.marks {
                    try db.execute(sql: "DELETE FROM marks WHERE code = ?", arguments: [code])
                    for mark in marks {
                        try mark.insert(db)
                        bytes += 24 + mark.text.utf8.count
                    }
                }
            }
            for (code, at) in closed {
                try db.execute(sql: "UPDATE classes SET closedAt = ? WHERE code = ?", arguments: [at, code])
            }
            return bytes
        }
    }

    // MARK: Reading

    /// Every class still open when the last server stopped, with its recording.
    public func openClasses() throws(StoreError) -> [LoadedClass] {
        try load("closedAt IS NULL")
    }

    /// One class, open or closed, with its recording.
    public func loadClass(_ code: String) throws(StoreError) -> LoadedClass? {
        try load("code = ?", [code]).first
    }

    private func load(_ condition: String, _ arguments: StatementArguments = []) throws(StoreError) -> [LoadedClass] {
        do {
            return try database.read { db in
                let classes = try StoredClass.fetchAll(
                    db, sql: "SELECT * FROM classes WHERE \(condition) ORDER BY openedAt", arguments: arguments)
                return try classes.map { (room: StoredClass) -> LoadedClass in
                    let epochs = try StoredEpoch.fetchAll(
                        db, sql: "SELECT * FROM epochs WHERE code = ? ORDER BY startTick", arguments: [room.code])
                    let inputs = try StoredInput.fetchAll(
                        db, sql: "SELECT * FROM inputs WHERE code = ? ORDER BY startTick, seq", arguments: [room.code])
                    let hashes = try StoredHashes.fetchAll(
                        db, sql: "SELECT * FROM hashes WHERE code = ? ORDER BY startTick, first", arguments: [room.code])
                    let marks = try StoredMark.fetchAll(
                        db, sql: "SELECT * FROM marks WHERE code = ? ORDER BY seq", arguments: [room.code])
                    let inputsByEpoch = Dictionary(grouping: inputs, by: \.startTick)
                    let hashesByEpoch = Dictionary(grouping: hashes, by: \.startTick)
                    var joined: [(epoch: StoredEpoch, inputs: [String], hashes: Data)] = []
                    for epoch in epochs {
                        var bytes = Data()
                        for run in hashesByEpoch[epoch.startTick] ?? [] { bytes.append(run.bytes) }
                        let texts: [String] = (inputsByEpoch[epoch.startTick] ?? []).map(\.input)
                        joined.append((epoch, texts, bytes))
                    }
                    return LoadedClass(room: room, epochs: joined, marks: marks)
                }
            }
        } catch {
            throw StoreError("cannot read \(file.path): \(error)")
        }
    }

    /// Every class kept, newest first.
    public func list() throws(StoreError) -> [ClassSummary] {
        do {
            return try database.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT c.code, c.lesson, c.liveTick, c.openedAt, c.updatedAt, c.closedAt, c.members,
                          IFNULL((SELECT SUM(LENGTH(input) + 24) FROM inputs i WHERE i.code = c.code), 0)
                          + IFNULL((SELECT SUM(LENGTH(bytes) + 24) FROM hashes h WHERE h.code = c.code), 0)
                          + 200 + IFNULL(LENGTH(c.source), 0) AS bytes
                        FROM classes c ORDER BY c.updatedAt DESC
                        """
                ).map { (row: Row) -> ClassSummary in
                    let code: String = row["code"], lesson: String = row["lesson"], members: String = row["members"]
                    let liveTick: Int = row["liveTick"], bytes: Int = row["bytes"]
                    let openedAt: Double = row["openedAt"], updatedAt: Double = row["updatedAt"]
                    let closedAt: Double? = row["closedAt"]
                    return ClassSummary(
                        code: code, lesson: lesson, liveTick: liveTick, openedAt: openedAt, updatedAt: updatedAt,
                        closedAt: closedAt, members: members, bytes: bytes)
                }
            }
        } catch {
            throw StoreError("cannot read \(file.path): \(error)")
        }
    }

    /// True when this store holds its folder: no server is writing it but this one.
    public var holdsFolder: Bool { condition.withLock { lock != nil } }

    /// Deletes a class and its recording; false when there was none. With `onlyClosed`, a
    /// class still open (a running server is writing it) is left.
    @discardableResult
    public func delete(code: String, onlyClosed: Bool = false) throws(StoreError) -> Bool {
        do {
            return try database.write { db in
                try db.execute(
                    sql: "DELETE FROM classes WHERE code = ?\(onlyClosed ? " AND closedAt IS NOT NULL" : "")",
                    arguments: [code])
                return db.changesCount > 0
            }
        } catch {
            throw StoreError("cannot write \(file.path): \(error)")
        }
    }

    /// Retention: deletes classes not written for `keepSeconds`, then closed classes, oldest
    /// first, while the kept bytes exceed `budgetBytes`. Open classes are never deleted for the
    /// budget (their rooms are writing). Returns the codes deleted.
    public func prune(keepSeconds: Double, budgetBytes: Int?, now: Double = Date().timeIntervalSince1970)
        throws(StoreError) -> [String]
    {
        var deleted: [String] = []
        let classes = try list()
        for summary in classes where summary.updatedAt < now - keepSeconds {
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
