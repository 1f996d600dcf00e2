import Testing

import LoadWire

/// A server frame (unmasked), with the shortest length encoding unless `length` forces one.
func serverFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, lengthBytes: Int? = nil) -> [UInt8] {
    var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    let width = lengthBytes ?? (payload.count < 126 ? 0 : payload.count <= 0xFFFF ? 2 : 8)
    switch width {
    case 0: frame.append(UInt8(payload.count))
    case 2: frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
        frame.append(127)
        for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
    }
    return frame + payload
}

/// A state frame as the server encodes it (docs/protocol.md): header, then 16 bytes per item.
func stateFrame(sequence: UInt32, items: Int = 2, atRest: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = [1, 0, UInt8(items), 0, 0, 0, 0, 0]
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: sequence >> UInt32(shift))) }
    bytes += [0, 0, 0x80, 0x3F]  // time 1.0
    for id in 0..<items { bytes += [UInt8(id), 0, 255, atRest ? 1 : 0] + [UInt8](repeating: 0, count: 12) }
    return bytes
}

struct Received: Equatable {
    var kind: WebSocketMessageKind
    var wireSize: Int
    var payload: [UInt8]
}

/// Feeds `stream` to a reader in chunks of the given sizes the way a connection does: append
/// what arrived, read, keep what was not consumed.
func feed(_ stream: [UInt8], chunks: [Int]) throws -> [Received] {
    var reader = WebSocketReader()
    var buffer: [UInt8] = []
    var received: [Received] = []
    var offset = 0
    var chunkIndex = 0
    while offset < stream.count {
        let size = min(chunks[chunkIndex % chunks.count], stream.count - offset)
        chunkIndex += 1
        buffer += stream[offset..<(offset + size)]
        offset += size
        let consumed = try buffer.withUnsafeBytes { bytes in
            try reader.read(bytes) { kind, wireSize, payload in
                received.append(Received(kind: kind, wireSize: wireSize, payload: Array(payload)))
            }
        }
        buffer.removeFirst(consumed)
        if !buffer.isEmpty { #expect(reader.needed > buffer.count || reader.needed == 14) }
    }
    #expect(buffer.isEmpty)
    return received
}

struct WebSocketReaderTests {
    @Test func severalFramesInOneRead() throws {
        let frames = [stateFrame(sequence: 1), stateFrame(sequence: 2), stateFrame(sequence: 3)]
        let stream = frames.flatMap { serverFrame(WebSocketOpcode.binary, $0) }
        let received = try feed(stream, chunks: [stream.count])
        #expect(received.map(\.kind) == [.binary, .binary, .binary])
        #expect(received.map(\.payload) == frames)
        #expect(received.map(\.wireSize) == [50, 50, 50])
        #expect(received.map { $0.payload.withUnsafeBytes { StatePeek.sequence($0) } } == [1, 2, 3])
    }

    @Test func partialFramesAtEverySplit() throws {
        let text = Array(#"{"type":"welcome","protocol":1,"code":"ABC234"}"#.utf8)
        let stream =
            serverFrame(WebSocketOpcode.text, text) + serverFrame(WebSocketOpcode.binary, stateFrame(sequence: 7))
            + serverFrame(WebSocketOpcode.ping, [1, 2, 3])
        for size in 1...stream.count {
            let received = try feed(stream, chunks: [size])
            #expect(received.map(\.kind) == [.text, .binary, .ping], "chunks of \(size)")
            #expect(received.first?.payload == text)
            #expect(received.last?.payload == [1, 2, 3])
        }
        // Uneven chunks, splitting headers in the middle.
        #expect(try feed(stream, chunks: [1, 3, 2, 17, 5]).map(\.kind) == [.text, .binary, .ping])
    }

    @Test func sixteenAndSixtyFourBitLengths() throws {
        let long = [UInt8]((0..<300).map { UInt8($0 & 0xFF) })
        let huge = [UInt8](repeating: 0x41, count: 70_000)
        let stream =
            serverFrame(WebSocketOpcode.text, long) + serverFrame(WebSocketOpcode.binary, huge)
            + serverFrame(WebSocketOpcode.binary, stateFrame(sequence: 9), lengthBytes: 2)
        for chunks in [[stream.count], [1000], [3, 70_001]] {
            let received = try feed(stream, chunks: chunks)
            #expect(received.map(\.payload.count) == [300, 70_000, 48])
            #expect(received[0].payload == long)
            #expect(received.map(\.wireSize) == [304, 70_010, 52])
        }
        // A 16-bit length header alone is incomplete until its two length bytes are in.
        let header = [UInt8]([0x82, 126, 0x01])
        let parsed = try header.withUnsafeBytes { try WebSocketFrameHeader.parse($0) }
        #expect(parsed == nil)
        let whole = try [UInt8]([0x82, 126, 0x01, 0x2C]).withUnsafeBytes { try WebSocketFrameHeader.parse($0) }
        #expect(whole == WebSocketFrameHeader(fin: true, opcode: 2, masked: false, headerLength: 4, payloadLength: 300))
    }

    @Test func neededTellsHowBigTheBufferMustBe() throws {
        let stream = serverFrame(WebSocketOpcode.text, [UInt8](repeating: 0x20, count: 5000))
        var reader = WebSocketReader()
        let consumed = try stream.prefix(100).withUnsafeBytes { try reader.read($0) { _, _, _ in } }
        #expect(consumed == 0)
        #expect(reader.needed == 5004)
    }

    @Test func pingCloseAndPongOpcodes() throws {
        let stream =
            serverFrame(WebSocketOpcode.ping, Array("hi".utf8)) + serverFrame(WebSocketOpcode.pong, [])
            + serverFrame(WebSocketOpcode.close, [0x03, 0xE9])
        let received = try feed(stream, chunks: [4])
        #expect(received == [
            Received(kind: .ping, wireSize: 4, payload: Array("hi".utf8)),
            Received(kind: .pong, wireSize: 2, payload: []),
            Received(kind: .close, wireSize: 4, payload: [0x03, 0xE9]),
        ])
    }

    @Test func fragmentsAreJoinedAndControlFramesMayComeBetween() throws {
        let stream =
            serverFrame(WebSocketOpcode.text, Array("{\"ty".utf8), fin: false)
            + serverFrame(WebSocketOpcode.ping, [])
            + serverFrame(WebSocketOpcode.continuation, Array("pe\":".utf8), fin: false)
            + serverFrame(WebSocketOpcode.continuation, Array("1}".utf8))
        let received = try feed(stream, chunks: [3])
        #expect(received.map(\.kind) == [.ping, .text])
        #expect(received.last?.payload == Array("{\"type\":1}".utf8))
    }

    @Test func whatAServerMustNotSendIsRefused() {
        func read(_ bytes: [UInt8]) throws {
            var reader = WebSocketReader(maxMessageLength: 1000)
            _ = try bytes.withUnsafeBytes { try reader.read($0) { _, _, _ in } }
        }
        #expect(throws: WebSocketReadError.maskedServerFrame) { try read([0x82, 0x81, 1, 2, 3, 4, 5]) }
        #expect(throws: WebSocketReadError.reservedBits) { try read([0xC2, 0x00]) }
        #expect(throws: WebSocketReadError.unknownOpcode(3)) { try read([0x83, 0x00]) }
        #expect(throws: WebSocketReadError.badControlFrame) { try read([0x09, 0x00]) }
        #expect(throws: WebSocketReadError.badControlFrame) { try read(serverFrame(WebSocketOpcode.ping, [UInt8](repeating: 0, count: 126))) }
        #expect(throws: WebSocketReadError.badFragmentation) { try read([0x80, 0x00]) }
        #expect(throws: WebSocketReadError.badFragmentation) { try read([0x01, 0x00, 0x81, 0x00]) }
        #expect(throws: WebSocketReadError.tooLarge) { try read([0x82, 126, 0x03, 0xE9]) }
        #expect(throws: WebSocketReadError.tooLarge) { try read([0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0]) }
    }
}

