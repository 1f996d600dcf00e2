import Foundation
import Lessons
import Testing

@Suite struct PushLessonTests {
    private let center = CGPoint(x: 187.5, y: 333.5)

    private func velocityAfterPush(at point: CGPoint) throws -> CGVector {
        let lesson = LessonCatalog.lesson(withID: "push")!.init()
        let before = try #require(lesson.item(named: "dragon")).center
        lesson.push(at: point, swipe: nil)
        lesson.run(seconds: 0.1)
        let after = try #require(lesson.item(named: "dragon")).center
        return CGVector(dx: (after.x - before.x) / 0.1, dy: (after.y - before.y) / 0.1)
    }

    @Test func pushRightOfTheCentreMovesTheDragonLeft() throws {
        let v = try velocityAfterPush(at: CGPoint(x: center.x + 60, y: center.y))
        #expect(v.dx < -10)
        #expect(abs(v.dy) < 1)
    }

    @Test func pushBelowTheCentreMovesTheDragonUp() throws {
        let v = try velocityAfterPush(at: CGPoint(x: center.x, y: center.y + 80))
        #expect(v.dy < -10)
    }

    /// Magnitude = min(distance, 100) / 100 on a 100 × 100 dragon of density 1: 100 points/s
    /// per unit, so 60 points away gives 60 points/s, and the cap is 100 points/s.
    @Test func pushIsHarderTheFartherFromTheCentreUpToACap() throws {
        let near = try velocityAfterPush(at: CGPoint(x: center.x + 30, y: center.y))
        let far = try velocityAfterPush(at: CGPoint(x: center.x + 60, y: center.y))
        let beyond = try velocityAfterPush(at: CGPoint(x: center.x + 150, y: center.y))
        #expect(abs(near.dx + 30) < 2)
        #expect(abs(far.dx + 60) < 3)
        #expect(abs(beyond.dx + 100) < 4)
    }

    @Test func dragonBouncesOffTheEdges() throws {
        let lesson = LessonCatalog.lesson(withID: "push")!.init()
        lesson.push(at: CGPoint(x: center.x + 200, y: center.y), swipe: nil)
        var wentLeft = false
        var cameBack = false
        var previous = try #require(lesson.item(named: "dragon")).center.x
        for _ in 0..<(60 * 6) {
            lesson.advance(by: 1.0 / 60)
            let x = try #require(lesson.item(named: "dragon")).center.x
            if x < previous - 0.01 { wentLeft = true }
            if wentLeft && x > previous + 0.01 { cameBack = true }
            previous = x
            #expect(x >= 49.5 && x <= 325.5, "stays inside the view")
        }
        #expect(cameBack, "it hit the left edge and came back")
    }

    @Test func eachPressPushesAgain() throws {
        let lesson = LessonCatalog.lesson(withID: "push")!.init()
        lesson.push(at: CGPoint(x: center.x + 100, y: center.y), swipe: nil)
        lesson.run(seconds: 0.1)
        let first = try #require(lesson.item(named: "dragon")).center.x
        lesson.run(seconds: 0.1)
        let coasting = try #require(lesson.item(named: "dragon")).center.x
        lesson.push(at: CGPoint(x: center.x + 100, y: center.y), swipe: nil)
        lesson.run(seconds: 0.1)
        let second = try #require(lesson.item(named: "dragon")).center.x
        #expect((second - coasting) < (coasting - first) - 5, "a second press adds speed")
    }
}
