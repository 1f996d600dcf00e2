import Lessons

/// The binary state frame (docs/protocol.md): a 16-byte header, 16 bytes per item, 16 bytes
/// per line, all little-endian.
public enum StateFrame {
    public static let kind: UInt8 = 1
    public static let headerSize = 16
    public static let itemSize = 16
    public static let lineSize = 16
    /// Header flags bit 0: the room is paused.
    public static let pausedFlag: UInt8 = 1
    /// Header flags bit 1: the frame shows a past moment of the room's recording.
    public static let pastFlag: UInt8 = 2
    /// Item flags bit 0: the item is at rest.
    public static let atRestFlag: UInt8 = 1
    /// Item flags bit 1: the item is hidden.
    public static let hiddenFlag: UInt8 = 2

    /// Encodes one frame, straight into its wire buffer. Items and lines beyond 65,535 are left
    /// out (the counts are u16).
    public static func encode(
        poses items: [ItemPose], lines: [SceneLine], sequence: UInt32, time: Double, paused: Bool, past: Bool = false
    ) -> WireBuffer {
        let itemCount = min(items.count, Int(UInt16.max))
        let lineCount = min(lines.count, Int(UInt16.max))
        let size = headerSize + itemCount * itemSize + lineCount * lineSize
        return WireBuffer(count: size, isBinary: true) { out in
            var writer = Writer(out: out)
            writer.u8(kind)
            writer.u8((paused ? pausedFlag : 0) | (past ? pastFlag : 0))
            writer.u16(UInt16(itemCount))
            writer.u16(UInt16(lineCount))
            writer.u16(0)
            writer.u32(sequence)
            writer.f32(time)
            for item in items.prefix(itemCount) {
                writer.u16(UInt16(truncatingIfNeeded: item.id))
                let alpha = item.alpha.isFinite ? min(max(item.alpha, 0), 1) : 1
                writer.u8(UInt8((alpha * 255).rounded()))
                writer.u8((item.isAtRest ? atRestFlag : 0) | (item.isHidden ? hiddenFlag : 0))
                writer.f32(Double(item.center.x))
                writer.f32(Double(item.center.y))
                writer.f32(item.angle)
            }
            for line in lines.prefix(lineCount) {
                writer.f32(Double(line.from.x))
                writer.f32(Double(line.from.y))
                writer.f32(Double(line.to.x))
                writer.f32(Double(line.to.y))
            }
        }
    }

    /// Little-endian values written one after another into a buffer sized for them.
    private struct Writer {
        let out: UnsafeMutableRawBufferPointer
        var offset = 0

        mutating func u8(_ value: UInt8) {
            out.storeBytes(of: value, toByteOffset: offset, as: UInt8.self)
            offset += 1
        }

        mutating func u16(_ value: UInt16) {
            out.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt16.self)
            offset += 2
        }

        mutating func u32(_ value: UInt32) {
            out.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
            offset += 4
        }

        mutating func f32(_ value: Double) { u32(wireFloat(value)) }
    }

    static func appendU16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }

    static func appendU32(_ bytes: inout [UInt8], _ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    static func appendF32(_ bytes: inout [UInt8], _ value: Double) {
        appendU32(&bytes, wireFloat(value))
    }

    /// A value's f32 bits; a non-finite value (an engine blow-up) is sent as 0 so clients never
    /// see NaN.
    static func wireFloat(_ value: Double) -> UInt32 {
        let float = Float(value)
        return float.isFinite ? float.bitPattern : 0
    }
}
