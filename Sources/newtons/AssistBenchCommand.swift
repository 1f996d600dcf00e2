import ArgumentParser
import Foundation
import LiveSwift
import RoomServer

/// `newtons bench-assist`: what the editor's helpers cost the server (`make bench`,
/// docs/benchmarks.md), beside issue 33's anchors: completion and quick help at most 50 ms
/// p99, checking at most 300 ms p99. Every shipped lesson's source is asked at every dot
/// (complete) and every name (help) and checked whole; then the same for one source at the
/// size limit (32 KiB), the worst a client may send. CPU milliseconds of one thread.
struct AssistBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-assist",
        abstract: "Milliseconds to complete, explain and check each lesson's source, and its run's values.",
        shouldDisplay: false)

    @Option(help: "Places asked per source and kind (spread over the source).")
    var places = 60

    func validate() throws {
        guard (1...10_000).contains(places) else { throw ValidationError("--places 1...10000") }
    }

    func run() throws {
        let directory = LessonDirectory.served(withFixtures: false)
        var sources = directory.entries.map { ($0.info.id, $0.code) }
        sources.append(("32KiB", Self.largest(from: directory.entries.first { $0.info.id == "snap" }?.code ?? "")))
        var all: [String: [Double]] = [:]
        for (id, source) in sources {
            let dots = Self.places(in: source, where: { $0 == "." }, limit: places)
            let names = Self.places(in: source, where: { $0.isLetter }, limit: places)
            let complete = dots.map { place in time { _ = try? LiveSwift.complete(source: source, line: place.line, column: place.column + 1) } }
            let help = names.map { place in time { _ = try? LiveSwift.help(source: source, line: place.line, column: place.column) } }
            let check = (0..<max(5, places / 4)).map { _ in time { _ = LiveSwift.check(source: source, fileName: "Lesson.swift") } }
            let values = id == "32KiB" ? [] : (0..<5).map { _ in time { _ = try? LiveSwift.trace(source: source, fileName: "Lesson.swift") } }
            for (kind, samples) in [("complete", complete), ("help", help), ("check", check), ("values", values)] where !samples.isEmpty {
                all[kind, default: []] += samples
                print(String(format: "assist source=%@ bytes=%d ask=%@ n=%d ms_p50=%.2f ms_p99=%.2f", id, source.utf8.count, kind, samples.count, Self.percentile(samples, 0.5), Self.percentile(samples, 0.99)))
            }
        }
        for (kind, anchor) in [("complete", 50.0), ("help", 50.0), ("check", 300.0), ("values", 300.0)] {
            let samples = all[kind] ?? []
            print(String(format: "assist ask=%@ all sources: n=%d ms_p99=%.2f anchor_ms=%.0f", kind, samples.count, Self.percentile(samples, 0.99), anchor))
        }
    }

    func time(_ body: () -> Void) -> Double {
        let start = threadCPUNanoseconds()
        body()
        return Double(threadCPUNanoseconds() - start) / 1e6
    }

    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
    }

    /// Up to `limit` places (1-based line, UTF-16 column of the character) spread over the source.
    static func places(in source: String, where match: (Character) -> Bool, limit: Int) -> [(line: Int, column: Int)] {
        var found: [(Int, Int)] = []
        for (index, text) in source.components(separatedBy: "\n").enumerated() {
            var column = 1
            var previous: Character = " "
            for c in text {
                if match(c) && !(c.isLetter && (previous.isLetter || previous.isNumber || previous == "_")) { found.append((index + 1, column)) }
                column += String(c).utf16.count
                previous = c
            }
        }
        guard found.count > limit else { return found }
        return (0..<limit).map { found[$0 * found.count / limit] }
    }

    /// A lesson's source grown to the size limit with more methods of its kind.
    static func largest(from source: String, bytes: Int = 32_000) -> String {
        guard let end = source.lastIndex(of: "}") else { return source }
        var extra = ""
        var n = 0
        while source.utf8.count + extra.utf8.count < bytes - 400 {
            n += 1
            extra += """

                func extra\(n)(_ point: CGPoint) {
                    let view = UIView(frame: CGRect(x: point.x, y: point.y, width: 20, height: 20))
                    view.backgroundColor = UIColor.red
                    let gravity = UIGravityBehavior(items: [view])
                    gravity.magnitude = 0.5 + CGFloat(\(n)) / 100
                }

            """
        }
        return String(source[..<end]) + extra + "}\n"
    }
}
