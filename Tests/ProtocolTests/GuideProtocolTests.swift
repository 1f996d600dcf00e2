import Foundation
import NewtonsClient
import Testing

/// Issue 30 over real sockets: a student's gesture ticks their guide step, with its measured
/// value, and the instructor's roster follows; predictions are checked.
@Suite(.timeLimit(.minutes(1)))
struct GuideProtocolTests {
    @Test func aStudentsTapTicksTheirStepAndTheInstructorSeesIt() async throws {
        let server = try await TestServer()
        let (teacher, student, _) = try await ClassRoomTests.classRoom(server, lesson: "snap")
        try await student.send("prediction", ["step": "low-damping", "choice": 2])
        _ = try await student.waitForMessage("event") { $0["name"]?.string == "prediction" }
        let roster = try await teacher.waitForMessage("progress") { message in
            message["members"]?.array?.first?["predictions"]?.array?.isEmpty == false
        }
        #expect(roster["members"]?.array?.first?["name"]?.string == "Student")
        try await student.tap(x: 60, y: 600)
        let done = try await student.waitForMessage("event") { $0["name"]?.string == "step-done" }
        #expect(done["step"]?.string == "first-snap")
        #expect((done["value"]?.double ?? 99) <= 5, "the distance to the tap")
        _ = try await teacher.waitForMessage("progress") { $0["members"]?.array?.first?["open"]?.string == "low-damping" }
        // Refused, with a clear code: a step that asks none, a choice that does not exist.
        try await student.send("prediction", ["step": "first-snap", "choice": 0])
        #expect(try await student.waitForError("bad-value")["message"]?.string?.contains("asks no prediction") == true)
        try await student.send("prediction", ["step": "low-damping", "choice": 7])
        _ = try await student.waitForError("bad-value")
        try await student.send("prediction", ["step": "low-damping", "value": 1, "pad": String(repeating: "x", count: 200)])
        #expect(try await student.waitForError("bad-value")["message"]?.string?.contains("200 bytes") == true)
        await teacher.close()
        await student.close()
    }
}
