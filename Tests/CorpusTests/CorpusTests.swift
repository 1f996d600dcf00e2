import Foundation
import Lessons
import LiveSwift
import Testing
import UIKitDynamics

// Issue 32: a corpus of public UIKit Dynamics programs by other authors (Programs/, Pages/;
// each folder's ORIGIN.md says where it came from and every edit made). Each program is
// run for 5 s at 1/60 s with the gestures a user would make, compiled (LessonHost over the
// program's own controller class) and interpreted (LiveSwift over the same source text); the
// two runs must give the same frames bit for bit and do what the program visibly does on
// iOS. Pages (top-level playground code) are excluded from compilation (Package.swift) and
// run interpreted only. NOTE: this file does not import UIKit: a file that imports both
// Testing and UIKit does not compile.

/// One gesture, delivered before the step of its tick (tick n is the step from n/60 s).
struct CorpusGesture: Sendable {
    enum Kind: Sendable {
        case tap
        case pan(PanPhase)
    }

    var tick: Int
    var kind: Kind
    var point: CGPoint

    static func tap(_ x: CGFloat, _ y: CGFloat, at seconds: Double) -> [CorpusGesture] {
        [CorpusGesture(tick: tick(seconds), kind: .tap, point: CGPoint(x: x, y: y))]
    }

    /// A drag by phase: `.began` at `from` at `seconds`, one `.changed` per tick along the
    /// straight line to `to` over `duration`, then (after `hold` more seconds without moving)
    /// `.ended` at `to`.
    static func drag(
        from: CGPoint, to: CGPoint, at seconds: Double, duration: Double, hold: Double = 0
    ) -> [CorpusGesture] {
        let start = tick(seconds)
        let moves = max(1, tick(duration))
        var result = [CorpusGesture(tick: start, kind: .pan(.began), point: from)]
        for i in 1...moves {
            let f = CGFloat(i) / CGFloat(moves)
            let p = CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            result.append(CorpusGesture(tick: start + i, kind: .pan(.changed), point: p))
        }
        result.append(CorpusGesture(tick: start + moves + max(1, tick(hold)), kind: .pan(.ended), point: to))
        return result
    }

    static func tick(_ seconds: Double) -> Int { Int((seconds * 60).rounded()) }
}

/// A run's frames: every item's pose, every 6th tick (frame k is at k/10 s; frame 0 is the
/// scene as loaded, before the first step).
struct CorpusRun {
    var frames: [[SceneItem]]

    var final: [SceneItem] { frames[frames.count - 1] }

    /// The frame at `seconds` (rounded to the nearest tenth).
    func frame(at seconds: Double) -> [SceneItem] { frames[min(frames.count - 1, Int((seconds * 10).rounded()))] }

    /// The id of the item whose centre in frame 0 is nearest `point` among those of `size`
    /// (size ±0.5): ids are stable for an item's life and the same compiled and interpreted.
    func id(startingAt point: CGPoint, size: CGSize) -> Int? {
        frames[0].filter { abs($0.size.width - size.width) <= 0.5 && abs($0.size.height - size.height) <= 0.5 }
            .min { distance($0.center, point) < distance($1.center, point) }?.id
    }

    /// The item with this id in a frame.
    func item(_ id: Int?, in frame: [SceneItem]) -> SceneItem? { frame.first { $0.id == id } }

    /// Where the item with this id is in each frame (nil where it is not in the scene).
    func track(_ id: Int?) -> [CGPoint?] { frames.map { item(id, in: $0)?.center } }

    /// Items of `size` (±0.5) in a frame, in scene order.
    func items(sized size: CGSize, in frame: [SceneItem]) -> [SceneItem] {
        frame.filter { abs($0.size.width - size.width) <= 0.5 && abs($0.size.height - size.height) <= 0.5 }
    }
}

func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }

/// `"near (x, y) within d"` problems, for checks.
func near(_ what: String, _ p: CGPoint?, _ target: CGPoint, within d: CGFloat) -> [String] {
    guard let p else { return ["\(what): not in the scene"] }
    return distance(p, target) <= d ? [] : ["\(what) at (\(p.x), \(p.y)), expected within \(d) of (\(target.x), \(target.y))"]
}

func expectThat(_ ok: Bool, _ message: @autoclosure () -> String) -> [String] { ok ? [] : [message()] }

