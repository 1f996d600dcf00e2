import Foundation
import Lessons
import RoomServer
import Testing

/// The server's JSON messages and API answers, byte for byte: each sample below was written by
/// the hand-written encoder that the Encodable types replaced, so a client sees exactly what it
/// saw before (key order, which fields are left out or null, how numbers are written).
struct ServerMessageBytesTests {
    static let everyItemField = SceneItem(
        id: 7, name: "frog \"green\"\n", shape: .path, size: CGSize(width: 100.5, height: 0.1), color: "#00ff00",
        isFilled: false, sprite: "frog", text: "按钮\t\u{1}", path: [CGPoint(x: -1, y: 2.25), CGPoint(x: 1e20, y: -0.0)],
        cornerRadius: 4.5, center: CGPoint(x: 187.5, y: 1e-7), angle: -3.141592653589793, alpha: 0.5, isHidden: true,
        isAtRest: true)
    static let plainItem = SceneItem(
        id: 1, name: "box", shape: .rect, size: CGSize(width: 50, height: 50), color: "#123456",
        center: CGPoint(x: 123456789012345.0, y: Double.nan))
    static let boundaries = [
        SceneBoundary(identifier: "floor", points: [CGPoint(x: 0, y: 600), CGPoint(x: 375, y: 600.5)], isClosed: false),
        SceneBoundary(identifier: nil, points: [], isClosed: true),
    ]
    static let params = [
        LessonParameter(name: "damping", label: "Damping", value: 0.5, min: 0, max: 1, step: 0.05),
        LessonParameter(name: "g", label: "重力 (g)", value: 1, min: -10, max: 10, step: 1),
    ]
    static let members = [
        MemberInfo(id: 1, name: "Ms. \"K\"", role: .instructor), MemberInfo(id: 2, name: "小明", role: .student),
    ]
    static let lesson = LessonInfo(
        id: "snap", title: "Snap", summary: "Tap: the frog \"snaps\".", order: 3, gestures: [.tap, .pan, .push],
        bounds: CGSize(width: 375, height: 667.5), sourceFileName: "SnapLesson.swift")
    static let timeline = TimelineState(
        from: 0, to: 12.5, at: 3.25, start: -0.5, live: false, speed: 0.25, recording: true, seeking: 4.5)

    static var samples: [(name: String, bytes: [UInt8])] {
        let full = WelcomeState(
            room: "class-AB12", code: "AB12", role: .instructor, key: "k\"ey", you: 1, lesson: lesson,
            lessonCode: "import UIKit\n\tlet x = \"y\"\n", rate: 60, time: 12.016666666666667,
            items: [everyItemField, plainItem], boundaries: boundaries,
            lines: [SceneLine(from: CGPoint(x: 1, y: 2.5), to: CGPoint(x: -3, y: 4e-3))], params: params,
            members: members, paused: true, locked: true, controller: 2, timeline: timeline, source: "// mine\n",
            editor: 2)
        let bare = WelcomeState(
            room: "snap", code: nil, role: .student, key: nil, you: 3, lesson: lesson, lessonCode: "", rate: 60,
            time: 0, items: [], boundaries: [], lines: [], params: [], members: [], paused: false, locked: false,
            controller: nil, timeline: nil)
        var liveTimeline = timeline
        liveTimeline.seeking = nil
        liveTimeline.live = true
        let many = (0..<60).map { CodeDiagnostic(line: $0, column: $0 + 1, message: "bad \($0)") }
        return [
            ("welcome-full", ServerMessage.welcome(full)),
            ("welcome-bare", ServerMessage.welcome(bare)),
            ("shared", ServerMessage.shared(by: members[1])),
            ("code-source", ServerMessage.code(source: "let a = 1\n", lesson: lesson, by: members[0])),
            ("code-revert", ServerMessage.code(source: nil, lesson: lesson, by: nil)),
            ("scene", ServerMessage.scene(items: [plainItem, everyItemField], boundaries: boundaries)),
            ("scene-empty", ServerMessage.scene(items: [], boundaries: [])),
            ("params", ServerMessage.params(params)),
            ("event-plain", ServerMessage.event(LessonEvent(name: "snap-arrived", text: "The frog arrived."))),
            ("event-item-point", ServerMessage.event(
                LessonEvent(name: "collision-began", text: "Frog hit \"floor\"", item: 7, point: CGPoint(x: 10.5, y: 600)))),
            ("event-nan-point", ServerMessage.event(
                LessonEvent(name: "x", text: "", item: nil, point: CGPoint(x: Double.nan, y: 1)))),
            ("presence", ServerMessage.presence(members: members)),
            ("presence-empty", ServerMessage.presence(members: [])),
            ("room-timeline", ServerMessage.room(
                paused: true, locked: false, lesson: "snap", controller: 2, editor: 1, timeline: timeline)),
            ("room-live", ServerMessage.room(
                paused: false, locked: true, lesson: "gravity", controller: nil, editor: nil, timeline: liveTimeline)),
            ("room-bare", ServerMessage.room(paused: false, locked: false, lesson: "gravity", controller: nil)),
            ("overlays", ServerMessage.overlays(["trails", "forces"])),
            ("overlays-none", ServerMessage.overlays([])),
            ("pong-string", ServerMessage.pong(.string("p\"1"))),
            ("pong-number", ServerMessage.pong(.number(2.5))),
            ("pong-integer", ServerMessage.pong(.number(3))),
            ("error", ServerMessage.error(ProtocolError(.badValue, "x must be a number"))),
            ("error-diagnostics", ServerMessage.error(ProtocolError(
                .compileError, "did not compile",
                diagnostics: [CodeDiagnostic(line: 3, column: 9, message: String(repeating: "é", count: 600))] + many))),
        ].map { ($0.0, $0.1.bytes) }
    }

