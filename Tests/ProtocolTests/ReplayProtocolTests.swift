import DynamicsTesting
import Foundation
import NewtonsClient
import Testing

/// The time controls through a real server: the instructor rewinds, slows, steps back; a
/// student's connection shows the same moment at the same speed; live again works. And the
/// recording over HTTP and on the command line.
@Suite(.timeLimit(.minutes(2)))
struct ReplayProtocolTests {
    /// Frames a client saw, by their step (time × 60).
    static func collectFrames(_ client: NewtonsClient, until seconds: Double) async throws -> [Int: StateFrame] {
        var frames: [Int: StateFrame] = [:]
        while true {
            let frame = try await client.waitForFrame()
            frames[Int((Double(frame.time) * 60).rounded())] = frame
            if Double(frame.time) >= seconds { return frames }
        }
    }

    @Test func theInstructorRewindsSlowsAndStepsBackAndTheStudentSeesTheSameMomentThenLiveAgain() async throws {
        let server = try await TestServer()
        let (teacher, student, _) = try await ClassRoomTests.classRoom(server)
        let seen = try await Self.collectFrames(student, until: 0.6)

        try await teacher.control("speed", value: 0.5)
        for client in [teacher, student] {
            _ = try await client.waitForMessage("room") { $0["timeline"]?["speed"]?.double == 0.5 }
        }

        try await teacher.control("seek", time: 0.25)
        for client in [teacher, student] {
            let room = try await client.waitForMessage("room") { $0["timeline"]?["live"]?.bool == false }
            #expect(room["timeline"]?["at"]?.double == 0.25)
            #expect(room["timeline"]?["speed"]?.double == 0.5)
            #expect(room["paused"]?.bool == true)
        }
        let past = try await student.waitForFrame { $0.past }
        #expect(past.paused)
        #expect(abs(Double(past.time) - 0.25) < 1e-4)
        let teachersPast = try await teacher.waitForFrame { $0.past }
        #expect(teachersPast.items == past.items)
        if let live = seen[15] {
            #expect(live.items.map(\.x) == past.items.map(\.x), "the past frame is the live frame of that moment")
            #expect(live.items.map(\.y) == past.items.map(\.y))
        }

        try await teacher.control("step", ticks: -1)
        let back = try await student.waitForFrame { $0.past && $0.time < past.time }
        #expect(abs(Double(past.time - back.time) - 1.0 / 60) < 1e-4)
        if let live = seen[14] { #expect(live.items.map(\.x) == back.items.map(\.x)) }

        // Students cannot drive the clock, and nobody's gesture acts in the past.
        try await student.control("live")
        _ = try await student.waitForError("forbidden")
        try await student.tap(x: 100, y: 100)
        let refused = try await student.waitForError("forbidden")
        #expect(refused["message"]?.string?.contains("past") == true)

        // Play the recording at half speed: frames go on from the moment shown, still marked past.
        try await teacher.control("play")
        let playing = try await student.waitForFrame { $0.past && !$0.paused && $0.time > back.time }
        #expect(playing.time > back.time)

        try await teacher.control("live")
        let room = try await student.waitForMessage("room") { $0["timeline"]?["live"]?.bool == true }
        #expect(room["paused"]?.bool == false)
        let live = try await student.waitForFrame { !$0.past && !$0.paused && $0.time > 0.6 }
        #expect(live.time > playing.time)
        await closeAll(teacher, student)
    }

    @Test func aRecordingIsDownloadedOpenedAsANewRoomExportedAsCSVAndPlayedHeadless() async throws {
        let server = try await TestServer()
        let (teacher, student, welcome) = try await ClassRoomTests.classRoom(server, lesson: "fixture-drops")
        let code = try #require(welcome.code)
        try await teacher.tap(x: 100, y: 50)
        _ = try await student.waitForFrame { $0.time > 0.5 }
        try await teacher.control("pause")
        _ = try await student.waitForFrame { $0.paused }

        let download = try await RawHTTP.get(port: server.port, path: "/api/rooms/\(code)/recording")
        #expect(download.status == 200)
        #expect(download.headers["content-type"] == "application/x-newtons-recording")
        #expect(download.body.hasPrefix("newtons-recording 1 "))

        let csv = try await RawHTTP.get(port: server.port, path: "/api/rooms/\(code.lowercased())/items.csv?from=0&to=0.5&every=6")
        #expect(csv.status == 200)
        let rows = csv.body.split(separator: "\n")
        #expect(rows.first == "time,lesson,item,name,x,y,angle,alpha,hidden,at_rest")
        #expect(rows.count > 2)
        let badRange = try await RawHTTP.get(port: server.port, path: "/api/rooms/\(code)/items.csv?from=5&to=1")
        #expect(badRange.status == 400)
        #expect(badRange.body.contains("reaches from"))

        // Open it as a new room: its opener's key makes them the instructor; it shows the start, paused.
        let opened = try await RawHTTP.post(port: server.port, path: "/api/recordings", body: Array(download.body.utf8))
        #expect(opened.status == 201, "\(opened.body)")
        let answer = try #require(JSON(parsing: opened.body))
        let room = try #require(answer["room"]?.string)
        let key = try #require(answer["key"]?.string)
        #expect(room != code)
        let viewer = try await server.client(room: room, key: key)
        let viewerWelcome = try await viewer.welcome()
        #expect(viewerWelcome.role == "instructor")
        let start = try await viewer.waitForFrame { $0.past }
        #expect(start.paused)
        #expect(start.time == 0)
        try await viewer.control("live")
        let end = try await viewer.waitForFrame { !$0.past }
        #expect(end.time > 0.5)

        // Headless: the same recording printed as JSON lines.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).newtons")
        try download.body.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let printed = try await TestServer.run(TestServer.binary, ["replay", file.path, "--final"])
        let lines = printed.split(separator: "\n").compactMap { JSON(parsing: String($0)) }
        #expect(lines.first?["lesson"]?.string == "fixture-drops", "\(printed)")
        #expect(lines.last?["items"]?.array?.isEmpty == false, "\(printed)")

        // Bad files get a clear refusal, from the server and from the command line.
        let good = Array(download.body.utf8)
        let cases: [(String, [UInt8], String)] = [
            ("not a recording", Array("PK\u{3}\u{4} a zip file".utf8), "not a newtons recording"),
            ("truncated", Array(good.prefix(good.count - 10)), "truncated"),
            ("corrupted", good.enumerated().map { $0.offset == good.count - 20 ? $0.element ^ 0x01 : $0.element }, "corrupted"),
            ("empty", [], "not a newtons recording"),
        ]
        for (name, bytes, reason) in cases {
            let refused = try await RawHTTP.post(port: server.port, path: "/api/recordings", body: bytes)
            #expect(refused.status == 400, "\(name)")
            #expect(refused.body.contains(reason), "\(name): \(refused.body)")
            try Data(bytes).write(to: file)
            let cli = try await TestServer.run(TestServer.binary, ["replay", file.path])
            #expect(cli.contains("newtons replay: ") && cli.contains(reason), "\(name): \(cli)")
        }
        let huge = try await RawHTTP.post(port: server.port, path: "/api/recordings", body: [UInt8](repeating: 0x20, count: 33 * 1024 * 1024))
        #expect(huge.status == 413)
        #expect(huge.body.contains("at most"))
        await closeAll(viewer, teacher, student)
    }

    @Test func aLessonRoomCannotBeRewoundButItsRecordingCanBeDownloaded() async throws {
        let server = try await TestServer()
        let (visitor, welcome) = try await server.welcomed(room: "fixture-orbit")
        _ = try await visitor.waitForFrame { $0.time > 0.2 }
        try await visitor.control("seek", time: 0)
        _ = try await visitor.waitForError("forbidden")
        _ = welcome
        let download = try await RawHTTP.get(port: server.port, path: "/api/rooms/fixture-orbit/recording")
        #expect(download.status == 200)
        #expect(try await RawHTTP.get(port: server.port, path: "/api/rooms/NOSUCH/recording").status == 404)
        await visitor.close()
    }
}
