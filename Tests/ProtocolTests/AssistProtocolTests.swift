import Foundation
import NewtonsClient
import Testing

/// The editor's helpers through the server (issue 33): `assist` answers its asker alone,
/// changes nothing in the room, and a hostile source costs its sender.
@Suite(.timeLimit(.minutes(1)))
struct AssistProtocolTests {
    /// The 1-based line and UTF-16 column just after the first `marker` in `source`.
    static func place(after marker: String, in source: String) throws -> (line: Int, column: Int) {
        let lines = source.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(marker) })
        let before = lines[index].components(separatedBy: marker)[0]
        return (index + 1, before.utf16.count + marker.utf16.count + 1)
    }

    @Test func completionHelpAndCheckOfTheSnapLessonsOwnCode() async throws {
        let server = try await TestServer()
        let (client, welcome) = try await server.welcomed(room: "snap")
        let (other, _) = try await server.welcomed(room: "snap")
        let source = try #require(welcome.json["lesson"]?["code"]?.string)

        let dot = try Self.place(after: "snap.", in: source)
        try await client.assist("complete", source: source, line: dot.line, column: dot.column, id: "c1")
        let completion = try await client.waitForMessage("assist") { $0.json["id"]?.string == "c1" }
        let items = try #require(completion.json["items"]?.array)
        let damping = try #require(items.first { $0["label"]?.string == "damping" })
        #expect(damping["key"]?.string == "UISnapBehavior.damping")
        #expect(damping["detail"]?.string == "CGFloat")
        #expect(completion.json["line"]?.int == dot.line && completion.json["column"]?.int == dot.column)

        let word = try Self.place(after: "snap.dam", in: source)
        try await client.assist("help", source: source, line: word.line, column: word.column, id: "h1")
        let help = try await client.waitForMessage("assist") { $0.json["id"]?.string == "h1" }
        #expect(help.json["key"]?.string == "UISnapBehavior.damping")
        #expect(help.json["column"]?.int == word.column - 3)
        // The controller's own `damping`: a name of the source, no API help, its type.
        let own = try Self.place(after: "snap.damping = dam", in: source)
        try await client.assist("help", source: source, line: own.line, column: own.column, id: "h2")
        let ownHelp = try await client.waitForMessage("assist") { $0.json["id"]?.string == "h2" }
        #expect(ownHelp.json["key"]?.isNull == true && ownHelp.json["label"]?.string == "damping")
        #expect(ownHelp.json["detail"]?.string == "CGFloat")

        let misspelt = source.replacingOccurrences(of: "animator.addBehavior(snap)", with: "animator.addBehavior(snapp)")
        let wrong = try Self.place(after: "addBehavior(", in: misspelt)
        try await client.assist("check", source: misspelt, id: "k1")
        let check = try await client.waitForMessage("assist") { $0.json["id"]?.string == "k1" }
        let diagnostic = try #require(check.json["diagnostics"]?.array?.first)
        #expect(diagnostic["message"]?.string == "cannot find 'snapp' in scope")
        #expect(diagnostic["line"]?.int == wrong.line && diagnostic["column"]?.int == wrong.column)
        try await client.assist("check", source: source, id: "k2")
        let clean = try await client.waitForMessage("assist") { $0.json["id"]?.string == "k2" }
        #expect(clean.json["diagnostics"]?.array?.isEmpty == true)

        // The other member saw none of it, and the room's code did not change.
        await #expect(throws: (any Error).self) {
            try await other.waitFor("an assist or code", timeout: .milliseconds(500)) { event -> Bool? in
                event.message?.type == "assist" || event.message?.type == "code" ? true : nil
            }
        }
        await client.close()
        await other.close()
    }

    @Test func valuesGiveEachLineOfViewDidLoadItsValueAndTheOrderTheLinesRan() async throws {
        let server = try await TestServer()
        let (client, welcome) = try await server.welcomed(room: "gravity")
        let source = try #require(welcome.json["lesson"]?["code"]?.string)
        try await client.assist("values", source: source, id: "v1")
        let answer = try await client.waitForMessage("assist") { $0.json["id"]?.string == "v1" }
        let values = try #require(answer.json["values"]?.array)
        let frameLine = try Self.place(after: "frogImageView.frame", in: source).line
        let frame = try #require(values.first { $0["line"]?.int == frameLine })
        #expect(frame["text"]?.string == "(137.5, 80, 100, 100)")
        let direction = try Self.place(after: "gravityDirection =", in: source).line
        #expect(values.first { $0["line"]?.int == direction }?["text"]?.string == "(dx 0, dy 0.1)")
        let steps = try #require(answer.json["steps"]?.array)
        let lines = steps.compactMap { $0["line"]?.int }
        #expect(lines == lines.sorted() && lines.count >= 5)
        // The frog is there from the step that adds it.
        let added = try Self.place(after: "view.addSubview(frogImageView)", in: source).line
        #expect(steps.first { $0["line"]?.int == added }?["items"]?.array?.count == 1)
        #expect(steps.first?["items"]?.array?.isEmpty == true)
        await client.close()
    }

    @Test func badAssistsAreRefusedAndAnEndlessSourceCostsOnlyItsSender() async throws {
        let server = try await TestServer()
        let (innocent, culprit) = try await server.welcomed(
            server.client(room: "fixture-orbit", name: "innocent"), server.client(room: "fixture-orbit", name: "culprit"))
        for fields: [String: any Sendable] in [
            ["ask": "fly", "source": "", "id": 1], ["ask": "check", "id": 1], ["ask": "complete", "source": "", "line": 0, "column": 1, "id": 1],
            ["ask": "help", "source": "", "line": 1, "column": 1.5, "id": 1], ["ask": "check", "source": 7, "id": 1],
            ["ask": "check", "source": String(repeating: "x", count: 40_000), "id": 1],
            ["ask": "complete", "source": String(repeating: "(", count: 1000), "line": 1, "column": 1, "id": 1],
        ] {
            try await culprit.send("assist", fields)
            #expect(try await culprit.waitForMessage("error").errorCode == "bad-value", "\(fields.keys.sorted())")
        }
        let endless = """
            import UIKit
            class Forever: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    var n = 0
                    while true { n += 1 }
                }
            }
            """
        var refused = false
        for attempt in 0..<6 where !refused {
            try await culprit.assist("values", source: endless, id: "\(attempt)")
            let event = try await culprit.waitFor("an answer") { event -> ServerMessage? in
                guard let m = event.message, m.type == "assist" || m.errorCode == "rate-limited" else { return nil }
                return m
            }
            if event.errorCode == "rate-limited" { refused = true } else {
                #expect(event.json["diagnostics"]?.array?.first?["message"]?.string?.contains("endless loop") == true)
            }
        }
        #expect(refused)
        let before = try await innocent.waitForFrame()
        let after = try await innocent.waitForFrame { $0.sequence >= before.sequence + 30 }
        #expect(after.sequence >= before.sequence + 30)
        await innocent.close()
        await culprit.close()
    }
}