    static var httpSamples: [(name: String, bytes: [UInt8])] {
        let core = ServerCore(directory: fakeDirectory)
        let routes = HTTPRoutes(files: StaticFiles(root: FileManager.default.temporaryDirectory.path)!, core: core)
        var samples: [(String, [UInt8])] = [("lessons", core.lessonsJSON()), ("rooms", core.roomsJSON())]
        if case .body(_, _, let body) = routes.answer(method: "GET", path: "/api/classes") {
            samples.append(("http-error", body))
        }
        if case .body(_, _, let body) = routes.answerUpload(
            path: "/api/classes", body: Array(#"{"lesson":"nope"}"#.utf8), address: "127.0.0.1", now: 0)
        {
            samples.append(("http-error-unknown-lesson", body))
        }
        return samples
    }

    @Test func everyMessageIsWrittenAsBefore() {
        let expected = Self.expected
        for (name, bytes) in Self.samples + Self.httpSamples {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text == expected[name], "\(name)")
        }
        #expect(Set(expected.keys) == Set((Self.samples + Self.httpSamples).map(\.name)))
    }

    /// A lesson and a parameter label with Chinese words carry both languages; others do not.
    @Test func translatedWordsComeInBothLanguages() throws {
        let params = [
            LessonParameter(name: "damping", label: "Snap damping", value: 0.5, min: 0, max: 1, step: 0.05),
            LessonParameter(name: "mine", label: "My own value", value: 1, min: 0, max: 2, step: 1),
        ]
        #expect(
            String(decoding: ServerMessage.params(params).bytes, as: UTF8.self)
                == #"{"type":"params","params":[{"name":"damping","label":"Snap damping","value":0.5,"min":0,"max":1,"step":0.05,"labels":{"en":"Snap damping","zh-CN":"吸附阻尼"}},{"name":"mine","label":"My own value","value":1,"min":0,"max":2,"step":1}]}"#)
        let listing = try #require(
            JSONSerialization.jsonObject(with: Data(ServerCore(directory: LessonDirectory(LessonCatalog.all)).lessonsJSON()))
                as? [[String: Any]])
        #expect(listing.count == LessonCatalog.all.count)
        for (lesson, record) in zip(LessonCatalog.all, listing) {
            let info = lesson.info
            let titles = try #require(record["titles"] as? [String: String], "\(info.id)")
            #expect(titles["en"] == info.title)
            #expect(!(titles["zh-CN"] ?? "").isEmpty && titles["zh-CN"] != info.title, "\(info.id)")
            let summaries = try #require(record["summaries"] as? [String: String], "\(info.id)")
            #expect(summaries["en"] == info.summary && !(summaries["zh-CN"] ?? "").isEmpty, "\(info.id)")
            for param in lesson.init().parameters {
                #expect(LessonTranslations.labels[param.label] != nil, "\(info.id): \(param.label)")
            }
        }
    }

    /// A class's code and key are fresh each time: their places and the other fields are fixed.
    @Test func anOpenedClassIsAnsweredAsBefore() throws {
        let core = ServerCore(directory: fakeDirectory)
        let routes = HTTPRoutes(files: StaticFiles(root: FileManager.default.temporaryDirectory.path)!, core: core)
        guard case .body(let status, let type, let body) = routes.answerUpload(
            path: "/api/classes", body: Array(#"{"lesson":"fake-moving"}"#.utf8), address: "127.0.0.1", now: 0)
        else {
            Issue.record("no body")
            return
        }
        #expect(status == 200)
        #expect(type == "application/json")
        let text = String(decoding: body, as: UTF8.self)
        let shape = try Regex(#"^\{"code":"[A-Za-z0-9-]+","key":"[A-Za-z0-9_.-]+","lesson":"fake-moving"\}$"#)
        #expect(text.wholeMatch(of: shape) != nil, "\(text)")
    }
}
