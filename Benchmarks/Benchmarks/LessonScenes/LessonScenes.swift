// Time and heap allocations of one 1/60 s step of each lesson's scene, while it moves:
// each sample builds the lesson, sets it going and warms it up outside the measurement,
// then measures exactly one `advance(by: 1/60)`. Run by `make bench` (package-benchmark).
import Benchmark
import Foundation
import Lessons

/// Sets a lesson in motion before measuring, as a student would, and warms it up.
private func warm(_ lesson: any Lesson, id: String, steps: Int) {
    switch id {
    case "attachment": lesson.pan(.began, at: CGPoint(x: 187.5, y: 200))
    case "snap": lesson.tap(at: CGPoint(x: 80, y: 120))
    case "push": lesson.push(at: CGPoint(x: 287.5, y: 333.5), swipe: nil)
    case "alert":
        if let button = lesson.items.first(where: { $0.name == "show alert" }) { lesson.tap(at: button.center) }
    case "drops":
        for _ in 0..<10 { lesson.tap(at: .zero) }
    default:
        break
    }
    for i in 0..<steps {
        if id == "attachment" { lesson.pan(.changed, at: CGPoint(x: 187.5 + Double(i), y: 200)) }
        lesson.advance(by: 1.0 / 60)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
        scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 400)

    for type in LessonCatalog.all {
        let id = type.info.id
        Benchmark("\(id): one step while moving") { benchmark in
            let lesson = type.init()
            warm(lesson, id: id, steps: 20)
            benchmark.startMeasurement()
            lesson.advance(by: 1.0 / 60)
            benchmark.stopMeasurement()
            blackHole(lesson.elapsedTime)
        }
    }
}
