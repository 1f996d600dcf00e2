import Foundation
import Lessons
import Testing

/// The iOS 9 hoop (seed 003): the tutorial's throw flies in a gravity arc into the rim, the
/// board swings on its 2-point hanger with the rims pinned to it, and the ball starts again
/// when it leaves the view.
@Suite struct HoopLessonTests {
    private let anchor = CGPoint(x: 240, y: 300)

    private func center(_ lesson: any Lesson, _ name: String) throws -> CGPoint {
        try #require(lesson.item(named: name)).center
    }

    /// A lesson after its first second (the board has settled onto its 2-point hanger), and
    /// the ball's position at every step of `seconds` after the tutorial's throw.
    private func thrown(seconds: Double) throws -> (lesson: any Lesson, path: [CGPoint], boards: [CGPoint]) {
        let lesson = try #require(LessonCatalog.lesson(withID: "hoop")).init()
        lesson.run(seconds: 1)
        lesson.push(at: CGPoint(x: 100, y: 500), swipe: nil)
        var path: [CGPoint] = []
        var boards: [CGPoint] = []
        for _ in 0..<Int(seconds * 60) {
            lesson.advance(by: 1.0 / 60)
            path.append(try center(lesson, "ball"))
            boards.append(try center(lesson, "board"))
        }
        return (lesson, path, boards)
    }

    @Test func theBoardHangsTwoPointsFromItsAnchorWithTheRimsPinnedBelowIt() throws {
        let lesson = try #require(LessonCatalog.lesson(withID: "hoop")).init()
        lesson.run(seconds: 1)
        let board = try center(lesson, "board")
        #expect(abs(distance(board, anchor) - 2) < 0.2, "attachment length 2 from the board's centre")
        // The pins keep each rim where it was bolted relative to the board.
        let left = try center(lesson, "left rim"), right = try center(lesson, "right rim")
        #expect(abs(left.x - board.x + 25) < 0.3 && abs(left.y - board.y - 33) < 0.3)
        #expect(abs(right.x - board.x - 25) < 0.3 && abs(right.y - board.y - 33) < 0.3)
        #expect(try #require(lesson.item(named: "board")).angle == 0)
    }

    @Test func theTutorialsThrowFliesInAGravityArc() throws {
        let (_, path, _) = try thrown(seconds: 1)
        // Free flight for the first 0.9 s: equal steps in x, and y's second difference over
        // ten steps is g (10 dt)² = 1000 / 36 points.
        let a = path[5], b = path[15], c = path[25], d = path[35]
        #expect(isClose(b.x - a.x, c.x - b.x, relative: 0.005) && isClose(c.x - b.x, d.x - c.x, relative: 0.005))
        #expect(isClose(a.y - 2 * b.y + c.y, 1000.0 / 36, relative: 0.01))
        #expect(isClose(b.y - 2 * c.y + d.y, 1000.0 / 36, relative: 0.01))
        // The push: 1.56 N·s on a 28-point ball of density 3 (mass 3 π 0.14² kg) at −1.35 rad.
        let speed = 1.56 / (3 * Double.pi * 0.14 * 0.14) * 100
        let vx = (c.x - b.x) * 6
        #expect(isClose(vx, speed * cos(1.35), relative: 0.01))
        // Up to an apex above the rim, then down towards it.
        let apex = try #require(path.min { $0.y < $1.y })
        #expect(apex.y < 300 && apex.y > 200)
        #expect(path.last!.y > apex.y + 20)
    }

