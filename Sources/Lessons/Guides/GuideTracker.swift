import Foundation

/// A student's answer to a step's prediction.
public enum PredictionAnswer: Sendable, Equatable {
    /// The index of a choice (the same in every language).
    case choice(Int)
    case number(Double)

    public var text: String {
        switch self {
        case .choice(let i): return "choice \(i + 1)"
        case .number(let n): return GoalFormat.number(n)
        }
    }
}

/// A step met by a member: what the room sends as the `step-done` event.
public struct StepDone: Sendable, Equatable {
    public var member: Int
    public var step: String
    /// The measured value a student reads beside their prediction: the goal's `report`, else
    /// its first measurement, else its first parameter, else its first count; nil when none.
    public var value: Double?
    /// One line saying why: every clause's measured value.
    public var text: String
    /// The same line in Simplified Chinese.
    public var chineseText: String
    public var prediction: PredictionAnswer?
}

/// Why a prediction was refused (the room turns it into a protocol error).
public enum GuideInputError: Error, Equatable, Sendable {
    case noGuide
    case unknownStep(String)
    case noPrediction(String)
    case noSuchChoice(step: String, count: Int)
    case notANumber(String)
    case wrongKind(step: String, expected: String)
    case alreadyDone(String)
    case notOpen(String)

    public var message: String {
        switch self {
        case .noGuide: return "this lesson has no guide"
        case .unknownStep(let s): return "this lesson's guide has no step \(s)"
        case .noPrediction(let s): return "the step \(s) asks no prediction"
        case .noSuchChoice(let s, let n): return "the step \(s) has choices 0 to \(n - 1)"
        case .notANumber(let s): return "the prediction for \(s) must be a finite number"
        case .wrongKind(let s, let expected): return "the step \(s) asks for \(expected)"
        case .alreadyDone(let s): return "the step \(s) is done: a prediction is made before the run"
        case .notOpen(let s): return "the step \(s) is not open yet"
        }
    }
}

/// A member's place in a guide and what they did since their open step opened.
public struct GuideProgress: Sendable, Equatable {
    /// Index of the open step in the guide's steps (`steps.count` when every one is done).
    public var open = 0
    public var done: [StepDone] = []
    public var predictions: [String: PredictionAnswer] = [:]
    /// Since the open step opened.
    var gestures: [GestureKind: Int] = [:]
    var eventCounts: [Int: Int] = [:]
    var codeRan = false
    var codeValues: [String: Double] = [:]
    /// Lesson time at which a measured clause (by index) began to hold.
    var holdingSince: [Int: Double] = [:]
    /// The member's last tap or press, kept across steps.
    var lastTap: CGPoint?

    mutating func open(_ index: Int) {
        open = index
        gestures = [:]
        eventCounts = [:]
        codeRan = false
        codeValues = [:]
        holdingSince = [:]
    }
}

/// Decides a lesson guide's goals for every member of one room, from the room's authoritative
/// lesson: the room tells it each member's gestures and code, every lesson event, restarts,
/// and, after every step and every input, lets it look at the lesson. Each member has their
/// own open step; measurements are of the one shared lesson, gestures and code are the
/// member's own (docs/guides.md, "Where students work"). One thread, like its room.
public final class GuideTracker {
    public let steps: [GuideStep]
    /// The lesson's own parameter values (for `default` and `code changes`).
    let defaults: [String: Double]
    public private(set) var members: [Int: GuideProgress] = [:]
    private var probe = GuideProbe()

    /// Each step's choices in the Chinese guide (by step id), for the Chinese feedback line.
    let chineseChoices: [String: [String]]

    public init(steps: [GuideStep], lessonDefaults: [String: Double], chineseChoices: [String: [String]] = [:]) {
        self.steps = steps
        self.defaults = lessonDefaults
        self.chineseChoices = chineseChoices
        probe.bounceItems = Set(steps.flatMap { step in
            step.goal.clauses.compactMap { clause -> String? in
                if case .measure(.bounce(let item), _, _) = clause { return item }
                return nil
            }
        })
    }

    public func join(member: Int) {
        if members[member] == nil { members[member] = GuideProgress() }
    }

