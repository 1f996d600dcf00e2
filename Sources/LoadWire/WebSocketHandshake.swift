// The client's half of the HTTP/1.1 WebSocket upgrade (RFC 6455 §4.1): the request, and the
// checks a client must make of the answer before it reads a single frame. SHA-1 is
// swift-crypto's, Base64 Foundation's.

import Crypto
import Foundation

public struct WebSocketHandshake: Sendable {
    /// The random 16 bytes, Base64: `Sec-WebSocket-Key`.
    public let key: String
    public let subprotocol: String

    /// A handshake with a fresh random key.
    public init(subprotocol: String) {
        var generator = SystemRandomNumberGenerator()
        let nonce = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        self.init(key: Data(nonce).base64EncodedString(), subprotocol: subprotocol)
    }

    public init(key: String, subprotocol: String) {
        self.key = key
        self.subprotocol = subprotocol
    }

    /// What the server must answer in `Sec-WebSocket-Accept`.
    public var expectedAccept: String {
        Self.accept(forKey: key)
    }

    /// `Sec-WebSocket-Accept` for a key: Base64 of the SHA-1 of the key and the RFC's GUID.
    public static func accept(forKey key: String) -> String {
        Data(Insecure.SHA1.hash(data: Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// The upgrade request for `target` (the path and query, already escaped).
    public func request(host: String, port: Int, target: String) -> [UInt8] {
        Array(
            ("GET \(target) HTTP/1.1\r\n" + "Host: \(host):\(port)\r\n" + "Upgrade: websocket\r\n"
                + "Connection: Upgrade\r\n" + "Sec-WebSocket-Key: \(key)\r\n" + "Sec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Protocol: \(subprotocol)\r\n\r\n").utf8)
    }

    /// Where the answer's head ends (the index just past its blank line), nil while incomplete.
    public static func headEnd(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    /// Checks the answer's head (status line and headers, without the blank line or with it).
    /// Returns nil when the upgrade succeeded, else why not.
    public func refusal(ofHead head: String) -> String? {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: true)
        guard let status = lines.first else { return "empty answer" }
        let statusParts = status.split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1.1") else { return "not HTTP/1.1: \(status)" }
        guard statusParts[1] == "101" else { return "refused: \(status)" }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return "bad header line: \(line)" }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        guard headers["upgrade"]?.lowercased() == "websocket" else { return "no Upgrade: websocket" }
        guard
            headers["connection"]?.lowercased().split(separator: ",").contains(where: { $0.trimmingSpaces() == "upgrade" })
                == true
        else { return "no Connection: Upgrade" }
        guard headers["sec-websocket-accept"] == expectedAccept else {
            return "Sec-WebSocket-Accept \(headers["sec-websocket-accept"] ?? "missing"), expected \(expectedAccept)"
        }
        guard headers["sec-websocket-protocol"] == subprotocol else {
            return "subprotocol \(headers["sec-websocket-protocol"] ?? "missing"), asked for \(subprotocol)"
        }
        if let extensions = headers["sec-websocket-extensions"], !extensions.isEmpty {
            return "an extension was not asked for: \(extensions)"
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