    @Test func theBallRattlesOnTheRimAndTheBoardSwingsOnItsHanger() throws {
        let (lesson, path, boards) = try thrown(seconds: 3)
        // The ball comes in moving right and is knocked back left by the right rim.
        let turn = try #require(path.indices.dropFirst().first { path[$0].x < path[$0 - 1].x - 0.5 })
        #expect(path[turn].y > 280 && path[turn].y < 360 && path[turn].x > 220 && path[turn].x < 290)
        // The board, still before the hit, moves after it, always on its 2-point hanger.
        let before = boards[turn - 5]
        #expect(boards[..<(turn - 5)].allSatisfy { distance($0, before) < 0.05 })
        let swing = boards[turn...].map { distance($0, before) }.max() ?? 0
        #expect(swing > 1, "the board swings (\(swing) points)")
        for board in boards { #expect(abs(distance(board, anchor) - 2) < 0.5) }
        #expect(try #require(lesson.item(named: "board")).angle == 0, "its rotation is blocked")
        // The rims ride along, pinned.
        let board = try center(lesson, "board"), left = try center(lesson, "left rim")
        #expect(abs(left.x - board.x + 25) < 0.5 && abs(left.y - board.y - 33) < 0.5)
    }

    @Test func theBallStartsAgainAfterLeavingTheView() throws {
        let lesson = try #require(LessonCatalog.lesson(withID: "hoop")).init()
        lesson.run(seconds: 1)
        lesson.push(at: .zero, swipe: nil)
        var left = false
        var events: [LessonEvent] = []
        let reset = lesson.run(
            until: {
                events += lesson.drainEvents()
                guard let ball = lesson.item(named: "ball") else { return false }
                if ball.center.x > 375 { left = true }
                return events.contains { $0.name == "ball-reset" }
            }, limit: 8)
        #expect(reset && left, "it left on the right and was put back")
        #expect(try center(lesson, "ball") == CGPoint(x: 40, y: 567))
        // Set up again from rest: the next step is the start of a fall, not the old flight.
        lesson.advance(by: 1.0 / 60)
        let y = try center(lesson, "ball").y
        #expect(y > 567 && y < 567.5)
        // And the board's hanger and pins still hold it.
        lesson.run(seconds: 1)
        #expect(abs(distance(try center(lesson, "board"), anchor) - 2) < 0.5)
    }

    @Test func aSwipeThrowsAlongItAndHarderTheLongerItIs() throws {
        func firstMove(_ swipe: CGVector) throws -> CGVector {
            let lesson = try #require(LessonCatalog.lesson(withID: "hoop")).init()
            try lesson.setParameter("elasticity", to: 0)  // the ball rests on the floor first
            lesson.run(seconds: 2)
            let start = try center(lesson, "ball")
            lesson.push(at: CGPoint(x: 40, y: 567), swipe: swipe)
            lesson.run(seconds: 0.1)
            let end = try center(lesson, "ball")
            return CGVector(dx: end.x - start.x, dy: end.y - start.y)
        }
        let up = try firstMove(CGVector(dx: 100, dy: -100))
        let longer = try firstMove(CGVector(dx: 200, dy: -200))
        #expect(abs(atan2(up.dy, up.dx) + .pi / 4) < 0.1, "along the swipe (gravity bends it a little)")
        #expect(isClose(longer.dx, 2 * up.dx, relative: 0.02))
        // Capped at magnitude 3 (300 points of swipe).
        let huge = try firstMove(CGVector(dx: 3000, dy: 0))
        let capped = try firstMove(CGVector(dx: 300, dy: 0))
        #expect(isClose(huge.dx, capped.dx, relative: 1e-6))
    }

    @Test func liveParametersChangeThePressThrowAndTheBall() throws {
        let lesson = try #require(LessonCatalog.lesson(withID: "hoop")).init()
        try lesson.setParameter("throwAngle", to: -Double.pi / 2)
        lesson.run(seconds: 1)
        let start = try center(lesson, "ball")
        lesson.push(at: .zero, swipe: nil)
        lesson.run(seconds: 0.2)
        #expect(abs(try center(lesson, "ball").x - start.x) < 0.01, "straight up")
        #expect(try center(lesson, "ball").y < start.y - 50)

        // Twice the density, thrown at 45° in mid-bounce: half the tutorial's speed,
        // 1.56 / (6 π 0.14²) m/s, so v0 cos 45° across.
        let heavy = try #require(LessonCatalog.lesson(withID: "hoop")).init()
        try heavy.setParameter("density", to: 6)
        try heavy.setParameter("throwAngle", to: -Double.pi / 4)
        heavy.run(seconds: 1)
        heavy.push(at: .zero, swipe: nil)
        heavy.run(seconds: 0.1)
        let a = try center(heavy, "ball")
        heavy.run(seconds: 0.1)
        let b = try center(heavy, "ball")
        let v0 = 1.56 / (6 * Double.pi * 0.14 * 0.14) * 100
        #expect(isClose((b.x - a.x) / 0.1, v0 * cos(Double.pi / 4), relative: 0.01))
    }
}
