import Foundation
import Keyframes
import Lessons

/// The server's id for one WebSocket connection, unique for the life of the process.
public typealias ConnectionID = UInt64

/// What a room asks its driver to do. The room itself never touches a socket.
public enum RoomOutput {
    /// Queue a reliable message for one member.
    case send(ConnectionID, WireBuffer)
    /// Queue a reliable message for every member.
    case broadcast(WireBuffer)
    /// Queue a reliable message for every member but one.
    case sendExcept(WireBuffer, ConnectionID)
    /// Queue the room's newest frame for one member, right behind what is queued (after a welcome).
    case sendFrame(ConnectionID)
    /// The room has a newer state frame: every member is due a write.
    case frame
}

/// One room: one running lesson, its members and its clock.
///
/// A room is a state machine: joins, leaves, messages and ticks go in, `RoomOutput`s come out,
/// and the caller performs them. It reads no clock (time is passed in, in microseconds of a
/// monotonic clock) and touches no socket, so tests drive it directly. It runs on the server's
/// service thread only.
public final class Room {
    /// A lesson room is public and has no instructor; a class room has a code and an instructor.
    public enum Kind: Equatable, Sendable {
        case lesson
        case classRoom(code: String)
    }

    /// Someone in the room.
    public struct Member: Sendable {
        public let connection: ConnectionID
        public let id: Int
        public var name: String
        public var role: Role
    }

    /// Frames per second of the room's clock: each tick advances the lesson by 1 / rate s.
    public static let rate = 60
    public static let tickSeconds = 1.0 / Double(rate)

    /// The room's id: the lesson id for a lesson room, the code for a class room.
    public let id: String
    public let kind: Kind
    /// The address that opened a class room (for the per-address room limit).
    public let openerAddress: String?
    /// The live lesson: the newest moment of the room (while the room shows the past, it waits).
    public internal(set) var lessonEntry: LessonDirectory.Entry
    public internal(set) var lesson: any Lesson
    public private(set) var members: [Member] = []
    public internal(set) var paused = false
    public internal(set) var locked = false
    /// The member allowed to gesture while the room is locked, besides the instructor.
    public private(set) var controller: Int?
    /// The newest state frame, encoded once for every member.
    public internal(set) var newestFrame: WireBuffer
    /// Sequence number of `newestFrame`; rises by one per frame.
    public private(set) var frameSequence: UInt32 = 1
    /// The overlays the instructor shows on every member's page, in the order turned on.
    public private(set) var sharedOverlays: [String] = []
    /// When the last member left (nil while anyone is in).
    public private(set) var emptySince: Int64?
    /// When the instructor's connection dropped, while their grace period runs.
    public private(set) var instructorAwaySince: Int64?
    /// The code the room runs when a member ran their own (nil: the lesson's own code).
    public internal(set) var source: String?
    /// The member who may edit and run the room's code besides the instructor (class rooms).
    public private(set) var editor: Int?
    /// The lesson made from `source`, which `reset` starts again.
    var compiled: CompiledLesson?
    let compiler: LessonCompiler?
    /// Code members sent the instructor to show (`share`), newest last, by member id.
    public private(set) var shared: [(member: Int, source: String)] = []
    /// Shared sources a room keeps at most (the oldest goes): a bound on its memory.
    public static let maxShared = 8
    private var compileBucket: TokenBucket

    /// Everything that changed the room, to replay any moment of it (docs/replay.md).
    public internal(set) var recording: Recording
    /// Steps the room has taken since it opened (across restarts): its timeline, at `rate` a second.
    public internal(set) var liveTick = 0
    /// The fraction of real time the room plays at (0.1 to 1), live or replaying.
    public internal(set) var speed = 1.0
    /// Thousandths of a step owed by slow motion: a step is taken each time 1000 are owed.
    var speedCredit = 0
    /// The past moment the room shows instead of the live lesson, while it shows one.
    public internal(set) var shown: ReplayCursor?
    /// True while the shown past plays on (the recording's inputs apply as their steps come).
    public internal(set) var isPlayingBack = false
    /// The moment a seek is on its way to, while reaching it takes more than one slice of the
    /// worker's time (`ServerLimits.seekSliceSeconds` a tick): the shown cursor steps towards it
    /// tick by tick, and the worker's other rooms keep their ticks meanwhile.
    public internal(set) var seekTarget: Int?
    /// The address whose replay time a seek on its way is charged to (`ServerCore`).
    var seekChargedTo: String?
    /// The live lesson as it was when the room left it to show the past: a shown moment of the
    /// live lesson's own epoch is restored into the live lesson's objects, so going live puts
    /// this back.
    var liveKeyframe: Keyframe?
    /// Keyframes that disagreed with the recording (each one reported, the moment rebuilt).
    public internal(set) var keyframeMismatches = 0
    var pendingKeyframeReports: [LessonEvent] = []
    /// The guide of the lesson running, deciding every member's steps (Room+Guide.swift).
    package internal(set) var guide: RoomGuide?

