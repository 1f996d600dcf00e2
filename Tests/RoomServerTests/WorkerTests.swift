import Foundation
import Logging
import RoomServer
import Testing

/// Workers without sockets: lesson rooms that overflow into instances, the acceptor's routing
/// of request heads, and cores of two workers sharing one ledger and one metrics board.
struct WorkerTests {
    func makeCores(
        _ count: Int, _ adjust: (inout ServerLimits) -> Void = { _ in }
    ) -> (cores: [ServerCore], ledger: ServerLedger) {
        var limits = ServerLimits()
        adjust(&limits)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let ledger = ServerLedger(limits: limits, workers: count)
        let board = MetricsBoard()
        let cores = (0..<count).map {
            ServerCore(directory: fakeDirectory, limits: limits, logger: logger, ledger: ledger, worker: $0, board: board)
        }
        return (cores, ledger)
    }

    func join(_ core: ServerCore, _ id: ConnectionID, _ query: String, address: String = "10.0.0.1", now: Int64 = 0) {
        let router = RequestRouter(ledger: core.ledger, directory: fakeDirectory)
        var instance: LessonInstance?
        if case .worker(_, let promised) = router.route(head: head(query), spare: 0, now: now) { instance = promised }
        core.open(
            connection: id, address: address,
            request: ConnectRequest(arguments: query.split(separator: "&").map(String.init)), instance: instance,
            now: now)
    }

    func head(_ query: String, upgrade: Bool = true) -> ArraySlice<UInt8> {
        let text =
            "GET /ws?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + (upgrade ? "Upgrade: websocket\r\nConnection: Upgrade\r\n" : "") + "\r\n"
        return Array(text.utf8)[...]
    }

    func firstWrite(_ core: ServerCore, _ id: ConnectionID) -> String? {
        guard case .send(let buffer) = core.nextWrite(connection: id, now: 0).action else { return nil }
        return type(of: buffer)
    }

    func rooms(_ core: ServerCore) throws -> [String: Int] {
        let list = try JSONSerialization.jsonObject(with: Data(core.roomsJSON())) as? [[String: Any]] ?? []
        var result: [String: Int] = [:]
        for room in list { result[room["id"] as? String ?? "?"] = room["clients"] as? Int }
        return result
    }

    // MARK: Rooms that fill up

