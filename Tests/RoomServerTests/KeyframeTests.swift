import Foundation
import Keyframes
import Lessons
import LiveSwift
import RoomServer
import Testing
import UIKitDynamics

/// Keyframes: exact copies of a room's lesson taken as it runs, so that any moment is reached by
/// restoring one and stepping at most about a second (docs/replay.md).
struct KeyframeTests {
    typealias R = ReplayTests

    /// Every stored property of every object a keyframe meets, as `Mirror` lists them
    /// (superclasses' included).
    static func mirrorLabels(of object: AnyObject) -> [String] {
        var labels: [String] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        var chain: [Mirror] = []
        while let m = mirror {
            chain.append(m)
            mirror = m.superclassMirror
        }
        for m in chain.reversed() { labels += m.children.map { $0.label ?? "?" } }
        return labels
    }

    @Test(arguments: LessonCatalog.all.map { $0.info.id })
    func aKeyframeAccountsForEveryStoredPropertyOfEveryObjectItMeets(lesson: String) throws {
        let room = R.makeRoom(lesson)
        _ = R.drive(room, ticks: 150)
        let keyframe = Keyframe(capturing: room.lesson, step: 150)
        #expect(keyframe.objectCount > 5, "\(lesson): the keyframe reaches the lesson's objects")
        var seen: Set<ObjectIdentifier> = []
        for object in keyframe.capturedObjects where seen.insert(ObjectIdentifier(type(of: object))).inserted {
            if Keyframe.isForeign(type(of: object)) { continue }
            let fields = StoredField.of(type(of: object))
            // A property the runtime's field list (what the keyframe copies) does not have would be
            // missed by a restore: the lists must be the same, name for name.
            #expect(
                fields.map(\.name) == Self.mirrorLabels(of: object),
                "\(lesson): \(type(of: object)) has stored properties a keyframe does not account for")
            for field in fields {
                #expect(
                    field.storage != .unsupported,
                    "\(lesson): \(type(of: object)).\(field.name) is held in a way a keyframe cannot put back")
            }
        }
        // Restoring puts every copied field back: step on, restore, capture again, and every
        // field reads as it did.
        let before = keyframe.fieldDescriptions()
        #expect(before.count > 50)
        for _ in 0..<30 { room.lesson.advance(by: Room.tickSeconds) }
        #expect(Keyframe(capturing: room.lesson, step: 0).fieldDescriptions() != before, "\(lesson): stepping changed something")
        keyframe.restore()
        let after = Keyframe(capturing: room.lesson, step: 150).fieldDescriptions()
        #expect(after == before, "\(lesson): \(zip(before, after).first { $0 != $1 }.map { "\($0) / \($1)" } ?? "lengths differ")")
        // The world, its animator and the lesson's controller are among what it holds.
        let names = Set(keyframe.capturedClasses.map { String(describing: $0) })
        #expect(names.contains("World"), "\(lesson): \(names.sorted())")
        #expect(names.contains("UIDynamicAnimator"), "\(lesson): \(names.sorted())")
        #expect(names.contains("UIWindow"), "\(lesson): \(names.sorted())")
    }

    @Test(arguments: LessonCatalog.all.map { $0.info.id })
    func restoringAKeyframeThenSteppingGivesTheLiveRunsFramesBitForBit(lesson: String) throws {
        let room = R.makeRoom(lesson)
        // One long epoch (no restart) with gestures and a parameter change every 200 ticks.
        let run = R.drive(room, ticks: 700, restartEvery: 1_000_000)
        let epoch = try #require(room.recording.epochs.last)
        #expect(epoch.keyframes.map(\.step) == Array(stride(from: 64, through: 700, by: 64)))
        for keyframe in epoch.keyframes.reversed() {
            // Just after the keyframe, then a second of steps from it, every frame compared.
            let target = keyframe.step + 3
            R.control(room, .seek(time: Double(target) / 60))
            #expect(room.shown?.keyframe === keyframe, "\(lesson): the seek to \(target) started from the keyframe at \(keyframe.step)")
            R.expectShows(room, run, "\(lesson) seek \(target)")
            for _ in 0..<min(64, 700 - target) {
                R.control(room, .step(ticks: 1))
                if room.shown == nil { break }
                R.expectShows(room, run, "\(lesson) after keyframe \(keyframe.step)")
            }
        }
        // Back and forth across keyframes, then live again: the live lesson is as it was.
        for target in [650, 70, 500, 129, 699] {
            R.control(room, .seek(time: Double(target) / 60))
            R.expectShows(room, run, "\(lesson) seek \(target)")
            #expect(room.shown?.keyframe != nil)
        }
        R.control(room, .live)
        #expect(room.shown == nil)
        #expect(R.payload(room.newestFrame) == run.stepped[700])
        #expect(room.keyframeMismatches == 0)
        // And the live lesson runs on exactly as a room that never looked back.
        let twin = R.makeRoom(lesson)
        _ = R.drive(twin, ticks: 700, restartEvery: 1_000_000)
        for t in 700..<760 {
            R.control(room, .step(ticks: 1), now: Int64(t) * 16_667)
            R.control(twin, .step(ticks: 1), now: Int64(t) * 16_667)
            #expect(R.payload(room.newestFrame) == R.payload(twin.newestFrame), "\(lesson): live after replay at \(t)")
        }
    }

    /// Edited code runs in LiveSwift's interpreter: its heap (instances, environments, values) is
    /// objects and values like any other, and a keyframe copies it the same way.
    @Test func aLessonRunFromEditedCodeIsRestoredFromKeyframesExactly() throws {
        let directory = LiveInterpreterRoomTests.directory
        var limits = ServerLimits()
        limits.timeControlsPerSecondPerRoom = 1e9
        limits.seekSliceSeconds = 60  // every seek answered at once (a debug build steps slowly)
        var random = SystemRandomNumberGenerator()
        let room = Room(
            id: "ABCDEF", kind: .classRoom(code: "ABCDEF"), lesson: directory.entry(withID: "snap")!,
            directory: directory, limits: limits, compiler: LiveLessonCompiler.make(), now: 0, random: &random)
        _ = room.join(connection: 1, name: "Teacher", asOpener: true, now: 0)
        let own = directory.entry(withID: "snap")!.code
        let edited = own.replacingOccurrences(of: "snap.damping = damping", with: "snap.damping = damping * 0.5")
        #expect(edited != own)
        _ = try room.handle(.code(source: edited), from: 1, now: 0).get()
        var frames: [Int: [UInt8]] = [:]
        for t in 0..<400 {
            if t % 90 == 5 { _ = try room.handle(.tap(x: Double(40 + t % 300), y: Double(100 + t % 400)), from: 1, now: 0).get() }
            R.control(room, .step(ticks: 1), now: Int64(t) * 16_667)
            frames[room.liveTick] = R.payload(room.newestFrame)
        }
        let epoch = try #require(room.recording.epochs.last)
        #expect(epoch.source == edited)
        #expect(epoch.keyframes.count == 400 / 64)
        let keyframe = Keyframe(capturing: room.lesson, step: 0)
        for object in keyframe.capturedObjects where !Keyframe.isForeign(type(of: object)) {
            for field in StoredField.of(type(of: object)) {
                #expect(field.storage != .unsupported, "\(type(of: object)).\(field.name)")
            }
        }
        let start = epoch.startTick
        for step in [390, 70, 260, 130, 200] {
            R.control(room, .seek(time: Double(start + step) / 60))
            #expect(room.shown?.keyframe != nil, "seek \(step) of the edited code's epoch")
            #expect(R.payload(room.newestFrame) == frames[start + step], "edited code at step \(step)")
            for _ in 0..<5 {
                R.control(room, .step(ticks: 1))
                #expect(R.payload(room.newestFrame) == frames[room.shownTick], "edited code at tick \(room.shownTick)")
            }
        }
        #expect(room.keyframeMismatches == 0)
        R.control(room, .live)
        #expect(R.payload(room.newestFrame) == frames[room.liveTick])
    }

    /// A view animation restored from a keyframe taken while it ran is a running animation
    /// again: a direct set of the property ends it, as on iOS, even though the animation had
    /// finished before the restore (what the view's setters consult must come back with it).
    @Test func aDirectSetEndsAViewAnimationRestoredFromAKeyframe() {
        final class Scene {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            let overlay = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            lazy var animator = UIDynamicAnimator(referenceView: view)
        }
        let scene = Scene()
        scene.view.addSubview(scene.overlay)
        _ = scene.animator
        UIView.animate(withDuration: 1) { scene.overlay.center = CGPoint(x: 300, y: 500) }
        for _ in 0..<30 { scene.animator.advance(by: 1.0 / 60) }
        let keyframe = Keyframe(capturing: scene, step: 30)
        for _ in 0..<60 { scene.animator.advance(by: 1.0 / 60) }
        #expect(scene.overlay.presentationCenter == CGPoint(x: 300, y: 500), "the animation ran to its end")

        keyframe.restore()
        let halfway = scene.overlay.presentationCenter
        #expect(halfway != CGPoint(x: 300, y: 500) && halfway != CGPoint(x: 50, y: 50), "restored mid-animation")
        scene.overlay.center = CGPoint(x: 20, y: 30)
        scene.animator.advance(by: 1.0 / 60)
        #expect(scene.overlay.presentationCenter == CGPoint(x: 20, y: 30), "the direct set ended the restored animation")
    }

    @Test func aCSVExportOfTheLiveEpochLeavesTheLiveLessonAlone() throws {
        let room = R.makeRoom("push")
        _ = R.drive(room, ticks: 300, restartEvery: 1_000_000)
        #expect(room.recording.epochs[0].keyframes.count == 4)
        let before = StateHash.of(room.lesson)
        let csv = try ItemsCSV.export(room.recording, directory: R.directory, from: 0, to: 300, every: 30)
        #expect(csv.split(separator: "\n").count > 10)
        #expect(StateHash.of(room.lesson) == before)
        #expect(room.shown == nil)
    }

    @Test func playingOnFromAMomentRestoredFromAKeyframeBranchesExactly() throws {
        let room = R.makeRoom("collision")
        let run = R.drive(room, ticks: 400, restartEvery: 1_000_000)
        R.control(room, .seek(time: 200.0 / 60))
        #expect(room.shown?.keyframe?.step == 192)
        R.control(room, .resume)
        #expect(room.liveTick == 200)
        #expect(R.payload(room.newestFrame) == run.stepped[200])
        // The branch runs on as the original did (no inputs between 200 and 230 in the script).
        for t in 200..<230 {
            R.control(room, .step(ticks: 1), now: Int64(t) * 16_667)
            #expect(R.payload(room.newestFrame) == run.stepped[t + 1], "tick \(t + 1)")
        }
        #expect(room.recording.epochs.last?.keyframes.map(\.step) == [64, 128, 192])
    }

    @Test func seekingWorksAfterTheBudgetThinnedTheKeyframes() throws {
        let room = R.makeRoom("drops", budget: 64 * 1024)
        let run = R.drive(room, ticks: 3000, restartEvery: 1_000_000)
        let recording = room.recording
        #expect(recording.keyframeStride > Recording.minKeyframeStride, "the keyframes thinned")
        #expect(recording.memoryBytes <= recording.budget)
        let kept = try #require(recording.epochs.last?.keyframes)
        #expect(!kept.isEmpty)
        #expect(kept.allSatisfy { $0.step % recording.keyframeStride == 0 || Self.isRecent($0, in: kept) })
        for i in 0..<12 {
            let target = (i * 977 + 131) % 3000 + 1  // spread over the run, in no order
            R.control(room, .seek(time: Double(target) / 60))
            R.expectShows(room, run, "drops thinned, seek \(target)")
            if target >= kept[0].step {
                #expect(room.shown?.keyframe != nil)
                #expect(target - (room.shown?.keyframe?.step ?? 0) < recording.keyframeStride)
            }
        }
        #expect(room.keyframeMismatches == 0)
    }

    /// One of the live epoch's recent keyframes (off the stride, among the newest `recentCount`
    /// times `recentStride` steps).
    static func isRecent(_ keyframe: Keyframe, in kept: [Keyframe]) -> Bool {
        keyframe.step % Recording.recentStride == 0
            && keyframe.step > (kept.last?.step ?? 0) - Recording.recentStride * Recording.recentCount
    }

    /// "Replay the last 10 seconds" restores a keyframe at most `recentStride` steps before the
    /// moment, however far the budget thinned the stride, and lands exactly.
    @Test func theLastTenSecondsAreNearARecentKeyframeWhateverTheStride() throws {
        let room = R.makeRoom("drops", budget: 64 * 1024)
        let run = R.drive(room, ticks: 6000, restartEvery: 1_000_000)
        let recording = room.recording
        #expect(recording.keyframeStride >= 1024, "the stride thinned: \(recording.keyframeStride)")
        #expect(recording.memoryBytes <= recording.budget)
        for back in [600, 300, 768, 60] {  // up to (recentCount - 1) x recentStride back
            let target = room.liveTick - back
            R.control(room, .seek(time: Double(target) / 60))
            R.expectShows(room, run, "last \(back) steps")
            let keyframe = try #require(room.shown?.keyframe)
            #expect(target - keyframe.step <= Recording.recentStride, "\(back) back: from \(keyframe.step)")
            R.control(room, .live)
        }
    }

    /// The budget's order: keyframes thin to 512 steps, then hashes to 64, then keyframes to 4096;
    /// with one epoch left and still too big, its keyframes go where they stand closest (so the
    /// rest stay spread over it) before the epoch would.
    @Test func theBudgetThinsKeyframesThenHashesThenKeyframesAgainBeforeDroppingAnything() {
        final class Blob { var data = [UInt8](repeating: 1, count: 2000) }
        let blob = Blob()
        var recording = Recording(budget: 64 * 1024)
        recording.begin(lesson: "snap", at: 0)
        var seen: [[Int]] = []
        func run(to steps: Int) {
            while recording.epochs[0].steps < steps {
                recording.recordStep(hash: 1)
                if recording.wantsKeyframe {
                    recording.addKeyframe(Keyframe(capturing: blob, step: recording.epochs[0].steps))
                    // Checked as a keyframe comes (hashes are counted every 1,024, so between
                    // keyframes the total may run over by up to 4 KB).
                    #expect(recording.memoryBytes <= recording.budget)
                }
                let now = [recording.keyframeStride, recording.hashStride]
                if seen.last != now { seen.append(now) }
            }
        }
        run(to: 100_000)
        #expect(seen.first == [64, 1])
        let firstHashThinning = seen.firstIndex { $0[1] > 1 } ?? 0
        #expect(seen[firstHashThinning - 1] == [512, 1], "\(seen)")
        #expect(seen.filter { $0[0] > 512 }.allSatisfy { $0[1] == 64 }, "\(seen)")
        #expect(recording.keyframeStride == Recording.maxKeyframeStride)
        #expect(!recording.epochs[0].keyframes.isEmpty)
        let all = recording.epochs[0].keyframes
        #expect(all.allSatisfy { $0.step % Recording.maxKeyframeStride == 0 || Self.isRecent($0, in: all) })
        run(to: 400_000)
        #expect(recording.epochs.count == 1 && !recording.isSuspended, "the epoch is kept")
        let kept = recording.epochs[0].keyframes
        #expect(kept.count > 3)
        let newestStep = 400_000 / Recording.recentStride * Recording.recentStride
        #expect(kept.last?.step == newestStep, "the newest is kept")
        // The recent ones stand closest of all, yet the thinning spares them: the last 10 seconds
        // stay near a keyframe in an epoch that alone outgrew the budget.
        let recent = (0..<Recording.recentCount).map { newestStep - $0 * Recording.recentStride }
        #expect(recent.allSatisfy { step in kept.contains { $0.step == step } }, "\(kept.suffix(6).map(\.step))")
        // The ones left stay spread over the whole epoch: no stretch without a keyframe (from the
        // epoch's start) is much longer than an even share.
        let stretches = zip([0] + kept.map(\.step), kept.map(\.step)).map { $1 - $0 }
        let even = 400_000 / kept.count
        #expect(stretches.allSatisfy { $0 <= 2 * even + Recording.maxKeyframeStride }, "\(stretches), even \(even)")
        #expect(kept[0].step < 400_000 / 4, "early moments keep a keyframe: \(kept.map(\.step))")
    }

    /// With many epochs (a class that restarts its lesson), the older epochs give up their
    /// keyframes first, oldest first, while the live epoch keeps its own; an epoch goes only when
    /// the inputs alone outgrow the budget, so the recording keeps its reach.
    @Test func olderEpochsGiveUpTheirKeyframesBeforeAnyEpochGoes() {
        final class Blob { var data = [UInt8](repeating: 1, count: 2000) }
        var recording = Recording(budget: 64 * 1024)
        for _ in 0..<12 {
            let blob = Blob()
            recording.begin(lesson: "snap", at: recording.lastTick ?? 0)
            for _ in 0..<20_000 {
                recording.recordStep(hash: 1)
                if recording.wantsKeyframe {
                    recording.addKeyframe(Keyframe(capturing: blob, step: recording.epochs.last!.steps))
                    #expect(recording.memoryBytes <= recording.budget)
                }
            }
        }
        #expect(recording.epochs.count == 12, "every epoch is still reached")
        #expect(recording.firstTick == 0)
        // The oldest epochs gave theirs up, oldest first; the live epoch kept every one on its spacing.
        let older = recording.epochs.dropLast().map { $0.keyframes.count }
        let firstWithKeyframes = older.firstIndex { $0 > 0 } ?? older.count
        #expect(firstWithKeyframes > 0, "\(older)")
        #expect(older[firstWithKeyframes...].allSatisfy { $0 > 0 }, "\(older)")
        let newest = recording.epochs.last!.keyframes
        let spacing = recording.keyframeStride
        #expect(newest.filter { $0.step % spacing == 0 }.map(\.step) == Array(stride(from: spacing, through: 20_000, by: spacing)))
        // And its recent ones, off the stride: the newest few, one every `recentStride` steps.
        let last = 20_000 / Recording.recentStride * Recording.recentStride
        let recentSteps = stride(from: last - (Recording.recentCount - 1) * Recording.recentStride, through: last, by: Recording.recentStride)
        #expect(newest.filter { $0.step % spacing != 0 }.map(\.step) == recentSteps.filter { $0 % spacing != 0 })
        // Inputs past the budget: only then does the oldest epoch go, and the reach moves on.
        for _ in 0..<768 { recording.record(.tap(x: 1, y: 1)) }  // the budget is enforced every 256
        #expect(!recording.isSuspended)
        #expect(recording.memoryBytes <= recording.budget)
        #expect(recording.epochs.count < 12)
        #expect((recording.firstTick ?? 0) > 0)
    }

    /// A class room of `HiddenCounterLesson` run for `ticks` steps, with each tick's frame.
    static func hiddenCounterRoom(seekSlice: Double, ticks: Int) -> (Room, [Int: [UInt8]]) {
        let directory = LessonDirectory([HiddenCounterLesson.self]) { "// \($0.info.id)" }
        var limits = ServerLimits()
        limits.timeControlsPerSecondPerRoom = 1e9
        limits.seekSliceSeconds = seekSlice
        var random = SystemRandomNumberGenerator()
        let room = Room(
            id: "HIDDEN", kind: .classRoom(code: "HIDDEN"), lesson: directory.entry(withID: "hidden-counter")!,
            directory: directory, limits: limits, now: 0, random: &random)
        _ = room.join(connection: 1, name: "Teacher", asOpener: true, now: 0)
        var frames: [Int: [UInt8]] = [:]
        for t in 0..<ticks {
            R.control(room, .step(ticks: 1), now: Int64(t) * 16_667)
            frames[room.liveTick] = R.payload(room.newestFrame)
        }
        return (room, frames)
    }

    @Test func aKeyframeThatMissesStateIsCaughtReportedAndTheMomentRebuilt() throws {
        // Every seek answered at once (a debug build steps slowly).
        let (room, frames) = Self.hiddenCounterRoom(seekSlice: 60, ticks: 200)
        #expect(room.recording.epochs[0].keyframes.count == 3)
        let outputs = R.control(room, .seek(time: 150.0 / 60))
        #expect(room.shown?.keyframe == nil, "the keyframe was not used")
        #expect(room.keyframeMismatches == 1)
        #expect(R.payload(room.newestFrame) == frames[150], "the moment shown is the true one, rebuilt")
        let reported = outputs.contains {
            if case .broadcast(let message) = $0 { return String(decoding: message.bytes, as: UTF8.self).contains("replay-rebuilt") }
            return false
        }
        #expect(reported)
        #expect(room.recording.epochs[0].keyframes.isEmpty, "the epoch's keyframes are no longer trusted")
        R.control(room, .live)
        #expect(R.payload(room.newestFrame) == frames[200])
    }

    /// The rebuild after a keyframe that disagrees goes on tick by tick like any long seek (a
    /// heavy room's rebuild must not hold its worker), and lands exactly.
    @Test func aRebuildAfterAKeyframeThatMissesStateGoesOnInSlices() throws {
        let (room, frames) = Self.hiddenCounterRoom(seekSlice: 0, ticks: 400)
        R.control(room, .seek(time: 350.0 / 60))
        #expect(room.keyframeMismatches == 1)
        #expect(room.seekTarget == 350, "the rebuild goes on over the next ticks")
        // From the epoch's start, one slice's steps: not re-run to the keyframe's 320 in one piece.
        #expect(room.shownTick <= 8)
        var ticks = 0
        while room.seekTarget != nil, ticks < 100 {
            _ = room.tick()
            ticks += 1
            #expect(R.payload(room.newestFrame) == frames[room.shownTick], "on the way, at \(room.shownTick)")
        }
        #expect(ticks > 1)
        #expect(room.shownTick == 350)
        #expect(R.payload(room.newestFrame) == frames[350])
    }
}