    let directory: LessonDirectory
    let limits: ServerLimits
    /// The instructor's key (a class room's); given to whoever opens the room.
    public internal(set) var instructorKey: String? {
        didSet { if instructorKey != oldValue { instructorKeyHash = instructorKey.map(RoomCode.keyHash) } }
    }
    /// SHA-256 of `instructorKey`, hex (what the store keeps): worked out when the key changes,
    /// not at every write (it was half of the store's cost on the tick).
    private(set) var instructorKeyHash: String?
    /// The key's hash, for a room brought back from the store (which keeps only the hash): the
    /// key that matches it opens the room and becomes `instructorKey` again.
    public internal(set) var restoredKeyHash: String?
    /// What each member (by name) had done of the guide when the store kept the class: given
    /// back when they join again (Room+Guide).
    var restoredGuide: [String: [KeptGuideRow]] = [:]
    /// Why the room only shows its recording (it was brought back from the store and no longer
    /// replays to its recorded hashes); nil for a room that runs.
    public internal(set) var readOnlyReason: String?
    private var nextMemberID = 1
    /// The scene version of the lesson being shown, as clients last heard of it.
    var sceneVersion: Int
    /// Step on the next tick even if the lesson says it is at rest (a gesture may wake it).
    var awake = true
    private var resetBucket: TokenBucket
    /// The overlay frames of `frameSequence`, by kinds asked for, and the measurements they
    /// were encoded from: measured once per frame, only when someone asked.
    private var overlayFrames: [UInt8: WireBuffer] = [:]
    private var overlayMeasurements: LessonMeasurements?
    private var overlaySequence: UInt32 = 0
    private var setBucket: TokenBucket
    /// Time controls that may replay a stretch of the recording (seek, step): each can cost a
    /// re-run of an epoch, so a room takes a bounded number per second.
    private var timeControlBucket: TokenBucket

    /// Opens a room running `entry`'s lesson. A class room takes `instructorKey` (a cluster's
    /// signed key) or makes its own with `random`.
    public init(
        id: String, kind: Kind, lesson entry: LessonDirectory.Entry, directory: LessonDirectory,
        limits: ServerLimits, openerAddress: String? = nil, compiler: LessonCompiler? = nil,
        instructorKey givenKey: String? = nil, now: Int64,
        random: inout some RandomNumberGenerator, recording opened: Recording? = nil
    ) {
        self.id = id
        self.compiler = compiler
        self.kind = kind
        self.openerAddress = openerAddress
        self.directory = directory
        self.limits = limits
        lessonEntry = entry
        lesson = entry.make()
        sceneVersion = lesson.sceneVersion
        recording = Recording(budget: limits.recordingBudgetBytes)
        emptySince = now
        if case .classRoom = kind { instructorKey = givenKey ?? RoomCode.makeKey(using: &random) }
        instructorKeyHash = instructorKey.map(RoomCode.keyHash)  // (no didSet in an initialiser)
        resetBucket = TokenBucket(
            capacity: max(1, limits.resetsPerSecondPerRoom * 2), perSecond: limits.resetsPerSecondPerRoom, now: now)
        timeControlBucket = TokenBucket(
            capacity: max(1, limits.timeControlsPerSecondPerRoom * 2), perSecond: limits.timeControlsPerSecondPerRoom,
            now: now)
        setBucket = TokenBucket(
            capacity: max(1, limits.setsPerSecondPerRoom), perSecond: limits.setsPerSecondPerRoom, now: now)
        compileBucket = TokenBucket(capacity: 3, perSecond: limits.compilesPerSecondPerRoom, now: now)
        newestFrame = StateFrame.encode(
            poses: lesson.poses, lines: lesson.lines, sequence: 1, time: lesson.elapsedTime, paused: false)
        if let opened {
            openRecording(opened)
        } else {
            recording.begin(lesson: entry.info.id, at: 0)
        }
        openGuide()
    }

