import Foundation

/// Maps URL paths to files under the web root, never outside it.
///
/// libwebsockets has already URL-decoded the path once and folded `/./` and `/../`, but the
/// rules here do not rely on that: a segment that is `.` or `..`, starts with a dot (hidden
/// files), holds a backslash, a NUL or a `%` (what is left of a double encoding) is refused,
/// and the final path, symbolic links resolved, must lie under the root's own real path.
public struct StaticFiles: Sendable {
    /// The web root's real path, without a trailing slash.
    public let root: String

    /// Content types by file extension (lower case). Files of any other type are not served.
    public static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "txt": "text/plain; charset=utf-8",
        "wasm": "application/wasm",
    ]

    /// Nil when `directory` is not a directory.
    public init?(root directory: String) {
        guard let real = realpath(directory, nil) else { return nil }
        defer { free(real) }
        var isDirectory: ObjCBool = false
        let path = String(cString: real)
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        root = path == "/" ? "" : path
    }

    /// The file to serve for a URL path and its content type, or nil (answer 404).
    public func resolve(_ urlPath: String) -> (path: String, contentType: String)? {
        guard urlPath.hasPrefix("/"), urlPath.utf8.count <= 1024 else { return nil }
        var segments: [Substring] = []
        for segment in urlPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard Self.isSafe(segment) else { return nil }
            segments.append(segment)
        }
        var candidate = root + "/" + segments.joined(separator: "/")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            candidate += candidate.hasSuffix("/") ? "index.html" : "/index.html"
        }
        guard let real = realpath(candidate, nil) else { return nil }
        defer { free(real) }
        let resolved = String(cString: real)
        guard resolved.hasPrefix(root + "/") else { return nil }
        var status = stat()
        guard stat(resolved, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard let dot = resolved.lastIndex(of: "."),
            let type = Self.contentTypes[resolved[resolved.index(after: dot)...].lowercased()]
        else { return nil }
        return (resolved, type)
    }

    /// A path segment that names a file or folder of its own directory and nothing else.
    public static func isSafe(_ segment: Substring) -> Bool {
        guard !segment.isEmpty, !segment.hasPrefix(".") else { return false }
        for unit in segment.utf8 {
            switch unit {
            case 0, UInt8(ascii: "\\"), UInt8(ascii: "%"), UInt8(ascii: ":"): return false
            case 0x01..<0x20, 0x7F: return false
            default: continue
            }
        }
        return true
    }
}
