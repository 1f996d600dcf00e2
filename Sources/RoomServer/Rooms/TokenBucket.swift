/// A token bucket: `capacity` tokens at most, refilled at `perSecond`. Time is an input.
public struct TokenBucket: Sendable, Equatable {
    public let capacity: Double
    public let perSecond: Double
    private var tokens: Double
    private var updatedAt: Int64

    /// A full bucket at time `now` (microseconds).
    public init(capacity: Double, perSecond: Double, now: Int64) {
        self.capacity = capacity
        self.perSecond = perSecond
        tokens = capacity
        updatedAt = now
    }

    /// Takes one token if there is one; false means the caller is over the rate.
    public mutating func take(now: Int64) -> Bool {
        refill(now: now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// True when some of the bucket is left (after `spend` it may be in debt).
    public mutating func hasTokens(now: Int64) -> Bool {
        refill(now: now)
        return tokens > 0
    }

    /// Takes `amount` (a measured cost, such as seconds of work), even below zero: a debt
    /// that the refill pays back before `hasTokens` is true again.
    public mutating func spend(_ amount: Double, now: Int64) {
        refill(now: now)
        tokens -= max(0, amount)
    }

    /// True when the bucket would be full at `now` (nothing taken lately): safe to forget.
    public func isFull(now: Int64) -> Bool {
        var probe = self
        probe.refill(now: now)
        return probe.tokens >= capacity
    }

    private mutating func refill(now: Int64) {
        guard now > updatedAt else { return }
        tokens = min(capacity, tokens + Double(now - updatedAt) / 1_000_000 * perSecond)
        updatedAt = now
    }
}
