import Foundation
import Lessons
import Testing

@Suite struct BarrierLessonTests {
    let lesson = LessonCatalog.lesson(withID: "barrier")!.init()

    @Test func squareLandsOnACornerBouncesAndSettlesOnTheBarrier() throws {
        var events: [LessonEvent] = []
        lesson.run(until: { events += lesson.drainEvents(); return lesson.isAtRest }, limit: 15)
        let contacts = events.filter { $0.name == "collision-began" }
        #expect(contacts.count >= 3, "it bounces a few times (\(contacts.count) touches)")
        // Turned by 45°, the square first touches the barrier with its lowest corner, which
        // is straight below its centre at the moment of impact.
        let first = try #require(contacts.first)
        let point = try #require(first.point)
        #expect(abs(point.y - 350) < 2)
        #expect(abs(point.x - 150) < 5, "the corner below the centre touches first")
        let bottom = try #require(lesson.bottom(of: "square"))
        #expect(abs(bottom - 350) < 1, "it rests on the barrier line")
        #expect(lesson.isAtRest)
    }

    @Test func withoutRotationItLandsFlat() throws {
        try lesson.setParameter("rotation", to: 0)
        lesson.tap(at: .zero)
        lesson.run(seconds: 8)
        let square = try #require(lesson.item(named: "square"))
        #expect(abs(square.angle) < 0.01)
        #expect(abs(square.center.y + 50 - 350) < 1)
    }
}
