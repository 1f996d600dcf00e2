import Foundation
import Logging
import RoomServer
import Testing

/// The cluster's pure parts: class keys (HMAC), nginx's consistent hash, a class opened by its key.
struct ClusterRulesTests {
    let tickets = ClassTickets(secret: Array("0123456789abcdef0123456789abcdef".utf8), lifetimeSeconds: 600)

    @Test func aKeyOpensItsCodeUntilItExpiresAndNothingElse() {
        let key = tickets.key(code: "K7QX2M", lesson: "snap", now: 1_000_000)
        #expect(key.utf8.count <= 64)
        #expect(key.hasPrefix("snap."))
        #expect(tickets.check(code: "K7QX2M", key: key, now: 1_000_000) == .valid(lesson: "snap"))
        #expect(tickets.check(code: "K7QX2M", key: key, now: 1_000_600) == .valid(lesson: "snap"))
        #expect(tickets.check(code: "K7QX2M", key: key, now: 1_000_601) == .expired)
        #expect(tickets.check(code: "K7QX2N", key: key, now: 1_000_000) == .forged)
        let parts = key.split(separator: ".")
        #expect(tickets.check(code: "K7QX2M", key: "push.\(parts[1]).\(parts[2])", now: 1_000_000) == .forged)
        let later = String(Int(parts[1], radix: 36)! + 3600, radix: 36)
        #expect(tickets.check(code: "K7QX2M", key: "snap.\(later).\(parts[2])", now: 1_000_000) == .forged)
        let other = ClassTickets(secret: Array("another secret of sixteen+ bytes".utf8))
        #expect(other.check(code: "K7QX2M", key: key, now: 1_000_000) == .forged)
        for junk in ["", "snap", "snap..", "..", "snap.zzzzzzzzzzzzzzzzzz.x", "a.b.c.d", String(repeating: "k", count: 64)] {
            #expect(tickets.check(code: "K7QX2M", key: junk, now: 1_000_000) == .forged, "\(junk)")
        }
    }

    @Test func theRingIsNginxsKetamaAndMovesFewKeysWhenANodeJoins() {
        let two = NodeRing(nodes: ["127.0.0.1:8081", "127.0.0.1:8082"])
        let three = NodeRing(nodes: ["127.0.0.1:8081", "127.0.0.1:8082", "127.0.0.1:8083"])
        var generator = SystemRandomNumberGenerator()
        var counts: [String: Int] = [:]
        var moved = 0
        let keys = (0..<3000).map { _ in RoomCode.make(using: &generator) }
        for key in keys {
            let before = two.node(for: key)!
            counts[before, default: 0] += 1
            let after = three.node(for: key)!
            if after != before {
                moved += 1
                #expect(after == "127.0.0.1:8083", "a key only moves to the new node")
            }
        }
        #expect(counts.values.allSatisfy { $0 > 900 }, "\(counts)")
        #expect(moved > 500 && moved < 1600, "about a third moves: \(moved)")
        #expect(NodeRing(nodes: []).node(for: "x") == nil)
        // The same names give the same ring, whatever their order.
        let swapped = NodeRing(nodes: ["127.0.0.1:8082", "127.0.0.1:8081"])
        #expect(keys.allSatisfy { two.node(for: $0) == swapped.node(for: $0) })
    }

