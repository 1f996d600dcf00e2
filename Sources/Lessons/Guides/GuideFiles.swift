import Foundation

/// The guide files beside a lesson's source in a teacher's folder (`newtons serve --lessons
/// DIR`): `NAME.md`, and `NAME.LANG.md` for each language (`NAME.zh.md`, `NAME.en.md`), beside
/// `NAME.swift`. A file too large or unreadable is reported and left out.
public enum GuideFiles {
    public static func beside(sourcePath: String) -> (files: [(path: String, text: String)], problems: [GuideProblem]) {
        let folder = (sourcePath as NSString).deletingLastPathComponent
        let name = (sourcePath as NSString).lastPathComponent
        let stem = name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return ([], []) }
        var files: [(path: String, text: String)] = []
        var problems: [GuideProblem] = []
        for candidate in names.sorted() {
            guard candidate == stem + ".md" || (candidate.hasPrefix(stem + ".") && GuideParser.language(ofFileName: candidate) != nil
                && candidate.dropFirst(stem.count + 1).split(separator: ".").count == 2)
            else { continue }
            let path = (folder as NSString).appendingPathComponent(candidate)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= GuideLimits.maxFileBytes else {
                problems.append(GuideProblem(file: path, line: 0, message: "the file is \(size) bytes; a guide is at most \(GuideLimits.maxFileBytes) bytes"))
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append(GuideProblem(file: path, line: 0, message: "cannot read the file"))
                continue
            }
            files.append((path, String(decoding: data, as: UTF8.self)))
        }
        return (files, problems)
    }
}
