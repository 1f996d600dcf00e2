import Foundation
import Lessons
import Testing

@Suite struct CollisionLessonTests {
    let lesson = LessonCatalog.lesson(withID: "collision")!.init()

    @Test func bothFallAndStopOnTheBottomEdge() throws {
        lesson.run(seconds: 4)
        for name in ["frog", "dragon"] {
            let bottom = try #require(lesson.bottom(of: name))
            #expect(abs(bottom - 667) < 1, "\(name) rests on the bottom edge")
        }
        #expect(lesson.isAtRest)
    }

    @Test func eachCollidedLabelAppearsOnce() {
        lesson.run(seconds: 4)
        let texts = lesson.drainEvents().filter { $0.name == "collision-began" }.map(\.text)
        #expect(texts.filter { $0 == "Frog Collided" }.count == 1)
        #expect(texts.filter { $0 == "Dragon Collided" }.count == 1)
        #expect(lesson.items.contains { $0.text == "Frog Collided" })
        #expect(lesson.items.contains { $0.text == "Dragon Collided" })
    }

    @Test func liftingThemEndsTheContactAndLogsIt() throws {
        lesson.run(seconds: 4)
        _ = lesson.drainEvents()
        try lesson.setParameter("angle", to: -Double.pi / 2)
        lesson.run(seconds: 0.5)
        let ended = lesson.drainEvents().filter { $0.name == "collision-ended" }
        #expect(ended.count >= 2)
        #expect(ended.allSatisfy { $0.text == "Collision did end" })
    }
}
