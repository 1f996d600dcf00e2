import Foundation
import Lessons

/// A room's recording as a file (docs/replay.md): one header line, then one JSON object.
///
///     newtons-recording 1 <FNV-1a 64 of the body, hex> <body length in bytes>
///     {"engine":"…","lessons":[{"id":"snap","code":"…"}],"epochs":[…],"marks":[…],…}
///
/// The header tells a recording from any other file, a truncated one (the length) and a
/// corrupted one (the checksum). The body names the engine (a fingerprint of how this build
/// moves every lesson) and each lesson's code, so a server whose engine or lesson differs
/// refuses to play it instead of playing something else.
public enum RecordingFile {
    public static let magic = "newtons-recording"
    public static let formatVersion = 1
    /// The longest recording a replay may hold: ten hours of steps in one epoch.
    static let maxSteps = 10 * 3600 * Room.rate
    static let maxEpochs = 100_000
    static let maxInputs = 5_000_000

    /// What a file holds besides the recording.
    public struct Contents {
        public var recording: Recording
        /// The room's name when it was recorded (a lesson id or a class code).
        public var room: String
        public var engine: String
    }

    // MARK: Writing

    public static func encode(_ recording: Recording, room: String, directory: LessonDirectory) -> [UInt8] {
        var json = JSONWriter(capacity: 4096 + recording.memoryBytes)
        json.raw("{")
        json.key("engine")
        json.string(EngineFingerprint.current)
        json.comma()
        json.key("room")
        json.string(room)
        json.comma()
        json.key("rate")
        json.int(Room.rate)
        json.comma()
        json.key("hashStride")
        json.int(recording.hashStride)
        json.comma()
        json.key("lessons")
        json.raw("[")
        var seen: Set<String> = []
        for epoch in recording.epochs where seen.insert(epoch.lessonID).inserted {
            if seen.count > 1 { json.comma() }
            json.raw("{")
            json.key("id")
            json.string(epoch.lessonID)
            json.comma()
            json.key("code")
            json.string(directory.entry(withID: epoch.lessonID)?.code ?? "")
            json.raw("}")
        }
        json.raw("],")
        json.key("epochs")
        json.raw("[")
        for (offset, epoch) in recording.epochs.enumerated() {
            if offset > 0 { json.comma() }
            write(epoch, into: &json)
        }
        json.raw("],")
        json.key("marks")
        json.raw("[")
        for (offset, mark) in recording.marks.enumerated() {
            if offset > 0 { json.comma() }
            json.raw("[")
            json.int(mark.tick)
            json.comma()
            json.string(mark.kind)
            json.comma()
            json.string(mark.text)
            json.raw("]")
        }
        json.raw("]}")
        let body = json.bytes
        let header = "\(magic) \(formatVersion) \(String(StateHash.fnv64(body), radix: 16)) \(body.count)\n"
        return Array(header.utf8) + body
    }

    private static func write(_ epoch: RecordingEpoch, into json: inout JSONWriter) {
        json.raw("{")
        json.key("lesson")
        json.string(epoch.lessonID)
        if let source = epoch.source {
            json.comma()
            json.key("source")
            json.string(source)
        }
        json.comma()
        json.key("start")
        json.int(epoch.startTick)
        json.comma()
        json.key("steps")
        json.int(epoch.steps)
        json.comma()
        json.key("hashes")
        var hashBytes: [UInt8] = []
        hashBytes.reserveCapacity(epoch.hashes.count * 4)
        for hash in epoch.hashes {
            for shift in stride(from: 0, to: 32, by: 8) { hashBytes.append(UInt8((hash >> UInt32(shift)) & 0xFF)) }
        }
        json.string(Data(hashBytes).base64EncodedString())
        json.comma()
        json.key("inputs")
        json.raw("[")
        for (offset, timed) in epoch.inputs.enumerated() {
            if offset > 0 { json.comma() }
            write(timed, into: &json)
        }
        json.raw("]}")
    }

