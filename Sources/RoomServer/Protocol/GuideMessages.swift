import Foundation
import Lessons

// The guide's messages (docs/protocol.md, "Guides"): optional additions older clients ignore.
// One Encodable type per message, written by WireJSON like the others.

/// `{"choice":N}` or `{"value":X}`.
struct PredictionJSON: Encodable {
    var choice: Int?
    var value: Double?

    init(_ answer: PredictionAnswer) {
        switch answer {
        case .choice(let i): choice = i
        case .number(let n): value = n
        }
    }
}

/// `event` `step-done`: a member met their open step.
struct StepDoneMessage: Encodable {
    var type = "event"
    var name = "step-done"
    var text: String
    /// The line in the page's languages (the page shows its own, `text` for older pages).
    var texts: Bilingual
    var step: String
    var member: Int
    /// Null, not left out, when the step reports no value: the page shows "no value".
    @Nullable var value: Double?
    var prediction: PredictionJSON?

    init(_ record: StepDone) {
        text = record.text
        texts = Bilingual(en: record.text, chinese: record.chineseText)
        step = record.step
        member = record.member
        value = record.value.flatMap { $0.isFinite ? $0 : nil }
        prediction = record.prediction.map(PredictionJSON.init)
    }
}

/// `event` `prediction`: the sender's prediction was taken.
struct PredictionTakenMessage: Encodable {
    var type = "event"
    var name = "prediction"
    var text: String
    var step: String
    var member: Int
    var prediction: PredictionJSON
}

/// `progress`: the guide's roster, to the instructor.
struct ProgressMessage: Encodable {
    struct Step: Encodable {
        var id: String
        var done: Int
    }

    struct Done: Encodable {
        var step: String
        var value: Double?
    }

    struct Predicted: Encodable {
        var step: String
        var prediction: PredictionJSON
    }

    struct Member: Encodable {
        var member: Int
        var name: String
        /// The open step, or nil when every step is done.
        var open: String?
        var done: [Done]
        var predictions: [Predicted]
    }

    var type = "progress"
    var steps: [Step]
    var members: [Member]

    init(_ tracker: GuideTracker, members all: [Room.Member]) {
        let students = all.filter { $0.role != .instructor }
        steps = tracker.steps.map { step in
            Step(id: step.id, done: students.count { tracker.members[$0.id]?.done.contains { $0.step == step.id } ?? false })
        }
        members = students.map { member in
            let progress = tracker.members[member.id]
            let open = progress?.open ?? 0
            return Member(
                member: member.id, name: member.name, open: open < tracker.steps.count ? tracker.steps[open].id : nil,
                done: (progress?.done ?? []).map { Done(step: $0.step, value: $0.value.flatMap { $0.isFinite ? $0 : nil }) },
                predictions: (progress?.predictions ?? [:]).sorted { $0.key < $1.key }.map {
                    Predicted(step: $0.key, prediction: PredictionJSON($0.value))
                })
        }
    }
}

/// `event` `guide-step`: the instructor moved everyone to `step`.
struct GuideStepMessage: Encodable {
    var type = "event"
    var name = "guide-step"
    var text: String
    var texts: Bilingual
    var step: String
}

enum GuideMessages {
    /// "Everyone to step N: its title", the title from each language's guide.
    static func guideStep(index: Int, step: GuideStep, chineseTitle: String?) -> WireBuffer {
        let english = "Everyone to step \(index + 1): \(step.title)"
        let chinese = "全体转到第 \(index + 1) 步：\(chineseTitle ?? step.title)"
        return encode(GuideStepMessage(text: english, texts: Bilingual(en: english, chinese: chinese), step: step.id))
    }

    static func stepDone(_ record: StepDone) -> WireBuffer {
        encode(StepDoneMessage(record))
    }

    static func predictionTaken(step: String, answer: PredictionAnswer, member: Int) -> WireBuffer {
        encode(PredictionTakenMessage(text: "Prediction for \(step): \(answer.text)", step: step, member: member, prediction: PredictionJSON(answer)))
    }

    static func progress(_ tracker: GuideTracker, members: [Room.Member]) -> WireBuffer {
        encode(ProgressMessage(tracker, members: members))
    }

    /// `{"type":"progress-csv","csv":…}`: one row per student and step, `member,name,step,done,value,prediction`.
    static func progressCSV(_ tracker: GuideTracker, members: [Room.Member]) -> WireBuffer {
        struct CSVMessage: Encodable {
            var type = "progress-csv"
            var csv: String
        }
        return encode(CSVMessage(csv: progressTable(tracker, members: members)))
    }

    /// Every student's progress through the guide as CSV (also what the store keeps of it).
    static func progressTable(_ tracker: GuideTracker, members: [Room.Member]) -> String {
        var rows = ["member,name,step,done,value,prediction"]
        for member in members where member.role != .instructor {
            let progress = tracker.members[member.id]
            for step in tracker.steps {
                let done = progress?.done.first { $0.step == step.id }
                let value = done?.value.map(GoalFormat.number) ?? ""
                let prediction = progress?.predictions[step.id].map { answer -> String in
                    if case .choice(let i) = answer, case .choice(let choices)? = step.prediction?.kind, choices.indices.contains(i) {
                        return choices[i]
                    }
                    return answer.text
                } ?? ""
                rows.append([String(member.id), member.name, step.id, done == nil ? "no" : "yes", value, prediction].map(csvField).joined(separator: ","))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// A CSV field, quoted when needed; a leading =, +, - or @ is defused (a spreadsheet would
    /// take it for a formula: the names are the students' own).
    static func csvField(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@".contains(first), Double(text) == nil { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The rows of a table `csvField` wrote, each field as it was before (quotes and the
    /// formula guard undone).
    static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var chars = text.makeIterator()
        func endField() {
            if field.count > 1, field.first == "'", let second = field.dropFirst().first, "=+-@".contains(second) {
                field.removeFirst()
            }
            row.append(field)
            field = ""
        }
        while let c = chars.next() {
            if quoted {
                if c == "\"" {
                    // A doubled quote is one quote; a single one ends the quoted part.
                    guard let next = chars.next() else { break }
                    if next == "\"" { field.append("\"") } else {
                        quoted = false
                        if next == "," { endField() } else if next == "\n" || next == "\r\n" { endField(); rows.append(row); row = [] }
                    }
                } else {
                    field.append(c)
                }
            } else if c == "\"" && field.isEmpty {
                quoted = true
            } else if c == "," {
                endField()
            } else if c == "\n" || c == "\r\n" {
                endField()
                rows.append(row)
                row = []
            } else {
                field.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            endField()
            rows.append(row)
        }
        return rows
    }

    static func encode(_ message: some Encodable) -> WireBuffer {
        WireJSON.message(message)
    }
}
