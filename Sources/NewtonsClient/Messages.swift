/// One JSON message from the server: its `type` and all its fields.
public struct ServerMessage: Sendable, Equatable {
    public let type: String
    public let json: JSON

    public subscript(key: String) -> JSON? { json[key] }

    /// For `error`: the error code (`bad-value`, `forbidden`, …).
    public var errorCode: String? { type == "error" ? json["code"]?.string : nil }
}

/// The `welcome` message: the room's full state when joining.
public struct Welcome: Sendable, Equatable {
    public let json: JSON

    public init?(_ message: ServerMessage) {
        guard message.type == "welcome" else { return nil }
        json = message.json
    }

    public var room: String { json["room"]?.string ?? "" }
    /// The class room's short code, or nil in a lesson room.
    public var code: String? { json["code"]?.string }
    public var role: String { json["role"]?.string ?? "" }
    /// The instructor's secret key (instructors only).
    public var key: String? { json["key"]?.string }
    /// Your member id in the room.
    public var you: Int { json["you"]?.int ?? -1 }
    public var lessonID: String { json["lesson"]?["id"]?.string ?? "" }
    public var rate: Int { json["rate"]?.int ?? 0 }
    public var paused: Bool { json["paused"]?.bool ?? false }
    public var locked: Bool { json["locked"]?.bool ?? false }
    public var clients: Int { json["clients"]?.int ?? 0 }
    public var items: [JSON] { json["items"]?.array ?? [] }
    public var params: [JSON] { json["params"]?.array ?? [] }
    public var members: [JSON] { json["members"]?.array ?? [] }
}

/// A decoded binary state frame (docs/protocol.md, "State frames").
public struct StateFrame: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public let id: Int
        /// Opacity, 0 to 255.
        public let alpha: UInt8
        public let atRest: Bool
        public let hidden: Bool
        public let x: Float
        public let y: Float
        public let angle: Float
    }

    public struct Line: Sendable, Equatable {
        public let x1, y1, x2, y2: Float
    }

    public let paused: Bool
    /// Flags bit 1: the frame shows a past moment of the room's recording.
    public let past: Bool
    public let sequence: UInt32
    public let time: Float
    public let items: [Item]
    public let lines: [Line]

    /// Decodes a frame; nil when the bytes are not a well-formed kind-1 frame.
    public init?(_ bytes: [UInt8]) {
        guard let header = StateFrameHeader(bytes) else { return nil }
        let itemCount = header.itemCount
        let lineCount = header.lineCount
        guard bytes.count == 16 + 16 * (itemCount + lineCount) else { return nil }
        paused = header.paused
        past = header.past
        sequence = header.sequence
        time = header.time
        var items: [Item] = []
        items.reserveCapacity(itemCount)
        for index in 0..<itemCount {
            let base = 16 + 16 * index
            let flags = bytes[base + 3]
            items.append(
                Item(
                    id: Int(readU16(bytes, base)), alpha: bytes[base + 2], atRest: flags & 1 != 0, hidden: flags & 2 != 0,
                    x: readF32(bytes, base + 4), y: readF32(bytes, base + 8), angle: readF32(bytes, base + 12)))
        }
        var lines: [Line] = []
        for index in 0..<lineCount {
            let base = 16 + 16 * (itemCount + index)
            lines.append(
                Line(
                    x1: readF32(bytes, base), y1: readF32(bytes, base + 4), x2: readF32(bytes, base + 8),
                    y2: readF32(bytes, base + 12)))
        }
        self.items = items
        self.lines = lines
    }

    public func item(_ id: Int) -> Item? { items.first { $0.id == id } }
}

/// An overlay frame (kind 2, docs/protocol.md "Overlay data"): sent only to a client that
/// asked with `overlay`. Forces are UIKit Newtons by source name, velocities points/s.
public struct OverlayFrame: Sendable, Equatable {
    public static let sources = ["gravity", "push", "snap", "attachment", "spring", "field", "collision"]

    public struct Item: Sendable, Equatable {
        public let id: Int
        /// Names of the behaviours holding the item (`sources`, and `item` for an item behaviour).
        public let behaviors: [String]
        public let velocity: (x: Float, y: Float)?
        public let angularVelocity: Float?
        public let mass: Float?
        public let forces: [String: (x: Float, y: Float)]

        public static func == (a: Item, b: Item) -> Bool {
            a.id == b.id && a.behaviors == b.behaviors && a.velocity?.x == b.velocity?.x && a.velocity?.y == b.velocity?.y
                && a.angularVelocity == b.angularVelocity && a.mass == b.mass
                && a.forces.mapValues { [$0.x, $0.y] } == b.forces.mapValues { [$0.x, $0.y] }
        }
    }

    public struct Contact: Sendable, Equatable {
        public let item: Int
        /// The other item's id, or nil for a boundary.
        public let other: Int?
        public let x, y, normalX, normalY, forceX, forceY: Float
    }

    public struct Line: Sendable, Equatable {
        public let tension: Float
        public let springEnergy: Float
    }

