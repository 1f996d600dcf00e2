import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP connection to 127.0.0.1, for requests no well-behaved client would make.
final class RawConnection {
    let fd: Int32

    init(port: Int, receiveBuffer: Int? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerTestError("socket failed") }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw ServerTestError("connect failed")
        }
    }

    deinit {
        close(fd)
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
    func readAll() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }

    /// Reads until `terminator` has been seen.
    func read(until terminator: [UInt8]) -> [UInt8] {
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
    static func get(port: Int, path: String, headers: [String] = []) throws -> HTTPAnswer {
        let connection = try RawConnection(port: port)
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            + headers.map { $0 + "\r\n" }.joined() + "\r\n"
        try connection.write(Array(request.utf8))
        return parse(connection.readAll())
    }

    /// A POST of `body` (a recording upload).
    static func post(port: Int, path: String, body: [UInt8]) throws -> HTTPAnswer {
        let connection = try RawConnection(port: port)
        let request =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            + "Content-Type: application/octet-stream\r\nContent-Length: \(body.count)\r\n\r\n"
        // A server may answer (413) and close before the whole body is sent: read what came.
        try? connection.write(Array(request.utf8) + body)
        return parse(connection.readAll())
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
    static func open(port: Int, query: String, receiveBuffer: Int? = nil) throws -> RawConnection {
        let connection = try RawConnection(port: port, receiveBuffer: receiveBuffer)
        let request =
            "GET /ws?\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: newtons.v1\r\n\r\n"
        try connection.write(Array(request.utf8))
        let head = String(decoding: connection.read(until: Array("\r\n\r\n".utf8)), as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else { throw ServerTestError("no upgrade: \(head)") }
        return connection
    }
}
