#if canImport(Glibc)
    import Glibc
#endif

/// Where `newtons serve` listens, read from `--host`: one address, or every address of one family.
///
/// Only numeric addresses (and `localhost`) are taken: an operator who asks for loopback must get
/// loopback, so nothing is resolved or guessed.
public enum ListenAddress: Equatable, Sendable {
    /// `0.0.0.0`: every IPv4 address.
    case anyIPv4
    /// `::` (or `*`): every address, IPv6 and IPv4 alike (a dual-stack socket).
    case any
    /// One IPv4 address, e.g. `127.0.0.1`.
    case ipv4(String)
    /// One IPv6 address, e.g. `::1` (brackets allowed: `[::1]`).
    case ipv6(String)

    public init(parsing host: String) throws {
        var text = host
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        switch text {
        case "0.0.0.0":
            self = .anyIPv4
        case "::", "*":
            self = .any
        case "localhost":
            self = .ipv4("127.0.0.1")
        default:
            var v4 = in_addr()
            var v6 = in6_addr()
            if inet_pton(AF_INET, text, &v4) == 1 {
                self = .ipv4(text)
            } else if inet_pton(AF_INET6, text, &v6) == 1 {
                self = .ipv6(text)
            } else {
                throw ServerStartError(
                    description:
                        "--host must be an IPv4 or IPv6 address (127.0.0.1, ::1; 0.0.0.0 or :: for every address), not '\(host.prefix(64))'"
                )
            }
        }
    }

    /// The address to hand to the socket, nil for every address.
    public var address: String? {
        switch self {
        case .anyIPv4, .any: nil
        case .ipv4(let text), .ipv6(let text): text
        }
    }

    public var isIPv6: Bool {
        switch self {
        case .any, .ipv6: true
        case .anyIPv4, .ipv4: false
        }
    }

    /// As it goes in a URL: IPv6 addresses in brackets.
    public var urlHost: String {
        switch self {
        case .anyIPv4: "0.0.0.0"
        case .any: "[::]"
        case .ipv4(let text): text
        case .ipv6(let text): "[\(text)]"
        }
    }
}
