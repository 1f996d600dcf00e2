import Foundation
import Lessons
import Testing

@Suite struct GravityLessonTests {
    let lesson = LessonCatalog.lesson(withID: "gravity")!.init()

    /// A tenth of Earth's gravity is 100 points/s²: the frog falls ½ × 100 × t² points.
    @Test func frogAcceleratesDownwardsAtATenthOfEarthsGravity() throws {
        let start = try #require(lesson.item(named: "frog")).center
        lesson.run(seconds: 1)
        let after1 = try #require(lesson.item(named: "frog")).center
        lesson.run(seconds: 1)
        let after2 = try #require(lesson.item(named: "frog")).center
        #expect(abs((after1.y - start.y) - 50) < 1.5)
        #expect(abs((after2.y - start.y) - 200) < 3)
        #expect(after2.x == start.x)
    }

    @Test func frogLeavesTheScreen() {
        let left = lesson.run(until: { (lesson.item(named: "frog")?.center.y ?? 0) > 667 + 50 }, limit: 6)
        #expect(left)
        #expect(!lesson.isAtRest, "nothing stops it")
    }

    @Test func tapStartsAgain() throws {
        let start = try #require(lesson.item(named: "frog")).center
        lesson.run(seconds: 1)
        lesson.tap(at: CGPoint(x: 10, y: 10))
        #expect(try #require(lesson.item(named: "frog")).center == start)
        #expect(lesson.drainEvents().contains { $0.name == "reset" })
    }

    @Test func liveGravityMagnitudeChangesTheFall() throws {
        try lesson.setParameter("magnitude", to: 0.2)
        let start = try #require(lesson.item(named: "frog")).center
        lesson.run(seconds: 1)
        #expect(abs((try #require(lesson.item(named: "frog")).center.y - start.y) - 100) < 2)
    }
}
