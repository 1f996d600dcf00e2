/// Every lesson, in lobby order: the seven tutorial lessons first, then the extra rooms.
public enum LessonCatalog {
    /// Lesson types in lobby order.
    public static var all: [any Lesson.Type] {
        [
            GravityLesson.self, CollisionLesson.self, AttachmentLesson.self, SpringLesson.self, SnapLesson.self,
            PushLesson.self, PropertiesLesson.self, AlertLesson.self, RaceLesson.self, BarrierLesson.self,
            DropsLesson.self, HoopLesson.self, FieldsLesson.self,
        ]
    }

    /// The lesson type with that id, if there is one.
    public static func lesson(withID id: String) -> (any Lesson.Type)? {
        all.first { $0.info.id == id }
    }

    /// The code a student reads for a lesson: the marked region of its own source file, as
    /// compiled into this module (see the EmbedLessonSources plugin).
    public static func sourceCode(of lesson: any Lesson.Type) -> String {
        LessonSourceText.byFileName[lesson.info.sourceFileName] ?? ""
    }
}
