import Foundation
import Prometheus

/// One worker's counters. The hot ones (frames and bytes sent, 120,000 a second under load) are
/// plain integers bumped on the worker's own thread; the worker hands a copy to the shared
/// `MetricsBoard` now and then (`publish`), and `/metrics` sums the copies of every worker.
/// Owner thread only.
public final class ServerMetrics {
    public let board: MetricsBoard
    /// The slot this worker's copies go to on the board.
    public let slot: Int

    /// The counts (its gauges are filled in when published).
    var counts = MetricsSnapshot()

    /// One room's tick: step, frame encode and queueing (shared by every worker; it locks).
    var roomTick: DurationHistogram { board.roomTick }
    /// One whole tick of a worker over its rooms.
    var serviceTick: DurationHistogram { board.serviceTick }

    /// Message types counted by `newtons_messages_in_total` (`invalid`: refused before a type was known).
    static let messageTypes = ["tap", "pan", "push", "reset", "set", "claim", "control", "ping", "invalid"]
    /// Reasons counted by `newtons_rejected_total`.
    public static let rejectionReasons =
        ErrorCode.allCases.map(\.rawValue) + [
            "too-big", "binary", "unmasked", "slow", "origin", "no-subprotocol", "unknown-path", "flood",
            "connection-rate", "half-open", "bad-request", "uploads",
        ]

    public init(board: MetricsBoard = MetricsBoard(), slot: Int = 0) {
        self.board = board
        self.slot = slot
    }

    func countRejected(_ reason: String, by count: Int = 1) {
        counts.rejected[reason, default: 0] += count
    }

    /// Hands the board a copy of the counts, with this worker's gauges.
    public func publish(rooms: Int, classRooms: Int, activeRooms: Int, clients: Int) {
        var snapshot = counts
        snapshot.rooms = rooms
        snapshot.classRooms = classRooms
        snapshot.activeRooms = activeRooms
        snapshot.clients = clients
        board.publish(slot: slot, snapshot)
    }
}

/// One worker's counts at one moment (the counters, and the gauges as published).
public struct MetricsSnapshot: Sendable {
    var messagesIn: [String: Int] = [:]
    var messagesOut = 0
    var framesSent = 0
    var bytesSent = 0
    var rejected: [String: Int] = [:]
    var connectionsOpened = 0
    var rooms = 0
    var classRooms = 0
    var activeRooms = 0
    var clients = 0
}

