#if canImport(Glibc)
    import Glibc
#endif

/// An IPv4 or IPv6 address and port as the socket calls take it, read from text once for the
/// acceptor's `bind` and the cluster's peer `connect` alike.
struct SocketAddress {
    let family: Int32
    private var storage = sockaddr_storage()

    /// `host` is a numeric address (`127.0.0.1`, `::1`); with `wildcards`, `0.0.0.0`, `*` and an
    /// empty host mean every IPv4 address. Nil when `host` is not an address.
    init?(host: String, port: Int, wildcards: Bool = false) {
        let port = UInt16(truncatingIfNeeded: port).bigEndian
        if host.contains(":") {
            family = AF_INET6
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return nil }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in6.self) }
        } else {
            family = AF_INET
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port
            if wildcards, ["0.0.0.0", "*", ""].contains(host) {
                address.sin_addr.s_addr = INADDR_ANY
            } else if inet_pton(AF_INET, host, &address.sin_addr) != 1 {
                return nil
            }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in.self) }
        }
    }

    private var length: socklen_t {
        socklen_t(family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
    }

    /// Calls `call` (bind, connect) with the address as a `sockaddr` and its length.
    func with<Result>(_ call: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafeBytes(of: storage) { call($0.baseAddress!.assumingMemoryBound(to: sockaddr.self), length) }
    }
}
