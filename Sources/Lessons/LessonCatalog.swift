/// Every lesson, in lobby order: the seven tutorial lessons first, then the extra rooms.
public enum LessonCatalog {
    /// Lesson types in lobby order.
    public static var all: [any Lesson.Type] { [] }

    /// The lesson type with that id, if there is one.
    public static func lesson(withID id: String) -> (any Lesson.Type)? {
        all.first { $0.info.id == id }
    }
}
