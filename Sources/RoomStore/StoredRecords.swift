import Foundation
import GRDB

// The rows of the store, each declared once (docs/server.md, "What is kept"). RoomStore knows
// nothing of rooms or lessons: RoomServer turns a room and its recording into these rows and
// back (Sources/RoomServer/Store/).

/// A class room: what opens it again after a restart, besides its recording.
public struct StoredClass: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "classes"

    public var code: String
    /// The lesson the room runs (its live epoch's).
    public var lesson: String
    /// SHA-256 of the instructor's key, hex: the key itself is never written.
    public var keyHash: String?
    /// Members' names when last written, one per line (who was in; they reconnect themselves).
    public var members: String
    public var paused: Bool
    public var locked: Bool
    /// The edited code the room runs (nil: the lesson's own).
    public var source: String?
    /// The parameters' values as last written, `name=value` per line (for `data list`; the
    /// recording's inputs are what puts them back).
    public var parameters: String
    /// The guide step each member had reached, `name=step` per line.
    public var guide: String
    /// The newest tick written and the recording's hash stride.
    public var liveTick: Int
    public var hashStride: Int
    /// The engine's fingerprint when written: a room of another engine is opened read-only.
    public var engine: String
    /// Unix seconds: opened, last written, and closed (nil while the room is open).
    public var openedAt: Double
    public var updatedAt: Double
    public var closedAt: Double?

    public init(
        code: String, lesson: String, keyHash: String?, members: String, paused: Bool, locked: Bool, source: String?,
        parameters: String, guide: String, liveTick: Int, hashStride: Int, engine: String, openedAt: Double,
        updatedAt: Double, closedAt: Double? = nil
    ) {
        (self.code, self.lesson, self.keyHash, self.members, self.paused, self.locked, self.source) =
            (code, lesson, keyHash, members, paused, locked, source)
        (self.parameters, self.guide, self.liveTick, self.hashStride, self.engine) = (parameters, guide, liveTick, hashStride, engine)
        (self.openedAt, self.updatedAt, self.closedAt) = (openedAt, updatedAt, closedAt)
    }
}

/// One epoch of a class's recording (a stretch that starts from a fresh lesson).
public struct StoredEpoch: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "epochs"

    public var code: String
    public var startTick: Int
    public var lesson: String
    public var source: String?
    public var steps: Int

    public init(code: String, startTick: Int, lesson: String, source: String?, steps: Int) {
        (self.code, self.startTick, self.lesson, self.source, self.steps) = (code, startTick, lesson, source, steps)
    }
}

/// One recorded input, as it happened: `input` is its JSON array as a recording file writes it.
public struct StoredInput: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "inputs"

    public var code: String
    public var startTick: Int
    /// Its place in its epoch's inputs (0, 1, …).
    public var seq: Int
    public var input: String

    public init(code: String, startTick: Int, seq: Int, input: String) {
        (self.code, self.startTick, self.seq, self.input) = (code, startTick, seq, input)
    }
}

/// A run of an epoch's state hashes, little-endian UInt32s, from hash number `first` on.
public struct StoredHashes: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "hashes"

    public var code: String
    public var startTick: Int
    public var first: Int
    public var bytes: Data

    public init(code: String, startTick: Int, first: Int, bytes: Data) {
        (self.code, self.startTick, self.first, self.bytes) = (code, startTick, first, bytes)
    }
}

/// A timeline mark of a class's recording (joins, leaves, controls).
public struct StoredMark: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "marks"

    public var code: String
    /// Its place among the class's marks (they are written all at once).
    public var seq: Int
    public var tick: Int
    public var kind: String
    public var text: String

    public init(code: String, seq: Int, tick: Int, kind: String, text: String) {
        (self.code, self.tick, self.seq, self.kind, self.text) = (code, tick, seq, kind, text)
    }
}

