import Foundation
import Lessons

/// Small lessons with known, exact behaviour, for the protocol tests and the load benchmark.
///
/// They are not tutorial lessons: `newtons serve` offers them only with `--fixture-lessons`
/// (or `NEWTONS_FIXTURE_LESSONS=1`), beside the real lessons. Each moves its items along
/// closed-form paths, so a test knows what every frame must show without a physics engine.
public enum FixtureLessons {
    /// Every fixture lesson, ordered after the real lessons.
    public static var all: [any Lesson.Type] {
        [
            FixtureOrbitLesson.self, FixtureSettleLesson.self, FixtureDropsLesson.self, FixtureCrowdLesson.self,
            FixtureOverlapLesson.self,
        ]
    }

    /// The source text a client is shown for a fixture lesson.
    public static func code(of lesson: any Lesson.Type) -> String {
        "// \(lesson.info.title): a fixture lesson of the room server's tests (Sources/LessonFixtures)."
    }
}

/// A fixture lesson: what a fixture does not define, it does not have (no boundaries, lines,
/// parameters or events; gestures do nothing; its scene never changes). A real lesson defines
/// every part of `Lesson` itself.
public protocol FixtureLesson: Lesson {}

extension FixtureLesson {
    public var sceneVersion: Int { 0 }
    public var boundaries: [SceneBoundary] { [] }
    public var lines: [SceneLine] { [] }
    public var parameters: [LessonParameter] { [] }

    public func setParameter(_ name: String, to value: Double) throws(LessonError) {
        throw .unknownParameter(name)
    }

    public func tap(at point: CGPoint) {}
    public func pan(_ phase: PanPhase, at point: CGPoint) {}
    public func push(at point: CGPoint, swipe: CGVector?) {}
    public func drainEvents() -> [LessonEvent] { [] }
}

/// Two items circling the centre of the view forever: a room that never rests, and the size of a
/// two-item tutorial lesson on the wire (48 bytes a frame). A tap moves the circle's centre to the
/// tap; a pan drags it; a push adds to the speed.
public final class FixtureOrbitLesson: FixtureLesson {
    public static let info = LessonInfo(
        id: "fixture-orbit", title: "Orbit (fixture)", summary: "Two items circle forever.", order: 1000,
        gestures: [.tap, .pan, .push], sourceFileName: "FixtureLessons.swift")

    public var center = CGPoint(x: 187.5, y: 333.5)
    public var speed = 1.0
    public var radius = 100.0
    public private(set) var elapsedTime: TimeInterval = 0
    private var phase = 0.0
    private var events: [LessonEvent] = []

    public init() {}

    public var items: [SceneItem] {
        let a = CGPoint(x: center.x + radius * cos(phase), y: center.y + radius * sin(phase))
        let b = CGPoint(x: center.x - radius * cos(phase), y: center.y - radius * sin(phase))
        return [
            SceneItem(
                id: 1, name: "frog", shape: .rect, size: CGSize(width: 100, height: 100), color: "#2e7d32",
                sprite: "frog", center: a, angle: phase),
            SceneItem(
                id: 2, name: "dragon", shape: .ellipse, size: CGSize(width: 100, height: 100), color: "#c62828",
                sprite: "dragon", center: b, angle: -phase),
        ]
    }

    public var parameters: [LessonParameter] {
        [
            LessonParameter(name: "speed", label: "Speed (rad/s)", value: speed, min: 0, max: 10, step: 0.1),
            LessonParameter(name: "radius", label: "Radius (points)", value: radius, min: 0, max: 300, step: 1),
        ]
    }

    public func setParameter(_ name: String, to value: Double) throws(LessonError) {
        guard let parameter = parameters.first(where: { $0.name == name }) else {
            throw .unknownParameter(name)
        }
        guard value >= parameter.min, value <= parameter.max else {
            throw .valueOutOfRange(name: name, value: value, min: parameter.min, max: parameter.max)
        }
        if name == "speed" { speed = value } else { radius = value }
    }

    public func tap(at point: CGPoint) {
        center = point
        events.append(LessonEvent(name: "tapped", text: "Moved", point: point))
    }

    public func pan(_ phase: PanPhase, at point: CGPoint) {
        if phase == .began || phase == .changed { center = point }
    }

    public func push(at point: CGPoint, swipe: CGVector?) {
        speed = min(10, speed + 1)
    }

    public func advance(by dt: TimeInterval) {
        elapsedTime += dt
        phase += speed * dt
    }

    public var isAtRest: Bool { false }

    public func drainEvents() -> [LessonEvent] {
        defer { events.removeAll() }
        return events
    }
}

