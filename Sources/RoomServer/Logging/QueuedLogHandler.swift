import Foundation
import Logging

/// Where log lines go: a bounded queue that a thread of its own writes to a file descriptor
/// (standard error), so that a slow terminal, pipe or disk never stalls the service thread.
/// When the queue is full, lines are dropped and counted, and the writer says how many.
public final class LogSink: @unchecked Sendable {
    private struct Entry {
        var time: timespec
        var text: String
    }

    public let capacity: Int
    private let descriptor: Int32
    private let condition = NSCondition()
    private var queue: [Entry] = []
    private var dropped = 0
    private var writing = false

    /// A sink writing to `descriptor` (standard error by default), holding at most `capacity`
    /// lines not yet written.
    public init(descriptor: Int32 = STDERR_FILENO, capacity: Int = 4096) {
        self.descriptor = descriptor
        self.capacity = max(1, capacity)
        queue.reserveCapacity(self.capacity)
        let thread = Thread { [unowned self] in self.drain() }
        thread.name = "newtons-log"
        thread.start()
    }

    /// Queues a line (without its timestamp, which is taken now); drops it when the queue is full.
    public func enqueue(_ text: String) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        condition.lock()
        if queue.count >= capacity {
            dropped += 1
        } else {
            queue.append(Entry(time: time, text: text))
            if queue.count == 1 { condition.broadcast() }
        }
        condition.unlock()
    }

    /// Lines dropped so far because the queue was full.
    public var droppedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }

    /// Waits (up to `timeout` seconds) until every queued line is written: before the process exits.
    public func flush(timeout: Double = 2) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        while !queue.isEmpty || writing {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    private func drain() {
        var reportedDrops = 0
        while true {
            condition.lock()
            while queue.isEmpty && dropped == reportedDrops { condition.wait() }
            let batch = queue
            queue.removeAll(keepingCapacity: true)
            let drops = dropped
            writing = true
            condition.unlock()

            var text = ""
            for entry in batch { text += Self.timestamp(entry.time) + " " + entry.text + "\n" }
            if drops > reportedDrops {
                var now = timespec()
                clock_gettime(CLOCK_REALTIME, &now)
                text += Self.timestamp(now) + " warning newtons: \(drops - reportedDrops) log lines dropped (the log could not keep up)\n"
                reportedDrops = drops
            }
            write(text)

            condition.lock()
            writing = false
            condition.broadcast()
            condition.unlock()
        }
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
        bytes.removeAll()
    }

    private static func timestamp(_ time: timespec) -> String {
        var seconds = time.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A swift-log handler that formats on the caller's thread (level, label, metadata, message) and
/// leaves the writing to a `LogSink`.
public struct QueuedLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let sink: LogSink

    public init(label: String, sink: LogSink, level: Logger.Level) {
        self.label = label
        self.sink = sink
        logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(
        level: Logger.Level, message: Logger.Message, metadata extra: Logger.Metadata?, source: String,
        file: String, function: String, line: UInt
    ) {
        let merged = extra.map { metadata.merging($0) { $1 } } ?? metadata
        let tags = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        sink.enqueue("\(level) \(label):\(tags) \(message)")
    }
}
