/// What the server answers to a plain HTTP request (everything but the WebSocket upgrade).
public enum HTTPAnswer: Equatable {
    /// A body made by the server.
    case body(status: Int, contentType: String, body: [UInt8])
    /// A file of the page.
    case file(path: String, contentType: String)

    static func text(_ status: Int, _ text: String) -> HTTPAnswer {
        .body(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
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

    /// The path that takes a recording's upload (POST): docs/replay.md.
    public static let uploadPath = "/api/recordings"

    /// The answer to `method` on `path` (already URL-decoded), with the query's values.
    public func answer(method: String, path: String, query: [String: String] = [:]) -> HTTPAnswer {
        if path == Self.uploadPath {
            return .text(405, "POST a recording file here to open it as a new room\n")
        }
        guard method == "GET" || method == "HEAD" else { return .text(405, "method not allowed\n") }
        if path.hasPrefix("/api/rooms/") {
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
        case "/healthz":
            if core.isShuttingDown { return .text(503, "shutting down\n") }
            if core.ledger.clientCount >= core.limits.maxClients { return .text(503, "full\n") }
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
        guard path == Self.uploadPath else { return .text(405, "method not allowed\n") }
        return core.openRecording(body, address: address, now: now)
    }
}
