import Foundation
import Lessons
import Testing

/// A lesson run as a room runs it (60 steps a second), with one member working through its
/// guide: every gesture and parameter goes to the lesson and to the guide's tracker, and the
/// tracker looks at the lesson after every input and every step.
final class GuideRun {
    let lesson: any Lesson
    let tracker: GuideTracker
    private(set) var done: [StepDone] = []
    let member = 1

    /// The lesson `id` with its member at the step `step` of its shipped guide.
    convenience init(_ id: String, step: String) throws {
        let (guides, problems) = GuideLibrary.guides(of: try #require(LessonCatalog.lesson(withID: id)))
        #expect(problems.isEmpty, "\(problems)")
        let steps = try #require(guides).steps
        try self.init(id, steps: steps, open: try #require(steps.firstIndex { $0.id == step }))
    }

    /// The lesson `id` with a guide of these steps, its member at step `open`.
    init(_ id: String, steps: [GuideStep], open: Int = 0) throws {
        lesson = try #require(LessonCatalog.lesson(withID: id)).init()
        tracker = GuideTracker(
            steps: steps, lessonDefaults: Dictionary(uniqueKeysWithValues: lesson.parameters.map { ($0.name, $0.value) }))
        tracker.join(member: member)
        tracker.move(member: member, toStep: open)
    }

    func tap(_ x: Double, _ y: Double) {
        lesson.tap(at: CGPoint(x: x, y: y))
        tracker.gesture(.tap, at: CGPoint(x: x, y: y), by: member)
        input()
    }

    func push(_ x: Double, _ y: Double) {
        lesson.push(at: CGPoint(x: x, y: y), swipe: nil)
        tracker.gesture(.push, at: CGPoint(x: x, y: y), by: member)
        input()
    }

    /// A drag from `from` to `to` in `steps` moves, one lesson step apart; the finger stays down.
    func drag(from: CGPoint, to: CGPoint, steps: Int = 30) {
        lesson.pan(.began, at: from)
        tracker.gesture(.pan, at: from, by: member)
        input()
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            lesson.pan(.changed, at: CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
            input()
            run(seconds: 1.0 / 60)
        }
    }

    func release(at point: CGPoint) {
        lesson.pan(.ended, at: point)
        input()
    }

    func set(_ name: String, _ value: Double) throws {
        try lesson.setParameter(name, to: value)
        input()
    }

    private func input() {
        tracker.events(lesson.drainEvents())
        done += tracker.observe(lesson, stepped: false)
    }

    func run(seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            lesson.advance(by: 1.0 / 60)
            tracker.events(lesson.drainEvents())
            done += tracker.observe(lesson, stepped: true)
        }
    }

    func ticked(_ step: String) -> StepDone? {
        done.first { $0.step == step }
    }
}

/// Every goal of every guide, driven headless: met by a run that should meet it, not met by
/// one that should not.
@Suite struct GuideLessonTests {
    static let tutorial = ["gravity", "collision", "attachment", "spring", "snap", "push", "properties"]
    /// The extra rooms that have a guide so far.
    static let extra = ["race", "barrier", "alert", "hoop", "fields", "drops"]

    @Test func everyGuideLoadsCleanlyInBothLanguages() throws {
        for id in Self.tutorial + Self.extra {
            let type = try #require(LessonCatalog.lesson(withID: id))
            let (guides, problems) = GuideLibrary.guides(of: type)
            #expect(problems.isEmpty, "\(id): \(problems)")
            let loaded = try #require(guides, "\(id) has no guide")
            #expect(loaded.languages == ["en", "zh"], "\(id)")
            #expect((3...6).contains(loaded.steps.count), "\(id): \(loaded.steps.count) steps")
            #expect(loaded.steps.contains { $0.prediction != nil }, "\(id) asks no prediction")
            for lang in ["en", "zh"] {
                let guide = try #require(loaded.guide(lang: lang))
                #expect(guide.lang == lang)
                #expect(guide.steps.map(\.id) == loaded.steps.map(\.id), "\(id) \(lang)")
                #expect(guide.intro.count > 400, "\(id) \(lang): an introduction")
                for step in guide.steps {
                    #expect(!step.text.isEmpty && !step.hints.isEmpty, "\(id) \(lang) \(step.id)")
                }
            }
        }
    }

