import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP connection to 127.0.0.1 (or another numeric address, IPv4 or IPv6), for
/// requests no well-behaved client would make. Its reads wait on a thread of their own
/// (`onOwnThread`); one test uses a connection at a time.
final class RawConnection: @unchecked Sendable {
    let fd: Int32

    init(port: Int, host: String = "127.0.0.1", receiveBuffer: Int? = nil) throws {
        let isIPv6 = host.contains(":")
        fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerTestError("socket failed") }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { throw ServerTestError("bad address \(host)") }
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr(host)
            address.sin_port = UInt16(port).bigEndian
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        // No close here: a class whose stored properties are all set runs its deinit when its
        // init throws, and a second close would shut whatever descriptor took the number in
        // between (another test's socket: swift-nio crashed on it).
        guard connected == 0 else { throw ServerTestError("connect failed") }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw ServerTestError("send failed") }
            offset += sent
        }
    }

    /// Reads until the peer closes (or the 5 s receive timeout).
    func readAll() async -> [UInt8] {
        (try? await onOwnThread { self.readAllBlocking() }) ?? []
    }

    private func readAllBlocking() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }

    /// Reads until `terminator` has been seen (or the 5 s receive timeout).
    func read(until terminator: [UInt8]) async -> [UInt8] {
        (try? await onOwnThread { self.readBlocking(until: terminator) }) ?? []
    }

    private func readBlocking(until terminator: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var byte: UInt8 = 0
        while recv(fd, &byte, 1, 0) == 1 {
            result.append(byte)
            if result.count >= terminator.count, Array(result.suffix(terminator.count)) == terminator { break }
        }
        return result
    }
}

/// An HTTP/1.1 answer.
struct HTTPAnswer {
    let status: Int
    let headers: [String: String]
    let body: String
}

/// Plain HTTP GETs over a raw socket: the path is sent exactly as given (no client-side cleanup).
enum RawHTTP {
    static func get(port: Int, path: String, host: String = "127.0.0.1", headers: [String] = []) async throws -> HTTPAnswer {
        let connection = try RawConnection(port: port, host: host)
        let hostHeader = host.contains(":") ? "[\(host)]" : host
        let request =
            "GET \(path) HTTP/1.1\r\nHost: \(hostHeader):\(port)\r\nConnection: close\r\n"
            + headers.map { $0 + "\r\n" }.joined() + "\r\n"
        try connection.write(Array(request.utf8))
        return parse(await connection.readAll())
    }

    /// A POST of `body` (a recording upload). `keepAlive`: as browsers send it, without
    /// `Connection: close`; `bodyApart`: the body sent a moment after the head, as many clients do.
    static func post(port: Int, path: String, body: [UInt8], keepAlive: Bool = false, bodyApart: Bool = false) async throws -> HTTPAnswer {
        let connection = try RawConnection(port: port)
        let request =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(keepAlive ? "" : "Connection: close\r\n")"
            + "Content-Type: application/octet-stream\r\nContent-Length: \(body.count)\r\n\r\n"
        // A server may answer (413) and close before the whole body is sent: read what came.
        if bodyApart {
            try? connection.write(Array(request.utf8))
            try? await Task.sleep(for: .milliseconds(50))
            try? connection.write(body)
        } else {
            try? connection.write(Array(request.utf8) + body)
        }
        return parse(await connection.readAll())
    }

    static func parse(_ bytes: [UInt8]) -> HTTPAnswer {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let body = parts.dropFirst().joined(separator: "\r\n\r\n")
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPAnswer(status: status, headers: headers, body: body)
    }
}

/// A WebSocket spoken by hand: the handshake, then nothing (a client that never reads).
enum RawWebSocket {
    /// The upgrade request for `/ws?query`.
    static func upgradeRequest(port: Int, query: String) -> [UInt8] {
        Array(
            ("GET /ws?\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Protocol: newtons.v1\r\n\r\n").utf8)
    }

    /// Opens a WebSocket; `then` is sent in the same write as the upgrade request.
    static func open(port: Int, query: String, receiveBuffer: Int? = nil, then early: [UInt8] = []) async throws -> RawConnection {
        let connection = try RawConnection(port: port, receiveBuffer: receiveBuffer)
        try connection.write(upgradeRequest(port: port, query: query) + early)
        let head = String(decoding: await connection.read(until: Array("\r\n\r\n".utf8)), as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else { throw ServerTestError("no upgrade: \(head)") }
        return connection
    }
}

/// WebSocket frames as the RFC lays them out, for clients that break the rules on purpose.
enum RawFrame {
    /// One frame; masked with a fixed key unless `masked` is false.
    static func make(opcode: UInt8, payload: [UInt8], masked: Bool = true, fin: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else if payload.count < 65536 {
            bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xFF) }
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    }

    /// The server's frames in `bytes` (unmasked, as a server sends them): opcode and payload.
    static func parse(_ bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        var index = 0
        while index + 2 <= bytes.count {
            let opcode = bytes[index] & 0x0F
            var length = Int(bytes[index + 1] & 0x7F)
            index += 2
            if length == 126, index + 2 <= bytes.count {
                length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                index += 2
            } else if length == 127, index + 8 <= bytes.count {
                length = bytes[index..<index + 8].reduce(0) { $0 << 8 | Int($1) }
                index += 8
            }
            guard index + length <= bytes.count else { break }
            frames.append((opcode, Array(bytes[index..<index + length])))
            index += length
        }
        return frames
    }

    /// The close code of the first close frame in `bytes`, if any.
    static func closeCode(in bytes: [UInt8]) -> Int? {
        guard let close = parse(bytes).first(where: { $0.opcode == 8 }), close.payload.count >= 2 else { return nil }
        return Int(close.payload[0]) << 8 | Int(close.payload[1])
    }
}
