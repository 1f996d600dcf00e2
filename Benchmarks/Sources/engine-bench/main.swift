// engine-bench BASE STEPS: the pyramid of BENCHMARKS.md built through UIKitDynamics, as a
// student would: 100 × 100-point views of density 1, friction 0.6, elasticity 0, under the
// default gravity, on a boundary line; `advance(by: 1/60)` per step. Prints the anchors'
// line format, with the median of the first 60 steps too (the figure compared: this engine
// puts resting bodies to sleep), the first 60 steps' median of this thread's CPU time (what
// a loaded machine does not inflate), and a hash of the final state (equal hashes: the same
// simulation, bit for bit). With ENGINE_BENCH_STEPS set, a first line gives the CPU time of
// each of the first 60 steps (ms): which steps set the compared median.
//
// engine-bench rain COUNT STEPS: the rain of BENCHMARKS.md (COUNT boxes and ellipses falling
// into an open box, DynamicsScenes.rain): the same medians, the slowest step, the same in CPU
// time, and how many items ended outside the box (none should).
import Foundation
import DynamicsTesting
import UIKitDynamics

var arguments = Array(CommandLine.arguments.dropFirst())
let isRain = arguments.first == "rain"
if isRain { arguments.removeFirst() }
let size = arguments.first.flatMap(Int.init) ?? (isRain ? 2000 : 40)
let steps = arguments.dropFirst().first.flatMap(Int.init) ?? 600
guard size > 0, steps >= 60 else {
    FileHandle.standardError.write(Data("usage: engine-bench [rain] BASE|COUNT STEPS (STEPS >= 60)\n".utf8))
    exit(2)
}

/// This thread's CPU time in nanoseconds: unlike wall time, it does not count the time other
/// processes held the core, so it stays meaningful on a loaded machine.
func threadCPUNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// Wall and CPU milliseconds of each of `steps` calls of `advance(by: 1/60)`.
func timeSteps(_ animator: UIDynamicAnimator, _ steps: Int) -> (wall: [Double], cpu: [Double]) {
    var wall: [Double] = [], cpu: [Double] = []
    wall.reserveCapacity(steps)
    cpu.reserveCapacity(steps)
    for _ in 0..<steps {
        let t0 = DispatchTime.now().uptimeNanoseconds, c0 = threadCPUNanoseconds()
        animator.advance(by: 1.0 / 60)
        let c1 = threadCPUNanoseconds(), t1 = DispatchTime.now().uptimeNanoseconds
        wall.append(Double(t1 - t0) / 1e6)
        cpu.append(Double(c1 - c0) / 1e6)
    }
    return (wall, cpu)
}

func median(_ values: ArraySlice<Double>) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

if isRain {
    let scene = DynamicsScenes.rain(count: size)
    let (times, cpu) = timeSteps(scene.animator, steps)
    let box = scene.view.bounds.insetBy(dx: -1, dy: -1)
    let escaped = scene.items.filter { !box.contains($0.center) }.count
    print(
        String(
            format:
                "newtons rain items=%d median_ms=%.4f first60_median_ms=%.4f max_ms=%.4f cpu_median_ms=%.4f cpu_max_ms=%.4f escaped=%d state_hash=%016llx",
            size, median(times[...]), median(times.prefix(60)), times.max() ?? 0, median(cpu[...]), cpu.max() ?? 0,
            escaped, stateHash(of: scene.items)))
} else {
    let base = size
    let boxSize: CGFloat = 100
    // The same scene the tests check stands (DynamicsTesting), so the benchmark times what is tested.
    let scene = DynamicsScenes.pyramid(base: base, size: boxSize)
    let boxes = scene.items
    let top = boxes.last!
    let start = top.center
    let (times, cpu) = timeSteps(scene.animator, steps)
    let drift = hypot(top.center.x - start.x, top.center.y - start.y) / boxSize
    if ProcessInfo.processInfo.environment["ENGINE_BENCH_STEPS"] != nil {
        print(cpu.prefix(60).map { String(format: "%.2f", $0) }.joined(separator: " "))
    }
    print(
        String(
            format:
                "newtons pyramid base=%d bodies=%d median_ms=%.4f first60_median_ms=%.4f top_drift_boxes=%.4f cpu_first60_median_ms=%.4f state_hash=%016llx",
            base, boxes.count, median(times[...]), median(times.prefix(60)), drift, median(cpu.prefix(60)),
            stateHash(of: boxes)))
}
