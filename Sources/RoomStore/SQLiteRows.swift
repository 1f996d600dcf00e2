import Foundation
import GRDB

/// The store's rows in `DIR/newtons.sqlite` (SQLite in WAL mode, through GRDB): one server's.
final class SQLiteRows: StoreRows, @unchecked Sendable {
    let file: URL
    private let database: DatabasePool

    var location: String { file.path }
    var isShared: Bool { false }

    /// Opens (making it if needed) the database of `folder`. One that is not a database or
    /// fails its check is set aside (renamed, never deleted) and a new one started, with
    /// `report` saying so, unless `setAside` is false (`newtons data`, beside a running server).
    init(folder: URL, setAside: Bool, report: (String) -> Void) throws(StoreError) {
        file = folder.appendingPathComponent("newtons.sqlite")
        do {
            database = try Self.openChecked(file)
        } catch {
            guard setAside else { throw StoreError("cannot open the database \(file.path): \(error)") }
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

    func close() {
        // Everything into the main file: a stopped server's folder is one file to copy.
        _ = try? database.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try? database.close()
    }

    func mayPass(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return true }
        return [ResultCode.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM]
            .contains(error.resultCode)
    }

    // MARK: Writing

    func write(_ changes: [ClassChange], closed: [(code: String, at: Double)], released: [String]) throws -> (
        bytes: Int, lost: [String]
    ) {
        guard !changes.isEmpty || !closed.isEmpty else { return (0, []) }
        let bytes = try database.write { db in
            var bytes = 0
            for change in changes {
                let code = change.room.code
                let tables = [StoredEpoch.self, StoredInput.self, StoredHashes.self] as [any TableRecord.Type]
                if change.rewrite {
                    for table in tables {
                        try db.execute(sql: "DELETE FROM \(table.databaseTableName) WHERE code = ?", arguments: [code])
                    }
                }
                try change.room.upsert(db)
                for table in tables {
                    try db.execute(
                        sql: "DELETE FROM \(table.databaseTableName) WHERE code = ? AND startTick < ?",
                        arguments: [code, change.firstTick])
                }
                for epoch in change.epochs { try epoch.upsert(db) }
                for input in change.inputs { try input.insert(db) }
                for hashes in change.hashes { try hashes.insert(db) }
                if let marks = change.marks {
                    try db.execute(sql: "DELETE FROM marks WHERE code = ?", arguments: [code])
                    for mark in marks { try mark.insert(db) }
                }
                bytes += change.payloadBytes
            }
            for (code, at) in closed {
                try db.execute(sql: "UPDATE classes SET closedAt = ? WHERE code = ?", arguments: [at, code])
            }
            return bytes
        }
        return (bytes, [])
    }

    func handoffsAsked() throws -> [String] { [] }

    // MARK: Reading

    func load(code: String?) throws -> [LoadedClass] {
        try database.read { db in
            let classes =
                if let code {
                    try StoredClass.fetchAll(db, sql: "SELECT * FROM classes WHERE code = ?", arguments: [code])
                } else {
                    try StoredClass.fetchAll(db, sql: "SELECT * FROM classes WHERE closedAt IS NULL ORDER BY openedAt")
                }
            return try classes.map { room in
                LoadedClass(
                    room: room,
                    epochs: try StoredEpoch.fetchAll(
                        db, sql: "SELECT * FROM epochs WHERE code = ? ORDER BY startTick", arguments: [room.code]),
                    inputs: try StoredInput.fetchAll(
                        db, sql: "SELECT * FROM inputs WHERE code = ? ORDER BY startTick, seq", arguments: [room.code]),
                    hashes: try StoredHashes.fetchAll(
                        db, sql: "SELECT * FROM hashes WHERE code = ? ORDER BY startTick, first", arguments: [room.code]),
                    marks: try StoredMark.fetchAll(
                        db, sql: "SELECT * FROM marks WHERE code = ? ORDER BY seq", arguments: [room.code]))
            }
        }
    }

    /// One server holds the folder: every class is its own.
    func claim(code: String, includeClosed: Bool) throws -> ClaimResult {
        guard let loaded = try load(code: code).first, includeClosed || loaded.room.closedAt == nil else { return .none }
        return .loaded(loaded)
    }

    func list() throws -> [ClassSummary] {
        try database.read { db in
            try Row.fetchAll(db, sql: ClassSummary.query).map { row in
                ClassSummary(
                    code: row["code"], lesson: row["lesson"], liveTick: row["liveTick"], openedAt: row["openedAt"],
                    updatedAt: row["updatedAt"], closedAt: row["closedAt"], members: row["members"], bytes: row["bytes"])
            }
        }
    }

    func delete(code: String, onlyClosed: Bool) throws -> Bool {
        try database.write { db in
            try db.execute(
                sql: "DELETE FROM classes WHERE code = ?\(onlyClosed ? " AND closedAt IS NOT NULL" : "")",
                arguments: [code])
            return db.changesCount > 0
        }
    }
}