    /// Runs `good` and `bad` on fresh rooms at `step`: the first must tick it, the second not.
    func check(
        _ lesson: String, _ step: String, good: (GuideRun) throws -> Void, bad: (GuideRun) throws -> Void,
        value: ClosedRange<Double>? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let met = try GuideRun(lesson, step: step)
        try good(met)
        let done = met.ticked(step)
        #expect(done != nil, "\(lesson)/\(step) not met by the run that should meet it", sourceLocation: sourceLocation)
        if let done {
            #expect(done.member == 1 && !done.text.isEmpty, sourceLocation: sourceLocation)
            // The Chinese line says the same values in Chinese words (none of the English ones).
            #expect(!done.chineseText.isEmpty && done.chineseText != done.text, "\(done.chineseText)", sourceLocation: sourceLocation)
            for english in ["distance", "speed of", "bounce of", "taps:", "drags:", "presses:", "for ", "at rest", "not measured"] {
                #expect(!done.chineseText.contains(english), "\(lesson)/\(step): \(done.chineseText)", sourceLocation: sourceLocation)
            }
            if let value {
                let measured = try #require(done.value, sourceLocation: sourceLocation)
                #expect(value.contains(measured), "\(lesson)/\(step): \(done.text)", sourceLocation: sourceLocation)
            }
        }
        let missed = try GuideRun(lesson, step: step)
        try bad(missed)
        #expect(
            missed.ticked(step) == nil, "\(lesson)/\(step) met by a run that should not: \(missed.ticked(step)?.text ?? "")",
            sourceLocation: sourceLocation)
    }

    @Test func gravity() throws {
        // d = 587 points at 100 points/s²: t = √(2d/g) ≈ 3.43 s; at 400 points/s², half that.
        try check("gravity", "fall", good: { $0.tap(10, 10); $0.run(seconds: 4) }, bad: { $0.tap(10, 10); $0.run(seconds: 3) }, value: 3.3...3.6)
        try check(
            "gravity", "stronger", good: { try $0.set("magnitude", 0.4); $0.tap(10, 10); $0.run(seconds: 2.5) },
            bad: { $0.tap(10, 10); $0.run(seconds: 5) }, value: 1.65...1.8)
        try check(
            "gravity", "sideways", good: { try $0.set("angle", 0); $0.tap(10, 10); $0.run(seconds: 4) },
            bad: { try $0.set("angle", 0.5); $0.tap(10, 10); $0.run(seconds: 4) })
        try check(
            "gravity", "upwards", good: { try $0.set("angle", -Double.pi / 2); $0.tap(10, 10); $0.run(seconds: 3) },
            bad: { try $0.set("angle", -Double.pi / 2); $0.run(seconds: 3) })
    }

    @Test func collision() throws {
        try check("collision", "first-touch", good: { $0.tap(10, 10); $0.run(seconds: 2) }, bad: { $0.run(seconds: 2) }, value: 0.9...1.1)
        try check(
            "collision", "corner", good: { try $0.set("angle", 0.8); $0.tap(10, 10); $0.run(seconds: 4) },
            bad: { $0.tap(10, 10); $0.run(seconds: 4) })
        try check(
            "collision", "contact-ends", good: { $0.run(seconds: 2); try $0.set("angle", -Double.pi / 2); $0.run(seconds: 1) },
            bad: { $0.run(seconds: 2); try $0.set("angle", 0.3); $0.run(seconds: 1) })
    }

    @Test func attachment() throws {
        let frog = CGPoint(x: 187.5, y: 200)
        try check("attachment", "follow", good: { $0.drag(from: frog, to: CGPoint(x: 300, y: 200)) }, bad: { $0.run(seconds: 1) })
        try check(
            "attachment", "edge-wins", good: { $0.drag(from: frog, to: CGPoint(x: 187.5, y: 560)); $0.run(seconds: 1) },
            bad: { $0.drag(from: frog, to: CGPoint(x: 187.5, y: 120)); $0.run(seconds: 1) })
        try check(
            "attachment", "shorter", good: { try $0.set("length", 100); $0.run(seconds: 3) },
            bad: { try $0.set("length", 150); $0.run(seconds: 3) })
    }

