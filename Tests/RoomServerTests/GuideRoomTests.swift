import Foundation
import Lessons
import LiveSwift
import RoomServer
import Testing

/// The guide through a room (docs/guides.md): steps ticked per member from the room's own
/// lesson, `step-done` to the member and the instructor, the roster as `progress`, predictions
/// checked and rate limited, code run by a member.
struct GuideRoomTests {
    static let snap = LessonCatalog.lesson(withID: "snap")!
    static let directory = LessonDirectory(entries: [LessonDirectory.Entry(snap, code: LessonCatalog.sourceCode(of: snap))])

    /// A class room of the snap lesson: the instructor on connection 1, a student on 2.
    func makeClass() -> Room {
        var random = SystemRandomNumberGenerator()
        let room = Room(
            id: "ABCDEF", kind: .classRoom(code: "ABCDEF"), lesson: Self.directory.entry(withID: "snap")!,
            directory: Self.directory, limits: ServerLimits(), compiler: LiveLessonCompiler.make(), now: 0, random: &random)
        _ = room.join(connection: 1, name: "Teacher", asOpener: true, now: 0)
        _ = room.join(connection: 2, name: "Ada", now: 0)
        return room
    }

    /// Ticks the room for `seconds`, collecting what it sends to whom.
    func run(_ room: Room, seconds: Double) -> [RoomOutput] {
        (0..<Int(seconds * 60)).flatMap { _ in room.tick() }
    }

    /// The JSON messages of `outputs` sent to `connection`, decoded.
    func sent(to connection: ConnectionID, _ outputs: [RoomOutput]) -> [[String: Any]] {
        outputs.compactMap {
            if case .send(connection, let buffer) = $0 { return decode(buffer) }
            if case .broadcast(let buffer) = $0, !buffer.isBinary { return decode(buffer) }
            return nil
        }
    }

    func error(_ result: Result<[RoomOutput], ProtocolError>) -> ErrorCode? {
        if case .failure(let error) = result { return error.code }
        return nil
    }

    func stepDone(_ messages: [[String: Any]]) -> [[String: Any]] {
        messages.filter { $0["type"] as? String == "event" && $0["name"] as? String == "step-done" }
    }

    @Test func aStudentsTapTicksTheirFirstStepWithItsMeasuredValue() throws {
        let room = makeClass()
        var outputs = try room.handle(.tap(x: 60, y: 600), from: 2, now: 0).get()
        outputs += run(room, seconds: 2)
        let toStudent = stepDone(sent(to: 2, outputs))
        #expect(toStudent.count == 1)
        let done = try #require(toStudent.first)
        #expect(done["step"] as? String == "first-snap")
        #expect(done["member"] as? Int == 2)
        let value = try #require(done["value"] as? Double)
        #expect(value <= 5, "the measured distance to the tap")
        #expect((done["text"] as? String)?.contains("distance frog–tap") == true)
        let texts = try #require(done["texts"] as? [String: String])
        #expect(texts["en"] == done["text"] as? String)
        #expect(texts["zh-CN"]?.contains("青蛙到点击处的距离") == true, "the line in Chinese: \(texts)")
        #expect(stepDone(sent(to: 1, outputs)).count == 1, "the instructor hears it too")
        let progress = try #require(sent(to: 1, outputs).last { $0["type"] as? String == "progress" })
        let members = try #require(progress["members"] as? [[String: Any]])
        #expect(members.count == 1 && members[0]["name"] as? String == "Ada")
        #expect(members[0]["open"] as? String == "low-damping")
        #expect((progress["steps"] as? [[String: Any]])?.first?["done"] as? Int == 1)
        #expect(sent(to: 2, outputs).allSatisfy { $0["type"] as? String != "progress" }, "only the instructor gets the roster")
    }

    @Test func theInstructorExportsTheProgressAsCSV() throws {
        let room = makeClass()
        _ = room.join(connection: 3, name: "=HYPERLINK(\"x\")", now: 0)
        _ = try room.handle(.prediction(step: "low-damping", answer: .choice(2)), from: 2, now: 0).get()
        _ = try room.handle(.tap(x: 60, y: 600), from: 2, now: 0).get()
        _ = run(room, seconds: 2)
        #expect(error(room.handle(.control(.guideCSV), from: 2, now: 0)) == .forbidden)
        let outputs = try room.handle(.control(.guideCSV), from: 1, now: 0).get()
        let csv = try #require(sent(to: 1, outputs).first { $0["type"] as? String == "progress-csv" }?["csv"] as? String)
        let rows = csv.split(separator: "\n").map(String.init)
        #expect(rows.first == "member,name,step,done,value,prediction")
        #expect(rows.count == 1 + 2 * 4, "two students, four steps")
        #expect(rows[1].hasPrefix("2,Ada,first-snap,yes,"))
        #expect(rows[2] == "2,Ada,low-damping,no,,two or more times")
        #expect(rows[5].hasPrefix(#"3,"'=HYPERLINK(""x"")",first-snap,no"#), "a formula is defused: \(rows[5])")
    }