/// One block that falls for `duration` seconds, then rests and says "Block Landed". A tap drops
/// it again from the tap point.
public final class FixtureSettleLesson: FixtureLesson {
    public static let info = LessonInfo(
        id: "fixture-settle", title: "Settle (fixture)", summary: "A block falls, lands and rests.", order: 1001,
        gestures: [.tap], sourceFileName: "FixtureLessons.swift")

    public private(set) var elapsedTime: TimeInterval = 0
    private var start = CGPoint(x: 187.5, y: 100)
    private var fallTime = 0.0
    private var duration = 0.5
    private var landed = false
    private var events: [LessonEvent] = []

    public init() {}

    public var items: [SceneItem] {
        [
            SceneItem(
                id: 1, name: "block", shape: .rect, size: CGSize(width: 50, height: 50), color: "#1565c0",
                center: CGPoint(x: start.x, y: start.y + 200 * fallTime), isAtRest: landed)
        ]
    }

    public var boundaries: [SceneBoundary] {
        [
            SceneBoundary(
                identifier: nil, points: [.zero, CGPoint(x: 375, y: 0), CGPoint(x: 375, y: 667), CGPoint(x: 0, y: 667)],
                isClosed: true)
        ]
    }
    public var parameters: [LessonParameter] {
        [LessonParameter(name: "duration", label: "Fall time (s)", value: duration, min: 0.1, max: 5, step: 0.1)]
    }

    public func setParameter(_ name: String, to value: Double) throws(LessonError) {
        guard name == "duration" else { throw .unknownParameter(name) }
        guard value >= 0.1, value <= 5 else { throw .valueOutOfRange(name: name, value: value, min: 0.1, max: 5) }
        duration = value
    }

    public func tap(at point: CGPoint) {
        start = point
        fallTime = 0
        landed = false
    }

    public func advance(by dt: TimeInterval) {
        elapsedTime += dt
        guard !landed else { return }
        fallTime += dt
        if fallTime >= duration - 1e-9 {
            landed = true
            events.append(LessonEvent(name: "collision-began", text: "Block Landed", item: 1))
        }
    }

    public var isAtRest: Bool { landed }

    public func drainEvents() -> [LessonEvent] {
        defer { events.removeAll() }
        return events
    }
}

/// Each tap adds a block at the tap point (a `scene` change); blocks fall for half a second, then rest.
public final class FixtureDropsLesson: FixtureLesson {
    public static let info = LessonInfo(
        id: "fixture-drops", title: "Drops (fixture)", summary: "Each tap adds a block.", order: 1002,
        gestures: [.tap], sourceFileName: "FixtureLessons.swift")

    private struct Block {
        var id: Int
        var start: CGPoint
        var age: Double
    }

    public private(set) var elapsedTime: TimeInterval = 0
    public private(set) var sceneVersion = 0
    private var blocks: [Block] = []
    private var nextID = 1

    public init() {}

    public var items: [SceneItem] {
        blocks.map { block in
            SceneItem(
                id: block.id, name: "block \(block.id)", shape: .rect, size: CGSize(width: 30, height: 30),
                color: "#6a1b9a", center: CGPoint(x: block.start.x, y: block.start.y + 100 * min(block.age, 0.5)),
                isAtRest: block.age >= 0.5)
        }
    }

    public func tap(at point: CGPoint) {
        blocks.append(Block(id: nextID, start: point, age: 0))
        nextID += 1
        sceneVersion += 1
    }

    public func advance(by dt: TimeInterval) {
        elapsedTime += dt
        for index in blocks.indices { blocks[index].age += dt }
    }

    public var isAtRest: Bool { blocks.allSatisfy { $0.age >= 0.5 } }
}

/// A thousand items always moving: about 16 KB a frame, for slow-reader tests.
public final class FixtureCrowdLesson: FixtureLesson {
    public static let info = LessonInfo(
        id: "fixture-crowd", title: "Crowd (fixture)", summary: "A thousand moving items.", order: 1003,
        gestures: [], sourceFileName: "FixtureLessons.swift")

    public private(set) var elapsedTime: TimeInterval = 0

    public init() {}

    public var items: [SceneItem] {
        (0..<1000).map { index in
            let angle = elapsedTime + Double(index) * 0.01
            return SceneItem(
                id: index + 1, name: "dot", shape: .ellipse, size: CGSize(width: 4, height: 4), color: "#000000",
                center: CGPoint(x: 187.5 + 150 * cos(angle), y: 333.5 + 150 * sin(angle)))
        }
    }

    public func advance(by dt: TimeInterval) {
        elapsedTime += dt
    }

    public var isAtRest: Bool { false }
}
