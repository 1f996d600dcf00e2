import Foundation
import RoomServer
import Testing

/// Path safety, content types and the Origin rule, without sockets.
struct HTTPRulesTests {
    func makeWeb() throws -> (root: URL, files: StaticFiles) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString)")
        let web = root.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: web.appendingPathComponent("js"), withIntermediateDirectories: true)
        try "x".write(to: web.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "x".write(to: web.appendingPathComponent("js/a.mjs"), atomically: true, encoding: .utf8)
        try "x".write(to: web.appendingPathComponent("notes.exe"), atomically: true, encoding: .utf8)
        try "secret".write(to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: web.appendingPathComponent("escape.txt"), withDestinationURL: root.appendingPathComponent("secret.txt"))
        return (root, StaticFiles(root: web.path)!)
    }

    @Test func filesUnderTheRootAreServedWithTheirTypes() throws {
        let (root, files) = try makeWeb()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(files.resolve("/")?.contentType == "text/html; charset=utf-8")
        #expect(files.resolve("/index.html")?.path.hasSuffix("/web/index.html") == true)
        #expect(files.resolve("/js/a.mjs")?.contentType == "text/javascript; charset=utf-8")
        #expect(files.resolve("/js/")?.path == nil)
    }

    @Test func pathsThatLeaveTheRootOrHideAreRefused() throws {
        let (root, files) = try makeWeb()
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [
            "/../secret.txt", "/js/../../secret.txt", "/%2e%2e/secret.txt", "/escape.txt", "/.hidden", "/js/.x",
            "/..\\secret.txt", "/a%00b", "relative.html", "/notes.exe", "/nope.html",
        ] {
            #expect(files.resolve(path) == nil, "\(path)")
        }
    }

    @Test func aPageMayConnectFromItsOwnHostOrAListedOrigin() {
        let policy = OriginPolicy(allowed: ["https://school.example/"], serverPort: 8080)
        #expect(policy.allows(origin: nil, host: "localhost:8080"))
        #expect(policy.allows(origin: "http://localhost:8080", host: "localhost:8080"))
        #expect(policy.allows(origin: "http://LOCALHOST:8080", host: "localhost"))
        #expect(policy.allows(origin: "https://example.com", host: "example.com:443"))
        #expect(policy.allows(origin: "https://school.example", host: "other"))
        #expect(!policy.allows(origin: "http://evil.example", host: "localhost:8080"))
        #expect(!policy.allows(origin: "http://localhost:9999", host: "localhost:8080"))
        #expect(OriginPolicy(allowed: ["*"]).allows(origin: "http://anything", host: "x"))
    }
}

/// `/lib/<path>` serves the browser libraries folder with the page's own path rules.
struct LibraryRouteTests {
    @Test func libraryFilesAreServedUnderLibAndNothingLeavesTheFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("libs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let libs = root.appendingPathComponent("javascript")
        try FileManager.default.createDirectory(at: libs.appendingPathComponent("codemirror/lib"), withIntermediateDirectories: true)
        try "x".write(to: libs.appendingPathComponent("codemirror/lib/codemirror.js"), atomically: true, encoding: .utf8)
        try "secret".write(to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        let web = root.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        try "x".write(to: web.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        let core = ServerCore(directory: fakeDirectory)
        let routes = HTTPRoutes(files: StaticFiles(root: web.path)!, core: core, libraries: StaticFiles(root: libs.path))
        guard case .file(let path, let type) = routes.answer(method: "GET", path: "/lib/codemirror/lib/codemirror.js") else {
            Issue.record("not served")
            return
        }
        #expect(path.hasSuffix("/javascript/codemirror/lib/codemirror.js"))
        #expect(type == "text/javascript; charset=utf-8")
        for bad in ["/lib/../secret.txt", "/lib/codemirror/../../secret.txt", "/lib/", "/lib/nope.js", "/lib/.x/a.js"] {
            guard case .body(let status, _, _) = routes.answer(method: "GET", path: bad) else {
                Issue.record("\(bad) served")
                continue
            }
            #expect(status == 404, "\(bad)")
        }
        let without = HTTPRoutes(files: StaticFiles(root: web.path)!, core: core)
        guard case .body(404, _, _) = without.answer(method: "GET", path: "/lib/codemirror/lib/codemirror.js") else {
            Issue.record("served without a libraries folder")
            return
        }
    }
}