    /// One input as `[step,"kind",…]`, as a file and the store (RoomStore's inputs) keep it.
    static func write(_ timed: TimedInput, into json: inout JSONWriter) {
        json.raw("[")
        json.int(timed.step)
        json.comma()
        switch timed.input {
        case .tap(let x, let y):
            json.raw("\"tap\"")
            exact([x, y], into: &json)
        case .pan(let phase, let x, let y):
            json.raw("\"pan\",")
            json.string(phase.rawValue)
            exact([x, y], into: &json)
        case .push(let x, let y, let dx, let dy):
            json.raw("\"push\"")
            exact([x, y] + (dx.flatMap { dx in dy.map { [dx, $0] } } ?? []), into: &json)
        case .set(let param, let value):
            json.raw("\"set\",")
            json.string(param)
            exact([value], into: &json)
        }
        json.raw("]")
    }

    /// Numbers as `,n,n`: the shortest text that reads back as the same double, -0 included
    /// (a replay must apply exactly the value the room applied).
    private static func exact(_ values: [Double], into json: inout JSONWriter) {
        for value in values {
            json.comma()
            if value == 0, value.sign == .minus {
                json.raw("-0.0")
            } else {
                json.number(value)
            }
        }
    }

    // MARK: Reading

    /// Reads a recording file, or says clearly why it is not one this server can play.
    public static func decode(
        _ bytes: [UInt8], directory: LessonDirectory, limits: ServerLimits = ServerLimits()
    ) throws(ReplayError) -> Contents {
        guard bytes.count <= limits.maxRecordingFileBytes else {
            throw ReplayError(
                "the file is \(bytes.count) bytes; a recording is at most \(limits.maxRecordingFileBytes) bytes")
        }
        guard let newline = bytes.prefix(200).firstIndex(of: UInt8(ascii: "\n")) else {
            throw ReplayError("this is not a newtons recording (it does not start with \"\(magic)\")")
        }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        guard header.first == Substring(magic) else {
            throw ReplayError("this is not a newtons recording (it does not start with \"\(magic)\")")
        }
        guard header.count == 4, let version = Int(header[1]), let checksum = UInt64(header[2], radix: 16),
            let length = Int(header[3]), length >= 0
        else {
            throw ReplayError("the recording's first line is damaged")
        }
        guard version == formatVersion else {
            throw ReplayError("the recording is in format \(version); this server reads format \(formatVersion)")
        }
        let body = Array(bytes[(newline + 1)...])
        guard body.count >= length else {
            throw ReplayError("the recording is truncated: \(body.count) of its \(length) bytes are there")
        }
        guard body.count == length else {
            throw ReplayError("the recording has \(body.count - length) bytes too many after its end")
        }
        guard StateHash.fnv64(body) == checksum else {
            throw ReplayError("the recording is corrupted: its checksum does not match its contents")
        }
        let value: JSONValue
        do {
            value = try JSONReader.parse(body, maxDepth: 6)
        } catch {
            throw ReplayError("the recording is corrupted: \(error.reason) at byte \(error.offset)")
        }
        return try read(value, directory: directory, limits: limits)
    }

