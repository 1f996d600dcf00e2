import LessonFixtures
import Lessons
import RoomServer

// Here, not in LessonFixtures: the fixtures are lessons only, and RoomServer does not carry
// them (only the executable offers them, with --fixture-lessons).
extension LessonDirectory {
    /// The lessons `newtons serve` offers, with the fixtures when asked, and each one's code.
    public static func served(withFixtures: Bool) -> LessonDirectory {
        let lessons = LessonCatalog.all + (withFixtures ? FixtureLessons.all : [])
        let fixtureIDs = Set(FixtureLessons.all.map { $0.info.id })
        return LessonDirectory(lessons) { lesson in
            fixtureIDs.contains(lesson.info.id) ? FixtureLessons.code(of: lesson) : LessonCatalog.sourceCode(of: lesson)
        }
    }
}
