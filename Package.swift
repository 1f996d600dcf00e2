// swift-tools-version: 6.1
// Newtons: UIKit Dynamics on Linux, served live to any browser.
//
// Dependency direction (each arrow: "is imported by"):
//   Physics2D → UIKitDynamics → Lessons → RoomServer → newtons
//   CLibWebSockets, CEpoll → RoomServer (only RoomServer/Transport touches C)
//   NewtonsClient (swift-nio's WebSocket, not the server's) → ProtocolTests
//   LoadWire (client-side WebSocket framing on raw sockets, no NIO) → newtons-load
//   RoomStore (SQLite through GRDB, PostgreSQL through postgres-nio: class rooms and recordings) → RoomServer
import PackageDescription

#if os(Linux) && arch(x86_64)
import Foundation
#endif

/// Whether the engine is built for AVX2: on an x86-64 host with AVX2 and FMA (every x86
/// server CPU since 2013) its contact solver runs eight lanes wide (NEWTONS_WIDE_LANES, in
/// every configuration, so the tests check what runs) and release builds compile its SIMD
/// code to the three-operand AVX encodings, as Box2D v3's BOX2D_AVX2 build does. This follows
/// the machine that builds, like `-march=native`, so a binary built here runs here; set
/// NEWTONS_PORTABLE=1 to leave it out. It changes no result: the lanes are independent, and
/// Swift never contracts a multiply and an add into one FMA.
let engineBuildsForAVX2: Bool = {
    #if os(Linux) && arch(x86_64)
    guard ProcessInfo.processInfo.environment["NEWTONS_PORTABLE"] == nil,
        let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let flagsLine = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
    else { return false }
    let flags = Set(flagsLine.split(separator: " ").map(String.init))
    return ["avx2", "fma", "bmi2", "movbe"].allSatisfy(flags.contains)
    #else
    return false
    #endif
}()

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6)
]

/// For the modules whose release builds skip the run-time exclusivity checks (each target says
/// why it may); debug builds, which the tests use, keep them.
let uncheckedExclusivityInRelease: [SwiftSetting] =
    swiftSettings + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

/// The test targets: unoptimised even in release builds (`make test` builds once, in release,
/// because the physics tests step real scenes, which run in the optimised modules), since
/// optimising the tests' own code cost minutes of a fresh build and no test time.
let testSettings: [SwiftSetting] = swiftSettings + [.unsafeFlags(["-Onone"], .when(configuration: .release))]

/// Products of one package, by name.
func products(_ names: String..., of package: String) -> [Target.Dependency] {
    names.map { .product(name: $0, package: package) }
}

/// The corpus's compiled programs (Tests/CorpusTests/Programs): each folder's origin and
/// licence stay beside its code.
let corpusPrograms = [
    "bamssong-tap-drop",
    "c4q-bouncy-snap",
    "c4q-touch-drag",
    "imazy-attachment",
    "imazy-collision",
    "imazy-item-behavior",
    "imazy-push",
    "imazy-snap",
    "ioscreator-attachment",
    "ioscreator-collision",
    "ioscreator-snap",
    "raulriera-card-toss",
    "victorchee-attachment",
    "victorchee-item-properties",
    "victorchee-pendulum",
    "victorchee-push",
    "victorchee-spring",
]

