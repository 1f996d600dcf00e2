import Foundation
import UIKitDynamics

/// What acted on one item of a lesson in its last step (for the page's overlays and plot).
public struct ItemMeasurement: Sendable, Equatable {
    public var id: Int
    /// Points per second.
    public var velocity: CGVector
    /// Radians per second.
    public var angularVelocity: Double
    /// UIKit mass.
    public var mass: Double
    /// UIKit Newtons, by the kind of behaviour that applied them.
    public var forces: UIDynamicForces
    /// The behaviours that hold the item.
    public var behaviors: UIDynamicBehaviorSet

    public init(
        id: Int, velocity: CGVector, angularVelocity: Double, mass: Double, forces: UIDynamicForces,
        behaviors: UIDynamicBehaviorSet
    ) {
        self.id = id
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        self.mass = mass
        self.forces = forces
        self.behaviors = behaviors
    }
}

/// A point where an item touches another item (`other`) or a boundary (`other` nil).
public struct ContactMeasurement: Sendable, Equatable {
    public var point: CGPoint
    /// Unit normal into `item`.
    public var normal: CGVector
    /// The force on `item` there, UIKit Newtons.
    public var force: CGVector
    public var item: Int
    public var other: Int?

    public init(point: CGPoint, normal: CGVector, force: CGVector, item: Int, other: Int?) {
        self.point = point
        self.normal = normal
        self.force = force
        self.item = item
        self.other = other
    }
}

/// The tension of one drawn attachment line (in the order of `Lesson.lines`).
public struct LineMeasurement: Sendable, Equatable {
    /// UIKit Newtons, positive when pulling.
    public var tension: Double
    /// Joules stored in a spring (zero for a rod).
    public var springEnergy: Double

    public init(tension: Double, springEnergy: Double) {
        self.tension = tension
        self.springEnergy = springEnergy
    }
}

/// Everything the overlays need about a lesson's last step.
public struct LessonMeasurements: Sendable, Equatable {
    public var items: [ItemMeasurement]
    public var contacts: [ContactMeasurement]
    public var lines: [LineMeasurement]

    public init(items: [ItemMeasurement] = [], contacts: [ContactMeasurement] = [], lines: [LineMeasurement] = []) {
        self.items = items
        self.contacts = contacts
        self.lines = lines
    }

    public static let empty = LessonMeasurements()
}
