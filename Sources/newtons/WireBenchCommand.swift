import ArgumentParser
import Foundation
import Lessons
import RoomServer

/// `newtons bench-wire`: what the server's JSON messages cost to write (`make bench`,
/// docs/benchmarks.md). For each shipped lesson, a joiner's `welcome` (the lesson's code and
/// its scene after a few seconds, drops with a full pile), then a `scene` and an `event`, each
/// encoded many times; prints the median and p99 of CPU microseconds and the bytes.
struct WireBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-wire",
        abstract: "Microseconds to encode each lesson's welcome, scene and event messages.",
        shouldDisplay: false)

    @Option(help: "Encodes of each message.")
    var repeats = 2000

    func validate() throws {
        guard (10...1_000_000).contains(repeats) else { throw ValidationError("--repeats 10...1000000") }
    }

    func run() throws {
        let directory = LessonDirectory.served(withFixtures: false)
        var welcomeMedians: [Double] = []
        for entry in directory.entries {
            let lesson = entry.make()
            // A few seconds in, with taps (drops piles up its 120 blocks).
            for step in 0..<(entry.info.id == "drops" ? 1200 : 180) {
                if step % 8 == 0 { lesson.tap(at: CGPoint(x: entry.info.bounds.width / 2, y: 100)) }
                lesson.advance(by: 1.0 / 60)
            }
            let members = (0..<30).map { MemberInfo(id: $0 + 1, name: "student \($0 + 1)", role: $0 == 0 ? .instructor : .student) }
            let state = WelcomeState(
                room: "BENCH1", code: "BENCH1", role: .student, key: nil, you: 7, lesson: entry.info,
                lessonCode: entry.code, rate: 60, time: lesson.elapsedTime, items: lesson.items,
                boundaries: lesson.boundaries, lines: lesson.lines, params: lesson.parameters, members: members,
                paused: false, locked: false, controller: nil,
                timeline: TimelineState(from: 0, to: 3, at: 3, start: 0, live: true, speed: 1, recording: true))
            let welcome = measure { ServerMessage.welcome(state).count }
            let scene = measure { ServerMessage.scene(items: state.items, boundaries: state.boundaries).count }
            let event = measure {
                ServerMessage.event(LessonEvent(name: "collision-began", text: "Frog hit the floor", item: 1, point: .zero))
                    .count
            }
            welcomeMedians.append(welcome.median)
            print(
                String(
                    format: "wire lesson=%@ items=%d welcome_us_p50=%.2f welcome_us_p99=%.2f welcome_bytes=%d scene_us_p50=%.2f scene_bytes=%d event_us_p50=%.3f",
                    entry.info.id, state.items.count, welcome.median, welcome.p99, welcome.bytes, scene.median, scene.bytes,
                    event.median))
        }
        welcomeMedians.sort()
        print(String(format: "wire welcome_us_p50 over lessons: median %.2f, max %.2f", welcomeMedians[welcomeMedians.count / 2], welcomeMedians.last ?? 0))
    }

    /// CPU microseconds per call of `encode` (median and p99 of single calls) and the bytes it wrote.
    func measure(_ encode: () -> Int) -> (median: Double, p99: Double, bytes: Int) {
        var bytes = 0
        for _ in 0..<min(100, repeats) { bytes = encode() }
        var times: [Double] = []
        times.reserveCapacity(repeats)
        for _ in 0..<repeats {
            let start = threadCPUNanoseconds()
            bytes = encode()
            times.append(Double(threadCPUNanoseconds() - start) / 1000)
        }
        times.sort()
        return (times[times.count / 2], times[min(times.count - 1, Int(Double(times.count - 1) * 0.99))], bytes)
    }
}