    private static func read(
        _ value: JSONValue, directory: LessonDirectory, limits: ServerLimits
    ) throws(ReplayError) -> Contents {
        let body = Fields(value, "the recording")
        let engine = try body.string("engine")
        guard engine == EngineFingerprint.current else {
            throw ReplayError(
                "the recording was made with a different engine (\(engine.prefix(32))); this server's engine is "
                    + "\(EngineFingerprint.current), so it would not play the same")
        }
        guard try body.int("rate", 1...1000) == Room.rate else {
            throw ReplayError("the recording steps at a rate other than \(Room.rate) Hz")
        }
        let stride = try body.int("hashStride", 1...Recording.maxHashStride)
        guard stride & (stride - 1) == 0 else { throw ReplayError("the recording's \"hashStride\" is not a power of two") }
        for lesson in try body.array("lessons", max: 1000) {
            let fields = Fields(lesson, "a lesson")
            let id = try fields.string("id")
            guard let entry = directory.entry(withID: id) else {
                throw ReplayError("the recording plays lesson \(id.prefix(64)), which this server does not have")
            }
            guard try fields.string("code", maxBytes: 1 << 20) == entry.code else {
                throw ReplayError("the lesson \(id) has different code on this server than in the recording")
            }
        }
        var epochs: [RecordingEpoch] = []
        var inputCount = 0
        for epochValue in try body.array("epochs", max: maxEpochs) {
            let epoch = try readEpoch(Fields(epochValue, "an epoch"), stride: stride, directory: directory)
            if let last = epochs.last, epoch.startTick < last.endTick || epoch.startTick <= last.startTick {
                throw ReplayError("the recording's epochs overlap or are out of order")
            }
            inputCount += epoch.inputs.count
            guard inputCount <= maxInputs else { throw ReplayError("the recording has too many inputs") }
            epochs.append(epoch)
        }
        guard !epochs.isEmpty else { throw ReplayError("the recording is empty") }
        var marks: [RecordingMark] = []
        for markValue in try body.array("marks", max: Recording.maxMarks) {
            guard case .array(let parts) = markValue, parts.count == 3, case .number(let tick) = parts[0],
                tick.isFinite, tick >= 0, tick <= Double(Int32.max), case .string(let kind) = parts[1],
                case .string(let text) = parts[2]
            else { throw ReplayError("a mark of the recording is damaged") }
            marks.append(RecordingMark(tick: Int(tick), kind: String(kind.prefix(16)), text: String(text.prefix(80))))
        }
        let recording = Recording(
            epochs: epochs, marks: marks, hashStride: stride,
            budget: max(limits.recordingBudgetBytes, limits.maxRecordingFileBytes))
        return Contents(recording: recording, room: try body.string("room"), engine: engine)
    }

    private static func readEpoch(
        _ fields: Fields, stride: Int, directory: LessonDirectory
    ) throws(ReplayError) -> RecordingEpoch {
        let lesson = try fields.string("lesson")
        guard let entry = directory.entry(withID: lesson) else {
            throw ReplayError("the recording plays lesson \(lesson.prefix(64)), which this server does not have")
        }
        var epoch = RecordingEpoch(lessonID: lesson, startTick: try fields.int("start", 0...(maxSteps * 10)))
        if fields.fields["source"] != nil {
            epoch.source = try fields.string("source", maxBytes: ServerLimits().maxSourceBytes)
        }
        epoch.steps = try fields.int("steps", 0...maxSteps)
        guard let hashData = Data(base64Encoded: try fields.string("hashes", maxBytes: maxSteps * 6)),
            hashData.count == epoch.steps / stride * 4
        else { throw ReplayError("the recording's state hashes are damaged") }
        let hashBytes = [UInt8](hashData)
        epoch.hashes = Swift.stride(from: 0, to: hashBytes.count, by: 4).map { i in
            UInt32(hashBytes[i]) | UInt32(hashBytes[i + 1]) << 8 | UInt32(hashBytes[i + 2]) << 16
                | UInt32(hashBytes[i + 3]) << 24
        }
        let bounds = entry.info.bounds
        let reach = 10 * max(Double(bounds.width), Double(bounds.height))
        for inputValue in try fields.array("inputs", max: maxInputs) {
            let input = try readInput(inputValue, reach: reach)
            guard input.step <= epoch.steps, input.step >= (epoch.inputs.last?.step ?? 0) else {
                throw ReplayError("the recording's inputs are out of order")
            }
            epoch.inputs.append(input)
        }
        return epoch
    }