let package = Package(
    name: "newtons",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "UIKitDynamics", targets: ["UIKitDynamics"]),
        // Code pasted from iOS compiles with its own imports: `import UIKit` is UIKitDynamics,
        // `import CoreMotion` has no sensors, `import PlaygroundSupport` has the page's live view.
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "CoreMotion", targets: ["CoreMotion"]),
        .library(name: "PlaygroundSupport", targets: ["PlaygroundSupport"]),
        .library(name: "Lessons", targets: ["Lessons"]),
        .library(name: "LiveSwift", targets: ["LiveSwift"]),
        .library(name: "NewtonsClient", targets: ["NewtonsClient"]),
        .library(name: "DynamicsTesting", targets: ["DynamicsTesting"]),
        .executable(name: "newtons", targets: ["newtons"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/vapor/websocket-kit", from: "2.15.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
        // Already in the graph through websocket-kit: SHA-1 for the load generator's upgrade,
        // HMAC-SHA256 for the cluster's class codes and keys.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The Swift project's own parser, for lessons run from their source (LiveSwift).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        // SQLite, for the embedded store (`newtons serve --data DIR`, RoomStore).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // PostgreSQL, for a cluster's shared store (`newtons serve --store postgres://…`).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The rigid-body engine, in physics vocabulary (metres, kilograms, seconds).
        // Release builds skip the run-time exclusivity checks in the engine only: its hot loops
        // touch the world's arrays per body and per contact, and the checks were 5 % of a
        // pyramid step. Debug builds keep them; the engine's state is never shared across threads.
        .target(
            name: "Physics2D",
            swiftSettings: uncheckedExclusivityInRelease + [
                // Debug builds too: the eight-lane transposes use AVX intrinsics, which only
                // inline into code compiled for AVX.
                .unsafeFlags(engineBuildsForAVX2 ? ["-target-cpu", "haswell", "-D", "NEWTONS_WIDE_LANES"] : []),
            ]),
        // Apple's UIKit Dynamics API on top of the engine. Release builds skip the run-time
        // exclusivity checks here and in Lessons, as in the engine: a room reads every view's
        // pose and record every tick, and the checks were 6 % of a 120-block room's tick
        // (perf, docs/benchmarks.md). A lesson's objects live on its room's thread; a student's
        // edited code is interpreted, not compiled; debug builds (the tests) keep the checks.
        .target(
            name: "UIKitDynamics", dependencies: ["Physics2D"],
            swiftSettings: uncheckedExclusivityInRelease),
        .target(name: "UIKit", dependencies: ["UIKitDynamics"], swiftSettings: swiftSettings),
        .target(name: "CoreMotion", swiftSettings: swiftSettings),
        .target(name: "PlaygroundSupport", dependencies: ["UIKitDynamics"], swiftSettings: swiftSettings),
        // Keyframes: exact copies of a lesson's objects, put back in place (docs/replay.md).
        .target(name: "Keyframes", swiftSettings: swiftSettings),
        // The tutorial lessons and extra rooms, written against UIKitDynamics only.
        .target(
            name: "Lessons", dependencies: ["UIKitDynamics"],
            swiftSettings: uncheckedExclusivityInRelease,
            plugins: [.plugin(name: "EmbedLessonSources")]),
        // Lessons run from their Swift source: swift-syntax parses, a sandboxed interpreter runs
        // the tutorial's view controller against UIKitDynamics (no compiler at run time).
        .target(
            name: "LiveSwift",
            dependencies: ["Lessons", "CoreMotion"]
                + products("SwiftParser", "SwiftSyntax", "SwiftOperators", "SwiftParserDiagnostics", of: "swift-syntax"),
            // The interpreter, too, skips them in release: each member a lesson's code reads
            // touched a dozen class properties (scopes, caches), a check on every one.
            swiftSettings: uncheckedExclusivityInRelease),
        // libwebsockets from Debian's libwebsockets-dev, with a header of inline helpers for its macros.
        .systemLibrary(
            name: "CLibWebSockets", pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]),
        // Watches the client's frame headers under libwebsockets 4.1, which reads unmasked
        // frames without a word (RFC 6455 §5.1 says close); the transport asks it.
        // Its recv and SSL_read must be in the executable's dynamic symbol table for the
        // library's calls to reach them; the linker exports recv by itself, not SSL_read.
        .target(
            name: "CFrameGuard",
            linkerSettings: [
                .unsafeFlags([
                    "-Xlinker", "--export-dynamic-symbol=recv", "-Xlinker", "--export-dynamic-symbol=SSL_read",
                ])
            ]),
        // The store: class rooms and their recordings in SQLite (WAL), or in PostgreSQL shared by a
        // cluster's nodes, written by a thread of its own so that no tick waits for the disk. Knows nothing of rooms' types:
        // RoomServer hands it plain records (docs/server.md, "What is kept").
        .target(
            name: "RoomStore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "Logging", package: "swift-log"),
            ] + products("NIOCore", "NIOPosix", of: "swift-nio"),
            swiftSettings: swiftSettings),
        // Rooms, the wire protocol and the libwebsockets transport. Release builds skip the
        // run-time exclusivity checks here too: every frame sent touched the sessions, the rooms
        // and the metrics through them, and the checks were a third of the server's own
        // instructions per frame (callgrind, docs/benchmarks.md). Each worker's state stays on its
        // own thread; debug builds (the tests) keep the checks.
        .target(
            name: "RoomServer",
            dependencies: [
                "Lessons", "LiveSwift", "Keyframes", "RoomStore", "CLibWebSockets", "CEpoll", "CFrameGuard",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: uncheckedExclusivityInRelease),
        // A client library for the wire protocol, on swift-nio's WebSocket implementation.
        .target(
            name: "NewtonsClient",
            dependencies: products("WebSocketKit", of: "websocket-kit") + products("NIOSSL", of: "swift-nio-ssl")
                + products("NIOCore", "NIOPosix", "NIOWebSocket", of: "swift-nio"),
            swiftSettings: swiftSettings),
        // The load generator's pure half: WebSocket framing, the upgrade, the few protocol fields it
        // reads. No sockets, so it is tested alone (LoadWireTests).
        .target(
            name: "LoadWire", dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings),
        // The room server's load generator (`make bench`, scripts/bench-server): one thread, raw
        // non-blocking sockets and epoll, so that it keeps up with thousands of clients on one core.
        .executableTarget(name: "newtons-load", dependencies: ["LoadWire", "CEpoll"], swiftSettings: swiftSettings),
        // <sys/epoll.h>, which Glibc's module map leaves out (newtons-load's event loop).
        .systemLibrary(name: "CEpoll"),
        // Lessons with exact, closed-form motion for the protocol tests and the load benchmark. Not
        // part of the room server's module: only `newtons serve --fixture-lessons` offers them, because
        // the tests and the benchmark drive the real binary.
        .target(name: "LessonFixtures", dependencies: ["Lessons"], swiftSettings: swiftSettings),
        // Scenes and checks shared by the tests and the benchmarks.
        .target(name: "DynamicsTesting", dependencies: ["UIKitDynamics", "Physics2D"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "newtons",
            dependencies: [
                "RoomServer", "RoomStore", "Lessons", "LessonFixtures", "LiveSwift", "DynamicsTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        // Build tool: copies each lesson's own source text into the Lessons module.
        .executableTarget(name: "lesson-source-embedder", path: "Plugins/LessonSourceEmbedder"),
        .plugin(name: "EmbedLessonSources", capability: .buildTool(), dependencies: ["lesson-source-embedder"]),

        .testTarget(name: "Physics2DTests", dependencies: ["Physics2D", "DynamicsTesting"], swiftSettings: testSettings),
        .testTarget(
            name: "UIKitDynamicsTests", dependencies: ["UIKitDynamics", "DynamicsTesting", "UIKit", "CoreMotion", "PlaygroundSupport"],
            swiftSettings: testSettings),
        .testTarget(name: "LessonsTests", dependencies: ["Lessons", "DynamicsTesting"], swiftSettings: testSettings),
        .testTarget(name: "LiveSwiftTests", dependencies: ["LiveSwift", "Lessons", "DynamicsTesting"], swiftSettings: testSettings),
        // Public UIKit Dynamics programs by other authors (Tests/CorpusTests/README.md): each
        // compiled against the library and run interpreted, frame for frame. Playground pages
        // (top-level code) are run interpreted only.
        .testTarget(
            name: "CorpusTests", dependencies: ["Lessons", "LiveSwift", "UIKitDynamics", "UIKit", "PlaygroundSupport"],
            exclude: ["Pages", "README.md"]
                + corpusPrograms.flatMap { ["Programs/\($0)/ORIGIN.md", "Programs/\($0)/LICENSE"] },
            swiftSettings: testSettings),
        .testTarget(
            name: "RoomServerTests", dependencies: ["RoomServer", "RoomStore", "LiveSwift", "Keyframes"], swiftSettings: testSettings),
        .testTarget(name: "RoomStoreTests", dependencies: ["RoomStore"], swiftSettings: testSettings),
        .testTarget(name: "LoadWireTests", dependencies: ["LoadWire"], swiftSettings: testSettings),
        .testTarget(
            name: "ProtocolTests", dependencies: ["NewtonsClient", "RoomServer", "DynamicsTesting"], swiftSettings: testSettings),
    ]
)
