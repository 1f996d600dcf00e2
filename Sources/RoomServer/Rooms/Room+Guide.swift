import Foundation
import Lessons

/// The guide of a room's lesson as the room decides it (docs/guides.md): every member's open
/// step, ticked from the room's own lesson after every step and every input.
///
/// Where students work: in the room they are in. Each member has their own open step; the
/// lesson's state (positions, velocities, events, parameters) is the room's, and gestures and
/// code count for the member who made or ran them. A step that needs one's own gestures is
/// best done in a room of one's own ("Try it yourself", a class room of one); in a shared
/// class room the instructor sees every member's progress live (`progress`).
package final class RoomGuide {
    package let tracker: GuideTracker
    /// Predictions each member may send, per second (a flood is refused, nothing changes).
    private var predictionBuckets: [Int: TokenBucket] = [:]
    static let predictionsPerSecond = 2.0

    init(steps: [GuideStep], lessonDefaults: [String: Double], chineseChoices: [String: [String]]) {
        tracker = GuideTracker(steps: steps, lessonDefaults: lessonDefaults, chineseChoices: chineseChoices)
    }

    func takePrediction(member: Int, now: Int64) -> Bool {
        var bucket =
            predictionBuckets[member] ?? TokenBucket(capacity: 2 * Self.predictionsPerSecond, perSecond: Self.predictionsPerSecond, now: now)
        defer { predictionBuckets[member] = bucket }
        return bucket.take(now: now)
    }
}

extension Room {
    /// A guide for the lesson the room now runs (nil when it has none), with every member in it.
    func openGuide() {
        guard let guides = lessonEntry.guides, case let steps = guides.steps, !steps.isEmpty else {
            guide = nil
            return
        }
        let defaults = Dictionary(lesson.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        guide = RoomGuide(steps: steps, lessonDefaults: defaults, chineseChoices: guides.choices(inLanguage: "zh"))
        for member in members { guide?.tracker.join(member: member.id) }
    }

    func guideJoined(_ member: Member) -> [RoomOutput] {
        guard let guide else { return [] }
        guide.tracker.join(member: member.id)
        // A member of a class brought back by the store gets back what they had done, by name.
        var outputs: [RoomOutput] = []
        if let kept = restoredGuide.removeValue(forKey: member.name) {
            let done = kept.filter(\.done).map { (step: $0.step, value: $0.value) }
            let predictions = Dictionary(
                kept.compactMap { $0.prediction.isEmpty ? nil : ($0.step, $0.prediction) }, uniquingKeysWith: { a, _ in a })
            for record in guide.tracker.restore(member: member.id, done: done, predictions: predictions) {
                outputs.append(.send(member.connection, GuideMessages.stepDone(record)))
            }
        }
        return outputs + progressToInstructor()
    }

    /// The store's progress table (`GuideMessages.progressTable`), by member name: what each
    /// had done, for when they join again.
    static func guideRows(_ table: String) -> [String: [KeptGuideRow]] {
        var rows: [String: [KeptGuideRow]] = [:]
        for fields in GuideMessages.csvRows(table).dropFirst() {
            guard fields.count == 6 else { continue }
            rows[fields[1], default: []].append(
                KeptGuideRow(step: fields[2], done: fields[3] == "yes", value: Double(fields[4]), prediction: fields[5]))
        }
        return rows
    }

    func guideGesture(_ kind: GestureKind, at point: CGPoint, by member: Member) {
        guide?.tracker.gesture(kind, at: point, by: member.id)
    }

    func guideEvents(_ events: [LessonEvent]) {
        guide?.tracker.events(events)
    }

    func guideRestarted() {
        guide?.tracker.restarted()
    }

    /// After a member's code runs: the parameters of the lesson their code made.
    func guideCodeRan(by member: Member) {
        guide?.tracker.codeRan(by: member.id, parameters: lesson.parameters)
    }

    /// Decides every member's open step now: a `step-done` event to each member who met one
    /// (and to the instructor), and the roster to the instructor.
    func guideObserve(stepped: Bool) -> [RoomOutput] {
        guard let guide, shown == nil else { return [] }
        let done = guide.tracker.observe(lesson, stepped: stepped)
        guard !done.isEmpty else { return [] }
        var outputs: [RoomOutput] = []
        let instructor = members.first { $0.role == .instructor }
        for record in done {
            let message = GuideMessages.stepDone(record)
            if let member = members.first(where: { $0.id == record.member }) { outputs.append(.send(member.connection, message)) }
            if let instructor, instructor.id != record.member { outputs.append(.send(instructor.connection, message)) }
        }
        return outputs + progressToInstructor()
    }

    /// A member's prediction: checked against the guide, at most a few a second per member.
    func guidePrediction(step: String, answer: PredictionAnswer, by member: Member, now: Int64) throws(ProtocolError) -> [RoomOutput] {
        guard let guide else { throw ProtocolError(.badValue, GuideInputError.noGuide.message) }
        guard guide.takePrediction(member: member.id, now: now) else {
            throw ProtocolError(.rateLimited, "predictions are coming too fast; one is enough")
        }
        do {
            try guide.tracker.predict(member: member.id, step: step, answer)
        } catch {
            throw ProtocolError(.badValue, error.message)
        }
        return [.send(member.connection, GuideMessages.predictionTaken(step: step, answer: answer, member: member.id))]
            + progressToInstructor()
    }

    /// `control` `guide-step`: every member's open step becomes `step` (what they did before is
    /// kept); everyone hears `event` `guide-step`.
    func moveEveryone(toStep step: String) throws(ProtocolError) -> [RoomOutput] {
        guard let guide else { throw ProtocolError(.badValue, GuideInputError.noGuide.message) }
        guard let index = guide.tracker.steps.firstIndex(where: { $0.id == step }) else {
            throw ProtocolError(.badValue, GuideInputError.unknownStep(step).message)
        }
        for member in members { guide.tracker.move(member: member.id, toStep: index) }
        let chineseTitle = lessonEntry.guides?.guide(lang: "zh")?.steps.first { $0.id == step }?.title
        let moved = GuideMessages.guideStep(index: index, step: guide.tracker.steps[index], chineseTitle: chineseTitle)
        return [.broadcast(moved)] + progressToInstructor()
    }

    /// `control` `guide-csv`: the progress as CSV, to the instructor who asked.
    func progressCSV(to member: Member) throws(ProtocolError) -> [RoomOutput] {
        guard let guide else { throw ProtocolError(.badValue, GuideInputError.noGuide.message) }
        return [.send(member.connection, GuideMessages.progressCSV(guide.tracker, members: members))]
    }

    /// The roster for the instructor (a class room's), when the room has a guide.
    func progressToInstructor() -> [RoomOutput] {
        guard let guide, isClassRoom, let instructor = members.first(where: { $0.role == .instructor }) else { return [] }
        return [.send(instructor.connection, GuideMessages.progress(guide.tracker, members: members))]
    }
}

/// One row of the progress table the store keeps (`GuideMessages.progressTable`): a member's
/// step, whether it was done, its value and the prediction made.
struct KeptGuideRow {
    var step: String
    var done: Bool
    var value: Double?
    var prediction: String
}
