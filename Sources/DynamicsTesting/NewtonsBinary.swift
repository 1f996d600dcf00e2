import Foundation

/// Finds the `newtons` executable for tests that run it as a separate process: the
/// `NEWTONS_BIN` the test runner sets, else the one built beside the running tests (the same
/// configuration, never a stale build of the other), else the package's release or debug build.
package enum NewtonsBinary {
    package static func locate(from file: String = #filePath) -> URL? {
        if let path = ProcessInfo.processInfo.environment["NEWTONS_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        if let runner = CommandLine.arguments.first {
            let sibling = URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("newtons")
            if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        }
        var dir = URL(fileURLWithPath: file).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { break }
            dir = dir.deletingLastPathComponent()
        }
        for config in ["release", "debug"] {
            let url = dir.appendingPathComponent(".build/\(config)/newtons")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Runs `newtons` with `arguments`; its exit status and what it printed on each stream.
    package static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        guard let binary = locate() else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        let status = process.waitForExit(timeout: .seconds(120)) ?? -1
        return (status, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}
