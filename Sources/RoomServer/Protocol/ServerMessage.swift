import Foundation
import Lessons

/// Someone in a room, as clients see them.
public struct MemberInfo: Equatable, Sendable, Encodable {
    public var id: Int
    public var name: String
    public var role: Role

    public init(id: Int, name: String, role: Role) {
        self.id = id
        self.name = name
        self.role = role
    }
}

/// A member's role in a room.
public enum Role: String, Sendable, Encodable {
    case student, instructor
}

/// Everything a `welcome` carries: the full state a joiner needs.
public struct WelcomeState {
    public var room: String
    public var code: String?
    public var role: Role
    public var key: String?
    public var you: Int
    public var lesson: LessonInfo
    public var lessonCode: String
    public var rate: Int
    public var time: Double
    public var items: [SceneItem]
    public var boundaries: [SceneBoundary]
    public var lines: [SceneLine]
    public var params: [LessonParameter]
    public var members: [MemberInfo]
    public var paused: Bool
    public var locked: Bool
    public var controller: Int?
    /// How far the recording reaches and what is shown (an optional addition to the protocol).
    public var timeline: TimelineState?
    /// The code the room runs when it is not the lesson's own (nil: `lessonCode` runs).
    public var source: String? = nil
    /// The member who may edit and run the room's code besides the instructor.
    public var editor: Int? = nil
    /// Whether the lesson has a guide (`GET /api/lessons/<id>/guide`); nil: not said.
    public var hasGuide: Bool? = nil

    public init(
        room: String, code: String?, role: Role, key: String?, you: Int, lesson: LessonInfo, lessonCode: String,
        rate: Int, time: Double, items: [SceneItem], boundaries: [SceneBoundary], lines: [SceneLine],
        params: [LessonParameter], members: [MemberInfo], paused: Bool, locked: Bool, controller: Int?,
        timeline: TimelineState?, source: String? = nil, editor: Int? = nil, hasGuide: Bool? = nil
    ) {
        self.room = room
        self.code = code
        self.role = role
        self.key = key
        self.you = you
        self.lesson = lesson
        self.lessonCode = lessonCode
        self.rate = rate
        self.time = time
        self.items = items
        self.boundaries = boundaries
        self.lines = lines
        self.params = params
        self.members = members
        self.paused = paused
        self.locked = locked
        self.controller = controller
        self.timeline = timeline
        self.source = source
        self.editor = editor
        self.hasGuide = hasGuide
    }
}

/// The JSON messages the server sends (docs/protocol.md, "Server to client"), each declared once
/// as a type below and written by `WireJSON`: a field is one line of its type.
public enum ServerMessage {
    public static func welcome(_ state: WelcomeState) -> WireBuffer {
        WireJSON.message(
            Welcome(state), capacity: 1024 + state.lessonCode.utf8.count + (state.source?.utf8.count ?? 0))
    }

    /// A member sent the instructor their code to show (`share`): to the instructor alone.
    public static func shared(by member: MemberInfo) -> WireBuffer {
        WireJSON.message(Shared(member: member.id, name: member.name))
    }

    /// New code runs in the room (`source` nil: the lesson's own code again), sent by member
    /// `by`; `lesson` gives the view size and gestures of that code.
    public static func code(source: String?, lesson: LessonInfo, by member: MemberInfo?) -> WireBuffer {
        WireJSON.message(
            Code(
                source: source, gestures: lesson.gestures, bounds: Bounds(lesson.bounds), by: member?.id,
                name: member?.name),
            capacity: 256 + (source?.utf8.count ?? 0))
    }

    public static func scene(items: [SceneItem], boundaries: [SceneBoundary]) -> WireBuffer {
        WireJSON.message(Scene(items: items, boundaries: boundaries), capacity: 256 + items.count * 160)
    }

    public static func params(_ params: [LessonParameter]) -> WireBuffer {
        WireJSON.message(Params(params: params))
    }

    public static func event(_ event: LessonEvent) -> WireBuffer {
        WireJSON.message(Event(event))
    }

    public static func presence(members: [MemberInfo]) -> WireBuffer {
        WireJSON.message(Presence(clients: members.count, members: members))
    }

