import Foundation
import Lessons

/// The lessons of a folder (`newtons serve --lessons DIR`): every `.swift` file a lesson of its
/// own. A file that cannot be read or compiled is reported and left out; the others are served,
/// each with its guide where it has one (a guide's problems are reported by file and line).
public struct LiveLessonFolder: Sendable {
    public struct Lesson: Sendable {
        public let program: LiveProgram
        public let source: String
        public let path: String
        /// Its guide, from `NAME.md`, `NAME.zh.md`, `NAME.en.md` beside `NAME.swift`
        /// (docs/guides.md), without the steps that have problems.
        public let guides: LessonGuides?
    }

    public struct Problem: Sendable, CustomStringConvertible {
        public let path: String
        public let message: String
        public var description: String { message }
    }

    public let lessons: [Lesson]
    public let problems: [Problem]

    /// Reads `folder`, in file-name order; lessons of their own follow the shipped ones in the
    /// lobby, in that order.
    public init(folder: String, limits: LiveLimits = .init()) {
        var lessons: [Lesson] = []
        var problems: [Problem] = []
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        } catch {
            self.lessons = []
            self.problems = [Problem(path: folder, message: "\(folder): cannot read the folder: \(error.localizedDescription)")]
            return
        }
        if names.isEmpty { problems.append(Problem(path: folder, message: "\(folder): no .swift files")) }
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path), data.count <= limits.maxSourceBytes else {
                problems.append(Problem(path: path, message: "\(path): cannot read it, or it is over \(limits.maxSourceBytes) bytes"))
                continue
            }
            let source = String(decoding: data, as: UTF8.self)
            do {
                let program = try LiveSwift.compile(source: source, fileName: name, limits: limits)
                let (files, unread) = GuideFiles.beside(sourcePath: path)
                var guides: LessonGuides?
                var found = unread
                if !files.isEmpty {
                    let facts = LessonFacts(lesson: program.makeLesson(), id: program.info.id, gestures: program.info.gestures)
                    (guides, found) = LessonGuides.load(files: files, facts: facts)
                    found = unread + found
                }
                problems += found.map { Problem(path: $0.file, message: $0.description) }
                lessons.append(Lesson(program: program, source: source, path: path, guides: guides))
            } catch {
                for diagnostic in error.diagnostics {
                    problems.append(Problem(path: path, message: "\(folder == "." ? "" : folder + "/")\(diagnostic)"))
                }
            }
        }
        self.lessons = lessons
        self.problems = problems
    }
}