    /// The class room's code, or nil for a lesson room.
    public var code: String? {
        if case .classRoom(let code) = kind { return code }
        return nil
    }

    public var isClassRoom: Bool { code != nil }

    /// The running lesson as clients see it: the room's lesson (id, title, order), with the
    /// view size and gestures of the code that runs.
    public var lessonInfo: LessonInfo {
        var info = lessonEntry.info
        if let compiled {
            info.bounds = compiled.info.bounds
            info.gestures = compiled.info.gestures
        }
        return info
    }

    /// True when `member` may run code in this room: the instructor of a class room, or the
    /// member the instructor lets edit. A lesson room's code is read only (it is shared with
    /// strangers: "Try it yourself" opens a class room of one's own).
    public func mayEditCode(_ member: Member) -> Bool {
        isClassRoom && (member.role == .instructor || member.id == editor)
    }

    /// True when the next tick would step the lesson: someone is in, it is not paused, and
    /// something moves (or a gesture may have started something).
    public var isActive: Bool {
        guard !members.isEmpty else { return false }
        if shown != nil { return isPlayingBack || seekTarget != nil }
        return !paused && (awake || !lesson.isAtRest)
    }

    /// The lesson every member is shown: a past moment's, or the live one.
    public var shownLesson: any Lesson { shown?.lesson ?? lesson }
    public var shownEntry: LessonDirectory.Entry { shown?.entry ?? lessonEntry }
    /// The timeline tick every member is shown.
    public var shownTick: Int { shown?.tick ?? liveTick }

    /// The member of a connection.
    public func member(for connection: ConnectionID) -> Member? {
        members.first { $0.connection == connection }
    }

    /// The instructor's member id, when the instructor is in the room.
    public var instructorMemberID: Int? {
        members.first { $0.role == .instructor }?.id
    }

    public var memberInfos: [MemberInfo] {
        members.map { MemberInfo(id: $0.id, name: $0.name, role: $0.role) }
    }

    // MARK: Joining and leaving

    /// Adds a member. The opener of a class room, or a joiner with the right key, is its
    /// instructor. The joiner gets `welcome`; everyone gets `presence`.
    public func join(
        connection: ConnectionID, name: String, asOpener: Bool = false, key: String? = nil, now: Int64
    ) -> [RoomOutput] {
        var role = Role.student
        var demoted: [RoomOutput] = []
        if isClassRoom, instructorKey != nil || restoredKeyHash != nil {
            let keyMatches = key.map { opens(key: $0) } ?? false
            if (asOpener && instructorMemberID == nil) || keyMatches {
                role = .instructor
                instructorAwaySince = nil
                // The key moves the seat, as a `claim` does: a teacher whose page reloads is
                // instructor again even before the old connection's close has arrived.
                for index in members.indices where members[index].role == .instructor {
                    members[index].role = .student
                    demoted.append(.send(members[index].connection, welcome(for: members[index])))
                }
            }
        }
        let member = Member(
            connection: connection, id: nextMemberID, name: name.isEmpty ? "Guest \(nextMemberID)" : name, role: role)
        nextMemberID += 1
        members.append(member)
        emptySince = nil
        recording.mark("join", member.name, at: liveTick)
        return [.send(connection, welcome(for: member))] + sharedOverlaysMessage(to: connection) + [.sendFrame(connection)]
            + demoted + [.sendExcept(ServerMessage.presence(members: memberInfos), connection)] + guideJoined(member)
    }

    /// Removes a member. An instructor's seat is kept for the grace period.
    public func leave(connection: ConnectionID, now: Int64) -> [RoomOutput] {
        guard let index = members.firstIndex(where: { $0.connection == connection }) else { return [] }
        let member = members.remove(at: index)
        recording.mark("leave", member.name, at: liveTick)
        var outputs: [RoomOutput] = []
        if member.role == .instructor { instructorAwaySince = now }
        if controller == member.id || editor == member.id {
            if controller == member.id { controller = nil }
            if editor == member.id { editor = nil }
            outputs.append(.broadcast(roomMessage()))
        }
        shared.removeAll { $0.member == member.id }
        if members.isEmpty {
            emptySince = now
        } else {
            outputs.append(.broadcast(ServerMessage.presence(members: memberInfos)))
        }
        return outputs + progressToInstructor()
    }

