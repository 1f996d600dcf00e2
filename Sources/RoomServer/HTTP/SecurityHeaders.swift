/// Headers sent with every HTTP answer (the page, the API, errors).
public enum SecurityHeaders {
    /// Only the page's own scripts, styles and images, its own WebSocket, no framing.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' ws: wss:; "
        + "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Name (with the colon libwebsockets expects) and value of each header.
    public static let all: [(name: String, value: String)] = [
        ("content-security-policy:", contentSecurityPolicy),
        ("x-content-type-options:", "nosniff"),
        ("referrer-policy:", "no-referrer"),
        ("x-frame-options:", "DENY"),
        ("cross-origin-opener-policy:", "same-origin"),
    ]

    /// Cache-Control for the page's files: always revalidate (a new server version is picked up).
    public static let fileCacheControl = "no-cache"
    /// Cache-Control for the API, health and metrics: never stored.
    public static let apiCacheControl = "no-store"
}