    /// Moves a member to a step (the instructor's "everyone to step N"): the steps before it
    /// count as not done unless they were.
    /// Puts back what a member had done before the server restarted (the store's progress
    /// table, by the member's name): each step done, with the value it was met at, and each
    /// prediction (a choice by its text, or a number). The first step not done opens. Returns
    /// the steps put back, oldest first, to tell the member's page.
    public func restore(
        member: Int, done: [(step: String, value: Double?)], predictions: [String: String]
    ) -> [StepDone] {
        var progress = members[member] ?? GuideProgress()
        for (id, text) in predictions {
            guard let step = steps.first(where: { $0.id == id }), let kind = step.prediction?.kind else { continue }
            switch kind {
            case .choice(let choices): if let i = choices.firstIndex(of: text) { progress.predictions[id] = .choice(i) }
            default: if let n = Double(text), n.isFinite { progress.predictions[id] = .number(n) }
            }
        }
        let said = Bilingual(en: "done before the server restarted", chinese: "服务器重启前已完成")
        progress.done = steps.compactMap { step in
            guard let kept = done.first(where: { $0.step == step.id }) else { return nil }
            return StepDone(
                member: member, step: step.id, value: kept.value.flatMap { $0.isFinite ? $0 : nil }, text: said.en,
                chineseText: said.chinese, prediction: progress.predictions[step.id])
        }
        progress.open(steps.firstIndex { step in !progress.done.contains { $0.step == step.id } } ?? steps.count)
        members[member] = progress
        return progress.done
    }

    public func move(member: Int, toStep index: Int) {
        guard var progress = members[member], (0...steps.count).contains(index) else { return }
        progress.open(index)
        members[member] = progress
    }

    /// A member's gesture: a tap, a press, or the beginning of a drag (a drag counts once).
    public func gesture(_ kind: GestureKind, at point: CGPoint, by member: Int) {
        guard var progress = members[member] else { return }
        progress.gestures[kind, default: 0] += 1
        if kind != .pan { progress.lastTap = point }
        members[member] = progress
    }

    /// Lesson events since the last call (every member hears them). A `reset` (the lesson
    /// started itself again, as a tap does in some lessons) is a restart.
    public func events(_ events: [LessonEvent]) {
        guard !events.isEmpty else { return }
        if events.contains(where: { $0.name == "reset" }) { restarted() }
        for (id, var progress) in members where progress.open < steps.count {
            for (index, clause) in steps[progress.open].goal.clauses.enumerated() {
                guard case .event(let name, let text, _) = clause else { continue }
                let count = events.count { $0.name == name && (text.map($0.text.contains) ?? true) }
                if count > 0 { progress.eventCounts[index, default: 0] += count }
            }
            members[id] = progress
        }
    }

