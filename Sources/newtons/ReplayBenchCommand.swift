import ArgumentParser
import Foundation
import Keyframes
import Lessons
import RoomServer

/// `newtons bench-replay`: the seek benchmark of `make bench` (docs/benchmarks.md). Records an
/// hour of a busy class room as the server does, then seeks to random moments of it and prints
/// the seek time's percentiles beside the 50 ms bar, with the recording's memory per hour.
struct ReplayBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-replay",
        abstract: "Seek times over an hour-long recording, and its memory.",
        shouldDisplay: false)

    @Option(help: "The lesson the class runs.")
    var lesson = "snap"

    @Option(help: "Recorded minutes (of steps: the room moves all the time).")
    var minutes: Double = 60

    @Option(help: "Minutes between restarts of the lesson (a class starts it again now and then).")
    var restartEvery: Double = 5

    @Option(help: "Seconds between taps.")
    var tapEvery: Double = 2

    @Option(help: "Seconds at the start of each epoch with a tap every quarter second (to fill a drops pile), before --tap-every.")
    var fillSeconds: Double = 0

    @Option(help: "The room's recording budget in MB (default: the server's, as `--recording-budget`).")
    var budgetMb: Double?

    @Option(help: "Seeks to random moments.")
    var seeks = 200

    @Flag(help: "Print the recording's keyframes every minute while recording.")
    var verbose = false

    @Flag(help: "Print what a keyframe costs for every shipped lesson (capture and restore time, bytes), then stop.")
    var keyframeCosts = false

    @Option(help: "With --keyframe-costs: seconds each lesson runs first (a tap every 2 s), so the scene grows.")
    var costsAfter: Double = 20

    @Option(help: "With --keyframe-costs: only this lesson.")
    var only: String?

    func validate() throws {
        guard minutes > 0, minutes <= 600, restartEvery > 0, tapEvery > 0, (1...100_000).contains(seeks),
            costsAfter >= 0, costsAfter <= 3600, fillSeconds >= 0, fillSeconds <= 3600,
            budgetMb.map { $0 > 0 && $0 <= 4096 } ?? true
        else {
            throw ValidationError(
                "--minutes (0, 600], --restart-every > 0, --tap-every > 0, --seeks 1...100000, --costs-after and --fill-seconds 0...3600, --budget-mb (0, 4096]")
        }
    }

    func run() throws {
        if keyframeCosts { return try printKeyframeCosts() }
        let directory = LessonDirectory.served(withFixtures: false)
        guard let entry = directory.entry(withID: lesson) else { throw ValidationError("no lesson \(lesson)") }
        var limits = ServerLimits()
        limits.resetsPerSecondPerRoom = 1000
        limits.timeControlsPerSecondPerRoom = 1e9
        // The whole of each seek in one go: the time to the moment sought, not the first slice
        // a server spends on it before going on over the next ticks.
        limits.seekSliceSeconds = 60
        if let budgetMb { limits.recordingBudgetBytes = Int(budgetMb * 1_048_576) }
        var random = SystemRandomNumberGenerator()
        let room = Room(
            id: "BENCH1", kind: .classRoom(code: "BENCH1"), lesson: entry, directory: directory, limits: limits,
            now: 0, random: &random)
        _ = room.join(connection: 1, name: "Teacher", asOpener: true, now: 0)
        let size = entry.info.bounds
        let ticks = Int(minutes * 60 * 60)
        let tapTicks = max(1, Int(tapEvery * 60)), restartTicks = max(1, Int(restartEvery * 3600))
        let fillTicks = Int(fillSeconds * 60)
        var generator = Xorshift(seed: 42)
        let started = Date()
        // "Replay the last 10 seconds" once a minute, as a teacher would: its seek, then live.
        var lastTenTimes: [Double] = []
        for t in 0..<ticks {
            if t > 600, t % 3600 == 1800 {
                let begin = DispatchTime.now().uptimeNanoseconds
                let result = room.handle(.control(.seek(time: Double(room.liveTick - 600) / 60)), from: 1, now: 0)
                lastTenTimes.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
                guard case .success = result, room.shownTick == room.liveTick - 600 else {
                    throw ValidationError("seek to the last 10 s failed: \(result)")
                }
                _ = room.handle(.control(.live), from: 1, now: 0)
            }
            let now = Int64(t) * 16_667
            let sinceRestart = t % restartTicks
            if sinceRestart < fillTicks ? sinceRestart % 15 == 0 : t % tapTicks == 0 {
                let x = Double(generator.next() % 1000) / 1000 * Double(size.width)
                _ = room.handle(.tap(x: x, y: Double(size.height) / 4), from: 1, now: now)
            }
            if t > 0, t % restartTicks == 0 { _ = room.handle(.reset, from: 1, now: now) }
            _ = room.handle(.control(.step(ticks: 1)), from: 1, now: now)
            if verbose, t % 3600 == 0 {
                let r = room.recording
                print("replay progress minute=\(t / 3600) keyframes=\(r.epochs.reduce(0) { $0 + $1.keyframes.count }) stride=\(r.keyframeStride) keyframe_kb=\(r.keyframeBytes / 1024) unshared_kb=\(r.epochs.reduce(0) { $0 + $1.keyframes.reduce(0) { $0 + $1.bytes } } / 1024) hash_stride=\(r.hashStride)")
            }
        }
        let recordSeconds = Date().timeIntervalSince(started) - lastTenTimes.reduce(0, +) / 1000
        let recording = room.recording
        let file = RecordingFile.encode(recording, room: room.id, directory: directory)
        let hours = minutes / 60
        print(
            String(
                format: "replay recording lesson=%@ minutes=%.0f restart_every_min=%.1f tap_every_s=%.1f fill_s=%.0f items=%d steps=%d epochs=%d inputs=%d "
                    + "hash_stride=%d keyframes=%d keyframe_stride=%d keyframe_mb=%.2f memory_mb_per_hour=%.2f "
                    + "budget_mb=%.1f file_mb_per_hour=%.2f record_s=%.1f",
                lesson, minutes, restartEvery, tapEvery, fillSeconds, room.lesson.items.count, recording.lastTick ?? 0, recording.epochs.count,
                recording.epochs.reduce(0) { $0 + $1.inputs.count }, recording.hashStride,
                recording.epochs.reduce(0) { $0 + $1.keyframes.count }, recording.keyframeStride,
                Double(recording.keyframeBytes) / 1_048_576, Double(recording.memoryBytes) / 1_048_576 / hours,
                Double(recording.budget) / 1_048_576, Double(file.count) / 1_048_576 / hours, recordSeconds))

        let last = recording.lastTick ?? 0
        let first = recording.firstTick ?? 0
        var times: [Double] = []
        var fromKeyframe = 0
        for _ in 0..<seeks {
            let target = first + Int(generator.next() % UInt64(max(1, last - first)))
            let begin = DispatchTime.now().uptimeNanoseconds
            let result = room.handle(.control(.seek(time: Double(target) / 60)), from: 1, now: 0)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
            guard case .success = result, room.shownTick == target else {
                throw ValidationError("seek to \(target) failed: \(result)")
            }
            if room.shown?.keyframe != nil { fromKeyframe += 1 }
        }
        /// The value at fraction `p` of sorted, non-empty `values`.
        func percentile(_ values: [Double], _ p: Double) -> Double {
            values[min(values.count - 1, Int(Double(values.count - 1) * p))]
        }
        times.sort()
        lastTenTimes.sort()
        if !lastTenTimes.isEmpty {
            print(
                String(
                    format: "replay last-10-s lesson=%@ seeks=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f bar_p99_ms=50",
                    lesson, lastTenTimes.count, percentile(lastTenTimes, 0.5), percentile(lastTenTimes, 0.99),
                    lastTenTimes.last ?? 0))
        }
        print(
            String(
                format: "replay seek lesson=%@ seeks=%d from_keyframe=%d mismatches=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f "
                    + "bar_p99_ms=50 load_avg=%@",
                lesson, seeks, fromKeyframe, room.keyframeMismatches, percentile(times, 0.5), percentile(times, 0.99), times.last ?? 0,
                Self.loadAverage()))
    }

    /// What a keyframe of each shipped lesson costs, after `costsAfter` s of the bench's taps (and a drag):
    /// capture time (the live room pays it once per keyframe stride), restore time, bytes, objects.
    func printKeyframeCosts() throws {
        let directory = LessonDirectory.served(withFixtures: false)
        for entry in directory.entries where only == nil || entry.info.id == only {
            let lesson = entry.make()
            let size = entry.info.bounds
            for t in 0..<max(400, Int(costsAfter * 60)) {
                if t % 120 == 10 { lesson.tap(at: CGPoint(x: Double(size.width) * Double(t % 7 + 1) / 8, y: Double(size.height) / 4)) }
                if t == 300 { lesson.pan(.began, at: CGPoint(x: Double(size.width) / 2, y: Double(size.height) / 2)) }
                if t > 300, t < 330 { lesson.pan(.changed, at: CGPoint(x: Double(size.width) / 2 + Double(t - 300), y: Double(size.height) / 2)) }
                if t == 330 { lesson.pan(.ended, at: CGPoint(x: Double(size.width) / 2 + 30, y: Double(size.height) / 2)) }
                lesson.advance(by: Room.tickSeconds)
                _ = lesson.items
                _ = lesson.drainEvents()
            }
            let rounds = 100
            func micros(_ body: () -> Void) -> Double {
                let begin = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<rounds { body() }
                return Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e3 / Double(rounds)
            }
            // A keyframe of its own (the recording's first of an epoch), and what restoring it costs.
            var keyframe = Keyframe(capturing: lesson, step: 0, shareable: true)
            let captureMicros = micros { keyframe = Keyframe(capturing: lesson, step: 0, shareable: true) }
            let restoreMicros = micros { keyframe.restore() }
            let stepMicros = micros { lesson.advance(by: Room.tickSeconds) }
            // The recording's own work every tick: the state hash of the frame the room sends anyway.
            let frame = StateFrame.encode(poses: lesson.poses, lines: lesson.lines, sequence: 0, time: 0, paused: false)
            var hash: UInt32 = 0
            var bytes = Array(frame.bytes)
            let hashMicros = micros {
                bytes[bytes.count - 1] &+= 1  // a different frame each time: nothing to hoist
                hash ^= StateHash.of(frameBytes: bytes)
            }
            // The next keyframe, 64 steps on, sharing with the one before: left alone, and with a
            // tap at the start (a block dropped in drops, as the bench's class does every 2 s).
            func next(tapping: Bool) -> (adds: Int, micros: Double, keyframe: Keyframe, previous: Keyframe) {
                let first = Keyframe(capturing: lesson, step: 0, shareable: true)
                if tapping { lesson.tap(at: CGPoint(x: Double(size.width) * 0.3, y: Double(size.height) / 4)) }
                for _ in 0..<Recording.minKeyframeStride { lesson.advance(by: Room.tickSeconds) }
                var next = Keyframe(capturing: lesson, step: 64, shareable: true, sharingWith: first)
                let time = micros { next = Keyframe(capturing: lesson, step: 64, shareable: true, sharingWith: first) }
                var held: Set<ObjectIdentifier> = []
                first.forEachPiece { id, _ in held.insert(id) }
                var added = 0
                next.forEachPiece { id, bytes in if !held.contains(id) { added += bytes } }
                return (added, time, next, first)
            }
            let quiet = next(tapping: false)
            let busy = next(tapping: true)
            let perTick = hashMicros + quiet.micros / Double(Recording.minKeyframeStride)
            print(
                String(
                    format: "replay keyframe lesson=%@ after_s=%.0f objects=%d bytes=%d capture_us=%.1f restore_us=%.1f "
                        + "next_adds_bytes=%d next_adds_bytes_tapped=%d next_capture_us=%.1f hash_us=%.2f record_per_tick_us=%.2f "
                        + "step_us=%.1f load_avg=%@%@",
                    entry.info.id, costsAfter, keyframe.objectCount, keyframe.bytes, captureMicros, restoreMicros, quiet.adds,
                    busy.adds, quiet.micros, hashMicros, perTick, stepMicros, Self.loadAverage(), hash == 1 ? " " : ""))
            if only != nil {
                for (field, bytes) in keyframe.bytesByField().prefix(12) {
                    print("replay keyframe-bytes lesson=\(entry.info.id) field=\(field) bytes=\(bytes)")
                }
                for (field, bytes) in busy.keyframe.bytesByField(notSharedWith: busy.previous).prefix(12) {
                    print("replay keyframe-adds-tapped lesson=\(entry.info.id) field=\(field) bytes=\(bytes)")
                }
            }
        }
    }

    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
        return text.split(separator: " ").first.map(String.init) ?? "?"
    }
}

/// Xorshift64: reproducible random moments and taps.
private struct Xorshift {
    var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
