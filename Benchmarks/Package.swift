// swift-tools-version: 6.1
// Newtons' benchmarks, kept out of the main package so everyday builds and `make test`
// never fetch or build the benchmark toolkit. `make bench` runs them all (scripts/bench-all).
import PackageDescription

let package = Package(
    name: "newtons-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "newtons", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The pyramid scenes of BENCHMARKS.md through the public UIKitDynamics API, printed
        // in the anchors' own line format.
        .executableTarget(
            name: "engine-bench",
            dependencies: [
                .product(name: "UIKitDynamics", package: "newtons"),
                .product(name: "DynamicsTesting", package: "newtons"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        // Each lesson's step compiled beside the same lesson interpreted from its source (LiveSwift).
        .executableTarget(
            name: "live-bench",
            dependencies: [
                .product(name: "Lessons", package: "newtons"),
                .product(name: "LiveSwift", package: "newtons"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        // Microseconds and heap allocations per step of each lesson's scene (package-benchmark).
        .executableTarget(
            name: "LessonScenes",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Lessons", package: "newtons"),
            ],
            path: "Benchmarks/LessonScenes",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // Microseconds and heap allocations per step of engine scenes: 1,000 items in a radial
        // field, a chain of 100 pin attachments.
        .executableTarget(
            name: "EngineScenes",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "UIKitDynamics", package: "newtons"),
                .product(name: "DynamicsTesting", package: "newtons"),
            ],
            path: "Benchmarks/EngineScenes",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
