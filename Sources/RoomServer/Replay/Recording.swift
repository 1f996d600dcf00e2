import Keyframes

/// A stretch of a room's history that starts from a fresh lesson: the room opened, the lesson
/// was started again, or another lesson was switched in. Its state at any step is reached by
/// restoring the nearest keyframe at or before it (or making the lesson anew) and applying the
/// recorded inputs from there (the engine is deterministic bit for bit).
public struct RecordingEpoch: Equatable, Sendable {
    public var lessonID: String
    /// The edited code the epoch ran (a member's `code`), or nil for the lesson's own: a
    /// restore compiles it again, so a moment of edited code replays as it ran.
    public var source: String? = nil
    /// The room-timeline tick the epoch starts at (ticks count every step the room took).
    public var startTick: Int
    /// Steps taken in this epoch so far.
    public var steps: Int = 0
    /// Inputs in the order they were applied, each after the step it names.
    public var inputs: [TimedInput] = []
    /// The state hash after every `hashStride`-th step: `hashes[k]` follows step (k + 1) × stride.
    public var hashes: [UInt32] = []
    /// Exact copies of the lesson every `keyframeStride` steps, oldest first (all of the same
    /// lesson instance: a keyframe is restored into the objects it was taken from). Kept in
    /// memory only: a file holds the inputs, and a replay of it starts from the epoch's start.
    public var keyframes: [Keyframe] = []

    public var endTick: Int { startTick + steps }

    /// The newest keyframe at or before `step`.
    public func keyframe(atOrBefore step: Int) -> Keyframe? {
        var low = 0, high = keyframes.count - 1, found: Keyframe?
        while low <= high {
            let mid = (low + high) / 2
            if keyframes[mid].step <= step {
                found = keyframes[mid]
                low = mid + 1
            } else {
                high = mid - 1
            }
        }
        return found
    }

    /// Keyframes are a cache of the run, not part of what was recorded.
    public static func == (a: RecordingEpoch, b: RecordingEpoch) -> Bool {
        a.lessonID == b.lessonID && a.source == b.source && a.startTick == b.startTick && a.steps == b.steps
            && a.inputs == b.inputs && a.hashes == b.hashes
    }
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
/// Past the budget, keyframes and hashes thin out first (their spacing doubles: keyframes to one
/// every 8 s, hashes to one a second, then keyframes to one a minute); then keyframes go one by
/// one where they stand closest together, the older epochs' first, then the newest epoch's (its
/// newest last), so those left stay spread; a moment with no keyframe before it in its epoch is
/// reached by re-running the epoch. Only when the inputs themselves outgrow the budget do the
/// oldest epochs go, and the reach of the recording moves forward. See docs/replay.md.
public struct Recording: Sendable {
    public private(set) var epochs: [RecordingEpoch] = []
    public private(set) var marks: [RecordingMark] = []
    /// Steps between kept state hashes: 1, then 2, 4, … up to `maxHashStride` as memory fills.
    public private(set) var hashStride = 1
    /// Steps between keyframes: 64 (about a second), doubling as memory fills. A multiple of
    /// every hash stride, so a keyframe always has its recorded hash to be checked against.
    public private(set) var keyframeStride = Self.minKeyframeStride
    /// Bytes the recording may hold.
    public let budget: Int
    /// True when an epoch alone outgrew the budget and was let go: nothing is recorded until
    /// the lesson starts again (a reset or a lesson switch opens a new epoch).
    public private(set) var isSuspended = false

    public static let maxHashStride = 64
    public static let minKeyframeStride = 64
    /// The live epoch also keeps its newest moments' keyframes every this many steps, off the
    /// (thinned) stride, the `recentCount` newest of them: "replay the last 10 seconds" (600
    /// steps) then restores one at most this far before the moment, whatever the stride.
    public static let recentStride = 256
    public static let recentCount = 4
    /// Keyframe spacing thins to this before any hash does (8.5 s) …
    static let keyframeStrideBeforeHashes = 512
    /// … and to this (68 s) before any epoch is dropped.
    public static let maxKeyframeStride = 4096
    public static let maxMarks = 2000
    static let markCost = 64
    static let epochCost = 128

    public init(budget: Int) {
        self.budget = max(16 * 1024, budget)
    }