    @Test func aFullLessonRoomSendsNewcomersOnAndItsEmptyInstanceCloses() throws {
        let core = makeCores(1) { $0.maxClientsPerRoom = 2 }.cores[0]
        for id in 1...5 { join(core, ConnectionID(id), "room=fake-moving") }
        #expect((1...5).map { core.sessions[ConnectionID($0)]?.roomID } == [
            "fake-moving", "fake-moving", "fake-moving-2", "fake-moving-2", "fake-moving-3",
        ])
        #expect((1...5).allSatisfy { firstWrite(core, ConnectionID($0)) == "welcome" })
        var listed = try rooms(core)
        #expect(listed["fake-moving"] == 2 && listed["fake-moving-2"] == 2 && listed["fake-moving-3"] == 1)
        #expect(listed["fake-other"] == 0)

        // The third instance empties: it closes at the next housekeeping; the first stays.
        core.closed(connection: 5, now: 0)
        core.runTimers(now: 1_000_000)
        #expect(core.lessonRooms["fake-moving-3"] == nil)
        listed = try rooms(core)
        #expect(listed["fake-moving-3"] == nil && listed["fake-moving-2"] == 2)

        // A seat freed in the first room is taken before any later instance.
        core.closed(connection: 1, now: 0)
        join(core, 6, "room=fake-moving", now: 2_000_000)
        #expect(core.sessions[6]?.roomID == "fake-moving")
    }

    @Test func anInstanceCanBeJoinedByNameAndNonsenseIsAnUnknownRoom() {
        let core = makeCores(1).cores[0]
        join(core, 1, "room=fake-moving-2")
        #expect(core.sessions[1]?.roomID == "fake-moving-2")
        for (offset, name) in ["fake-moving-1", "fake-moving-02", "fake-moving-99999", "fake-moving-", "nope-2"].enumerated() {
            let id = ConnectionID(10 + offset)
            join(core, id, "room=\(name)")
            #expect(core.sessions[id]?.room == nil, "\(name)")
        }
    }

    // MARK: Routing before the upgrade

    @Test func theRouterSendsEachRoomToItsWorkerAndSpreadsInstances() throws {
        let (_, ledger) = makeCores(2) { $0.maxClientsPerRoom = 1 }
        let router = RequestRouter(ledger: ledger, directory: fakeDirectory)
        let routing = ledger.routing
        // Each upgrade to a full lesson room is promised a seat in the next instance, and
        // consecutive instances live on different workers.
        var workers: [Int] = []
        for number in 1...3 {
            let route = router.route(head: head("room=fake-moving"), spare: 0, now: 0)
            let instance = LessonInstance(lesson: "fake-moving", number: number)
            #expect(route == .worker(routing.worker(lesson: "fake-moving", instance: number), instance: instance))
            if case .worker(let worker, _) = route { workers.append(worker) }
        }
        #expect(workers[0] != workers[1] && workers[1] != workers[2])
        // A plain GET of /ws is promised nothing (it never joins).
        #expect(router.route(head: head("room=fake-other", upgrade: false), spare: 0, now: 0)
            == .worker(routing.worker(lesson: "fake-other", instance: 1), instance: nil))
        // Class codes, typed in any case, go where their code says; URL-encoding is undone.
        #expect(router.route(head: head("room=abcdef"), spare: 0, now: 0) == .worker(routing.worker(code: "ABCDEF"), instance: nil))
        #expect(router.route(head: head("room=fake%2Dother&name=a+b"), spare: 0, now: 0)
            == .worker(routing.worker(lesson: "fake-other", instance: 1), instance: LessonInstance(lesson: "fake-other", number: 1)))
        // No room, an unknown room, files and the API: a worker in turn, or the name's hash.
        #expect(router.route(head: head("name=x"), spare: 3, now: 0) == .worker(1, instance: nil))
        #expect(router.route(head: head("room=" + String(repeating: "z", count: 300)), spare: 0, now: 0)
            == .worker(routing.worker(other: String(repeating: "z", count: 300)), instance: nil))
        #expect(router.route(head: Array("GET /api/rooms HTTP/1.1\r\n\r\n".utf8)[...], spare: 2, now: 0) == .worker(0, instance: nil))
    }

    @Test func headsThatAreNotHTTPOrTooLongAreAnsweredByTheAcceptor() {
        let router = RequestRouter(ledger: ServerLedger(), directory: fakeDirectory)
        #expect(RequestRouter.scan(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == .incomplete)
        #expect(RequestRouter.scan(Array("GET / HTTP/1.1\r\n\r\nmore".utf8)) == .complete(18))
        #expect(RequestRouter.scan([UInt8](repeating: 65, count: RequestRouter.maxHeadBytes)) == .tooLarge)
        for garbage in ["garbage\r\n\r\n", "GET\r\n\r\n", "GET nothing HTTP/1.1\r\n\r\n", "GET / SPDY/3\r\n\r\n", "\r\n\r\n"] {
            guard case .answer(let status, _) = router.route(head: Array(garbage.utf8)[...], spare: 0, now: 0) else {
                Issue.record("routed: \(garbage)")
                continue
            }
            #expect(status == 400)
        }
    }

    // MARK: Workers sharing the server's limits

    @Test func aClassRoomsCodeNamesTheWorkerThatOpenedIt() {
        let (cores, ledger) = makeCores(2)
        for core in cores {
            for id in 1...8 {
                join(core, ConnectionID(id), "lesson=fake-moving")
                let code = core.sessions[ConnectionID(id)]?.roomID ?? ""
                #expect(RoomCode.normalize(code) != nil)
                #expect(ledger.routing.worker(code: code) == core.worker)
            }
        }
        #expect(ledger.classRoomCount == 16)
    }

    @Test func limitsAreServerWideAcrossWorkers() {
        let (cores, ledger) = makeCores(2) {
            $0.maxClients = 2
            $0.maxRoomsPerAddress = 1
            $0.unknownRoomsPerMinute = 1
        }
        join(cores[0], 1, "lesson=fake-moving")
        join(cores[1], 1, "lesson=fake-moving")
        // The second class room of that address is refused although it is another worker's.
        #expect(cores[1].sessions[1]?.room == nil)
        join(cores[0], 2, "room=fake-other", address: "10.0.0.2")
        #expect(cores[0].sessions[2]?.room == nil)  // three clients: the server is full
        #expect(ledger.clientCount == 3)
        cores[1].closed(connection: 1, now: 0)
        cores[0].closed(connection: 2, now: 0)
        #expect(ledger.clientCount == 1)
        // One unknown room a minute per address, whichever worker answers it.
        join(cores[0], 3, "room=NOPE23", address: "10.0.0.3")
        join(cores[1], 3, "room=NOPE24", address: "10.0.0.3")
        cores[1].runTimers(now: 0)
        guard case .send = cores[1].nextWrite(connection: 3, now: 0).action else {
            Issue.record("the second unknown room was not refused at once")
            return
        }
    }

    @Test func withTheDefaultsASchoolBehindOneAddressGetsIn() {
        // 40 teachers open their classes and 1,000 students join them, all from one address.
        let (cores, ledger) = makeCores(2)
        var codes: [String] = []
        for teacher in 0..<40 {
            let core = cores[ledger.leastLoadedWorker()]
            join(core, ConnectionID(teacher + 1), "lesson=fake-moving", address: "192.0.2.1")
            let code = core.sessions[ConnectionID(teacher + 1)]?.roomID
            #expect(code.flatMap(RoomCode.normalize) != nil, "teacher \(teacher)")
            codes.append(code ?? "")
        }
        for student in 0..<1000 {
            let code = codes[student % codes.count]
            let core = cores[ledger.routing.worker(code: code)]
            let id = ConnectionID(1000 + student)
            join(core, id, "room=\(code)", address: "192.0.2.1")
            #expect(core.sessions[id]?.roomID == code, "student \(student)")
        }
        #expect(ledger.clientCount == 1040)
        #expect(ServerLimits().connectionBurstPerAddress >= 1040)
    }

    @Test func metricsAreSummedOverWorkers() {
        let (cores, _) = makeCores(2)
        join(cores[0], 1, "room=fake-moving")
        join(cores[1], 1, "room=fake-moving-2")
        join(cores[1], 2, "room=fake-moving-2")
        cores[1].publishMetrics()
        let text = String(decoding: cores[0].renderMetrics(), as: UTF8.self)
        #expect(text.contains("newtons_clients 3"))
        #expect(text.contains("newtons_connections_total 3"))
    }
}
