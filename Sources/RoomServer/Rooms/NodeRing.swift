/// nginx's consistent hash (`hash $arg_room consistent`) over the nodes of a cluster, so a node
/// can tell which node nginx sends a room to: when it opens a class room for `lesson=` it picks a
/// code of its own, and students who join by that code through nginx come to it.
///
/// The points are nginx's (ngx_http_upstream_hash_module, "ketama" compatible with
/// Cache::Memcached::Fast): for each server named `HOST:PORT` in the upstream, 160 points per
/// unit of weight, point j the CRC-32 of `HOST`, a zero byte, `PORT`, and point j-1 as four
/// little-endian bytes (0 for the first). A key goes to the first point at or after its CRC-32,
/// wrapping around. The node names must be written exactly as in nginx's `upstream` block.
public struct NodeRing: Sendable {
    public let nodes: [String]
    private let points: [(hash: UInt32, node: Int)]

    public init(nodes: [String]) {
        self.nodes = nodes
        var points: [(hash: UInt32, node: Int)] = []
        for (index, name) in nodes.enumerated() {
            var host = Substring(name)
            var port = Substring("")
            if let colon = name.lastIndex(of: ":"), name[name.index(after: colon)...].allSatisfy(\.isNumber) {
                host = name[..<colon]
                port = name[name.index(after: colon)...]
            }
            let base = Array(host.utf8) + [0] + Array(port.utf8)
            var previous: UInt32 = 0
            for _ in 0..<160 {
                let bytes = base + [
                    UInt8(previous & 0xFF), UInt8((previous >> 8) & 0xFF), UInt8((previous >> 16) & 0xFF),
                    UInt8(previous >> 24),
                ]
                previous = CRC32.checksum(bytes)
                points.append((previous, index))
            }
        }
        // nginx sorts by hash and keeps the first of equal hashes (its sort is not stable: ties
        // between nodes are a 1-in-4-billion chance per pair of points).
        points.sort { $0.hash < $1.hash || ($0.hash == $1.hash && $0.node < $1.node) }
        var unique: [(hash: UInt32, node: Int)] = []
        for point in points where unique.last?.hash != point.hash { unique.append(point) }
        self.points = unique
    }

    /// The node nginx sends `key` (the raw `room=` argument) to while every node is up.
    public func node(for key: String) -> String? {
        guard !points.isEmpty else { return nil }
        let hash = CRC32.checksum(Array(key.utf8))
        var low = 0
        var high = points.count
        while low < high {
            let middle = (low + high) / 2
            if points[middle].hash < hash { low = middle + 1 } else { high = middle }
        }
        return nodes[points[low % points.count].node]
    }
}

/// CRC-32 (IEEE 802.3, reflected, as zlib and nginx compute it). Written here rather than taken
/// from zlib so that C stays in the transport; it runs only on short strings.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
