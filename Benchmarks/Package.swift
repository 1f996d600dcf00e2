// swift-tools-version: 6.1
// Newtons' benchmarks, kept out of the main package so everyday builds and `make test`
// never fetch or build the benchmark toolkit. `make bench` runs them all (scripts/bench-all).
import PackageDescription

/// One benchmark program against the library's products; a package-benchmark suite (its
/// toolkit and plugin) where `path` names its folder.
func bench(_ name: String, _ libraries: [String], suiteAt path: String? = nil) -> Target {
    let uses = libraries.map { Target.Dependency.product(name: $0, package: "newtons") }
    guard let path else { return .executableTarget(name: name, dependencies: uses, swiftSettings: [.swiftLanguageMode(.v6)]) }
    return .executableTarget(
        name: name, dependencies: uses + [.product(name: "Benchmark", package: "benchmark")], path: path,
        swiftSettings: [.swiftLanguageMode(.v6)], plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
}

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
        bench("engine-bench", ["UIKitDynamics", "DynamicsTesting"]),
        // Each lesson's step compiled beside the same lesson interpreted from its source (LiveSwift).
        bench("live-bench", ["Lessons", "LiveSwift"]),
        // Microseconds and heap allocations per step of each lesson's scene (package-benchmark).
        bench("LessonScenes", ["Lessons"], suiteAt: "Benchmarks/LessonScenes"),
        // Microseconds and heap allocations per step of engine scenes: 1,000 items in a radial
        // field, a chain of 100 pin attachments.
        bench("EngineScenes", ["UIKitDynamics", "DynamicsTesting"], suiteAt: "Benchmarks/EngineScenes"),
    ]
)
