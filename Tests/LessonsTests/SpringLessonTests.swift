import Foundation
import Lessons
import Testing

@Suite struct SpringLessonTests {
    let lesson = LessonCatalog.lesson(withID: "spring")!.init()

    /// Rest length 100 points, stretched by its weight: g / ω² = 1000 / (2π·1)² ≈ 25 points.
    @Test func dragonHangsAboutAHundredPointsBelowTheFrogAndBounces() throws {
        var gaps: [Double] = []
        for _ in 0..<(60 * 4) {
            lesson.advance(by: 1.0 / 60)
            gaps.append(try lesson.distance("frog", "dragon"))
        }
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        #expect(abs(mean - 125.3) < 4, "mean gap \(mean)")
        // It bounces: the gap swings, and the swing shrinks slowly. With a damping ratio of
        // 0.1 at 1 Hz the amplitude falls by exp(-0.1 · 2π · 2) ≈ 0.28 every two seconds.
        let early = gaps.prefix(60 * 2)
        let later = gaps.suffix(60 * 2)
        let earlySwing = early.max()! - early.min()!
        let laterSwing = later.max()! - later.min()!
        #expect(earlySwing > 20)
        #expect(abs(laterSwing / earlySwing - 0.28) < 0.1, "swing ratio \(laterSwing / earlySwing)")
        lesson.run(seconds: 10)
        #expect(lesson.isAtRest, "and comes to rest")
    }

    @Test func frequencyIsLive() throws {
        try lesson.setParameter("frequency", to: 3)
        lesson.run(seconds: 10)
        // Stiffer spring: the sag is g / ω² ≈ 2.8 points.
        #expect(abs(try lesson.distance("frog", "dragon") - 102.8) < 3)
    }
}