/// What changed in one class since it was last written: applied in one transaction with the
/// rest of its batch. `rewrite` replaces its whole recording (after a branch, a thinning of its
/// hashes, or writes that were lost); otherwise the rows are appended.
public struct ClassChange: Sendable, Equatable {
    public var room: StoredClass
    public var rewrite: Bool
    /// Epochs that started before this tick are gone from the recording (over its budget).
    public var firstTick: Int
    /// New epochs, and kept epochs whose step count grew (upserted).
    public var epochs: [StoredEpoch]
    public var inputs: [StoredInput]
    public var hashes: [StoredHashes]
    /// Every mark, when they changed (they change seldom: joins, controls), else nil.
    public var marks: [StoredMark]?

    public init(
        room: StoredClass, rewrite: Bool, firstTick: Int, epochs: [StoredEpoch], inputs: [StoredInput],
        hashes: [StoredHashes], marks: [StoredMark]?
    ) {
        (self.room, self.rewrite, self.firstTick, self.epochs, self.inputs, self.hashes, self.marks) =
            (room, rewrite, firstTick, epochs, inputs, hashes, marks)
    }
}

/// A class and its whole recording, read back.
public struct LoadedClass: Sendable {
    public var room: StoredClass
    /// Oldest first, each with its inputs (in order) and its hashes joined.
    public var epochs: [(epoch: StoredEpoch, inputs: [String], hashes: Data)]
    public var marks: [StoredMark]

    /// Joins a class's rows, each kind in its order (epochs by start; inputs and hashes by
    /// epoch, then place).
    init(room: StoredClass, epochs: [StoredEpoch], inputs: [StoredInput], hashes: [StoredHashes], marks: [StoredMark]) {
        let inputsByEpoch = Dictionary(grouping: inputs, by: \.startTick)
        let hashesByEpoch = Dictionary(grouping: hashes, by: \.startTick)
        self.room = room
        self.epochs = epochs.map { epoch in
            var bytes = Data()
            for run in hashesByEpoch[epoch.startTick] ?? [] { bytes.append(run.bytes) }
            return (epoch, (inputsByEpoch[epoch.startTick] ?? []).map(\.input), bytes)
        }
        self.marks = marks
    }
}

extension ClassChange {
    /// The bytes of payload it writes (about: the rows' contents), for `/metrics` and the benchmark.
    var payloadBytes: Int {
        200 + (room.source?.utf8.count ?? 0)
            + epochs.reduce(0) { $0 + 40 + ($1.source?.utf8.count ?? 0) }
            + inputs.reduce(0) { $0 + 24 + $1.input.utf8.count }
            + hashes.reduce(0) { $0 + 24 + $1.bytes.count }
            + (marks ?? []).reduce(0) { $0 + 24 + $1.text.utf8.count }
    }

    /// The rows it holds, for the bound on what a failing store keeps.
    var rowCount: Int { 1 + epochs.count + inputs.count + hashes.count }
}

/// One line of `newtons data list`.
public struct ClassSummary: Sendable, Equatable {
    public var code: String
    public var lesson: String
    public var liveTick: Int
    public var openedAt: Double
    public var updatedAt: Double
    public var closedAt: Double?
    public var members: String
    /// Bytes its rows take (about: the payloads' lengths).
    public var bytes: Int

    /// Every class kept, newest first, with its bytes: in both databases' SQL (unquoted names,
    /// which PostgreSQL folds to lower case as its tables were made).
    static let query = """
        SELECT c.code, c.lesson, c.liveTick, c.openedAt, c.updatedAt, c.closedAt, c.members,
          COALESCE((SELECT SUM(LENGTH(input) + 24) FROM inputs i WHERE i.code = c.code), 0)
          + COALESCE((SELECT SUM(LENGTH(bytes) + 24) FROM hashes h WHERE h.code = c.code), 0)
          + 200 + COALESCE(LENGTH(c.source), 0) AS bytes
        FROM classes c ORDER BY c.updatedAt DESC
        """
}