    @Test func spring() throws {
        let frog = CGPoint(x: 187.5, y: 170)
        // At rest the spring's pull balances the weight: 100 + g/ω² = 100 + 1000/(2π)² ≈ 125 points.
        try check("spring", "hang", good: { $0.run(seconds: 10) }, bad: { $0.run(seconds: 1) }, value: 120...130)
        try check(
            "spring", "stiffer",
            good: { try $0.set("frequency", 3); $0.drag(from: frog, to: CGPoint(x: 190, y: 170), steps: 3); $0.run(seconds: 6) },
            bad: { try $0.set("frequency", 2); $0.drag(from: frog, to: CGPoint(x: 190, y: 170), steps: 3); $0.run(seconds: 6) })
        try check(
            "spring", "longer", good: { try $0.set("length", 150); $0.run(seconds: 10) },
            bad: { try $0.set("length", 120); $0.run(seconds: 10) })
    }

    @Test func snap() throws {
        try check("snap", "first-snap", good: { $0.tap(60, 600); $0.run(seconds: 2) }, bad: { $0.tap(60, 600); $0.run(seconds: 0.2) })
        try check(
            "snap", "low-damping", good: { try $0.set("damping", 0.1); $0.tap(60, 600); $0.run(seconds: 6) },
            bad: { $0.tap(60, 600); $0.run(seconds: 6) })
        try check(
            "snap", "replaced",
            good: { $0.tap(60, 600); $0.run(seconds: 0.1); $0.tap(300, 100); $0.run(seconds: 0.1); $0.tap(60, 100); $0.run(seconds: 3) },
            bad: { $0.tap(60, 600); $0.run(seconds: 0.1); $0.tap(60, 100); $0.run(seconds: 3) })
        // The code a member ran, as the room reports it: the parameters of a fresh lesson of it
        // (GuideRoomTests runs real code through a room).
        func ran(_ damping: Double) -> (GuideRun) -> Void {
            { run in
                run.tracker.codeRan(
                    by: run.member, parameters: [LessonParameter(name: "damping", label: "", value: damping, min: 0, max: 1, step: 0.05)])
                run.run(seconds: 1.0 / 60)
            }
        }
        try check("snap", "own-code", good: ran(0.3), bad: ran(0.75), value: 0.3...0.3)
    }

    @Test func push() throws {
        let centre = (x: 187.5, y: 333.5)
        try check(
            "push", "away", good: { $0.push(centre.x + 50, centre.y); $0.run(seconds: 0.1) },
            bad: { $0.push(centre.x - 50, centre.y); $0.run(seconds: 0.1) })
        try check(
            "push", "capped", good: { $0.push(centre.x, centre.y + 200); $0.run(seconds: 0.1) },
            bad: { $0.push(centre.x, centre.y + 30); $0.run(seconds: 0.1) }, value: 95...105)
        try check(
            "push", "again", good: { for _ in 0..<3 { $0.push(centre.x - 150, centre.y); $0.run(seconds: 0.05) } },
            bad: { $0.push(centre.x - 150, centre.y); $0.run(seconds: 0.5) })
    }

    @Test func properties() throws {
        try check(
            "properties", "compare", good: { $0.tap(10, 10); $0.run(seconds: 3) },
            bad: { try $0.set("elasticity", 0); $0.tap(10, 10); $0.run(seconds: 3) })
        try check(
            "properties", "no-air", good: { try $0.set("resistance", 0); $0.tap(10, 10); $0.run(seconds: 3) },
            bad: { $0.tap(10, 10); $0.run(seconds: 3) }, value: 0.8...1.05)
        try check(
            "properties", "dead", good: { try $0.set("elasticity", 0); $0.tap(10, 10); $0.run(seconds: 3) },
            bad: { $0.tap(10, 10); $0.run(seconds: 3) })
    }

