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

extension LessonDirectory {
    /// The lessons of `served(withFixtures: true)` and the empty template (`?lesson=blank`):
    /// every lesson a class kept by a server may have run.
    static var servedWithTemplate: LessonDirectory {
        let served = LessonDirectory.served(withFixtures: true)
        guard case .success(let blank) = LiveLessonCompiler.blankLesson(), served.entry(withID: blank.info.id) == nil else {
            return served
        }
        return LessonDirectory(entries: served.entries + [blank])
    }
}