    @Test func theRefusalLogLogsTheFirstOfEachAddressAndReasonAndSummarisesTheRest() {
        var log = RefusalLog(intervalSeconds: 10, maxKeys: 3, namedInSummary: 1)
        let first = log.note(address: "a", reason: "origin", now: 0)
        let again = log.note(address: "a", reason: "origin", now: 1)
        let otherReason = log.note(address: "a", reason: "full", now: 2)
        #expect(first && !again && otherReason)
        for _ in 0..<5 { _ = log.note(address: "b", reason: "origin", now: 3) }
        let overflow = log.note(address: "c", reason: "origin", now: 4)
        #expect(!overflow, "over maxKeys: counted only")
        let early = log.takeSummary(now: 9_999_999)
        #expect(early.isEmpty, "not before the interval ends")
        let lines = log.takeSummary(now: 10_000_000)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.contains("refused 5 connections or messages from b (origin)") == true, "\(lines)")
        #expect(lines.last?.contains("refused 3 more from 2+ other") == true, "\(lines)")
        #expect(log.nextSummary == nil)
        let fresh = log.note(address: "a", reason: "origin", now: 10_000_001)
        #expect(fresh, "a new interval logs the first again")
    }

    /// The first message written to a connection, decoded, and the close that follows, if any.
    func answer(_ core: ServerCore, _ id: ConnectionID, now: Int64 = 0) -> (first: [String: Any], close: UInt16?) {
        var first: [String: Any]?
        for _ in 0..<100 {
            let (action, more) = core.nextWrite(connection: id, now: now)
            switch action {
            case .send(let buffer): if first == nil, !buffer.isBinary { first = decode(buffer) }
            case .close(let code, _): return (first ?? [:], code)
            case .nothing: return (first ?? [:], nil)
            }
            if !more { break }
        }
        return (first ?? [:], nil)
    }

    @Test func aKeyFromAnyNodeOpensTheClassHereAsItsInstructorAndABadOneIsForbidden() {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let core = ServerCore(directory: fakeDirectory, logger: logger, wallClock: { 1_000_000 })
        core.tickets = tickets
        let key = tickets.key(code: "K7QX2M", lesson: "fake-moving", now: 999_990)
        let forged = "fake-moving.\(key.split(separator: ".")[1]).AAAAAAAAAAAAAAAAAAAAAA"
        core.open(connection: 1, address: "10.0.0.1", request: ConnectRequest(arguments: ["room=K7QX2M", "key=\(forged)"]), now: 0)
        let refused = answer(core, 1)
        #expect(refused.first["code"] as? String == "forbidden")
        #expect(refused.close == CloseCode.forbidden)
        #expect(core.classRooms.isEmpty)
        let expired = tickets.key(code: "K7QX2M", lesson: "fake-moving", now: 0)
        core.open(connection: 2, address: "10.0.0.1", request: ConnectRequest(arguments: ["room=K7QX2M", "key=\(expired)"]), now: 0)
        let late = answer(core, 2)
        #expect((late.first["message"] as? String)?.contains("expired") == true)
        #expect(late.close == CloseCode.forbidden)

        core.open(connection: 3, address: "10.0.0.1", request: ConnectRequest(arguments: ["room=k7qx2m", "key=\(key)"]), now: 0)
        let welcome = answer(core, 3).first
        #expect(welcome["role"] as? String == "instructor")
        #expect(welcome["code"] as? String == "K7QX2M")
        #expect(welcome["key"] as? String == key)
        core.open(connection: 4, address: "10.0.0.2", request: ConnectRequest(arguments: ["room=K7QX2M"]), now: 0)
        #expect(answer(core, 4).first["role"] as? String == "student")
        #expect(core.classRooms.count == 1)
    }

    @Test func openingAClassIssuesACodeAndAKeyOnlyForALessonThatExists() throws {
        let core = ServerCore(directory: fakeDirectory, wallClock: { 1_000_000 })
        core.tickets = tickets
        let made = try core.issueClass(lessonID: "fake-moving").get()
        #expect(RoomCode.normalize(made.code) == made.code)
        #expect(tickets.check(code: made.code, key: made.key, now: 1_000_000) == .valid(lesson: "fake-moving"))
        #expect(core.classRooms.isEmpty, "no room until the first connection with the key")
        #expect(throws: ProtocolError.self) { try core.issueClass(lessonID: "nope").get() }
    }

    @Test func inAClusterLessonClassesGetCodesThatNginxSendsHere() {
        let core = ServerCore(directory: fakeDirectory)
        core.ring = NodeRing(nodes: ["127.0.0.1:8081", "127.0.0.1:8082"])
        core.nodeName = "127.0.0.1:8082"
        for id in 1...20 {
            core.open(connection: ConnectionID(id), address: "10.0.0.\(id)", request: ConnectRequest(arguments: ["lesson=fake-moving"]), now: 0)
        }
        #expect(core.classRooms.count == 20)
        #expect(core.classRooms.keys.allSatisfy { core.ring?.node(for: $0) == "127.0.0.1:8082" })
    }
}