    public static func room(
        paused: Bool, locked: Bool, lesson: String, controller: Int?, editor: Int? = nil, timeline: TimelineState? = nil
    ) -> WireBuffer {
        WireJSON.message(
            RoomState(
                paused: paused, locked: locked, lesson: lesson, controller: controller, editor: editor,
                timeline: timeline))
    }

    /// The overlays the instructor shows on every member's page (sent only once one was
    /// turned on, so a room that never uses them sends what it always did).
    public static func overlays(_ names: [String]) -> WireBuffer {
        WireJSON.message(Overlays(overlays: names))
    }

    public static func pong(_ id: PingID) -> WireBuffer {
        WireJSON.message(Pong(id: id))
    }

    public static func error(_ error: ProtocolError) -> WireBuffer {
        WireJSON.message(ErrorMessage(error))
    }
}

// MARK: The messages

/// `welcome`: everything a joiner needs.
struct Welcome: Encodable {
    let type = "welcome"
    let `protocol` = 1
    var room: String
    @Nullable var code: String?
    var role: Role
    var key: String?
    var you: Int
    var lesson: LessonRecord
    var bounds: Bounds
    var rate: Int
    var time: Double
    var items: [SceneItem]
    var boundaries: [SceneBoundary]
    var lines: [SceneLine]
    var params: [LessonParameter]
    var clients: Int
    var members: [MemberInfo]
    var paused: Bool
    var locked: Bool
    @Nullable var controller: Int?
    var timeline: TimelineState?
    @Nullable var editor: Int?
    @Nullable var source: String?

    init(_ state: WelcomeState) {
        room = state.room
        code = state.code
        role = state.role
        key = state.key
        you = state.you
        lesson = LessonRecord(state.lesson, code: state.lessonCode, hasGuide: state.hasGuide)
        bounds = Bounds(state.lesson.bounds)
        rate = state.rate
        time = state.time
        items = state.items
        boundaries = state.boundaries
        lines = state.lines
        params = state.params
        clients = state.members.count
        members = state.members
        paused = state.paused
        locked = state.locked
        controller = state.controller
        timeline = state.timeline
        editor = state.editor
        source = state.source
    }
}

struct Shared: Encodable {
    let type = "shared"
    var member: Int
    var name: String
}

struct Code: Encodable {
    let type = "code"
    @Nullable var source: String?
    var gestures: [GestureKind]
    var bounds: Bounds
    @Nullable var by: Int?
    @Nullable var name: String?
}

struct Scene: Encodable {
    let type = "scene"
    var items: [SceneItem]
    var boundaries: [SceneBoundary]
}

struct Params: Encodable {
    let type = "params"
    var params: [LessonParameter]
}

/// `event`: the point only where it is finite.
struct Event: Encodable {
    let type = "event"
    var name: String
    var text: String
    var item: Int?
    var x: Double?
    var y: Double?

    init(_ event: LessonEvent) {
        name = event.name
        text = event.text
        item = event.item
        if let point = event.point, point.x.isFinite, point.y.isFinite {
            x = Double(point.x)
            y = Double(point.y)
        }
    }
}

struct Presence: Encodable {
    let type = "presence"
    var clients: Int
    var members: [MemberInfo]
}

/// `room`: the class's state after a control.
struct RoomState: Encodable {
    let type = "room"
    var paused: Bool
    var locked: Bool
    var lesson: String
    @Nullable var controller: Int?
    @Nullable var editor: Int?
    var timeline: TimelineState?
}

struct Overlays: Encodable {
    let type = "overlays"
    var overlays: [String]
}

struct Pong: Encodable {
    let type = "pong"
    var id: PingID
}

/// `error`: at most `ProtocolError.maxDiagnostics` diagnostics, each message cut at 500 characters.
struct ErrorMessage: Encodable {
    let type = "error"
    var code: ErrorCode
    var message: String
    var diagnostics: [CodeDiagnostic]?

    init(_ error: ProtocolError) {
        code = error.code
        message = error.message
        if !error.diagnostics.isEmpty {
            diagnostics = error.diagnostics.prefix(ProtocolError.maxDiagnostics).map {
                CodeDiagnostic(line: $0.line, column: $0.column, message: String($0.message.prefix(500)), file: $0.file)
            }
        }
    }
}

// MARK: The records inside them