/// A lesson that keeps its position where a keyframe cannot see it: in a closure's captured
/// variable (the one kind of state the keyframe's walk does not reach).
final class HiddenCounterLesson: Lesson {
    static let info = LessonInfo(
        id: "hidden-counter", title: "Hidden counter", summary: "Moves by a closure's count.", order: 1,
        gestures: [], sourceFileName: "Hidden.swift")
    private let count: () -> Double
    private var x = 0.0
    var elapsedTime: TimeInterval = 0

    init() {
        var counter = 0.0
        count = {
            counter += 1
            return counter
        }
    }

    var items: [SceneItem] {
        [SceneItem(id: 1, name: "dot", shape: .ellipse, size: CGSize(width: 10, height: 10), color: "#000000", center: CGPoint(x: x, y: 5))]
    }
    var boundaries: [SceneBoundary] { [] }
    var lines: [SceneLine] { [] }
    var parameters: [LessonParameter] { [] }
    var sceneVersion: Int { 0 }
    var isAtRest: Bool { false }
    func setParameter(_ name: String, to value: Double) throws(LessonError) { throw .unknownParameter(name) }
    func tap(at point: CGPoint) {}
    func pan(_ phase: PanPhase, at point: CGPoint) {}
    func push(at point: CGPoint, swipe: CGVector?) {}
    func advance(by dt: TimeInterval) {
        elapsedTime += dt
        x = count()
    }
    func drainEvents() -> [LessonEvent] { [] }
}
