import Lessons
import LiveSwift

/// An instructor's command to the room (`control`).
public enum ControlAction: Equatable, Sendable {
    case pause, resume, lock, unlock
    /// Steps `ticks` forward, or back when negative (docs/replay.md); `step` alone is one forward.
    case step(ticks: Int)
    /// Plays at this fraction of real time, 0.1 to 1.
    case speed(Double)
    /// Shows the moment `time` (seconds of the room's timeline), paused.
    case seek(time: Double)
    /// Plays the recording on from the moment shown, without branching; live again at its end.
    case play
    /// Back to the newest moment, running.
    case live
    /// While locked, lets one member gesture; nil takes the gesture back.
    case give(member: Int?)
    /// Switches the room to another lesson.
    case lesson(String)
    /// Lets one member edit and run the room's code besides the instructor; nil takes it back.
    case edit(member: Int?)
    /// Runs the code a member sent the instructor (`share`) for everyone.
    case show(member: Int)
    /// Shows (or stops showing) one overlay on every member's page.
    case overlay(String, on: Bool)
    /// Moves every member to this step of the lesson's guide (docs/guides.md).
    case guideStep(String)
    /// Sends the instructor the guide's progress as CSV (`progress-csv`).
    case guideCSV

    /// Whether the action may replay part of the recording (or step the live lesson many
    /// ticks at once): its service-thread time is charged to the sender's address.
    public var mayReplay: Bool {
        switch self {
        case .seek, .step: true
        default: false
        }
    }
}

/// The overlays an instructor may turn on for the whole class.
public let sharedOverlayNames = ["trails", "velocity", "forces", "contacts"]

/// The `id` of a `ping`, echoed in its `pong`.
public enum PingID: Equatable, Sendable {
    case string(String)
    case number(Double)
}

/// One message from a client, fully validated for types and finiteness. Ranges that depend on
/// the room (coordinates against the lesson's view, parameter bounds) are checked by the room.
public enum ClientMessage: Equatable, Sendable {
    case tap(x: Double, y: Double)
    case pan(PanPhase, x: Double, y: Double)
    case push(x: Double, y: Double, dx: Double?, dy: Double?)
    case reset
    case set(param: String, value: Double)
    case claim(key: String)
    case control(ControlAction)
    case ping(id: PingID)
    /// Run this Swift source as the room's lesson (checked against the room's size limit).
    case code(source: String)
    /// Run the lesson's own code again.
    case revert
    /// A student's edited code, for the instructor to show the class (`control` `show`).
    case share(source: String)
    /// Asks for overlay frames carrying `kinds` at most `rate` times a second (empty: none).
    case overlay(kinds: OverlayKinds, rate: Double)
    /// A student's prediction for a step of the lesson's guide (docs/guides.md).
    case prediction(step: String, answer: PredictionAnswer)
    /// The editor asks about its source: completion, quick help, a check, the values of a run
    /// (CodeAssist.swift). Nothing in the room changes.
    case assist(AssistRequest)

    /// The message's `type` as sent, for metrics and logs.
    public var typeName: String {
        switch self {
        case .tap: "tap"
        case .pan: "pan"
        case .push: "push"
        case .reset: "reset"
        case .set: "set"
        case .claim: "claim"
        case .control: "control"
        case .ping: "ping"
        case .code: "code"
        case .revert: "revert"
        case .share: "share"
        case .overlay: "overlay"
        case .prediction: "prediction"
        case .assist: "assist"
        }
    }
}

/// Why a client message was refused: the `code` and `message` of the `error` sent back.
public struct ProtocolError: Error, Equatable, Sendable {
    public var code: ErrorCode
    public var message: String
    /// Where code sent to run went wrong (`compile-error` only).
    public var diagnostics: [CodeDiagnostic]

    public init(_ code: ErrorCode, _ message: String, diagnostics: [CodeDiagnostic] = []) {
        self.code = code
        self.message = message
        self.diagnostics = diagnostics
    }
}

