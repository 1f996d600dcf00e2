import Foundation
import Lessons
import LiveSwift
import RoomServer
import Testing

/// A class room running edited code through the real interpreter: the snap lesson's code with
/// the snap sent to a fixed point, a syntax error at its line, a run-time error that stops the
/// lesson but not the room.
struct LiveInterpreterRoomTests {
    static let directory = LessonDirectory(
        entries: [LessonDirectory.Entry(LessonCatalog.lesson(withID: "snap")!, code: LessonCatalog.sourceCode(of: LessonCatalog.lesson(withID: "snap")!))])

    func makeClass() -> Room {
        var random = SystemRandomNumberGenerator()
        var limits = ServerLimits()
        limits.seekSliceSeconds = 60  // every seek answered at once (the interpreter in a debug build is slow)
        let room = Room(
            id: "ABCDEF", kind: .classRoom(code: "ABCDEF"), lesson: Self.directory.entry(withID: "snap")!,
            directory: Self.directory, limits: limits, compiler: LiveLessonCompiler.make(), now: 0,
            random: &random)
        _ = room.join(connection: 1, name: "Teacher", asOpener: true, now: 0)
        return room
    }

    var ownCode: String { Self.directory.entry(withID: "snap")!.code }

    func frog(_ room: Room) -> CGPoint? {
        room.lesson.items.first { $0.sprite == "frog" || $0.name.lowercased().contains("frog") }?.center
    }

    func settle(_ room: Room, seconds: Double = 3) {
        for _ in 0..<Int(seconds * 60) { _ = room.tick() }
    }

    /// Taps at (280, 160), lets the room settle and expects the frog within 2 points of `place`.
    func expectTapSendsTheFrog(_ room: Room, to place: CGPoint) throws {
        _ = try room.handle(.tap(x: 280, y: 160), from: 1, now: 0).get()
        settle(room)
        let rest = try #require(frog(room))
        #expect(abs(rest.x - place.x) < 2 && abs(rest.y - place.y) < 2, "\(rest)")
    }

    @Test func editedSnapCodeSendsTheFrogElsewhereAndRevertBringsTheTapBack() throws {
        let room = makeClass()
        let edited = ownCode.replacingOccurrences(of: "snapTo: point", with: "snapTo: CGPoint(x: 90, y: 520)")
        #expect(edited != ownCode)
        _ = try room.handle(.code(source: edited), from: 1, now: 0).get()
        try expectTapSendsTheFrog(room, to: CGPoint(x: 90, y: 520))

        _ = try room.handle(.revert, from: 1, now: 0).get()
        try expectTapSendsTheFrog(room, to: CGPoint(x: 280, y: 160))
    }

    /// The recording keeps the edited code its epoch ran: seeking back to a moment of edited
    /// code shows exactly what the room showed then, and playing on from it runs that code.
    @Test func aMomentOfEditedCodeReplaysAsItRan() throws {
        let room = makeClass()
        let edited = ownCode.replacingOccurrences(of: "snapTo: point", with: "snapTo: CGPoint(x: 90, y: 520)")
        _ = try room.handle(.code(source: edited), from: 1, now: 0).get()
        _ = try room.handle(.tap(x: 280, y: 160), from: 1, now: 0).get()
        var seen: [Int: [SceneItem]] = [:]
        for _ in 0..<90 {
            _ = room.tick()
            seen[room.liveTick] = room.lesson.items
        }
        // While the edited code still runs (its program is reused, not compiled again)...
        let early = try #require(seen.keys.sorted().dropFirst(5).first)
        _ = try room.handle(.control(.seek(time: Double(early) / 60)), from: 1, now: 0).get()
        #expect(room.shownLesson.items == seen[early], "seek \(early) while the code runs")
        _ = try room.handle(.control(.live), from: 1, now: 0).get()
        // ...and after it was reverted (compiled again from the recording).
        _ = try room.handle(.revert, from: 1, now: 0).get()
        settle(room, seconds: 1)

        // Resting steps are not on the timeline: seek to moments the room really stepped.
        let stepped = seen.keys.sorted()
        try #require(stepped.count > 20)
        for target in [stepped[stepped.count / 2], stepped[10]] {
            let expected = try #require(seen[target])
            _ = try room.handle(.control(.seek(time: Double(target) / 60)), from: 1, now: 0).get()
            #expect(room.shownTick == target)
            #expect(room.shownLesson.items == expected, "seek \(target)")
        }
        // Playing on from the past runs the edited code again: a tap snaps to the fixed point.
        _ = try room.handle(.control(.resume), from: 1, now: 0).get()
        #expect(room.source == edited)
        try expectTapSendsTheFrog(room, to: CGPoint(x: 90, y: 520))
    }

    @Test func aSyntaxErrorComesBackAtItsLineAndTheRunningCodeStays() throws {
        let room = makeClass()
        let running = room.lesson as AnyObject
        var lines = ownCode.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("animator.addBehavior(snap)") })
        lines[index] = "        animator.addBehavior(snap"
        guard case .failure(let error) = room.handle(.code(source: lines.joined(separator: "\n")), from: 1, now: 0) else {
            Issue.record("a syntax error compiled")
            return
        }
        #expect(error.code == .compileError)
        let first = try #require(error.diagnostics.first)
        #expect((index + 1...index + 2).contains(first.line), "\(error.diagnostics)")
        #expect(room.lesson as AnyObject === running)
    }

    @Test func aRunTimeErrorStopsTheLessonTellsEveryoneAndTheRoomGoesOn() throws {
        let room = makeClass()
        let crashing = ownCode.replacingOccurrences(
            of: "let point = gesture.location(in: view)",
            with: "let point = gesture.location(in: view)\n        let none: [Int] = []\n        print(none[3])")
        #expect(crashing != ownCode)
        _ = try room.handle(.code(source: crashing), from: 1, now: 0).get()
        let outputs = try room.handle(.tap(x: 200, y: 200), from: 1, now: 0).get() + room.tick()
        let events = outputs.compactMap { output -> [String: Any]? in
            guard case .broadcast(let buffer) = output else { return nil }
            let message = decode(buffer)
            return message["type"] as? String == "event" ? message : nil
        }
        let failure = try #require(events.first { $0["name"] as? String == "runtime-error" })
        #expect((failure["text"] as? String)?.contains(":") == true)
        // The room takes the next good code.
        _ = try room.handle(.revert, from: 1, now: 0).get()
        #expect(room.source == nil)
    }
}
