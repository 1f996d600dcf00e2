import Foundation
@_exported import UIKitDynamics

/// A gesture a lesson may take from a student's pointer.
public enum GestureKind: String, Sendable, CaseIterable, Codable {
    case tap, pan, push
}

/// The phase of a pan (drag), as UIKit's pan gesture recogniser reports it.
public enum PanPhase: String, Sendable, CaseIterable, Codable {
    case began, changed, ended, cancelled
}

/// What a lesson is, for the lobby and the room: fixed for the lesson's type.
public struct LessonInfo: Sendable {
    /// Stable id used in URLs and the protocol (`gravity`, `collision`, …).
    public var id: String
    public var title: String
    /// One line for the lobby card.
    public var summary: String
    /// Position in the lobby: the seven tutorial lessons first, in book order.
    public var order: Int
    /// The gestures this lesson reacts to; others are ignored without harm.
    public var gestures: [GestureKind]
    /// Size of the reference view in points (origin top-left, y down).
    public var bounds: CGSize
    /// The file under `Sources/Lessons/Rooms/` whose code the student reads.
    public var sourceFileName: String

    public init(
        id: String, title: String, summary: String, order: Int, gestures: [GestureKind],
        bounds: CGSize = CGSize(width: 375, height: 667), sourceFileName: String
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.order = order
        self.gestures = gestures
        self.bounds = bounds
        self.sourceFileName = sourceFileName
    }
}

/// A live, tunable value of a lesson (gravity magnitude, elasticity, …).
public struct LessonParameter: Sendable, Equatable {
    public var name: String
    public var label: String
    public var value: Double
    public var min: Double
    public var max: Double
    public var step: Double

    public init(name: String, label: String, value: Double, min: Double, max: Double, step: Double) {
        self.name = name
        self.label = label
        self.value = value
        self.min = min
        self.max = max
        self.step = step
    }
}

/// Something a student should read, such as "Frog Collided".
public struct LessonEvent: Sendable, Equatable {
    /// Machine name: `collision-began`, `collision-ended`, …
    public var name: String
    /// What the student reads.
    public var text: String
    /// The item it concerns, if any.
    public var item: Int?
    /// Where it happened, in reference-view points, if anywhere.
    public var point: CGPoint?

    public init(name: String, text: String, item: Int? = nil, point: CGPoint? = nil) {
        self.name = name
        self.text = text
        self.item = item
        self.point = point
    }
}

/// The outline a client draws for an item.
public enum ItemShape: String, Sendable, Codable {
    case rect, ellipse, path
}

/// One item of a lesson's scene as a client draws it, with its state now.
public struct SceneItem: Sendable, Equatable {
    /// Stable within the room for the item's life; never reused in that room.
    public var id: Int
    public var name: String
    public var shape: ItemShape
    /// Size in points.
    public var size: CGSize
    /// CSS colour, `#rrggbb`.
    public var color: String
    /// False for a view with no background (a label): only its text is drawn.
    public var isFilled: Bool
    /// A drawn sprite instead of a plain shape: `frog`, `dragon`, …
    public var sprite: String?
    /// A label drawn on the item (buttons, alerts).
    public var text: String?
    /// For `.path` items: the outline relative to the centre, in points.
    public var path: [CGPoint]?
    public var cornerRadius: Double
    /// Centre in reference-view points.
    public var center: CGPoint
    /// Rotation in radians, positive clockwise on screen.
    public var angle: Double
    /// Opacity from 0 to 1.
    public var alpha: Double
    public var isHidden: Bool
    /// True when the item is not moving (asleep in the engine, or not simulated at all).
    public var isAtRest: Bool

    public init(
        id: Int, name: String, shape: ItemShape, size: CGSize, color: String, isFilled: Bool = true,
        sprite: String? = nil,
        text: String? = nil, path: [CGPoint]? = nil, cornerRadius: Double = 0, center: CGPoint,
        angle: Double = 0, alpha: Double = 1, isHidden: Bool = false, isAtRest: Bool = false
    ) {
        self.id = id
        self.name = name
        self.shape = shape
        self.size = size
        self.color = color
        self.isFilled = isFilled
        self.sprite = sprite
        self.text = text
        self.path = path
        self.cornerRadius = cornerRadius
        self.center = center
        self.angle = angle
        self.alpha = alpha
        self.isHidden = isHidden
        self.isAtRest = isAtRest
    }
}