    /// A recording made of epochs read from a file.
    public init(epochs: [RecordingEpoch], marks: [RecordingMark], hashStride: Int, budget: Int) {
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
    public mutating func begin(lesson: String, source: String? = nil, at tick: Int) {
        isSuspended = false
        // An epoch in which nothing stepped shows nothing the new one does not.
        if let last = epochs.last, last.steps == 0 { epochs.removeLast() }
        epochs.append(RecordingEpoch(lessonID: lesson, source: source, startTick: tick))
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
        removeKeyframes(epoch: index) { $0.step > step }
        marks.removeAll { $0.tick > tick }
        isSuspended = false
    }

    // MARK: Keyframes

    /// True when the current epoch's latest step is due a keyframe (on the stride, or a recent one).
    public var wantsKeyframe: Bool {
        guard !isSuspended, let last = epochs.last else { return false }
        return last.steps > 0 && last.steps % min(keyframeStride, Self.recentStride) == 0
            && last.keyframes.last.map { $0.step < last.steps } ?? true
    }

    /// The step of epoch `index` after which its keyframes off the stride are kept as recent
    /// ones: the live epoch's `recentCount` newest; none in an older epoch.
    private func recentAfter(epoch index: Int) -> Int {
        guard index == epochs.count - 1, let newest = epochs[index].keyframes.last else { return Int.max }
        return newest.step - Self.recentStride * Self.recentCount
    }

    /// The current epoch's newest keyframe: the next one shares with it what did not change.
    public var newestKeyframe: Keyframe? {
        isSuspended ? nil : epochs.last?.keyframes.last
    }

    /// Takes and keeps a keyframe of the current epoch's `lesson` after its latest step,
    /// sharing with the epoch's newest keyframe what did not change since.
    public mutating func addKeyframe(of lesson: AnyObject) {
        guard !isSuspended, let last = epochs.last else { return }
        addKeyframe(Keyframe(capturing: lesson, step: last.steps, shareable: true, sharingWith: newestKeyframe))
    }

    /// Keeps a keyframe of the current epoch's lesson after its latest step.
    public mutating func addKeyframe(_ keyframe: Keyframe) {
        guard !isSuspended, !epochs.isEmpty, keyframe.step == epochs[epochs.count - 1].steps else { return }
        let i = epochs.count - 1
        epochs[i].keyframes.append(keyframe)
        retainPieces(of: keyframe)
        // The recent ones off the stride that are no longer among the newest go.
        let spacing = keyframeStride, recent = recentAfter(epoch: i)
        removeKeyframes(epoch: i) { $0.step % spacing != 0 && $0.step <= recent }
        enforceBudget()
    }

    /// Forgets an epoch's keyframes (one of them disagreed with the recording).
    public mutating func dropKeyframes(epochStartingAt tick: Int) {
        guard let index = epochIndex(startingAt: tick) else { return }
        removeKeyframes(epoch: index) { _ in true }
    }

    // MARK: Memory

    /// Bytes the keyframes hold: each piece (an object's copy, a chunk of a large array) once,
    /// however many keyframes share it.
    public private(set) var keyframeBytes = 0
    /// How many kept keyframes hold each piece, and its bytes. A piece is alive while a kept
    /// keyframe holds it, so its identity is not reused while it is counted here.
    private var pieceCounts: [ObjectIdentifier: (keyframes: Int, bytes: Int)] = [:]

    /// The pieces kept keyframes hold, counted once each (for tests: always `keyframeBytes`).
    public var distinctPieceBytes: Int {
        var seen: Set<ObjectIdentifier> = []
        var total = 0
        for epoch in epochs {
            for keyframe in epoch.keyframes {
                keyframe.forEachPiece { id, bytes in if seen.insert(id).inserted { total += bytes } }
            }
        }
        return total
    }

    private mutating func retainPieces(of keyframe: Keyframe) {
        keyframe.forEachPiece { id, bytes in
            if let known = pieceCounts[id] {
                pieceCounts[id] = (known.keyframes + 1, known.bytes)
            } else {
                pieceCounts[id] = (1, bytes)
                keyframeBytes += bytes
            }
        }
    }

    private mutating func releasePieces(of keyframe: Keyframe) {
        keyframe.forEachPiece { id, _ in
            guard let known = pieceCounts[id] else { return }
            if known.keyframes > 1 {
                pieceCounts[id] = (known.keyframes - 1, known.bytes)
            } else {
                pieceCounts[id] = nil
                keyframeBytes -= known.bytes
            }
        }
    }

    /// Removes the keyframes of epoch `index` that `drop` picks, uncounting their pieces.
    private mutating func removeKeyframes(epoch index: Int, where drop: (Keyframe) -> Bool) {
        for keyframe in epochs[index].keyframes where drop(keyframe) { releasePieces(of: keyframe) }
        epochs[index].keyframes.removeAll(where: drop)
    }

    /// Bytes the recording holds (inputs, hashes, keyframes, marks), as counted against the budget.
    public var memoryBytes: Int {
        var total = marks.count * Self.markCost + keyframeBytes
        for epoch in epochs {
            total += Self.epochCost + epoch.inputs.count * RecordedInput.memoryCost + epoch.hashes.count * 4
        }
        return total
    }

    /// The keyframe of `epoch` whose loss leaves the shortest stretch between the ones around it
    /// (the epoch's start and end counting as ones: the start is reached by re-running). Taking
    /// them in this order keeps those left spread over the epoch, so no seek re-runs much more
    /// than its length over their number; `keepingNewest` spares the newest (the live epoch's, one
    /// near the newest moment, where "the last 10 seconds" seeks).
    /// Keyframes after `sparing` (the live epoch's recent ones, which stand closest of all) go
    /// only when no other is left.
    static func leastMissed(_ epoch: RecordingEpoch, keepingNewest: Bool, sparing: Int = Int.max) -> Int {
        let steps = epoch.keyframes.map(\.step)
        var drop = 0, shortest = Int.max
        let candidates = 0..<max(1, keepingNewest ? steps.count - 1 : steps.count)
        let spareSome = candidates.contains { steps[$0] <= sparing }
        for k in candidates where !spareSome || steps[k] <= sparing {
            let stretch = (k + 1 < steps.count ? steps[k + 1] : epoch.steps) - (k > 0 ? steps[k - 1] : 0)
            if stretch < shortest { (drop, shortest) = (k, stretch) }
        }
        return drop
    }

    /// Thins keyframes and hashes, then the older epochs' keyframes, then drops the oldest
    /// epochs, until the recording fits its budget.
    mutating func enforceBudget() {
        while memoryBytes > budget {
            if keyframeStride < Self.maxKeyframeStride,
                keyframeStride < Self.keyframeStrideBeforeHashes || hashStride == Self.maxHashStride
            {
                keyframeStride *= 2
                // Keep the keyframes that fall on the new, doubled spacing (and the live epoch's
                // recent ones).
                let spacing = keyframeStride
                for i in epochs.indices {
                    let recent = recentAfter(epoch: i)
                    removeKeyframes(epoch: i) { $0.step % spacing != 0 && $0.step <= recent }
                }
            } else if hashStride < Self.maxHashStride {
                hashStride *= 2
                for i in epochs.indices {
                    // Keep the hashes that fall on the new, doubled spacing: every second one.
                    epochs[i].hashes = stride(from: 1, to: epochs[i].hashes.count, by: 2).map { epochs[i].hashes[$0] }
                }
            } else if let i = epochs.indices.dropLast().first(where: { !epochs[$0].keyframes.isEmpty }) {
                // Older epochs give up their keyframes before any epoch goes: a moment of theirs
                // is then reached by re-running the epoch from its start (slower, in slices, but
                // there), so the recording keeps reaching back as long as its inputs fit.
                releasePieces(of: epochs[i].keyframes.remove(at: Self.leastMissed(epochs[i], keepingNewest: false)))
            } else if let i = epochs.indices.last, !epochs[i].keyframes.isEmpty {
                // Then the newest epoch's, where they stand closest; its newest goes last.
                let drop = Self.leastMissed(epochs[i], keepingNewest: true, sparing: recentAfter(epoch: i))
                releasePieces(of: epochs[i].keyframes.remove(at: drop))
            } else if epochs.count > 1 {
                // The inputs themselves outgrew the budget: the oldest epoch goes, and the reach
                // of the recording moves forward.
                epochs.removeFirst()
                let first = epochs[0].startTick
                marks.removeAll { $0.tick < first }
            } else {
                // One epoch alone outgrew the budget and it cannot be cut (a replay starts from its
                // beginning): let it go; the next reset or lesson switch starts recording again.
                epochs.removeAll()
                marks.removeAll()
                pieceCounts.removeAll()
                keyframeBytes = 0
                isSuspended = true
                return
            }
        }
    }
}
