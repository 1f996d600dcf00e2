import Foundation
import NewtonsClient
import Testing

/// Joining a room, its welcome, its frames, gestures and presence, over real sockets.
@Suite(.timeLimit(.minutes(1)))
struct RoomTests {
    @Test func welcomeCarriesTheFullStateAndAFrameFollowsIt() async throws {
        let server = try await TestServer()
        let client = try await server.client(room: "fixture-orbit", name: "Ada")
        let first = try await client.next()
        let welcome = try #require(first.message.flatMap(Welcome.init))
        #expect(welcome.json["protocol"]?.int == 1)
        #expect(welcome.room == "fixture-orbit")
        #expect(welcome.json["code"]?.isNull == true)
        #expect(welcome.role == "student")
        #expect(welcome.key == nil)
        #expect(welcome.rate == 60)
        #expect(welcome.lessonID == "fixture-orbit")
        #expect(welcome.json["lesson"]?["title"]?.string == "Orbit (fixture)")
        #expect(welcome.json["lesson"]?["code"]?.string?.isEmpty == false)
        #expect(welcome.json["lesson"]?["gestures"]?.array?.count == 3)
        #expect(welcome.json["bounds"]?["w"]?.double == 375)
        #expect(welcome.json["bounds"]?["h"]?.double == 667)
        #expect(welcome.items.count == 2)
        #expect(welcome.items[0]["sprite"]?.string == "frog")
        #expect(welcome.items[0]["shape"]?.string == "rect")
        #expect(welcome.items[0]["color"]?.string == "#2e7d32")
        #expect(welcome.params.map { $0["name"]?.string } == ["speed", "radius"])
        #expect(welcome.json["lines"]?.array?.isEmpty == true)
        #expect(welcome.clients == 1)
        #expect(welcome.members.first?["name"]?.string == "Ada")
        #expect(welcome.paused == false)
        #expect(welcome.locked == false)
        #expect(welcome.json["controller"]?.isNull == true)
        // The frame right after it.
        let second = try await client.next()
        let frame = try #require(second.frame)
        #expect(frame.items.map(\.id) == [1, 2])
        #expect(frame.lines.isEmpty)
        await client.close()
    }

    @Test func framesRiseByOneSequenceNumberAndOneSixtiethOfASecond() async throws {
        let server = try await TestServer()
        let (client, _) = try await server.welcomed(room: "fixture-orbit")
        var previous = try await client.waitForFrame { $0.sequence > 2 }
        var gaps = 0
        for _ in 0..<30 {
            let frame = try await client.waitForFrame()
            #expect(frame.sequence > previous.sequence)
            if frame.sequence != previous.sequence + 1 { gaps += 1 }
            #expect(abs(Double(frame.time - previous.time) * 60 - Double(frame.sequence - previous.sequence)) < 0.01)
            // Item 1 is on its circle of radius 100 around the view's centre.
            let item = try #require(frame.item(1))
            #expect(abs(hypot(Double(item.x) - 187.5, Double(item.y) - 333.5) - 100) < 0.01)
            previous = frame
        }
        // A loaded machine may make a client skip to the newest frame now and then, never often.
        #expect(gaps <= 3)
        await client.close()
    }

    @Test func aTapMovesWhatTheLessonSaysForEveryoneInTheRoom() async throws {
        let server = try await TestServer()
        let (a, b) = try await server.welcomedPair(room: "fixture-orbit")
        try await a.tap(x: 100, y: 200)
        let event = try await b.waitForMessage("event")
        #expect(event["name"]?.string == "tapped")
        for client in [a, b] {
            let frame = try await client.waitForFrame { $0.itemOneIsOnCircle(around: 100, 200) }
            #expect(frame.items.count == 2)
        }
        await closeAll(a, b)
    }

