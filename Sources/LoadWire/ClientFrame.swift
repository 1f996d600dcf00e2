// Frames a client sends: always masked (RFC 6455 §5.3), with a key from the caller.

public enum ClientFrame {
    /// One whole frame (FIN set) of `opcode` carrying `payload`, masked with `maskKey`.
    public static func encode(opcode: UInt8, payload: some Collection<UInt8>, maskKey: UInt32) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(payload.count + 14)
        frame.append(0x80 | opcode)
        let count = payload.count
        if count < 126 {
            frame.append(0x80 | UInt8(count))
        } else if count <= 0xFFFF {
            frame.append(0x80 | 126)
            frame.append(UInt8(count >> 8))
            frame.append(UInt8(count & 0xFF))
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: count >> shift)) }
        }
        let mask = [
            UInt8(maskKey >> 24), UInt8(truncatingIfNeeded: maskKey >> 16), UInt8(truncatingIfNeeded: maskKey >> 8),
            UInt8(truncatingIfNeeded: maskKey),
        ]
        frame.append(contentsOf: mask)
        for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index & 3]) }
        return frame
    }

    /// The protocol's own `ping` message (docs/protocol.md) with a numeric id, as a text frame.
    public static func ping(id: UInt64, maskKey: UInt32) -> [UInt8] {
        encode(opcode: WebSocketOpcode.text, payload: Array("{\"type\":\"ping\",\"id\":\"\(id)\"}".utf8), maskKey: maskKey)
    }

    /// A close frame with a status code.
    public static func close(code: UInt16, maskKey: UInt32) -> [UInt8] {
        encode(opcode: WebSocketOpcode.close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)], maskKey: maskKey)
    }
}
