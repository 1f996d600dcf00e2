import Lessons

/// One problem in a lesson's source, where the editor shows it (1-based line and column), in
/// its file for a lesson of several files (the line is then the file's own).
public struct CodeDiagnostic: Sendable, Equatable, Encodable {
    public var line: Int
    public var column: Int
    public var message: String
    public var file: String?

    public init(line: Int, column: Int, message: String, file: String? = nil) {
        self.line = line
        self.column = column
        self.message = message
        self.file = file
    }
}

/// Why source did not compile: every problem found, in source order.
public struct CompileFailure: Error, Sendable, Equatable {
    public var diagnostics: [CodeDiagnostic]

    public init(_ diagnostics: [CodeDiagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// A lesson made from source that compiled: what it is (bounds, gestures) and how to start it.
public struct CompiledLesson: @unchecked Sendable {
    public let info: LessonInfo
    /// Starts the lesson afresh (a run, a reset); the program itself is immutable.
    public let make: () -> any Lesson

    public init(info: LessonInfo, make: @escaping () -> any Lesson) {
        self.info = info
        self.make = make
    }
}

/// Turns a lesson's Swift source into a runnable lesson, or says what is wrong with it. The
/// server is given one (the live interpreter); without one, code sent by clients is refused.
/// Runs on the service thread: it must be bounded in time (the interpreter's budgets).
public typealias LessonCompiler = @Sendable (_ source: String, _ fileName: String) -> Result<CompiledLesson, CompileFailure>
