import Lessons
import LiveSwift
import Testing

/// The sources the page's editor starts from: each shipped lesson's own code and the empty
/// lesson template compile, and keep the lesson's gestures (what the page's stage takes).
struct EditorSourcesTests {
    @Test func theEmptyTemplateCompilesAndTakesTaps() throws {
        let program = try LiveSwift.compile(source: LiveSwift.emptyLessonTemplate, fileName: "MyLesson.swift")
        #expect(program.info.gestures.contains(.tap))
        let lesson = program.makeLesson()
        #expect(!lesson.items.isEmpty, "the template's square")
    }

    @Test func theSnapLessonsOwnCodeCompilesAsTheSnapLesson() throws {
        let snap = try #require(LessonCatalog.lesson(withID: "snap"))
        let program = try LiveSwift.compile(
            source: LessonCatalog.sourceCode(of: snap), fileName: snap.info.sourceFileName)
        #expect(program.info.id == "snap")
        #expect(program.info.gestures == snap.info.gestures)
    }
}