    /// The kinds carried: `velocity`, `forces`, `contacts`.
    public let kinds: [String]
    public let sequence: UInt32
    public let time: Float
    public let items: [Item]
    public let contacts: [Contact]
    public let lines: [Line]

    /// Decodes an overlay frame; nil when the bytes are not a well-formed kind-2 frame.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 16, bytes[0] == 2 else { return nil }
        let flags = bytes[1]
        kinds = ["velocity", "forces", "contacts"].enumerated().filter { flags & (1 << $0.offset) != 0 }.map(\.element)
        let itemCount = Int(readU16(bytes, 2)), contactCount = Int(readU16(bytes, 4)), lineCount = Int(readU16(bytes, 6))
        sequence = UInt32(readU16(bytes, 8)) | UInt32(readU16(bytes, 10)) << 16
        time = readF32(bytes, 12)
        var offset = 16
        var items: [Item] = []
        for _ in 0..<itemCount {
            guard offset + 4 <= bytes.count else { return nil }
            let id = Int(readU16(bytes, offset))
            let behaviorBits = bytes[offset + 2], mask = bytes[offset + 3]
            offset += 4
            var behaviors = Self.sources.enumerated().filter { behaviorBits & (1 << $0.offset) != 0 }.map(\.element)
            if behaviorBits & 0x80 != 0 { behaviors.append("item") }
            var velocity: (x: Float, y: Float)?
            var angular: Float?, mass: Float?
            if flags & 1 != 0 {
                guard offset + 16 <= bytes.count else { return nil }
                velocity = (readF32(bytes, offset), readF32(bytes, offset + 4))
                angular = readF32(bytes, offset + 8)
                mass = readF32(bytes, offset + 12)
                offset += 16
            }
            var forces: [String: (x: Float, y: Float)] = [:]
            for (bit, source) in Self.sources.enumerated() where mask & (1 << bit) != 0 {
                guard offset + 8 <= bytes.count else { return nil }
                forces[source] = (readF32(bytes, offset), readF32(bytes, offset + 4))
                offset += 8
            }
            items.append(
                Item(id: id, behaviors: behaviors, velocity: velocity, angularVelocity: angular, mass: mass, forces: forces))
        }
        guard bytes.count == offset + 28 * contactCount + 8 * lineCount else { return nil }
        var contacts: [Contact] = []
        for _ in 0..<contactCount {
            let other = Int(readU16(bytes, offset + 2))
            contacts.append(
                Contact(
                    item: Int(readU16(bytes, offset)), other: other == 0 ? nil : other, x: readF32(bytes, offset + 4),
                    y: readF32(bytes, offset + 8), normalX: readF32(bytes, offset + 12), normalY: readF32(bytes, offset + 16),
                    forceX: readF32(bytes, offset + 20), forceY: readF32(bytes, offset + 24)))
            offset += 28
        }
        var lines: [Line] = []
        for _ in 0..<lineCount {
            lines.append(Line(tension: readF32(bytes, offset), springEnergy: readF32(bytes, offset + 4)))
            offset += 8
        }
        self.items = items
        self.contacts = contacts
        self.lines = lines
    }

    public func item(_ id: Int) -> Item? { items.first { $0.id == id } }
}

/// The 16-byte header of a state frame, read without decoding the items (cheap, for load tests).
public struct StateFrameHeader: Sendable, Equatable {
    public let paused: Bool
    public let past: Bool
    public let itemCount: Int
    public let lineCount: Int
    public let sequence: UInt32
    public let time: Float

    public init?(_ bytes: some RandomAccessCollection<UInt8>) {
        guard bytes.count >= 16 else { return nil }
        let start = bytes.startIndex
        func byte(_ offset: Int) -> UInt8 { bytes[bytes.index(start, offsetBy: offset)] }
        guard byte(0) == 1 else { return nil }
        paused = byte(1) & 1 != 0
        past = byte(1) & 2 != 0
        itemCount = Int(byte(2)) | Int(byte(3)) << 8
        lineCount = Int(byte(4)) | Int(byte(5)) << 8
        sequence = UInt32(byte(8)) | UInt32(byte(9)) << 8 | UInt32(byte(10)) << 16 | UInt32(byte(11)) << 24
        time = Float(bitPattern: UInt32(byte(12)) | UInt32(byte(13)) << 8 | UInt32(byte(14)) << 16 | UInt32(byte(15)) << 24)
    }
}

private func readU16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
}

private func readF32(_ bytes: [UInt8], _ offset: Int) -> Float {
    let bits =
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
        | UInt32(bytes[offset + 3]) << 24
    return Float(bitPattern: bits)
}

/// Something that happened on a connection, in order.
public enum ClientEvent: Sendable, Equatable {
    case message(ServerMessage)
    case frame(StateFrame)
    /// An overlay frame (only after an `overlay` request).
    case overlay(OverlayFrame)
    /// The connection closed; the code the server sent, if any.
    case closed(code: Int?)

    public var message: ServerMessage? {
        if case .message(let message) = self { return message }
        return nil
    }

    public var frame: StateFrame? {
        if case .frame(let frame) = self { return frame }
        return nil
    }
}
