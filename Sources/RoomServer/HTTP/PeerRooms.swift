import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the other nodes of a cluster say about their lesson rooms, so that `/api/rooms` and the
/// lobby show the same rooms through every node. A thread of its own asks each peer's
/// `/api/rooms/local` once a second, with a short timeout; the service thread only reads the
/// last answers under a lock, so a slow or dead peer never stalls a tick. A peer that has not
/// answered for a few seconds is left out (its rooms are gone with it).
public final class PeerRooms: @unchecked Sendable {
    /// A peer's base URL (`http://HOST:PORT`), as given with `--peer`.
    public struct Peer: Sendable, Equatable {
        public let url: String
        public let host: String
        public let port: Int

        /// Reads `http://HOST:PORT` (a trailing slash allowed; IPv6 in brackets). Only plain
        /// http: peers talk over the cluster's own network.
        public init(url: String) throws {
            guard url.hasPrefix("http://") else {
                throw ServerStartError(description: "--peer \(url.prefix(80)): give http://HOST:PORT (the peer's own address)")
            }
            var rest = Substring(url.dropFirst("http://".count))
            if rest.hasSuffix("/") { rest = rest.dropLast() }
            let host: Substring
            let portText: Substring
            if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                host = rest[rest.index(after: rest.startIndex)..<close]
                portText = rest[rest.index(after: close)...].drop { $0 == ":" }
            } else if let colon = rest.lastIndex(of: ":") {
                host = rest[..<colon]
                portText = rest[rest.index(after: colon)...]
            } else {
                host = rest
                portText = "80"
            }
            guard let port = Int(portText), (1...65535).contains(port), !host.isEmpty,
                host == "localhost" || (try? ListenAddress(parsing: String(host))).map({ $0.address != nil }) == true
            else {
                throw ServerStartError(description: "--peer \(url.prefix(80)): give http://HOST:PORT with a numeric address")
            }
            self.url = url
            self.host = host == "localhost" ? "127.0.0.1" : String(host)
            self.port = port
        }

        /// How nginx's upstream block names this node: `HOST:PORT`.
        public var nodeName: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    public let peers: [Peer]
    private let intervalSeconds: Double
    private let timeoutSeconds: Double
    private let staleSeconds: Double
    private let lock = NSLock()
    /// Per peer: clients per lesson room, and when it answered (monotonic seconds).
    private var answers: [String: (rooms: [String: Int], at: Double)] = [:]
    private var started = false

    public init(peers: [Peer], intervalSeconds: Double = 1, timeoutSeconds: Double = 0.5, staleSeconds: Double = 3.5) {
        self.peers = peers
        self.intervalSeconds = intervalSeconds
        self.timeoutSeconds = timeoutSeconds
        self.staleSeconds = staleSeconds
    }

    /// Starts asking the peers (once; nothing happens without peers).
    public func start() {
        guard !peers.isEmpty else { return }
        let begin = lock.withLock { () -> Bool in
            defer { started = true }
            return !started
        }
        guard begin else { return }
        let thread = Thread { [self] in
            while true {
                for peer in peers { poll(peer) }
                Thread.sleep(forTimeInterval: intervalSeconds)
            }
        }
        thread.name = "newtons-peers"
        thread.start()
    }

    /// Clients per lesson room on the peers that answered lately, summed.
    public func clientsByRoom() -> [String: Int] {
        let now = Self.seconds()
        return lock.withLock {
            var total: [String: Int] = [:]
            for answer in answers.values where now - answer.at <= staleSeconds {
                for (room, clients) in answer.rooms { total[room, default: 0] += clients }
            }
            return total
        }
    }

    /// The peers that answered lately.
    public func livePeers() -> [String] {
        let now = Self.seconds()
        return lock.withLock { peers.map(\.url).filter { answers[$0].map { now - $0.at <= staleSeconds } ?? false } }
    }

    private func poll(_ peer: Peer) {
        guard let body = Self.get(host: peer.host, port: peer.port, path: "/api/rooms/local", timeout: timeoutSeconds),
            case .array(let list) = try? JSONReader.parse(body)
        else { return }
        var rooms: [String: Int] = [:]
        for entry in list.prefix(10_000) {
            guard case .string(let id)? = entry["id"], case .number(let clients)? = entry["clients"],
                clients.isFinite, clients >= 0, clients < 1e9
            else { continue }
            rooms[id] = Int(clients)
        }
        let now = Self.seconds()
        lock.withLock { answers[peer.url] = (rooms, now) }
    }

    static func seconds() -> Double { Double(monotonicNanoseconds()) / 1e9 }

    /// A GET with a deadline for the whole exchange; the body of a 200 answer, else nil.
    static func get(host: String, port: Int, path: String, timeout: Double) -> [UInt8]? {
        guard let address = SocketAddress(host: host, port: port) else { return nil }
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let result = address.with { connect(fd, $0, $1) }
        guard result == 0 || errno == EINPROGRESS else { return nil }
        let deadline = seconds() + timeout
        func wait(_ events: Int16) -> Bool {
            let left = Int32((deadline - seconds()) * 1000)
            guard left > 0 else { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            return Glibc.poll(&entry, 1, left) == 1 && entry.revents & events != 0
        }
        guard wait(Int16(POLLOUT)) else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            return nil
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while answer.count < 4_000_000, wait(Int16(POLLIN)) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 {
                answer.append(contentsOf: buffer[0..<count])
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                break
            }
        }
        guard answer.starts(with: Array("HTTP/1.1 200".utf8)),
            let end = answer.indices.dropLast(3).first(where: { answer[$0..<$0 + 4] == [13, 10, 13, 10] })
        else { return nil }
        return Array(answer[(end + 4)...])
    }
}
