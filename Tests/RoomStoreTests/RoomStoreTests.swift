import Foundation
import Testing

import RoomStore

/// The store alone: rows written by its thread and read back, appended and rewritten, the
/// folder's lock, a damaged database, deletion and retention.
@Suite struct RoomStoreTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("newtons-store-\(UUID().uuidString)")
    }

    static func room(_ code: String, tick: Int = 60, updatedAt: Double = 1000, closedAt: Double? = nil) -> StoredClass {
        StoredClass(
            code: code, lesson: "snap", keyHash: "ab", members: "Teacher\nAna", paused: false, locked: true,
            source: "let x = 1", parameters: "g=1", guide: "", liveTick: tick, hashStride: 1, engine: "e1-test",
            openedAt: 900, updatedAt: updatedAt, closedAt: closedAt)
    }

    static func change(_ code: String, rewrite: Bool, steps: Int, inputs: Range<Int>, hashes: Range<UInt8>) -> ClassChange {
        ClassChange(
            room: room(code, tick: steps), rewrite: rewrite, firstTick: 0,
            epochs: [StoredEpoch(code: code, startTick: 0, lesson: "snap", source: nil, steps: steps)],
            inputs: inputs.map { StoredInput(code: code, startTick: 0, seq: $0, input: "[\($0),\"tap\",1,2]") },
            hashes: [StoredHashes(code: code, startTick: 0, first: Int(hashes.lowerBound), bytes: Data(hashes))],
            marks: [StoredMark(code: code, seq: 0, tick: 0, kind: "join", text: "Teacher")])
    }

    @Test func changesAreAppendedByTheWriterAndReadBackInOrder() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try RoomStore(folder: folder)
        store.submit([Self.change("ABCDEF", rewrite: true, steps: 2, inputs: 0..<2, hashes: 0..<8)])
        store.submit([Self.change("ABCDEF", rewrite: false, steps: 4, inputs: 2..<3, hashes: 8..<16)])
        store.flush()
        let loaded = try #require(try store.openClasses().first)
        #expect(loaded.room == Self.room("ABCDEF", tick: 4))
        #expect(loaded.epochs.count == 1)
        #expect(loaded.epochs[0].epoch.steps == 4)
        #expect(loaded.epochs[0].inputs == ["[0,\"tap\",1,2]", "[1,\"tap\",1,2]", "[2,\"tap\",1,2]"])
        #expect(loaded.epochs[0].hashes == Data(0..<16))
        #expect(loaded.marks.map(\.text) == ["Teacher"])
        #expect(store.counters.bytesWritten > 0)
        #expect(store.health == nil)

        // A rewrite replaces the recording whole.
        store.submit([Self.change("ABCDEF", rewrite: true, steps: 1, inputs: 0..<1, hashes: 0..<4)])
        store.flush()
        let rewritten = try #require(try store.loadClass("ABCDEF"))
        #expect(rewritten.epochs[0].inputs.count == 1)
        #expect(rewritten.epochs[0].hashes == Data(0..<4))
        store.close()

        // Another store on the same folder (after this one closed) reads the same.
        let again = try RoomStore(folder: folder)
        #expect(try again.loadClass("ABCDEF")?.epochs[0].epoch.steps == 1)
    }

    @Test func aClosedClassIsKeptButNotBroughtBack() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try RoomStore(folder: folder)
        store.submit([Self.change("ABCDEF", rewrite: true, steps: 2, inputs: 0..<1, hashes: 0..<8)])
        store.submit([], closed: ["ABCDEF"], now: 5000)
        store.flush()
        #expect(try store.openClasses().isEmpty)
        #expect(try store.list().map(\.code) == ["ABCDEF"])
        #expect(try store.list().first?.closedAt == 5000)
    }

    @Test func aSecondServerOnTheFolderIsRefusedWithTheHolderNamed() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try RoomStore(folder: folder)
        #expect(first.holdsFolder)
        do {
            _ = try RoomStore(folder: folder)
            Issue.record("a second store took the folder")
        } catch {
            #expect(error.description.contains("is held by another server (newtons pid \(getpid())"))
        }
        // `newtons data list` reads beside it.
        let beside = try RoomStore(folder: folder, holdingFolder: false)
        #expect(try beside.list().isEmpty)
        first.close()
    }

    @Test func aDamagedDatabaseIsSetAsideAndANewOneStarted() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 10_000).write(to: folder.appendingPathComponent("newtons.sqlite"))
        let said = LockedLines()
        let store = try RoomStore(folder: folder) { said.append($0) }
        #expect(said.lines.count == 1)
        #expect(said.lines.first?.contains("is damaged") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.contains { $0.hasPrefix("newtons.sqlite.damaged-") })
        store.submit([Self.change("ABCDEF", rewrite: true, steps: 2, inputs: 0..<1, hashes: 0..<8)])
        store.flush()
        #expect(try store.openClasses().count == 1)

        // Opened beside a server, a damaged database is reported, never set aside.
        let other = Self.folder()
        defer { try? FileManager.default.removeItem(at: other) }
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 100).write(to: other.appendingPathComponent("newtons.sqlite"))
        #expect(throws: StoreError.self) { try RoomStore(folder: other, holdingFolder: false) }
    }

    @Test func aTruncatedDatabaseIsSetAsideToo() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let store = try RoomStore(folder: folder)
            for i in 0..<50 {
                store.submit([Self.change("C\(i)", rewrite: true, steps: 2, inputs: 0..<20, hashes: 0..<200)])
            }
            store.close()
        }
        // Cut inside its first page, the schema's (a copy or a disk that stopped there).
        let file = folder.appendingPathComponent("newtons.sqlite")
        let bytes = try Data(contentsOf: file)
        #expect(bytes.count > 4096)
        try bytes.prefix(3000).write(to: file)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        let said = LockedLines()
        let store = try RoomStore(folder: folder) { said.append($0) }
        #expect(said.lines.first?.contains("is damaged") == true)
        #expect(try store.openClasses().isEmpty)
    }

    @Test func deletionAndRetention() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try RoomStore(folder: folder)
        for (code, updated, closed) in [("OLD", 100.0, 150.0), ("CLOSED", 5000.0, 5000.0), ("OPEN", 6000.0, nil)] as [(String, Double, Double?)] {
            var change = Self.change(code, rewrite: true, steps: 2, inputs: 0..<1, hashes: 0..<8)
            change.room.updatedAt = updated
            change.room.closedAt = closed
            store.submit([change])
        }
        store.flush()
        // Past the days kept: OLD. Over a tiny budget: CLOSED too, never the open class.
        #expect(try store.prune(keepSeconds: 1000, budgetBytes: nil, now: 2000) == ["OLD"])
        #expect(try store.prune(keepSeconds: 1e9, budgetBytes: 1, now: 7000) == ["CLOSED"])
        #expect(try store.list().map(\.code) == ["OPEN"])
        // While the server runs (every hour) its open classes are its rooms: never pruned.
        #expect(try store.prune(keepSeconds: 1, budgetBytes: nil, onlyClosed: true, now: 1e9).isEmpty)
        #expect(try store.prune(keepSeconds: 1, budgetBytes: nil, now: 1e9) == ["OPEN"], "at start they go")
        store.submit([Self.change("OPEN", rewrite: true, steps: 2, inputs: 0..<1, hashes: 0..<8)])
        store.flush()
        #expect(try store.delete(code: "OPEN", onlyClosed: true) == false)
        #expect(try store.delete(code: "OPEN"))
        #expect(try store.list().isEmpty)
        #expect(try store.delete(code: "OPEN") == false)
    }

    @Test func rowsRefusedAreLetGoAndTheirClassWrittenWholeNextTime() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let said = LockedLines()
        let store = try RoomStore(folder: folder) { said.append($0) }
        store.submit([Self.change("ABCDEF", rewrite: true, steps: 2, inputs: 0..<1, hashes: 0..<8)])
        store.flush()
        // The same input twice: SQLite refuses the batch, health says why until a write passes.
        var bad = Self.change("ABCDEF", rewrite: false, steps: 3, inputs: 0..<1, hashes: 8..<12)
        bad.hashes = []
        store.submit([bad])
        store.flush()
        #expect(store.health?.contains("UNIQUE") == true)
        #expect(said.lines.contains { $0.contains("cannot write") })
        #expect(store.counters.failedWrites == 1)
        #expect(store.takeDroppedCodes() == ["ABCDEF"])
        store.submit([Self.change("ABCDEF", rewrite: true, steps: 3, inputs: 0..<2, hashes: 0..<12)])
        store.flush()
        #expect(store.health == nil)
        #expect(said.lines.last?.contains("resumed") == true)
        #expect(try store.loadClass("ABCDEF")?.epochs[0].inputs.count == 2)
    }
}