/// A line to draw: an attachment's rod or a spring.
public struct SceneLine: Sendable, Equatable {
    public var from: CGPoint
    public var to: CGPoint

    public init(from: CGPoint, to: CGPoint) {
        self.from = from
        self.to = to
    }
}

/// A collision boundary to draw (a line, a path, or the reference bounds).
public struct SceneBoundary: Sendable, Equatable {
    /// The boundary's identifier, or nil for the reference bounds.
    public var identifier: String?
    public var points: [CGPoint]
    public var isClosed: Bool

    public init(identifier: String?, points: [CGPoint], isClosed: Bool) {
        self.identifier = identifier
        self.points = points
        self.isClosed = isClosed
    }
}

/// Why a lesson refused a request. The message is what the client is told.
public enum LessonError: Error, Equatable, Sendable {
    case unknownParameter(String)
    case valueOutOfRange(name: String, value: Double, min: Double, max: Double)

    public var message: String {
        switch self {
        case .unknownParameter(let name):
            return "this lesson has no parameter named \(name)"
        case .valueOutOfRange(let name, let value, let min, let max):
            return "\(name) must be a number from \(min) to \(max); \(value) was refused"
        }
    }
}

/// What a state frame carries of an item (docs/protocol.md): its pose, opacity and flags, not
/// what it looks like (that goes in `scene` messages, when items come or go).
public struct ItemPose: Sendable, Equatable {
    public var id: Int
    /// Centre in reference-view points.
    public var center: CGPoint
    /// Rotation in radians, positive clockwise on screen.
    public var angle: Double
    public var alpha: Double
    public var isHidden: Bool
    public var isAtRest: Bool

    public init(id: Int, center: CGPoint, angle: Double, alpha: Double, isHidden: Bool, isAtRest: Bool) {
        self.id = id
        self.center = center
        self.angle = angle
        self.alpha = alpha
        self.isHidden = isHidden
        self.isAtRest = isAtRest
    }

    public init(_ item: SceneItem) {
        self.init(
            id: item.id, center: item.center, angle: item.angle, alpha: item.alpha, isHidden: item.isHidden,
            isAtRest: item.isAtRest)
    }
}

/// One running lesson: the program of one room. A room owns one instance and calls it from
/// its single thread only; starting the lesson again means making a new instance.
public protocol Lesson: AnyObject {
    /// What the lesson is; the same for every instance.
    static var info: LessonInfo { get }

    /// Builds the scene exactly as the tutorial's code does.
    init()

    /// Every item a client should draw, with its state now, in drawing order.
    var items: [SceneItem] { get }
    /// The items' poses now, in the order of `items`: what a room reads every tick for its
    /// frame, so a lesson that can give them without describing each item (its name, colour,
    /// text) does it more cheaply.
    var poses: [ItemPose] { get }
    /// Bumps whenever items are added or removed, so a room knows to send `scene`.
    var sceneVersion: Int { get }
    /// The boundaries a client should draw.
    var boundaries: [SceneBoundary] { get }
    /// Attachment and spring lines to draw now.
    var lines: [SceneLine] { get }
    /// The live parameters and their values now.
    var parameters: [LessonParameter] { get }

    /// Sets a live parameter on the running animator; refuses unknown names and values
    /// outside `min...max` (NaN included) without changing anything.
    func setParameter(_ name: String, to value: Double) throws(LessonError)

    /// A tap at a point of the reference view. Lessons that take no taps ignore it.
    func tap(at point: CGPoint)
    /// One step of a drag.
    func pan(_ phase: PanPhase, at point: CGPoint)
    /// A push gesture at a point, with the swipe vector when there was a swipe.
    func push(at point: CGPoint, swipe: CGVector?)

    /// Advances the lesson's clock (its animator) by `dt` seconds.
    func advance(by dt: TimeInterval)
    /// Simulation time in seconds since the lesson started.
    var elapsedTime: TimeInterval { get }
    /// True when nothing moves and nothing will until a gesture or a parameter changes.
    var isAtRest: Bool { get }

    /// Events since the last call, oldest first.
    func drainEvents() -> [LessonEvent]

    /// Velocities, forces by behaviour, contacts and line tensions of the last step. Only
    /// computed when a client asked for them; a lesson without an animator has none.
    var measurements: LessonMeasurements { get }
}

extension Lesson {
    public var measurements: LessonMeasurements { .empty }
    public var poses: [ItemPose] { items.map(ItemPose.init) }
}
