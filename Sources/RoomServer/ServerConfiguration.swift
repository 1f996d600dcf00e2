import RoomStore

/// How `newtons serve` runs: where it listens, what it serves, its limits.
public struct ServerConfiguration: Sendable {
    /// Address to listen on; `0.0.0.0` or `::` for every interface.
    public var host = "127.0.0.1"
    public var port = 8080
    /// Folder of the web page.
    public var webRoot = "web"
    /// Folder of the browser libraries served under `/lib/` (Debian's libjs-* packages).
    public var webLibraries = "/usr/share/javascript"
    /// Compiles the code members run in class rooms (the live interpreter); nil refuses it.
    public var compiler: LessonCompiler?
    /// PEM certificate and key: both or neither. With them the server speaks only TLS.
    public var tlsCertificate: String?
    public var tlsKey: String?
    /// Page origins allowed to open a WebSocket besides the server's own (`*` for any).
    public var allowedOrigins: [String] = []
    public var limits = ServerLimits()
    /// Service threads, each with its own libwebsockets context and its share of the rooms
    /// (a TLS server has one).
    public var workers = 1
    /// Seconds the server waits for clients to take their 1001 close on SIGINT/SIGTERM.
    public var shutdownGraceSeconds = 1.5
    /// Where class rooms and their recordings are kept (`--data`); nil keeps them in memory only.
    public var store: RoomStore?

    public init() {}

    public var usesTLS: Bool { tlsCertificate != nil }
}