/// The server's Prometheus registry, shared by every worker: the sum of the workers' latest
/// copies, and the tick histograms (which lock on their own). Any thread.
public final class MetricsBoard: @unchecked Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let lock = NSLock()
    private var snapshots: [Int: MetricsSnapshot] = [:]

    private var flushedMessagesIn: [String: Int] = [:]
    private var flushedMessagesOut = 0
    private var flushedFrames = 0
    private var flushedBytes = 0
    private var flushedRejected: [String: Int] = [:]
    private var flushedConnections = 0

    private let roomsGauge: Gauge
    private let classRoomsGauge: Gauge
    private let activeRoomsGauge: Gauge
    private let clientsGauge: Gauge
    private let messagesOutCounter: Counter
    private let framesCounter: Counter
    private let bytesCounter: Counter
    private let connectionsCounter: Counter
    private var messagesInCounters: [String: Counter] = [:]
    private var rejectedCounters: [String: Counter] = [:]
    let roomTick: DurationHistogram
    let serviceTick: DurationHistogram

    public init() {
        roomsGauge = registry.makeGauge(descriptor: Self.name("rooms", "", "Rooms open (lesson rooms and class rooms)."))
        classRoomsGauge = registry.makeGauge(descriptor: Self.name("class_rooms", "", "Class rooms open."))
        activeRoomsGauge = registry.makeGauge(descriptor: Self.name("active_rooms", "", "Rooms whose clock is running."))
        clientsGauge = registry.makeGauge(descriptor: Self.name("clients", "", "WebSocket clients connected."))
        messagesOutCounter = registry.makeCounter(descriptor: Self.name("messages_out", "total", "JSON messages written to clients."))
        framesCounter = registry.makeCounter(descriptor: Self.name("frames_sent", "total", "State frames written to clients."))
        bytesCounter = registry.makeCounter(descriptor: Self.name("bytes_sent", "total", "WebSocket payload bytes written to clients."))
        connectionsCounter = registry.makeCounter(descriptor: Self.name("connections", "total", "WebSocket connections accepted."))
        for type in ServerMetrics.messageTypes {
            messagesInCounters[type] = registry.makeCounter(descriptor: Self.name("messages_in", "total", "Messages received from clients."), labels: [("type", type)])
        }
        for reason in ServerMetrics.rejectionReasons {
            rejectedCounters[reason] = registry.makeCounter(descriptor: Self.name("rejected", "total", "Inputs and connections refused, by reason."), labels: [("reason", reason)])
        }
        let buckets: [Duration] = [
            .microseconds(5), .microseconds(10), .microseconds(20), .microseconds(50), .microseconds(100),
            .microseconds(200), .microseconds(300), .microseconds(500), .microseconds(750), .milliseconds(1),
            .microseconds(1500), .milliseconds(2), .milliseconds(3), .milliseconds(5), .milliseconds(10),
            .milliseconds(20), .milliseconds(50), .milliseconds(100),
        ]
        roomTick = registry.makeDurationHistogram(descriptor: Self.name("room_tick", "seconds", "One room's tick: lesson step, frame encode and queueing."), buckets: buckets)
        serviceTick = registry.makeDurationHistogram(descriptor: Self.name("service_tick", "seconds", "One 60 Hz tick of a worker over its rooms."), buckets: buckets)
    }

    private static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "newtons", metricName: metric, unitName: unit, helpText: help)
    }

    func publish(slot: Int, _ snapshot: MetricsSnapshot) {
        lock.withLock { snapshots[slot] = snapshot }
    }

    /// The Prometheus text exposition of every worker's latest copy, summed.
    public func render() -> [UInt8] {
        lock.withLock {
            var total = MetricsSnapshot()
            for snapshot in snapshots.values {
                total.messagesIn.merge(snapshot.messagesIn, uniquingKeysWith: +)
                total.rejected.merge(snapshot.rejected, uniquingKeysWith: +)
                total.messagesOut += snapshot.messagesOut
                total.framesSent += snapshot.framesSent
                total.bytesSent += snapshot.bytesSent
                total.connectionsOpened += snapshot.connectionsOpened
                total.rooms += snapshot.rooms
                total.classRooms += snapshot.classRooms
                total.activeRooms += snapshot.activeRooms
                total.clients += snapshot.clients
            }
            roomsGauge.set(Double(total.rooms))
            classRoomsGauge.set(Double(total.classRooms))
            activeRoomsGauge.set(Double(total.activeRooms))
            clientsGauge.set(Double(total.clients))
            flush(total.messagesOut, &flushedMessagesOut, messagesOutCounter)
            flush(total.framesSent, &flushedFrames, framesCounter)
            flush(total.bytesSent, &flushedBytes, bytesCounter)
            flush(total.connectionsOpened, &flushedConnections, connectionsCounter)
            for (type, count) in total.messagesIn {
                guard let counter = messagesInCounters[type] else { continue }
                var flushed = flushedMessagesIn[type, default: 0]
                flush(count, &flushed, counter)
                flushedMessagesIn[type] = flushed
            }
            for (reason, count) in total.rejected {
                guard let counter = rejectedCounters[reason] else { continue }
                var flushed = flushedRejected[reason, default: 0]
                flush(count, &flushed, counter)
                flushedRejected[reason] = flushed
            }
            var output: [UInt8] = []
            registry.emit(into: &output)
            return output
        }
    }

    private func flush(_ count: Int, _ flushed: inout Int, _ counter: Counter) {
        if count > flushed {
            counter.increment(by: Int64(count - flushed))
            flushed = count
        }
    }
}
