import Foundation
import Lessons
import Testing

@Suite struct RaceLessonTests {
    /// Magnitude 0.3 on a 50 × 50 square (mass 0.25): the instantaneous push gives 120
    /// points/s at once; the continuous one 120 points/s². Red draws level at t = 2 s.
    @Test func blueStartsFasterAndRedOvertakes() throws {
        let lesson = LessonCatalog.lesson(withID: "race")!.init()
        let red0 = try #require(lesson.item(named: "red square")).center.y
        let blue0 = try #require(lesson.item(named: "blue square")).center.y
        var blueLed = false
        var overtakenAt: Double?
        for step in 1...(60 * 3) {
            lesson.advance(by: 1.0 / 60)
            let red = try #require(lesson.item(named: "red square")).center.y - red0
            let blue = try #require(lesson.item(named: "blue square")).center.y - blue0
            if step == 30 {
                #expect(blue > red + 20, "blue leads after half a second")
                blueLed = true
            }
            if step == 60 { #expect(abs(blue - 120) < 1, "blue moves at 120 points/s (\(blue) points in 1 s)") }
            if overtakenAt == nil && blueLed && red > blue { overtakenAt = Double(step) / 60 }
        }
        // Red: ½ · 120 points/s² · (3 s)² = 540 points.
        let red = try #require(lesson.item(named: "red square")).center.y - red0
        #expect(abs(red - 540) < 5.4, "red accelerates at 120 points/s² (\(red) points in 3 s)")
        let t = try #require(overtakenAt)
        #expect(abs(t - 2) < 0.1, "red overtakes at about 2 s (\(t) s)")
    }

    @Test func tapRunsTheRaceAgain() throws {
        let lesson = LessonCatalog.lesson(withID: "race")!.init()
        let start = try #require(lesson.item(named: "blue square")).center
        lesson.run(seconds: 1)
        lesson.tap(at: CGPoint(x: 100, y: 100))
        #expect(try #require(lesson.item(named: "blue square")).center == start)
        lesson.run(seconds: 0.5)
        #expect(try #require(lesson.item(named: "blue square")).center.y > start.y + 50, "and the push fires again")
    }

    /// Each run makes new views: they get new ids, never those of the freed views (whose
    /// addresses a new view may take), and the names follow the new views.
    @Test func everyRunAgainNumbersItsItemsAfreshAndNeverReusesAnId() {
        let lesson = LessonCatalog.lesson(withID: "race")!.init()
        var seen = Set(lesson.items.map(\.id))
        for _ in 0..<20 {
            lesson.tap(at: CGPoint(x: 100, y: 100))
            lesson.advance(by: 1.0 / 60)
            let ids = lesson.items.map(\.id)
            #expect(ids.count == 2)
            #expect(seen.isDisjoint(with: ids), "ids \(ids) were used before")
            seen.formUnion(ids)
            #expect(Set(lesson.items.map(\.name)) == ["red square", "blue square"])
        }
    }
}
