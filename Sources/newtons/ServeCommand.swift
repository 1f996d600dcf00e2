import ArgumentParser
import Dispatch
import Foundation
import LessonFixtures
import Lessons
import LiveSwift
import Logging
import RoomServer
import RoomStore

/// `newtons serve`: the room server, the page and its API on one port.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the lessons: the web page, its API and the live rooms, on one port.",
        discussion: """
            Open http://HOST:PORT/ in a browser. Each lesson has a public room anyone may join;
            /?lesson=<id> opens a class room with a short code, its opener the instructor.
            SIGINT or SIGTERM closes every connection with 1001 and exits.
            """)

    @Option(help: "Address to listen on: an IPv4 or IPv6 address, 0.0.0.0 for every IPv4 address, :: for every address.")
    var host = "127.0.0.1"

    @Option(help: "TCP port for HTTP and WebSocket alike.")
    var port = 8080

    @Option(help: ArgumentHelp("Folder of the web page.", valueName: "dir"))
    var web = "web"

    @Option(
        help: ArgumentHelp(
            "Folder of the browser libraries served under /lib/ (CodeMirror from Debian's libjs-codemirror, Chart.js from libjs-chart.js).",
            valueName: "dir"))
    var webLibs = "/usr/share/javascript"

    @Option(help: ArgumentHelp("PEM certificate: serve https and wss only (needs --tls-key).", valueName: "file"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    @Option(
        help: ArgumentHelp(
            "A page origin allowed to open a WebSocket (repeatable; '*' for any). The server's own host is always allowed.",
            valueName: "origin"))
    var allowedOrigin: [String] = []

    @Option(
        help: ArgumentHelp(
            "Megabytes of recording each room keeps (inputs and state hashes); past it older history thins, then goes.",
            valueName: "MB"))
    var recordingBudget: Double = 4

    @Option(
        help: ArgumentHelp(
            "A folder of lessons from their Swift source: each .swift file a lesson of its own in the lobby, interpreted.",
            valueName: "dir"))
    var lessons: String?

    @Option(
        help: ArgumentHelp(
            "Service threads, each owning a share of the rooms and their connections (default: the cores this process may use, or NEWTONS_WORKERS). A TLS server uses one.",
            valueName: "n"))
    var workers: Int?

    @Option(help: "WebSocket clients on the whole server.")
    var maxClients = ServerLimits().maxClients

    @Option(help: "Clients in one room.")
    var maxClientsPerRoom = ServerLimits().maxClientsPerRoom

    @Option(help: "Class rooms open at once.")
    var maxRooms = ServerLimits().maxRooms

    @Option(help: "WebSocket connections from one address at once.")
    var maxConnectionsPerAddress = ServerLimits().maxConnectionsPerAddress

    @Option(help: "Class rooms one address may have open at once.")
    var maxRoomsPerAddress = ServerLimits().maxRoomsPerAddress

    @Option(help: "New connections one address may open per second (a burst of --connection-burst first); beyond, 429.")
    var maxConnectionsPerSecond = ServerLimits().connectionsPerSecondPerAddress

    @Option(help: "New connections one address may open at once before --max-connections-per-second applies.")
    var connectionBurst = ServerLimits().connectionBurstPerAddress

    @Option(help: "Seconds a connection has to send its whole request before it is closed (half-open connections).")
    var requestHeadTimeout = ServerLimits().requestHeadSeconds

    @Option(help: "Connections still sending their request, server-wide; beyond, the oldest is closed.")
    var maxPendingConnections = ServerLimits().maxPendingConnections

    @Option(help: "Bytes of messages that may wait for one client before it is dropped as too slow.")
    var maxQueuedBytes = ServerLimits().maxQueuedBytes

    @Option(help: "Messages one client may send per second; the excess is refused with rate-limited.")
    var maxMessagesPerSecond = ServerLimits().messagesPerSecond

    @Option(help: "Seconds a client may take nothing due to it before it is dropped as too slow.")
    var maxLag = ServerLimits().maxLagSeconds

    @Option(help: "Seconds an empty class room stays open.")
    var roomExpiry = ServerLimits().roomExpirySeconds

    @Option(help: "Seconds a class room keeps its instructor after the instructor's connection drops.")
    var instructorGrace = ServerLimits().instructorGraceSeconds

    @Option(help: "Seconds before an unknown room is answered (guessing codes does not pay).")
    var unknownRoomDelay = ServerLimits().unknownRoomDelaySeconds

    @Option(help: "Unknown rooms one address may ask for per minute.")
    var unknownRoomsPerMinute = ServerLimits().unknownRoomsPerMinute

    @Option(help: "Overlay data requests one client may make per second (docs/protocol.md, Overlay data).")
    var overlayRequestsPerSecond = ServerLimits().overlayRequestsPerSecond

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical (debug adds a line per connection).")
    var logLevel: Logger.Level = .info

    @Option(help: "Seconds over which repeated refusals from one address are counted into one log line.")
    var logSummary = ServerLimits().logSummarySeconds

    @Option(
        help: ArgumentHelp(
            "File of the secret every node of a cluster shares (mode 600): class codes and keys made by one node are checked by any.",
            valueName: "file"))
    var clusterSecret: String?

    @Option(
        help: ArgumentHelp(
            "Another node of the cluster, as http://HOST:PORT (repeatable): its lesson rooms are listed in /api/rooms and the lobby, and lesson= classes get codes nginx's hash sends here.",
            valueName: "url"))
    var peer: [String] = []

    @Option(
        help: ArgumentHelp(
            "This node's name in nginx's upstream block (HOST:PORT; default --host:--port).", valueName: "host:port"))
    var nodeName: String?

    @Option(
        help: ArgumentHelp(
            "Keep class rooms and their recordings in this folder (SQLite); they come back after a restart or a crash (docs/server.md). Without it, everything lives in memory.",
            valueName: "dir"))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "Keep class rooms and recordings in PostgreSQL instead, shared by a cluster's nodes: a class survives the death of its node, and SIGTERM drains a node (docs/scaling.md).",
            valueName: "postgres://user:password@host:port/database"))
    var store: String?

    @Option(help: ArgumentHelp("Days a class no longer written is kept in --data.", valueName: "days"))
    var keepClasses: Double = DataRetention.defaultKeepDays

    @Option(
        help: ArgumentHelp(
            "Megabytes --data may hold; past it closed classes go, oldest first (default: no limit).", valueName: "MB"))
    var dataBudget: Double?

    @Option(help: "Seconds a class key from POST /api/classes may open its room.")
    var classKeySeconds = 12 * 3600

    @Flag(
        help: ArgumentHelp(
            "Also offer the fixture lessons of the tests and the load benchmark (also NEWTONS_FIXTURE_LESSONS=1)."))
    var fixtureLessons = false

    /// This node's name: nginx's for it (its upstream line), and its name as a class's owner.
    func nodeIdentity() throws -> String {
        let listen = try ListenAddress(parsing: host)
        return nodeName ?? "\(listen.address.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"):\(port)"
    }

    func validate() throws {
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        guard (1...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535") }
        do {
            _ = try ListenAddress(parsing: host)
            for url in peer { _ = try PeerRooms.Peer(url: url) }
            if let clusterSecret { _ = try ClusterSecret.read(path: clusterSecret) }
        } catch {
            throw ValidationError("\(error)")
        }
        try DataRetention.validate(keepDays: keepClasses, budgetMegabytes: dataBudget)
        guard data == nil || store == nil else {
            throw ValidationError("--data (SQLite, one server) and --store (PostgreSQL, a cluster) go one at a time")
        }
        guard classKeySeconds >= 1 else { throw ValidationError("--class-key-seconds must be at least 1") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: web, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("the web folder '\(web)' does not exist (give it with --web)")
        }
        for (name, value) in [
            ("--max-clients", maxClients), ("--max-clients-per-room", maxClientsPerRoom), ("--max-rooms", maxRooms),
            ("--max-connections-per-address", maxConnectionsPerAddress),
            ("--max-rooms-per-address", maxRoomsPerAddress), ("--max-messages-per-second", maxMessagesPerSecond),
            ("--unknown-rooms-per-minute", unknownRoomsPerMinute), ("--connection-burst", connectionBurst),
            ("--max-queued-bytes", maxQueuedBytes), ("--max-pending-connections", maxPendingConnections),
        ] where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        for (name, value) in [
            ("--max-lag", maxLag), ("--room-expiry", roomExpiry), ("--instructor-grace", instructorGrace),
            ("--unknown-room-delay", unknownRoomDelay), ("--request-head-timeout", requestHeadTimeout),
            ("--log-summary", logSummary),
        ] where !(value >= 0 && value < 86400) {
            throw ValidationError("\(name) must be a number of seconds from 0 to 86400")
        }
        guard recordingBudget.isFinite, recordingBudget >= 0.05, recordingBudget <= 1024 else {
            throw ValidationError("--recording-budget must be a number of megabytes from 0.05 to 1024")
        }
        guard overlayRequestsPerSecond >= 0.1, overlayRequestsPerSecond <= 1000 else {
            throw ValidationError("--overlay-requests-per-second must be from 0.1 to 1000")
        }
        guard maxConnectionsPerSecond > 0, maxConnectionsPerSecond < 1e9 else {
            throw ValidationError("--max-connections-per-second must be a positive number")
        }
        if let workers { guard (1...256).contains(workers) else { throw ValidationError("--workers must be from 1 to 256") } }
        if let text = ProcessInfo.processInfo.environment["NEWTONS_WORKERS"], !text.isEmpty {
            guard let value = Int(text), (1...256).contains(value) else {
                throw ValidationError("NEWTONS_WORKERS must be a number from 1 to 256")
            }
        }
    }

    func run() throws {
        let level = logLevel
        // Lines are written by a thread of their own through a bounded queue: a slow terminal or
        // disk never stalls a tick, and under a flood the excess is dropped and counted.
        let sink = LogSink()
        LoggingSystem.bootstrap { label in QueuedLogHandler(label: label, sink: sink, level: level) }
        defer { sink.flush() }
        let logger = Logger(label: "newtons")

        var limits = ServerLimits()
        limits.maxClients = maxClients
        limits.maxClientsPerRoom = maxClientsPerRoom
        limits.maxRooms = maxRooms
        limits.maxConnectionsPerAddress = maxConnectionsPerAddress
        limits.maxRoomsPerAddress = maxRoomsPerAddress
        limits.messagesPerSecond = maxMessagesPerSecond
        limits.maxLagSeconds = maxLag
        limits.roomExpirySeconds = roomExpiry
        limits.instructorGraceSeconds = instructorGrace
        limits.unknownRoomDelaySeconds = unknownRoomDelay
        limits.unknownRoomsPerMinute = unknownRoomsPerMinute
        limits.recordingBudgetBytes = Int(recordingBudget * 1024 * 1024)
        limits.overlayRequestsPerSecond = overlayRequestsPerSecond
        limits.connectionsPerSecondPerAddress = maxConnectionsPerSecond
        limits.connectionBurstPerAddress = connectionBurst
        limits.maxQueuedBytes = maxQueuedBytes
        limits.requestHeadSeconds = max(0.1, requestHeadTimeout)
        limits.maxPendingConnections = maxPendingConnections
        limits.logSummarySeconds = max(0.001, logSummary)

        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.webRoot = web
        configuration.webLibraries = webLibs
        configuration.compiler = LiveLessonCompiler.make()
        configuration.tlsCertificate = tlsCert
        configuration.tlsKey = tlsKey
        configuration.allowedOrigins = allowedOrigin
        configuration.limits = limits
        // The cores this process may run on (sched_getaffinity, through Foundation).
        configuration.workers =
            workers ?? ProcessInfo.processInfo.environment["NEWTONS_WORKERS"].flatMap { Int($0) }
            ?? ProcessInfo.processInfo.activeProcessorCount

        let withFixtures = fixtureLessons || ProcessInfo.processInfo.environment["NEWTONS_FIXTURE_LESSONS"] == "1"
        let compiled = LessonCatalog.all + (withFixtures ? FixtureLessons.all : [])
        let fixtureIDs = Set(FixtureLessons.all.map { $0.info.id })
        var entries = compiled.map { lesson in
            LessonDirectory.Entry(
                lesson,
                code: fixtureIDs.contains(lesson.info.id) ? FixtureLessons.code(of: lesson) : LessonCatalog.sourceCode(of: lesson))
        }
        if let lessons {
            // Every file is its own lesson; a bad one is reported and left out, never fatal.
            let folder = LiveLessonFolder(folder: lessons)
            for problem in folder.problems { logger.error("\(problem)") }
            var taken = Set(entries.map(\.info.id))
            for (i, lesson) in folder.lessons.enumerated() {
                guard taken.insert(lesson.program.info.id).inserted else {
                    logger.error("\(lesson.path): a lesson named '\(lesson.program.info.id)' is already served; rename the file")
                    continue
                }
                entries.append(LessonDirectory.Entry(program: lesson.program, code: lesson.source, order: 1000 + i, guides: lesson.guides))
                logger.info("lesson \(lesson.program.info.id) from \(lesson.path)\(lesson.guides.map { " with its guide in \($0.languages.joined(separator: ", ")) (\($0.steps.count) steps)" } ?? "")")
            }
        }
        // The empty lesson template: a class room of one's own can start from it (`?lesson=blank`).
        switch LiveLessonCompiler.blankLesson() {
        case .success(let entry) where !entries.contains(where: { $0.info.id == entry.info.id }): entries.append(entry)
        case .success: break
        case .failure(let error): logger.warning("no empty lesson template (it does not compile): \(error)")
        }
        let directory = LessonDirectory(entries: entries)
        if directory.entries.isEmpty {
            logger.warning("no lessons to serve (LessonCatalog is empty); try --fixture-lessons")
        }

        if data != nil || self.store != nil {
            // A folder another server holds, or one that cannot be made, stops the start: two
            // servers writing one folder would each bring back the other's classes. So does a
            // PostgreSQL that cannot be reached: a node of a cluster that kept nothing would lose
            // its classes with it.
            let store: RoomStore
            do {
                if let data {
                    store = try RoomStore(folder: URL(fileURLWithPath: data)) { logger.error("store: \($0)") }
                } else {
                    store = try RoomStore(postgres: self.store ?? "", node: try nodeIdentity()) { logger.error("store: \($0)") }
                }
            } catch {
                logger.critical("\(error)")
                sink.flush()
                throw ExitCode.failure
            }
            let retention = DataRetention(keepDays: keepClasses, budgetMegabytes: dataBudget)
            retention.prune(store, logger: logger)
            retention.keepPruning(store, logger: logger)
            configuration.store = store
        }

        let server: WorkerPool
        do {
            server = try WorkerPool(configuration: configuration, directory: directory, logger: logger)
        } catch {
            throw ValidationError("\(error)")
        }

        // The cluster: a shared secret for class keys, the peers for the lobby, the ring for codes.
        // Every worker checks the same keys and knows the same ring; one poller serves them all.
        do {
            let tickets =
                try clusterSecret.map { ClassTickets(secret: try ClusterSecret.read(path: $0), lifetimeSeconds: classKeySeconds) }
                ?? ClassTickets.local(lifetimeSeconds: classKeySeconds)
            let peers = try peer.map { try PeerRooms.Peer(url: $0) }
            let me = try nodeIdentity()
            let peerRooms = peers.isEmpty ? nil : PeerRooms(peers: peers)
            for worker in server.workers {
                worker.core.tickets = tickets
                if let peerRooms {
                    worker.core.nodeName = me
                    worker.core.ring = NodeRing(nodes: [me] + peers.map(\.nodeName))
                    worker.core.peers = peerRooms
                }
            }
            if let peerRooms {
                peerRooms.start()
                logger.notice("cluster: this node is \(me), peers \(peers.map(\.url).joined(separator: ", "))")
            }
        } catch {
            throw ValidationError("\(error)")
        }

        // Signals are taken off the service thread; the handler only asks the server to stop.
        signal(SIGPIPE, SIG_IGN)
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { server.requestStop() }
            source.resume()
            sources.append(source)
        }
        do {
            try server.run()
        } catch let error as ServerStartError {
            logger.critical("\(error)")
            throw ExitCode.failure
        } catch {
            logger.critical("\(error)")
            sink.flush()
            throw ExitCode.failure
        }
        sources.forEach { $0.cancel() }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
