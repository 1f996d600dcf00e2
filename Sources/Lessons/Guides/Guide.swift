import Foundation

/// A lesson's guide in one language: the introduction a student reads first, then steps, each
/// with a goal the room decides (docs/guides.md). Parsed from a Markdown file with front
/// matter (`GuideParser`); everything in it came from a teacher's file and is untrusted text
/// (the page renders it with raw HTML off).
public struct Guide: Sendable, Equatable {
    /// The lesson the guide is for (its front matter's `lesson:`, or the file's lesson).
    public var lesson: String
    /// `zh`, `en`, … (the file name's `.zh.md`, or the front matter's `lang:`).
    public var lang: String
    /// Markdown before the first step's heading.
    public var intro: String
    public var steps: [GuideStep]
    /// The file it came from, as reported in problems.
    public var file: String

    public func step(withID id: String) -> GuideStep? {
        steps.first { $0.id == id }
    }
}

/// One step: what to do (Markdown), hints on request, perhaps a prediction to make first, and
/// the goal that ticks it.
public struct GuideStep: Sendable, Equatable {
    public var id: String
    /// The step heading's text.
    public var title: String
    /// Markdown under the step's heading.
    public var text: String
    public var hints: [String]
    public var prediction: Prediction?
    public var goal: Goal
    /// The goal as written (shown to the instructor only).
    public var goalText: String
    /// The line of `step:` in the file.
    public var line: Int
    /// The line of `goal:` in the file.
    public var goalLine: Int
}

/// What a step asks a student to predict before the run.
public struct Prediction: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// One of these answers, sent by its index (the same in every language).
        case choice([String])
        /// A finite number, in `unit` (may be empty).
        case number(unit: String)
    }

    /// The question (`ask:`).
    public var question: String
    public var kind: Kind

    public init(question: String, kind: Kind) {
        self.question = question
        self.kind = kind
    }

    /// True when both ask the same kind of answer (the same number of choices, or a number):
    /// the languages of one guide must agree, since an answer is sent by index.
    public func agrees(with other: Prediction) -> Bool {
        switch (kind, other.kind) {
        case (.choice(let a), .choice(let b)): return a.count == b.count
        case (.number, .number): return true
        default: return false
        }
    }
}

/// Something wrong in a guide file, with where it is. `line` is 1-based; 0 for the whole file.
public struct GuideProblem: Sendable, Equatable, CustomStringConvertible, Error {
    public var file: String
    public var line: Int
    public var message: String

    public var description: String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}

/// Bounds on what a guide file may hold: a teacher's file is untrusted.
public enum GuideLimits {
    /// Bytes of one guide file.
    public static let maxFileBytes = 64 * 1024
    /// Characters of one line (front matter and body).
    public static let maxLineLength = 4000
    public static let maxSteps = 20
    public static let maxHints = 6
    public static let maxChoices = 8
    /// Characters of a choice, a question, a hint, a title.
    public static let maxShortText = 300
    /// Clauses of one goal.
    public static let maxClauses = 8
    /// Bytes of a prediction a student sends (its text, for a choice or a number).
    public static let maxPredictionBytes = 200
}
