/// A stretch of a room's history that starts from a fresh lesson: the room opened, the lesson
/// was started again, or another lesson was switched in. Its state at any step is reached by
/// making the lesson anew and applying the recorded inputs at their steps (the engine is
/// deterministic bit for bit), so an epoch needs no stored world at all.
public struct RecordingEpoch: Equatable, Sendable {
    public var lessonID: String
    /// The room-timeline tick the epoch starts at (ticks count every step the room took).
    public var startTick: Int
    /// Steps taken in this epoch so far.
    public var steps: Int = 0
    /// Inputs in the order they were applied, each after the step it names.
    public var inputs: [TimedInput] = []
    /// The state hash after every `hashStride`-th step: `hashes[k]` follows step (k + 1) × stride.
    public var hashes: [UInt32] = []

    public var endTick: Int { startTick + steps }
}

/// Something that happened in the room, for the timeline (joins, leaves, controls, branches).
public struct RecordingMark: Equatable, Sendable {
    public var tick: Int
    public var kind: String
    public var text: String
}

/// Everything a room records: its epochs (inputs and per-step hashes) and the timeline marks,
/// under a memory budget.
///
/// Past the budget, hashes thin out first (their spacing doubles, down to one a second), then
/// the oldest epochs go, and the reach of the recording moves forward. See docs/replay.md.
public struct Recording: Sendable {
    public private(set) var epochs: [RecordingEpoch] = []
    public private(set) var marks: [RecordingMark] = []
    /// Steps between kept state hashes: 1, then 2, 4, … up to `maxHashStride` as memory fills.
    public private(set) var hashStride = 1
    /// Bytes the recording may hold.
    public let budget: Int
    /// True when an epoch alone outgrew the budget and was let go: nothing is recorded until
    /// the lesson starts again (a reset or a lesson switch opens a new epoch).
    public private(set) var isSuspended = false

    public static let maxHashStride = 64
    public static let maxMarks = 2000
    static let markCost = 64
    static let epochCost = 128

    public init(budget: Int) {
        self.budget = max(16 * 1024, budget)
    }

    /// A recording made of epochs read from a file.
    init(epochs: [RecordingEpoch], marks: [RecordingMark], hashStride: Int, budget: Int) {
        self.epochs = epochs
        self.marks = marks
        self.hashStride = hashStride
        self.budget = max(16 * 1024, budget)
    }

    // MARK: Reach

    /// The first tick a replay can reach, or nil when nothing is recorded.
    public var firstTick: Int? { epochs.first?.startTick }
    /// The newest recorded tick.
    public var lastTick: Int? { epochs.last?.endTick }

    /// The epoch that shows `tick`: the newest one starting at or before it (a tick where the
    /// lesson started again shows the fresh start).
    public func epochIndex(at tick: Int) -> Int? {
        guard let first = epochs.first, tick >= first.startTick, let last = epochs.last, tick <= last.endTick else {
            return nil
        }
        var low = 0, high = epochs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if epochs[mid].startTick <= tick { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The index of the epoch that starts at `tick`, if it is still kept.
    public func epochIndex(startingAt tick: Int) -> Int? {
        var low = 0, high = epochs.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if epochs[mid].startTick == tick { return mid }
            if epochs[mid].startTick < tick { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// The recorded hash after `step` of an epoch, when one was kept.
    public func hash(epoch index: Int, step: Int) -> UInt32? {
        guard step > 0, step % hashStride == 0 else { return nil }
        let k = step / hashStride - 1
        let hashes = epochs[index].hashes
        return k < hashes.count ? hashes[k] : nil
    }

    // MARK: Recording

    /// Starts a new epoch at `tick` with a fresh `lesson`.
    public mutating func begin(lesson: String, at tick: Int) {
        isSuspended = false
        // An epoch in which nothing stepped shows nothing the new one does not.
        if let last = epochs.last, last.steps == 0 { epochs.removeLast() }
        epochs.append(RecordingEpoch(lessonID: lesson, startTick: tick))
        enforceBudget()
    }

    /// Records an input applied after the current epoch's latest step.
    public mutating func record(_ input: RecordedInput) {
        guard !isSuspended, !epochs.isEmpty else { return }
        let step = epochs[epochs.count - 1].steps
        epochs[epochs.count - 1].inputs.append(TimedInput(step: step, input: input))
        if epochs[epochs.count - 1].inputs.count % 256 == 0 { enforceBudget() }
    }

    /// Records one step of the current epoch and the state hash after it.
    public mutating func recordStep(hash: UInt32) {
        guard !isSuspended, !epochs.isEmpty else { return }
        let i = epochs.count - 1
        epochs[i].steps += 1
        if epochs[i].steps % hashStride == 0 {
            epochs[i].hashes.append(hash)
            if epochs[i].hashes.count % 1024 == 0 { enforceBudget() }
        }
    }

    /// Adds a timeline mark; the oldest go past `maxMarks`.
    public mutating func mark(_ kind: String, _ text: String, at tick: Int) {
        if marks.count >= Self.maxMarks { marks.removeFirst(marks.count - Self.maxMarks + 1) }
        marks.append(RecordingMark(tick: tick, kind: kind, text: String(text.prefix(80))))
    }

    /// Forgets everything after `tick` (a branch: the room plays on from there).
    public mutating func truncate(at tick: Int) {
        guard let index = epochIndex(at: tick) else { return }
        epochs.removeSubrange((index + 1)...)
        let step = tick - epochs[index].startTick
        epochs[index].steps = step
        // Inputs recorded after that step belong to the old future.
        epochs[index].inputs.removeAll { $0.step >= step }
        epochs[index].hashes.removeSubrange(min(epochs[index].hashes.count, step / hashStride)...)
        marks.removeAll { $0.tick > tick }
        isSuspended = false
    }

    // MARK: Memory

    /// Bytes the recording holds (inputs, hashes, marks), as counted against the budget.
    public var memoryBytes: Int {
        var total = marks.count * Self.markCost
        for epoch in epochs {
            total += Self.epochCost + epoch.inputs.count * RecordedInput.memoryCost + epoch.hashes.count * 4
        }
        return total
    }

    /// Thins hashes, then drops the oldest epochs, until the recording fits its budget.
    mutating func enforceBudget() {
        while memoryBytes > budget {
            if hashStride < Self.maxHashStride {
                hashStride *= 2
                for i in epochs.indices {
                    // Keep the hashes that fall on the new, doubled spacing: every second one.
                    epochs[i].hashes = stride(from: 1, to: epochs[i].hashes.count, by: 2).map { epochs[i].hashes[$0] }
                }
            } else if epochs.count > 1 {
                epochs.removeFirst()
                let first = epochs[0].startTick
                marks.removeAll { $0.tick < first }
            } else {
                // One epoch alone outgrew the budget and it cannot be cut (a replay starts from its
                // beginning): let it go; the next reset or lesson switch starts recording again.
                epochs.removeAll()
                marks.removeAll()
                isSuspended = true
                return
            }
        }
    }
}