    /// The member ran code; `parameters` are those of a fresh lesson of that code.
    public func codeRan(by member: Int, parameters: [LessonParameter]) {
        guard var progress = members[member] else { return }
        progress.codeRan = true
        progress.codeValues = Dictionary(parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        members[member] = progress
    }

    /// The room started its lesson again (new items, time from 0).
    public func restarted() {
        probe.reset()
        for id in members.keys { members[id]?.holdingSince = [:] }
    }

    /// Records a member's prediction for a step: the open step or one still ahead.
    public func predict(member: Int, step id: String, _ answer: PredictionAnswer) throws(GuideInputError) {
        guard !steps.isEmpty else { throw .noGuide }
        guard let index = steps.firstIndex(where: { $0.id == id }) else { throw .unknownStep(id) }
        guard let prediction = steps[index].prediction else { throw .noPrediction(id) }
        switch (prediction.kind, answer) {
        case (.choice(let choices), .choice(let i)):
            guard choices.indices.contains(i) else { throw .noSuchChoice(step: id, count: choices.count) }
        case (.number, .number(let n)):
            guard n.isFinite else { throw .notANumber(id) }
        case (.choice, .number):
            throw .wrongKind(step: id, expected: "a choice")
        case (.number, .choice):
            throw .wrongKind(step: id, expected: "a number")
        }
        guard var progress = members[member] else { throw .noGuide }
        guard !progress.done.contains(where: { $0.step == id }) else { throw .alreadyDone(id) }
        guard index >= progress.open else { throw .alreadyDone(id) }
        progress.predictions[id] = answer
        members[member] = progress
    }

    /// Looks at the lesson now and decides every member's open step. `stepped` is true after a
    /// step of the lesson's clock (velocities are measured between steps; a lesson at rest
    /// after a step stays as it is, so what holds then holds for any duration).
    public func observe(_ lesson: any Lesson, stepped: Bool) -> [StepDone] {
        guard members.values.contains(where: { $0.open < steps.count }) else { return [] }
        probe.sample(lesson, stepped: stepped)
        let frozen = stepped && lesson.isAtRest
        // Read only when an open step asks (a lesson run from its source reads its values by
        // running its code).
        let asksParameters = members.values.contains { progress in
            progress.open < steps.count && steps[progress.open].goal.clauses.contains { if case .parameter = $0 { true } else { false } }
        }
        let parameters =
            asksParameters ? Dictionary(lesson.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }) : [:]
        var done: [StepDone] = []
        for id in members.keys.sorted() {
            guard var progress = members[id], progress.open < steps.count else { continue }
            let step = steps[progress.open]
            var parts: [Bilingual] = []
            var measuredValue: Double?
            var parameterValue: Double?
            var countValue: Double?
            var reported: Double?
            // A duration is counted only while every clause that is not a measurement holds (the
            // gesture made, the parameter set): "rest for 1 s" means after the tap.
            let ready = step.goal.clauses.enumerated().allSatisfy { index, clause in
                if case .measure = clause { return true }
                return evaluate(clause, index: index, progress: &progress, parameters: parameters, time: lesson.elapsedTime, frozen: frozen).holds
            }
            if !ready { progress.holdingSince = [:] }
            var met = true
            for (index, clause) in step.goal.clauses.enumerated() {
                let result = evaluate(
                    clause, index: index, progress: &progress, parameters: parameters, time: lesson.elapsedTime,
                    frozen: frozen, counting: ready)
                met = met && result.holds
                switch clause {
                case .report: reported = result.value
                case .measure, .codeChanges: measuredValue = measuredValue ?? result.value
                case .parameter: parameterValue = parameterValue ?? result.value
                default: countValue = countValue ?? result.value
                }
            }
            if met {
                // The line, now that it is needed: the same evaluation again (what it changed it
                // leaves as it is), saying every clause's value.
                for (index, clause) in step.goal.clauses.enumerated() {
                    // A reported quantity that another clause already measured is said once.
                    if case .report(let quantity) = clause,
                        step.goal.clauses.contains(where: { if case .measure(quantity, _, _) = $0 { true } else { false } })
                    {
                        continue
                    }
                    parts.append(
                        evaluate(
                            clause, index: index, progress: &progress, parameters: parameters, time: lesson.elapsedTime,
                            frozen: frozen, counting: ready, describe: true
                        ).text)
                }
                let prediction = progress.predictions[step.id]
                if let prediction {
                    let said = predictionText(prediction, step)
                    parts.append(Bilingual(en: "you predicted \(said.en)", chinese: "你的预测：\(said.chinese)"))
                }
                let line = Bilingual.line(parts)
                let record = StepDone(
                    member: id, step: step.id, value: reported ?? measuredValue ?? parameterValue ?? countValue, text: line.en,
                    chineseText: line.chinese, prediction: prediction)
                progress.done.removeAll { $0.step == step.id }  // a step opened again by the instructor
                progress.done.append(record)
                progress.open(progress.open + 1)
                done.append(record)
            }
            members[id] = progress
        }
        return done
    }

    private func predictionText(_ answer: PredictionAnswer, _ step: GuideStep) -> Bilingual {
        if case .choice(let i) = answer, case .choice(let choices)? = step.prediction?.kind, choices.indices.contains(i) {
            let chinese = chineseChoices[step.id].flatMap { $0.indices.contains(i) ? $0[i] : nil } ?? choices[i]
            return Bilingual(en: "“\(choices[i])”", chinese: "“\(chinese)”")
        }
        if case .number(let unit)? = step.prediction?.kind { return Bilingual(answer.text + (unit.isEmpty ? "" : " \(unit)")) }
        return Bilingual(answer.text)
    }

