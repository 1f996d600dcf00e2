// Time and heap allocations of one 1/60 s step of engine scenes built through the public
// UIKitDynamics API (DynamicsTesting's scenes): 1,000 items in a radial gravity field, and
// a chain of 100 pin attachments swinging under gravity. Each sample builds the scene,
// warms it up for 20 steps outside the measurement, then measures one `advance(by: 1/60)`.
// Run by `make bench` (package-benchmark).
import Benchmark
import DynamicsTesting
import Foundation
import UIKitDynamics

private func measureOneStep(_ benchmark: Benchmark, _ scene: DynamicsScene) {
    for _ in 0..<20 { scene.animator.advance(by: 1.0 / 60) }
    benchmark.startMeasurement()
    scene.animator.advance(by: 1.0 / 60)
    benchmark.stopMeasurement()
    blackHole(scene.animator.elapsedTime())
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
        scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 200)

    Benchmark("1,000 items in a radial field: one step") { benchmark in
        measureOneStep(benchmark, DynamicsScenes.radialField(count: 1000))
    }

    Benchmark("a chain of 100 pin attachments: one step") { benchmark in
        measureOneStep(benchmark, DynamicsScenes.pinChain(links: 100))
    }
}
