// What the generator reads of the server from outside: /metrics over plain HTTP (its tick
// histograms), /proc/<pid> (CPU time, memory); and the small statistics the report needs.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

/// GET over a plain TCP socket.
func httpGet(host: String, port: Int, path: String) -> String? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr(host == "localhost" ? "127.0.0.1" : host)
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return nil }
    let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        result.append(contentsOf: buffer[0..<count])
    }
    let text = String(decoding: result, as: UTF8.self)
    return text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
}

/// The cumulative buckets of a Prometheus histogram: (upper bound in seconds, count).
func histogram(_ metrics: String, _ name: String) -> [(Double, Double)] {
    metrics.split(separator: "\n").compactMap { line -> (Double, Double)? in
        guard line.hasPrefix("\(name)_bucket{le=\"") else { return nil }
        let afterLe = line.dropFirst("\(name)_bucket{le=\"".count)
        guard let quote = afterLe.firstIndex(of: "\"") else { return nil }
        let bound = afterLe[..<quote] == "+Inf" ? Double.infinity : Double(afterLe[..<quote]) ?? .nan
        guard let count = Double(line.split(separator: " ").last ?? "") else { return nil }
        return (bound, count)
    }.sorted { $0.0 < $1.0 }
}

/// A quantile of the observations between two readings of a histogram, interpolated in its bucket.
func quantile(_ before: [(Double, Double)], _ after: [(Double, Double)], _ q: Double) -> Double {
    guard before.count == after.count, let total = after.last?.1, let start = before.last?.1, total > start else {
        return .nan
    }
    let counts = zip(before, after).map { ($0.1.0, $0.1.1 - $0.0.1) }
    let target = (total - start) * q
    var lowerBound = 0.0
    var lowerCount = 0.0
    for (bound, count) in counts {
        if count >= target {
            if bound.isInfinite { return lowerBound }
            let fraction = count > lowerCount ? (target - lowerCount) / (count - lowerCount) : 0
            return lowerBound + (bound - lowerBound) * fraction
        }
        lowerBound = bound
        lowerCount = count
    }
    return lowerBound
}

/// CPU seconds (user + system) of this process: the generator's own cost.
func selfCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Seconds a process's threads ran, and seconds they were runnable but waiting for a core
/// (/proc/PID/task/*/schedstat): on a shared machine the second says how much the figures
/// owe to other work on the same core.
func schedulerTimes(_ pid: Int32) -> (running: Double, waiting: Double)? {
    guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
    var running = 0.0
    var waiting = 0.0
    for task in tasks {
        guard let line = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8) else {
            continue
        }
        let fields = line.split(separator: " ")
        guard fields.count >= 2, let run = Double(fields[0]), let wait = Double(fields[1]) else { continue }
        running += run / 1e9
        waiting += wait / 1e9
    }
    return (running, waiting)
}

/// CPU seconds (user + system) and resident memory in bytes of a process.
func processUsage(_ pid: Int32) -> (cpu: Double, rss: Double)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state is field 3, utime 14 and stime 15 (1-based over the whole line).
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    let rssLine = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
    let rssKB = rssLine.flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") } ?? .nan
    return ((user + system) / ticks, rssKB * 1024)
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}
