import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// The store's rows in PostgreSQL (`--store postgres://…`, through postgres-nio), shared by a
/// cluster's nodes. Each class has an owner, the node whose room runs it: only the owner writes
/// it; a node that wants it (a client reached it after its node died, or nginx sent a class's
/// clients back to a restarted node) marks it wanted, and the owner hands it on at its next
/// write; a node that stops hands on all of its classes. Each node says it is alive every
/// flush interval; a class whose owner has not said so for `leaseSeconds` may be taken.
///
/// The tables are those of SQLite (Schema.swift), with unquoted names, plus `owner` and
/// `wantedBy` on classes and a `nodes` table. Times of liveness are the database server's, so
/// the nodes' clocks need not agree.
final class PostgresRows: StoreRows, @unchecked Sendable {
    /// How long a node's word that it is alive lasts: about 6 flush intervals.
    static let leaseSeconds = 1.5

    let location: String
    var isShared: Bool { true }
    private let node: String
    private let configuration: PostgresConnection.Configuration
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let logger = Logger(label: "newtons.store.postgres")
    /// One connection for the writer's thread, one for loads (a transaction is one
    /// connection's), each made again after a failure.
    private let writerLink: Link
    private let loaderLink: Link

    /// Parses `url` and makes the tables if needed; throws when the server cannot be reached.
    init(url: String, node: String) throws(StoreError) {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? ""),
            let database = parts.path.split(separator: "/").first.map(String.init)
        else {
            throw StoreError("--store must be postgres://USER:PASSWORD@HOST:PORT/DATABASE (or postgres:///DATABASE?host=/run/postgresql), not \(url.prefix(200))")
        }
        let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let user = parts.user ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres"
        let password = parts.password
        var tls = PostgresConnection.Configuration.TLS.disable
        if let mode = query["sslmode"], mode != "disable" {
            guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else {
                throw StoreError("cannot make a TLS context for sslmode=\(mode.prefix(20))")
            }
            tls = mode == "prefer" || mode == "allow" ? .prefer(context) : .require(context)
        }
        if let host = parts.host, !host.isEmpty {
            var configuration = PostgresConnection.Configuration(
                host: host, port: parts.port ?? 5432, username: user, password: password, database: database, tls: tls)
            configuration.options.connectTimeout = .seconds(Int64(Self.statementSeconds))
            self.configuration = configuration
            location = "postgres://\(host):\(parts.port ?? 5432)/\(database)"
        } else {
            // No host: a Unix socket, in `host=` (a folder, as libpq takes it) or Debian's folder.
            let folder = query["host"] ?? "/var/run/postgresql"
            let socket = "\(folder)/.s.PGSQL.\(parts.port ?? Int(query["port"] ?? "") ?? 5432)"
            configuration = .init(unixSocketPath: socket, username: user, password: password, database: database)
            location = "postgres://\(socket)/\(database)"
        }
        self.node = node
        writerLink = Link()
        loaderLink = Link()
        do {
            try loaderLink.use(self) { connection in
                try self.run(connection, "BEGIN")
                // Two nodes starting at once would both make the tables: one waits for the other.
                try self.run(connection, "SELECT pg_advisory_xact_lock(7023811)")
                for statement in Self.schema { try self.run(connection, statement) }
                try self.run(connection, "COMMIT")
            }
        } catch {
            try? group.syncShutdownGracefully()
            throw StoreError("cannot open the store at \(location): \(error)")
        }
    }

    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, lesson TEXT NOT NULL, keyHash TEXT,
          members TEXT NOT NULL, paused BOOLEAN NOT NULL, locked BOOLEAN NOT NULL, source TEXT,
          parameters TEXT NOT NULL, guide TEXT NOT NULL, liveTick BIGINT NOT NULL, hashStride BIGINT NOT NULL,
          engine TEXT NOT NULL, openedAt DOUBLE PRECISION NOT NULL, updatedAt DOUBLE PRECISION NOT NULL,
          closedAt DOUBLE PRECISION, owner TEXT, wantedBy TEXT)
        """,
        """
        CREATE TABLE IF NOT EXISTS epochs (code TEXT NOT NULL REFERENCES classes ON DELETE CASCADE,
          startTick BIGINT NOT NULL, lesson TEXT NOT NULL, source TEXT, steps BIGINT NOT NULL, PRIMARY KEY (code, startTick))
        """,
        """
        CREATE TABLE IF NOT EXISTS inputs (code TEXT NOT NULL REFERENCES classes ON DELETE CASCADE,
          startTick BIGINT NOT NULL, seq BIGINT NOT NULL, input TEXT NOT NULL, PRIMARY KEY (code, startTick, seq))
        """,
        """
        CREATE TABLE IF NOT EXISTS hashes (code TEXT NOT NULL REFERENCES classes ON DELETE CASCADE,
          startTick BIGINT NOT NULL, first BIGINT NOT NULL, bytes BYTEA NOT NULL, PRIMARY KEY (code, startTick, first))
        """,
        """
        CREATE TABLE IF NOT EXISTS marks (code TEXT NOT NULL REFERENCES classes ON DELETE CASCADE,
          seq BIGINT NOT NULL, tick BIGINT NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (code, seq))
        """,
        "CREATE TABLE IF NOT EXISTS nodes (name TEXT PRIMARY KEY, aliveUntil DOUBLE PRECISION NOT NULL)",
    ]

    /// The database server's clock, in Unix seconds.
    private static let now = "extract(epoch from clock_timestamp())"

    func close() {
        for link in [writerLink, loaderLink] { link.close() }
        try? group.syncShutdownGracefully()
    }

    /// Every failure may pass (the server restarts, the network comes back) except a statement
    /// the server refuses for what it says (a constraint, a value out of range).
    func mayPass(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return true }
        // Class 22 (data exception) and 23 (integrity constraint violation) would be refused again.
        return !(state.hasPrefix("22") || state.hasPrefix("23"))
    }

    // MARK: Statements

    /// A connection made on first use and again after a failure; used by one thread at a time.
    final class Link: @unchecked Sendable {
        private let lock = NSLock()
        private var connection: PostgresConnection?

        func use<T>(_ rows: PostgresRows, _ body: (PostgresConnection) throws -> T) throws -> T {
            try lock.withLock {
                // A connection the server closed (a restart) is made again before use, rather
                // than waited on.
                if self.connection?.isClosed == true { self.connection = nil }
                let connection = try self.connection ?? PostgresRows.wait(
                    PostgresConnection.connect(
                        on: rows.group.next(), configuration: rows.configuration, id: 1, logger: rows.logger))
                self.connection = connection
                do {
                    return try body(connection)
                } catch {
                    // After a failure the connection may be mid-transaction or gone: a new one next time.
                    let _: EventLoopFuture<Void> = connection.close()
                    self.connection = nil
                    throw error
                }
            }
        }

        func close() {
            lock.withLock {
                if let connection { _ = try? PostgresRows.wait(connection.close()) }
                connection = nil
            }
        }
    }

    /// A statement's parameter ($1, $2, …).
    enum Value {
        case text(String?), int(Int), real(Double?), flag(Bool), bytes(Data), ints([Int]), texts([String])
    }

    @discardableResult
    private func run(_ connection: PostgresConnection, _ sql: String, _ values: [Value] = []) throws -> PostgresQueryResult {
        var binds = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .text(let text): binds.append(text)
            case .int(let int): binds.append(int)
            case .real(let real): binds.append(real)
            case .flag(let flag): binds.append(flag)
            case .bytes(let bytes): try binds.append(bytes)
            case .ints(let ints): binds.append(ints)
            case .texts(let texts): binds.append(texts)
            }
        }
        return try Self.wait(connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger))
    }

    /// How long one statement (or making a connection) may take before the connection is
    /// given up: a server that went away can leave a query unanswered for good.
    static let statementSeconds = 5.0

    /// The future's value, or an error once `statementSeconds` have passed.
    static func wait<T: Sendable>(_ future: EventLoopFuture<T>) throws -> T {
        let done = DispatchSemaphore(value: 0)
        future.whenComplete { _ in done.signal() }
        guard done.wait(timeout: .now() + statementSeconds) == .success else {
            throw StoreError("the database server did not answer for \(Int(statementSeconds)) s")
        }
        return try future.wait()
    }

    private func transaction<T>(_ link: Link, _ body: (PostgresConnection) throws -> T) throws -> T {
        try link.use(self) { connection in
            try run(connection, "BEGIN")
            let value = try body(connection)
            try run(connection, "COMMIT")
            return value
        }
    }

    // MARK: Writing

    func write(_ changes: [ClassChange], closed: [(code: String, at: Double)], released: [String]) throws -> (
        bytes: Int, lost: [String]
    ) {
        try transaction(writerLink) { db in
            try run(
                db,
                "INSERT INTO nodes (name, aliveUntil) VALUES ($1, \(Self.now) + $2) ON CONFLICT (name) DO UPDATE SET aliveUntil = EXCLUDED.aliveUntil",
                [.text(node), .real(Self.leaseSeconds)])
            var bytes = 0
            var lost: [String] = []
            for change in changes {
                let code = change.room.code
                let r = change.room
                // Written only while this node owns the class (or nobody does): a node that lost
                // it (its heartbeat lapsed and another took it) must not write over the new owner.
                let upsert = try run(
                    db,
                    """
                    INSERT INTO classes (code, lesson, keyHash, members, paused, locked, source, parameters, guide, liveTick,
                      hashStride, engine, openedAt, updatedAt, closedAt, owner)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
                    ON CONFLICT (code) DO UPDATE SET lesson = EXCLUDED.lesson, keyHash = EXCLUDED.keyHash,
                      members = EXCLUDED.members, paused = EXCLUDED.paused, locked = EXCLUDED.locked, source = EXCLUDED.source,
                      parameters = EXCLUDED.parameters, guide = EXCLUDED.guide, liveTick = EXCLUDED.liveTick,
                      hashStride = EXCLUDED.hashStride, engine = EXCLUDED.engine, openedAt = EXCLUDED.openedAt,
                      updatedAt = EXCLUDED.updatedAt, closedAt = EXCLUDED.closedAt, owner = EXCLUDED.owner
                    WHERE classes.owner IS NULL OR classes.owner = EXCLUDED.owner
                    """,
                    [
                        .text(code), .text(r.lesson), .text(r.keyHash), .text(r.members), .flag(r.paused), .flag(r.locked),
                        .text(r.source), .text(r.parameters), .text(r.guide), .int(r.liveTick), .int(r.hashStride),
                        .text(r.engine), .real(r.openedAt), .real(r.updatedAt), .real(r.closedAt), .text(node),
                    ])
                guard upsert.metadata.rows == 1 else {
                    lost.append(code)
                    continue
                }
                for table in ["epochs", "inputs", "hashes"] {
                    try run(
                        db, "DELETE FROM \(table) WHERE code = $1\(change.rewrite ? "" : " AND startTick < $2")",
                        change.rewrite ? [.text(code)] : [.text(code), .int(change.firstTick)])
                }
                for epoch in change.epochs {
                    try run(
                        db,
                        """
                        INSERT INTO epochs (code, startTick, lesson, source, steps) VALUES ($1, $2, $3, $4, $5)
                        ON CONFLICT (code, startTick) DO UPDATE SET lesson = EXCLUDED.lesson, source = EXCLUDED.source, steps = EXCLUDED.steps
                        """, [.text(code), .int(epoch.startTick), .text(epoch.lesson), .text(epoch.source), .int(epoch.steps)])
                }
                if !change.inputs.isEmpty {
                    // All of a batch's inputs of a class in one statement.
                    try run(
                        db,
                        "INSERT INTO inputs (code, startTick, seq, input) SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[])",
                        [.text(code), .ints(change.inputs.map(\.startTick)), .ints(change.inputs.map(\.seq)), .texts(change.inputs.map(\.input))])
                }
                for run in change.hashes {
                    try self.run(
                        db, "INSERT INTO hashes (code, startTick, first, bytes) VALUES ($1, $2, $3, $4)",
                        [.text(code), .int(run.startTick), .int(run.first), .bytes(run.bytes)])
                }
                if let marks = change.marks {
                    try run(db, "DELETE FROM marks WHERE code = $1", [.text(code)])
                    if !marks.isEmpty {
                        try run(
                            db,
                            "INSERT INTO marks (code, seq, tick, kind, text) SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[])",
                            [.text(code), .ints(marks.map(\.seq)), .ints(marks.map(\.tick)), .texts(marks.map(\.kind)), .texts(marks.map(\.text))])
                    }
                }
                bytes += change.payloadBytes
            }
            for (code, at) in closed {
                try run(db, "UPDATE classes SET closedAt = $2, owner = NULL WHERE code = $1 AND owner = $3", [.text(code), .real(at), .text(node)])
            }
            for code in released {
                try run(db, "UPDATE classes SET owner = NULL, wantedBy = NULL WHERE code = $1 AND owner = $2", [.text(code), .text(node)])
            }
            return (bytes, lost)
        }
    }

    func handoffsAsked() throws -> [String] {
        try writerLink.use(self) { db in
            try run(db, "SELECT code FROM classes WHERE owner = $1 AND wantedBy IS NOT NULL AND wantedBy <> $1", [.text(node)])
                .map { try $0.decode(String.self) }
        }
    }

    // MARK: Reading

    func load(code: String?) throws -> [LoadedClass] {
        try transaction(loaderLink) { db in
            if let code {
                try read(db, "code = $1", [.text(code)])
            } else {
                try read(db, "closedAt IS NULL AND owner = $1", [.text(node)])
            }
        }
    }

    private func read(_ db: PostgresConnection, _ condition: String, _ values: [Value])
        throws -> [LoadedClass]
    {
        try run(db, "SELECT * FROM classes WHERE \(condition) ORDER BY openedAt", values).map { row in
            let c = row.makeRandomAccess()
            let room = StoredClass(
                code: try c["code"].decode(String.self), lesson: try c["lesson"].decode(String.self),
                keyHash: try c["keyhash"].decode(String?.self), members: try c["members"].decode(String.self),
                paused: try c["paused"].decode(Bool.self), locked: try c["locked"].decode(Bool.self),
                source: try c["source"].decode(String?.self), parameters: try c["parameters"].decode(String.self),
                guide: try c["guide"].decode(String.self), liveTick: try c["livetick"].decode(Int.self),
                hashStride: try c["hashstride"].decode(Int.self), engine: try c["engine"].decode(String.self),
                openedAt: try c["openedat"].decode(Double.self), updatedAt: try c["updatedat"].decode(Double.self),
                closedAt: try c["closedat"].decode(Double?.self))
            let code = room.code
            return LoadedClass(
                room: room,
                epochs: try run(db, "SELECT startTick, lesson, source, steps FROM epochs WHERE code = $1 ORDER BY startTick", [.text(code)])
                    .map { row in
                        let (start, lesson, source, steps) = try row.decode((Int, String, String?, Int).self)
                        return StoredEpoch(code: code, startTick: start, lesson: lesson, source: source, steps: steps)
                    },
                inputs: try run(db, "SELECT startTick, seq, input FROM inputs WHERE code = $1 ORDER BY startTick, seq", [.text(code)])
                    .map { row in
                        let (start, seq, input) = try row.decode((Int, Int, String).self)
                        return StoredInput(code: code, startTick: start, seq: seq, input: input)
                    },
                hashes: try run(db, "SELECT startTick, first, bytes FROM hashes WHERE code = $1 ORDER BY startTick, first", [.text(code)])
                    .map { row in
                        let (start, first, bytes) = try row.decode((Int, Int, Data).self)
                        return StoredHashes(code: code, startTick: start, first: first, bytes: bytes)
                    },
                marks: try run(db, "SELECT seq, tick, kind, text FROM marks WHERE code = $1 ORDER BY seq", [.text(code)])
                    .map { row in
                        let (seq, tick, kind, text) = try row.decode((Int, Int, String, String).self)
                        return StoredMark(code: code, seq: seq, tick: tick, kind: kind, text: text)
                    })
        }
    }

    func claim(code: String, includeClosed: Bool) throws -> ClaimResult {
        try transaction(loaderLink) { db in
            let found = try run(
                db,
                """
                SELECT c.owner, c.closedAt IS NOT NULL,
                  COALESCE((SELECT n.aliveUntil > \(Self.now) FROM nodes n WHERE n.name = c.owner), false)
                FROM classes c WHERE c.code = $1 FOR UPDATE OF c
                """, [.text(code)])
            guard let row = found.first else { return .none }
            let (owner, closed, ownerAlive) = try row.decode((String?, Bool, Bool).self)
            guard includeClosed || !closed else { return .none }
            if let owner, owner != node, ownerAlive {
                // Asked of the owner at its next write; this node asks again until it lets go.
                try run(db, "UPDATE classes SET wantedBy = $2 WHERE code = $1", [.text(code), .text(node)])
                return .busy(owner)
            }
            try run(db, "UPDATE classes SET owner = $2, wantedBy = NULL, closedAt = NULL WHERE code = $1", [.text(code), .text(node)])
            return try read(db, "code = $1", [.text(code)]).first.map(ClaimResult.loaded) ?? .none
        }
    }

    func list() throws -> [ClassSummary] {
        try loaderLink.use(self) { db in
            try run(db, ClassSummary.query).map { row in
                let (code, lesson, liveTick, openedAt, updatedAt, closedAt, members, bytes) =
                    try row.decode((String, String, Int, Double, Double, Double?, String, Int).self)
                return ClassSummary(
                    code: code, lesson: lesson, liveTick: liveTick, openedAt: openedAt, updatedAt: updatedAt, closedAt: closedAt,
                    members: members, bytes: bytes)
            }
        }
    }

    func delete(code: String, onlyClosed: Bool) throws -> Bool {
        try loaderLink.use(self) { db in
            try run(db, "DELETE FROM classes WHERE code = $1\(onlyClosed ? " AND closedAt IS NOT NULL" : "")", [.text(code)])
                .metadata.rows == 1
        }
    }
}
