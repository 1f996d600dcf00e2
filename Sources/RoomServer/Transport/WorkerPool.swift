// The whole server: N workers (each an `LWSServer` with its own lws context and thread, owning
// a share of the rooms), the `Acceptor` that hands each connection to the worker of its room,
// and what they share (`ServerLedger` for the server-wide limits, `MetricsBoard` for /metrics).

import Foundation
import Logging
import RoomStore

/// `newtons serve`: runs every worker and the acceptor until `requestStop()`.
public final class WorkerPool: @unchecked Sendable {
    public let configuration: ServerConfiguration
    public let workers: [LWSServer]
    public let ledger: ServerLedger
    private let directory: LessonDirectory
    private let board = MetricsBoard()
    private var logger: Logger

    private let lock = NSLock()
    private var acceptor: Acceptor?
    private var stopRequested = false

    /// Prepares the workers (nothing listens yet). A TLS server has one worker, whose own lws
    /// context listens: the acceptor cannot read a request inside TLS to route it.
    public init(configuration: ServerConfiguration, directory: LessonDirectory, logger: Logger) throws {
        var configuration = configuration
        if configuration.usesTLS, configuration.workers > 1 {
            logger.notice("TLS is served by one worker (--workers \(configuration.workers) is for plain HTTP; put a TLS proxy in front for more)")
            configuration.workers = 1
        }
        configuration.workers = max(1, configuration.workers)
        self.configuration = configuration
        self.directory = directory
        self.logger = logger
        ledger = ServerLedger(limits: configuration.limits, workers: configuration.workers)
        var workers: [LWSServer] = []
        for index in 0..<configuration.workers {
            workers.append(
                try LWSServer(
                    configuration: configuration, directory: directory, logger: logger, index: index, ledger: ledger,
                    board: board, listens: configuration.usesTLS))
        }
        self.workers = workers
        if let store = configuration.store { restoreClasses(from: store) }
    }

    /// Every worker keeps its class rooms in `store`, and the classes it kept open come back,
    /// each on the worker its code names. Before any worker's thread starts.
    private func restoreClasses(from store: RoomStore) {
        for worker in workers { worker.core.useStore(store) }
        // Another node asked for these classes, or took them: each to the worker that holds it.
        let workers = self.workers, routing = ledger.routing
        store.onHandoff { codes in
            for (index, codes) in Dictionary(grouping: codes, by: { routing.worker(code: $0) }) where index < workers.count {
                workers[index].core.storeAnswers.push(.handOn(codes))
            }
        }
        let started = monotonicNanoseconds()
        let loaded: [LoadedClass]
        do {
            loaded = try store.openClasses()
        } catch {
            // The rooms of this run are still kept; those of the last run could not be read.
            logger.error("no class brought back: \(error)")
            return
        }
        // The engine's fingerprint, which every write names, is worked out once here, not on a tick.
        _ = EngineFingerprint.current
        guard !loaded.isEmpty else { return }
        let now = LWSServer.now()
        var restored = 0, readOnly = 0
        for (index, worker) in workers.enumerated() {
            let mine = loaded.filter { ledger.routing.worker(code: $0.room.code) == index }
            let result = worker.core.restoreClasses(mine, now: now)
            restored += result.restored
            readOnly += result.readOnly.count
        }
        logger.notice(
            "\(restored) class\(restored == 1 ? "" : "es") brought back from \(store.location)\(readOnly > 0 ? ", \(readOnly) read-only" : "") in \(Double((monotonicNanoseconds() - started) / 1_000_000) / 1000) s")
    }

    /// Serves until `requestStop()`; returns once every worker has closed its connections.
    public func run() throws {
        workers[0].raiseFileLimit()
        if !configuration.usesTLS {
            let workers = self.workers
            let acceptor = try Acceptor(
                host: configuration.host, port: configuration.port,
                router: RequestRouter(ledger: ledger, directory: directory), limits: configuration.limits,
                metrics: ServerMetrics(board: board, slot: workers.count), logger: logger
            ) { worker, socket, bytes, instance in
                workers[worker].adopt(socket: socket, bytes: bytes, instance: instance)
            }
            lock.withLock { self.acceptor = acceptor }
        }
        for worker in workers { try worker.start() }
        if !configuration.usesTLS {
            logger.notice(
                "newtons serving http://\(configuration.host):\(configuration.port)/ from \(workers[0].routes.files.root) with \(workers.count) worker\(workers.count == 1 ? "" : "s")"
            )
        }
        let finished = DispatchGroup()
        for worker in workers {
            finished.enter()
            let thread = Thread {
                worker.serve()
                finished.leave()
            }
            thread.name = "newtons-worker-\(worker.index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
        if lock.withLock({ stopRequested }) { requestStop() }
        if let acceptor = lock.withLock({ acceptor }) {
            acceptor.run()
        }
        finished.wait()
        // Every worker handed its classes' last moments over: written before the process ends.
        configuration.store?.close()
        lock.withLock { acceptor = nil }
        logger.notice("newtons stopped")
    }

    /// Stops accepting, closes every WebSocket with 1001 and makes `run()` return. Any thread.
    public func requestStop() {
        let acceptor = lock.withLock {
            stopRequested = true
            return self.acceptor
        }
        acceptor?.requestStop()
        for worker in workers { worker.requestStop() }
    }
}
