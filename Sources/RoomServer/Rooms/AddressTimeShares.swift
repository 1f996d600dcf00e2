/// Service-thread time one address may take per second for one kind of work (running code,
/// replaying recordings), with a burst of twice that: a token bucket per address, spent in
/// measured seconds, so an address that took too much waits while the others go on.
struct AddressTimeShares {
    let perSecond: Double
    private var buckets: [String: TokenBucket] = [:]

    init(perSecond: Double) {
        self.perSecond = perSecond
    }

    /// True while `address` has time left (or has paid back what it overspent).
    mutating func hasTime(_ address: String, now: Int64) -> Bool {
        var bucket = bucket(of: address, now: now)
        return bucket.hasTokens(now: now)
    }

    /// Charges `nanoseconds` of work to `address`.
    mutating func charge(_ nanoseconds: Int64, to address: String, now: Int64) {
        var bucket = bucket(of: address, now: now)
        bucket.spend(Double(nanoseconds) / 1e9, now: now)
        buckets[address] = bucket
    }

    /// Forgets the addresses that have taken nothing lately.
    mutating func forgetIdle(now: Int64) {
        buckets = buckets.filter { !$0.value.isFull(now: now) }
    }

    private func bucket(of address: String, now: Int64) -> TokenBucket {
        buckets[address] ?? TokenBucket(capacity: 2 * perSecond, perSecond: perSecond, now: now)
    }
}