/// The `code` of an `error` message.
public enum ErrorCode: String, Sendable, CaseIterable, Encodable {
    /// Not JSON, not an object, no `type`, or an unknown `type`.
    case badMessage = "bad-message"
    /// A missing or wrong-typed field, a number that is not finite or out of range.
    case badValue = "bad-value"
    /// The room does not allow this member to do that.
    case forbidden
    /// More messages than the limit; the excess was dropped.
    case rateLimited = "rate-limited"
    /// No room or lesson by that name.
    case unknownRoom = "unknown-room"
    /// The room or the server has no place left.
    case full
    /// Code sent to run did not compile; the `error` lists `diagnostics`, the old code runs on.
    case compileError = "compile-error"
}

extension ProtocolError {
    /// Diagnostics sent with one `compile-error` at most (the first ones: later ones often follow from them).
    static let maxDiagnostics = 50
}

extension ClientMessage {
    /// Longest `key`, `param`, `lesson` or string ping `id` accepted, in bytes.
    static let maxStringLength = 64
    /// Most ticks one `step` may move (ten seconds).
    public static let maxStepTicks = 600

    /// The size limit for a text message that starts with `prefix`: a `code` or `assist`
    /// message (its `type` first, as every client writes it) may carry a lesson's source; every
    /// other message is small.
    public static func sizeLimit(forMessageStarting prefix: [UInt8], limits: ServerLimits) -> Int {
        for type in [#""code""#, #""assist""#] {
            // `{`, `"type"`, `:`, the type, with JSON whitespace allowed between them.
            var index = 0
            var matched = true
            for token in ["{", #""type""#, ":", type].map({ Array($0.utf8) }) {
                while index < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[index]) { index += 1 }
                guard prefix.count - index >= token.count, Array(prefix[index..<index + token.count]) == token else {
                    matched = false
                    break
                }
                index += token.count
            }
            if matched { return max(limits.maxMessageBytes, limits.maxCodeMessageBytes) }
        }
        return limits.maxMessageBytes
    }

    /// Parses one text frame: JSON object with a known `type` and valid fields, or the error to
    /// send back. Unknown extra fields are ignored, so clients may add their own.
    public static func parse(_ bytes: [UInt8]) -> Result<ClientMessage, ProtocolError> {
        let value: JSONValue
        do {
            value = try JSONReader.parse(bytes)
        } catch {
            return .failure(ProtocolError(.badMessage, "not JSON: \(error.reason) at byte \(error.offset)"))
        }
        guard case .object(let fields) = value else {
            return .failure(ProtocolError(.badMessage, "a message is a JSON object"))
        }
        guard let typeValue = fields["type"] else {
            return .failure(ProtocolError(.badMessage, "a message needs a \"type\""))
        }
        guard case .string(let type) = typeValue else {
            return .failure(ProtocolError(.badMessage, "\"type\" must be a string"))
        }
        do {
            let message = try parse(type: type, fields: FieldReader(fields: fields))
            if case .prediction = message, bytes.count > GuideLimits.maxPredictionBytes {
                return .failure(
                    ProtocolError(.badValue, "a prediction is at most \(GuideLimits.maxPredictionBytes) bytes; this one is \(bytes.count)"))
            }
            return .success(message)
        } catch {
            return .failure(error)
        }
    }

    /// `{"type":"prediction","step":ID,"choice":N}` or `…,"value":X}`: one of the two, a
    /// choice a whole number from 0, a value finite.
    private static func parsePrediction(_ fields: FieldReader) throws(ProtocolError) -> ClientMessage {
        let step = try fields.string("step")
        let choice = try fields.optionalNumber("choice")
        let value = try fields.optionalNumber("value")
        switch (choice, value) {
        case (let choice?, nil):
            guard choice >= 0, choice < Double(GuideLimits.maxChoices), choice.rounded() == choice else {
                throw ProtocolError(.badValue, "\"choice\" is the index of a choice: a whole number from 0 to \(GuideLimits.maxChoices - 1)")
            }
            return .prediction(step: step, answer: .choice(Int(choice)))
        case (nil, let value?):
            return .prediction(step: step, answer: .number(value))
        default:
            throw ProtocolError(.badValue, "\"prediction\" carries a \"choice\" or a \"value\", one of the two")
        }
    }

    private static func parse(type: String, fields: FieldReader) throws(ProtocolError) -> ClientMessage {
        switch type {
        case "tap":
            return .tap(x: try fields.number("x"), y: try fields.number("y"))
        case "pan":
            let phaseName = try fields.string("phase")
            guard let phase = PanPhase(rawValue: phaseName) else {
                throw ProtocolError(.badValue, "\"phase\" must be began, changed, ended or cancelled")
            }
            return .pan(phase, x: try fields.number("x"), y: try fields.number("y"))
        case "push":
            let dx = try fields.optionalNumber("dx")
            let dy = try fields.optionalNumber("dy")
            guard (dx == nil) == (dy == nil) else {
                throw ProtocolError(.badValue, "\"dx\" and \"dy\" come together or not at all")
            }
            return .push(x: try fields.number("x"), y: try fields.number("y"), dx: dx, dy: dy)
        case "reset":
            return .reset
        case "set":
            return .set(param: try fields.string("param"), value: try fields.number("value"))
        case "claim":
            return .claim(key: try fields.string("key"))
        case "control":
            return .control(try parseControl(fields))
        case "code":
            if let files = fields.fields["files"] { return .code(source: try Self.joinedFiles(files)) }
            guard case .string(let source)? = fields.fields["source"] else {
                throw ProtocolError(.badValue, "\"code\" needs a \"source\" string or \"files\"")
            }
            return .code(source: source)
        case "revert":
            return .revert
        case "prediction":
            return try parsePrediction(fields)
        case "share":
            guard case .string(let source)? = fields.fields["source"] else {
                throw ProtocolError(.badValue, "\"share\" needs a \"source\" string")
            }
            return .share(source: source)
        case "ping":
            return .ping(id: try fields.id(of: "ping"))
        case "overlay":
            return try parseOverlay(fields)
        case "assist":
            return .assist(try AssistRequest.parse(fields))
        default:
            throw ProtocolError(.badMessage, "unknown message type \"\(String(type.prefix(32)))\"")
        }
    }

    private static func parseControl(_ fields: FieldReader) throws(ProtocolError) -> ControlAction {
        let action = try fields.string("action")
        switch action {
        case "pause": return .pause
        case "resume": return .resume
        case "step":
            guard let ticks = try fields.optionalNumber("ticks") else { return .step(ticks: 1) }
            guard ticks == ticks.rounded(), ticks != 0, abs(ticks) <= Double(maxStepTicks) else {
                throw ProtocolError(
                    .badValue, "\"ticks\" must be a whole number from -\(maxStepTicks) to \(maxStepTicks), not 0")
            }
            return .step(ticks: Int(ticks))
        case "speed":
            let value = try fields.number("value")
            guard (0.1...1).contains(value) else {
                throw ProtocolError(.badValue, "\"value\" must be a number from 0.1 to 1")
            }
            return .speed(value)
        case "seek":
            let time = try fields.number("time")
            guard time >= 0, time <= 1e7 else {
                throw ProtocolError(.badValue, "\"time\" must be a number of seconds from 0 to 10000000")
            }
            return .seek(time: time)
        case "play": return .play
        case "live": return .live
        case "lock": return .lock
        case "unlock": return .unlock
        case "lesson": return .lesson(try fields.string("lesson"))
        case "overlay":
            let name = try fields.string("overlay")
            guard sharedOverlayNames.contains(name) else {
                throw ProtocolError(.badValue, "\"overlay\" must be one of \(sharedOverlayNames.joined(separator: ", "))")
            }
            guard case .bool(let on)? = fields.fields["on"] else {
                throw ProtocolError(.badValue, "\"on\" must be true or false")
            }
            return .overlay(name, on: on)
        case "give": return .give(member: try fields.member())
        case "edit": return .edit(member: try fields.member())
        case "show":
            guard let member = try fields.member() else { throw ProtocolError(.badValue, "\"show\" needs a \"member\"") }
            return .show(member: member)
        case "guide-step": return .guideStep(try fields.string("step"))
        case "guide-csv": return .guideCSV
        default:
            throw ProtocolError(
                .badValue, "\"action\" must be pause, resume, step, speed, seek, play, live, lock, unlock, give, edit, show, lesson, overlay, guide-step or guide-csv")
        }
    }

    /// The most overlay frames a second a client may ask for: the room's frame rate.
    public static let maxOverlayRate = 60.0

    private static func parseOverlay(_ fields: FieldReader) throws(ProtocolError) -> ClientMessage {
        let names = OverlayKinds.names.map(\.0).joined(separator: ", ")
        guard case .array(let list)? = fields.fields["want"], list.count <= OverlayKinds.names.count else {
            throw ProtocolError(.badValue, "\"want\" must be a list of at most \(OverlayKinds.names.count) of: \(names)")
        }
        var kinds: OverlayKinds = []
        for entry in list {
            guard case .string(let name) = entry, let kind = OverlayKinds.names.first(where: { $0.0 == name })?.1 else {
                throw ProtocolError(.badValue, "\"want\" may hold only \(names)")
            }
            kinds.insert(kind)
        }
        // Without a rate, every frame (the room's rate); stopping needs none.
        let rate = try fields.optionalNumber("rate") ?? maxOverlayRate
        guard kinds.isEmpty || (1...maxOverlayRate).contains(rate) else {
            throw ProtocolError(
                .badValue, "\"rate\" must be from 1 to \(Int(maxOverlayRate)) overlay frames a second")
        }
        return .overlay(kinds: kinds, rate: rate)
    }
}

