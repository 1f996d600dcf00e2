import RoomStore

/// What the server answers to a plain HTTP request (everything but the WebSocket upgrade).
public enum HTTPAnswer: Equatable {
    /// A body made by the server.
    case body(status: Int, contentType: String, body: [UInt8])
    /// A file of the page.
    case file(path: String, contentType: String)

    static func text(_ status: Int, _ text: String) -> HTTPAnswer {
        .body(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// `{"error": code, "message": message}`, as the WebSocket's `error` says it.
    static func error(_ status: Int, _ error: ProtocolError) -> HTTPAnswer {
        .json(status, APIError(error: error.code, message: error.message))
    }

    /// A JSON body of the API.
    static func json(_ status: Int, _ value: some Encodable) -> HTTPAnswer {
        .body(status: status, contentType: "application/json", body: WireJSON.encode(value))
    }
}

/// Routes HTTP requests: the API, health, metrics, then the page's files. Service thread only.
public struct HTTPRoutes {
    public let files: StaticFiles
    public let core: ServerCore
    /// Browser libraries (Debian's libjs-* packages), served under `/lib/`; nil when the
    /// folder is missing (then `/lib/` is 404 and the page falls back to plain text).
    public let libraries: StaticFiles?

    /// The URL prefix of `libraries`: `/lib/codemirror/lib/codemirror.js` is
    /// `<libraries>/codemirror/lib/codemirror.js`.
    public static let librariesPrefix = "/lib/"

    public init(files: StaticFiles, core: ServerCore, libraries: StaticFiles? = nil) {
        self.files = files
        self.core = core
        self.libraries = libraries
    }

    /// Largest request body taken by `POST /api/classes`, in bytes.
    public static let maxBodyBytes = 4096

    /// The path that takes a recording's upload (POST): docs/replay.md.
    public static let uploadPath = "/api/recordings"
    /// The path that opens a class for the cluster (POST): docs/scaling.md.
    public static let classesPath = "/api/classes"

    /// The largest body a POST to `path` may carry, or nil where POST is not taken.
    public static func bodyLimit(path: String, limits: ServerLimits) -> Int? {
        switch path {
        case uploadPath: return limits.maxRecordingFileBytes
        case classesPath: return maxBodyBytes
        default: return nil
        }
    }

    /// A Content-Length header's value as a byte count (nil: missing, negative or not a number),
    /// read the same way by the acceptor, which sees the head first, and by the worker.
    public static func contentLength(_ value: some StringProtocol) -> Int? {
        Int(value.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// The answer to a POST whose body is over `limit` bytes.
    public static func tooLarge(path: String, limit: Int) -> HTTPAnswer {
        if path == uploadPath { return .text(413, "not opened: a recording is at most \(limit) bytes\n") }
        return .error(413, ProtocolError(.badMessage, "the body is over \(limit) bytes"))
    }

    /// The answer to `method` on `path` (already URL-decoded), with the query's values.
    public func answer(method: String, path: String, query: [String: String] = [:]) -> HTTPAnswer {
        if path == Self.uploadPath {
            return .text(405, "POST a recording file here to open it as a new room\n")
        }
        if path == Self.classesPath {
            return .error(405, ProtocolError(.badMessage, "POST {\"lesson\": id} to open a class"))
        }
        guard method == "GET" || method == "HEAD" else { return .text(405, "method not allowed\n") }
        // A lesson's guide in a language (docs/guides.md).
        if let guide = GuideRoute.answer(path: path, query: query, directory: core.directory) { return guide }
        if path.hasPrefix("/api/rooms/"), path != "/api/rooms/local" {
            let parts = path.dropFirst("/api/rooms/".count).split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 2, parts[1] == "recording" { return core.recordingFile(room: String(parts[0])) }
            if parts.count == 2, parts[1] == "items.csv" { return core.itemsCSV(room: String(parts[0]), query: query) }
            return .text(404, "not found\n")
        }
        switch path {
        case "/api/lessons":
            return .body(status: 200, contentType: "application/json", body: core.lessonsJSON())
        case "/api/rooms":
            return .body(status: 200, contentType: "application/json", body: core.roomsJSON())
        case "/api/rooms/local":
            // This node's rooms only: what its peers merge into their own /api/rooms.
            return .body(status: 200, contentType: "application/json", body: core.roomsJSON(includingPeers: false))
        case "/healthz":
            if core.isShuttingDown { return .text(503, "shutting down\n") }
            if core.ledger.clientCount >= core.limits.maxClients { return .text(503, "full\n") }
            // Still serving: the rooms run in memory while the store cannot write.
            if let problem = core.keeper?.store.health { return .text(200, "ok, but the store is not writing: \(problem)\n") }
            return .text(200, "ok\n")
        case "/metrics":
            return .body(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: core.renderMetrics())
        case "/ws":
            return .text(426, "this is the WebSocket endpoint: connect with the subprotocol newtons.v1\n")
        case _ where path.hasPrefix(Self.librariesPrefix):
            if let file = libraries?.resolve("/" + path.dropFirst(Self.librariesPrefix.count)) {
                return .file(path: file.path, contentType: file.contentType)
            }
            return .text(404, "not found\n")
        default:
            if let file = files.resolve(path) { return .file(path: file.path, contentType: file.contentType) }
            return .text(404, "not found\n")
        }
    }

    /// The answer to an upload of `body` to `path` from `address`.
    public func answerUpload(path: String, body: [UInt8], address: String, now: Int64) -> HTTPAnswer {
        switch path {
        case Self.uploadPath: return core.openRecording(body, address: address, now: now)
        case Self.classesPath: return openClass(body)
        default: return .text(405, "method not allowed\n")
        }
    }
}

extension HTTPRoutes {
    /// `POST /api/classes` with `{"lesson": id}`: a code and an instructor key that any node of the
    /// cluster can check. The room opens at the first WebSocket with `room=CODE&key=KEY`.
    func openClass(_ body: [UInt8]) -> HTTPAnswer {
        guard body.count <= Self.maxBodyBytes else {
            return .error(413, ProtocolError(.badMessage, "the body is over \(Self.maxBodyBytes) bytes"))
        }
        guard let value = try? JSONReader.parse(body), case .object = value else {
            return .error(400, ProtocolError(.badMessage, "send a JSON object: {\"lesson\": id}"))
        }
        guard case .string(let lesson)? = value["lesson"], !lesson.isEmpty, lesson.utf8.count <= 64 else {
            return .error(400, ProtocolError(.badValue, "\"lesson\" must be a lesson id (see /api/lessons)"))
        }
        switch core.issueClass(lessonID: lesson) {
        case .failure(let error):
            return .error(error.code == .unknownRoom ? 404 : 400, error)
        case .success(let (code, key)):
            return .json(200, OpenedClass(code: code, key: key, lesson: lesson))
        }
    }
}
