import Lessons

/// The lessons a server offers, in lobby order, with the code a student reads for each.
/// Lesson types are immutable metatypes, so the directory is safe to share between threads.
public struct LessonDirectory: @unchecked Sendable {
    /// One lesson: its type and its student-facing source text.
    public struct Entry: @unchecked Sendable {
        public let type: any Lesson.Type
        public let code: String
        public var info: LessonInfo { type.info }
    }

    public let entries: [Entry]
    private let byID: [String: Int]

    /// The lessons of `types`, in their `order` (then as given); `code` gives each one's source.
    /// A later lesson with an id already seen is left out.
    public init(_ types: [any Lesson.Type], code: (any Lesson.Type) -> String = { _ in "" }) {
        var entries: [Entry] = []
        var byID: [String: Int] = [:]
        let sorted = types.enumerated().sorted {
            ($0.element.info.order, $0.offset) < ($1.element.info.order, $1.offset)
        }
        for (_, type) in sorted where byID[type.info.id] == nil {
            byID[type.info.id] = entries.count
            entries.append(Entry(type: type, code: code(type)))
        }
        self.entries = entries
        self.byID = byID
    }

    /// The lesson with that id, if the server offers it.
    public func entry(withID id: String) -> Entry? {
        byID[id].map { entries[$0] }
    }
}
