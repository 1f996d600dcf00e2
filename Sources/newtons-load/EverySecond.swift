// A round of N things once a second, thing i at i/N of the second: the load generator's pings
// (every client) and gestures (one client per room), spread so that none come in a burst.

struct EverySecond {
    let count: Int
    private var roundStart: UInt64 = 0
    private var cursor = 0
    /// When the next thing is due (0 before the first round).
    private(set) var nextDue: UInt64 = 0

    init(count: Int) { self.count = count }

    /// Calls `due` with the index of each thing due by `now`, in order.
    mutating func run(now: UInt64, _ due: (Int) -> Void) {
        guard count > 0 else { return }
        if roundStart == 0 {
            roundStart = now
            cursor = 0
        }
        let total = UInt64(count)
        while true {
            let elapsed = now - roundStart
            let reached = elapsed >= 1_000_000_000 ? count : Int(elapsed * total / 1_000_000_000)
            while cursor < reached {
                due(cursor)
                cursor += 1
            }
            if cursor < count { break }
            cursor = 0
            roundStart += 1_000_000_000
            // Far behind (a stall): start the next round now rather than in a burst.
            if now - roundStart >= 1_000_000_000 { roundStart = now }
        }
        nextDue = roundStart + UInt64(cursor + 1) * 1_000_000_000 / total
    }

    /// The next round starts afresh at the next `run`.
    mutating func restart() { roundStart = 0 }
}
