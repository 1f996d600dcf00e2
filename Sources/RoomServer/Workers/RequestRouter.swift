/// Where the acceptor sends a new connection, decided from its request head alone (before the
/// WebSocket upgrade), so that a room's sockets all live on the worker that owns the room.
public struct RequestRouter: Sendable {
    /// What to do with a connection whose head has arrived.
    public enum Route: Equatable, Sendable {
        /// Hand the socket to this worker; for a lesson's public room, the instance promised.
        case worker(Int, instance: LessonInstance?)
        /// Answer with this HTTP status and text, then close (the head is not HTTP we serve).
        case answer(status: Int, text: String)
    }

    /// What a read so far holds.
    public enum HeadScan: Equatable, Sendable {
        /// The head has not ended yet.
        case incomplete
        /// The head ends after this many bytes (its blank line included).
        case complete(Int)
        /// The head is longer than `maxHeadBytes`.
        case tooLarge
    }

    /// Longest request head accepted (libwebsockets' own header space is 4 KiB).
    public static let maxHeadBytes = 4096

    public let ledger: ServerLedger
    public let directory: LessonDirectory

    public init(ledger: ServerLedger, directory: LessonDirectory) {
        self.ledger = ledger
        self.directory = directory
    }

    /// The worker that owns a room named in a path (a lesson instance or a class code).
    func owner(of name: String) -> Int? {
        if let instance = LessonInstance.parse(name, directory: directory, maxInstances: ledger.maxInstances) {
            return ledger.routing.worker(lesson: instance.lesson, instance: instance.number)
        }
        return RoomCode.normalize(name).map { ledger.routing.worker(code: $0) }
    }

    /// Whether `bytes` hold a whole request head.
    public static func scan(_ bytes: [UInt8]) -> HeadScan {
        let limit = min(bytes.count, maxHeadBytes)
        if limit >= 4 {
            for index in 3..<limit
            where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
                return .complete(index + 1)
            }
        }
        return bytes.count >= maxHeadBytes ? .tooLarge : .incomplete
    }

    /// The route of a complete head. `spare` picks the worker for requests that concern no room
    /// (files, the API, refusals): the caller takes turns.
    public func route(head: ArraySlice<UInt8>, spare: Int, now: Int64) -> Route {
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines.first.map { $0.split(separator: " ", omittingEmptySubsequences: false) } ?? []
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), !requestLine[0].isEmpty,
            requestLine[1].hasPrefix("/")
        else {
            return .answer(status: 400, text: "not an HTTP/1.1 request\n")
        }
        let spareWorker = spare % ledger.routing.workers
        let target = requestLine[1]
        let path = target.prefix { $0 != "?" }
        if path.hasPrefix("/api/rooms/") {
            // A room's recording and CSV are answered by the worker that owns the room.
            let name = path.dropFirst("/api/rooms/".count).prefix { $0 != "/" }
            return .worker(owner(of: Self.decode(name)) ?? spareWorker, instance: nil)
        }
        guard path == "/ws" else { return .worker(spareWorker, instance: nil) }
        let upgrades = lines.dropFirst().contains { line in
            guard let colon = line.firstIndex(of: ":") else { return false }
            return line[..<colon].lowercased() == "upgrade"
                && line[line.index(after: colon)...].lowercased().contains("websocket")
        }
        let query = target.dropFirst(path.count + 1)
        let request = ConnectRequest(arguments: query.split(separator: "&").map { Self.decode($0) })
        let routing = ledger.routing
        switch request.target {
        case .missing:
            return .worker(spareWorker, instance: nil)
        case .newRoom:
            return .worker(upgrades ? ledger.leastLoadedWorker() : spareWorker, instance: nil)
        case .room(let name):
            if let asked = LessonInstance.parse(name, directory: directory, maxInstances: ledger.maxInstances) {
                // Only an upgrade is promised a seat: a plain GET of /ws never joins.
                let instance =
                    asked.number == 1 && upgrades ? ledger.promiseSeat(lesson: asked.lesson, now: now) : asked
                return .worker(
                    routing.worker(lesson: instance.lesson, instance: instance.number),
                    instance: asked.number == 1 && upgrades ? instance : nil)
            }
            if let code = RoomCode.normalize(name) { return .worker(routing.worker(code: code), instance: nil) }
            return .worker(routing.worker(other: name), instance: nil)
        }
    }

    /// One query argument URL-decoded as libwebsockets decodes it: `%XX` and `+` for a space.
    static func decode(_ argument: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(argument.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(32)
            } else if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]),
                let low = hexValue(utf8[utf8.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
