import Foundation

/// What a lesson has that a goal may name: its items, parameters (with the lesson's own
/// values), events and gestures. Read from a fresh instance of the lesson.
public struct LessonFacts: Sendable {
    public var id: String
    public var items: Set<String>
    public var parameters: [String: Double]
    public var events: Set<String>
    public var gestures: Set<GestureKind>

    public init(id: String, items: Set<String>, parameters: [String: Double], events: Set<String>, gestures: Set<GestureKind>) {
        self.id = id
        self.items = items
        self.parameters = parameters
        self.events = events
        self.gestures = gestures
    }

    /// The facts of a fresh lesson, with the gestures it takes (and the items its room adds
    /// later by name, `LessonEventNames.laterItems`).
    public init(lesson: any Lesson, id: String, gestures: [GestureKind]) {
        self.init(
            id: id, items: Set(lesson.items.map(\.name)).union(LessonEventNames.laterItems[id] ?? []),
            parameters: Dictionary(lesson.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }),
            events: LessonEventNames.names(of: id), gestures: Set(gestures))
    }
}

/// The events each shipped lesson sends (`LessonHost.emit`), for checking goals at load. Every
/// lesson can also send `reset` (started again), and a lesson run from its source `print` and
/// `runtime-error`.
public enum LessonEventNames {
    public static let common: Set<String> = ["reset", "print", "runtime-error"]
    public static let table: [String: Set<String>] = [
        "collision": ["collision-began", "collision-ended"],
        "barrier": ["collision-began"],
        "hoop": ["throw", "ball-reset"],
        "alert": ["alert-shown", "alert-dismissed"],
        "fields": ["fields-moved", "collision-began"],
    ]

    /// Items a shipped lesson's room adds after it starts, by the name it gives them (the drops
    /// room's blocks): a goal may name them, and measures the oldest one there is.
    public static let laterItems: [String: Set<String>] = ["drops": ["block"]]

    public static func names(of lesson: String) -> Set<String> {
        common.union(table[lesson] ?? [])
    }
}

/// A lesson's guides, one per language, and the steps the room decides: those of the first
/// language loaded (English where there is one). The other languages must declare the same
/// steps with the same goals and the same kind of prediction, since a member's progress and
/// answers are kept by step id and choice index whatever language their page reads.
public struct LessonGuides: Sendable {
    public let lesson: String
    public let byLanguage: [String: Guide]
    /// The steps whose goals the room evaluates, in order.
    public let steps: [GuideStep]

    /// The guide in `lang`, else English, else Chinese, else any.
    public func guide(lang: String?) -> Guide? {
        if let lang, let guide = byLanguage[lang] { return guide }
        return byLanguage["en"] ?? byLanguage["zh"] ?? byLanguage.values.sorted { $0.lang < $1.lang }.first
    }

    public var languages: [String] { byLanguage.keys.sorted() }

    /// Each step's prediction choices in `lang`, by step id (empty without that language).
    public func choices(inLanguage lang: String) -> [String: [String]] {
        var choices: [String: [String]] = [:]
        for step in byLanguage[lang]?.steps ?? [] {
            if case .choice(let texts)? = step.prediction?.kind { choices[step.id] = texts }
        }
        return choices
    }

    /// Parses, checks against the lesson and joins the files of one lesson's guide. `files` are
    /// (path, text, byte count); a file for a language already loaded is reported and left out.
    public static func load(
        files: [(path: String, text: String)], facts: LessonFacts
    ) -> (guides: LessonGuides?, problems: [GuideProblem]) {
        var problems: [GuideProblem] = []
        var byLanguage: [String: Guide] = [:]
        var order: [String] = []
        for file in files {
            let (parsed, found) = GuideParser.parse(file.text, file: file.path, lesson: facts.id)
            problems += found
            guard var guide = parsed else { continue }
            let (checked, wrong) = check(guide.steps, file: file.path, facts: facts)
            guide.steps = checked
            problems += wrong
            if byLanguage[guide.lang] != nil {
                problems.append(GuideProblem(file: file.path, line: 0, message: "a second guide in the language \(guide.lang) for \(facts.id)"))
                continue
            }
            byLanguage[guide.lang] = guide
            order.append(guide.lang)
        }
        guard !byLanguage.isEmpty else { return (nil, problems) }
        let canonicalLang = byLanguage["en"] != nil ? "en" : order[0]
        let canonical = byLanguage[canonicalLang]!
        for lang in order where lang != canonicalLang {
            var guide = byLanguage[lang]!
            guide.steps.removeAll { step in
                guard let main = canonical.step(withID: step.id) else {
                    problems.append(GuideProblem(file: guide.file, line: step.line, message: "the step `\(step.id)` is not in \(canonical.file)"))
                    return true
                }
                if main.goal != step.goal {
                    problems.append(
                        GuideProblem(file: guide.file, line: step.goalLine, message: "the goal of `\(step.id)` differs from \(canonical.file):\(main.goalLine)"))
                    return true
                }
                if (main.prediction == nil) != (step.prediction == nil) || main.prediction.map({ p in step.prediction.map(p.agrees) ?? false }) == false {
                    problems.append(
                        GuideProblem(file: guide.file, line: step.line, message: "the prediction of `\(step.id)` differs from \(canonical.file):\(main.line) (the same kind and number of choices in every language)"))
                    return true
                }
                return false
            }
            for main in canonical.steps where guide.step(withID: main.id) == nil {
                problems.append(GuideProblem(file: guide.file, line: 0, message: "the step `\(main.id)` of \(canonical.file) is missing here"))
            }
            byLanguage[lang] = guide
        }
        return (LessonGuides(lesson: facts.id, byLanguage: byLanguage, steps: canonical.steps), problems)
    }

