import Foundation
import Lessons
import Testing

@Suite struct DropsLessonTests {
    @Test func thirtyBlocksPileUpWithoutSinkingOrJitter() throws {
        let lesson = LessonCatalog.lesson(withID: "drops")!.init()
        for _ in 0..<30 {
            lesson.tap(at: CGPoint(x: 100, y: 100))
            lesson.run(seconds: 0.25)
        }
        #expect(lesson.run(until: { lesson.isAtRest }, limit: 10), "the pile comes to rest")
        let blocks = lesson.items.filter { $0.name == "block" }
        #expect(blocks.count == 30)
        let size = 37.5
        for block in blocks {
            // Square blocks look upright at any quarter turn.
            #expect(abs(remainder(block.angle, .pi / 2)) < 0.01, "block \(block.id) is tilted")
            // Each block sits on the floor or on another block: no sinking into either.
            let bottom = block.center.y + size / 2
            let onFloor = abs(bottom - 667) < 1
            let onBlock = blocks.contains { other in
                other.id != block.id && abs(other.center.x - block.center.x) < size * 0.9
                    && abs((other.center.y - size / 2) - bottom) < 1
            }
            #expect(onFloor || onBlock, "block \(block.id) at \(block.center) floats or sank")
            #expect(bottom < 667.5)
        }
        // No two blocks overlap by more than half a point.
        for a in blocks {
            for b in blocks where a.id < b.id {
                let ox = size - abs(a.center.x - b.center.x)
                let oy = size - abs(a.center.y - b.center.y)
                #expect(!(ox > 0.5 && oy > 0.5), "blocks \(a.id) and \(b.id) overlap")
            }
        }
        // At rest means still: a second later nothing has moved.
        let before: [CGPoint] = lesson.items.map { $0.center }
        lesson.run(seconds: 1)
        let after: [CGPoint] = lesson.items.map { $0.center }
        #expect(after == before)
    }

    @Test func eachRoomDropsItsOwnReproducibleSequence() {
        func columns() -> [Double] {
            let lesson = LessonCatalog.lesson(withID: "drops")!.init()
            for _ in 0..<5 { lesson.tap(at: .zero) }
            return lesson.items.map { Double($0.center.x) }
        }
        #expect(columns() == columns())
    }

    /// The drop-blocks example of seed 004 is this lesson's code: an empty game costs nothing
    /// (the animator pauses) until the next drop, and pauses again once the block has landed.
    @Test func anIdleGameCostsNothingUntilTheNextDrop() {
        let lesson = LessonCatalog.lesson(withID: "drops")!.init()
        lesson.advance(by: 1.0 / 60)
        #expect(lesson.isAtRest)
        lesson.tap(at: CGPoint(x: 100, y: 100))
        lesson.advance(by: 1.0 / 60)
        #expect(!lesson.isAtRest)
        #expect(lesson.run(until: { lesson.isAtRest }, limit: 3), "the block lands and the game rests")
    }
}
