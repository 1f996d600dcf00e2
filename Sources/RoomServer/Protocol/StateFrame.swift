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

    /// Encodes one frame. Items and lines beyond 65,535 are left out (the counts are u16).
    public static func encode(
        items: [SceneItem], lines: [SceneLine], sequence: UInt32, time: Double, paused: Bool, past: Bool = false
    ) -> WireBuffer {
        let itemCount = min(items.count, Int(UInt16.max))
        let lineCount = min(lines.count, Int(UInt16.max))
        var bytes = [UInt8]()
        bytes.reserveCapacity(headerSize + itemCount * itemSize + lineCount * lineSize)
        bytes.append(kind)
        bytes.append((paused ? pausedFlag : 0) | (past ? pastFlag : 0))
        appendU16(&bytes, UInt16(itemCount))
        appendU16(&bytes, UInt16(lineCount))
        appendU16(&bytes, 0)
        appendU32(&bytes, sequence)
        appendF32(&bytes, time)
        for item in items.prefix(itemCount) {
            appendU16(&bytes, UInt16(truncatingIfNeeded: item.id))
            let alpha = item.alpha.isFinite ? min(max(item.alpha, 0), 1) : 1
            bytes.append(UInt8((alpha * 255).rounded()))
            bytes.append((item.isAtRest ? atRestFlag : 0) | (item.isHidden ? hiddenFlag : 0))
            appendF32(&bytes, Double(item.center.x))
            appendF32(&bytes, Double(item.center.y))
            appendF32(&bytes, item.angle)
        }
        for line in lines.prefix(lineCount) {
            appendF32(&bytes, Double(line.from.x))
            appendF32(&bytes, Double(line.from.y))
            appendF32(&bytes, Double(line.to.x))
            appendF32(&bytes, Double(line.to.y))
        }
        return WireBuffer(bytes, isBinary: true)
    }

    static func appendU16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }

    static func appendU32(_ bytes: inout [UInt8], _ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    /// A non-finite value (an engine blow-up) is sent as 0 so clients never see NaN.
    static func appendF32(_ bytes: inout [UInt8], _ value: Double) {
        let float = Float(value)
        appendU32(&bytes, float.isFinite ? float.bitPattern : 0)
    }
}
