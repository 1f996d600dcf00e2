/// One encoded message, ready to be written to any number of sockets.
///
/// The payload is stored after `headroom` spare bytes, because libwebsockets writes each
/// frame's header into the bytes just before the payload (its `LWS_PRE`) instead of copying
/// the payload. A room encodes its frame once per tick and every member's socket writes the
/// same buffer. Only the service thread touches a buffer's bytes, so it is shared without
/// locks.
public final class WireBuffer: @unchecked Sendable {
    /// Spare bytes before every payload; the transport checks that its `LWS_PRE` fits.
    public static let headroom = 64

    /// Whether this is a text (JSON) or a binary (state frame) message.
    public let isBinary: Bool
    /// Payload length in bytes.
    public let count: Int
    private let storage: UnsafeMutableRawPointer

    /// Copies `payload` after the headroom.
    public init(_ payload: some Collection<UInt8>, isBinary: Bool) {
        let count = payload.count
        self.count = count
        self.isBinary = isBinary
        storage = UnsafeMutableRawPointer.allocate(byteCount: Self.headroom + max(count, 1), alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: Self.headroom)
        let target = (storage + Self.headroom).bindMemory(to: UInt8.self, capacity: max(count, 1))
        var offset = 0
        for byte in payload {
            target[offset] = byte
            offset += 1
        }
    }

    deinit {
        storage.deallocate()
    }

    /// The first payload byte; `headroom` writable bytes precede it.
    public var payloadStart: UnsafeMutableRawPointer { storage + Self.headroom }

    /// A copy of the payload, for tests and logs.
    public var bytes: [UInt8] {
        Array(UnsafeRawBufferPointer(start: payloadStart, count: count))
    }

    /// The payload as text (JSON messages).
    public var text: String {
        String(decoding: UnsafeRawBufferPointer(start: payloadStart, count: count), as: UTF8.self)
    }
}
