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
