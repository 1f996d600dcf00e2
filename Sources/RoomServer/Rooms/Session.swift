/// One WebSocket connection's state on the server: its room, what waits to be written to it,
/// and its limits. Service thread only.
public final class Session {
    public let id: ConnectionID
    public let address: String
    public let openedAt: Int64
    /// The room this connection belongs to, for its whole life (nil while refused or waiting).
    /// A strong reference: a room outlives its members (it closes only once empty), and a weak
    /// one made every frame's reads of it and every retain of the room take the runtime's slow
    /// path.
    public internal(set) var room: Room?
    public internal(set) var roomID: String?
    /// The display name asked for.
    public let name: String

    /// Reliable messages waiting, oldest first (`outbox[outboxHead...]`).
    private var outbox: [WireBuffer] = []
    private var outboxHead = 0
    /// Sequence number of the last state frame written, or nil before the first.
    var lastFrameSequence: UInt32?
    /// Close with this code and reason once the outbox is written.
    public internal(set) var pendingClose: (code: UInt16, reason: String)?
    /// Messages and a close to queue at a later time (an unknown room is answered slowly).
    var deferred: (at: Int64, messages: [WireBuffer], close: (code: UInt16, reason: String))?
    /// Since when something has been due to this client without any progress, if anything is.
    var waitingSince: Int64?
    /// A writeable callback has been asked for and not yet served.
    var writeRequested = false
    var rateBucket: TokenBucket
    /// The overlay data this client asked for (none unless it sent `overlay`), at most one
    /// overlay frame per `overlayInterval` microseconds, and when and which it was sent last.
    var overlayKinds: OverlayKinds = []
    var overlayInterval: Int64 = 0
    var lastOverlayAt: Int64?
    var lastOverlaySequence: UInt32?
    var overlayBucket: TokenBucket
    var lastRateLimitNotice: Int64?
    /// Why the connection ended, for the log.
    public internal(set) var closeReason: String?

    init(id: ConnectionID, address: String, name: String, now: Int64, limits: ServerLimits) {
        self.id = id
        self.address = address
        self.name = name
        openedAt = now
        rateBucket = TokenBucket(
            capacity: Double(limits.messagesPerSecond), perSecond: Double(limits.messagesPerSecond), now: now)
        overlayBucket = TokenBucket(
            capacity: max(1, 2 * limits.overlayRequestsPerSecond), perSecond: limits.overlayRequestsPerSecond, now: now)
    }

    /// Reliable messages waiting to be written.
    public var queuedCount: Int { outbox.count - outboxHead }
    /// Bytes of the reliable messages waiting.
    public private(set) var queuedBytes = 0

    func enqueue(_ message: WireBuffer) {
        outbox.append(message)
        queuedBytes += message.count
    }

    func dequeue() -> WireBuffer? {
        guard outboxHead < outbox.count else { return nil }
        let message = outbox[outboxHead]
        outboxHead += 1
        queuedBytes -= message.count
        if outboxHead == outbox.count {
            outbox.removeAll(keepingCapacity: true)
            outboxHead = 0
        } else if outboxHead > 64, outboxHead * 2 > outbox.count {
            outbox.removeFirst(outboxHead)
            outboxHead = 0
        }
        return message
    }

    /// Whether an overlay frame is due now: asked for, newer than the last sent, and the
    /// interval since the last one has passed (less half a tick, so that a rate that divides
    /// the room's rate keeps its beat despite the clock's jitter).
    func overlayDue(in room: Room, now: Int64) -> Bool {
        guard !overlayKinds.isEmpty, lastOverlaySequence != room.frameSequence else { return false }
        return now >= (overlayDueAt ?? now)
    }

    /// When the next overlay frame may go out (nil: at once).
    var overlayDueAt: Int64? {
        lastOverlayAt.map { $0 + overlayInterval - Int64(Room.tickSeconds * 1e6 / 2) }
    }

    /// Whether a write is due: a queued message, a close, or a frame newer than the last sent.
    var hasSomethingDue: Bool {
        if queuedCount > 0 || pendingClose != nil { return true }
        guard let room else { return false }
        return lastFrameSequence != room.frameSequence
    }
}