/// A full disk: a tiny tmpfs (root only; skipped where mounting is not allowed).
@Suite struct FullDiskTests {
    static func mount(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func writesToAFullDiskAreKeptAndResumeWhenThereIsRoom() throws {
        let folder = RoomStoreTests.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard Self.mount(["-t", "tmpfs", "-o", "size=160k", "tmpfs", folder.path]) else {
            print("FullDiskTests: skipped, this user cannot mount a tmpfs")
            return
        }
        defer { _ = umountFolder(folder) }
        let said = LockedLines()
        let store = try RoomStore(folder: folder) { said.append($0) }
        var submitted = 0
        while store.health == nil, submitted < 400 {
            store.submit([RoomStoreTests.change("C\(submitted)", rewrite: true, steps: 2, inputs: 0..<50, hashes: 0..<255)])
            store.flush()
            submitted += 1
        }
        #expect(store.health != nil, "160 KB never filled")
        #expect(said.lines.contains { $0.contains("cannot write") && $0.contains("full") })
        // Room again: the kept batch is written, every class is there.
        #expect(Self.mount(["-o", "remount,size=16m", folder.path]))
        store.submit([])
        store.flush()
        store.flush()
        #expect(store.health == nil)
        #expect(said.lines.last?.contains("resumed") == true)
        #expect(try store.list().count == submitted)
        store.close()
    }

    private func umountFolder(_ folder: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = ["-l", folder.path]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// Lines a store reported, from its thread.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}