    /// Leaves out the steps whose goals name what the lesson does not have, reporting each.
    public static func check(_ steps: [GuideStep], file: String, facts: LessonFacts) -> ([GuideStep], [GuideProblem]) {
        var problems: [GuideProblem] = []
        let kept = steps.filter { step in
            let wrong = step.goal.clauses.compactMap { unknownReference(in: $0, facts: facts) }
            for message in wrong { problems.append(GuideProblem(file: file, line: step.goalLine, message: "goal: \(message)")) }
            return wrong.isEmpty
        }
        return (kept, problems)
    }

    static func unknownReference(in clause: GoalClause, facts: LessonFacts) -> String? {
        func parameter(_ name: String) -> String? {
            facts.parameters[name] == nil
                ? "the lesson `\(facts.id)` has no parameter `\(name)` (it has \(list(facts.parameters.keys)))" : nil
        }
        switch clause {
        case .parameter(let name, _), .codeChanges(let name):
            return parameter(name)
        case .gesture(let kind, _):
            return facts.gestures.contains(kind)
                ? nil : "the lesson `\(facts.id)` takes no \(kind.rawValue) (it takes \(list(facts.gestures.map(\.rawValue))))"
        case .event(let name, _, _):
            return facts.events.contains(name)
                ? nil : "the lesson `\(facts.id)` sends no event `\(name)` (it sends \(list(facts.events)))"
        case .measure(let quantity, _, _), .report(let quantity):
            for item in quantity.items where !facts.items.contains(item) {
                return "the lesson `\(facts.id)` has no item `\(item)` (it has \(list(facts.items)))"
            }
            return nil
        case .predicted, .codeRan:
            return nil
        }
    }

    static func list(_ names: some Sequence<String>) -> String {
        let sorted = names.sorted()
        return sorted.isEmpty ? "none" : sorted.joined(separator: ", ")
    }
}

/// The guides of the shipped lessons: the Markdown files beside their sources, compiled into
/// this module by the EmbedLessonSources plugin (`SnapLesson.en.md`, `SnapLesson.zh.md`).
public enum GuideLibrary {
    /// The guide files of a shipped lesson file (`SnapLesson.swift`), by file name, sorted.
    public static func files(ofSource sourceFileName: String) -> [(path: String, text: String)] {
        let stem = sourceFileName.hasSuffix(".swift") ? String(sourceFileName.dropLast(6)) : sourceFileName
        return LessonGuideText.byFileName
            .filter { $0.key == stem + ".md" || ($0.key.hasPrefix(stem + ".") && $0.key.hasSuffix(".md") && $0.key.split(separator: ".").count == 3) }
            .sorted { $0.key < $1.key }
            .map { ("Sources/Lessons/Rooms/" + $0.key, $0.value) }
    }

    /// The guides of a shipped lesson type, checked against a fresh instance of it.
    public static func guides(of type: any Lesson.Type) -> (guides: LessonGuides?, problems: [GuideProblem]) {
        let files = files(ofSource: type.info.sourceFileName)
        guard !files.isEmpty else { return (nil, []) }
        let facts = LessonFacts(lesson: type.init(), id: type.info.id, gestures: type.info.gestures)
        return LessonGuides.load(files: files, facts: facts)
    }
}
