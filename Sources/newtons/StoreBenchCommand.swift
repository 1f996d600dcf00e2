import ArgumentParser
import Foundation
import Logging
import RoomServer
import RoomStore

/// `newtons bench-store`: what `--data` costs (docs/benchmarks.md, issue 31), measured on the
/// rooms' core without sockets: class rooms run side by side with taps, once with the store and
/// once without; then the rooms are brought back from the store as after a `kill -9`.
struct StoreBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-store",
        abstract: "The store's cost: bytes per class-hour, tick time with and without it, time to bring classes back.",
        shouldDisplay: false)

    @Option(help: "Class rooms running at once.")
    var classes = 100

    @Option(help: "Seconds of class (of steps: every room moves all the time).")
    var seconds: Double = 60

    @Option(help: "The lesson every class runs.")
    var lesson = "snap"

    @Option(help: "Seconds between taps in each class.")
    var tapEvery: Double = 2

    func validate() throws {
        guard (1...1000).contains(classes), seconds > 0, seconds <= 3600, tapEvery > 0 else {
            throw ValidationError("--classes 1...1000, --seconds (0, 3600], --tap-every > 0")
        }
    }

    func run() throws {
        let directory = LessonDirectory.servedWithTemplate
        guard let entry = directory.entry(withID: lesson) else { throw ValidationError("no lesson \(lesson)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newtons-bench-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try RoomStore(folder: folder)
        // Worked out once before serving, as `serve --data` does (WorkerPool), not on a tick.
        _ = EngineFingerprint.current

        // Off and on in turn, twice each (the fewest of each kind count): the first runs warm the heap.
        var off = try runClasses(directory: directory, entry: entry, store: nil)
        var on = try runClasses(directory: directory, entry: entry, store: store)
        let offAgain = try runClasses(directory: directory, entry: entry, store: nil)
        let onAgain = try runClasses(directory: directory, entry: entry, store: store)
        off = (min(off.msPerTick, offAgain.msPerTick), min(off.cpuMsPerTick, offAgain.cpuMsPerTick), off.rooms)
        on = (min(on.msPerTick, onAgain.msPerTick), min(on.cpuMsPerTick, onAgain.cpuMsPerTick), on.rooms)
        store.close()
        let written = store.counters.bytesWritten
        var fileBytes = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let size = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size]) as? Int
            fileBytes += size ?? 0
        }
        let classHours = Double(classes) * seconds / 3600
        print("store: \(classes) classes of \(lesson), \(seconds) s each, a tap every \(tapEvery) s")
        // The worker thread's own CPU time is the tick's cost; the wall time also counts the store's
        // writer thread taking the other core from it on a busy machine.
        print(String(format: "store: tick (all rooms, the worker's CPU time) without the store %.3f ms, with it %.3f ms: %+.1f %% (goal at most +5 %%)",
            off.cpuMsPerTick, on.cpuMsPerTick, (on.cpuMsPerTick / off.cpuMsPerTick - 1) * 100))
        print(String(format: "store: tick (all rooms, wall time) without the store %.3f ms, with it %.3f ms: %+.1f %%",
            off.msPerTick, on.msPerTick, (on.msPerTick / off.msPerTick - 1) * 100))
        print(String(format: "store: %.0f bytes handed to SQLite per class-hour, %.0f bytes of database files per class-hour",
            Double(written) / classHours, Double(fileBytes) / classHours))

        // As after a kill -9: a new store on the folder, every class brought back.
        let started = Date()
        let again = try RoomStore(folder: folder)
        let loaded = try again.openClasses()
        let core = makeCore(directory: directory, store: again)
        let result = core.restoreClasses(loaded, now: 0)
        let elapsed = Date().timeIntervalSince(started)
        print(String(format: "store: %d classes brought back (%d read-only) in %.2f s (goal at most 5 s)",
            result.restored, result.readOnly.count, elapsed))
        again.close()
    }

    private func makeCore(directory: LessonDirectory, store: RoomStore?) -> ServerCore {
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        var limits = ServerLimits()
        limits.maxRoomsPerAddress = 10_000
        limits.maxRooms = 10_000
        let core = ServerCore(directory: directory, limits: limits, logger: logger, compiler: LiveLessonCompiler.make())
        if let store { core.useStore(store) }
        return core
    }

    /// Runs the classes for `seconds` of ticks; the worker's time per tick (ticks and timers,
    /// where the store's writes are handed over).
    private func runClasses(
        directory: LessonDirectory, entry: LessonDirectory.Entry, store: RoomStore?
    ) throws -> (msPerTick: Double, cpuMsPerTick: Double, rooms: Int) {
        let core = makeCore(directory: directory, store: store)
        for c in 0..<classes {
            core.open(
                connection: ConnectionID(c + 1), address: "10.0.\(c / 250).\(c % 250)",
                request: ConnectRequest(arguments: ["lesson=\(entry.info.id)", "name=Teacher \(c)"]), now: 0)
        }
        let ticks = Int(seconds * 60)
        let tapTicks = max(1, Int(tapEvery * 60))
        let size = entry.info.bounds
        var spent: Int64 = 0
        var spentCPU: Int64 = 0
        for tick in 1...ticks {
            let now = Int64(tick) * 16_667
            if tick % tapTicks == 0 {
                for c in 0..<classes {
                    let x = Double((tick / tapTicks * 37 + c * 11) % 100) / 100 * Double(size.width)
                    let y = Double((tick / tapTicks * 53 + c * 7) % 100) / 100 * Double(size.height)
                    core.receive(connection: ConnectionID(c + 1), text: Array(#"{"type":"tap","x":\#(x),"y":\#(y)}"#.utf8), now: now)
                }
            }
            let started = monotonicNanoseconds()
            let startedCPU = threadCPUNanoseconds()
            core.tick(now: now)
            core.runTimers(now: now)
            spent += monotonicNanoseconds() - started
            spentCPU += threadCPUNanoseconds() - startedCPU
            // Nobody reads the frames: drop what is queued so the sessions stay small.
            for id in core.takeWriteRequests() { while case .send = core.nextWrite(connection: id, now: now).0 {} }
        }
        store?.flush()
        return (Double(spent) / 1e6 / Double(ticks), Double(spentCPU) / 1e6 / Double(ticks), core.classRooms.count)
    }
}