    @Test func theInstructorsTapDoesNotTickAStudentsGestureStep() throws {
        let room = makeClass()
        var outputs = try room.handle(.tap(x: 60, y: 600), from: 1, now: 0).get()
        outputs += run(room, seconds: 2)
        #expect(stepDone(sent(to: 2, outputs)).isEmpty)
        let done = stepDone(sent(to: 1, outputs))
        #expect(done.count == 1 && done.first?["member"] as? Int == 1, "the instructor's own step")
    }

    @Test func predictionsAreCheckedAndChangeNothingWhenRefused() throws {
        let room = makeClass()
        func refused(_ step: String, _ answer: PredictionAnswer, now: Int64 = 0) -> ProtocolError? {
            if case .failure(let error) = room.handle(.prediction(step: step, answer: answer), from: 2, now: now) { return error }
            return nil
        }
        // A second apart: every prediction message counts against the sender's few a second.
        #expect(refused("first-snap", .choice(0), now: 1_000_000)?.message.contains("asks no prediction") == true)
        #expect(refused("hang", .number(120), now: 2_000_000)?.message.contains("no step hang") == true, "a step of another lesson")
        #expect(refused("low-damping", .choice(5), now: 3_000_000)?.code == .badValue)
        #expect(refused("low-damping", .number(2), now: 4_000_000)?.code == .badValue)
        let taken = try room.handle(.prediction(step: "low-damping", answer: .choice(1)), from: 2, now: 5_000_000).get()
        #expect(sent(to: 2, taken).first?["name"] as? String == "prediction")
        let roster = try #require(sent(to: 1, taken).first { $0["type"] as? String == "progress" })
        let predictions = (roster["members"] as? [[String: Any]])?.first?["predictions"] as? [[String: Any]]
        #expect((predictions?.first?["prediction"] as? [String: Any])?["choice"] as? Int == 1)
        // A flood: a few a second at most, the rest refused without a change.
        var limited = 0
        for i in 0..<10 where refused("low-damping", .choice(2), now: 6_000_000 + Int64(i))?.code == .rateLimited { limited += 1 }
        #expect(limited == 6)
        #expect(refused("low-damping", .choice(0), now: 16_000_000) == nil, "taken again after a while")
    }

    @Test func predictionMessagesAreValidatedOnTheWire() throws {
        func parse(_ json: String) -> Result<ClientMessage, ProtocolError> { ClientMessage.parse(Array(json.utf8)) }
        #expect(try parse(#"{"type":"prediction","step":"hang","value":120.5}"#).get() == .prediction(step: "hang", answer: .number(120.5)))
        #expect(try parse(#"{"type":"prediction","step":"low-damping","choice":2}"#).get() == .prediction(step: "low-damping", answer: .choice(2)))
        for bad in [
            #"{"type":"prediction","step":"hang"}"#, #"{"type":"prediction","step":"hang","choice":1,"value":2}"#,
            #"{"type":"prediction","step":"hang","choice":1.5}"#, #"{"type":"prediction","step":"hang","choice":-1}"#,
            #"{"type":"prediction","step":"hang","value":"NaN"}"#, #"{"type":"prediction","step":"hang","value":1e999}"#,
            #"{"type":"prediction","value":1}"#,
            #"{"type":"prediction","step":"hang","value":1,"pad":""# + String(repeating: "x", count: 200) + #""}"#,
        ] {
            guard case .failure(let error) = parse(bad) else {
                Issue.record("accepted: \(bad)")
                continue
            }
            #expect(error.code == .badValue || error.code == .badMessage, "\(bad): \(error)")
        }
    }

