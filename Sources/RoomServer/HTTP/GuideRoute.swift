import Foundation
import Lessons

/// `GET /api/lessons/<id>/guide?lang=zh|en` (docs/protocol.md, "Guides"): a lesson's guide in
/// the language asked for, or English, for the page to render. Goals are not in it: they are
/// the room's business (and the instructor's).
package enum GuideRoute {
    static let prefix = "/api/lessons/"
    static let suffix = "/guide"

    /// The answer when `path` is a guide's, else nil.
    package static func answer(path: String, query: [String: String], directory: LessonDirectory) -> HTTPAnswer? {
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.count > prefix.count + suffix.count else { return nil }
        let id = String(path.dropFirst(prefix.count).dropLast(suffix.count))
        guard let entry = directory.entry(withID: id) else {
            return .error(404, ProtocolError(.unknownRoom, "no lesson named \(id.prefix(64))"))
        }
        guard let guide = entry.guides?.guide(lang: query["lang"]) else {
            return .error(404, ProtocolError(.unknownRoom, "the lesson \(id) has no guide"))
        }
        return .body(status: 200, contentType: "application/json", body: json(guide, languages: entry.guides?.languages ?? []))
    }

    /// `{"lesson","lang","languages","intro","steps":[{"id","title","text","hints","prediction"?}]}`;
    /// a prediction is `{"question","kind":"choice","choices"}` or `{"question","kind":"number","unit"}`.
    struct GuideJSON: Encodable {
        struct PredictionJSON: Encodable {
            var question: String
            var kind: String
            var choices: [String]?
            var unit: String?
        }

        struct StepJSON: Encodable {
            var id: String
            var title: String
            var text: String
            var hints: [String]
            var prediction: PredictionJSON?
        }

        var lesson: String
        var lang: String
        var languages: [String]
        var intro: String
        var steps: [StepJSON]
    }

    static func json(_ guide: Guide, languages: [String]) -> [UInt8] {
        let steps = guide.steps.map { step in
            GuideJSON.StepJSON(
                id: step.id, title: step.title, text: step.text, hints: step.hints,
                prediction: step.prediction.map { prediction in
                    switch prediction.kind {
                    case .choice(let choices): return .init(question: prediction.question, kind: "choice", choices: choices)
                    case .number(let unit): return .init(question: prediction.question, kind: "number", unit: unit)
                    }
                })
        }
        let body = GuideJSON(lesson: guide.lesson, lang: guide.lang, languages: languages, intro: guide.intro, steps: steps)
        return WireJSON.encode(body)
    }
}
