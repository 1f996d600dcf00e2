import Foundation
import Lessons
import RoomServer

/// A lesson whose one item moves right by 60 points a second while awake, then rests after
/// `restAfter` seconds; taps, pans and pushes are recorded.
final class FakeMovingLesson: Lesson {
    static let info = LessonInfo(
        id: "fake-moving", title: "Fake moving", summary: "Moves, then rests.", order: 1, gestures: [.tap, .pan, .push],
        sourceFileName: "Fake.swift")
    static let restAfter = 0.5

    var x = 0.0
    var moving = 0.0
    var elapsedTime: TimeInterval = 0
    var taps: [CGPoint] = []
    var pans: [(PanPhase, CGPoint)] = []
    var pushes: [(CGPoint, CGVector?)] = []
    var strength = 1.0
    var pending: [LessonEvent] = []
    private(set) var sceneVersion = 0
    private var extraItems = 0

    init() {}

    var items: [SceneItem] {
        [
            SceneItem(
                id: 1, name: "frog", shape: .rect, size: CGSize(width: 100, height: 100), color: "#00ff00",
                sprite: "frog", center: CGPoint(x: x, y: 10), isAtRest: isAtRest)
        ]
            + (0..<extraItems).map {
                SceneItem(id: 10 + $0, name: "extra", shape: .ellipse, size: .zero, color: "#000000", center: .zero)
            }
    }
    var boundaries: [SceneBoundary] { [] }
    var lines: [SceneLine] { [SceneLine(from: .zero, to: CGPoint(x: x, y: 10))] }
    var parameters: [LessonParameter] {
        [LessonParameter(name: "strength", label: "Strength", value: strength, min: 0, max: 2, step: 0.1)]
    }

    func setParameter(_ name: String, to value: Double) throws(LessonError) {
        guard name == "strength" else { throw .unknownParameter(name) }
        guard value >= 0, value <= 2 else { throw .valueOutOfRange(name: name, value: value, min: 0, max: 2) }
        strength = value
    }

    func tap(at point: CGPoint) {
        taps.append(point)
        moving = 0
        extraItems += 1
        sceneVersion += 1
        pending.append(LessonEvent(name: "tapped", text: "Tapped"))
    }

    func pan(_ phase: PanPhase, at point: CGPoint) { pans.append((phase, point)) }
    func push(at point: CGPoint, swipe: CGVector?) { pushes.append((point, swipe)) }

    func advance(by dt: TimeInterval) {
        elapsedTime += dt
        guard !isAtRest else { return }
        moving += dt
        x += 60 * dt
    }

    var isAtRest: Bool { moving >= Self.restAfter - 1e-9 }

    func drainEvents() -> [LessonEvent] {
        defer { pending.removeAll() }
        return pending
    }
}

/// A second lesson, to switch to.
final class FakeOtherLesson: Lesson {
    static let info = LessonInfo(
        id: "fake-other", title: "Fake other", summary: "Nothing moves.", order: 2, gestures: [],
        sourceFileName: "Other.swift")
    init() {}
    var items: [SceneItem] { [] }
    var sceneVersion: Int { 0 }
    var boundaries: [SceneBoundary] { [] }
    var lines: [SceneLine] { [] }
    var parameters: [LessonParameter] { [] }
    func setParameter(_ name: String, to value: Double) throws(LessonError) { throw .unknownParameter(name) }
    func tap(at point: CGPoint) {}
    func pan(_ phase: PanPhase, at point: CGPoint) {}
    func push(at point: CGPoint, swipe: CGVector?) {}
    func advance(by dt: TimeInterval) { elapsedTime += dt }
    var elapsedTime: TimeInterval = 0
    var isAtRest: Bool { true }
    func drainEvents() -> [LessonEvent] { [] }
}

let fakeDirectory = LessonDirectory([FakeOtherLesson.self, FakeMovingLesson.self]) { "// \($0.info.id)" }

/// Decodes a queued JSON message for assertions.
func decode(_ buffer: WireBuffer) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(buffer.bytes))) as? [String: Any] ?? [:]
}

/// The type of a JSON message.
func type(of buffer: WireBuffer) -> String? {
    buffer.isBinary ? "frame" : decode(buffer)["type"] as? String
}

extension RoomOutput {
    /// The message of a send or broadcast, for assertions.
    var buffer: WireBuffer? {
        switch self {
        case .send(_, let buffer), .broadcast(let buffer), .sendExcept(let buffer, _): buffer
        case .sendFrame, .frame: nil
        }
    }

    var isFrame: Bool {
        if case .frame = self { return true }
        return false
    }
}
