import Foundation
import Lessons
import Testing

@Suite struct AlertLessonTests {
    let lesson = LessonCatalog.lesson(withID: "alert")!.init()
    let viewCenter = CGPoint(x: 187.5, y: 333.5)

    private func showAlert() throws {
        let button = try #require(lesson.item(named: "show alert"))
        #expect(button.text == "Show Alert")
        lesson.tap(at: button.center)
    }

    @Test func showAlertFadesTheOverlayInAndSnapsTheAlertToTheCentre() throws {
        #expect(try #require(lesson.item(named: "alert")).alpha == 0, "hidden until shown")
        // The Dismiss button (alpha 1) inside the hidden alert is shown with the alert's alpha.
        #expect(try #require(lesson.item(named: "dismiss")).alpha == 0, "hidden with its alert")
        try showAlert()
        #expect(lesson.drainEvents().contains { $0.name == "alert-shown" })
        lesson.run(seconds: 0.2)
        let halfway = try #require(lesson.item(named: "overlay")).alpha
        #expect(halfway > 0.3 && halfway < 0.7, "the overlay fades in over 0.4 s (\(halfway) at 0.2 s)")
        lesson.run(seconds: 2)
        #expect(try #require(lesson.item(named: "overlay")).alpha == 1)
        let alert = try #require(lesson.item(named: "alert"))
        #expect(alert.alpha == 1)
        #expect(distance(alert.center, viewCenter) < 1)
        #expect(alert.color == "#ff0000")
        #expect(alert.cornerRadius == 10)
        let dismiss = try #require(lesson.item(named: "dismiss"))
        #expect(dismiss.text == "Dismiss")
        #expect(abs(dismiss.center.y - (alert.center.y - 55)) < 1, "the Dismiss button rides at the alert's top")
    }

    @Test func draggingTiltsTheAlertAndReleaseSnapsItBack() throws {
        try showAlert()
        lesson.run(seconds: 2)
        // Grab the alert's right part and drag sideways and a little down.
        let grab = CGPoint(x: viewCenter.x + 90, y: viewCenter.y + 30)
        lesson.pan(.began, at: grab)
        var largestTilt = 0.0
        for step in 1...30 {
            lesson.pan(.changed, at: CGPoint(x: grab.x - Double(step) * 3, y: grab.y + Double(step) * 2))
            lesson.advance(by: 1.0 / 60)
            largestTilt = max(largestTilt, abs(try #require(lesson.item(named: "alert")).angle))
        }
        #expect(largestTilt > 0.05, "held off-centre, the alert tilts (\(largestTilt) rad)")
        lesson.pan(.ended, at: CGPoint(x: grab.x - 90, y: grab.y + 60))
        lesson.run(seconds: 3)
        let alert = try #require(lesson.item(named: "alert"))
        #expect(distance(alert.center, viewCenter) < 1, "it snaps back to the centre")
        #expect(abs(alert.angle) < 0.01)
    }

    @Test func releaseAfterDraggingFarDownDismissesIt() throws {
        try showAlert()
        lesson.run(seconds: 2)
        lesson.pan(.began, at: viewCenter)
        for step in 1...20 {
            lesson.pan(.changed, at: CGPoint(x: viewCenter.x, y: viewCenter.y + Double(step) * 6))
            lesson.advance(by: 1.0 / 60)
        }
        lesson.pan(.ended, at: CGPoint(x: viewCenter.x, y: viewCenter.y + 120))
        #expect(lesson.drainEvents().contains { $0.name == "alert-dismissed" })
        try expectTumblesAwayAndIsRemoved()
    }

    @Test func dismissButtonDropsIt() throws {
        try showAlert()
        lesson.run(seconds: 2)
        _ = lesson.drainEvents()
        lesson.tap(at: try #require(lesson.item(named: "dismiss")).center)
        #expect(lesson.drainEvents().contains { $0.name == "alert-dismissed" })
        try expectTumblesAwayAndIsRemoved()
    }

    @Test func aSmallDragDoesNotDismiss() throws {
        try showAlert()
        lesson.run(seconds: 2)
        lesson.pan(.began, at: viewCenter)
        lesson.pan(.changed, at: CGPoint(x: viewCenter.x, y: viewCenter.y + 50))
        lesson.advance(by: 1.0 / 60)
        lesson.pan(.ended, at: CGPoint(x: viewCenter.x, y: viewCenter.y + 50))
        lesson.run(seconds: 2)
        #expect(lesson.item(named: "alert") != nil)
        #expect(distance(try #require(lesson.item(named: "alert")).center, viewCenter) < 1)
    }

    @Test func showingAgainAfterDismissMakesANewAlert() throws {
        try showAlert()
        lesson.run(seconds: 1)
        lesson.tap(at: try #require(lesson.item(named: "dismiss")).center)
        lesson.run(seconds: 1)
        #expect(lesson.item(named: "alert") == nil)
        try showAlert()
        lesson.run(seconds: 2)
        #expect(distance(try #require(lesson.item(named: "alert")).center, viewCenter) < 1)
    }

    private func expectTumblesAwayAndIsRemoved() throws {
        let version = lesson.sceneVersion
        var turned = 0.0
        var fell = false
        for _ in 0..<24 {
            lesson.advance(by: 1.0 / 60)
            if let alert = lesson.item(named: "alert") {
                turned = max(turned, abs(alert.angle))
                if alert.center.y > viewCenter.y + 50 { fell = true }
            }
        }
        #expect(fell, "gravity (0, 10) pulls it down fast")
        #expect(turned > 0.1, "the angular velocity -π/2 tumbles it")
        lesson.run(seconds: 0.3)
        #expect(lesson.item(named: "alert") == nil, "removed when the overlay has faded")
        #expect(try #require(lesson.item(named: "overlay")).alpha == 0)
        #expect(lesson.sceneVersion > version, "clients are told the scene changed")
    }
}