/// A lesson as the lobby lists it and a `welcome` describes it (with its code there); its
/// title and summary in both of the page's languages where the lesson has them in Chinese.
struct LessonRecord: Encodable {
    var id: String
    var title: String
    var summary: String
    var code: String?
    var order: Int
    var gestures: [GestureKind]
    var titles: Bilingual?
    var summaries: Bilingual?
    /// Whether `GET /api/lessons/<id>/guide` has a guide (a page asks only then).
    var guide: Bool?

    init(_ info: LessonInfo, code: String? = nil, hasGuide: Bool? = nil) {
        id = info.id
        title = info.title
        summary = info.summary
        self.code = code
        order = info.order
        gestures = info.gestures
        guide = hasGuide
        if let chinese = LessonTranslations.lessons[info.id] {
            titles = Bilingual(en: info.title, chinese: chinese.title)
            summaries = Bilingual(en: info.summary, chinese: chinese.summary)
        }
    }
}

/// A view's size in points.
struct Bounds: Encodable {
    var w: Double
    var h: Double

    init(_ size: CGSize) {
        w = Double(size.width)
        h = Double(size.height)
    }
}

/// Points as `[[x, y], ...]`.
struct PointList: Encodable {
    var points: [CGPoint]

    func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        for point in points {
            var pair = list.nestedUnkeyedContainer()
            try pair.encode(Double(point.x))
            try pair.encode(Double(point.y))
        }
    }
}

extension SceneItem: Encodable {
    private enum WireKey: String, CodingKey {
        case id, name, shape, w, h, color, x, y, angle, alpha, fill, sprite, text, path, cornerRadius, hidden
    }

    /// The fields that differ from a plain, filled, square-cornered, shown item only where they do.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: WireKey.self)
        try fields.encode(id, forKey: .id)
        try fields.encode(name, forKey: .name)
        try fields.encode(shape, forKey: .shape)
        try fields.encode(Double(size.width), forKey: .w)
        try fields.encode(Double(size.height), forKey: .h)
        try fields.encode(color, forKey: .color)
        try fields.encode(Double(center.x), forKey: .x)
        try fields.encode(Double(center.y), forKey: .y)
        try fields.encode(angle, forKey: .angle)
        try fields.encode(alpha, forKey: .alpha)
        try fields.encodeIfPresent(isFilled ? nil : false, forKey: .fill)
        try fields.encodeIfPresent(sprite, forKey: .sprite)
        try fields.encodeIfPresent(text, forKey: .text)
        try fields.encodeIfPresent(path.map(PointList.init), forKey: .path)
        try fields.encodeIfPresent(cornerRadius == 0 ? nil : cornerRadius, forKey: .cornerRadius)
        try fields.encodeIfPresent(isHidden ? true : nil, forKey: .hidden)
    }
}

extension SceneBoundary: Encodable {
    private enum WireKey: String, CodingKey {
        case id, points, closed
    }

    /// `id` is null for the reference bounds.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: WireKey.self)
        try fields.encode(Nullable(wrappedValue: identifier), forKey: .id)
        try fields.encode(PointList(points: points), forKey: .points)
        try fields.encode(isClosed, forKey: .closed)
    }
}

extension SceneLine: Encodable {
    /// `[x1, y1, x2, y2]`.
    public func encode(to encoder: any Encoder) throws {
        var ends = encoder.unkeyedContainer()
        for value in [from.x, from.y, to.x, to.y] { try ends.encode(Double(value)) }
    }
}

extension PingID: Encodable {
    /// The id as the client sent it.
    public func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case .string(let text): try value.encode(text)
        case .number(let number): try value.encode(number)
        }
    }
}

extension LessonParameter: Encodable {
    private enum WireKey: String, CodingKey {
        case name, label, value, min, max, step, labels
    }

    /// `labels` in both languages where the label has a Chinese one.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: WireKey.self)
        try fields.encode(name, forKey: .name)
        try fields.encode(label, forKey: .label)
        try fields.encode(value, forKey: .value)
        try fields.encode(min, forKey: .min)
        try fields.encode(max, forKey: .max)
        try fields.encode(step, forKey: .step)
        try fields.encodeIfPresent(
            LessonTranslations.labels[label].map { Bilingual(en: label, chinese: $0) }, forKey: .labels)
    }
}