    /// One input, with every number finite and within ten view sizes (the room's own checks are
    /// tighter; the replay applies the value exactly as recorded).
    static func readInput(_ value: JSONValue, reach: Double) throws(ReplayError) -> TimedInput {
        let damaged = ReplayError("an input of the recording is damaged")
        guard case .array(let parts) = value, parts.count >= 3, case .number(let stepValue) = parts[0],
            stepValue >= 0, stepValue <= Double(maxSteps), stepValue == stepValue.rounded(),
            case .string(let kind) = parts[1]
        else { throw damaged }
        func number(_ index: Int) throws(ReplayError) -> Double {
            guard index < parts.count, case .number(let n) = parts[index], n.isFinite, abs(n) <= reach else {
                throw damaged
            }
            return n
        }
        let input: RecordedInput
        switch (kind, parts.count) {
        case ("tap", 4):
            input = .tap(x: try number(2), y: try number(3))
        case ("pan", 5):
            guard case .string(let name) = parts[2], let phase = PanPhase(rawValue: name) else { throw damaged }
            input = .pan(phase, x: try number(3), y: try number(4))
        case ("push", 4):
            input = .push(x: try number(2), y: try number(3), dx: nil, dy: nil)
        case ("push", 6):
            input = .push(x: try number(2), y: try number(3), dx: try number(4), dy: try number(5))
        case ("set", 4):
            guard case .string(let param) = parts[2], param.utf8.count <= 64, case .number(let v) = parts[3],
                v.isFinite
            else { throw damaged }
            input = .set(param: param, value: v)
        default:
            throw damaged
        }
        return TimedInput(step: Int(stepValue), input: input)
    }

    /// Typed access to a JSON object of the file, refusing with the field's name.
    private struct Fields {
        let fields: [String: JSONValue]
        let what: String

        init(_ value: JSONValue, _ what: String) {
            if case .object(let fields) = value { self.fields = fields } else { self.fields = [:] }
            self.what = what
        }

        func string(_ name: String, maxBytes: Int = 256) throws(ReplayError) -> String {
            guard case .string(let text)? = fields[name], text.utf8.count <= maxBytes else {
                throw ReplayError("\(what) lacks a valid \"\(name)\"")
            }
            return text
        }

        func int(_ name: String, _ range: ClosedRange<Int>) throws(ReplayError) -> Int {
            guard case .number(let n)? = fields[name], n.isFinite, n == n.rounded(),
                n >= Double(range.lowerBound), n <= Double(range.upperBound)
            else { throw ReplayError("\(what) lacks a valid \"\(name)\"") }
            return Int(n)
        }

        func array(_ name: String, max: Int) throws(ReplayError) -> [JSONValue] {
            guard case .array(let values)? = fields[name], values.count <= max else {
                throw ReplayError("\(what) lacks a valid \"\(name)\"")
            }
            return values
        }
    }
}

/// A fingerprint of how this build moves the lessons: every lesson of the catalog, tapped,
/// dragged and stepped for two seconds, hashed frame by frame. Two servers with the same
/// fingerprint replay each other's recordings bit for bit; a different one is refused.
public enum EngineFingerprint {
    public static let current: String = {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for type in LessonCatalog.all.sorted(by: { $0.info.id < $1.info.id }) {
            let lesson = type.init()
            let size = lesson.items.isEmpty ? CGSize(width: 375, height: 667) : type.info.bounds
            let middle = CGPoint(x: size.width / 2, y: size.height / 3)
            lesson.tap(at: middle)
            lesson.pan(.began, at: middle)
            for step in 0..<120 {
                if step == 30 { lesson.pan(.changed, at: CGPoint(x: middle.x + 40, y: middle.y + 60)) }
                if step == 40 { lesson.pan(.ended, at: CGPoint(x: middle.x + 40, y: middle.y + 60)) }
                lesson.advance(by: Room.tickSeconds)
                _ = lesson.drainEvents()
                hash = (hash ^ UInt64(StateHash.of(lesson))) &* 0x0000_0100_0000_01B3
            }
        }
        return "e1-" + String(hash, radix: 16)
    }()
}
