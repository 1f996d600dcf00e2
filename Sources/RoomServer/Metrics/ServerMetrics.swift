import Prometheus

/// The server's counters, exposed at `/metrics` in Prometheus text format.
///
/// The hot counters (frames and bytes sent, 120,000 a second under load) are plain integers
/// bumped on the service thread; they reach the Prometheus registry, which locks, only when
/// `/metrics` is read. Service thread only.
public final class ServerMetrics {
    private let registry = PrometheusCollectorRegistry()

    // Plain counts, service thread only.
    var messagesIn: [String: Int] = [:]
    var messagesOut = 0
    var framesSent = 0
    var bytesSent = 0
    var rejected: [String: Int] = [:]
    var connectionsOpened = 0

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
    /// One room's tick: step, frame encode and queueing.
    let roomTick: DurationHistogram
    /// One whole tick of the service thread over every room.
    let serviceTick: DurationHistogram

    /// Message types counted by `newtons_messages_in_total` (`invalid`: refused before a type was known).
    static let messageTypes = ["tap", "pan", "push", "reset", "set", "claim", "control", "ping", "invalid"]
    /// Reasons counted by `newtons_rejected_total`.
    public static let rejectionReasons =
        ErrorCode.allCases.map(\.rawValue) + ["too-big", "binary", "unmasked", "slow", "origin", "no-subprotocol", "unknown-path", "flood"]

    public init() {
        roomsGauge = registry.makeGauge(descriptor: Self.name("rooms", "", "Rooms open (lesson rooms and class rooms)."))
        classRoomsGauge = registry.makeGauge(descriptor: Self.name("class_rooms", "", "Class rooms open."))
        activeRoomsGauge = registry.makeGauge(descriptor: Self.name("active_rooms", "", "Rooms whose clock is running."))
        clientsGauge = registry.makeGauge(descriptor: Self.name("clients", "", "WebSocket clients connected."))
        messagesOutCounter = registry.makeCounter(descriptor: Self.name("messages_out", "total", "JSON messages written to clients."))
        framesCounter = registry.makeCounter(descriptor: Self.name("frames_sent", "total", "State frames written to clients."))
        bytesCounter = registry.makeCounter(descriptor: Self.name("bytes_sent", "total", "WebSocket payload bytes written to clients."))
        connectionsCounter = registry.makeCounter(descriptor: Self.name("connections", "total", "WebSocket connections accepted."))
        for type in Self.messageTypes {
            messagesInCounters[type] = registry.makeCounter(descriptor: Self.name("messages_in", "total", "Messages received from clients."), labels: [("type", type)])
        }
        for reason in Self.rejectionReasons {
            rejectedCounters[reason] = registry.makeCounter(descriptor: Self.name("rejected", "total", "Inputs and connections refused, by reason."), labels: [("reason", reason)])
        }
        let buckets: [Duration] = [
            .microseconds(5), .microseconds(10), .microseconds(20), .microseconds(50), .microseconds(100),
            .microseconds(200), .microseconds(300), .microseconds(500), .microseconds(750), .milliseconds(1),
            .microseconds(1500), .milliseconds(2), .milliseconds(3), .milliseconds(5), .milliseconds(10),
            .milliseconds(20), .milliseconds(50), .milliseconds(100),
        ]
        roomTick = registry.makeDurationHistogram(descriptor: Self.name("room_tick", "seconds", "One room's tick: lesson step, frame encode and queueing."), buckets: buckets)
        serviceTick = registry.makeDurationHistogram(descriptor: Self.name("service_tick", "seconds", "One 60 Hz tick over every room."), buckets: buckets)
    }

    private static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "newtons", metricName: metric, unitName: unit, helpText: help)
    }

    func countRejected(_ reason: String) {
        rejected[reason, default: 0] += 1
    }

    /// The Prometheus text exposition, with the gauges given.
    public func render(rooms: Int, classRooms: Int, activeRooms: Int, clients: Int) -> [UInt8] {
        roomsGauge.set(Double(rooms))
        classRoomsGauge.set(Double(classRooms))
        activeRoomsGauge.set(Double(activeRooms))
        clientsGauge.set(Double(clients))
        flush(messagesOut, &flushedMessagesOut, messagesOutCounter)
        flush(framesSent, &flushedFrames, framesCounter)
        flush(bytesSent, &flushedBytes, bytesCounter)
        flush(connectionsOpened, &flushedConnections, connectionsCounter)
        for (type, count) in messagesIn {
            guard let counter = messagesInCounters[type] else { continue }
            var flushed = flushedMessagesIn[type, default: 0]
            flush(count, &flushed, counter)
            flushedMessagesIn[type] = flushed
        }
        for (reason, count) in rejected {
            guard let counter = rejectedCounters[reason] else { continue }
            var flushed = flushedRejected[reason, default: 0]
            flush(count, &flushed, counter)
            flushedRejected[reason] = flushed
        }
        var output: [UInt8] = []
        registry.emit(into: &output)
        return output
    }

    private func flush(_ count: Int, _ flushed: inout Int, _ counter: Counter) {
        if count > flushed {
            counter.increment(by: Int64(count - flushed))
            flushed = count
        }
    }
}