    private func evaluate(
        _ clause: GoalClause, index: Int, progress: inout GuideProgress, parameters: [String: Double], time: Double,
        frozen: Bool, counting: Bool = false, describe: Bool = false
    ) -> (holds: Bool, value: Double?, text: Bilingual) {
        // The line is built only for a step being met (`describe`): every room evaluates its
        // members' open steps every tick, and formatting numbers there was most of a guided
        // room's tick.
        func said(_ text: @autoclosure () -> Bilingual) -> Bilingual { describe ? text() : Bilingual("") }
        let noCode = Bilingual(en: "no code run yet", chinese: "还没有运行代码")
        switch clause {
        case .parameter(let name, let comparison):
            guard let value = parameters[name] else { return (false, nil, said(Bilingual(en: "\(name): none", chinese: "\(name)：无"))) }
            return (comparison.holds(value, lessonDefault: defaults[name]), value, said(Bilingual("\(name) = \(GoalFormat.number(value))")))
        case .gesture(let kind, let comparison):
            let count = progress.gestures[kind] ?? 0
            let noun = ["tap": ("taps", "点击"), "pan": ("drags", "拖动"), "push": ("presses", "按压")][kind.rawValue] ?? (kind.rawValue, kind.rawValue)
            return (comparison.holds(Double(count)), Double(count), said(Bilingual(en: "\(noun.0): \(count)", chinese: "\(noun.1)：\(count) 次")))
        case .event(let name, _, let comparison):
            let count = progress.eventCounts[index] ?? 0
            return (comparison.holds(Double(count)), Double(count), said(Bilingual("\(name) ×\(count)")))
        case .predicted:
            let made = progress.open < steps.count && progress.predictions[steps[progress.open].id] != nil
            return (made, nil, made ? Bilingual(en: "predicted", chinese: "已预测") : Bilingual(en: "no prediction yet", chinese: "还没有预测"))
        case .codeRan:
            return (progress.codeRan, nil, progress.codeRan ? Bilingual(en: "your code ran", chinese: "你的代码运行了") : noCode)
        case .codeChanges(let name):
            guard progress.codeRan, let value = progress.codeValues[name] else { return (false, nil, noCode) }
            let own = defaults[name]
            let differs = own.map { abs($0 - value) > 1e-9 * max(1, abs($0)) } ?? false
            let (mine, theirs) = (GoalFormat.number(value), own.map(GoalFormat.number) ?? "?")
            return (
                differs, value,
                said(Bilingual(en: "\(name) in your code = \(mine) (the lesson's \(theirs))", chinese: "你的代码中 \(name) = \(mine)（课程原为 \(theirs)）"))
            )
        case .report(let quantity):
            guard let value = probe.value(of: quantity, tap: progress.lastTap) else {
                return (false, nil, said(quantity.feedbackLabel + Bilingual(en: ": not measured yet", chinese: "：尚未测得")))
            }
            return (true, value, said(quantity.feedbackLabel + Bilingual(" \(GoalFormat.number(value))") + quantity.feedbackUnit))
        case .measure(let quantity, let comparison, let hold):
            guard let value = probe.value(of: quantity, tap: progress.lastTap) else {
                progress.holdingSince[index] = nil
                return (false, nil, said(quantity.feedbackLabel + Bilingual(en: ": not measured yet", chinese: "：尚未测得")))
            }
            var text = said(quantity.feedbackLabel + Bilingual(" \(GoalFormat.number(value))") + quantity.feedbackUnit)
            guard comparison.holds(value) else {
                progress.holdingSince[index] = nil
                return (false, value, text)
            }
            guard hold > 0 else { return (true, value, text) }
            guard counting else { return (false, value, text) }
            let since = progress.holdingSince[index] ?? time
            progress.holdingSince[index] = since
            let held = time - since
            if describe {
                let duration = GoalFormat.number(held)
                text = text + (frozen && held < hold ? Bilingual(en: " (at rest)", chinese: "（静止）") : Bilingual(en: " for \(duration) s", chinese: "，持续 \(duration) 秒"))
            }
            return (held >= hold - 1e-9 || frozen, value, text)
        }
    }
}

/// The room's lesson as goals measure it: each named item's pose now, its velocity between
/// the last two steps, and the bounces of the items a goal asks about.
struct GuideProbe {
    struct Sample {
        var center: CGPoint
        var angle: Double
        var velocity = CGVector(dx: 0, dy: 0)
        var spin = 0.0
    }