    /// Ends an instructor's grace period once it has run out: the seat is free for anyone's
    /// `claim`, and the room is unlocked and running so that no one is stuck.
    public func expireInstructor(now: Int64) -> [RoomOutput] {
        guard let since = instructorAwaySince, instructorMemberID == nil,
            Double(now - since) / 1e6 >= limits.instructorGraceSeconds
        else { return [] }
        instructorAwaySince = nil
        instructorKey = nil
        restoredKeyHash = nil
        let changed = locked || paused || controller != nil
        locked = false
        paused = false
        controller = nil
        awake = true
        guard changed else { return [] }
        return [.broadcast(roomMessage())]
    }

    /// When `expireInstructor` has something to do, if ever.
    public var instructorGraceDeadline: Int64? {
        instructorAwaySince.map { $0 + Int64(limits.instructorGraceSeconds * 1e6) }
    }

    // MARK: The clock

    /// Advances the lesson by one tick when the room is active, and encodes the new frame.
    /// In slow motion a tick steps only when enough of a step is owed (`speed` per tick).
    public func tick() -> [RoomOutput] {
        guard isActive else { return [] }
        if seekTarget != nil { return continueSeek() }
        speedCredit += Int((speed * 1000).rounded())
        guard speedCredit >= 1000 else { return [] }
        speedCredit -= 1000
        if shown != nil { return playbackStep() }
        awake = false
        return advanceOneTick()
    }

    /// One step of the live lesson, recorded with the hash of the frame it makes.
    func advanceOneTick() -> [RoomOutput] {
        lesson.advance(by: Self.tickSeconds)
        liveTick += 1
        var outputs = drainLessonEvents()
        if lesson.sceneVersion != sceneVersion {
            sceneVersion = lesson.sceneVersion
            outputs.append(.broadcast(ServerMessage.scene(items: lesson.items, boundaries: lesson.boundaries)))
        }
        encodeFrame()
        recording.recordStep(hash: StateHash.of(frame: newestFrame))
        if recording.wantsKeyframe {
            recording.addKeyframe(of: lesson)
        }
        outputs.append(.frame)
        return outputs + guideObserve(stepped: true)
    }

    private func drainLessonEvents() -> [RoomOutput] {
        let events = lesson.drainEvents()
        guideEvents(events)
        return events.map { .broadcast(ServerMessage.event($0)) }
    }

    /// Encodes the frame of the moment shown: the live lesson's, or a past one's (flags bit 1).
    func encodeFrame() {
        frameSequence &+= 1
        let shown = shownLesson
        newestFrame = StateFrame.encode(
            poses: shown.poses, lines: shown.lines, sequence: frameSequence, time: shown.elapsedTime,
            paused: self.shown != nil ? !isPlayingBack : paused, past: self.shown != nil)
    }

    /// After a gesture or a parameter change: events and scene changes go out at once (with a
    /// frame after a scene), and the room steps on the next tick.
    private func afterInput() -> [RoomOutput] {
        awake = true
        var outputs = drainLessonEvents()
        if lesson.sceneVersion != sceneVersion {
            sceneVersion = lesson.sceneVersion
            outputs.append(.broadcast(ServerMessage.scene(items: lesson.items, boundaries: lesson.boundaries)))
            encodeFrame()
            outputs.append(.frame)
        }
        return outputs + guideObserve(stepped: false)
    }

    // MARK: Messages

    /// Handles one message from a member: the outputs, or the error to send back to that member
    /// alone (nothing was applied).
    public func handle(
        _ message: ClientMessage, from connection: ConnectionID, now: Int64
    ) -> Result<[RoomOutput], ProtocolError> {
        guard let member = member(for: connection) else {
            return .failure(ProtocolError(.forbidden, "you are not in this room"))
        }
        do {
            return .success(try apply(message, from: member, now: now))
        } catch {
            return .failure(error)
        }
    }

