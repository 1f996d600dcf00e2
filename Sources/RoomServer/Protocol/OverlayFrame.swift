import Lessons

/// What a client asks the overlay frames to carry (`overlay` message, `want`).
public struct OverlayKinds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Each item's velocity, angular velocity and mass.
    public static let velocity = OverlayKinds(rawValue: 1)
    /// Each item's forces by behaviour, and each line's tension and spring energy.
    public static let forces = OverlayKinds(rawValue: 2)
    /// Every contact point with its normal and force.
    public static let contacts = OverlayKinds(rawValue: 4)
    public static let all: OverlayKinds = [.velocity, .forces, .contacts]

    /// The names on the wire, in bit order.
    public static let names: [(String, OverlayKinds)] = [("velocity", .velocity), ("forces", .forces), ("contacts", .contacts)]
}

/// The binary overlay frame (kind 2, docs/protocol.md "Overlay data"), sent only to clients
/// that asked: a 16-byte header, then per item its id, behaviours and what was asked for,
/// then contacts, then line tensions. Little-endian like the state frame.
public enum OverlayFrame {
    public static let kind: UInt8 = 2
    public static let headerSize = 16
    public static let contactSize = 28
    public static let lineSize = 8
    /// Per item: u16 id, u8 behaviours, u8 force mask; 16 bytes of velocity; 8 per force.
    public static let itemHeaderSize = 4
    public static let velocitySize = 16
    public static let forceSize = 8

    /// Encodes the measurements of the frame `sequence` at simulation `time`. Counts beyond
    /// 65,535 are cut (u16), like the state frame's.
    public static func encode(
        _ m: LessonMeasurements, kinds: OverlayKinds, sequence: UInt32, time: Double
    ) -> WireBuffer {
        let itemCount = kinds.isDisjoint(with: [.velocity, .forces]) ? 0 : min(m.items.count, Int(UInt16.max))
        let contactCount = kinds.contains(.contacts) ? min(m.contacts.count, Int(UInt16.max)) : 0
        let lineCount = kinds.contains(.forces) ? min(m.lines.count, Int(UInt16.max)) : 0
        var bytes = [UInt8]()
        bytes.reserveCapacity(
            headerSize + itemCount * (itemHeaderSize + velocitySize + 3 * forceSize) + contactCount * contactSize
                + lineCount * lineSize)
        bytes.append(kind)
        bytes.append(kinds.rawValue)
        StateFrame.appendU16(&bytes, UInt16(itemCount))
        StateFrame.appendU16(&bytes, UInt16(contactCount))
        StateFrame.appendU16(&bytes, UInt16(lineCount))
        StateFrame.appendU32(&bytes, sequence)
        StateFrame.appendF32(&bytes, time)
        for item in m.items.prefix(itemCount) {
            StateFrame.appendU16(&bytes, UInt16(truncatingIfNeeded: item.id))
            bytes.append(item.behaviors.rawValue)
            // Only the forces that acted are sent, one bit per source in source order.
            var mask: UInt8 = 0
            if kinds.contains(.forces) {
                for source in UIDynamicForceSource.allCases {
                    let f = item.forces[source]
                    if f.dx != 0 || f.dy != 0 { mask |= 1 << UInt8(source.rawValue) }
                }
            }
            bytes.append(mask)
            if kinds.contains(.velocity) {
                StateFrame.appendF32(&bytes, Double(item.velocity.dx))
                StateFrame.appendF32(&bytes, Double(item.velocity.dy))
                StateFrame.appendF32(&bytes, item.angularVelocity)
                StateFrame.appendF32(&bytes, item.mass)
            }
            for source in UIDynamicForceSource.allCases where mask & (1 << UInt8(source.rawValue)) != 0 {
                StateFrame.appendF32(&bytes, Double(item.forces[source].dx))
                StateFrame.appendF32(&bytes, Double(item.forces[source].dy))
            }
        }
        for contact in m.contacts.prefix(contactCount) {
            StateFrame.appendU16(&bytes, UInt16(truncatingIfNeeded: contact.item))
            StateFrame.appendU16(&bytes, UInt16(truncatingIfNeeded: contact.other ?? 0))
            StateFrame.appendF32(&bytes, Double(contact.point.x))
            StateFrame.appendF32(&bytes, Double(contact.point.y))
            StateFrame.appendF32(&bytes, Double(contact.normal.dx))
            StateFrame.appendF32(&bytes, Double(contact.normal.dy))
            StateFrame.appendF32(&bytes, Double(contact.force.dx))
            StateFrame.appendF32(&bytes, Double(contact.force.dy))
        }
        for line in m.lines.prefix(lineCount) {
            StateFrame.appendF32(&bytes, line.tension)
            StateFrame.appendF32(&bytes, line.springEnergy)
        }
        return WireBuffer(bytes, isBinary: true)
    }
}
