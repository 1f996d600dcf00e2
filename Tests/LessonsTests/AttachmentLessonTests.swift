import Foundation
import Lessons
import Testing

@Suite struct AttachmentLessonTests {
    let lesson = LessonCatalog.lesson(withID: "attachment")!.init()

    @Test func dragonFollowsTheDraggedFrogAtAFixedDistance() throws {
        let length = try lesson.distance("frog", "dragon")
        lesson.pan(.began, at: CGPoint(x: 187.5, y: 200))
        for step in 1...60 {
            lesson.pan(.changed, at: CGPoint(x: 187.5 + Double(step) * 1.5, y: 200 + Double(step)))
            lesson.advance(by: 1.0 / 60)
            #expect(abs(try lesson.distance("frog", "dragon") - length) < 2, "step \(step)")
        }
        lesson.pan(.ended, at: CGPoint(x: 277.5, y: 260))
        lesson.run(seconds: 1)
        #expect(abs(try lesson.distance("frog", "dragon") - length) < 2)
        let frog = try #require(lesson.item(named: "frog"))
        #expect(distance(frog.center, CGPoint(x: 277.5, y: 260)) < 0.01, "the frog is where the finger left it")
    }

    @Test func boundariesStillStopTheDragon() throws {
        lesson.pan(.began, at: CGPoint(x: 187.5, y: 200))
        for step in 1...60 {
            lesson.pan(.changed, at: CGPoint(x: 187.5, y: 200 + Double(step) * 7))
            lesson.advance(by: 1.0 / 60)
        }
        lesson.run(seconds: 1)
        let bottom = try #require(lesson.bottom(of: "dragon"))
        #expect(bottom <= 667.5, "the bottom edge holds the dragon in")
    }

    @Test func aLineShowsTheAttachment() throws {
        let dragon = try #require(lesson.item(named: "dragon"))
        #expect(lesson.lines.count == 1)
        let line = try #require(lesson.lines.first)
        #expect(distance(line.to, dragon.center) < 0.5)
        #expect(distance(line.from, try #require(lesson.item(named: "frog")).center) < 0.5)
    }

    @Test func aDragThatNeverBeganIsIgnored() throws {
        let before = lesson.items
        lesson.pan(.changed, at: CGPoint(x: 10, y: 10))
        lesson.pan(.ended, at: CGPoint(x: 10, y: 10))
        #expect(lesson.items.map(\.center) == before.map(\.center))
    }
}
