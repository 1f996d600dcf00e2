import Foundation
import RoomStore

/// Writes one worker's class rooms to the store (docs/server.md, "What is kept").
///
/// Every `RoomStore.flushInterval` the worker asks it for what changed in each class since the
/// last write: the room's state, and the recording's new inputs and hashes, appended. A branch,
/// a thinning of the hashes or rows the store had to let go are written as the whole
/// recording again. Only counts are kept here, never the recording itself. The rows go to the
/// store's writer thread: the worker never waits for the disk.
public final class ClassKeeper {
    public let store: RoomStore
    /// When the next write is due, in the worker's clock (microseconds).
    var nextWrite: Int64 = 0

    /// What was last written of one epoch.
    private struct EpochCount {
        var start: Int
        var lesson: String
        var source: String?
        var steps: Int
        var inputs: Int
        var hashes: Int
    }

    /// What was last written of one class.
    private struct Written {
        var room: StoredClass
        var epochs: [EpochCount]
        var marks: Int
        var lastMark: RecordingMark?
    }

    private var written: [String: Written] = [:]
    private var closed: [String] = []
    /// Classes handed on to another node (a shared store): never written from here again
    /// unless this node claims them back.
    private var handedOn: Set<String> = []

    public init(store: RoomStore) {
        self.store = store
    }

    /// A class brought back from the store is known to be written as it is (`openedAt` kept).
    func noteRestored(_ room: Room, stored: StoredClass) {
        handedOn.remove(stored.code)
        written[stored.code] = Written(
            room: stored,
            epochs: room.recording.epochs.map {
                EpochCount(
                    start: $0.startTick, lesson: $0.lessonID, source: $0.source, steps: $0.steps, inputs: $0.inputs.count,
                    hashes: $0.hashes.count)
            }, marks: room.recording.marks.count, lastMark: room.recording.marks.last)
    }

    /// A class room closed (empty past its expiry): kept, no longer brought back.
    func noteClosed(_ code: String) {
        written[code] = nil
        closed.append(code)
    }

    /// Hands the store what changed in `rooms` since the last write.
    func write(_ rooms: [String: Room], released: [String] = [], wallClock: Double = Date().timeIntervalSince1970) {
        let dropped = store.takeDroppedCodes()
        var changes: [ClassChange] = []
        for (code, room) in rooms where room.readOnlyReason == nil && !handedOn.contains(code) {
            if let change = change(room, code: code, rewrite: dropped.contains(code), now: wallClock) {
                changes.append(change)
            }
        }
        store.submit(changes, closed: closed, released: released, now: wallClock)
        closed = []
    }

    /// Writes the last moments of `rooms` and hands them on: no node's until one claims them.
    func handOn(_ rooms: [String: Room]) {
        write(rooms, released: Array(rooms.keys))
        for code in rooms.keys {
            written[code] = nil
            handedOn.insert(code)
        }
    }

    private func change(_ room: Room, code: String, rewrite forced: Bool, now: Double) -> ClassChange? {
        let recording = room.recording
        let old = written[code]
        var state = StoredClass(
            code: code, lesson: room.lessonEntry.info.id,
            keyHash: room.instructorKeyHash ?? room.restoredKeyHash,
            // Who was in last: an empty room (everyone gone, or the server stopping) keeps them.
            members: room.members.isEmpty ? old?.room.members ?? "" : room.members.map(\.name).joined(separator: "\n"),
            paused: room.paused, locked: room.locked,
            source: room.source,
            parameters: room.lesson.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "\n"),
            guide: room.members.isEmpty
                ? old?.room.guide ?? "" : room.guide.map { GuideMessages.progressTable($0.tracker, members: room.members) } ?? "",
            liveTick: room.liveTick, hashStride: recording.hashStride, engine: EngineFingerprint.current,
            openedAt: old?.room.openedAt ?? now, updatedAt: old?.room.updatedAt ?? now)
        let firstTick = recording.firstTick ?? room.liveTick
        let kept = old?.epochs.filter { $0.start >= firstTick } ?? []
        var rewrite = forced || old == nil || old?.room.hashStride != recording.hashStride || kept.count > recording.epochs.count
        if !rewrite {
            for (o, e) in zip(kept, recording.epochs)
            where o.start != e.startTick || o.lesson != e.lessonID || o.source != e.source || o.steps > e.steps
                || o.inputs > e.inputs.count || o.hashes > e.hashes.count
            {
                rewrite = true
            }
        }
        var epochs: [StoredEpoch] = []
        var inputs: [StoredInput] = []
        var hashes: [StoredHashes] = []
        var counts: [EpochCount] = []
        for (i, epoch) in recording.epochs.enumerated() {
            let before: EpochCount? = rewrite || i >= kept.count ? nil : kept[i]
            if before?.steps != epoch.steps || before == nil {
                epochs.append(
                    StoredEpoch(
                        code: code, startTick: epoch.startTick, lesson: epoch.lessonID, source: epoch.source,
                        steps: epoch.steps))
            }
            for seq in (before?.inputs ?? 0)..<epoch.inputs.count {
                inputs.append(
                    StoredInput(code: code, startTick: epoch.startTick, seq: seq, input: RecordingRows.input(epoch.inputs[seq])))
            }
            let firstHash = before?.hashes ?? 0
            if epoch.hashes.count > firstHash {
                hashes.append(
                    StoredHashes(
                        code: code, startTick: epoch.startTick, first: firstHash,
                        bytes: RecordingRows.bytes(epoch.hashes[firstHash...])))
            }
            counts.append(
                EpochCount(
                    start: epoch.startTick, lesson: epoch.lessonID, source: epoch.source, steps: epoch.steps,
                    inputs: epoch.inputs.count, hashes: epoch.hashes.count))
        }
        var marks: [StoredMark]?
        if rewrite || old?.marks != recording.marks.count || old?.lastMark != recording.marks.last {
            marks = recording.marks.enumerated().map {
                StoredMark(code: code, seq: $0.offset, tick: $0.element.tick, kind: $0.element.kind, text: $0.element.text)
            }
        }
        guard rewrite || !epochs.isEmpty || !inputs.isEmpty || !hashes.isEmpty || marks != nil || state != old?.room
        else { return nil }
        state.updatedAt = now
        written[code] = Written(room: state, epochs: counts, marks: recording.marks.count, lastMark: recording.marks.last)
        return ClassChange(
            room: state, rewrite: rewrite, firstTick: firstTick, epochs: epochs, inputs: inputs, hashes: hashes, marks: marks)
    }
}