    private func apply(_ message: ClientMessage, from member: Member, now: Int64) throws(ProtocolError) -> [RoomOutput] {
        switch message {
        case .tap(let x, let y):
            try checkGesture(by: member)
            try checkPoint(x, y)
            lesson.tap(at: CGPoint(x: x, y: y))
            guideGesture(.tap, at: CGPoint(x: x, y: y), by: member)
            recording.record(.tap(x: x, y: y))
            return afterInput()
        case .pan(let phase, let x, let y):
            try checkGesture(by: member)
            try checkPoint(x, y)
            lesson.pan(phase, at: CGPoint(x: x, y: y))
            if phase == .began { guideGesture(.pan, at: CGPoint(x: x, y: y), by: member) }
            recording.record(.pan(phase, x: x, y: y))
            return afterInput()
        case .push(let x, let y, let dx, let dy):
            try checkGesture(by: member)
            try checkPoint(x, y)
            var swipe: CGVector?
            if let dx, let dy {
                let limit = 10 * max(Double(lessonInfo.bounds.width), Double(lessonInfo.bounds.height))
                guard abs(dx) <= limit, abs(dy) <= limit else {
                    throw ProtocolError(.badValue, "\"dx\" and \"dy\" must be within ±\(Int(limit)) points")
                }
                swipe = CGVector(dx: dx, dy: dy)
            }
            lesson.push(at: CGPoint(x: x, y: y), swipe: swipe)
            guideGesture(.push, at: CGPoint(x: x, y: y), by: member)
            recording.record(.push(x: x, y: y, dx: swipe == nil ? nil : dx, dy: swipe == nil ? nil : dy))
            return afterInput()
        case .reset:
            try checkLessonChange(by: member)
            guard resetBucket.take(now: now) else {
                throw ProtocolError(.rateLimited, "this room was started again a moment ago; wait a second")
            }
            return restartLesson(event: LessonEvent(name: "reset", text: "The lesson starts again"))
        case .set(let param, let value):
            try checkLessonChange(by: member)
            guard lesson.parameters.contains(where: { $0.name == param }) else {
                throw ProtocolError(.badValue, LessonError.unknownParameter(param).message)
            }
            guard setBucket.take(now: now) else {
                throw ProtocolError(.rateLimited, "parameters are changing too fast in this room")
            }
            do {
                try lesson.setParameter(param, to: value)
            } catch {
                throw ProtocolError(.badValue, error.message)
            }
            recording.record(.set(param: param, value: value))
            var outputs = [RoomOutput.broadcast(ServerMessage.params(lesson.parameters))]
            outputs += afterInput()
            return outputs
        case .claim(let key):
            return try claim(key: key, by: member)
        case .control(let action):
            guard isClassRoom else {
                throw ProtocolError(.forbidden, "a lesson room has no instructor; open a class room to use control")
            }
            guard member.role == .instructor else {
                throw ProtocolError(.forbidden, "only the instructor controls this room")
            }
            switch action {
            case .step(let ticks) where shown == nil && ticks > 0:
                break  // forward from live: the live lesson steps, nothing is replayed
            case .seek, .step:
                guard timeControlBucket.take(now: now) else {
                    throw ProtocolError(.rateLimited, "the room's moment is moving too fast; wait a moment")
                }
            case .show(let memberID):
                guard let source = shared.last(where: { $0.member == memberID })?.source,
                    let author = members.first(where: { $0.id == memberID })
                else {
                    throw ProtocolError(.badValue, "member \(memberID) has sent no code to show")
                }
                return try run(source: source, by: member, now: now, shownFrom: author)
            case .guideCSV:
                return try progressCSV(to: member)
            default: break
            }
            return try control(action)
        case .ping(let id):
            return [.send(member.connection, ServerMessage.pong(id))]
        case .code(let source):
            try checkCodeEdit(by: member)
            return try run(source: source, by: member, now: now)
        case .share(let source):
            guard isClassRoom else {
                throw ProtocolError(.forbidden, "a public room has no instructor to send code to")
            }
            guard source.utf8.count <= limits.maxSourceBytes else {
                throw ProtocolError(.badValue, "the code is \(source.utf8.count) bytes; a lesson's code is at most \(limits.maxSourceBytes) bytes")
            }
            shared.removeAll { $0.member == member.id }
            shared.append((member.id, source))
            if shared.count > Self.maxShared { shared.removeFirst(shared.count - Self.maxShared) }
            guard let instructor = members.first(where: { $0.role == .instructor }), instructor.id != member.id else {
                return []
            }
            return [.send(instructor.connection, ServerMessage.shared(by: memberInfo(member)))]
        case .revert:
            try checkCodeEdit(by: member)
            try checkShowingLive()
            guard source != nil else { return [] }
            source = nil
            compiled = nil
            return [.broadcast(ServerMessage.code(source: nil, lesson: lessonInfo, by: memberInfo(member)))]
                + restartLesson(event: LessonEvent(name: "code", text: "\(member.name) brought back the lesson's own code"))
        case .overlay, .assist:
            // What a client asks to receive, and the editor's questions, are its session's
            // business (ServerCore).
            return []
        case .prediction(let step, let answer):
            return try guidePrediction(step: step, answer: answer, by: member, now: now)
        }
    }

