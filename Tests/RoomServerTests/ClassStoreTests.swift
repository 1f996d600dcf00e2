import Foundation
import Lessons
import Logging
import RoomServer
import RoomStore
import Testing

/// Class rooms kept in the store and brought back, without sockets: the moment reached, the
/// recording, the key; a recording that no longer replays comes back read-only.
struct ClassStoreTests {
    func makeCore(store: RoomStore) -> ServerCore {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let core = ServerCore(directory: fakeDirectory, logger: logger)
        core.useStore(store)
        return core
    }

    func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("newtons-classes-\(UUID().uuidString)")
    }

    /// A class of fake-moving run for `ticks` with taps on the way, written to `store`.
    func runClass(_ core: ServerCore, ticks: Int) throws -> Room {
        core.open(connection: 1, address: "10.0.0.1", request: ConnectRequest(arguments: ["lesson=fake-moving", "name=Teacher"]), now: 0)
        let room = try #require(core.classRooms.values.first)
        for tick in 1...ticks {
            if tick % 50 == 0 {
                core.receive(connection: 1, text: Array(#"{"type":"tap","x":\#(tick % 100),"y":20}"#.utf8), now: Int64(tick) * 16_667)
            }
            core.tick(now: Int64(tick) * 16_667)
            if tick % 15 == 0 { core.writeClasses(now: Int64(tick) * 16_667) }
        }
        core.writeClasses(now: Int64(ticks) * 16_667)
        return room
    }

    @Test func aClassComesBackAtItsMomentWithItsRecordingAndItsKeyOpensIt() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var store = try RoomStore(folder: folder)
        let room = try runClass(makeCore(store: store), ticks: 400)
        let code = try #require(room.code)
        let key = try #require(room.instructorKey)
        #expect(room.recording.epochs[0].inputs.count == 8)
        store.close()

        store = try RoomStore(folder: folder)
        let core = makeCore(store: store)
        let result = core.restoreClasses(try store.openClasses(), now: 0)
        #expect(result.restored == 1)
        #expect(result.readOnly.isEmpty)
        let back = try #require(core.classRooms[code])
        #expect(back.liveTick == room.liveTick)
        #expect(StateHash.of(back.lesson) == StateHash.of(room.lesson))
        #expect(back.recording.epochs == room.recording.epochs)
        #expect(back.recording.marks == room.recording.marks)
        #expect(back.instructorKey == nil)

        // A wrong key does not open it; the right one does, and it runs on from its moment.
        core.open(connection: 7, address: "10.0.0.2", request: ConnectRequest(arguments: ["room=\(code)", "key=\(String(repeating: "0", count: 32))"]), now: 0)
        #expect(back.member(for: 7)?.role == .student)
        core.open(connection: 8, address: "10.0.0.1", request: ConnectRequest(arguments: ["room=\(code)", "key=\(key)"]), now: 0)
        #expect(back.member(for: 8)?.role == .instructor)
        #expect(back.instructorKey == key)
        core.tick(now: 16_667)
        #expect(back.liveTick == room.liveTick + 1)
        store.close()
    }

    @Test func aClassWhoseRecordingNoLongerReplaysComesBackReadOnly() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try RoomStore(folder: folder)
        let room = try runClass(makeCore(store: store), ticks: 120)
        store.flush()
        var loaded = try store.openClasses()
        // Another engine's hashes: the replay does not reach them.
        loaded[0].epochs[0].hashes = Data(repeating: 7, count: loaded[0].epochs[0].hashes.count)
        let core = makeCore(store: store)
        let result = core.restoreClasses(loaded, now: 0)
        let code = try #require(room.code)
        #expect(result.readOnly[code]?.contains("strayed") == true)
        let back = try #require(core.classRooms[code])
        #expect(back.paused)
        core.open(connection: 3, address: "10.0.0.1", request: ConnectRequest(arguments: ["room=\(code)"]), now: 0)
        let refused = back.handle(.tap(x: 10, y: 10), from: 3, now: 0)
        guard case .failure(let error) = refused else {
            Issue.record("a read-only class took a tap")
            return
        }
        #expect(error.message.contains("read-only"))
        store.close()
    }

    @Test func aBranchIsWrittenAsTheWholeRecordingAgain() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var store = try RoomStore(folder: folder)
        let core = makeCore(store: store)
        let room = try runClass(core, ticks: 300)
        _ = room.handle(.control(.seek(time: 2)), from: 1, now: 0)
        _ = room.handle(.control(.resume), from: 1, now: 0)
        #expect(room.liveTick == 120)
        for tick in 1...30 { core.tick(now: Int64(400 + tick) * 16_667) }
        core.writeClasses(now: 500 * 16_667)
        store.close()

        store = try RoomStore(folder: folder)
        let again = makeCore(store: store)
        again.restoreClasses(try store.openClasses(), now: 0)
        let back = try #require(again.classRooms[room.code ?? ""])
        #expect(back.liveTick == room.liveTick)
        #expect(back.recording.epochs == room.recording.epochs)
        #expect(StateHash.of(back.lesson) == StateHash.of(room.lesson))
        store.close()
    }
    /// Every JSON message written to a connection until nothing is due.
    func written(_ core: ServerCore, _ id: ConnectionID) -> [[String: Any]] {
        var messages: [[String: Any]] = []
        for _ in 0..<1000 {
            let (action, more) = core.nextWrite(connection: id, now: 0)
            guard case .send(let buffer) = action else { break }
            if !buffer.isBinary { messages.append(decode(buffer)) }
            if !more { break }
        }
        return messages
    }

    @Test func aStudentWhoJoinsAClassBroughtBackGetsBackTheGuideStepsTheyHadDone() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var store = try RoomStore(folder: folder)
        var core = ServerCore(directory: GuideRoomTests.directory, logger: logger)
        core.useStore(store)
        core.open(connection: 1, address: "10.0.0.1", request: ConnectRequest(arguments: ["lesson=snap", "name=Teacher"]), now: 0)
        let code = try #require(core.classRooms.keys.first)
        core.open(connection: 2, address: "10.0.0.2", request: ConnectRequest(arguments: ["room=\(code)", "name=Ada, \"the\" first"]), now: 0)
        core.open(connection: 3, address: "10.0.0.3", request: ConnectRequest(arguments: ["room=\(code)", "name=-Bo"]), now: 0)
        core.receive(connection: 2, text: Array(#"{"type":"tap","x":60,"y":600}"#.utf8), now: 0)
        for tick in 1...120 { core.tick(now: Int64(tick) * 16_667) }
        let before = try #require(core.classRooms[code]?.guide?.tracker)
        #expect(before.members[2]?.done.map(\.step) == ["first-snap"], "Ada met the first step")
        core.writeClasses(now: 2_000_000)
        store.close()

        store = try RoomStore(folder: folder)
        core = ServerCore(directory: GuideRoomTests.directory, logger: logger)
        core.useStore(store)
        #expect(core.restoreClasses(try store.openClasses(), now: 0).restored == 1)
        // Ada comes back (a new connection, a new member): her step is done again, the next one open.
        core.open(connection: 5, address: "10.0.0.2", request: ConnectRequest(arguments: ["room=\(code)", "name=Ada, \"the\" first"]), now: 0)
        let room = try #require(core.classRooms[code])
        let ada = try #require(room.member(for: 5))
        let tracker = try #require(room.guide?.tracker)
        #expect(tracker.members[ada.id]?.done.map(\.step) == ["first-snap"])
        #expect(tracker.members[ada.id]?.open == 1)
        let told = written(core, 5).filter { $0["name"] as? String == "step-done" }
        #expect(told.map { $0["step"] as? String } == ["first-snap"], "her page is told")
        #expect((told.first?["texts"] as? [String: String])?["zh-CN"] == "服务器重启前已完成")
        // Bo had done nothing: nothing is put back.
        core.open(connection: 6, address: "10.0.0.3", request: ConnectRequest(arguments: ["room=\(code)", "name=-Bo"]), now: 0)
        let bo = try #require(room.member(for: 6))
        #expect(tracker.members[bo.id]?.done.isEmpty == true)
        #expect(tracker.members[bo.id]?.open == 0)
        store.close()
    }
    @Test func aClosedClassAskedForByAStudentThenItsInstructorComesBackWithItsRecording() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var store = try RoomStore(folder: folder)
        let room = try runClass(makeCore(store: store), ticks: 120)
        let code = try #require(room.code)
        let key = try #require(room.instructorKey)
        store.submit([], closed: [code])
        store.close()

        store = try RoomStore(folder: folder)
        let core = makeCore(store: store)
        #expect(core.restoreClasses(try store.openClasses(), now: 0).restored == 0, "closed: not brought back at start")
        // A student asks first (open classes only), the instructor's key while the store answers.
        core.open(connection: 5, address: "10.0.0.2", request: ConnectRequest(arguments: ["room=\(code)"]), now: 0)
        core.open(connection: 6, address: "10.0.0.1", request: ConnectRequest(arguments: ["room=\(code)", "key=\(key)"]), now: 0)
        for _ in 0..<200 where core.classRooms[code] == nil {
            Thread.sleep(forTimeInterval: 0.01)
            core.takeStoreAnswers(now: 0)
        }
        let back = try #require(core.classRooms[code], "the key reopened the kept class, not a new one over it")
        #expect(back.recording.epochs == room.recording.epochs)
        #expect(back.member(for: 6)?.role == .instructor)
        #expect(back.member(for: 5)?.role == .student)
        store.close()
    }
}
