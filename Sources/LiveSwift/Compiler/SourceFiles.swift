import Foundation

/// A lesson of several Swift files kept as one source: each file begins with a line
/// `// file: NAME.swift` (docs/live-code.md, "Several files"). The text is Swift as it stands
/// (the markers are comments), so it compiles as one module; lines and errors are told back
/// by file. A source without markers is one file.
public struct SourceFiles: Sendable, Equatable {
    /// The files in order, each with the global line (1-based) of its first line.
    public private(set) var files: [(name: String, firstLine: Int)] = []

    public static func == (a: SourceFiles, b: SourceFiles) -> Bool {
        a.files.map(\.name) == b.files.map(\.name) && a.files.map(\.firstLine) == b.files.map(\.firstLine)
    }

    static let marker = "// file: "
    /// At most this many files make one lesson.
    public static let maxFiles = 16

    /// The files of `source`; `fileName` names the text before the first marker (the whole of a
    /// source without markers).
    public init(_ source: String, fileName: String) {
        var line = 1
        var named: [(String, Int)] = []
        for text in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if let name = Self.fileName(inMarker: text) { named.append((name, line + 1)) }
            line += 1
        }
        if named.isEmpty || named[0].1 > 2 { files.append((fileName, 1)) }
        files += named.map { (name: $0.0, firstLine: $0.1) }
    }

    /// The file name a marker line names, or nil for any other line.
    static func fileName(inMarker line: Substring) -> String? {
        guard line.hasPrefix(marker) else { return nil }
        let name = line.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
        return isFileName(name) ? name : nil
    }

    /// A plain Swift file name: letters, digits, `_`, `-`, `+`, `.` and spaces, ending `.swift`.
    public static func isFileName(_ name: String) -> Bool {
        name.count > 6 && name.count <= 64 && name.hasSuffix(".swift") && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "_-+. ".unicodeScalars.contains($0) }
    }

    /// Why these names cannot make one lesson, or nil when they can.
    public static func problem(with names: [String]) -> String? {
        if names.isEmpty { return "a lesson needs at least one file" }
        if names.count > maxFiles { return "a lesson may have at most \(maxFiles) files; this one has \(names.count)" }
        if let bad = names.first(where: { !isFileName($0) }) {
            return "'\(bad)' is not a file name a lesson may use (letters, digits, '_', '-', '+', '.', spaces; ending '.swift')"
        }
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            return "the file name '\(twice)' is used twice"
        }
        return nil
    }

    /// The file and its own line of a global line.
    public func locate(_ line: Int) -> (file: String, line: Int) {
        guard let file = files.last(where: { $0.firstLine <= line }) ?? files.first else { return ("", line) }
        return (file.name, line - file.firstLine + 1)
    }

    /// A diagnostic of the joined source, at its own file and line.
    func place(_ diagnostic: LiveDiagnostic) -> LiveDiagnostic {
        var placed = diagnostic
        (placed.file, placed.line) = locate(diagnostic.line)
        return placed
    }

    /// One source of several files, each under its marker; a single file stays as it is.
    public static func join(_ files: [(name: String, source: String)]) -> String {
        if files.count == 1 { return files[0].source }
        return files.map { file in
            let text = file.source.hasSuffix("\n") ? file.source : file.source + "\n"
            return marker + file.name + "\n" + text
        }.joined()
    }

    /// The files of a joined source, each with its own text (what `join` joined).
    public static func split(_ source: String, fileName: String) -> [(name: String, source: String)] {
        let layout = SourceFiles(source, fileName: fileName)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        // `join` ends every file with a newline: the last line of each is then empty.
        let count = source.hasSuffix("\n") ? lines.count - 1 : lines.count
        return layout.files.enumerated().map { index, file in
            let start = min(file.firstLine - 1, count)
            let end = index + 1 < layout.files.count ? layout.files[index + 1].firstLine - 2 : count
            return (file.name, lines[start..<max(min(end, count), start)].joined(separator: "\n"))
        }
    }
}