    private func checkCodeEdit(by member: Member) throws(ProtocolError) {
        guard isClassRoom else {
            throw ProtocolError(
                .forbidden, "this public room's code is read only: “Try it yourself” opens a room of your own to edit it")
        }
        guard mayEditCode(member) else {
            throw ProtocolError(.forbidden, "only the instructor, or the student they let edit, runs code in this class")
        }
    }

    /// Compiles `source` and, when it compiles, restarts the room with it for everyone. When it
    /// does not, the sender alone gets the diagnostics and the code that ran goes on running.
    private func run(
        source: String, by member: Member, now: Int64, shownFrom author: Member? = nil
    ) throws(ProtocolError) -> [RoomOutput] {
        try checkShowingLive()
        guard source.utf8.count <= limits.maxSourceBytes else {
            throw ProtocolError(.badValue, "the code is \(source.utf8.count) bytes; a lesson's code is at most \(limits.maxSourceBytes) bytes")
        }
        guard let compiler else {
            throw ProtocolError(.forbidden, "this server cannot run edited code (it has no Swift interpreter)")
        }
        guard compileBucket.take(now: now) else {
            throw ProtocolError(.rateLimited, "code is being run too often in this room; wait a moment and Run again")
        }
        switch compiler(source, lessonEntry.info.sourceFileName) {
        case .failure(let failure):
            let diagnostics = failure.diagnostics
            let first = diagnostics.first
            let message = first.map { "line \($0.line), column \($0.column): \($0.message)" } ?? "the code did not compile"
            throw ProtocolError(.compileError, message, diagnostics: diagnostics)
        case .success(let lesson):
            compiled = lesson
            self.source = source
            let outputs = [.broadcast(ServerMessage.code(source: source, lesson: lessonInfo, by: memberInfo(author ?? member)))]
                + restartLesson(
                    event: LessonEvent(
                        name: "code", text: author.map { "\(member.name) shows \($0.name)'s code" } ?? "\(member.name) ran new code"))
            guideCodeRan(by: author ?? member)
            return outputs + guideObserve(stepped: false)
        }
    }

    private func memberInfo(_ member: Member) -> MemberInfo {
        MemberInfo(id: member.id, name: member.name, role: member.role)
    }

    private func checkGesture(by member: Member) throws(ProtocolError) {
        try checkShowingLive()
        guard locked, member.role != .instructor, member.id != controller else { return }
        throw ProtocolError(.forbidden, "the room is locked: only the instructor's gestures act")
    }

    private func checkLessonChange(by member: Member) throws(ProtocolError) {
        try checkShowingLive()
        guard locked, member.role != .instructor else { return }
        throw ProtocolError(.forbidden, "the room is locked: only the instructor may change the lesson")
    }

    /// Points may lie off the view (a drag that leaves it), but not far: one view size beyond
    /// each edge.
    private func checkPoint(_ x: Double, _ y: Double) throws(ProtocolError) {
        let w = Double(lessonInfo.bounds.width)
        let h = Double(lessonInfo.bounds.height)
        guard (-w...(2 * w)).contains(x), (-h...(2 * h)).contains(y) else {
            throw ProtocolError(
                .badValue, "\"x\", \"y\" must lie within the view or one view size beyond it (\(Int(w)) x \(Int(h)))")
        }
    }

    /// A fresh lesson of the code the room runs.
    private func makeLesson() -> any Lesson {
        compiled?.make() ?? lessonEntry.make()
    }