/// Typed access to a message's fields, throwing `bad-value` with the field's name.
struct FieldReader {
    let fields: [String: JSONValue]

    func number(_ name: String) throws(ProtocolError) -> Double {
        guard let value = fields[name] else { throw ProtocolError(.badValue, "\"\(name)\" is missing") }
        guard case .number(let number) = value else {
            throw ProtocolError(.badValue, "\"\(name)\" must be a number")
        }
        guard number.isFinite else { throw ProtocolError(.badValue, "\"\(name)\" must be a finite number") }
        return number
    }

    /// `member`: a member id, or null (or absent) for nobody.
    func member() throws(ProtocolError) -> Int? {
        switch fields["member"] {
        case .null?, nil:
            return nil
        case .number(let number)? where number.isFinite && number == number.rounded() && number >= 0 && number <= 1e9:
            return Int(number)
        default:
            throw ProtocolError(.badValue, "\"member\" must be a member id or null")
        }
    }

    /// `id`, echoed in the answer: a short string or a finite number.
    func id(of type: String) throws(ProtocolError) -> PingID {
        guard let id = fields["id"] else { throw ProtocolError(.badValue, "\"\(type)\" needs an \"id\"") }
        switch id {
        case .string(let text) where text.utf8.count <= ClientMessage.maxStringLength:
            return .string(text)
        case .number(let number) where number.isFinite:
            return .number(number)
        default:
            throw ProtocolError(
                .badValue, "\"id\" must be a string of at most \(ClientMessage.maxStringLength) bytes or a finite number")
        }
    }