struct ProtocolPeekTests {
    @Test func sequenceAndRestFlagsAreReadInPlace() {
        stateFrame(sequence: 0x0102_0304).withUnsafeBytes { #expect(StatePeek.sequence($0) == 0x0102_0304) }
        stateFrame(sequence: 1).withUnsafeBytes { #expect(!StatePeek.allItemsAtRest($0)) }
        stateFrame(sequence: 1, atRest: true).withUnsafeBytes { #expect(StatePeek.allItemsAtRest($0)) }
        stateFrame(sequence: 1, items: 0, atRest: true).withUnsafeBytes { #expect(!StatePeek.allItemsAtRest($0)) }
        [UInt8](repeating: 0, count: 15).withUnsafeBytes { #expect(StatePeek.sequence($0) == nil) }
        ([2] + [UInt8](repeating: 0, count: 15)).withUnsafeBytes { #expect(StatePeek.sequence($0) == nil) }
    }

    @Test func itemCentresAreReadInPlace() {
        var frame = stateFrame(sequence: 1)
        // Item 1's x and y (f32 little-endian at offsets 4 and 8 of the item).
        let x = Float(12.5).bitPattern, y = Float(-300.25).bitPattern
        for shift in stride(from: 0, to: 32, by: 8) {
            frame[16 + 16 + 4 + shift / 8] = UInt8(truncatingIfNeeded: x >> UInt32(shift))
            frame[16 + 16 + 8 + shift / 8] = UInt8(truncatingIfNeeded: y >> UInt32(shift))
        }
        frame.withUnsafeBytes { bytes in
            #expect(StatePeek.itemCenter(bytes, at: 1).map { [$0.x, $0.y] } == [12.5, -300.25])
            #expect(StatePeek.itemCenter(bytes, at: 0).map { [$0.x, $0.y] } == [0, 0])
            #expect(StatePeek.itemCenter(bytes, at: 2) == nil)
            #expect(StatePeek.itemCenter(bytes, at: -1) == nil)
        }
        // Says two items but carries one: the second is not read past the end.
        Array(frame.prefix(32)).withUnsafeBytes { #expect(StatePeek.itemCenter($0, at: 1) == nil) }
    }

    @Test func pongIDsAreFoundAndOtherMessagesAreNot() {
        func id(_ text: String) -> UInt64? { Array(text.utf8).withUnsafeBytes { MessagePeek.pongID($0) } }
        #expect(id(#"{"type":"pong","id":"123456789012"}"#) == 123_456_789_012)
        #expect(id(#"{"type":"pong","id":42}"#) == 42)
        #expect(id(#"{"type":"ping","id":"1"}"#) == nil)
        #expect(id(#"{"type":"pongs","id":"1"}"#) == nil)
        #expect(id(#"{"type":"pong","id":"x"}"#) == nil)
        #expect(id(#"{"type":"pong"}"#) == nil)
        #expect(Array(#"{"type":"welcome","protocol":1}"#.utf8).withUnsafeBytes { MessagePeek.isType("welcome", $0) })
    }
}
