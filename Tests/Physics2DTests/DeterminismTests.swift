import DynamicsTesting
import Foundation
import Testing

@Suite struct DeterminismTests {
    @Test func sameSceneGivesTheSameBitsEveryRun() {
        let first = EngineScenes.tumblingHash(steps: 240)
        let second = EngineScenes.tumblingHash(steps: 240)
        #expect(first == second)
    }

    /// Swift seeds hashing per process; a result that depended on dictionary or set order
    /// would differ between two processes. Runs the scene in a child process too.
    @Test func sameSceneGivesTheSameBitsInAnotherProcess() throws {
        let here = EngineScenes.tumblingHash(steps: 240)
        guard let bin = ProcessInfo.processInfo.environment["NEWTONS_BIN"].map(URL.init(fileURLWithPath:))
            ?? locateNewtonsBinary()
        else {
            Issue.record("no newtons binary to run the scene in another process")
            return
        }
        let process = Process()
        process.executableURL = bin
        process.arguments = ["engine-hash", "--steps", "240"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(process.terminationStatus == 0)
        #expect(text == String(here, radix: 16))
    }
}

func locateNewtonsBinary() -> URL? {
    var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    for _ in 0..<4 { dir = dir.deletingLastPathComponent() }
    for config in ["release", "debug"] {
        let url = dir.appendingPathComponent(".build/\(config)/newtons")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}
