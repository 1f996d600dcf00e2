import Lessons
import LiveSwift

/// The room server's `LessonCompiler`: the live interpreter (issue 19), its diagnostics as
/// the protocol sends them.
public enum LiveLessonCompiler {
    public static func make(limits: LiveLimits = LiveLimits()) -> LessonCompiler {
        { source, fileName in
            do {
                let program = try LiveSwift.compile(source: source, fileName: fileName, limits: limits)
                return .success(CompiledLesson(info: program.info, make: program.makeLesson))
            } catch {
                return .failure(
                    CompileFailure(
                        error.diagnostics.map { CodeDiagnostic(line: $0.line, column: $0.column, message: $0.message) }))
            }
        }
    }

    /// The empty lesson a class room can start from (`lesson=blank`): a view controller with
    /// one square, to edit and Run.
    public static let blankLesson = LessonDirectory.Entry(
        info: LessonInfo(
            id: "blank", title: "A lesson of your own",
            summary: "Start from an empty view controller: write your own scene and Run it.", order: 900,
            gestures: LiveLesson.info.gestures, sourceFileName: "MyLesson.swift"),
        code: LiveSwift.emptyLessonTemplate, make: { LiveLesson() })
}