    @Test func panAndPushReachTheLesson() async throws {
        let server = try await TestServer()
        let (client, _) = try await server.welcomed(room: "fixture-orbit")
        try await client.pan("began", x: 50, y: 60)
        try await client.pan("changed", x: 250, y: 400)
        _ = try await client.waitForFrame { frame in
            guard let item = frame.item(2) else { return false }
            return abs(hypot(Double(item.x) - 250, Double(item.y) - 400) - 100) < 0.01
        }
        try await client.push(x: 10, y: 10, dx: 5, dy: -5)
        // A push adds 1 rad/s: the frog turns at 2 rad/s, so its angle grows by 2/60 a frame.
        // Under load a client skips frames (it gets the newest): compared over whatever
        // frames apart the two were sent (1/60 a frame before the push, 2/60 after). The frames
        // queued before the push are dropped, and the search is bounded by the clock, not by a
        // count of frames: on a loaded machine (CI's full suite on 2 cores) 120 frames were read
        // without the faster turn, the backlog or a late push filling them.
        client.discardQueued()
        var previous = try await client.waitForFrame()
        var found = false
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let frame = try await client.waitForFrame()
            let frames = Double(frame.sequence &- previous.sequence)
            if frames >= 1, frames <= 10, let angle = frame.item(1)?.angle, let before = previous.item(1)?.angle,
                abs(remainder(Double(angle - before) - frames * 2.0 / 60, 2 * .pi)) < 1e-3 * frames
            {
                found = true
                break
            }
            previous = frame
        }
        #expect(found)
        await client.close()
    }

    @Test func twoClientsInARoomSeeTheSameFrames() async throws {
        let server = try await TestServer()
        let (a, b) = try await server.welcomedPair(room: "fixture-orbit")
        // Under load a client may skip frames (it gets the newest): read both in turn and compare
        // every sequence both saw.
        var seenByA: [UInt32: StateFrame] = [:]
        var seenByB: [UInt32: StateFrame] = [:]
        var matches = 0
        for _ in 0..<240 where matches < 10 {
            let fromA = try await a.waitForFrame()
            let fromB = try await b.waitForFrame()
            seenByA[fromA.sequence] = fromA
            seenByB[fromB.sequence] = fromB
            for frame in [fromA, fromB] {
                guard let other = seenByA[frame.sequence], let same = seenByB[frame.sequence] else { continue }
                #expect(other == same)
                matches += 1
            }
        }
        #expect(matches >= 10)
        await closeAll(a, b)
    }

    @Test func aGestureInOneRoomLeavesAnotherRoomAlone() async throws {
        let server = try await TestServer()
        let orbit = try await server.client(room: "fixture-orbit")
        let drops = try await server.client(room: "fixture-drops")
        _ = try await orbit.welcome()
        let welcome = try await drops.welcome()
        #expect(welcome.items.isEmpty)
        try await orbit.tap(x: 100, y: 100)
        _ = try await orbit.waitForMessage("event")
        // The drops room sees no scene, no event, and only empty frames.
        try await drops.ping(id: "p")
        var seen: [ClientEvent] = []
        _ = try await drops.waitFor("pong") { event -> Bool? in
            seen.append(event)
            return event.message?.type == "pong" ? true : nil
        }
        #expect(seen.allSatisfy { $0.frame.map { $0.items.isEmpty } ?? ($0.message?.type == "pong") })
        await closeAll(orbit, drops)
    }

    @Test func presenceTellsEveryoneWhoIsIn() async throws {
        let server = try await TestServer()
        let a = try await server.client(room: "fixture-settle", name: "Ada")
        _ = try await a.welcome()
        let b = try await server.client(room: "fixture-settle", name: "Bo\u{0007}b")
        let welcome = try await b.welcome()
        #expect(welcome.clients == 2)
        #expect(welcome.members.compactMap { $0["name"]?.string } == ["Ada", "Bob"])
        let joined = try await a.waitForMessage("presence") { $0["clients"]?.int == 2 }
        #expect(joined["members"]?.array?.compactMap { $0["name"]?.string } == ["Ada", "Bob"])
        await b.close()
        let left = try await a.waitForMessage("presence") { $0["clients"]?.int == 1 }
        #expect(left["members"]?.array?.first?["name"]?.string == "Ada")
        await a.close()
    }

    @Test func aRoomAtRestSendsNothingUntilAGestureWakesIt() async throws {
        let server = try await TestServer()
        let (client, _) = try await server.welcomed(room: "fixture-settle")
        let landed = try await client.waitForMessage("event") { $0["name"]?.string == "collision-began" }
        #expect(landed["text"]?.string == "Block Landed")
        let last = try await client.waitForFrame { $0.items.first?.atRest == true }
        // Nothing more: the next thing after a ping is its pong, and no frame came between.
        try await client.ping(id: "after-rest")
        let next = try await client.next()
        #expect(next.message?.type == "pong")
        // A tap wakes it: frames again, the sequence going on from where it stopped.
        try await client.tap(x: 100, y: 50)
        let woken = try await client.waitForFrame()
        #expect(woken.sequence == last.sequence + 1)
        #expect(woken.items.first?.atRest == false)
        await client.close()
    }

    @Test func aLateJoinerGetsTheSceneSoFarInItsWelcome() async throws {
        let server = try await TestServer()
        let (early, _) = try await server.welcomed(room: "fixture-drops")
        try await early.tap(x: 100, y: 100)
        try await early.tap(x: 200, y: 100)
        let scene = try await early.waitForMessage("scene") { $0["items"]?.array?.count == 2 }
        #expect(scene["items"]?.array?.count == 2)
        // A frame follows every scene.
        let frame = try await early.waitForFrame { $0.items.count == 2 }
        #expect(frame.items.map(\.id) == [1, 2])
        let (late, welcome) = try await server.welcomed(room: "fixture-drops")
        #expect(welcome.items.compactMap { $0["id"]?.int } == [1, 2])
        _ = try await late.waitForFrame { $0.items.count == 2 }
        await closeAll(early, late)
    }

    @Test func aParameterSetReachesEveryoneAndIsApplied() async throws {
        let server = try await TestServer()
        let (a, b) = try await server.welcomedPair(room: "fixture-orbit")
        try await a.set("radius", to: 50)
        let params = try await b.waitForMessage("params")
        #expect(params["params"]?.array?.first { $0["name"]?.string == "radius" }?["value"]?.double == 50)
        _ = try await b.waitForFrame { $0.itemOneIsOnCircle(around: 187.5, 333.5, radius: 50) }
        await closeAll(a, b)
    }

    @Test func resetStartsTheLessonAgainForEveryone() async throws {
        let server = try await TestServer()
        let (a, b) = try await server.welcomedPair(room: "fixture-drops")
        try await a.tap(x: 100, y: 100)
        _ = try await b.waitForMessage("scene") { $0["items"]?.array?.count == 1 }
        try await a.reset()
        let event = try await b.waitForMessage("event") { $0["name"]?.string == "reset" }
        #expect(event["text"]?.string?.isEmpty == false)
        _ = try await b.waitForMessage("scene") { $0["items"]?.array?.isEmpty == true }
        _ = try await b.waitForFrame { $0.items.isEmpty }
        await closeAll(a, b)
    }

    @Test func pingIsAnsweredWithItsOwnID() async throws {
        let server = try await TestServer()
        let (client, _) = try await server.welcomed(room: "fixture-settle")
        try await client.send("ping", ["id": 42])
        let pong = try await client.waitForMessage("pong")
        #expect(pong["id"]?.double == 42)
        try await client.ping(id: "abc")
        #expect(try await client.waitForMessage("pong")["id"]?.string == "abc")
        await client.close()
    }
}
