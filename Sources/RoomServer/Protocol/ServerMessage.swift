import Foundation
import Lessons

/// Someone in a room, as clients see them.
public struct MemberInfo: Equatable, Sendable {
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
public enum Role: String, Sendable {
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

    public init(
        room: String, code: String?, role: Role, key: String?, you: Int, lesson: LessonInfo, lessonCode: String,
        rate: Int, time: Double, items: [SceneItem], boundaries: [SceneBoundary], lines: [SceneLine],
        params: [LessonParameter], members: [MemberInfo], paused: Bool, locked: Bool, controller: Int?,
        timeline: TimelineState?, source: String? = nil, editor: Int? = nil
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
    }
}

/// Encodes the JSON messages the server sends (docs/protocol.md, "Server to client").
public enum ServerMessage {
    public static func welcome(_ state: WelcomeState) -> WireBuffer {
        var json = JSONWriter(capacity: 1024 + state.lessonCode.utf8.count + (state.source?.utf8.count ?? 0))
        json.raw("{\"type\":\"welcome\",\"protocol\":1,")
        json.key("room")
        json.string(state.room)
        json.comma()
        json.key("code")
        if let code = state.code { json.string(code) } else { json.null() }
        json.comma()
        json.key("role")
        json.string(state.role.rawValue)
        if let key = state.key {
            json.comma()
            json.key("key")
            json.string(key)
        }
        json.comma()
        json.key("you")
        json.int(state.you)
        json.comma()
        json.key("lesson")
        json.raw("{")
        json.key("id")
        json.string(state.lesson.id)
        json.comma()
        json.key("title")
        json.string(state.lesson.title)
        json.comma()
        json.key("summary")
        json.string(state.lesson.summary)
        json.comma()
        json.key("code")
        json.string(state.lessonCode)
        json.comma()
        json.key("order")
        json.int(state.lesson.order)
        json.comma()
        writeGesturesAndBounds(of: state.lesson, closingLesson: true, into: &json)
        json.key("rate")
        json.int(state.rate)
        json.comma()
        json.key("time")
        json.number(state.time)
        json.comma()
        json.key("items")
        writeItems(state.items, into: &json)
        json.comma()
        json.key("boundaries")
        writeBoundaries(state.boundaries, into: &json)
        json.comma()
        json.key("lines")
        json.raw("[")
        for (offset, line) in state.lines.enumerated() {
            if offset > 0 { json.comma() }
            json.raw("[")
            json.number(Double(line.from.x))
            json.comma()
            json.number(Double(line.from.y))
            json.comma()
            json.number(Double(line.to.x))
            json.comma()
            json.number(Double(line.to.y))
            json.raw("]")
        }
        json.raw("],")
        json.key("params")
        writeParams(state.params, into: &json)
        json.comma()
        json.key("clients")
        json.int(state.members.count)
        json.comma()
        json.key("members")
        writeMembers(state.members, into: &json)
        json.comma()
        json.key("paused")
        json.bool(state.paused)
        json.comma()
        json.key("locked")
        json.bool(state.locked)
        json.comma()
        json.key("controller")
        if let controller = state.controller { json.int(controller) } else { json.null() }
        if let timeline = state.timeline { writeTimeline(timeline, into: &json) }
        json.comma()
        json.key("editor")
        if let editor = state.editor { json.int(editor) } else { json.null() }
        json.comma()
        json.key("source")
        if let source = state.source { json.string(source) } else { json.null() }
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    /// A member sent the instructor their code to show (`share`): to the instructor alone.
    public static func shared(by member: MemberInfo) -> WireBuffer {
        var json = JSONWriter()
        json.raw("{\"type\":\"shared\",")
        json.key("member")
        json.int(member.id)
        json.comma()
        json.key("name")
        json.string(member.name)
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    /// New code runs in the room (`source` nil: the lesson's own code again), sent by member
    /// `by`; `lesson` gives the view size and gestures of that code.
    public static func code(source: String?, lesson: LessonInfo, by member: MemberInfo?) -> WireBuffer {
        var json = JSONWriter(capacity: 256 + (source?.utf8.count ?? 0))
        json.raw("{\"type\":\"code\",")
        json.key("source")
        if let source { json.string(source) } else { json.null() }
        json.comma()
        writeGesturesAndBounds(of: lesson, closingLesson: false, into: &json)
        json.key("by")
        if let member { json.int(member.id) } else { json.null() }
        json.comma()
        json.key("name")
        if let member { json.string(member.name) } else { json.null() }
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    public static func scene(items: [SceneItem], boundaries: [SceneBoundary]) -> WireBuffer {
        var json = JSONWriter(capacity: 256 + items.count * 160)
        json.raw("{\"type\":\"scene\",")
        json.key("items")
        writeItems(items, into: &json)
        json.comma()
        json.key("boundaries")
        writeBoundaries(boundaries, into: &json)
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    public static func params(_ params: [LessonParameter]) -> WireBuffer {
        var json = JSONWriter()
        json.raw("{\"type\":\"params\",")
        json.key("params")
        writeParams(params, into: &json)
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    public static func event(_ event: LessonEvent) -> WireBuffer {
        var json = JSONWriter()
        json.raw("{\"type\":\"event\",")
        json.key("name")
        json.string(event.name)
        json.comma()
        json.key("text")
        json.string(event.text)
        if let item = event.item {
            json.comma()
            json.key("item")
            json.int(item)
        }
        if let point = event.point, point.x.isFinite, point.y.isFinite {
            json.comma()
            json.key("x")
            json.number(Double(point.x))
            json.comma()
            json.key("y")
            json.number(Double(point.y))
        }
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    public static func presence(members: [MemberInfo]) -> WireBuffer {
        var json = JSONWriter()
        json.raw("{\"type\":\"presence\",")
        json.key("clients")
        json.int(members.count)
        json.comma()
        json.key("members")
        writeMembers(members, into: &json)
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    public static func room(
        paused: Bool, locked: Bool, lesson: String, controller: Int?, editor: Int? = nil, timeline: TimelineState? = nil
    ) -> WireBuffer {
        var json = JSONWriter()
        json.raw("{\"type\":\"room\",")
        json.key("paused")
        json.bool(paused)
        json.comma()
        json.key("locked")
        json.bool(locked)
        json.comma()
        json.key("lesson")
        json.string(lesson)
        json.comma()
        json.key("controller")
        if let controller { json.int(controller) } else { json.null() }
        json.comma()
        json.key("editor")
        if let editor { json.int(editor) } else { json.null() }
        if let timeline { writeTimeline(timeline, into: &json) }
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    /// `,"timeline":{…}`: the recording's reach and the moment shown, in timeline seconds.
    static func writeTimeline(_ timeline: TimelineState, into json: inout JSONWriter) {
        json.comma()
        json.key("timeline")
        json.raw("{")
        let fields: [(StaticString, Double)] = [
            ("from", timeline.from), ("to", timeline.to), ("at", timeline.at), ("start", timeline.start),
            ("speed", timeline.speed),
        ]
        for (offset, (key, value)) in fields.enumerated() {
            if offset > 0 { json.comma() }
            json.key(key)
            json.number(value)
        }
        json.comma()
        json.key("live")
        json.bool(timeline.live)
        json.comma()
        json.key("recording")
        json.bool(timeline.recording)
        if let seeking = timeline.seeking {
            json.comma()
            json.key("seeking")
            json.number(seeking)
        }
        json.raw("}")
    }

    /// The overlays the instructor shows on every member's page (sent only once one was
    /// turned on, so a room that never uses them sends what it always did).
    public static func overlays(_ names: [String]) -> WireBuffer {
        var json = JSONWriter()
        json.raw("{\"type\":\"overlays\",")
        json.key("overlays")
        json.raw("[")
        for (offset, name) in names.enumerated() {
            if offset > 0 { json.comma() }
            json.string(name)
        }
        json.raw("]}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    public static func pong(_ id: PingID) -> WireBuffer {
        var json = JSONWriter()
        json.raw("{\"type\":\"pong\",")
        json.key("id")
        switch id {
        case .string(let text): json.string(text)
        case .number(let number): json.number(number)
        }
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    public static func error(_ error: ProtocolError) -> WireBuffer {
        var json = JSONWriter()
        json.raw("{\"type\":\"error\",")
        json.key("code")
        json.string(error.code.rawValue)
        json.comma()
        json.key("message")
        json.string(error.message)
        if !error.diagnostics.isEmpty {
            json.comma()
            json.key("diagnostics")
            json.raw("[")
            for (offset, diagnostic) in error.diagnostics.prefix(ProtocolError.maxDiagnostics).enumerated() {
                if offset > 0 { json.comma() }
                json.raw("{")
                json.key("line")
                json.int(diagnostic.line)
                json.comma()
                json.key("column")
                json.int(diagnostic.column)
                json.comma()
                json.key("message")
                json.string(String(diagnostic.message.prefix(500)))
                json.raw("}")
            }
            json.raw("]")
        }
        json.raw("}")
        return WireBuffer(json.bytes, isBinary: false)
    }

    // MARK: Objects

    /// `"gestures":[...]` (closing the `lesson` object when asked), then `"bounds":{w,h},`.
    static func writeGesturesAndBounds(of lesson: LessonInfo, closingLesson: Bool, into json: inout JSONWriter) {
        json.key("gestures")
        json.raw("[")
        for (offset, gesture) in lesson.gestures.enumerated() {
            if offset > 0 { json.comma() }
            json.string(gesture.rawValue)
        }
        json.raw(closingLesson ? "]}," : "],")
        json.key("bounds")
        json.raw("{")
        json.key("w")
        json.number(Double(lesson.bounds.width))
        json.comma()
        json.key("h")
        json.number(Double(lesson.bounds.height))
        json.raw("},")
    }

    static func writeItems(_ items: [SceneItem], into json: inout JSONWriter) {
        json.raw("[")
        for (offset, item) in items.enumerated() {
            if offset > 0 { json.comma() }
            json.raw("{")
            json.key("id")
            json.int(item.id)
            json.comma()
            json.key("name")
            json.string(item.name)
            json.comma()
            json.key("shape")
            json.string(item.shape.rawValue)
            json.comma()
            json.key("w")
            json.number(Double(item.size.width))
            json.comma()
            json.key("h")
            json.number(Double(item.size.height))
            json.comma()
            json.key("color")
            json.string(item.color)
            json.comma()
            json.key("x")
            json.number(Double(item.center.x))
            json.comma()
            json.key("y")
            json.number(Double(item.center.y))
            json.comma()
            json.key("angle")
            json.number(item.angle)
            json.comma()
            json.key("alpha")
            json.number(item.alpha)
            if !item.isFilled {
                json.comma()
                json.key("fill")
                json.bool(false)
            }
            if let sprite = item.sprite {
                json.comma()
                json.key("sprite")
                json.string(sprite)
            }
            if let text = item.text {
                json.comma()
                json.key("text")
                json.string(text)
            }
            if let path = item.path {
                json.comma()
                json.key("path")
                writePoints(path, into: &json)
            }
            if item.cornerRadius != 0 {
                json.comma()
                json.key("cornerRadius")
                json.number(item.cornerRadius)
            }
            if item.isHidden {
                json.comma()
                json.key("hidden")
                json.bool(true)
            }
            json.raw("}")
        }
        json.raw("]")
    }

    static func writePoints(_ points: [CGPoint], into json: inout JSONWriter) {
        json.raw("[")
        for (offset, point) in points.enumerated() {
            if offset > 0 { json.comma() }
            json.raw("[")
            json.number(Double(point.x))
            json.comma()
            json.number(Double(point.y))
            json.raw("]")
        }
        json.raw("]")
    }

    static func writeBoundaries(_ boundaries: [SceneBoundary], into json: inout JSONWriter) {
        json.raw("[")
        for (offset, boundary) in boundaries.enumerated() {
            if offset > 0 { json.comma() }
            json.raw("{")
            json.key("id")
            if let identifier = boundary.identifier { json.string(identifier) } else { json.null() }
            json.comma()
            json.key("points")
            writePoints(boundary.points, into: &json)
            json.comma()
            json.key("closed")
            json.bool(boundary.isClosed)
            json.raw("}")
        }
        json.raw("]")
    }

    static func writeParams(_ params: [LessonParameter], into json: inout JSONWriter) {
        json.raw("[")
        for (offset, param) in params.enumerated() {
            if offset > 0 { json.comma() }
            json.raw("{")
            json.key("name")
            json.string(param.name)
            json.comma()
            json.key("label")
            json.string(param.label)
            json.comma()
            json.key("value")
            json.number(param.value)
            json.comma()
            json.key("min")
            json.number(param.min)
            json.comma()
            json.key("max")
            json.number(param.max)
            json.comma()
            json.key("step")
            json.number(param.step)
            json.raw("}")
        }
        json.raw("]")
    }

    static func writeMembers(_ members: [MemberInfo], into json: inout JSONWriter) {
        json.raw("[")
        for (offset, member) in members.enumerated() {
            if offset > 0 { json.comma() }
            json.raw("{")
            json.key("id")
            json.int(member.id)
            json.comma()
            json.key("name")
            json.string(member.name)
            json.comma()
            json.key("role")
            json.string(member.role.rawValue)
            json.raw("}")
        }
        json.raw("]")
    }
}
