import DynamicsTesting
import Foundation
import Testing

/// `newtons lessons` and `newtons run`, as someone writing headless tests would use them.
@Suite struct CommandLineTests {
    private func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test func lessonsListsEveryLessonInLobbyOrder() throws {
        let result = try NewtonsBinary.run(["lessons", "--json"])
        #expect(result.status == 0)
        let ids = lines(result.output).compactMap { $0["id"] as? String }
        #expect(Array(ids.prefix(7)) == ["gravity", "collision", "attachment", "spring", "snap", "push", "properties"])
        #expect(ids.contains("alert") && ids.contains("drops"))
        #expect(ids.suffix(2) == ["hoop", "fields"])
    }

    @Test func runPrintsTheFrogSnappingToTheTap() throws {
        let result = try NewtonsBinary.run(["run", "snap", "--seconds", "2", "--tap", "120,300", "--final"])
        #expect(result.status == 0, "\(result.errors)")
        let last = try #require(lines(result.output).last)
        let items = try #require(last["items"] as? [[String: Any]])
        let frog = try #require(items.first { $0["name"] as? String == "frog" })
        let x = try #require(frog["x"] as? Double), y = try #require(frog["y"] as? Double)
        #expect(abs(x - 120) < 1 && abs(y - 300) < 1)
        #expect(last["t"] as? Double == 2)
    }

    @Test func runPrintsTheLessonsEventsAsTheyHappen() throws {
        let result = try NewtonsBinary.run(["run", "collision", "--seconds", "3", "--every", "60"])
        #expect(result.status == 0)
        let events = lines(result.output).compactMap { $0["event"] as? [String: Any] }
        #expect(events.contains { $0["text"] as? String == "Frog Collided" })
        #expect(events.contains { $0["text"] as? String == "Dragon Collided" })
        #expect(lines(result.output).filter { $0["items"] != nil }.count == 4, "t = 0, 1, 2 and 3 s")
    }

    @Test(arguments: [
        ["run", "no-such-lesson"], ["run", "snap", "--tap", "1,nan"], ["run", "snap", "--tap", "12"],
        ["run", "snap", "--seconds", "-1"], ["run", "snap", "--seconds", "1e9"], ["run", "snap", "--every", "0"],
        ["run", "properties", "--set", "elasticity=7"], ["run", "properties", "--set", "nonsense=1"],
        ["run", "attachment", "--drag", "1,2"],
    ])
    func badArgumentsAreRefusedWithAClearMessage(arguments: [String]) throws {
        let result = try NewtonsBinary.run(arguments)
        #expect(result.status != 0)
        #expect(result.errors.contains("Error:"), "\(result.errors)")
        #expect(result.output.isEmpty)
    }
}
