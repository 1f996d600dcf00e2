import DynamicsTesting
import Foundation
import NewtonsClient
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `newtons serve --data DIR` through the real binary: a class survives a `kill -9` and a
/// SIGTERM (docs/server.md, "What is kept").
@Suite(.timeLimit(.minutes(2)))
struct StoreProtocolTests {
    static func dataFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("newtons-data-\(UUID().uuidString)")
    }

    /// Kills the server at once (no flush, no goodbye) and waits until it is gone.
    static func killHard(_ server: TestServer) async throws {
        kill(server.process.processIdentifier, SIGKILL)
        let started = ContinuousClock.now
        while !server.process.hasExited {
            guard ContinuousClock.now - started < .seconds(10) else { throw ServerTestError("the server did not die") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func aClassWhoseServerWasKilledComesBackAtItsMomentWithItsCodeAndItsRecording() async throws {
        let data = Self.dataFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try await TestServer(["--data", data.path])
        let teacher = try await first.client(lesson: "spring", name: "Teacher")
        let welcome = try await teacher.welcome()
        let code = try #require(welcome.code)
        let key = try #require(welcome.key)
        let lessonCode = try #require(welcome.json["lesson"]?["code"]?.string)

        // The instructor runs edited code once the lesson has run a moment: the room starts again from it.
        _ = try await teacher.waitForFrame { $0.time > 0.2 }
        let edited = lessonCode + "\n// The teacher's edit: the same scene, run from the class's own code.\n"
        try await teacher.send("code", ["source": edited])
        let ran = try await teacher.waitForMessage("room") { $0["timeline"]?["start"]?.double ?? 0 > 0 }
        let start = try #require(ran["timeline"]?["start"]?.double)
        // Frames of the edited run, by their step since it started.
        var seen: [Int: StateFrame] = [:]
        while true {
            let frame = try await teacher.waitForFrame { !$0.past }
            seen[Int((Double(frame.time) * 60).rounded())] = frame
            if frame.time >= 2.5 { break }
        }
        let reached = start + Double(seen.keys.max() ?? 0) / 60
        try await Self.killHard(first)
        await closeAll(teacher)

        let second = try await TestServer(["--data", data.path])
        try await second.waitForLog("1 class brought back")
        let back = try await second.client(room: code, name: "Teacher", key: key)
        let backWelcome = try await back.welcome()
        #expect(backWelcome.role == "instructor")
        #expect(backWelcome.json["source"]?.string == edited)
        let at = try #require(backWelcome.json["timeline"]?["to"]?.double)
        #expect(at >= reached - 1, "at most a second is lost: back at \(at) s, had reached \(reached) s")
        // Not far past it either: `reached` is the newest frame the client had read, which on a
        // loaded machine trails the server's own moment (frames wait in the socket) by a second or so.
        #expect(at <= reached + 3)
        #expect(backWelcome.json["timeline"]?["from"]?.double == 0, "the recording reaches back as before")

        let student = try await second.client(room: code, name: "Student")
        let studentWelcome = try await student.welcome()
        #expect(studentWelcome.role == "student")
        #expect(studentWelcome.code == code)

        // An earlier moment of the edited run shows the frame that was live then, bit for bit.
        let step = try #require(seen.keys.filter { $0 >= 60 }.min())
        try await back.control("seek", time: start + Double(step) / 60)
        let past = try await student.waitForFrame { $0.past }
        #expect(abs(Double(past.time) - Double(step) / 60) < 1e-4)
        #expect(past.items == seen[step]?.items)
        #expect(past.lines == seen[step]?.lines)
        await closeAll(back, student)
    }

    /// Runs `newtons ARGUMENTS` to its end: its status and what it printed.
    static func newtons(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestServer.binary)
        process.arguments = arguments
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func aStoppedServerLosesNothingAndASecondServerIsRefusedTheFolder() async throws {
        let data = Self.dataFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try await TestServer(["--data", data.path])
        let teacher = try await first.client(lesson: "fixture-orbit", name: "Teacher")
        let welcome = try await teacher.welcome()
        let code = try #require(welcome.code)
        let key = try #require(welcome.key)
        var last: StateFrame?
        while (last?.time ?? 0) < 1 { last = try await teacher.waitForFrame() }

        // A second server on the same folder is refused, naming the holder.
        let refused = try Self.newtons(
            ["serve", "--port", String(try TestServer.freePort()), "--web", first.web.path, "--data", data.path])
        #expect(refused.status != 0)
        #expect(refused.output.contains("is held by another server (newtons pid \(first.process.processIdentifier)"))

        let stopped = try await first.stop()
        #expect(stopped.status == 0)
        await closeAll(teacher)

        // What is kept, listed and exported while no server runs.
        let list = try Self.newtons(["data", "list", "--data", data.path])
        #expect(list.status == 0)
        #expect(list.output.contains(code) && list.output.contains("fixture-orbit") && list.output.contains("open"))
        let file = data.appendingPathComponent("class.newtons").path
        let export = try Self.newtons(["data", "export", code, file, "--data", data.path])
        #expect(export.status == 0, "\(export.output)")
        let replay = try Self.newtons(["replay", file, "--final"])
        #expect(replay.status == 0, "\(replay.output)")
        let second = try await TestServer(["--data", data.path])
        let back = try await second.client(room: code, key: key)
        let backWelcome = try await back.welcome()
        #expect(backWelcome.role == "instructor")
        let at = try #require(backWelcome.json["timeline"]?["to"]?.double)
        #expect(at >= Double(last?.time ?? 0), "nothing is lost after SIGTERM")

        // An open class is not deleted beside its running server; an unknown code is said so.
        let open = try Self.newtons(["data", "delete", code, "--data", data.path])
        #expect(open.status != 0)
        #expect(open.output.contains("is open on the server running"))
        let unknown = try Self.newtons(["data", "delete", "ZZZZZZ", "--data", data.path])
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("no class ZZZZZZ"))
        await closeAll(back)
    }
}
