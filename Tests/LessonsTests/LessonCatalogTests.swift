import Foundation
import Lessons
import Testing

@Suite struct LessonCatalogTests {
    @Test func tutorialSevenComeFirstInBookOrderThenTheExtraRooms() {
        let ids = LessonCatalog.all.map { $0.info.id }
        #expect(Array(ids.prefix(7)) == ["gravity", "collision", "attachment", "spring", "snap", "push", "properties"])
        #expect(Set(ids).isSuperset(of: ["alert", "race", "barrier", "drops", "hoop", "fields"]))
        #expect(Set(ids).count == ids.count, "ids are unique")
        let orders = LessonCatalog.all.map { $0.info.order }
        #expect(orders == orders.sorted())
    }

    /// The code beside the canvas is the running lesson's own source: the region between the
    /// markers of its file, exactly as it is on disk.
    @Test(arguments: LessonCatalog.all.map { $0.info.id })
    func shownCodeIsTheLessonsOwnSource(id: String) throws {
        let lesson = try #require(LessonCatalog.lesson(withID: id))
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Lessons/Rooms/\(lesson.info.sourceFileName)").standardized
        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// lesson:begin" })
        let end = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// lesson:end" })
        let region = lines[(begin + 1)..<end].joined(separator: "\n")
        let shown = LessonCatalog.sourceCode(of: lesson)
        #expect(shown == region)
        #expect(shown.contains("UIDynamicAnimator(referenceView:"))
    }

    /// A room's frames carry `poses` and its scene messages `items`: both say the same of every
    /// item, step after step, through taps, drags and presses (items moving, coming and going).
    @Test(arguments: LessonCatalog.all.map { $0.info.id })
    func posesAreTheItemsPosesAtEveryStep(id: String) throws {
        let lesson = try #require(LessonCatalog.lesson(withID: id)).init()
        var moved = false
        for step in 0..<240 {
            if step % 60 == 5 { lesson.tap(at: CGPoint(x: 60 + Double(step), y: 150)) }
            if step == 100 { lesson.pan(.began, at: CGPoint(x: 187, y: 200)) }
            if step > 100, step < 130 { lesson.pan(.changed, at: CGPoint(x: 187 + Double(step - 100) * 3, y: 260)) }
            if step == 130 { lesson.pan(.ended, at: CGPoint(x: 277, y: 260)) }
            if step == 170 { lesson.push(at: CGPoint(x: 120, y: 400), swipe: CGVector(dx: 40, dy: -30)) }
            let poses = lesson.poses
            #expect(poses == lesson.items.map(ItemPose.init), "step \(step)")
            moved = moved || poses.contains { !$0.isAtRest }
            lesson.advance(by: 1.0 / 60)
        }
        #expect(moved, "something moved: the poses were not all of a still scene")
    }

    @Test(arguments: LessonCatalog.all.map { $0.info.id })
    func everyParameterRefusesBadValuesAndAppliesNothing(id: String) throws {
        let lesson = try #require(LessonCatalog.lesson(withID: id)).init()
        let before = lesson.parameters
        for parameter in before {
            for bad in [Double.nan, .infinity, -.infinity, parameter.min - 1, parameter.max + 1, 1e300] {
                #expect(throws: LessonError.self) { try lesson.setParameter(parameter.name, to: bad) }
            }
        }
        #expect(throws: LessonError.unknownParameter("no-such-thing")) {
            try lesson.setParameter("no-such-thing", to: 0)
        }
        #expect(lesson.parameters == before, "nothing was applied")
        for parameter in before {
            #expect(parameter.min <= parameter.value && parameter.value <= parameter.max, "\(parameter.name)")
            try lesson.setParameter(parameter.name, to: parameter.max)
            #expect(lesson.parameters.first { $0.name == parameter.name }?.value == parameter.max)
        }
    }

    /// Gestures a lesson does not take do nothing at all; nothing a gesture carries can break
    /// a lesson (points far outside, drags that never began).
    @Test(arguments: LessonCatalog.all.map { $0.info.id })
    func gesturesALessonDoesNotTakeAreIgnored(id: String) throws {
        let type = try #require(LessonCatalog.lesson(withID: id))
        let lesson = type.init()
        let before = lesson.items
        let takes = Set(type.info.gestures)
        if !takes.contains(.tap) { lesson.tap(at: CGPoint(x: 187, y: 333)) }
        if !takes.contains(.pan) {
            lesson.pan(.began, at: CGPoint(x: 187, y: 333))
            lesson.pan(.changed, at: CGPoint(x: 10, y: 10))
            lesson.pan(.ended, at: CGPoint(x: 10, y: 10))
        }
        if !takes.contains(.push) { lesson.push(at: CGPoint(x: 300, y: 333), swipe: CGVector(dx: 50, dy: 0)) }
        #expect(lesson.items == before)
        #expect(lesson.drainEvents().isEmpty)
        // Far-away points in the gestures it does take do no harm either.
        for far in [CGPoint(x: -1e6, y: 1e6), CGPoint(x: 1e6, y: -1e6)] {
            if takes.contains(.tap) { lesson.tap(at: far) }
            if takes.contains(.push) { lesson.push(at: far, swipe: nil) }
            if takes.contains(.pan) {
                lesson.pan(.began, at: far)
                lesson.pan(.ended, at: far)
            }
        }
        lesson.run(seconds: 1)
        for item in lesson.items {
            #expect(item.center.x.isFinite && item.center.y.isFinite && item.angle.isFinite)
        }
    }

    @Test(arguments: LessonCatalog.all.map { $0.info.id })
    func everyLessonDrawsItsItemsInsideItsBounds(id: String) throws {
        let type = try #require(LessonCatalog.lesson(withID: id))
        let lesson = type.init()
        if lesson.items.isEmpty {
            // A scene that starts empty (drops) fills on its first gesture.
            lesson.tap(at: CGPoint(x: 100, y: 100))
        }
        #expect(!lesson.items.isEmpty)
        for item in lesson.items {
            #expect(item.size.width > 0 && item.size.height > 0)
            #expect(item.color.count == 7 && item.color.hasPrefix("#"))
            #expect(item.center.x >= 0 && item.center.x <= type.info.bounds.width)
            #expect(item.center.y >= 0 && item.center.y <= type.info.bounds.height)
        }
        #expect(!type.info.title.isEmpty && !type.info.summary.isEmpty && !type.info.gestures.isEmpty)
    }
}