    private func restartLesson(event: LessonEvent?) -> [RoomOutput] {
        lesson = makeLesson()
        guideRestarted()
        sceneVersion = lesson.sceneVersion
        awake = true
        recording.begin(lesson: lessonEntry.info.id, source: source, at: liveTick)
        recording.mark("reset", "The lesson starts again", at: liveTick)
        var outputs: [RoomOutput] = [.broadcast(roomMessage())]
        if let event { outputs.append(.broadcast(ServerMessage.event(event))) }
        outputs.append(.broadcast(ServerMessage.scene(items: lesson.items, boundaries: lesson.boundaries)))
        outputs.append(.broadcast(ServerMessage.params(lesson.parameters)))
        encodeFrame()
        outputs.append(.frame)
        return outputs
    }

    /// True when `key` is the instructor's. A room brought back from the store knows only the
    /// key's hash until its instructor comes back with the key.
    private func opens(key: String) -> Bool {
        if let expected = instructorKey { return RoomCode.keysMatch(key, expected) }
        guard let hash = restoredKeyHash, RoomCode.keysMatch(RoomCode.keyHash(key), hash) else { return false }
        instructorKey = key
        restoredKeyHash = nil
        return true
    }

    private func claim(key: String, by member: Member) throws(ProtocolError) -> [RoomOutput] {
        guard isClassRoom else {
            throw ProtocolError(.forbidden, "a lesson room has no instructor to claim")
        }
        if member.role == .instructor {
            return [.send(member.connection, welcome(for: member)), .sendFrame(member.connection)]
        }
        var granted = false
        if instructorKey != nil || restoredKeyHash != nil {
            granted = opens(key: key)
        } else {
            // The seat is free (the grace period ran out): the first claim takes it, with a new key.
            var random = SystemRandomNumberGenerator()
            instructorKey = RoomCode.makeKey(using: &random)
            granted = true
        }
        guard granted else { throw ProtocolError(.forbidden, "wrong key: the room was not claimed") }
        var outputs: [RoomOutput] = []
        for index in members.indices {
            if members[index].role == .instructor {
                members[index].role = .student
                outputs.append(.send(members[index].connection, welcome(for: members[index])))
            }
            if members[index].connection == member.connection {
                members[index].role = .instructor
                outputs.append(.send(member.connection, welcome(for: members[index])))
                outputs += sharedOverlaysMessage(to: member.connection)
                outputs.append(.sendFrame(member.connection))
            }
        }
        instructorAwaySince = nil
        if controller == member.id { controller = nil }
        if editor == member.id { editor = nil }
        outputs.append(.broadcast(ServerMessage.presence(members: memberInfos)))
        return outputs
    }

    private func control(_ action: ControlAction) throws(ProtocolError) -> [RoomOutput] {
        if readOnlyReason != nil {
            // A read-only room shows its recording; nothing makes its live lesson run.
            switch action {
            case .seek, .speed, .overlay, .guideCSV: break
            case .step(let ticks) where shown != nil || ticks < 0: break
            case .play where shown != nil, .pause where shown != nil: break
            default: try checkWritable()
            }
        }
        if let outputs = try timeControl(action) { return outputs }
        switch action {
        case .pause:
            guard !paused else { return [] }
            paused = true
            encodeFrame()
            return [
                .broadcast(roomMessage()), .broadcast(ServerMessage.event(LessonEvent(name: "paused", text: "Paused"))),
                .frame,
            ]
        case .resume:
            return resumeLive()
        case .step(let ticks):
            var outputs: [RoomOutput] = []
            if !paused {
                paused = true
                outputs.append(.broadcast(roomMessage()))
                outputs.append(.broadcast(ServerMessage.event(LessonEvent(name: "paused", text: "Paused"))))
            }
            for _ in 0..<ticks { outputs += advanceOneTick() }
            return outputs
        case .speed, .seek, .play, .live:
            return []  // handled by timeControl
        case .lock:
            guard !locked else { return [] }
            locked = true
            return roomChanged("locked", "Only the instructor's gestures act")
        case .unlock:
            guard locked else { return [] }
            locked = false
            controller = nil
            return roomChanged("unlocked", "Everyone's gestures act")
        case .give(let memberID):
            return try hand(\.controller, to: memberID) { LessonEvent(name: "given", text: "\($0.name) has the gesture") }
        case .edit(let memberID):
            return try hand(\.editor, to: memberID) { LessonEvent(name: "editor", text: "\($0.name) may edit the code") }
        case .show:
            return []  // handled with the sender, in apply
        case .lesson(let lessonID):
            guard let entry = directory.entry(withID: lessonID) else {
                throw ProtocolError(.badValue, "no lesson named \(lessonID)")
            }
            leavePast()
            lessonEntry = entry
            compiled = nil
            source = nil
            lesson = makeLesson()
            sceneVersion = lesson.sceneVersion
            awake = true
            recording.begin(lesson: entry.info.id, at: liveTick)
            recording.mark("lesson", entry.info.title, at: liveTick)
            openGuide()
            encodeFrame()
            return members.flatMap {
                [.send($0.connection, welcome(for: $0))] + sharedOverlaysMessage(to: $0.connection) + [.sendFrame($0.connection)]
            }
        case .guideStep(let step):
            return try moveEveryone(toStep: step)
        case .guideCSV:
            return []  // handled with the sender, in apply
        case .overlay(let name, let on):
            guard sharedOverlays.contains(name) != on else { return [] }
            if on { sharedOverlays.append(name) } else { sharedOverlays.removeAll { $0 == name } }
            return [.broadcast(ServerMessage.overlays(sharedOverlays))]
        }
    }

