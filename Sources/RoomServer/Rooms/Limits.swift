/// Every bound the server enforces, with the defaults `newtons serve` starts with.
public struct ServerLimits: Sendable, Equatable {
    /// WebSocket clients on the whole server.
    public var maxClients = 4096
    /// Clients in one room; a full lesson room sends newcomers on to its next instance.
    public var maxClientsPerRoom = 100
    /// Class rooms open at once (lesson rooms are not counted: they open as people come).
    public var maxRooms = 1000
    /// WebSocket connections from one address at once. A school, a district or a campus shares
    /// one address, so by default this is as many as the server takes: abuse is bounded by rates
    /// (connections per second, messages per second) and by memory, not by counting people.
    public var maxConnectionsPerAddress = 4096
    /// Class rooms one address may have open at once (40 teachers behind one address, and more).
    public var maxRoomsPerAddress = 200
    /// New TCP connections one address may open per second, on average (pages, API and
    /// WebSockets alike); beyond, `429` and the connection is closed.
    public var connectionsPerSecondPerAddress = 200.0
    /// New TCP connections one address may open at once before that rate applies (a class
    /// arriving together: each page load opens a few).
    public var connectionBurstPerAddress = 2000
    /// Connections that have not yet sent a whole request, server-wide; beyond, the oldest is
    /// closed (a flood of half-open connections costs a bounded amount of memory).
    public var maxPendingConnections = 2048
    /// Seconds a connection has to send its whole request head.
    public var requestHeadSeconds = 10.0
    /// Messages one client may send per second; the excess is dropped with `rate-limited`.
    public var messagesPerSecond = 120
    /// Largest text message a client may send, in bytes; beyond, the connection closes with 1009.
    public var maxMessageBytes = 4096
    /// Largest `code` message (one that starts `{"type":"code"`): a lesson's source, escaped.
    public var maxCodeMessageBytes = 98_304
    /// Largest source a `code` message may carry, in UTF-8 bytes; beyond, `bad-value`.
    public var maxSourceBytes = 32_768
    /// Code runs (compiles) per second in one room, with a burst of three.
    public var compilesPerSecondPerRoom = 0.5
    /// Seconds of the service thread that running code (compiling it, its `viewDidLoad`) may
    /// take per second for one address, with a burst of twice that: code that never ends costs
    /// its interpreter budget once, then that address waits.
    public var codeSecondsPerSecondPerAddress = 0.2
    /// Reliable messages waiting for one client; beyond, it is closed as too slow.
    public var maxQueuedMessages = 256
    /// Bytes of reliable messages waiting for one client; beyond, it is closed as too slow.
    public var maxQueuedBytes = 1 << 20
    /// Seconds a client may go without taking anything due to it before it is closed as too slow.
    public var maxLagSeconds = 5.0
    /// Seconds an empty class room stays open.
    public var roomExpirySeconds = 60.0
    /// Seconds a class room keeps its instructor after the instructor's connection drops.
    public var instructorGraceSeconds = 60.0
    /// Seconds before an unknown room is answered (guessing codes does not pay).
    public var unknownRoomDelaySeconds = 1.0
    /// Unknown rooms one address may ask for per minute (and at once); beyond, `rate-limited`.
    public var unknownRoomsPerMinute = 10
    /// `reset`s per second in one room (everyone may reset a lesson room).
    public var resetsPerSecondPerRoom = 1.0
    /// `set`s per second in one room.
    public var setsPerSecondPerRoom = 30.0
    /// Seconds over which repeated refusals from one address for one reason are counted and
    /// summarised in one log line (the first of each is logged in full).
    public var logSummarySeconds = 10.0
    /// Bytes of recording one room keeps (inputs, state hashes, timeline marks); past it the
    /// hashes thin out, then the oldest history goes (docs/replay.md).
    public var recordingBudgetBytes = 4 * 1024 * 1024
    /// `seek`s and `step`s per second in one room (each may replay part of the recording).
    public var timeControlsPerSecondPerRoom = 15.0
    /// Seconds of the service thread that replaying the recording (`seek`, `step`, and a seek
    /// going on over the next ticks) may take per second for one address, with a burst of twice
    /// that: one address's rooms cannot fill a worker with replays. Past it, its time controls
    /// are `rate-limited` and its seeks on their way wait for the next ticks.
    public var replaySecondsPerSecondPerAddress = 0.25
    /// CPU seconds of its worker's thread one tick of a room may spend replaying towards a
    /// moment sought; a seek that needs more goes on over the next ticks (a heavy scene's), so
    /// the worker's other rooms keep their ticks.
    public var seekSliceSeconds = 0.004
    /// Largest recording file the server opens (an upload), in bytes.
    public var maxRecordingFileBytes = 32 * 1024 * 1024
    /// `overlay` requests one client may make per second (each may change what the server
    /// measures and sends it); beyond, `rate-limited` and the request is not applied.
    public var overlayRequestsPerSecond = 2.0

    public init() {}
}

/// Close codes the server uses.
public enum CloseCode {
    /// The server is shutting down.
    public static let goingAway: UInt16 = 1001
    /// A frame that breaks RFC 6455 (an unmasked client frame).
    public static let protocolError: UInt16 = 1002
    /// A binary frame from a client.
    public static let unsupportedData: UInt16 = 1003
    /// Invalid UTF-8 (sent by libwebsockets itself).
    public static let invalidPayload: UInt16 = 1007
    /// The client reads too slowly or floods the server.
    public static let policyViolation: UInt16 = 1008
    /// A text message over the size limit.
    public static let messageTooBig: UInt16 = 1009
    /// A full room or server.
    public static let tryAgainLater: UInt16 = 1013
    /// A cluster's node stopping (or handing a class on): reconnect, another node takes the room.
    public static let serviceRestart: UInt16 = 1012
    /// A class key that is forged or expired.
    public static let forbidden: UInt16 = 4403
    /// An unknown room or lesson.
    public static let unknownRoom: UInt16 = 4404
    /// Too many unknown rooms asked for from one address.
    public static let tooManyRequests: UInt16 = 4429
}