/// One program of the corpus.
struct CorpusProgram: Sendable, CustomTestStringConvertible {
    /// The folder under Programs/ (or Pages/ for a page).
    var name: String
    var files: [String]
    /// The compiled twin: nil for a playground page (interpreted only).
    var make: (@Sendable () -> UIViewController)?
    var gestures: [CorpusGesture]
    /// False where the program places things at random (`arc4random`): the compiled run draws
    /// from the C library, the interpreted one from the lesson's own generator, so their frames
    /// cannot be compared; the check still runs on both.
    var sameFramesExpected = true
    /// What the program visibly does on iOS, as problems found (empty: it does).
    var check: @Sendable (CorpusRun) -> [String]

    var isPage: Bool { make == nil }
    var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent(isPage ? "Pages" : "Programs").appendingPathComponent(name)
    }
    var testDescription: String { name }

    func sources() throws -> [(name: String, source: String)] {
        try files.map { (name: $0, source: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }
}

/// Steps a host 5 s at 1/60 s, delivering the gestures at their ticks, keeping every 6th frame.
func runFiveSeconds<C>(_ host: LessonHost<C>, _ gestures: [CorpusGesture]) -> CorpusRun {
    let ticks = 300
    var frames = [host.items]
    for tick in 0..<ticks {
        for g in gestures where g.tick == tick {
            switch g.kind {
            case .tap: host.tap(at: g.point)
            case .pan(let phase): host.pan(phase, at: g.point)
            }
        }
        host.advance(by: 1.0 / 60.0)
        if (tick + 1) % 6 == 0 { frames.append(host.items) }
    }
    return CorpusRun(frames: frames)
}

/// The frames' poses as bit patterns: every item's id, centre and angle.
func poseBits(_ run: CorpusRun) -> [[UInt64]] {
    run.frames.map { frame in
        frame.flatMap { item in
            [UInt64(item.id), Double(item.center.x).bitPattern, Double(item.center.y).bitPattern, item.angle.bitPattern]
        }
    }
}

@Suite("Corpus: public UIKit Dynamics programs, compiled and interpreted (issue 32)")
struct CorpusTests {
    // Serialized: one program at a time, so that no two hosts share the library's process-wide
    // state (selector registry, screen) while stepping; the whole corpus takes well under a second.
    @Test("runs interpreted with no error, the same frames as compiled, and does what it does on iOS",
        .serialized, arguments: CorpusProgram.all)
    func program(_ program: CorpusProgram) throws {
        let sources = try program.sources()
        // Interpreted.
        let live: LiveProgram
        do {
            live = try LiveSwift.compile(files: sources)
        } catch {
            Issue.record("\(program.name): refused by LiveSwift:\n\(error)")
            return
        }
        let lesson = try #require(live.makeLesson() as? LiveLesson)
        #expect(lesson.runtimeError == nil, "\(program.name): \(lesson.runtimeError?.description ?? "")")
        let interpreted = runFiveSeconds(lesson, program.gestures)
        #expect(lesson.runtimeError == nil, "\(program.name): \(lesson.runtimeError?.description ?? "")")

        if let make = program.make {
            // Compiled: the same controller class, built into this test target.
            let host = LessonHost<UIViewController>(bounds: CGSize(width: 375, height: 667)) { make() }
            let compiled = runFiveSeconds(host, program.gestures)
            let problems = program.check(compiled)
            #expect(problems.isEmpty, "\(program.name), compiled: \(problems.joined(separator: "; "))")
            if program.sameFramesExpected {
                let a = poseBits(compiled)
                let b = poseBits(interpreted)
                let firstDifference = a.indices.first { $0 >= b.count || a[$0] != b[$0] }
                #expect(
                    a == b,
                    "\(program.name): frames differ from frame \(firstDifference.map(String.init) ?? "count") (\(a.count) compiled, \(b.count) interpreted; items \(compiled.final.count) vs \(interpreted.final.count))"
                )
            }
        }
        let problems = program.check(interpreted)
        #expect(problems.isEmpty, "\(program.name), interpreted: \(problems.joined(separator: "; "))")
    }
}

// MARK: The corpus

extension CorpusProgram {
    static let all: [CorpusProgram] = compiled + pages

    static let stageCenter = CGPoint(x: 187.5, y: 333.5)

