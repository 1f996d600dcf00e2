import Foundation
import Lessons
import Testing

/// The field playground (seed 003's fields, charge and anchoring): a tap moves the fields'
/// centre and the balls follow it; the anchored block never moves but is bumped into; the
/// electric switch changes the charged balls only.
@Suite struct FieldsLessonTests {
    private func makeLesson() throws -> any Lesson {
        try #require(LessonCatalog.lesson(withID: "fields")).init()
    }

    private func balls(_ lesson: any Lesson, _ kind: String) -> [SceneItem] {
        lesson.items.filter { $0.name.hasPrefix(kind) }
    }

    private func meanDistance(_ items: [SceneItem], to point: CGPoint) -> Double {
        items.map { distance($0.center, point) }.reduce(0, +) / Double(items.count)
    }

    @Test func theSceneHasChargedAndUnchargedBallsAndAnAnchoredBlock() throws {
        let lesson = try makeLesson()
        #expect(balls(lesson, "positive").count == 4)
        #expect(balls(lesson, "negative").count == 4)
        #expect(balls(lesson, "neutral").count == 4)
        #expect(lesson.item(named: "anchored block") != nil)
        #expect(balls(lesson, "positive").allSatisfy { $0.shape == .ellipse && $0.color == "#ff0000" })
    }

    @Test func aTapMovesTheFieldsAndTheBallsFollow() throws {
        let lesson = try makeLesson()
        lesson.run(seconds: 3)
        _ = lesson.drainEvents()
        let tap = CGPoint(x: 100, y: 150)
        let attracted = { self.balls(lesson, "neutral") + self.balls(lesson, "negative") }
        let before = meanDistance(attracted(), to: tap)
        lesson.tap(at: tap)
        let moved = try #require(lesson.drainEvents().first { $0.name == "fields-moved" })
        #expect(moved.point == tap)
        lesson.run(seconds: 3)
        let after = meanDistance(attracted(), to: tap)
        #expect(before > 150)
        #expect(after < before / 2, "from \(before) to \(after) points")
    }

    @Test func theAnchoredBlockNeverMovesButIsBumpedInto() throws {
        let lesson = try makeLesson()
        let start = try #require(lesson.item(named: "anchored block"))
        var bumps: [LessonEvent] = []
        for step in 0..<(60 * 10) {
            lesson.advance(by: 1.0 / 60)
            if step == 300 { lesson.tap(at: CGPoint(x: 187, y: 560)) }  // pull the balls past it
            bumps += lesson.drainEvents().filter { $0.name == "collision-began" }
            let block = try #require(lesson.item(named: "anchored block"))
            #expect(block.center == start.center && block.angle == start.angle)
        }
        #expect(bumps.count >= 2, "balls bump into it (\(bumps.count) times)")
        // Each bump is on the block's outline: 100 × 24 points about (187.5, 465.5).
        for bump in bumps {
            let p = try #require(bump.point)
            #expect(abs(p.x - 187.5) <= 51 && abs(p.y - 465.5) <= 13)
        }
    }

    @Test func theElectricSwitchChangesTheChargedBallsOnly() throws {
        let on = try makeLesson()
        let off = try makeLesson()
        try off.setParameter("electric", to: 0)
        on.run(seconds: 0.3)
        off.run(seconds: 0.3)
        // Bit for bit the same for uncharged balls: the electric field ignores them.
        #expect(balls(on, "neutral").map(\.center) == balls(off, "neutral").map(\.center))
        for kind in ["positive", "negative"] {
            for (a, b) in zip(balls(on, kind), balls(off, kind)) {
                #expect(distance(a.center, b.center) > 0.5, "\(a.name) feels the field")
            }
        }
        // Switched on again, it acts again.
        try off.setParameter("electric", to: 1)
        #expect(off.parameters.first { $0.name == "electric" }?.value == 1)
    }

    @Test func positiveChargesAreHeldFartherOutThanNegativeOnes() throws {
        let lesson = try makeLesson()
        lesson.run(seconds: 8)
        let centre = CGPoint(x: 187.5, y: 333.5)
        let positive = meanDistance(balls(lesson, "positive"), to: centre)
        let negative = meanDistance(balls(lesson, "negative"), to: centre)
        #expect(positive > negative + 60, "positive \(positive), negative \(negative)")
        // Without the electric field they fall in like the others.
        let plain = try makeLesson()
        try plain.setParameter("electric", to: 0)
        plain.run(seconds: 8)
        #expect(meanDistance(balls(plain, "positive"), to: centre) < positive - 40)
    }

    @Test func withEveryStrengthAtZeroNothingMoves() throws {
        let lesson = try makeLesson()
        for name in ["gravity", "vortex", "noise", "electricStrength"] { try lesson.setParameter(name, to: 0) }
        let before = lesson.items.map(\.center)
        lesson.run(seconds: 1)
        #expect(lesson.items.map(\.center) == before)
    }
}
