import Foundation
import Keyframes
import Lessons
import LiveSwift
import RoomServer
import Testing

/// A recording's keyframes share what did not change between them (an object whose fields read
/// the same, a collection with the same storage, a chunk of a large array with the same bytes),
/// count each shared piece once against the budget, and restore exactly whatever was thinned or
/// dropped around them (docs/replay.md).
struct KeyframeSharingTests {
    typealias R = ReplayTests

    /// A drops room filled to its block limit (the oldest blocks go as new ones fall), then left
    /// alone: every keyframe restores the live run's frames bit for bit, chunked arrays and
    /// shared pieces included.
    @Test func aHeavyScenesKeyframesShareWhatDidNotChangeAndRestoreBitForBit() throws {
        // A budget that keeps every keyframe (the thinning is tested on its own below).
        let room = R.makeRoom("drops", budget: 32 * 1024 * 1024)
        let size = room.lessonEntry.info.bounds
        var run = R.LiveRun()
        let churning = 960, total = 1180
        for t in 0..<total {
            if t < churning, t % 8 == 0 {
                let x = Double(size.width) * (Double(t / 8 % 10) + 0.5) / 10
                _ = room.handle(.tap(x: x, y: Double(size.height) / 5), from: 1, now: Int64(t) * 16_667)
            }
            R.control(room, .step(ticks: 1), now: Int64(t) * 16_667)
            run.stepped[room.liveTick] = R.payload(room.newestFrame)
        }
        #expect(room.lesson.items.count >= 100, "a heavy scene: \(room.lesson.items.count) items")
        let recording = room.recording
        let keyframes = try #require(recording.epochs.last?.keyframes)
        #expect(keyframes.map(\.step) == Array(stride(from: 64, through: total, by: 64)))
        #expect(recording.keyframeBytes == recording.distinctPieceBytes)
        let unshared = keyframes.reduce(0) { $0 + $1.bytes }
        // What did not change is shared (the shapes' and bodies' bytes of blocks at rest, views'
        // references and collections): each keyframe holds a whole scene, the recording far less.
        #expect(recording.keyframeBytes < unshared * 3 / 4, "shared: \(recording.keyframeBytes) of \(unshared) bytes")
        // Keyframes from the churn and from the rest, in no order, each then stepped a while.
        let n = keyframes.count
        for index in [3, n - 1, n / 3, 0, n / 2, n - 4] {
            let keyframe = keyframes[index]
            R.control(room, .seek(time: Double(keyframe.step + 2) / 60))
            #expect(room.shown?.keyframe === keyframe)
            R.expectShows(room, run, "drops seek to \(keyframe.step + 2)")
            for _ in 0..<min(40, total - keyframe.step - 2) {
                R.control(room, .step(ticks: 1))
                R.expectShows(room, run, "drops after keyframe \(keyframe.step)")
            }
        }
        #expect(room.keyframeMismatches == 0)
        R.control(room, .live)
        #expect(R.payload(room.newestFrame) == run.stepped[total])
    }

    /// A scene of one large array of plain values (cut in chunks), a dictionary (a shared piece)
    /// and a counter, changed a little every step; epochs begin with new scenes.
    final class Scene {
        var positions = [Double](repeating: 0, count: 2048)
        var names: [String: Int] = [:]
        var counter = 0

        init(seed: Int) {
            for i in positions.indices { positions[i] = Double(i * seed) }
            for i in 0..<20 { names["n\(i)"] = i * seed }
        }

        func step() {
            counter += 1
            // The first chunk of the array changes; the rest keeps its bytes.
            positions[counter % 64] += 1
            if counter % 50 == 0 { names["n\(counter % 20)"] = counter }
        }

        var state: [Double] { positions + [Double(counter)] + names.keys.sorted().map { Double(names[$0]!) } }
    }

