// The little the load generator reads of the Newtons protocol (docs/protocol.md) on its hot
// path, read in place: a state frame's sequence number, rest flags and item centres, a `pong`'s
// id.

public enum StatePeek {
    /// The state frame header's size; the sequence number is its u32 at offset 8.
    public static let headerSize = 16
    public static let itemSize = 16

    /// The sequence number of a state frame (kind 1, at least a header), else nil.
    @inlinable
    public static func sequence(_ payload: UnsafeRawBufferPointer) -> UInt32? {
        guard payload.count >= headerSize, payload[0] == 1 else { return nil }
        return UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
    }

    /// Whether a state frame has items and every one of them is at rest (item flags bit 0).
    public static func allItemsAtRest(_ payload: UnsafeRawBufferPointer) -> Bool {
        guard payload.count >= headerSize, payload[0] == 1 else { return false }
        let items = Int(payload[2]) | Int(payload[3]) << 8
        guard items > 0, payload.count >= headerSize + items * itemSize else { return false }
        return (0..<items).allSatisfy { payload[headerSize + $0 * itemSize + 3] & 1 != 0 }
    }

    /// The centre (x, y: f32 at offsets 4 and 8 of the item) of a state frame's item at
    /// `index`, else nil (not a state frame, or fewer items).
    public static func itemCenter(_ payload: UnsafeRawBufferPointer, at index: Int) -> (x: Float, y: Float)? {
        guard payload.count >= headerSize, payload[0] == 1, index >= 0 else { return nil }
        let items = Int(payload[2]) | Int(payload[3]) << 8
        let offset = headerSize + index * itemSize
        guard index < items, payload.count >= offset + itemSize else { return nil }
        let x = Float(bitPattern: UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
        let y = Float(bitPattern: UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)))
        return (x, y)
    }
}

public enum MessagePeek {
    /// Whether a text message is the given `type`: the server writes `{"type":"<type>",` first.
    public static func isType(_ type: StaticString, _ payload: UnsafeRawBufferPointer) -> Bool {
        let prefix: StaticString = "{\"type\":\""
        let name = UnsafeRawBufferPointer(start: type.utf8Start, count: type.utf8CodeUnitCount)
        guard payload.count >= 10 + name.count else { return false }
        let start = UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return payload.prefix(9).elementsEqual(start) && payload[9..<(9 + name.count)].elementsEqual(name)
            && payload[9 + name.count] == UInt8(ascii: "\"")
    }

    /// The id of a `pong` answering one of our pings (`"id":"<decimal>"`), else nil.
    public static func pongID(_ payload: UnsafeRawBufferPointer) -> UInt64? {
        guard isType("pong", payload) else { return nil }
        let key = Array("\"id\":".utf8)
        guard payload.count > key.count else { return nil }
        var index = 0
        while index + key.count <= payload.count {
            if payload[index] == key[0], payload[index..<(index + key.count)].elementsEqual(key) { break }
            index += 1
        }
        index += key.count
        guard index < payload.count else { return nil }
        if payload[index] == UInt8(ascii: "\"") { index += 1 }
        var value: UInt64 = 0
        var digits = 0
        while index < payload.count, payload[index] >= UInt8(ascii: "0"), payload[index] <= UInt8(ascii: "9") {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(payload[index] - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }
}