    @Test func codeAMemberRunsWithItsOwnDampingTicksTheCodeStep() throws {
        let room = makeClass()
        let own = Self.directory.entry(withID: "snap")!.code
        // Everyone to the code step; the instructor runs code.
        let moved = try room.handle(.control(.guideStep("own-code")), from: 1, now: 0).get()
        let heard = try #require(sent(to: 2, moved).first { $0["name"] as? String == "guide-step" })
        #expect(heard["step"] as? String == "own-code", "the step by its id, for the page")
        #expect((heard["texts"] as? [String: String])?["zh-CN"]?.hasPrefix("全体转到第 4 步：") == true, "\(heard)")
        let welcome = decode(room.welcome(for: try #require(room.members.first { $0.id == 2 })))
        #expect((welcome["lesson"] as? [String: Any])?["guide"] as? Bool == true, "the welcome says the lesson has a guide")
        let roster = try #require(sent(to: 1, moved).last { $0["type"] as? String == "progress" })
        #expect((roster["members"] as? [[String: Any]])?.first?["open"] as? String == "own-code")
        #expect(error(room.handle(.control(.guideStep("own-code")), from: 2, now: 0)) == .forbidden, "the instructor's alone")
        #expect(error(room.handle(.control(.guideStep("nope")), from: 1, now: 0)) == .badValue)
        var outputs = try room.handle(.code(source: own), from: 1, now: 0).get()
        #expect(stepDone(sent(to: 1, outputs)).isEmpty, "the lesson's own damping")
        let edited = own.replacingOccurrences(of: "var damping: CGFloat = 0.75", with: "var damping: CGFloat = 0.3")
        #expect(edited != own)
        outputs = try room.handle(.code(source: edited), from: 1, now: 10_000_000).get()
        let done = try #require(stepDone(sent(to: 1, outputs)).first)
        #expect(done["step"] as? String == "own-code")
        #expect(done["value"] as? Double == 0.3)
    }

    @Test func theGuideIsServedInTheLanguageAskedForWithoutItsGoals() throws {
        func answer(_ path: String, lang: String? = nil) -> (Int, [String: Any])? {
            guard let answer = GuideRoute.answer(path: path, query: lang.map { ["lang": $0] } ?? [:], directory: Self.directory),
                case .body(let status, _, let body) = answer
            else { return nil }
            return (status, (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:])
        }
        let (status, zh) = try #require(answer("/api/lessons/snap/guide", lang: "zh"))
        #expect(status == 200)
        #expect(zh["lesson"] as? String == "snap" && zh["lang"] as? String == "zh")
        #expect(zh["languages"] as? [String] == ["en", "zh"])
        #expect((zh["intro"] as? String)?.contains("吸附") == true)
        let steps = try #require(zh["steps"] as? [[String: Any]])
        #expect(steps.map { $0["id"] as? String } == ["first-snap", "low-damping", "replaced", "own-code"])
        #expect(steps.allSatisfy { $0["goal"] == nil && ($0["hints"] as? [String])?.isEmpty == false })
        let prediction = try #require(steps[1]["prediction"] as? [String: Any])
        #expect(prediction["kind"] as? String == "choice" && (prediction["choices"] as? [String])?.count == 3)
        #expect(answer("/api/lessons/snap/guide", lang: "fr")?.1["lang"] as? String == "en", "English when the language is missing")
        #expect(answer("/api/lessons/snap/guide")?.1["lang"] as? String == "en")
        #expect(answer("/api/lessons/nope/guide")?.0 == 404)
        #expect(answer("/api/lessons") == nil && answer("/api/lessons//guide") == nil)
    }

    /// The blank lesson's guide: a tap, the member's own code, and code that makes the square bounce.
    @Test func theBlankLessonsGuideIsDecidedFromTheTemplateAndTheCodeThatRan() throws {
        let blank = try LiveLessonCompiler.blankLesson().get()
        let guides = try #require(blank.guides)
        #expect(guides.languages == ["en", "zh"])
        #expect(guides.steps.map(\.id) == ["jump", "run", "bounce"])
        #expect(guides.choices(inLanguage: "zh")["jump"]?.count == 3)
        let directory = LessonDirectory(entries: [blank])
        func makeRoom() -> Room {
            var random = SystemRandomNumberGenerator()
            let room = Room(
                id: "BLANKK", kind: .classRoom(code: "BLANKK"), lesson: blank, directory: directory, limits: ServerLimits(),
                compiler: LiveLessonCompiler.make(), now: 0, random: &random)
            _ = room.join(connection: 1, name: "Teacher", asOpener: true, now: 0)
            return room
        }
        func ticked(_ outputs: [RoomOutput]) -> [String] { stepDone(sent(to: 1, outputs)).compactMap { $0["step"] as? String } }

        // Not met: the square lands and nobody taps.
        let idle = makeRoom()
        #expect(ticked(run(idle, seconds: 2)).isEmpty)

        let room = makeRoom()
        var outputs = run(room, seconds: 2)
        outputs += try room.handle(.tap(x: 187, y: 400), from: 1, now: 0).get()
        outputs += run(room, seconds: 0.2)
        #expect(ticked(outputs) == ["jump"])
        let jump = try #require(stepDone(sent(to: 1, outputs)).first)
        #expect(try #require(jump["value"] as? Double) < -150, "a push of 2 on a mass of 1: about 200 points/s up")
        #expect((jump["texts"] as? [String: String])?["zh-CN"]?.contains("方块的 vy") == true)

        // Code without bounce ticks "run" but not "bounce"; with elasticity 0.8 the square bounces back to 0.64.
        let template = LiveSwift.emptyLessonTemplate
        let dull = template.replacingOccurrences(of: ".orange", with: ".systemTeal")
        outputs = try room.handle(.code(source: dull), from: 1, now: 0).get()
        outputs += run(room, seconds: 3)
        #expect(ticked(outputs) == ["run"])
        let bouncy = template.replacingOccurrences(
            of: "animator.addBehavior(collision)",
            with: """
                animator.addBehavior(collision)
                        let material = UIDynamicItemBehavior(items: [square])
                        material.elasticity = 0.8
                        animator.addBehavior(material)
                """)
        #expect(bouncy != template)
        outputs = try room.handle(.code(source: bouncy), from: 1, now: 0).get()
        outputs += run(room, seconds: 3)
        #expect(ticked(outputs) == ["bounce"])
        let bounce = try #require(stepDone(sent(to: 1, outputs)).first?["value"] as? Double)
        #expect(bounce > 0.55 && bounce < 0.75, "elasticity 0.8 gives back about 0.8² of the drop: \(bounce)")
    }
}
