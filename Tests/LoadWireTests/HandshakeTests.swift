import Testing

import LoadWire

struct HandshakeTests {
    @Test func acceptIsRFC6455sExample() {
        let handshake = WebSocketHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==", subprotocol: "newtons.v1")
        #expect(handshake.expectedAccept == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        // A key whose accept needs Base64 padding and a second SHA-1 block's worth of input.
        #expect(WebSocketHandshake.accept(forKey: "x3JJHMbDL1EzLkh9GBhXDw==") == "HSmrc0sMlYUkAGmm5OPpG2HaGWk=")
        #expect(WebSocketHandshake(subprotocol: "x").key.count == 24)
    }

    @Test func theAnswerIsChecked() {
        let handshake = WebSocketHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==", subprotocol: "newtons.v1")
        let good =
            "HTTP/1.1 101 Switching Protocols\r\nupgrade: WebSocket\r\nConnection: keep-alive, Upgrade\r\n"
            + "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\nSec-WebSocket-Protocol: newtons.v1\r\n\r\n"
        #expect(handshake.refusal(ofHead: good) == nil)
        #expect(handshake.refusal(ofHead: good.replacing("101 Switching Protocols", with: "400 Bad Request", maxReplacements: 1)) != nil)
        #expect(handshake.refusal(ofHead: good.replacing("s3pP", with: "s3pQ", maxReplacements: 1)) != nil)
        #expect(handshake.refusal(ofHead: good.replacing("newtons.v1", with: "other", maxReplacements: 1)) != nil)
        #expect(handshake.refusal(ofHead: good.replacing("WebSocket", with: "h2c", maxReplacements: 1)) != nil)
        let bytes = Array(good.utf8) + [0x81, 0x00]
        #expect(bytes.withUnsafeBytes { WebSocketHandshake.headEnd($0) } == good.utf8.count)
        #expect(Array(good.utf8.dropLast()).withUnsafeBytes { WebSocketHandshake.headEnd($0) } == nil)
        let request = String(decoding: handshake.request(host: "127.0.0.1", port: 80, target: "/ws?lesson=a"), as: UTF8.self)
        #expect(request.hasPrefix("GET /ws?lesson=a HTTP/1.1\r\n"))
        #expect(request.contains("\r\nSec-WebSocket-Protocol: newtons.v1\r\n"))
        #expect(request.hasSuffix("\r\n\r\n"))
    }

    @Test func clientFramesAreMasked() throws {
        let frame = ClientFrame.ping(id: 17, maskKey: 0x0102_0304)
        let text = Array(#"{"type":"ping","id":"17"}"#.utf8)
        #expect(frame[0] == 0x81)
        #expect(frame[1] == 0x80 | UInt8(text.count))
        #expect(Array(frame[2..<6]) == [1, 2, 3, 4])
        let unmasked = frame[6...].enumerated().map { $0.element ^ [1, 2, 3, 4][$0.offset & 3] }
        #expect(unmasked == text)
        let long = ClientFrame.encode(opcode: WebSocketOpcode.binary, payload: [UInt8](repeating: 0, count: 300), maskKey: 0)
        #expect(Array(long[0..<4]) == [0x82, 0x80 | 126, 0x01, 0x2C])
        #expect(ClientFrame.close(code: 1000, maskKey: 0) == [0x88, 0x82, 0, 0, 0, 0, 0x03, 0xE8])
    }
}