    func optionalNumber(_ name: String) throws(ProtocolError) -> Double? {
        guard let value = fields[name], value != .null else { return nil }
        return try number(name)
    }

    func string(_ name: String) throws(ProtocolError) -> String {
        guard let value = fields[name] else { throw ProtocolError(.badValue, "\"\(name)\" is missing") }
        guard case .string(let text) = value else { throw ProtocolError(.badValue, "\"\(name)\" must be a string") }
        guard text.utf8.count <= ClientMessage.maxStringLength else {
            throw ProtocolError(.badValue, "\"\(name)\" is longer than \(ClientMessage.maxStringLength) bytes")
        }
        return text
    }
}

extension ClientMessage {
    /// A lesson of several files (`code` with `files`: `[{"name", "source"}]`), as one source
    /// with each file under its `// file: NAME.swift` line (SourceFiles).
    static func joinedFiles(_ value: JSONValue) throws(ProtocolError) -> String {
        guard case .array(let items) = value, !items.isEmpty else {
            throw ProtocolError(.badValue, "\"files\" must be a non-empty array of {\"name\", \"source\"}")
        }
        var files: [(name: String, source: String)] = []
        for item in items.prefix(SourceFiles.maxFiles + 1) {
            guard case .object(let file) = item, case .string(let name)? = file["name"], case .string(let source)? = file["source"] else {
                throw ProtocolError(.badValue, "each of \"files\" needs a \"name\" and a \"source\" string")
            }
            files.append((name, source))
        }
        if let problem = SourceFiles.problem(with: files.map(\.name)) { throw ProtocolError(.badValue, problem) }
        return SourceFiles.join(files)
    }
}
