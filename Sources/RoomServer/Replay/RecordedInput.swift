import Lessons

/// One thing that changed a running lesson from outside: what a replay applies again, at the
/// same step, to reach the same state. Only inputs the room accepted are recorded.
public enum RecordedInput: Equatable, Sendable {
    case tap(x: Double, y: Double)
    case pan(PanPhase, x: Double, y: Double)
    case push(x: Double, y: Double, dx: Double?, dy: Double?)
    case set(param: String, value: Double)

    /// Applies the input to a lesson exactly as the room did when it happened.
    func apply(to lesson: any Lesson) throws(LessonError) {
        switch self {
        case .tap(let x, let y):
            lesson.tap(at: CGPoint(x: x, y: y))
        case .pan(let phase, let x, let y):
            lesson.pan(phase, at: CGPoint(x: x, y: y))
        case .push(let x, let y, let dx, let dy):
            let swipe = dx.flatMap { dx in dy.map { CGVector(dx: dx, dy: $0) } }
            lesson.push(at: CGPoint(x: x, y: y), swipe: swipe)
        case .set(let param, let value):
            try lesson.setParameter(param, to: value)
        }
    }

    /// Approximate bytes one input costs in memory (for the recording budget).
    static let memoryCost = 64
}

/// An input and the step of its epoch it came after (0: before the first step).
public struct TimedInput: Equatable, Sendable {
    public var step: Int
    public var input: RecordedInput
}