    @Test func race() throws {
        // a = 120 points/s², v = 120 points/s: level at t = 2v/a = 2 s, whatever the magnitude.
        try check("race", "first-second", good: { $0.tap(10, 10); $0.run(seconds: 1.1) }, bad: { $0.run(seconds: 2) }, value: 40...80)
        try check("race", "overtake", good: { $0.tap(10, 10); $0.run(seconds: 2.5) }, bad: { $0.tap(10, 10); $0.run(seconds: 1.5) }, value: 1.85...2.15)
        try check(
            "race", "stronger", good: { try $0.set("magnitude", 0.6); $0.tap(10, 10); $0.run(seconds: 2.5) },
            bad: { $0.tap(10, 10); $0.run(seconds: 2.5) }, value: 1.85...2.15)
    }

    @Test func barrier() throws {
        try check("barrier", "land", good: { $0.tap(10, 10); $0.run(seconds: 2) }, bad: { $0.run(seconds: 2) })
        // Elasticity 0.7: a flat landing rises to 0.7² ≈ 0.49 of the fall.
        try check(
            "barrier", "rebound", good: { try $0.set("rotation", 0); $0.tap(10, 10); $0.run(seconds: 3) },
            bad: { $0.tap(10, 10); $0.run(seconds: 3) }, value: 0.4...0.6)
        try check(
            "barrier", "settle", good: { try $0.set("elasticity", 0); $0.tap(10, 10); $0.run(seconds: 3) },
            bad: { try $0.set("elasticity", 0.5); $0.tap(10, 10); $0.run(seconds: 3) })
    }

    @Test func alert() throws {
        let button = (x: 187.5, y: 582.0), centre = CGPoint(x: 187.5, y: 333.5)
        let grab = CGPoint(x: centre.x + 90, y: centre.y + 30)
        func shown(_ run: GuideRun) {
            run.tap(button.x, button.y)
            run.run(seconds: 2)
        }
        try check("alert", "show", good: shown, bad: { $0.tap(40, 40); $0.run(seconds: 2) })
        try check(
            "alert", "drag", good: { shown($0); $0.drag(from: grab, to: CGPoint(x: grab.x + 40, y: grab.y + 80)); $0.run(seconds: 0.5) },
            bad: { shown($0); $0.drag(from: grab, to: CGPoint(x: grab.x + 5, y: grab.y + 5)); $0.run(seconds: 0.5) })
        func dragDown(_ distance: Double) -> (GuideRun) -> Void {
            { run in
                shown(run)
                run.drag(from: grab, to: CGPoint(x: grab.x, y: grab.y + distance))
                run.release(at: CGPoint(x: grab.x, y: grab.y + distance))
                run.run(seconds: 1)
            }
        }
        try check("alert", "dismiss", good: dragDown(150), bad: dragDown(50))
    }

