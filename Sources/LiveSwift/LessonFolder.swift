import Foundation
import Lessons

/// The lessons of a folder (`newtons serve --lessons DIR`): every `.swift` file a lesson of its
/// own, and every subfolder one lesson of the `.swift` files in it (one module, shown as tabs).
/// A lesson that cannot be read or compiled is reported and left out; the others are served,
/// each with its guide where it has one (`NAME.md` beside `NAME.swift` or the folder `NAME`; a
/// guide's problems are reported by file and line).
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
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { name in
                var isFolder: ObjCBool = false
                let path = (folder as NSString).appendingPathComponent(name)
                FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                return isFolder.boolValue ? !name.hasPrefix(".") : name.hasSuffix(".swift")
            }.sorted()
        } catch {
            self.lessons = []
            self.problems = [Problem(path: folder, message: "\(folder): cannot read the folder: \(error.localizedDescription)")]
            return
        }
        if names.isEmpty { problems.append(Problem(path: folder, message: "\(folder): no .swift files")) }
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let files = Self.read(path, limits: limits) else {
                problems.append(Problem(path: path, message: "\(path): cannot read it, it has no .swift files, or it is over \(limits.maxSourceBytes) bytes"))
                continue
            }
            let source = SourceFiles.join(files)
            do {
                let program =
                    files.count == 1 && path.hasSuffix(".swift")
                    ? try LiveSwift.compile(source: source, fileName: name, limits: limits)
                    : try LiveSwift.compile(files: files, limits: limits)
                let (files, unread) = GuideFiles.beside(sourcePath: path.hasSuffix(".swift") ? path : path + ".swift")
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

    /// A lesson's files: the file at `path`, or the `.swift` files of the folder at `path` in
    /// name order; nil when none can be read or they are too big together.
    private static func read(_ path: String, limits: LiveLimits) -> [(name: String, source: String)]? {
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let paths =
            isFolder.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            : [path]
        var files: [(name: String, source: String)] = []
        var total = 0
        for file in paths.prefix(SourceFiles.maxFiles + 1) {
            guard let data = FileManager.default.contents(atPath: file) else { return nil }
            total += data.count
            files.append(((file as NSString).lastPathComponent, String(decoding: data, as: UTF8.self)))
        }
        return files.isEmpty || total > limits.maxSourceBytes ? nil : files
    }
}
