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
//
// engine-bench box2d SCENE|all [STEPS] [RUNS]: the scenes of Box2D v3.2's benchmark app
// (DynamicsTesting's Box2DBenchmarkScene: joint_grid, large_pyramid, many_pyramids, rain,
// smash, spinner, tumbler) through Physics2D's World, timed as Box2D's app times them: the
// first step is left out, the scene's own action before each step (rain's ragdolls) is in.
// STEPS defaults to Box2D's count for the scene, RUNS (fresh worlds) to 2. One line a scene:
// mean_ms and cpu_mean_ms, the least over the runs of the mean step (wall, this thread's CPU
// time; Box2D's app reports the least of its runs' totals), and the least over the runs of
// the median step, the first 60 steps' median and the median CPU step. With
// ENGINE_BENCH_PROBE set, every 50th step's body height range, contacts (and how many were recycled) and awake bodies go
// to standard error (a check of a scene against Box2D's: nothing falls through a floor).
import Foundation
import DynamicsTesting
import UIKitDynamics

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "box2d" {
    runBox2DScenes(Array(arguments.dropFirst()))
    exit(0)
}
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

func runBox2DScenes(_ arguments: [String]) {
    let known = Box2DBenchmarkScene.scenes
    let which = arguments.first ?? "all"
    let chosen = which == "all" ? known : known.filter { $0.name == which }
    let stepsArgument = arguments.dropFirst().first.flatMap(Int.init)
    let runs = max(1, arguments.dropFirst(2).first.flatMap(Int.init) ?? 2)
    guard !chosen.isEmpty, stepsArgument.map({ $0 >= 61 }) ?? true else {
        FileHandle.standardError.write(
            Data(
                "usage: engine-bench box2d SCENE|all [STEPS] [RUNS] (STEPS > 60; scenes: \(known.map(\.name).joined(separator: " ")))\n"
                    .utf8))
        exit(2)
    }
    let probe = ProcessInfo.processInfo.environment["ENGINE_BENCH_PROBE"] != nil
    for (name, defaultSteps) in chosen {
        let steps = stepsArgument ?? defaultSteps
        var mean = Double.infinity, cpuMean = Double.infinity, med = Double.infinity
        var first60 = Double.infinity, cpuMed = Double.infinity, maxMs = Double.infinity
        var hashes: Set<UInt64> = []
        var bodies = 0, joints = 0, contacts = 0, awake = 0
        for _ in 0..<runs {
            guard let scene = Box2DBenchmarkScene(name: name) else { continue }
            scene.step(index: 0)  // Box2D's app leaves the first step out of its time
            var wall: [Double] = [], cpu: [Double] = []
            wall.reserveCapacity(steps)
            cpu.reserveCapacity(steps)
            for index in 1..<steps {
                let t0 = DispatchTime.now().uptimeNanoseconds, c0 = threadCPUNanoseconds()
                scene.step(index: index)
                let c1 = threadCPUNanoseconds(), t1 = DispatchTime.now().uptimeNanoseconds
                wall.append(Double(t1 - t0) / 1e6)
                cpu.append(Double(c1 - c0) / 1e6)
                if probe && index % 50 == 0 {
                    let r = scene.verticalRange
                    let line =
                        "\(name) step \(index): y \(r.lowest) ... \(r.highest), contacts \(scene.contactCount) (\(scene.recycledContactCount) recycled)"
                    FileHandle.standardError.write(Data("\(line), awake \(scene.awakeBodyCount)\n".utf8))
                }
            }
            let n = Double(wall.count)
            mean = min(mean, wall.reduce(0, +) / n)
            cpuMean = min(cpuMean, cpu.reduce(0, +) / n)
            med = min(med, median(wall[...]))
            first60 = min(first60, median(wall.prefix(60)))
            cpuMed = min(cpuMed, median(cpu[...]))
            maxMs = min(maxMs, wall.max() ?? 0)
            hashes.insert(scene.stateHash)
            (bodies, joints) = (scene.bodyCount, scene.jointCount)
            (contacts, awake) = (scene.contactCount, scene.awakeBodyCount)
        }
        // Runs of the same build must agree bit for bit; "differs" says they did not.
        let hash = hashes.count == 1 ? String(format: "%016llx", hashes.first!) : "differs"
        print(
            String(
                format:
                    "newtons box2d scene=%@ bodies=%d joints=%d steps=%d runs=%d mean_ms=%.4f cpu_mean_ms=%.4f median_ms=%.4f first60_median_ms=%.4f cpu_median_ms=%.4f max_ms=%.4f contacts=%d awake=%d state_hash=%@",
                name, bodies, joints, steps, runs, mean, cpuMean, med, first60, cpuMed, maxMs, contacts, awake, hash))
    }
}
