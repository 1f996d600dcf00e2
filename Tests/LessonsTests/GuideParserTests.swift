import Foundation
import Lessons
import Testing

/// The guide format (docs/guides.md): what parses, and every kind of mistake reported with its
/// file and line.
@Suite struct GuideParserTests {
    static let facts = LessonFacts(
        id: "snap", items: ["frog", "dragon"], parameters: ["damping": 0.75], events: LessonEventNames.names(of: "snap"),
        gestures: [.tap])

    /// A correct guide with one step, to which a test adds or changes a line.
    static func guide(frontMatter: [String] = [], body: [String] = []) -> String {
        let front = ["---", "lesson: snap", "step: one", "goal: gesture tap and distance frog tap <= 5 for 0.5s", "hint: Tap."]
            + frontMatter + ["---"]
        let text = ["# Intro", "", "Some text.", "", "## First {#one}", "", "Do it."] + body
        return (front + text).joined(separator: "\n")
    }

    static func load(_ texts: [(String, String)]) -> (LessonGuides?, [GuideProblem]) {
        LessonGuides.load(files: texts.map { (path: $0.0, text: $0.1) }, facts: facts)
    }

    static func problems(_ text: String, file: String = "Snap.en.md") -> [GuideProblem] {
        load([(file, text)]).1
    }

    /// The single problem `text` has: its line and a part of its message.
    func expectProblem(_ text: String, line: Int, _ fragment: String, file: String = "Snap.en.md", sourceLocation: SourceLocation = #_sourceLocation) {
        let found = Self.problems(text, file: file)
        #expect(found.count == 1, "\(found)", sourceLocation: sourceLocation)
        guard let problem = found.first else { return }
        #expect(problem.file == file, sourceLocation: sourceLocation)
        #expect(problem.line == line, "\(problem)", sourceLocation: sourceLocation)
        #expect(problem.message.contains(fragment), "\(problem.message)", sourceLocation: sourceLocation)
    }

