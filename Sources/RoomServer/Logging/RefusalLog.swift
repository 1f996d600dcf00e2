import Logging

/// Bounds what refusals write to the log. The first refusal of each address and reason in an
/// interval is logged in full; the rest are only counted, and one summary per interval says how
/// many there were (the busiest pairs by name, the others as a total). A flood of bad
/// connections therefore costs a few lines per interval, not one or more per connection.
/// Service thread only; time is an input (microseconds of a monotonic clock).
public struct RefusalLog {
    struct Key: Hashable {
        var address: String
        var reason: String
    }

    /// Length of one interval, in microseconds.
    public let interval: Int64
    /// Pairs of address and reason followed one by one per interval; past this, refusals are
    /// only counted in a total (so a spread of addresses cannot grow the table or the log).
    public let maxKeys: Int
    /// Pairs named in a summary; the others are summed.
    public let namedInSummary: Int

    private var windowEnd: Int64?
    private var counts: [Key: Int] = [:]
    private var uncounted = 0

    public init(intervalSeconds: Double = 10, maxKeys: Int = 64, namedInSummary: Int = 10) {
        interval = max(1000, Int64(intervalSeconds * 1e6))
        self.maxKeys = maxKeys
        self.namedInSummary = namedInSummary
    }

    /// Counts one refusal; true when it is the first of its address and reason in this interval
    /// and should be logged in full.
    public mutating func note(address: String, reason: String, now: Int64) -> Bool {
        if windowEnd == nil { windowEnd = now + interval }
        let key = Key(address: address, reason: reason)
        if let count = counts[key] {
            counts[key] = count + 1
            return false
        }
        guard counts.count < maxKeys else {
            uncounted += 1
            return false
        }
        counts[key] = 1
        return true
    }

    /// When the current interval ends, if any refusal is counted in it.
    public var nextSummary: Int64? { windowEnd }

    /// The summary lines of the interval that has ended by `now` (none when nothing repeated),
    /// and a fresh interval.
    public mutating func takeSummary(now: Int64) -> [String] {
        guard let end = windowEnd, now >= end else { return [] }
        let seconds = Double(interval) / 1e6
        let repeated = counts.filter { $0.value > 1 }.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key.address < $1.key.address) }
        var lines: [String] = []
        for (key, count) in repeated.prefix(namedInSummary) {
            lines.append("refused \(count) connections or messages from \(key.address) (\(key.reason)) in the last \(Self.format(seconds)) s; the first was logged")
        }
        let rest = repeated.dropFirst(namedInSummary)
        let restCount = rest.reduce(0) { $0 + $1.value } + uncounted
        if restCount > 0 {
            let pairs = rest.count + (uncounted > 0 ? 1 : 0)
            lines.append("refused \(restCount) more from \(pairs)\(uncounted > 0 ? "+" : "") other address and reason pairs in the last \(Self.format(seconds)) s")
        }
        counts.removeAll(keepingCapacity: true)
        uncounted = 0
        windowEnd = nil
        return lines
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