    /// Hands a seat (the gesture while locked, the code) to one member, or takes it back (nil).
    private func hand(
        _ seat: ReferenceWritableKeyPath<Room, Int?>, to memberID: Int?, event: (Member) -> LessonEvent
    ) throws(ProtocolError) -> [RoomOutput] {
        guard let memberID else {
            self[keyPath: seat] = nil
            return [.broadcast(roomMessage())]
        }
        guard let target = members.first(where: { $0.id == memberID }) else {
            throw ProtocolError(.badValue, "no member \(memberID) in this room")
        }
        self[keyPath: seat] = target.id
        return roomChanged(event(target))
    }

    /// The instructor's overlays for one member after its `welcome`, when any was turned on.
    private func sharedOverlaysMessage(to connection: ConnectionID) -> [RoomOutput] {
        sharedOverlays.isEmpty ? [] : [.send(connection, ServerMessage.overlays(sharedOverlays))]
    }

    // MARK: Overlay data

    /// The overlay frame of the newest state frame, carrying `kinds` (docs/protocol.md,
    /// "Overlay data"). The lesson is measured once per frame, when the first client asks.
    public func overlayFrame(_ kinds: OverlayKinds) -> WireBuffer {
        if overlaySequence != frameSequence {
            overlaySequence = frameSequence
            overlayFrames.removeAll(keepingCapacity: true)
            overlayMeasurements = nil
        }
        if let frame = overlayFrames[kinds.rawValue] { return frame }
        let measurements = overlayMeasurements ?? lesson.measurements
        overlayMeasurements = measurements
        let frame = OverlayFrame.encode(measurements, kinds: kinds, sequence: frameSequence, time: lesson.elapsedTime)
        overlayFrames[kinds.rawValue] = frame
        return frame
    }

    // MARK: Messages out

    /// The room's new state for everyone, then the event that says what changed.
    func roomChanged(_ event: LessonEvent) -> [RoomOutput] {
        [.broadcast(roomMessage()), .broadcast(ServerMessage.event(event))]
    }

    func roomChanged(_ name: String, _ text: String) -> [RoomOutput] {
        roomChanged(LessonEvent(name: name, text: text))
    }

    func roomMessage() -> WireBuffer {
        ServerMessage.room(
            paused: shown != nil ? !isPlayingBack : paused, locked: locked, lesson: shownEntry.info.id,
            controller: controller, editor: editor, timeline: timeline)
    }

    /// The full state for one member: what a late joiner needs.
    public func welcome(for member: Member) -> WireBuffer {
        ServerMessage.welcome(
            WelcomeState(
                room: id, code: code, role: member.role, key: member.role == .instructor ? instructorKey : nil,
                you: member.id, lesson: shown == nil ? lessonInfo : shownEntry.info, lessonCode: shownEntry.code,
                rate: Self.rate, time: shownLesson.elapsedTime, items: shownLesson.items,
                boundaries: shownLesson.boundaries, lines: shownLesson.lines, params: shownLesson.parameters,
                members: memberInfos, paused: shown != nil ? !isPlayingBack : paused, locked: locked,
                controller: controller, timeline: timeline, source: source, editor: editor,
                hasGuide: shownEntry.guides != nil))
    }
}
