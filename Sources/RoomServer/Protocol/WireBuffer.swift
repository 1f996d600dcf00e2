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
    public convenience init(_ payload: some Collection<UInt8>, isBinary: Bool) {
        self.init(count: payload.count, isBinary: isBinary) { target in
            if payload.withContiguousStorageIfAvailable({ target.copyMemory(from: UnsafeRawBufferPointer($0)) }) == nil {
                target.copyBytes(from: payload)
            }
        }
    }

    /// A payload of `count` bytes written in place by `write` (every byte of it), with no copy:
    /// a state frame is encoded straight into the buffer its members' sockets write from.
    public init(count: Int, isBinary: Bool, _ write: (UnsafeMutableRawBufferPointer) -> Void) {
        self.count = count
        self.isBinary = isBinary
        storage = UnsafeMutableRawPointer.allocate(byteCount: Self.headroom + max(count, 1), alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: Self.headroom)
        write(UnsafeMutableRawBufferPointer(start: storage + Self.headroom, count: count))
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
