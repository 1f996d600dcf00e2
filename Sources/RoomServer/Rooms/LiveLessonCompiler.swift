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
            } catch let error as LiveCompileError {
                // A lesson of several files names the file of each problem (split once, not
                // once per problem: a long source with many errors split it hundreds of times).
                let severalFiles = SourceFiles(source, fileName: fileName).files.count > 1
                return .failure(
                    CompileFailure(
                        error.diagnostics.map {
                            CodeDiagnostic(
                                line: $0.line, column: $0.column, message: $0.message, file: severalFiles ? $0.file : nil)
                        }))
            } catch {
                return .failure(CompileFailure([CodeDiagnostic(line: 1, column: 1, message: "\(error)")]))
            }
        }
    }

    /// The empty lesson a class room can start from (`lesson=blank`): a view controller with
    /// one square, to edit and Run, and its guide (`Sources/Lessons/Rooms/Blank.en.md`,
    /// `Blank.zh.md`). Nil (and the server goes on without it) when the template does not
    /// compile with this interpreter.
    public static func blankLesson() -> Result<LessonDirectory.Entry, LiveCompileError> {
        Result { () throws(LiveCompileError) in
            let program = try LiveSwift.compile(source: LiveSwift.emptyLessonTemplate, fileName: "MyLesson.swift")
            let info = LessonInfo(
                id: "blank", title: "A lesson of your own",
                summary: "Start from an empty view controller: write your own scene and Run it.", order: 900,
                gestures: program.info.gestures, sourceFileName: "MyLesson.swift")
            return LessonDirectory.Entry(
                info: info, code: LiveSwift.emptyLessonTemplate, guides: blankGuides(program, info).guides,
                make: program.makeLesson)
        }
    }

    /// The blank lesson's guide, checked against a fresh instance of the template.
    static func blankGuides(_ program: LiveProgram, _ info: LessonInfo) -> (guides: LessonGuides?, problems: [GuideProblem]) {
        let facts = LessonFacts(lesson: program.makeLesson(), id: info.id, gestures: info.gestures)
        return LessonGuides.load(files: GuideLibrary.files(ofSource: "Blank.swift"), facts: facts)
    }
}
