// Each shipped lesson's step, compiled and run from its source by the LiveSwift interpreter,
// in the same run: median microseconds per room tick (advance by 1/60 s, then read the items a
// frame sends) and the ratio. Issue 19's bar: interpreted at most 2x compiled.
import Foundation
import Lessons
import LiveSwift

let steps = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 300

/// Sets the lesson in motion as a student would (the gestures reach the interpreted code too).
func warm(_ lesson: any Lesson, id: String) {
    switch id {
    case "attachment", "spring": lesson.pan(.began, at: CGPoint(x: 187.5, y: 200))
    case "snap": lesson.tap(at: CGPoint(x: 80, y: 120))
    case "push": lesson.push(at: CGPoint(x: 287.5, y: 333.5), swipe: nil)
    // Blocks falling and piling (the taps run the drop code, with its `&random`, before timing).
    case "drops": for i in 0..<20 { lesson.tap(at: CGPoint(x: 20 + Double(i * 15), y: 100)) }
    default: break
    }
    for _ in 0..<20 { lesson.advance(by: 1.0 / 60) }
}

/// Median microseconds of one tick over `steps` ticks, from a fresh lesson each round.
func median(_ make: () -> any Lesson, id: String) -> Double {
    var samples: [Double] = []
    var sink = 0.0
    for _ in 0..<3 {
        let lesson = make()
        warm(lesson, id: id)
        for i in 0..<steps / 3 {
            if id == "attachment" || id == "spring" { lesson.pan(.changed, at: CGPoint(x: 187.5 + Double(i % 50), y: 200)) }
            let start = DispatchTime.now().uptimeNanoseconds
            lesson.advance(by: 1.0 / 60)
            let items = lesson.items
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
            sink += Double(items.first?.center.x ?? 0)
        }
    }
    if sink.isNaN { print("") }
    samples.sort()
    return samples[samples.count / 2]
}

func column(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
print(column("lesson", 12), "compiled_us", "interpreted_us", "ratio")
for type in LessonCatalog.all {
    let id = type.info.id
    guard let program = try? LiveSwift.compile(source: LessonCatalog.sourceCode(of: type), fileName: type.info.sourceFileName)
    else {
        print("\(id): its source is outside the live subset (see docs/live-code.md)")
        continue
    }
    let compiled = median({ type.init() }, id: id)
    let interpreted = median({ program.makeLesson() }, id: id)
    print(column(id, 12), String(format: "%11.1f %14.1f %5.2f", compiled, interpreted, interpreted / max(compiled, 0.001)))
}
