import Lessons
import LiveSwift

/// The lessons a server offers, in lobby order, with the code a student reads for each.
/// An entry makes its lesson through a factory, so compiled lessons (a type) and lessons run
/// from their source (LiveSwift) fit alike. Entries are immutable, so the directory is safe to
/// share between threads.
public struct LessonDirectory: Sendable {
    /// One lesson: what it is, its student-facing source text and how to start it.
    public struct Entry: Sendable {
        public let info: LessonInfo
        public let code: String
        /// A fresh instance of the lesson, for a new room or a restart.
        public let make: @Sendable () -> any Lesson
        /// The lesson's guide, in every language it has (docs/guides.md), if it has one.
        public let guides: LessonGuides?

        public init(info: LessonInfo, code: String, guides: LessonGuides? = nil, make: @escaping @Sendable () -> any Lesson) {
            self.info = info
            self.code = code
            self.guides = guides
            self.make = make
        }

        /// A compiled lesson type, with the guide beside its source (a shipped guide's problems
        /// are the tests' business: LessonsTests loads every one).
        public init(_ type: any Lesson.Type, code: String) {
            let make = Self.factory(type)
            self.init(info: type.info, code: code, guides: GuideLibrary.guides(of: type).guides, make: make)
        }

        /// A lesson run from its source; `order` places it in the lobby.
        public init(program: LiveProgram, code: String, order: Int? = nil, guides: LessonGuides? = nil) {
            var info = program.info
            if let order { info.order = order }
            self.init(info: info, code: code, guides: guides, make: { program.makeLesson() })
        }

        private static func factory<T: Lesson>(_ type: T.Type) -> @Sendable () -> any Lesson { { T() } }
    }

    public let entries: [Entry]
    private let byID: [String: Int]

    /// The lessons of `types`, in their `order` (then as given); `code` gives each one's source.
    /// A later lesson with an id already seen is left out.
    public init(_ types: [any Lesson.Type], code: (any Lesson.Type) -> String = { _ in "" }) {
        self.init(entries: types.map { Entry($0, code: code($0)) })
    }

    /// The lessons of `entries`, in their `order` (then as given); a later entry with an id
    /// already seen is left out.
    public init(entries given: [Entry]) {
        var entries: [Entry] = []
        var byID: [String: Int] = [:]
        let sorted = given.enumerated().sorted {
            ($0.element.info.order, $0.offset) < ($1.element.info.order, $1.offset)
        }
        for (_, entry) in sorted where byID[entry.info.id] == nil {
            byID[entry.info.id] = entries.count
            entries.append(entry)
        }
        self.entries = entries
        self.byID = byID
    }

    /// The lesson with that id, if the server offers it.
    public func entry(withID id: String) -> Entry? {
        byID[id].map { entries[$0] }
    }
}
