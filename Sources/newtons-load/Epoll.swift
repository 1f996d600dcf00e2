// The generator's one event loop: edge-triggered epoll over every client socket (a socket is
// read until a receive leaves space over, so it is not polled again until more arrives), the
// monotonic clock its pings and windows are timed against; and IPv4 socket addresses.

import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// Nanoseconds on CLOCK_MONOTONIC (the vDSO: no system call).
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Sleeps until `deadline` (CLOCK_MONOTONIC nanoseconds).
func sleep(until deadline: UInt64) {
    var target = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
}

/// An IPv4 socket address ("localhost" is 127.0.0.1).
func ipv4Address(host: String, port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr(host == "localhost" ? "127.0.0.1" : host)
    address.sin_port = UInt16(port).bigEndian
    return address
}

/// What went wrong in a system call, for a message.
func systemError(_ call: String, _ code: Int32 = errno) -> String {
    "\(call): \(String(cString: strerror(code)))"
}

final class Epoll {
    let fd: Int32
    private let events: UnsafeMutablePointer<epoll_event>
    let capacity: Int

    init(capacity: Int = 1024) {
        fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(fd >= 0, systemError("epoll_create1"))
        self.capacity = capacity
        events = .allocate(capacity: capacity)
    }

    deinit {
        events.deallocate()
        close(fd)
    }

    private func control(_ operation: Int32, _ socket: Int32, id: Int, writes: Bool) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLET.rawValue | (writes ? EPOLLOUT.rawValue : 0)
        event.data.u64 = UInt64(id)
        if epoll_ctl(fd, operation, socket, &event) != 0 {
            fatalError(systemError("epoll_ctl"))
        }
    }

    /// Watches `socket` for reads, and for writes while `writes`; events carry `id`.
    func add(_ socket: Int32, id: Int, writes: Bool) { control(EPOLL_CTL_ADD, socket, id: id, writes: writes) }

    func modify(_ socket: Int32, id: Int, writes: Bool) { control(EPOLL_CTL_MOD, socket, id: id, writes: writes) }

    func remove(_ socket: Int32) {
        var event = epoll_event()
        _ = epoll_ctl(fd, EPOLL_CTL_DEL, socket, &event)
    }

    /// Waits up to `timeoutMilliseconds` (0: not at all) and calls `handle(id, events)` for each
    /// ready socket. Returns how many there were.
    @discardableResult
    func poll(timeoutMilliseconds: Int32, _ handle: (Int, UInt32) -> Void) -> Int {
        let count = epoll_wait(fd, events, Int32(capacity), timeoutMilliseconds)
        guard count > 0 else {
            if count < 0, errno != EINTR { fatalError(systemError("epoll_wait")) }
            return 0
        }
        for index in 0..<Int(count) {
            handle(Int(events[index].data.u64), events[index].events)
        }
        return Int(count)
    }
}
