import Foundation
import NewtonsClient
import Testing

/// The HTTP side of the port: the page, the API, health, metrics, and paths that try to leave web/.
@Suite(.timeLimit(.minutes(1)))
struct HTTPEndpointTests {
    @Test func healthzAnswersOkWithTheSecurityHeaders() async throws {
        let server = try await TestServer()
        let answer = try await RawHTTP.get(port: server.port, path: "/healthz")
        #expect(answer.status == 200)
        #expect(answer.body == "ok\n")
        #expect(answer.headers["x-content-type-options"] == "nosniff")
        #expect(answer.headers["cache-control"] == "no-store")
        #expect(answer.headers["referrer-policy"] == "no-referrer")
        let policy = try #require(answer.headers["content-security-policy"])
        #expect(policy.contains("default-src 'none'"))
        #expect(policy.contains("script-src 'self'"))
        #expect(policy.contains("connect-src 'self' ws: wss:"))
        #expect(policy.contains("frame-ancestors 'none'"))
    }

    @Test func pageFilesComeWithTheirContentTypesAndCacheControl() async throws {
        let server = try await TestServer()
        let cases = [
            ("/", "text/html"), ("/index.html", "text/html"), ("/js/app.js", "text/javascript"),
            ("/js/module.mjs", "text/javascript"), ("/style.css", "text/css"),
        ]
        for (path, type) in cases {
            let answer = try await RawHTTP.get(port: server.port, path: path)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.headers["content-type"]?.hasPrefix(type) == true, "\(path): \(answer.headers)")
            #expect(answer.headers["cache-control"] == "no-cache", "\(path)")
            #expect(answer.headers["x-content-type-options"] == "nosniff", "\(path)")
            #expect(answer.headers["content-security-policy"] != nil, "\(path)")
        }
    }

    @Test func apiLessonsListsEveryLessonInLobbyOrder() async throws {
        let server = try await TestServer()
        let answer = try await RawHTTP.get(port: server.port, path: "/api/lessons")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/json")
        let lessons = try #require(JSON(parsing: answer.body)?.array)
        let ids = lessons.compactMap { $0["id"]?.string }
        #expect(ids.starts(with: ["fixture-orbit", "fixture-settle", "fixture-drops", "fixture-crowd"]) || ids.contains("fixture-orbit"))
        for lesson in lessons {
            #expect(lesson["title"]?.string != nil)
            #expect(lesson["summary"]?.string != nil)
            #expect(lesson["order"]?.int != nil)
            // A page asks for a guide only where the list says there is one.
            let guided = lesson["guide"]?.bool
            #expect(guided == (["fixture-orbit", "fixture-settle", "fixture-drops", "fixture-crowd"].contains(lesson["id"]?.string ?? "") ? false : guided))
            #expect(guided != nil, "\(lesson["id"]?.string ?? "?") says whether it has a guide")
        }
        #expect(lessons.first { $0["id"]?.string == "snap" }?["guide"]?.bool == true)
        let orders = lessons.compactMap { $0["order"]?.double }
        #expect(orders == orders.sorted())
    }

    @Test func apiRoomsListsPublicRoomsWithTheirClientsAndNotClassRooms() async throws {
        let server = try await TestServer()
        let (student, _) = try await server.welcomed(room: "fixture-orbit")
        let teacher = try await server.client(lesson: "fixture-orbit")
        let code = try #require(try await teacher.welcome().code)
        let rooms = try #require(JSON(parsing: try await RawHTTP.get(port: server.port, path: "/api/rooms").body)?.array)
        let orbit = try #require(rooms.first { $0["id"]?.string == "fixture-orbit" })
        #expect(orbit["lesson"]?.string == "fixture-orbit")
        #expect(orbit["clients"]?.int == 1)
        #expect(orbit["shared"]?.bool == true)
        #expect(!rooms.contains { $0["id"]?.string == code })
        // A cluster's peers read this node's own rooms (no peers merged in) at /api/rooms/local.
        let local = try #require(JSON(parsing: try await RawHTTP.get(port: server.port, path: "/api/rooms/local").body)?.array)
        #expect(local.first { $0["id"]?.string == "fixture-orbit" }?["clients"]?.int == 1)
        await closeAll(student, teacher)
    }

    @Test func uploadsOnKeptAliveConnectionsLeaveTheWorkerServing() async throws {
        // A body that arrived with its head (the acceptor reads both) once made lws spin on the
        // adopted socket after the answer: the worker never served again.
        let server = try await TestServer()
        // A body sent apart from its head once reached the answer as the head's first bytes.
        for apart in [false, true, false, true] {
            let classes = try await RawHTTP.post(
                port: server.port, path: "/api/classes", body: Array("{}".utf8), keepAlive: true, bodyApart: apart)
            #expect(classes.status == 400 && classes.body.contains("bad-value"), "\(classes)")
            let recording = try await RawHTTP.post(
                port: server.port, path: "/api/recordings", body: Array("not one".utf8), keepAlive: true, bodyApart: apart)
            #expect(recording.status == 400 && recording.body.contains("not a newtons recording"), "\(recording)")
            #expect(try await RawHTTP.get(port: server.port, path: "/healthz").status == 200)
        }
        let opened = try await RawHTTP.post(
            port: server.port, path: "/api/classes", body: Array(#"{"lesson": "fixture-orbit"}"#.utf8), keepAlive: true)
        #expect(opened.status == 200 && opened.body.contains("\"key\""), "\(opened)")
        let (client, _) = try await server.welcomed(room: "fixture-settle")
        await client.close()
    }

    @Test func metricsIsPrometheusTextWithRoomsClientsAndTicks() async throws {
        let server = try await TestServer()
        let client = try await server.client(room: "fixture-orbit")
        _ = try await client.waitForFrame { $0.sequence > 3 }
        let answer = try await RawHTTP.get(port: server.port, path: "/metrics")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"]?.hasPrefix("text/plain") == true)
        for name in [
            "newtons_rooms", "newtons_clients 1", "newtons_messages_in_total", "newtons_messages_out_total",
            "newtons_frames_sent_total", "newtons_bytes_sent_total", "newtons_room_tick_seconds_bucket",
            "newtons_rejected_total",
        ] {
            #expect(answer.body.contains(name), "\(name)")
        }
        await client.close()
    }

    @Test func anUnknownPathIs404WithTheSecurityHeaders() async throws {
        let server = try await TestServer()
        let answer = try await RawHTTP.get(port: server.port, path: "/no/such/file.js")
        #expect(answer.status == 404)
        #expect(answer.headers["x-content-type-options"] == "nosniff")
        #expect(answer.headers["content-security-policy"] != nil)
    }

    @Test func pathsThatTryToLeaveWebNeverReachTheFileSystem() async throws {
        let server = try await TestServer()
        let paths = [
        "/../secret.txt", "/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/%2e%2e%2fsecret.txt",
        "/..%2fsecret.txt", "/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt", "/js/../../secret.txt",
        "/js/%2e%2e/%2e%2e/secret.txt", "/.%2e/secret.txt", "//secret.txt", "/.hidden", "/%2ehidden",
        "/..\\secret.txt", "/%5c..%5csecret.txt", "/index.html%00.js", "/./../secret.txt",
        ]
        for path in paths {
            let answer = try await RawHTTP.get(port: server.port, path: path)
            #expect(!answer.body.contains(TestServer.secret), "\(path) leaked the secret")
            #expect(!answer.body.contains("hidden"), "\(path) served a hidden file")
            // lws folds "/.." at the root back to "/", which serves the page itself: harmless.
            #expect(
                [400, 403, 404].contains(answer.status) || answer.status == 0 || answer.body.contains("Newtons test"),
                "\(path): \(answer.status)")
        }
        #expect(try await RawHTTP.get(port: server.port, path: "/healthz").status == 200)
    }

    @Test func theWebSocketPathWithoutAnUpgradeSays426() async throws {
        let server = try await TestServer()
        #expect(try await RawHTTP.get(port: server.port, path: "/ws").status == 426)
    }
}