    @Test func sharedPiecesSurviveThinningAndDroppedEpochsAndAreCountedOnce() throws {
        var recording = Recording(budget: 64 * 1024)
        var expected: [ObjectIdentifier: [Int: [Double]]] = [:]
        var scenes: [Scene] = []
        var sawThinning = false
        for epoch in 0..<5 {
            let scene = Scene(seed: epoch + 1)
            scenes.append(scene)
            recording.begin(lesson: "scene", at: recording.lastTick ?? 0)
            for _ in 0..<8192 {
                scene.step()
                recording.recordStep(hash: UInt32(truncatingIfNeeded: scene.counter))
                if recording.wantsKeyframe {
                    recording.addKeyframe(of: scene)
                    expected[ObjectIdentifier(scene), default: [:]][recording.epochs.last!.steps] = scene.state
                    #expect(recording.keyframeBytes == recording.distinctPieceBytes)
                    #expect(recording.memoryBytes <= recording.budget)
                }
                sawThinning = sawThinning || recording.keyframeStride > Recording.minKeyframeStride
            }
        }
        #expect(sawThinning)
        // The older epochs gave up their keyframes before any epoch went (their inputs are tiny).
        #expect(recording.epochs.count == 5, "every epoch is still reached")
        #expect(recording.epochs[0].keyframes.isEmpty, "the oldest epoch's went first")
        let kept = recording.epochs.flatMap(\.keyframes)
        #expect(kept.count >= 4)
        // Sharing happened: the kept keyframes hold far more than is counted.
        #expect(recording.keyframeBytes < kept.reduce(0) { $0 + $1.bytes } * 3 / 4)
        // Every kept keyframe restores its own moment, whatever went around it.
        for keyframe in kept.shuffled() {
            keyframe.restore()
            let scene = try #require(keyframe.root as? Scene)
            #expect(scene.state == expected[ObjectIdentifier(scene)]?[keyframe.step], "keyframe at \(keyframe.step)")
        }
        // Forgetting keyframes (a disagreement, a branch) uncounts exactly their pieces.
        let lastStart = recording.epochs.last!.startTick
        recording.truncate(at: lastStart + 5000)
        #expect(recording.keyframeBytes == recording.distinctPieceBytes)
        recording.dropKeyframes(epochStartingAt: lastStart)
        #expect(recording.keyframeBytes == recording.distinctPieceBytes)
        recording.dropKeyframes(epochStartingAt: recording.epochs.first!.startTick)
        #expect(recording.keyframeBytes == recording.distinctPieceBytes)
    }

    /// A list rebuilt every step with the same elements (an item's collisions) is new storage
    /// with the same bytes: the next keyframe shares the copy; a changed element is copied anew.
    @Test func aListRebuiltWithTheSameElementsIsSharedAndAChangedOneIsNot() {
        final class Item { var touching: [Int] = [3, 1, 4, 1, 5]; var pose = 0.0 }
        let item = Item()
        func adds(_ next: Keyframe, beyond previous: Keyframe) -> Int {
            var held: Set<ObjectIdentifier> = []
            previous.forEachPiece { id, _ in held.insert(id) }
            var added = 0
            next.forEachPiece { id, bytes in if !held.contains(id) { added += bytes } }
            return added
        }
        let first = Keyframe(capturing: item, step: 0, shareable: true)
        item.touching = item.touching.map { $0 }  // new storage, same elements
        let second = Keyframe(capturing: item, step: 64, shareable: true, sharingWith: first)
        #expect(adds(second, beyond: first) == 0)
        item.touching = item.touching.map { $0 + 1 }
        let third = Keyframe(capturing: item, step: 128, shareable: true, sharingWith: second)
        #expect(adds(third, beyond: second) > 0)
        second.restore()
        #expect(item.touching == [3, 1, 4, 1, 5])
        third.restore()
        #expect(item.touching == [4, 2, 5, 2, 6])
    }

    /// A keyframe that is not shareable (the live moment the room keeps while showing the past)
    /// keeps arrays whole and restores them as they were; a shareable one rebuilds them equal,
    /// with the same capacity.
    @Test func aChunkedArrayRestoresEqualWithItsCapacity() {
        let scene = Scene(seed: 3)
        scene.positions.reserveCapacity(5000)
        let capacity = scene.positions.capacity
        let before = scene.state
        let keyframe = Keyframe(capturing: scene, step: 0, shareable: true)
        for _ in 0..<500 { scene.step() }
        scene.positions.removeLast(100)
        keyframe.restore()
        #expect(scene.state == before)
        #expect(scene.positions.capacity >= capacity)
    }
}

/// An interpreted lesson's keyframe holds the lesson's state, not the interpreter's caches of
/// its syntax (member reads, call arguments, names), which fill as the code runs: after a second
/// of hoop's `action` block every tick, none of them is among the keyframe's fields.
struct InterpretedKeyframeTests {
    @Test func theInterpretersCachesAreNotInAKeyframe() throws {
        let hoop = try #require(LessonCatalog.all.first { $0.info.id == "hoop" })
        let source = LessonCatalog.sourceCode(of: hoop)
        let lesson = try LiveSwift.compile(source: source, fileName: hoop.info.sourceFileName).makeLesson()
        for _ in 0..<60 { lesson.advance(by: 1.0 / 60) }
        let keyframe = Keyframe(capturing: lesson as AnyObject, step: 60)
        let fields = keyframe.bytesByField().map(\.field)
        #expect(fields.contains { $0.hasPrefix("Interpreter.") }, "the interpreter's own state is in it: \(fields.prefix(20))")
        for cache in ["caches", "memberReads", "callShapes", "methodCalls", "identifiers", "blockStatements", "slots"] {
            #expect(!fields.contains { $0.hasSuffix(".\(cache)") }, "a keyframe copied \(cache)")
        }
    }
}