    static let compiled: [CorpusProgram] = [
        // Tap anywhere: a 100×100 block appears at the finger, falls and piles up on the floor.
        CorpusProgram(
            name: "bamssong-tap-drop", files: ["BSTapDropViewController.swift"], make: { BSTapDropViewController() },
            gestures: CorpusGesture.tap(100, 150, at: 0.5) + CorpusGesture.tap(250, 300, at: 1.5)
                + CorpusGesture.tap(187, 100, at: 2.5),
            check: { run in
                let blocks = run.items(sized: CGSize(width: 100, height: 100), in: run.final)
                var problems = expectThat(blocks.count == 3, "\(blocks.count) blocks, expected 3 (one per tap)")
                let before = run.frame(at: 4.5)
                for block in blocks {
                    problems += expectThat(
                        block.center.y >= 450 && block.center.y <= 617.5 && block.center.x >= 49 && block.center.x <= 326,
                        "block \(block.id) at (\(block.center.x), \(block.center.y)): not piled on the floor")
                    if let earlier = run.item(block.id, in: before) {
                        problems += expectThat(distance(earlier.center, block.center) < 2, "block \(block.id) still moving at 5 s")
                    }
                }
                // The first two land side by side on the floor (centre 50 above it).
                problems += expectThat(blocks.filter { abs($0.center.y - 617) < 3 }.count >= 2, "fewer than two blocks on the floor")
                return problems
            }),
        // Blocks fall slowly (gravity 0.2) and bounce; the red one lands on the green bar
        // (a boundary only it sees); "SNAP!" snaps the blue one to the middle of the screen.
        CorpusProgram(
            name: "c4q-bouncy-snap", files: ["C4QBouncyViewController.swift"], make: { C4QBouncyViewController() },
            // The SNAP! button: 100×30, bottom 50 above the floor; by 1 s it has fallen onto
            // (de)SNAP!, which lies on the floor: its centre is then at y 622.
            gestures: CorpusGesture.tap(187.5, 622, at: 1.0),
            check: { run in
                let size = CGSize(width: 100, height: 100)
                let blue = run.id(startingAt: CGPoint(x: 187.5, y: 50), size: size)
                let red = run.id(startingAt: CGPoint(x: 50, y: 50), size: size)
                // The bar's top is at 333.5 - 10: the red block rests with its centre 50 above it.
                return near("red block", run.item(red, in: run.final)?.center, CGPoint(x: 50, y: 273.5), within: 4)
                    + near("blue block (snapped)", run.item(blue, in: run.final)?.center, stageCenter, within: 15)
            }),
        // A blue square falls to the floor. Touch it: it grows (a property animator, 0.2 s) and
        // snaps to the finger as it moves; let go: it shrinks back (0.15 s) and falls again.
        CorpusProgram(
            name: "c4q-touch-drag", files: ["C4QTouchAnimatorViewController.swift"],
            make: { C4QTouchAnimatorViewController() },
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 187.5, y: 617), to: CGPoint(x: 187.5, y: 300), at: 1.5, duration: 0.5, hold: 0.5),
            check: { run in
                let square = run.id(startingAt: stageCenter, size: CGSize(width: 100, height: 100))
                let track = run.track(square)
                // On the floor (centre 50 above it) before the touch, under the finger while held
                // (the snap pulls against gravity), on the floor again at the end.
                var problems = near("square on the floor at 1.4 s", track[14], CGPoint(x: 187.5, y: 617), within: 3)
                problems += near("square under the finger at 2.5 s", track[25], CGPoint(x: 187.5, y: 300), within: 30)
                problems += near("square fallen again at 5 s", track.last ?? nil, CGPoint(x: 187.5, y: 617), within: 15)
                return problems
            }),
        // The cat hangs on a rigid rod 120 long from an anchor at (187.5, 120) and swings; a drag
        // moves the anchor (a red line, a shape layer, is drawn from the anchor to the cat).
        CorpusProgram(
            name: "imazy-attachment", files: ["XMAttachmentViewController.swift"],
            make: { XMAttachmentViewController() },
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 187.5, y: 120), to: CGPoint(x: 250, y: 200), at: 2.0, duration: 0.5, hold: 0.2),
            check: { run in
                let cat = run.id(startingAt: CGPoint(x: 60, y: 124), size: CGSize(width: 80, height: 80))
                let track = run.track(cat)
                var problems: [String] = []
                // Before the drag: 120 from the first anchor, and swinging.
                for k in 5...19 {
                    guard let p = track[k] else { problems.append("cat gone at frame \(k)"); break }
                    if abs(distance(p, CGPoint(x: 187.5, y: 120)) - 120) > 5 {
                        problems.append("frame \(k): cat \(distance(p, CGPoint(x: 187.5, y: 120))) from the anchor, expected 120")
                        break
                    }
                }
                problems += expectThat(
                    (track[5...19].compactMap { $0?.x }.max() ?? 0) - (track[5...19].compactMap { $0?.x }.min() ?? 0) > 40,
                    "the cat did not swing")
                if let p = track.last ?? nil {
                    problems += expectThat(
                        abs(distance(p, CGPoint(x: 250, y: 200)) - 120) < 8,
                        "cat \(distance(p, CGPoint(x: 250, y: 200))) from the moved anchor at 5 s, expected 120")
                }
                return problems
            }),
        // Drag the cat: it follows the finger; on release it falls again onto the red bar
        // (which it knocks down) and the floor.
        CorpusProgram(
            name: "imazy-collision", files: ["XMCollisionBehaviorViewController.swift"],
            make: { XMCollisionBehaviorViewController() },
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 60, y: 124), to: CGPoint(x: 300, y: 150), at: 1.5, duration: 0.5, hold: 0.2),
            check: { run in
                let cat = run.id(startingAt: CGPoint(x: 60, y: 124), size: CGSize(width: 80, height: 80))
                // Held under the finger at (300, 150) at 2.1 s (the drag ends at 2.2 s).
                var problems = near("cat under the finger", run.track(cat)[21], CGPoint(x: 300, y: 150), within: 1)
                guard let last = run.item(cat, in: run.final)?.center else { return problems + ["cat gone"] }
                problems += expectThat(
                    last.y > 300 && last.y <= 627.5 && last.x >= 39 && last.x <= 336,
                    "cat at (\(last.x), \(last.y)) at 5 s: expected fallen below 300, inside the screen")
                // It fell first, before the drag.
                if let p = run.track(cat)[14] { problems += expectThat(p.y > 200, "cat did not fall before the drag (y \(p.y) at 1.4 s)") }
                return problems
            }),
        // Nothing moves until the cat is dragged; released, it falls (gravity against strong
        // resistance: slowly), straight down from where it was let go.
        CorpusProgram(
            name: "imazy-item-behavior", files: ["XMDynamicItemBehaviorController.swift"],
            make: { XMDynamicItemBehaviorController() },
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 60, y: 124), to: CGPoint(x: 200, y: 200), at: 1.0, duration: 0.5, hold: 0.2),
            check: { run in
                let cat = run.id(startingAt: CGPoint(x: 60, y: 124), size: CGSize(width: 80, height: 80))
                let track = run.track(cat)
                var problems = near("cat before the drag", track[9], CGPoint(x: 60, y: 124), within: 0.01)
                guard let last = track.last ?? nil else { return problems + ["cat gone"] }
                problems += expectThat(last.y > 250, "cat at y \(last.y) at 5 s: expected to fall from 200")
                problems += expectThat(abs(last.x - 200) < 10, "cat at x \(last.x) at 5 s: expected to fall straight down from x 200")
                return problems
            }),
        // Drag the cat: it follows the finger (a line, a shape layer, to the centre); let go: it
        // is pushed towards the centre (harder the farther it was) and bounces off the edges.
        CorpusProgram(
            name: "imazy-push", files: ["XMPushBehaviorViewController.swift"], make: { XMPushBehaviorViewController() },
            // Let go 200 from the centre (120 left, 160 down): the program's Float arithmetic
            // (`sqrtf`, `distance / 40`) is exact there, so the interpreter's Double gives the
            // same push (docs/live-code.md: Float is computed as Double).
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 60, y: 124), to: CGPoint(x: 67.5, y: 493.5), at: 0.5, duration: 0.5, hold: 0.2),
            check: { run in
                let cat = run.id(startingAt: CGPoint(x: 60, y: 124), size: CGSize(width: 80, height: 80))
                let track = run.track(cat)
                var problems = near("cat before the drag", track[4], CGPoint(x: 60, y: 124), within: 0.01)
                problems += near("cat under the finger", track[11], CGPoint(x: 67.5, y: 493.5), within: 0.01)
                // Let go at 1.2 s, 200 from the centre: a push of 5 towards it.
                if let p = track[14] {
                    problems += expectThat(p.y < 450 && p.x > 110, "cat at (\(p.x), \(p.y)) at 1.4 s: expected pushed up and right")
                }
                for (k, p) in track.enumerated() {
                    guard let p else { problems.append("cat gone at frame \(k)"); break }
                    if p.x < 39 || p.x > 336 || p.y < 39 || p.y > 628 {
                        problems.append("frame \(k): cat at (\(p.x), \(p.y)), outside the screen")
                        break
                    }
                }
                return problems
            }),
        // Tap: the cat snaps to the tap. Drag it and let go: it snaps to the nearest edge.
        CorpusProgram(
            name: "imazy-snap", files: ["XMSnapBehaviorViewController.swift"], make: { XMSnapBehaviorViewController() },
            gestures: CorpusGesture.tap(300, 500, at: 0.5)
                + CorpusGesture.drag(from: CGPoint(x: 300, y: 500), to: CGPoint(x: 100, y: 300), at: 3.0, duration: 0.5, hold: 0.1),
            check: { run in
                let cat = run.id(startingAt: CGPoint(x: 60, y: 124), size: CGSize(width: 80, height: 80))
                // Released at (100, 300): the left edge is nearest (point.x + 64 < the others), so
                // it snaps to (40, 300) (half its width from the edge).
                return near("cat after the tap", run.track(cat)[29], CGPoint(x: 300, y: 500), within: 3)
                    + near("cat at the left edge", run.item(cat, in: run.final)?.center, CGPoint(x: 40, y: 300), within: 5)
            }),
        // A block hangs 200 points below the red anchor (a stiff spring); a tap moves the anchor.
        CorpusProgram(
            name: "ioscreator-attachment", files: ["IOSCAttachmentViewController.swift"],
            make: { IOSCAttachmentViewController() },
            gestures: CorpusGesture.tap(100, 150, at: 2.0),
            check: { run in
                let block = run.id(startingAt: CGPoint(x: 187, y: 350), size: CGSize(width: 100, height: 100))
                let anchor = run.id(startingAt: CGPoint(x: 187, y: 110), size: CGSize(width: 20, height: 20))
                var problems = near("anchor view after the tap", run.item(anchor, in: run.final)?.center, CGPoint(x: 100, y: 150), within: 0.01)
                for (time, hook) in [(1.9, CGPoint(x: 187, y: 110)), (5.0, CGPoint(x: 100, y: 150))] {
                    guard let p = run.item(block, in: run.frame(at: time))?.center else { problems.append("block gone"); continue }
                    problems += expectThat(abs(distance(p, hook) - 200) < 5 && p.y > hook.y + 150,
                        "block at (\(p.x), \(p.y)) at \(time) s: expected hanging 200 below (\(hook.x), \(hook.y))")
                }
                return problems
            }),
        // "Release Square" drops a 50×50 square from one of three places (at random) onto three
        // ledges; squares pile up.
        CorpusProgram(
            name: "ioscreator-collision", files: ["IOSCCollisionDetectionViewController.swift"],
            make: { IOSCCollisionDetectionViewController() },
            // The button: 135×30 at (120, 40).
            gestures: CorpusGesture.tap(187, 55, at: 0.5) + CorpusGesture.tap(187, 55, at: 1.5)
                + CorpusGesture.tap(187, 55, at: 2.5),
            sameFramesExpected: false,
            check: { run in
                let squares = run.items(sized: CGSize(width: 50, height: 50), in: run.final)
                var problems = expectThat(squares.count == 3, "\(squares.count) squares, expected 3 (one per tap)")
                for s in squares {
                    // Dropped from y 267; ledges at 517 (middle third) and 567 (sides).
                    problems += expectThat(s.center.y > 380 && s.center.y < 543 && s.center.x > 0 && s.center.x < 375,
                        "square \(s.id) at (\(s.center.x), \(s.center.y)): not resting on a ledge")
                }
                return problems
            }),
        // Tap: the picture snaps to the tap point.
        CorpusProgram(
            name: "ioscreator-snap", files: ["IOSCSnapViewController.swift"], make: { IOSCSnapViewController() },
            gestures: CorpusGesture.tap(80, 120, at: 0.5) + CorpusGesture.tap(300, 550, at: 2.5),
            check: { run in
                let picture = run.id(startingAt: CGPoint(x: 187, y: 333), size: CGSize(width: 100, height: 100))
                return near("picture before tapping", run.track(picture)[4], CGPoint(x: 187, y: 333), within: 0.01)
                    + near("picture after the first tap", run.track(picture)[24], CGPoint(x: 80, y: 120), within: 3)
                    + near("picture after the second tap", run.item(picture, in: run.final)?.center, CGPoint(x: 300, y: 550), within: 3)
            }),
        // A card snapped to the middle; dragged near an edge and let go, it is tossed off that
        // edge (gravity of magnitude 5 that way).
        CorpusProgram(
            name: "raulriera-card-toss", files: ["RRCardSnapViewController.swift"], make: { RRCardSnapViewController() },
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 187, y: 333), to: CGPoint(x: 347, y: 333), at: 0.5, duration: 0.5, hold: 0.1),
            check: { run in
                let card = run.id(startingAt: CGPoint(x: 187, y: 333), size: CGSize(width: 240, height: 200))
                let track = run.track(card)
                var problems = near("card before the drag", track[4], stageCenter, within: 1)
                // Let go at x 347 (> 0.8 × 375): tossed off the right edge.
                if let last = track.last ?? nil {
                    problems += expectThat(last.x > 375 + 120, "card at x \(last.x) at 5 s: expected tossed off the right edge")
                } else {
                    problems.append("card gone")
                }
                return problems
            }),
        // A block on a rigid rod (attached 22 points up-left of its centre) to the red anchor;
        // dragging moves the anchor; no gravity.
        CorpusProgram(
            name: "victorchee-attachment", files: ["VCAttachmentViewController.swift"],
            make: { VCAttachmentViewController() },
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 187, y: 244), to: CGPoint(x: 200, y: 200), at: 1.0, duration: 1.0, hold: 0.1),
            check: { run in
                let small = CGSize(width: 10, height: 10)
                // In frame 0 (after viewDidAppear) the red anchor view is at the anchor (187, 244)
                // and the blue one at the block's attachment point (165, 322).
                let anchor = run.id(startingAt: CGPoint(x: 187, y: 244), size: small)
                let hook = run.id(startingAt: CGPoint(x: 165, y: 322), size: small)
                let rod = hypot(22.0, 78.0)
                var problems = near("red anchor view", run.item(anchor, in: run.final)?.center, CGPoint(x: 200, y: 200), within: 0.01)
                for (k, frame) in run.frames.enumerated() {
                    guard let a = run.item(anchor, in: frame)?.center, let h = run.item(hook, in: frame)?.center else {
                        problems.append("frame \(k): anchor or attachment point missing")
                        break
                    }
                    if abs(distance(a, h) - rod) > 3 {
                        problems.append("frame \(k): rod \(distance(a, h)) long, expected \(rod)")
                        break
                    }
                }
                return problems
            }),
        // Two blocks fall and rest on the floor (the right one bouncing first); a tap puts both
        // back where they started, and they fall again.
        CorpusProgram(
            name: "victorchee-item-properties", files: ["VCItemViewController.swift"], make: { VCItemViewController() },
            gestures: CorpusGesture.tap(187, 400, at: 3.0),
            check: { run in
                let size = CGSize(width: 88, height: 88)
                let left = run.id(startingAt: CGPoint(x: 104, y: 164), size: size)
                let right = run.id(startingAt: CGPoint(x: 271, y: 164), size: size)
                var problems: [String] = []
                for (name, id, x) in [("left", left, 104.0), ("right", right, 271.0)] {
                    problems += near("\(name) block on the floor at 2.9 s", run.track(id)[29], CGPoint(x: x, y: 623), within: 3)
                    if let p = run.track(id)[31] {
                        problems += expectThat(p.y < 300, "\(name) block at y \(p.y) at 3.1 s: expected put back up")
                    }
                }
                problems += near("left block on the floor again", run.item(left, in: run.final)?.center, CGPoint(x: 104, y: 623), within: 3)
                if let p = run.item(right, in: run.final)?.center {
                    problems += expectThat(p.y > 450, "right block at y \(p.y) at 5 s: expected fallen again")
                }
                return problems
            }),
        // A pendulum: the bob hangs on a rigid rod from the red anchor; a flick pushes it.
        CorpusProgram(
            name: "victorchee-pendulum", files: ["VCPendulumViewController.swift"], make: { VCPendulumViewController() },
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 187, y: 344), to: CGPoint(x: 287, y: 344), at: 1.0, duration: 0.2, hold: 0.1),
            check: { run in
                let bob = run.id(startingAt: CGPoint(x: 187, y: 344), size: CGSize(width: 88, height: 88))
                let anchor = CGPoint(x: 187, y: 105)
                let rod: CGFloat = 239
                var problems: [String] = []
                var swung = false
                for (k, p) in run.track(bob).enumerated() {
                    guard let p else { problems.append("bob gone at frame \(k)"); break }
                    if abs(distance(p, anchor) - rod) > 10 {
                        problems.append("frame \(k): bob \(distance(p, anchor)) from the anchor, expected \(rod)")
                        break
                    }
                    if k > 10, abs(p.x - anchor.x) > 20 { swung = true }
                    if k <= 9, abs(p.x - anchor.x) > 0.5 { problems.append("bob moved before the flick (frame \(k))"); break }
                }
                return problems + expectThat(swung, "the flick did not set the pendulum swinging")
            }),
        // A tap pushes the grey block towards the tap (from the middle: up to 1 at 100 points);
        // the segmented control switches the push from instantaneous to continuous.
        CorpusProgram(
            name: "victorchee-push", files: ["VCPushViewController.swift"], make: { VCPushViewController() },
            // A tap 100 right of the middle (instantaneous), "Continuous" (the control's right
            // half), then a tap 100 above the middle: a continuous push up.
            gestures: CorpusGesture.tap(287.5, 333.5, at: 0.5) + CorpusGesture.tap(270, 637, at: 1.5)
                + CorpusGesture.tap(187.5, 233.5, at: 2.0),
            check: { run in
                let block = run.id(startingAt: CGPoint(x: 187, y: 334), size: CGSize(width: 88, height: 88))
                let track = run.track(block)
                var problems = near("block before the tap", track[4], CGPoint(x: 187, y: 334), within: 0.01)
                if let p = track[15] {
                    problems += expectThat(p.x > 280 && abs(p.y - 334) < 1, "block at (\(p.x), \(p.y)) at 1.5 s: expected pushed right")
                }
                if let p = track[20] {
                    problems += expectThat(abs(p.y - 334) < 1, "block at y \(p.y) at 2.0 s: expected no push up yet")
                }
                // The boundary's top is the top layout guide (0); the block's centre stops 44 below it.
                if let p = track.last ?? nil {
                    problems += expectThat(p.y < 60, "block at y \(p.y) at 5 s: expected pushed up to the top")
                }
                return problems
            }),
        // A block on a soft spring (1 Hz, damping 0.1) from the red anchor, under gravity; a
        // drag moves the anchor and the block follows, swinging.
        CorpusProgram(
            name: "victorchee-spring", files: ["VCCollisionGravitySpringViewController.swift"],
            make: { VCCollisionGravitySpringViewController() },
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 187, y: 244), to: CGPoint(x: 100, y: 200), at: 0.5, duration: 0.5, hold: 0.1),
            check: { run in
                let anchor = run.id(startingAt: CGPoint(x: 187, y: 244), size: CGSize(width: 10, height: 10))
                let block = run.id(startingAt: CGPoint(x: 187, y: 344), size: CGSize(width: 88, height: 88))
                var problems = near("red anchor view", run.item(anchor, in: run.final)?.center, CGPoint(x: 100, y: 200), within: 0.01)
                let late = run.track(block)[30...].compactMap { $0 }
                if late.isEmpty { return problems + ["block gone"] }
                let meanX = late.map(\.x).reduce(0, +) / CGFloat(late.count)
                problems += expectThat(abs(meanX - 100) < 40, "block swings about x \(meanX), expected about the anchor's 100")
                problems += expectThat(late.allSatisfy { distance($0, CGPoint(x: 100, y: 200)) < 300 }, "block too far from the anchor")
                return problems
            }),
    ]

    static let pages: [CorpusProgram] = [
        // A 100×50 view snaps to where the container (480×200) is tapped.
        CorpusProgram(
            name: "andresbrun-snap", files: ["UISnapBehaviour.swift"], make: nil,
            gestures: CorpusGesture.tap(100, 150, at: 0.5),
            check: { run in
                let view = run.id(startingAt: CGPoint(x: 240, y: 100), size: CGSize(width: 100, height: 50))
                return near("view after the tap", run.item(view, in: run.final)?.center, CGPoint(x: 100, y: 150), within: 3)
            }),
        // Six 50-point balls fall in a 320×480 box (the live view's own size, as Xcode shows it)
        // and bounce; a tap pushes the white one (continuously) towards the tap.
        CorpusProgram(
            name: "andresbrun-push-collision-gravity", files: ["UIPushCollisionAndGravity.swift"], make: nil,
            gestures: CorpusGesture.tap(160, 10, at: 2.0),
            check: { run in
                let size = CGSize(width: 50, height: 50)
                var problems: [String] = []
                let balls = run.items(sized: size, in: run.final)
                problems += expectThat(balls.count == 6, "\(balls.count) balls, expected 6")
                for (k, frame) in run.frames.enumerated() where k >= 10 {
                    for b in run.items(sized: size, in: frame)
                    where b.center.x < 24 || b.center.x > 296 || b.center.y < 24 || b.center.y > 456 {
                        problems.append("frame \(k): ball \(b.id) at (\(b.center.x), \(b.center.y)) outside the box")
                        break
                    }
                    if problems.count > 3 { break }
                }
                // The white ball is the first made (`balls.first`): lowest id of the six.
                let white = run.items(sized: size, in: run.frames[0]).map(\.id).min()
                for b in balls where b.id != white && b.center.y < 300 { problems.append("ball \(b.id) at y \(b.center.y) at 5 s: expected fallen") }
                if let p = run.item(white, in: run.final)?.center {
                    // A tap at the top: the push (magnitude = distance / 100, about 4.4) beats the
                    // ball's weight (2.5 in the same units): it rises to the top of the box.
                    problems += expectThat(p.y < 240, "white ball at y \(p.y) at 5 s: expected pushed up towards the tap")
                }
                return problems
            }),
        // Drag the top view along: a drag attachment holds it under the finger; a sliding
        // attachment keeps it 70 points above the other one's line.
        CorpusProgram(
            name: "andresbrun-attachment", files: ["UIAttachmentBehavior.swift"], make: nil,
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 240, y: 30), to: CGPoint(x: 340, y: 30), at: 0.5, duration: 0.5, hold: 0.3),
            check: { run in
                let size = CGSize(width: 100, height: 50)
                let dragged = run.id(startingAt: CGPoint(x: 240, y: 30), size: size)
                let other = run.id(startingAt: CGPoint(x: 240, y: 100), size: size)
                var problems = near("dragged view", run.item(dragged, in: run.final)?.center, CGPoint(x: 340, y: 30), within: 5)
                if let a = run.item(dragged, in: run.final)?.center, let b = run.item(other, in: run.final)?.center {
                    problems += expectThat(abs((b.y - a.y) - 70) < 3, "views \(b.y - a.y) apart vertically, expected 70 (sliding attachment)")
                }
                return problems
            }),
        // A 50-point disc in a 480×480 box (the live view's own size, as Xcode shows it) with a
        // radial gravity field and an electric field at (about) its centre: the disc, charged,
        // starts almost on the electric field's centre and is flung about the box, never leaving it.
        CorpusProgram(
            name: "andresbrun-field", files: ["UIFieldBehaviour.swift"], make: nil,
            gestures: [],
            check: { run in
                let disc = run.id(startingAt: CGPoint(x: 240, y: 240), size: CGSize(width: 50, height: 50))
                var problems: [String] = []
                let track = run.track(disc)
                if let k = track.firstIndex(where: { $0 == nil }) { problems.append("disc gone at frame \(k)") }
                if let k = track.firstIndex(where: { p in p.map { $0.x < 24 || $0.x > 456 || $0.y < 24 || $0.y > 456 } ?? false }),
                    let p = track[k]
                {
                    problems.append("frame \(k): disc at (\(p.x), \(p.y)), outside the 480×480 box")
                }
                let moved = track.contains { p in p.map { distance($0, CGPoint(x: 240, y: 240)) > 100 } ?? false }
                return problems + expectThat(moved, "the fields did not move the disc")
            }),
        // A fake modal (with a second one attached above it): dragged a little and let go
        // slowly, both snap back to where they were.
        CorpusProgram(
            name: "andresbrun-modal", files: ["CBModal.swift"], make: nil,
            gestures: CorpusGesture.drag(
                from: CGPoint(x: 160, y: 240), to: CGPoint(x: 200, y: 300), at: 0.5, duration: 0.4, hold: 0.5),
            check: { run in
                let modal = run.id(startingAt: CGPoint(x: 160, y: 240), size: CGSize(width: 280, height: 150))
                let extra = run.id(startingAt: CGPoint(x: 160, y: 130), size: CGSize(width: 280, height: 50))
                var problems = near("modal back in place", run.item(modal, in: run.final)?.center, CGPoint(x: 160, y: 240), within: 3)
                problems += near("second modal back in place", run.item(extra, in: run.final)?.center, CGPoint(x: 160, y: 130), within: 3)
                if let p = run.track(modal)[9] {
                    problems += expectThat(distance(p, CGPoint(x: 160, y: 240)) > 20, "the modal did not follow the drag")
                }
                return problems
            }),
    ]
}
