// engine-bench BASE STEPS: the pyramid of BENCHMARKS.md built through UIKitDynamics, as a
// student would: 100 × 100-point views of density 1, friction 0.6, elasticity 0, under the
// default gravity, on a boundary line; `advance(by: 1/60)` per step. Prints the anchors'
// line format, with the median of the first 60 steps too (the figure compared: this engine
// puts resting bodies to sleep).
import Foundation
import DynamicsTesting
import UIKitDynamics

let arguments = CommandLine.arguments.dropFirst()
let base = arguments.first.flatMap(Int.init) ?? 40
let steps = arguments.dropFirst().first.flatMap(Int.init) ?? 600
guard base > 0, steps >= 60 else {
    FileHandle.standardError.write(Data("usage: engine-bench BASE STEPS (STEPS >= 60)\n".utf8))
    exit(2)
}

let size: CGFloat = 100
// The same scene the tests check stands (DynamicsTesting), so the benchmark times what is tested.
let scene = DynamicsScenes.pyramid(base: base, size: size)
let animator = scene.animator
let boxes = scene.items
let top = boxes.last!
let start = top.center
var times: [Double] = []
times.reserveCapacity(steps)
for _ in 0..<steps {
    let t0 = DispatchTime.now().uptimeNanoseconds
    animator.advance(by: 1.0 / 60)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
}
func median(_ values: ArraySlice<Double>) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}
let drift = hypot(top.center.x - start.x, top.center.y - start.y) / size
print(
    String(
        format: "newtons pyramid base=%d bodies=%d median_ms=%.4f first60_median_ms=%.4f top_drift_boxes=%.4f",
        base, boxes.count, median(times[...]), median(times.prefix(60)), drift))
