import Foundation
import NewtonsClient
import Synchronization
import Testing

/// Issue 21: the optional overlay data (velocities, forces by behaviour, contacts) over real
/// sockets: honest values, opt-in bytes, bounded requests, and the instructor's overlays.
@Suite(.timeLimit(.minutes(1)))
struct OverlayTests {
    static func frogID(_ welcome: Welcome) throws -> Int {
        try #require(welcome.items.first { $0["sprite"]?.string == "frog" }?["id"]?.int)
    }

    /// The first overlay frame later than `time`, and the state frame before it (the state
    /// frame comes first; both carry the same sequence and time).
    static func frameAndOverlay(_ client: NewtonsClient, after time: Float) async throws -> (StateFrame, OverlayFrame) {
        var frame: StateFrame?
        while true {
            switch try await client.next(timeout: .seconds(10)) {
            case .frame(let f): frame = f
            case .overlay(let o) where o.time > time: return (try #require(frame), o)
            default: break
            }
        }
    }

    @Test func theValuesForAFallingFrogMatchGravitysClosedForm() async throws {
        let server = try await TestServer()
        let client = try await server.client(room: "gravity")
        let frog = try Self.frogID(try await client.welcome())
        try await client.send("overlay", ["want": ["velocity", "forces", "contacts"], "rate": 60])
        // The gravity lesson: a tenth of Earth's gravity, 100 points/s², no boundary.
        let g = 100.0
        let (state, overlay) = try await Self.frameAndOverlay(client, after: 0.5)
        #expect(state.sequence == overlay.sequence)
        #expect(state.time == overlay.time)
        let item = try #require(overlay.item(frog))
        let mass = Double(try #require(item.mass))
        #expect(mass > 0)
        let t = Double(overlay.time)
        // v = g t (the frog starts at rest at time 0).
        let velocity = try #require(item.velocity)
        #expect(abs(Double(velocity.x)) < 1e-3)
        #expect(abs(Double(velocity.y) - g * t) < 0.01 * g * t)
        // Gravity's force is m g in UIKit Newtons (1 N moves a mass of 1 at 100 points/s²),
        // and it is the only force on a falling item.
        let gravity = try #require(item.forces["gravity"])
        #expect(abs(Double(gravity.y) - mass * g / 100) < 1e-4 * mass * g)
        #expect(abs(Double(gravity.x)) < 1e-6)
        #expect(Array(item.forces.keys) == ["gravity"])
        #expect(item.behaviors == ["gravity"])
        #expect(overlay.contacts.isEmpty)
        #expect(overlay.kinds == ["velocity", "forces", "contacts"])
        // y = y₀ + ½ g t² (plus the integrator's half step: ½ g t h with h = 1/240 s).
        let y = Double(try #require(state.item(frog)).y)
        let expected = 130 + 0.5 * g * t * t
        #expect(abs(y - expected) < 0.5 + 0.5 * g * t / 240)
        await client.close()
    }

    @Test func aFrogRestingOnTheFloorIsHeldUpByItsContacts() async throws {
        let server = try await TestServer()
        let client = try await server.client(room: "collision")
        let frog = try Self.frogID(try await client.welcome())
        try await client.send("overlay", ["want": ["forces", "contacts"], "rate": 60])
        // Late in its settling, the floor's contact forces carry the frog's weight.
        let overlay = try await client.waitForOverlay(timeout: .seconds(20)) { overlay in
            guard let item = overlay.item(frog), let gravity = item.forces["gravity"],
                let contact = item.forces["collision"]
            else { return false }
            return overlay.time > 0.8 && abs(contact.y + gravity.y) < 0.05 * abs(gravity.y)
        }
        let item = try #require(overlay.item(frog))
        #expect(item.behaviors.contains("collision"))
        let points = overlay.contacts.filter { $0.item == frog || $0.other == frog }
        #expect(!points.isEmpty)
        for point in points where point.item == frog && point.other == nil {
            // The floor pushes up (y down on screen), along the normal into the frog.
            #expect(point.normalY < -0.9)
            #expect(point.forceY < 0)
        }
        await client.close()
    }

    @Test func theSpringsLineCarriesItsTensionAndEnergy() async throws {
        let server = try await TestServer()
        let (client, welcome) = try await server.welcomed(room: "spring")
        let dragon = try #require(welcome.items.first { $0["sprite"]?.string == "dragon" }?["id"]?.int)
        try await client.send("overlay", ["want": ["velocity", "forces"], "rate": 60])
        let (state, overlay) = try await Self.frameAndOverlay(client, after: 0.2)
        #expect(state.sequence == overlay.sequence)
        let line = try #require(state.lines.first)
        let measured = try #require(overlay.lines.first)
        #expect(overlay.lines.count == state.lines.count)
        let item = try #require(overlay.item(dragon))
        #expect(item.behaviors.contains("spring") && item.behaviors.contains("gravity"))
        // The spring's force on the dragon is along the line, and its size is the tension.
        let spring = try #require(item.forces["spring"])
        let dx = Double(line.x1 - line.x2), dy = Double(line.y1 - line.y2)
        let length = (dx * dx + dy * dy).squareRoot()
        let along = (Double(spring.x) * dx + Double(spring.y) * dy) / length
        #expect(abs(along - Double(measured.tension)) < 1e-3 * max(1, abs(along)))
        // Its energy is ½ k x², k = m (2π f)² for a 1 Hz spring from an anchor, x the stretch
        // beyond its length of 100 points (in metres).
        let mass = Double(try #require(item.mass))
        let x = (length - 100) / 100
        let k = mass * 4 * Double.pi * Double.pi
        #expect(abs(Double(measured.springEnergy) - 0.5 * k * x * x) < 0.01 * 0.5 * k * x * x + 1e-4)
        await client.close()
    }

    @Test func aClientThatAsksForNothingGetsExactlyTodaysBytes() async throws {
        let server = try await TestServer()
        // Two clients in one room: one asks for every overlay, one for nothing.
        let plainBytes = Mutex<[[UInt8]]>([])
        let watcherBytes = Mutex<[[UInt8]]>([])
        var options = NewtonsClient.Options()
        options.port = server.port
        options.query = [("room", "gravity")]
        options.onBinary = { bytes in plainBytes.withLock { $0.append(bytes) } }
        let plain = try await NewtonsClient.connect(options)
        options.onBinary = { bytes in watcherBytes.withLock { $0.append(bytes) } }
        let watcher = try await NewtonsClient.connect(options)
        _ = try await plain.welcome()
        _ = try await watcher.welcome()
        try await watcher.send("overlay", ["want": ["velocity", "forces", "contacts"]])
        _ = try await watcher.waitForOverlay()
        let last = try await watcher.waitForFrame { $0.time > 1 }
        _ = try await plain.waitForFrame { $0.sequence >= last.sequence }
        let binary = plainBytes.withLock { $0 }
        #expect(!binary.isEmpty)
        // Only state frames, each exactly what the room encodes for everyone.
        #expect(binary.allSatisfy { $0.first == 1 })
        #expect(binary.allSatisfy { StateFrame($0) != nil })
        // The same state frames, byte for byte, as the client that asked for overlays got.
        let watched = watcherBytes.withLock { $0 }.filter { $0.first == 1 }
        let bySequence = Dictionary(watched.map { (StateFrame($0)!.sequence, $0) }, uniquingKeysWith: { a, _ in a })
        var compared = 0
        for bytes in binary {
            guard let other = bySequence[StateFrame(bytes)!.sequence] else { continue }
            #expect(other == bytes)
            compared += 1
        }
        #expect(compared > 10)
        #expect(watcherBytes.withLock { $0 }.contains { $0.first == 2 })
        // And no message of the overlay addition.
        var types: Set<String> = []
        let clock = ContinuousClock()
        let until = clock.now + .milliseconds(300)
        while clock.now < until, let event = try? await plain.next(timeout: .milliseconds(100)) {
            if let message = event.message { types.insert(message.type) }
            if case .overlay = event { Issue.record("an overlay frame reached a client that asked for none") }
        }
        #expect(!types.contains("overlays"))
        await closeAll(plain, watcher)
    }

    @Test func askingForTooMuchTooOftenIsBoundedWithAClearError() async throws {
        let server = try await TestServer()
        let (client, _) = try await server.welcomed(room: "gravity")
        // More than the room's frame rate.
        try await client.send("overlay", ["want": ["velocity"], "rate": 1000])
        let tooFast = try await client.waitForError("bad-value", timeout: .seconds(15))
        #expect(tooFast["message"]?.string?.contains("rate") == true)
        // Something that does not exist, or a list longer than there are kinds.
        try await client.send("overlay", ["want": ["everything"]])
        _ = try await client.waitForError("bad-value")
        try await client.send("overlay", ["want": ["velocity", "velocity", "velocity", "velocity"]])
        _ = try await client.waitForError("bad-value")
        // Asking again and again: the requests themselves are rate-limited.
        // (20 at once: more than the burst of 4 even if sending them took seconds of a busy machine.)
        for _ in 0..<20 { try await client.send("overlay", ["want": ["velocity"], "rate": 10]) }
        let limited = try await client.waitForError("rate-limited", timeout: .seconds(15))
        #expect(limited["message"]?.string?.contains("overlay") == true)
        // Messages are handled in order: once a ping's pong is back, every request before it was
        // handled (a request granted after the refusal, from the bucket's refill, starts its
        // overlays afresh with one at once, which must not count below).
        try await client.ping(id: "settled")
        _ = try await client.waitForMessage("pong")
        // What was granted is kept to: about 10 overlay frames a second (of the wall clock).
        client.discardQueued()
        var sequences = [try await client.waitForOverlay().sequence]
        let clock = ContinuousClock()
        let start = clock.now
        while clock.now - start < .seconds(2) {
            sequences.append(try await client.waitForOverlay().sequence)
        }
        // At least ten arrived in two seconds, and no more than about ten a second: counted on
        // arrival (a busy machine delivers in bursts, so a two-second window may hold more) or
        // against the frames they span (a busy machine also ticks late, and the rate is of the
        // wall clock): one of the two must hold.
        let span = Int(sequences.last! &- sequences.first!)
        #expect(sequences.count >= 10)
        #expect(sequences.count <= 26 || sequences.count <= span / 6 + 3, "\(sequences.count) over \(span) frames")
        // ...and as the server chose them: about every sixth of the room's 60 frames.
        let gaps = zip(sequences.dropFirst(), sequences).map { Int($0 &- $1) }.sorted()
        #expect(gaps[gaps.count / 2] >= 4)
        await client.close()
    }

    @Test func theInstructorsOverlayReachesEveryStudentAndLateJoiners() async throws {
        let server = try await TestServer()
        let (teacher, student, welcome) = try await ClassRoomTests.classRoom(server, lesson: "collision")
        try await teacher.send("control", ["action": "overlay", "overlay": "velocity", "on": true])
        let shown = try await student.waitForMessage("overlays")
        #expect(shown["overlays"]?.array?.compactMap(\.string) == ["velocity"])
        _ = try await teacher.waitForMessage("overlays")
        // A student cannot turn one on for everyone.
        try await student.send("control", ["action": "overlay", "overlay": "forces", "on": true])
        _ = try await student.waitForError("forbidden")
        // Someone joining later is told right after the welcome.
        let late = try await server.client(room: welcome.code)
        _ = try await late.welcome()
        let lateShown = try await late.waitForMessage("overlays")
        #expect(lateShown["overlays"]?.array?.compactMap(\.string) == ["velocity"])
        // An unknown overlay is refused.
        try await teacher.send("control", ["action": "overlay", "overlay": "everything", "on": true])
        _ = try await teacher.waitForError("bad-value")
        try await teacher.send("control", ["action": "overlay", "overlay": "velocity", "on": false])
        let hidden = try await student.waitForMessage("overlays") { $0["overlays"]?.array?.isEmpty == true }
        #expect(hidden["overlays"]?.array?.isEmpty == true)
        await closeAll(late, teacher, student)
    }
}
