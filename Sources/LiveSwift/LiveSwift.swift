import Foundation
import Lessons

/// One problem in a lesson's source, as the Swift compiler reports it:
/// `file:line:column: error: message` (line and column 1-based).
public struct LiveDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    /// `File.swift:12:9: error: message`, the compiler's own form.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Why a source was refused before anything ran: every problem found, in source order.
public struct LiveCompileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var diagnostics: [LiveDiagnostic]

    public init(_ diagnostics: [LiveDiagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// The sandbox's budgets. Each one, when exceeded, stops only the lesson that exceeded it,
/// with a run-time error that says which budget it was.
public struct LiveLimits: Sendable, Equatable {
    /// Largest source accepted, in UTF-8 bytes.
    public var maxSourceBytes = 64 * 1024
    /// Deepest nesting of the source itself (expressions, statements, declarations).
    public var maxSourceDepth = 64
    /// Interpreter steps (statements, calls, loop turns) one callback may take.
    public var maxStepsPerCallback = 2_000_000
    /// Wall-clock time one callback may take, in seconds (`viewDidLoad`, a gesture).
    public var maxSecondsPerCallback = 0.25
    /// Wall-clock time one callback inside a tick may take (an `action` block, a delegate
    /// call, a field's block): the worker's other rooms wait for it, so it is kept short.
    public var maxSecondsPerTickCallback = 0.02
    /// Deepest call stack of the lesson's own functions and closures.
    public var maxCallDepth = 200
    /// Views, behaviours and other objects the lesson may create in all.
    public var maxObjects = 10_000
    /// Largest string, array or dictionary a lesson may build (characters or elements).
    public var maxCollectionSize = 1_000_000

    public init() {}
}

/// The entry point: a lesson's Swift source in, a program that makes lessons out.
public enum LiveSwift {
    /// Parses and checks `source` (the shape of a shipped lesson's own code: a
    /// `UIViewController` subclass), without running any of it. Every syntax error and every
    /// construct outside the supported subset is reported with its line and column.
    public static func compile(
        source: String, fileName: String, limits: LiveLimits = .init()
    ) throws(LiveCompileError) -> LiveProgram {
        try Compiler(fileName: fileName, limits: limits).compile(source)
    }

    /// Compiles a lesson of several files (a folder's, or a page's tabs) as one module: the
    /// lesson's file is the one with its view controller. Refuses more than
    /// `SourceFiles.maxFiles` files, names that are not plain `NAME.swift`, and a name twice.
    public static func compile(
        files: [(name: String, source: String)], limits: LiveLimits = .init()
    ) throws(LiveCompileError) -> LiveProgram {
        if let problem = SourceFiles.problem(with: files.map(\.name)) {
            throw LiveCompileError([LiveDiagnostic(file: files.first?.name ?? "", line: 1, column: 1, message: problem)])
        }
        let primary =
            files.last { $0.source.firstRange(of: ": UIViewController") != nil }?.name ?? files[0].name
        return try Compiler(fileName: primary, limits: limits).compile(SourceFiles.join(files))
    }
}

/// A compiled lesson source: immutable, shareable between rooms and threads. Each
/// `makeLesson()` runs `viewDidLoad` afresh in a new lesson.
public final class LiveProgram: Sendable {
    public let info: LessonInfo
    /// The shipped lesson whose room it runs in (its code, by file or controller name): that
    /// room's reactions to gestures and its live values. Nil for other code.
    public let room: String?
    /// The live values a room offers for it: a shipped lesson's, where the source keeps the
    /// stored property they set.
    public let parameters: [LessonParameter]
    let module: Module
    let limits: LiveLimits

    init(info: LessonInfo, room: String?, parameters: [LessonParameter], module: Module, limits: LiveLimits) {
        self.info = info
        self.room = room
        self.parameters = parameters
        self.module = module
        self.limits = limits
    }

    /// A new running lesson. If the source fails while building its scene, the lesson keeps
    /// the scene built so far and reports the error (`LiveLesson.runtimeError`, an event).
    public func makeLesson() -> any Lesson { LiveLesson(program: self) }
}
