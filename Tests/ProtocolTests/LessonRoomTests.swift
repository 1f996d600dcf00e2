import Foundation
import NewtonsClient
import Testing

/// The real tutorial lessons through the server: gestures move what they should.
@Suite(.timeLimit(.minutes(1)))
struct LessonRoomTests {
    /// The id of the item drawn as `sprite` in a welcome.
    static func item(_ sprite: String, in welcome: Welcome) throws -> Int {
        try #require(welcome.items.first { $0["sprite"]?.string == sprite }?["id"]?.int)
    }

    @Test func theSevenTutorialLessonsComeFirstInBookOrderWithTheirCode() async throws {
        let server = try await TestServer()
        let lessons = try #require(JSON(parsing: try await RawHTTP.get(port: server.port, path: "/api/lessons").body)?.array)
        let ids = lessons.compactMap { $0["id"]?.string }
        #expect(Array(ids.prefix(7)) == ["gravity", "collision", "attachment", "spring", "snap", "push", "properties"])
        let (client, welcome) = try await server.welcomed(room: "gravity")
        #expect(welcome.json["lesson"]?["code"]?.string?.contains("UIDynamicAnimator") == true)
        await client.close()
    }

    @Test func theFrogFallsInTheGravityRoomAndATapStartsItAgain() async throws {
        let server = try await TestServer()
        let (client, welcome) = try await server.welcomed(room: "gravity")
        let frog = try Self.item("frog", in: welcome)
        let start = try await client.waitForFrame()
        let startY = try #require(start.item(frog)).y
        let later = try await client.waitForFrame { $0.time > start.time + 1 }
        #expect(try #require(later.item(frog)).y > startY + 20)
        // Starting again builds the scene anew: a new frog (a new id), back at the top.
        try await client.tap(x: 10, y: 10)
        let scene = try await client.waitForMessage("scene")
        let newFrog = try #require(scene["items"]?.array?.first { $0["sprite"]?.string == "frog" }?["id"]?.int)
        let again = try await client.waitForFrame { frame in
            (frame.item(newFrog)?.y ?? .infinity) < startY + 5
        }
        #expect(again.sequence > later.sequence)
        await client.close()
    }

    @Test func theFrogSnapsToTheTappedPoint() async throws {
        let server = try await TestServer()
        let (client, welcome) = try await server.welcomed(room: "snap")
        let frog = try Self.item("frog", in: welcome)
        try await client.tap(x: 300, y: 550)
        _ = try await client.waitForFrame(timeout: .seconds(10)) { frame in
            guard let item = frame.item(frog) else { return false }
            return hypot(Double(item.x) - 300, Double(item.y) - 550) < 5
        }
        await client.close()
    }

    @Test func aPushLeftOfTheCentreShovesTheDragonRight() async throws {
        let server = try await TestServer()
        let (client, welcome) = try await server.welcomed(room: "push")
        let dragon = try Self.item("dragon", in: welcome)
        let startX = try #require(welcome.items.first { $0["id"]?.int == dragon }?["x"]?.double)
        try await client.push(x: 87.5, y: 333.5)
        _ = try await client.waitForFrame(timeout: .seconds(10)) { frame in
            (frame.item(dragon).map { Double($0.x) } ?? 0) > startX + 30
        }
        await client.close()
    }

    @Test func theDragonFollowsTheDraggedFrogOnItsAttachment() async throws {
        let server = try await TestServer()
        let (client, welcome) = try await server.welcomed(room: "attachment")
        let frog = try Self.item("frog", in: welcome)
        let dragon = try Self.item("dragon", in: welcome)
        let start = try #require(welcome.items.first { $0["id"]?.int == dragon })
        let dragonX = try #require(start["x"]?.double), dragonY = try #require(start["y"]?.double)
        try await client.pan("began", x: 187.5, y: 200)
        for step in 1...10 { try await client.pan("changed", x: 187.5 + 10 * Double(step), y: 200) }
        try await client.pan("ended", x: 287.5, y: 200)
        // The rod keeps its length (230 points at the start): the dragon is pulled after the frog.
        let frame = try await client.waitForFrame(timeout: .seconds(10)) { frame in
            guard let item = frame.item(dragon) else { return false }
            let moved = hypot(Double(item.x) - dragonX, Double(item.y) - dragonY) > 5
            return moved && abs(hypot(Double(item.x) - 287.5, Double(item.y) - 200) - 230) < 2
        }
        #expect(abs(Double(try #require(frame.item(frog)).x) - 287.5) < 1)
        #expect(!frame.lines.isEmpty)
        await client.close()
    }

    @Test func aStudentsSnapActsOnlyWhileTheClassRoomIsUnlocked() async throws {
        let server = try await TestServer()
        let teacher = try await server.client(lesson: "snap", name: "Teacher")
        let welcome = try await teacher.welcome()
        let frog = try Self.item("frog", in: welcome)
        let student = try await server.client(room: welcome.code, name: "Student")
        _ = try await student.welcome()
        try await teacher.control("lock")
        _ = try await student.waitForMessage("room") { $0["locked"]?.bool == true }
        try await student.tap(x: 50, y: 50)
        _ = try await student.waitForError("forbidden")
        try await teacher.tap(x: 300, y: 100)
        _ = try await student.waitForFrame(timeout: .seconds(10)) { frame in
            guard let item = frame.item(frog) else { return false }
            return hypot(Double(item.x) - 300, Double(item.y) - 100) < 5
        }
        await closeAll(teacher, student)
    }
}