    @Test func hoop() throws {
        try check("hoop", "throw", good: { $0.push(200, 300); $0.run(seconds: 1) }, bad: { $0.run(seconds: 1) })
        // The same press with twice the density: half the speed of the lesson's own throw.
        func throwSpeed(density: Double) throws -> Double {
            let lesson = try #require(LessonCatalog.lesson(withID: "hoop")).init()
            try lesson.setParameter("density", to: density)
            lesson.push(at: CGPoint(x: 200, y: 300), swipe: nil)
            let before = try #require(lesson.item(named: "ball")).center
            lesson.advance(by: 1.0 / 60)
            return distance(try #require(lesson.item(named: "ball")).center, before) * 60
        }
        let light = try throwSpeed(density: 3), heavy = try throwSpeed(density: 6)
        #expect(isClose(heavy, light / 2, relative: 0.1), "\(heavy) vs \(light)")
        try check(
            "hoop", "heavier", good: { try $0.set("density", 6); $0.push(200, 300); $0.run(seconds: 0.1) },
            bad: { $0.push(200, 300); $0.run(seconds: 0.1) }, value: heavy * 0.9...heavy * 1.1)
        try check(
            "hoop", "straight-up", good: { try $0.set("throwAngle", -1.57); $0.push(200, 300); $0.run(seconds: 3) },
            bad: { try $0.set("throwAngle", -1.0); $0.push(200, 300); $0.run(seconds: 3) })
    }

    @Test func fields() throws {
        let away = (x: 100.0, y: 150.0)
        try check("fields", "follow", good: { $0.tap(away.x, away.y); $0.run(seconds: 8) }, bad: { $0.tap(away.x, away.y); $0.run(seconds: 1) })
        try check("fields", "charges", good: { $0.tap(away.x, away.y); $0.run(seconds: 5) }, bad: { $0.run(seconds: 5) })
        try check(
            "fields", "switch-off", good: { try $0.set("electric", 0); $0.tap(away.x, away.y); $0.run(seconds: 6) },
            bad: { $0.tap(away.x, away.y); $0.run(seconds: 6) })
    }

    @Test func drops() throws {
        func drop(_ count: Int) -> (GuideRun) -> Void {
            { run in
                for _ in 0..<count {
                    run.tap(100, 100)
                    run.run(seconds: 0.3)
                }
                run.run(seconds: 4)
            }
        }
        try check("drops", "first", good: drop(1), bad: { $0.run(seconds: 2) }, value: 647...649.5)
        try check("drops", "pile", good: drop(10), bad: drop(9), value: 640...649.5)
        try check(
            "drops", "heavy", good: { try $0.set("magnitude", 2); drop(5)($0) }, bad: { try $0.set("magnitude", 1.5); drop(5)($0) })
    }

    @Test func stepsOpenInOrderAndPredictionsAreChecked() throws {
        let run = try GuideRun("snap", step: "first-snap")
        #expect(throws: GuideInputError.noPrediction("first-snap")) { try run.tracker.predict(member: 1, step: "first-snap", .choice(0)) }
        #expect(throws: GuideInputError.unknownStep("nope")) { try run.tracker.predict(member: 1, step: "nope", .choice(0)) }
        #expect(throws: GuideInputError.noSuchChoice(step: "low-damping", count: 3)) {
            try run.tracker.predict(member: 1, step: "low-damping", .choice(3))
        }
        #expect(throws: GuideInputError.wrongKind(step: "low-damping", expected: "a choice")) {
            try run.tracker.predict(member: 1, step: "low-damping", .number(2))
        }
        try run.tracker.predict(member: 1, step: "low-damping", .choice(2))
        run.tap(60, 600)
        run.run(seconds: 2)
        #expect(run.ticked("first-snap") != nil)
        #expect(run.tracker.members[1]?.open == 1, "the next step opens")
        try run.set("damping", 0.1)
        run.tap(300, 100)
        run.run(seconds: 6)
        let done = try #require(run.ticked("low-damping"))
        #expect(done.prediction == .choice(2))
        #expect(done.text.contains("you predicted “two or more times”"), "\(done.text)")
        #expect(throws: GuideInputError.alreadyDone("low-damping")) { try run.tracker.predict(member: 1, step: "low-damping", .choice(0)) }
        // Another member in the same room has made no gesture: their first step is still open.
        run.tracker.join(member: 2)
        run.run(seconds: 1)
        #expect(run.tracker.members[2]?.open == 0)

        let spring = try GuideRun("spring", step: "hang")
        #expect(throws: GuideInputError.notANumber("hang")) { try spring.tracker.predict(member: 1, step: "hang", .number(.nan)) }
        #expect(throws: GuideInputError.notANumber("hang")) { try spring.tracker.predict(member: 1, step: "hang", .number(.infinity)) }
    }

    @Test func aDurationCountsOnlyOnceEveryOtherClauseHolds() throws {
        // The falling frog is below y = 0 all along; "magnitude at least 0.2, and y above 0 for
        // 1 s" must wait a second after the parameter changed, not count the time before it.
        let text = "---\nstep: hold\ngoal: param magnitude >= 0.2 and y frog > 0 for 1s\n---\n## Hold {#hold}\nText."
        let type = try #require(LessonCatalog.lesson(withID: "gravity"))
        let facts = LessonFacts(lesson: type.init(), id: "gravity", gestures: type.info.gestures)
        let (guides, problems) = LessonGuides.load(files: [("Gravity.md", text)], facts: facts)
        #expect(problems.isEmpty, "\(problems)")
        let run = try GuideRun("gravity", steps: try #require(guides).steps)
        run.run(seconds: 1)
        try run.set("magnitude", 0.2)
        run.run(seconds: 0.5)
        #expect(run.ticked("hold") == nil)
        run.run(seconds: 0.6)
        #expect(run.ticked("hold") != nil)
        #expect(run.ticked("hold")?.text.contains("for 1") == true, "\(run.ticked("hold")?.text ?? "")")
    }
}
