// The client side of RFC 6455 framing, for the load generator: reads the server's frames from a
// receive buffer as they arrive (partial frames, several frames in one read) without copying
// unfragmented payloads. Pure: no sockets, no clock.

/// A WebSocket frame's opcode (RFC 6455 §5.2).
public enum WebSocketOpcode {
    public static let continuation: UInt8 = 0x0
    public static let text: UInt8 = 0x1
    public static let binary: UInt8 = 0x2
    public static let close: UInt8 = 0x8
    public static let ping: UInt8 = 0x9
    public static let pong: UInt8 = 0xA
}

/// What a server sent that a client must not accept.
public enum WebSocketReadError: Error, Equatable, Sendable {
    /// RSV1-3 set: no extension was negotiated.
    case reservedBits
    /// Servers never mask their frames (RFC 6455 §5.1).
    case maskedServerFrame
    /// An opcode RFC 6455 does not define.
    case unknownOpcode(UInt8)
    /// A control frame over 125 bytes or without FIN.
    case badControlFrame
    /// A continuation with no message to continue, or a new message before the last one ended.
    case badFragmentation
    /// A 64-bit length with its top bit set, or a message beyond the reader's limit.
    case tooLarge
}

/// A frame's header: everything before its payload.
public struct WebSocketFrameHeader: Equatable, Sendable {
    public var fin: Bool
    public var opcode: UInt8
    public var masked: Bool
    /// Bytes before the payload: 2, 4 or 10, plus 4 for a mask key.
    public var headerLength: Int
    public var payloadLength: Int

    public init(fin: Bool, opcode: UInt8, masked: Bool, headerLength: Int, payloadLength: Int) {
        self.fin = fin
        self.opcode = opcode
        self.masked = masked
        self.headerLength = headerLength
        self.payloadLength = payloadLength
    }

    /// The whole frame's size.
    public var frameLength: Int { headerLength + payloadLength }

    /// Parses the header at the start of `bytes`; nil while it is incomplete.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(WebSocketReadError) -> WebSocketFrameHeader? {
        guard bytes.count >= 2 else { return nil }
        let first = bytes[0]
        let second = bytes[1]
        guard first & 0x70 == 0 else { throw .reservedBits }
        let opcode = first & 0x0F
        let masked = second & 0x80 != 0
        var length = Int(second & 0x7F)
        var headerLength = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            headerLength = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            var value: UInt64 = 0
            for index in 2..<10 { value = value << 8 | UInt64(bytes[index]) }
            guard value <= UInt64(Int32.max) else { throw .tooLarge }
            length = Int(value)
            headerLength = 10
        }
        if masked { headerLength += 4 }
        return WebSocketFrameHeader(
            fin: first & 0x80 != 0, opcode: opcode, masked: masked, headerLength: headerLength,
            payloadLength: length)
    }
}

/// One whole message: a data message (its fragments put together) or a control frame.
public enum WebSocketMessageKind: Equatable, Sendable {
    case text, binary, ping, pong, close
}

/// Reads a server's frames incrementally. The caller keeps the received bytes in its own buffer,
/// calls `read` after every receive, drops the bytes it consumed and keeps the rest for the next
/// call. When a frame is incomplete, `needed` tells how large the buffer must be to hold it.
public struct WebSocketReader: Sendable {
    /// Largest message accepted (fragments added up).
    public let maxMessageLength: Int
    /// The whole size of the incomplete frame `read` stopped at (0 when it consumed everything).
    public private(set) var needed = 0
    private var fragmentKind: WebSocketMessageKind?
    private var fragments: [UInt8] = []

    public init(maxMessageLength: Int = 1 << 24) {
        self.maxMessageLength = maxMessageLength
    }

    /// Reads every complete frame at the start of `bytes` and calls `onMessage` once per whole
    /// message, with the frame's wire size (header and payload of its last frame; fragments are
    /// few and only text) and its payload, which is valid only during the call. Returns how many
    /// bytes were consumed; the rest begin an incomplete frame.
    public mutating func read(
        _ bytes: UnsafeRawBufferPointer,
        _ onMessage: (_ kind: WebSocketMessageKind, _ wireSize: Int, _ payload: UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        var offset = 0
        needed = 0
        while offset < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            guard let header = try WebSocketFrameHeader.parse(rest) else {
                needed = 14  // room for the longest header: 10 bytes and a mask key
                return offset
            }
            guard !header.masked else { throw WebSocketReadError.maskedServerFrame }
            guard header.payloadLength <= maxMessageLength else { throw WebSocketReadError.tooLarge }
            guard rest.count >= header.frameLength else {
                needed = header.frameLength
                return offset
            }
            let payload = UnsafeRawBufferPointer(
                rebasing: rest[header.headerLength..<header.frameLength])
            try deliver(header, payload, onMessage)
            offset += header.frameLength
        }
        return offset
    }

    private mutating func deliver(
        _ header: WebSocketFrameHeader, _ payload: UnsafeRawBufferPointer,
        _ onMessage: (WebSocketMessageKind, Int, UnsafeRawBufferPointer) throws -> Void
    ) throws {
        switch header.opcode {
        case WebSocketOpcode.close, WebSocketOpcode.ping, WebSocketOpcode.pong:
            guard header.fin, header.payloadLength <= 125 else { throw WebSocketReadError.badControlFrame }
            let kind: WebSocketMessageKind =
                header.opcode == WebSocketOpcode.close ? .close : header.opcode == WebSocketOpcode.ping ? .ping : .pong
            try onMessage(kind, header.frameLength, payload)
        case WebSocketOpcode.text, WebSocketOpcode.binary:
            guard fragmentKind == nil else { throw WebSocketReadError.badFragmentation }
            let kind: WebSocketMessageKind = header.opcode == WebSocketOpcode.text ? .text : .binary
            if header.fin {
                try onMessage(kind, header.frameLength, payload)
            } else {
                fragmentKind = kind
                fragments.removeAll(keepingCapacity: true)
                fragments.append(contentsOf: payload)
            }
        case WebSocketOpcode.continuation:
            guard let kind = fragmentKind else { throw WebSocketReadError.badFragmentation }
            guard fragments.count + payload.count <= maxMessageLength else { throw WebSocketReadError.tooLarge }
            fragments.append(contentsOf: payload)
            if header.fin {
                fragmentKind = nil
                let message = fragments
                fragments = []
                try message.withUnsafeBytes { try onMessage(kind, header.frameLength, $0) }
            }
        default:
            throw WebSocketReadError.unknownOpcode(header.opcode)
        }
    }
}
