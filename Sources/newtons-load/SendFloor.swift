// The load benchmark's floor: what this machine's kernel lets one core send at all.
//
// The server's cost at 2,000 clients is mostly the kernel's: one TCP segment per client per
// frame, and on loopback the receiving half of TCP runs on the sender's core too. So the bench
// runs, beside the server, a sender that does nothing else: N loopback sockets, one frame-sized
// write to each per 60 Hz tick, pinned to the server's core, drained by a reader on the other.
// How many of its frames arrive and how much of its core it takes is the most any server could
// do on this machine, and the anchor the server's figures are read against.

import CEpoll
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

enum SendFloor {
    /// A text frame as the server sends it: a two-byte header and a 34-byte payload (a two-item
    /// lesson's frame, about 2 KB/s at 60 Hz).
    static let frame: [UInt8] = [0x81, 34] + Array(repeating: UInt8(ascii: "x"), count: 34)

    /// Listens on `port`, takes `clients` connections, then writes one frame to each per tick for
    /// `warmup + seconds`; prints what it managed in the last `seconds`. A socket that cannot take
    /// a frame skips it, as the server's slow readers do.
    static func send(port: Int, clients: Int, seconds: Double, warmup: Double) throws(LoadError) {
        let listener = try listen(port: port)
        var sockets: [Int32] = []
        sockets.reserveCapacity(clients)
        while sockets.count < clients {
            let socket = accept(listener, nil, nil)
            guard socket >= 0 else {
                if errno == EINTR { continue }
                throw LoadError(systemError("accept"))
            }
            var on: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            sockets.append(socket)
        }
        close(listener)

        let tick = UInt64(1e9 / 60)
        var next = monotonicNanoseconds()
        let measureFrom = next + UInt64(warmup * 1e9)
        let end = measureFrom + UInt64(seconds * 1e9)
        var sent = 0
        var skipped = 0
        var cpuBefore = 0.0
        var measuring = false
        while next < end {
            if !measuring, next >= measureFrom {
                measuring = true
                cpuBefore = selfCPUSeconds()
            }
            sleep(until: next)
            for socket in sockets {
                let written = frame.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if measuring { if written == frame.count { sent += 1 } else { skipped += 1 } }
            }
            next += tick
            // Behind schedule: carry on at once, as a saturated server would.
            let now = monotonicNanoseconds()
            if next + tick < now { next = now }
        }
        let cpu = (selfCPUSeconds() - cpuBefore) / seconds * 100
        let expected = Int(seconds * 60)
        for socket in sockets { close(socket) }
        say(
            "anchor raw_send_loop clients=\(clients) frames_per_client=\(sent / max(1, clients)) of \(expected) cpu percent_of_one_core=\(format(cpu, 1)) sends_per_s=\(Int(Double(sent) / seconds)) skipped=\(skipped) cpu_us_per_frame=\(format(cpu / 100 * seconds / Double(max(1, sent)) * 1e6, 2))"
        )
    }

    /// Connects `clients` sockets to the sender on `port` and reads everything until it closes them.
    static func receive(port: Int, clients: Int) throws(LoadError) {
        let epoll = Epoll(capacity: 1024)
        var sockets: [Int32] = []
        for index in 0..<clients {
            let socket = try connectRetrying(port: port)
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            epoll.add(socket, id: index, writes: false)
            sockets.append(socket)
        }
        var open = clients
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            epoll.poll(timeoutMilliseconds: 100) { id, _ in
                buffer.withUnsafeMutableBytes { bytes in
                    while true {
                        let count = recv(sockets[id], bytes.baseAddress, bytes.count, 0)
                        if count > 0 { continue }
                        if count == 0 || (errno != EAGAIN && errno != EINTR) {
                            epoll.remove(sockets[id])
                            close(sockets[id])
                            open -= 1
                        }
                        return
                    }
                }
            }
        }
    }

    private static func listen(port: Int) throws(LoadError) -> Int32 {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var on: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = ipv4Address(host: "127.0.0.1", port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(listener, 4096) == 0 else { throw LoadError(systemError("bind/listen")) }
        return listener
    }

    private static func connectRetrying(port: Int) throws(LoadError) -> Int32 {
        var address = ipv4Address(host: "127.0.0.1", port: port)
        for _ in 0..<200 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if result == 0 { return socket }
            close(socket)
            usleep(20_000)
        }
        throw LoadError(systemError("connect"))
    }
}