    /// Rebound over fall, from the turning points of an item's height (y down).
    struct BounceTracker {
        var top: Double
        var bottom: Double
        var riseTop = 0.0
        var fall = 0.0
        var rising = false
        var lastRatio: Double?

        /// Turns count only past this many points, so a resting item's jitter is not a bounce.
        static let slack = 0.5
        /// A fall shorter than this is not measured (points).
        static let minimumFall = 10.0

        init(y: Double) {
            top = y
            bottom = y
        }

        mutating func add(_ y: Double) {
            if !rising {
                if y > bottom {
                    bottom = y
                } else if bottom - y > Self.slack {
                    rising = true
                    fall = bottom - top
                    riseTop = y
                }
            } else if y < riseTop {
                riseTop = y
            } else if y - riseTop > Self.slack {
                if fall >= Self.minimumFall { lastRatio = (bottom - riseTop) / fall }
                top = riseTop
                bottom = y
                rising = false
            }
        }
    }

    var bounceItems: Set<String> = []
    private var names: [String: Int] = [:]
    private var namesVersion: Int?
    private var samples: [Int: Sample] = [:]
    private var bounces: [Int: BounceTracker] = [:]
    private var time: Double?

    mutating func reset() {
        namesVersion = nil
        samples = [:]
        bounces = [:]
        time = nil
    }

    mutating func sample(_ lesson: any Lesson, stepped: Bool) {
        if namesVersion != lesson.sceneVersion {
            namesVersion = lesson.sceneVersion
            names = [:]
            for item in lesson.items.reversed() { names[item.name] = item.id }  // the first of a name wins
        }
        let now = lesson.elapsedTime
        let dt = time.map { now - $0 } ?? 0
        var next: [Int: Sample] = [:]
        for pose in lesson.poses {
            var sample = Sample(center: pose.center, angle: pose.angle)
            if let previous = samples[pose.id] {
                if stepped, dt > 0 {
                    sample.velocity = CGVector(
                        dx: (pose.center.x - previous.center.x) / dt, dy: (pose.center.y - previous.center.y) / dt)
                    sample.spin = (pose.angle - previous.angle) / dt
                } else {
                    sample.velocity = previous.velocity
                    sample.spin = previous.spin
                }
            }
            next[pose.id] = sample
        }
        samples = next
        if stepped || time == nil { time = now }
        for name in bounceItems {
            guard let id = names[name], let y = samples[id]?.center.y else { continue }
            if bounces[id] == nil { bounces[id] = BounceTracker(y: Double(y)) } else if stepped { bounces[id]!.add(Double(y)) }
        }
    }

    func value(of quantity: GoalQuantity, tap: CGPoint?) -> Double? {
        func sample(_ name: String) -> Sample? { names[name].flatMap { samples[$0] } }
        switch quantity {
        case .x(let a): return sample(a).map { Double($0.center.x) }
        case .y(let a): return sample(a).map { Double($0.center.y) }
        case .vx(let a): return sample(a).map { Double($0.velocity.dx) }
        case .vy(let a): return sample(a).map { Double($0.velocity.dy) }
        case .speed(let a): return sample(a).map { Double(hypot($0.velocity.dx, $0.velocity.dy)) }
        case .angle(let a): return sample(a)?.angle
        case .spin(let a): return sample(a)?.spin
        case .distance(let a, let target):
            guard let s = sample(a) else { return nil }
            let to: CGPoint
            switch target {
            case .item(let b):
                guard let other = sample(b) else { return nil }
                to = other.center
            case .tap:
                guard let tap else { return nil }
                to = tap
            case .point(let x, let y):
                to = CGPoint(x: x, y: y)
            }
            return Double(hypot(s.center.x - to.x, s.center.y - to.y))
        case .dx(let a, let b):
            guard let p = sample(a), let q = sample(b) else { return nil }
            return Double(q.center.x - p.center.x)
        case .dy(let a, let b):
            guard let p = sample(a), let q = sample(b) else { return nil }
            return Double(q.center.y - p.center.y)
        case .bounce(let a):
            return names[a].flatMap { bounces[$0]?.lastRatio }
        case .time:
            return time
        }
    }
}