    @Test func aCorrectGuideParsesWithItsIntroStepsAndGoal() throws {
        let text = Self.guide(
            frontMatter: [
                "step: two", "ask: How many?", "predict: choice none | one | many",
                "goal: param damping <= default and predicted and bounce frog >= 0.8 and report time",
                "hint: First.", "hint: Second.",
            ],
            body: ["", "## Second one {#two}", "Text of two.", "", "More."])
        let (guides, problems) = Self.load([("Snap.en.md", text)])
        #expect(problems.isEmpty, "\(problems)")
        let guide = try #require(guides?.guide(lang: "en"))
        #expect(guide.lang == "en")
        #expect(guide.intro == "# Intro\n\nSome text.")
        #expect(guide.steps.map(\.id) == ["one", "two"])
        let two = guide.steps[1]
        #expect(two.title == "Second one")
        #expect(two.text == "Text of two.\n\nMore.")
        #expect(two.hints == ["First.", "Second."])
        #expect(two.prediction == Prediction(question: "How many?", kind: .choice(["none", "one", "many"])))
        #expect(
            two.goal.clauses == [
                .parameter("damping", GoalComparison(.lessOrEqual, .lessonDefault)), .predicted,
                .measure(.bounce("frog"), GoalComparison(.greaterOrEqual, .number(0.8)), hold: 0), .report(.time),
            ])
        #expect(two.line == 6 && two.goalLine == 9)
        #expect(guide.steps[0].goal.clauses[1] == .measure(.distance("frog", .tap), GoalComparison(.lessOrEqual, .number(5)), hold: 0.5))
    }

    @Test func everyClauseOfTheGoalLanguageParses() throws {
        let goal = try GoalParser.parse(
            "gesture push > 2 and event collision-began \"Frog\" in 1...3 and code ran and code changes damping and "
                + "rest frog for 1 s and dy frog \"red square\" in -5...10.5")
        #expect(
            goal.clauses == [
                .gesture(.push, GoalComparison(.greater, .number(2))),
                .event("collision-began", text: "Frog", GoalComparison(.within, .number(1), upper: 3)), .codeRan,
                .codeChanges("damping"), .measure(.speed("frog"), GoalComparison(.less, .number(GoalParser.restSpeed)), hold: 1),
                .measure(.dy("frog", "red square"), GoalComparison(.within, .number(-5), upper: 10.5), hold: 0),
            ])
        let more = try GoalParser.parse("distance frog (10, 20.5) < 3 and x a != 1 and vy a >= -2 and spin a == 0 and angle a < 1 and speed a > 0 and vx a < 0 and y a > 1")
        #expect(more.clauses.first == .measure(.distance("frog", .point(x: 10, y: 20.5)), GoalComparison(.less, .number(3)), hold: 0))
        #expect(more.clauses.count == 8)
    }

    @Test func comparisonsHoldAsWritten() {
        #expect(GoalComparison(.less, .number(5)).holds(4.9))
        #expect(!GoalComparison(.less, .number(5)).holds(5))
        #expect(GoalComparison(.lessOrEqual, .number(5)).holds(5))
        #expect(GoalComparison(.equal, .number(0.1)).holds(0.1 + 1e-12))
        #expect(!GoalComparison(.equal, .number(0.1)).holds(0.15))
        #expect(GoalComparison(.notEqual, .lessonDefault).holds(0.3, lessonDefault: 0.75))
        #expect(!GoalComparison(.notEqual, .lessonDefault).holds(0.75, lessonDefault: 0.75))
        #expect(!GoalComparison(.notEqual, .lessonDefault).holds(0.3), "no default: never holds")
        #expect(GoalComparison(.within, .number(90), upper: 110).holds(110))
        #expect(!GoalComparison(.within, .number(90), upper: 110).holds(89.9))
        #expect(!GoalComparison(.greater, .number(0)).holds(.nan))
        #expect(!GoalComparison(.less, .number(0)).holds(-.infinity))
    }

    // MARK: The file's shape

    @Test func aFileWithoutFrontMatterIsReported() {
        expectProblem("# Just text\n", line: 1, "begins with its front matter")
    }

    @Test func unclosedFrontMatterIsReported() {
        expectProblem("---\nstep: one\ngoal: gesture tap\n", line: 1, "never closed")
    }

    @Test func aFileTooLargeIsReported() {
        let text = Self.guide(body: [String(repeating: "word ", count: GuideLimits.maxFileBytes / 5)])
        expectProblem(text, line: 0, "at most \(GuideLimits.maxFileBytes) bytes")
    }

    @Test func anOverlongLineIsReported() {
        expectProblem(Self.guide(body: [String(repeating: "x", count: GuideLimits.maxLineLength + 1)]), line: 14, "longer than")
    }

    @Test func anUnknownKeyIsReported() {
        expectProblem(Self.guide(frontMatter: ["colour: red"]), line: 6, "unknown key `colour`")
    }

    @Test func aLineThatIsNotKeyValueIsReported() {
        expectProblem(Self.guide(frontMatter: ["just words"]), line: 6, "expected `key: value`")
    }

    @Test func aStepKeyBeforeAnyStepIsReported() {
        let text = "---\nhint: early\nstep: one\ngoal: gesture tap\n---\n## One {#one}\n"
        expectProblem(text, line: 2, "comes after a `step:`")
    }

    @Test func lessonAndLangAfterTheStepsAreReported() {
        expectProblem(Self.guide(frontMatter: ["lang: en"]), line: 6, "belongs before the first `step:`")
    }

    @Test func aGuideForAnotherLessonIsReported() {
        expectProblem(Self.guide().replacingOccurrences(of: "lesson: snap", with: "lesson: push"), line: 2, "is for `push`")
    }

    @Test func aLanguageThatDisagreesWithTheFileNameIsReported() {
        let text = Self.guide().replacingOccurrences(of: "lesson: snap", with: "lesson: snap\nlang: zh")
        expectProblem(text, line: 3, "the file name says en")
        expectProblem(Self.guide().replacingOccurrences(of: "lesson: snap", with: "lesson: snap\nlang: Chinese!"), line: 3, "not a language code", file: "Snap.md")
    }

    @Test func theLanguageComesFromTheFileNameOrTheFrontMatter() throws {
        #expect(GuideParser.language(ofFileName: "Snap.zh.md") == "zh")
        #expect(GuideParser.language(ofFileName: "Snap.md") == nil)
        let zh = Self.guide().replacingOccurrences(of: "lesson: snap", with: "lesson: snap\nlang: zh")
        let (guides, problems) = Self.load([("Snap.md", zh)])
        #expect(problems.isEmpty)
        #expect(guides?.languages == ["zh"])
    }

    // MARK: Steps

    @Test func aBadStepIDIsReported() {
        expectProblem(Self.guide(frontMatter: ["step: Two Words", "goal: gesture tap"]), line: 6, "a step's id")
    }

    @Test func aSecondStepWithTheSameIDIsReported() {
        expectProblem(Self.guide(frontMatter: ["step: one", "goal: gesture tap"]), line: 6, "a second step with the id `one`")
    }

    @Test func aStepWithoutAGoalIsReportedAndLeftOut() throws {
        let text = Self.guide(frontMatter: ["step: two", "hint: none"], body: ["## Two {#two}", "x"])
        expectProblem(text, line: 6, "has no `goal:`")
        let (guides, _) = Self.load([("Snap.en.md", text)])
        #expect(guides?.steps.map(\.id) == ["one"], "the lesson still serves the other steps")
    }

    @Test func aSecondGoalForOneStepIsReported() {
        expectProblem(Self.guide(frontMatter: ["goal: gesture tap"]), line: 6, "a second `goal:`")
    }

    @Test func aStepWithoutItsSectionIsReported() {
        expectProblem(Self.guide(frontMatter: ["step: two", "goal: gesture tap"]), line: 6, "has no section `## Title {#two}`")
    }

    @Test func aSectionWithoutItsStepIsReported() {
        expectProblem(Self.guide(body: ["## Extra {#extra}", "text"]), line: 14, "has no `step: extra`")
    }

    @Test func aSecondSectionForOneStepIsReported() {
        expectProblem(Self.guide(body: ["## Again {#one}", "text"]), line: 14, "a second section for the step `one`")
    }

    @Test func tooManyHintsAreReported() {
        // The step already has one hint (line 5): the one past the limit is on line 5 + maxHints.
        let hints = (1...GuideLimits.maxHints).map { "hint: \($0)" }
        expectProblem(Self.guide(frontMatter: hints), line: 5 + GuideLimits.maxHints, "at most \(GuideLimits.maxHints) hints")
    }

    @Test func anEmptyValueIsReported() {
        expectProblem(Self.guide(frontMatter: ["hint:"]), line: 6, "`hint:` is empty")
    }

    // MARK: Predictions

    @Test func aPredictionWithoutAQuestionIsReported() {
        expectProblem(Self.guide(frontMatter: ["predict: number pt"]), line: 6, "needs an `ask:`")
    }

    @Test func aQuestionWithoutAPredictionIsReported() {
        expectProblem(Self.guide(frontMatter: ["ask: How far?"]), line: 6, "`ask:` without `predict:`")
    }

    @Test func aMalformedPredictionIsReported() {
        expectProblem(Self.guide(frontMatter: ["ask: Which?", "predict: choice only one"]), line: 7, "2 to \(GuideLimits.maxChoices) answers")
        expectProblem(Self.guide(frontMatter: ["ask: Which?", "predict: choice a || b"]), line: 7, "an empty answer")
        expectProblem(Self.guide(frontMatter: ["ask: Which?", "predict: a guess"]), line: 7, "`choice A | B | …` or `number UNIT`")
    }

    @Test func predictedInAStepWithoutAPredictionIsReported() {
        let text = Self.guide().replacingOccurrences(of: "goal: gesture tap and", with: "goal: predicted and")
        expectProblem(text, line: 4, "asks no prediction")
    }

    // MARK: Goals that do not parse

    @Test func goalSyntaxErrorsAreReportedOnTheGoalsLine() {
        let cases: [(String, String)] = [
            ("jump frog", "`jump` does not begin a clause"),
            ("distance frog tap", "expected a comparison"),
            ("distance frog tap <= far", "expected a number"),
            ("param damping", "expected a comparison"),
            ("x frog in 5...1", "is empty"),
            ("x frog in 1..5", "unexpected character"),
            ("gesture swipe", "`swipe` is not a gesture"),
            ("event \"unclosed", "not closed"),
            ("x frog < 1 or y frog < 2", "expected `and`"),
            ("x frog < 1 for ever", "a duration in seconds"),
            ("x frog < 1 for 9999s", "from 0 to 600 seconds"),
            ("code compiled", "`code ran` or `code changes"),
            ("x frog < 1e400", "expected `and`"),
            ("x frog ≈ 1", "unexpected character"),
            ("x frog < default", "expected a number"),
            ("report param damping", "a measurement after `report`"),
            (Array(repeating: "x frog > 0", count: GuideLimits.maxClauses + 1).joined(separator: " and "), "at most \(GuideLimits.maxClauses) clauses"),
        ]
        for (goal, fragment) in cases {
            let text = Self.guide().replacingOccurrences(of: "goal: gesture tap and distance frog tap <= 5 for 0.5s", with: "goal: \(goal)")
            expectProblem(text, line: 4, fragment)
        }
    }

    // MARK: Goals that name what the lesson does not have

    @Test func anUnknownItemIsReported() {
        expectProblem(Self.guide(frontMatter: ["step: two", "goal: y toad > 3"], body: ["## Two {#two}"]), line: 7, "no item `toad`")
    }

    @Test func anUnknownParameterIsReported() {
        expectProblem(Self.guide(frontMatter: ["step: two", "goal: param stiffness > 3"], body: ["## Two {#two}"]), line: 7, "no parameter `stiffness`")
        expectProblem(Self.guide(frontMatter: ["step: two", "goal: code changes stiffness"], body: ["## Two {#two}"]), line: 7, "no parameter `stiffness`")
    }

    @Test func anUnknownEventIsReported() {
        expectProblem(Self.guide(frontMatter: ["step: two", "goal: event explosion"], body: ["## Two {#two}"]), line: 7, "no event `explosion`")
    }

    @Test func aGestureTheLessonDoesNotTakeIsReported() {
        expectProblem(Self.guide(frontMatter: ["step: two", "goal: gesture pan"], body: ["## Two {#two}"]), line: 7, "takes no pan")
    }

    @Test func aMeasurementBetweenUnknownItemsIsReportedOncePerItem() {
        let found = Self.problems(Self.guide(frontMatter: ["step: two", "goal: dy toad frog > 0 and distance frog newt < 1"], body: ["## Two {#two}"]))
        #expect(found.map(\.line) == [7, 7])
        #expect(found.map(\.message).joined().contains("`toad`") && found.map(\.message).joined().contains("`newt`"))
    }

    // MARK: Languages

    @Test func languagesMustDeclareTheSameSteps() throws {
        let en = Self.guide(frontMatter: ["step: two", "ask: Q", "predict: choice a | b", "goal: gesture tap"], body: ["## Two {#two}"])
        let differentGoal = en.replacingOccurrences(of: "goal: gesture tap\n", with: "goal: gesture tap > 2\n")
        var (guides, problems) = Self.load([("Snap.en.md", en), ("Snap.zh.md", differentGoal)])
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first?.file == "Snap.zh.md" && problems.first?.line == 9 && problems.first?.message.contains("differs") == true)
        #expect(guides?.guide(lang: "zh")?.steps.map(\.id) == ["one"])
        #expect(guides?.steps.map(\.id) == ["one", "two"], "the English steps are the ones decided")

        let fewerChoices = en.replacingOccurrences(of: "choice a | b", with: "choice a | b | c")
        (guides, problems) = Self.load([("Snap.en.md", en), ("Snap.zh.md", fewerChoices)])
        #expect(problems.contains { $0.line == 6 && $0.message.contains("prediction of `two` differs") }, "\(problems)")

        let extra = en.replacingOccurrences(of: "step: two", with: "step: three").replacingOccurrences(of: "{#two}", with: "{#three}")
        (guides, problems) = Self.load([("Snap.en.md", en), ("Snap.zh.md", extra)])
        #expect(problems.contains { $0.message.contains("`three` is not in Snap.en.md") }, "\(problems)")
        #expect(problems.contains { $0.message.contains("`two` of Snap.en.md is missing") }, "\(problems)")

        (guides, problems) = Self.load([("Snap.en.md", en), ("Other.en.md", en)])
        #expect(problems.contains { $0.file == "Other.en.md" && $0.message.contains("a second guide in the language en") })
    }

    @Test func aMissingLanguageFallsBackToEnglish() throws {
        let (guides, _) = Self.load([("Snap.en.md", Self.guide())])
        #expect(guides?.guide(lang: "zh")?.lang == "en")
        #expect(guides?.guide(lang: nil)?.lang == "en")
    }
}
