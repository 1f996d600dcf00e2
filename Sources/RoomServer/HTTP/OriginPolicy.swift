import Foundation

/// Which pages may open a WebSocket to this server (the `Origin` check).
///
/// A request without `Origin` comes from a program, not a browser page, and is allowed (it could
/// send any Origin it liked anyway). A browser page is allowed when it was served by this very
/// server (its origin's host and port are the request's `Host`), when its origin is listed,
/// or when the list holds `*`.
public struct OriginPolicy: Sendable, Equatable {
    /// Origins allowed besides the server's own, as `scheme://host[:port]`, lower case.
    public let allowed: Set<String>

    /// The port the server listens on: a `Host` header without a port means this one.
    public let serverPort: Int?

    public init(allowed: [String], serverPort: Int? = nil) {
        self.allowed = Set(allowed.map { Self.canonical($0) })
        self.serverPort = serverPort
    }

    public func allows(origin: String?, host: String?) -> Bool {
        guard let origin, !origin.isEmpty else { return true }
        let canonicalOrigin = Self.canonical(origin)
        if allowed.contains("*") || allowed.contains(canonicalOrigin) { return true }
        guard let host, !host.isEmpty, let separator = canonicalOrigin.range(of: "://") else { return false }
        let authority = canonicalOrigin[separator.upperBound...]
        let scheme = canonicalOrigin[..<separator.lowerBound]
        let requestHost = host.lowercased()
        if authority == requestHost { return true }
        if let serverPort, !requestHost.contains(":") || requestHost.hasSuffix("]"),
            authority == "\(requestHost):\(serverPort)"
        {
            return true
        }
        // An origin on the scheme's default port omits it; a Host header may say it.
        let defaultPort = scheme == "https" ? ":443" : scheme == "http" ? ":80" : nil
        if let defaultPort, !authority.contains(":"), requestHost == authority + defaultPort { return true }
        if let defaultPort, authority.hasSuffix(defaultPort), requestHost == authority.dropLast(defaultPort.count) {
            return true
        }
        return false
    }

    static func canonical(_ origin: String) -> String {
        var text = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
