import Foundation
import Lessons
import Testing

@Suite struct SnapLessonTests {
    let lesson = LessonCatalog.lesson(withID: "snap")!.init()

    @Test func frogEndsWithinAPointOfTheTap() throws {
        for target in [CGPoint(x: 80, y: 120), CGPoint(x: 300, y: 560), CGPoint(x: 190, y: 330)] {
            lesson.tap(at: target)
            lesson.run(seconds: 2)
            let frog = try #require(lesson.item(named: "frog"))
            #expect(distance(frog.center, target) < 1, "frog at \(frog.center), tap at \(target)")
            #expect(abs(frog.angle) < 0.01)
        }
    }

    /// A short, damped overshoot: past the point by a little, once, then settled.
    @Test func snapOvershootsALittleAndSettles() throws {
        let start = try #require(lesson.item(named: "frog")).center
        let target = CGPoint(x: start.x + 150, y: start.y)
        lesson.tap(at: target)
        var farthest = start.x
        var settledAt: Double?
        for step in 1...120 {
            lesson.advance(by: 1.0 / 60)
            let x = try #require(lesson.item(named: "frog")).center.x
            farthest = max(farthest, x)
            if settledAt == nil && abs(x - target.x) < 1 && lesson.isAtRest { settledAt = Double(step) / 60 }
        }
        let overshoot = farthest - target.x
        #expect(overshoot > 0.5, "it springs past the point")
        #expect(overshoot < 0.15 * 150, "but only a little")
    }

    @Test func eachTapReplacesThePreviousSnap() throws {
        lesson.tap(at: CGPoint(x: 60, y: 60))
        lesson.run(seconds: 0.2)
        lesson.tap(at: CGPoint(x: 300, y: 600))
        lesson.run(seconds: 2.5)
        let frog = try #require(lesson.item(named: "frog"))
        #expect(distance(frog.center, CGPoint(x: 300, y: 600)) < 1, "the old snap no longer pulls")
    }

    @Test func higherDampingOvershootsLess() throws {
        func overshoot(damping: Double) throws -> Double {
            let lesson = LessonCatalog.lesson(withID: "snap")!.init()
            try lesson.setParameter("damping", to: damping)
            let start = try #require(lesson.item(named: "frog")).center
            lesson.tap(at: CGPoint(x: start.x + 150, y: start.y))
            var farthest = start.x
            for _ in 0..<120 {
                lesson.advance(by: 1.0 / 60)
                farthest = max(farthest, try #require(lesson.item(named: "frog")).center.x)
            }
            return farthest - (start.x + 150)
        }
        #expect(try overshoot(damping: 0.2) > overshoot(damping: 0.75))
        #expect(try overshoot(damping: 0.75) > overshoot(damping: 1.0) - 0.01)
    }
}
