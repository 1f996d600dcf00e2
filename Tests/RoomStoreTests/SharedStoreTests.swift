import Foundation
import Synchronization
import Testing

import RoomStore

/// The PostgreSQL store a cluster's nodes share (a real PostgreSQL, scripts/postgres-scratch):
/// rows read back as written, one owner per class, a class handed on when another node asks,
/// a dead node's classes taken once its heartbeat lapses, and a node that lost a class never
/// writes over its new owner.
@Suite(.serialized) struct SharedStoreTests {
    /// One PostgreSQL for the suite, in a folder of its own under /tmp (reachable by nobody,
    /// which runs it when the tests run as root).
    static let postgres: (url: String, folder: String) = {
        let folder = "/tmp/newtons-pg-\(UUID().uuidString.prefix(8))"
        // system(), not Process: the server pg_ctl leaves running keeps the pipes a Process
        // would wait on.
        _ = system("PG_FSYNC=off '\(script)' start \(folder) \(Int.random(in: 20_000..<30_000)) > \(folder).url")
        let url = ((try? String(contentsOfFile: folder + ".url", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        atexit {
            let folder = SharedStoreTests.postgres.folder
            _ = system("'\(SharedStoreTests.script)' stop \(folder) >/dev/null 2>&1; rm -rf \(folder) \(folder).url")
        }
        return (url, folder)
    }()

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/postgres-scratch").path

    static func code() -> String { "PG" + String(UUID().uuidString.prefix(4)) }

    /// Answers `claim` synchronously (it answers on the store's loader thread).
    static func claim(_ store: RoomStore, _ code: String, includeClosed: Bool = false) -> ClaimResult {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer: ClaimResult = .none
        store.claim(code, includeClosed: includeClosed) {
            answer = $0
            done.signal()
        }
        done.wait()
        return answer
    }

    @Test func rowsReadBackAsWrittenAndAClassIsHandedOnWhenAnotherNodeAsks() throws {
        #expect(Self.postgres.url.hasPrefix("postgres://"), "PostgreSQL started (scripts/postgres-scratch)")
        let a = try RoomStore(postgres: Self.postgres.url, node: "a")
        let b = try RoomStore(postgres: Self.postgres.url, node: "b")
        defer {
            a.close()
            b.close()
        }
        let code = Self.code()
        // Node a's worker: hands on what it is asked for, as ServerCore does.
        let handedOn = Mutex<[String]>([])
        a.onHandoff { codes in
            handedOn.withLock { $0 += codes }
            a.submit([], released: codes)
        }
        a.submit([RoomStoreTests.change(code, rewrite: true, steps: 2, inputs: 0..<2, hashes: 0..<8)])
        a.submit([RoomStoreTests.change(code, rewrite: false, steps: 4, inputs: 2..<3, hashes: 8..<16)])
        a.flush()
        #expect(a.health == nil)

        let started = Date()
        guard case .loaded(let loaded) = Self.claim(b, code) else {
            Issue.record("node b did not get the class")
            return
        }
        #expect(Date().timeIntervalSince(started) < 2, "handed on at a's next write, not after the wait")
        #expect(handedOn.withLock { $0 } == [code])
        #expect(loaded.room == RoomStoreTests.room(code, tick: 4))
        #expect(loaded.epochs.map(\.epoch.steps) == [4])
        #expect(loaded.epochs[0].inputs == ["[0,\"tap\",1,2]", "[1,\"tap\",1,2]", "[2,\"tap\",1,2]"])
        #expect(loaded.epochs[0].hashes == Data(0..<16))
        #expect(loaded.marks.map(\.text) == ["Teacher"])

        // Node a no longer owns it: what it writes now is refused and reported as lost.
        a.submit([RoomStoreTests.change(code, rewrite: true, steps: 9, inputs: 0..<1, hashes: 0..<4)])
        a.flush()
        // (The writer calls the handler just after the write, which `flush` does not wait for.)
        for _ in 0..<50 where handedOn.withLock({ $0.count }) < 2 { Thread.sleep(forTimeInterval: 0.02) }
        #expect(handedOn.withLock { $0 } == [code, code], "a is told it lost the class")
        #expect(try b.loadClass(code)?.room.liveTick == 4, "a did not write over b's class")
        #expect(try b.list().contains { $0.code == code && $0.liveTick == 4 })
        #expect(try b.delete(code: code))
    }

    @Test func aDeadNodesClassIsTakenOnceItsHeartbeatLapsesAndAnUnknownCodeIsNone() throws {
        let code = Self.code()
        let a = try RoomStore(postgres: Self.postgres.url, node: "dead")
        a.submit([RoomStoreTests.change(code, rewrite: true, steps: 3, inputs: 0..<1, hashes: 0..<4)])
        a.close()  // a dies: it says it is alive no more
        let b = try RoomStore(postgres: Self.postgres.url, node: "b")
        defer { b.close() }
        let started = Date()
        guard case .loaded(let loaded) = Self.claim(b, code) else {
            Issue.record("node b did not take the dead node's class")
            return
        }
        #expect(Date().timeIntervalSince(started) < 2.5)
        #expect(loaded.room.liveTick == 3)
        guard case .none = Self.claim(b, Self.code()) else {
            Issue.record("a code no node wrote is not none")
            return
        }
        // A closed class opens again only for its key (includeClosed).
        b.submit([], closed: [code])
        b.flush()
        guard case .none = Self.claim(b, code) else {
            Issue.record("a closed class was opened for a student")
            return
        }
        guard case .loaded = Self.claim(b, code, includeClosed: true) else {
            Issue.record("a closed class was not opened for its key")
            return
        }
    }

    @Test func anUnreachableServerIsRefusedWithTheReason() {
        #expect(throws: StoreError.self) {
            try RoomStore(postgres: "postgres://newtons@/newtons?host=/nonexistent&port=1", node: "a")
        }
        #expect(throws: StoreError.self) { try RoomStore(postgres: "mysql://x/y", node: "a") }
    }
}
