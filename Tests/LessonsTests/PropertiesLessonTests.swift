import Foundation
import Lessons
import Testing

@Suite struct PropertiesLessonTests {
    let lesson = LessonCatalog.lesson(withID: "properties")!.init()

    @Test func frogReboundsHigherThanTheDragonAndNeverRotates() throws {
        var landed: [String: Bool] = [:]
        var highestAfterLanding: [String: Double] = ["frog": .infinity, "dragon": .infinity]
        var largestFrogAngle = 0.0
        for _ in 0..<(60 * 5) {
            lesson.advance(by: 1.0 / 60)
            for name in ["frog", "dragon"] {
                let bottom = try #require(lesson.bottom(of: name))
                if bottom > 666 { landed[name] = true }
                if landed[name] == true { highestAfterLanding[name] = min(highestAfterLanding[name]!, bottom) }
            }
            largestFrogAngle = max(largestFrogAngle, abs(try #require(lesson.item(named: "frog")).angle))
        }
        let frogRebound = 667 - highestAfterLanding["frog"]!
        let dragonRebound = 667 - highestAfterLanding["dragon"]!
        #expect(frogRebound > 100, "the frog bounces like a rubber ball (\(frogRebound) points)")
        #expect(dragonRebound < 2, "the dragon lands dead (\(dragonRebound) points)")
        #expect(largestFrogAngle < 1e-6)
    }

    @Test func elasticityIsLive() throws {
        try lesson.setParameter("elasticity", to: 0)
        var landed = false
        var highest = Double.infinity
        for _ in 0..<(60 * 3) {
            lesson.advance(by: 1.0 / 60)
            let bottom = try #require(lesson.bottom(of: "frog"))
            if bottom > 666 { landed = true }
            if landed { highest = min(highest, bottom) }
        }
        #expect(667 - highest < 2)
    }
}
