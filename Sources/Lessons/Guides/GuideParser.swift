import Foundation

/// Reads a guide file: front matter between `---` lines declaring the steps (`step:`, `goal:`,
/// `ask:`, `predict:`, `hint:`), then Markdown: the introduction, and one section per step
/// under a heading `## Title {#id}` (docs/guides.md). Problems come back with their file and
/// line; a step with a problem is left out and the rest of the guide still serves.
public enum GuideParser {
    /// A step as its front matter declares it, before its text is found.
    struct Declared {
        var id: String
        var line: Int
        var goal: (text: String, line: Int)?
        var ask: (text: String, line: Int)?
        var predict: (text: String, line: Int)?
        var hints: [String] = []
    }

    /// The language a file name says (`Snap.zh.md` → `zh`), or nil (`Snap.md`).
    public static func language(ofFileName name: String) -> String? {
        let parts = name.split(separator: ".")
        guard parts.count >= 3, parts.last == "md", isLanguage(String(parts[parts.count - 2])) else { return nil }
        return String(parts[parts.count - 2])
    }

    static func isLanguage(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }),
            parts.count <= 2
        else { return false }
        return parts.count == 1 || (2...8).contains(parts[1].count) && parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    static func isStepID(_ text: String) -> Bool {
        (1...32).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// Parses `text` read from `file` for `lesson`. Returns nil (with the problem) when the
    /// file cannot be a guide at all: too large, or no front matter.
    public static func parse(
        _ text: String, file: String, lesson: String, byteCount: Int? = nil
    ) -> (guide: Guide?, problems: [GuideProblem]) {
        var problems: [GuideProblem] = []
        func problem(_ line: Int, _ message: String) { problems.append(GuideProblem(file: file, line: line, message: message)) }
        let bytes = byteCount ?? text.utf8.count
        guard bytes <= GuideLimits.maxFileBytes else {
            problem(0, "the file is \(bytes) bytes; a guide is at most \(GuideLimits.maxFileBytes) bytes")
            return (nil, problems)
        }
        if text.contains("\u{FFFD}") { problem(0, "the file is not valid UTF-8 (bad bytes were replaced)") }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if let long = lines.firstIndex(where: { $0.count > GuideLimits.maxLineLength }) {
            problem(long + 1, "the line is longer than \(GuideLimits.maxLineLength) characters")
            return (nil, problems)
        }
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else {
            problem(1, "a guide begins with its front matter: a line `---`, the steps, then `---`")
            return (nil, problems)
        }
        guard let close = lines.indices.dropFirst().first(where: { lines[$0].trimmingCharacters(in: .whitespaces) == "---" }) else {
            problem(1, "the front matter opened here is never closed with a line `---`")
            return (nil, problems)
        }

        // Front matter.
        var lessonName: (String, Int)?
        var lang: (String, Int)?
        var declared: [Declared] = []
        for index in 1..<close {
            let lineNumber = index + 1
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                problem(lineNumber, "expected `key: value` (step, goal, ask, predict, hint, lesson or lang), found `\(line.prefix(60))`")
                continue
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "lesson", "lang":
                guard declared.isEmpty else {
                    problem(lineNumber, "`\(key):` belongs before the first `step:`")
                    continue
                }
                if key == "lesson" { lessonName = (value, lineNumber) } else { lang = (value, lineNumber) }
            case "step":
                guard isStepID(value) else {
                    problem(lineNumber, "a step's id is 1 to 32 lowercase letters, digits, - or _; `\(value.prefix(40))` is not")
                    declared.append(Declared(id: "", line: lineNumber))  // keeps the following keys from attaching to the previous step
                    continue
                }
                if declared.contains(where: { $0.id == value }) {
                    problem(lineNumber, "a second step with the id `\(value)`")
                    declared.append(Declared(id: "", line: lineNumber))
                    continue
                }
                declared.append(Declared(id: value, line: lineNumber))
            case "goal", "ask", "predict", "hint":
                guard !declared.isEmpty else {
                    problem(lineNumber, "`\(key):` comes after a `step:` line")
                    continue
                }
                guard !value.isEmpty else {
                    problem(lineNumber, "`\(key):` is empty")
                    continue
                }
                if key != "goal", value.count > GuideLimits.maxShortText, key != "hint" || value.count > 2 * GuideLimits.maxShortText {
                    problem(lineNumber, "`\(key):` is too long")
                    continue
                }
                let last = declared.count - 1
                switch key {
                case "goal":
                    if declared[last].goal != nil { problem(lineNumber, "a second `goal:` for one step (join clauses with `and`)") }
                    declared[last].goal = (value, lineNumber)
                case "ask":
                    if declared[last].ask != nil { problem(lineNumber, "a second `ask:` for one step") }
                    declared[last].ask = (value, lineNumber)
                case "predict":
                    if declared[last].predict != nil { problem(lineNumber, "a second `predict:` for one step") }
                    declared[last].predict = (value, lineNumber)
                default:
                    if declared[last].hints.count == GuideLimits.maxHints {
                        problem(lineNumber, "a step has at most \(GuideLimits.maxHints) hints")
                    } else {
                        declared[last].hints.append(value)
                    }
                }
            default:
                problem(lineNumber, "unknown key `\(key.prefix(40))`: a guide's front matter has step, goal, ask, predict, hint, lesson and lang")
            }
        }
        if let (name, line) = lessonName, name != lesson {
            problem(line, "this guide is for `\(name)`, but it sits beside the lesson `\(lesson)`")
        }
        let fileLanguage = language(ofFileName: (file as NSString).lastPathComponent)
        var language = fileLanguage ?? "en"
        if let (value, line) = lang {
            if !isLanguage(value) {
                problem(line, "`\(value.prefix(20))` is not a language code such as zh or en")
            } else if let fileLanguage, value != fileLanguage {
                problem(line, "`lang: \(value)` but the file name says \(fileLanguage)")
            } else {
                language = value
            }
        }
        if declared.filter({ !$0.id.isEmpty }).count > GuideLimits.maxSteps {
            problem(declared[GuideLimits.maxSteps].line, "a guide has at most \(GuideLimits.maxSteps) steps")
            declared = Array(declared.prefix(GuideLimits.maxSteps))
        }

        // Body: the introduction, then a section per step.
        var sections: [(id: String, title: String, line: Int, lines: [String])] = []
        var intro: [String] = []
        for index in (close + 1)..<lines.count {
            let line = lines[index]
            if let (title, id) = stepHeading(line) {
                if sections.contains(where: { $0.id == id }) {
                    problem(index + 1, "a second section for the step `\(id)`")
                } else if !declared.contains(where: { $0.id == id }) {
                    problem(index + 1, "the section `{#\(id)}` has no `step: \(id)` in the front matter")
                }
                sections.append((id, title, index + 1, []))
            } else if sections.isEmpty {
                intro.append(line)
            } else {
                sections[sections.count - 1].lines.append(line)
            }
        }

        var steps: [GuideStep] = []
        for step in declared where !step.id.isEmpty {
            guard let section = sections.first(where: { $0.id == step.id }) else {
                problem(step.line, "the step `\(step.id)` has no section `## Title {#\(step.id)}` below the front matter")
                continue
            }
            guard let goalLine = step.goal else {
                problem(step.line, "the step `\(step.id)` has no `goal:`")
                continue
            }
            let goal: Goal
            do {
                goal = try GoalParser.parse(goalLine.text)
            } catch {
                problem(goalLine.line, "goal: \(error.message)")
                continue
            }
            var prediction: Prediction?
            if let predict = step.predict {
                guard let ask = step.ask else {
                    problem(predict.line, "`predict:` needs an `ask:` line with the question")
                    continue
                }
                switch parsePrediction(predict.text) {
                case .success(let kind): prediction = Prediction(question: ask.text, kind: kind)
                case .failure(let failure):
                    problem(predict.line, failure.message)
                    continue
                }
            } else if let ask = step.ask {
                problem(ask.line, "`ask:` without `predict:` (choice A | B | … or number UNIT)")
                continue
            }
            if goal.clauses.contains(.predicted), prediction == nil {
                problem(goalLine.line, "goal: `predicted` in a step that asks no prediction")
                continue
            }
            let title = section.title.trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty, title.count <= GuideLimits.maxShortText else {
                problem(section.line, "the step's heading needs a title of at most \(GuideLimits.maxShortText) characters")
                continue
            }
            steps.append(
                GuideStep(
                    id: step.id, title: title, text: trimmedMarkdown(section.lines), hints: step.hints,
                    prediction: prediction, goal: goal, goalText: goalLine.text, line: step.line, goalLine: goalLine.line))
        }
        let guide = Guide(lesson: lesson, lang: language, intro: trimmedMarkdown(intro), steps: steps, file: file)
        return (guide, problems)
    }

    /// `## Title {#id}` → (title, id).
    static func stepHeading(_ line: String) -> (String, String)? {
        guard line.hasPrefix("## "), line.hasSuffix("}"), let open = line.range(of: "{#", options: .backwards) else { return nil }
        let id = String(line[open.upperBound..<line.index(before: line.endIndex)])
        guard isStepID(id) else { return nil }
        let title = String(line[line.index(line.startIndex, offsetBy: 3)..<open.lowerBound])
        return (title, id)
    }

    /// `choice A | B | C` or `number UNIT`.
    static func parsePrediction(_ text: String) -> Result<Prediction.Kind, GoalParser.Failure> {
        if text.hasPrefix("choice ") || text == "choice" {
            let choices = text.dropFirst("choice".count).split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard (2...GuideLimits.maxChoices).contains(choices.count) else {
                return .failure(.init(message: "`predict: choice` lists 2 to \(GuideLimits.maxChoices) answers separated by |"))
            }
            guard !choices.contains(where: \.isEmpty) else {
                return .failure(.init(message: "`predict: choice` has an empty answer"))
            }
            return .success(.choice(choices))
        }
        if text.hasPrefix("number ") || text == "number" {
            let unit = text.dropFirst("number".count).trimmingCharacters(in: .whitespaces)
            guard unit.count <= 20 else { return .failure(.init(message: "`predict: number` has a unit of at most 20 characters")) }
            return .success(.number(unit: unit))
        }
        return .failure(.init(message: "`predict:` is `choice A | B | …` or `number UNIT`"))
    }

    static func trimmedMarkdown(_ lines: [String]) -> String {
        var lines = lines
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
