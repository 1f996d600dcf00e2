import Foundation
import Physics2D

/// What an animator keeps for one item that any of its behaviours references: the item's
/// engine body and shape, the material last applied to them, and its collision memberships.
final class ItemRecord {
    // What every step reads and writes for every item is declared first, so it shares the
    // record's first cache lines (stored properties are laid out in declaration order).
    let item: UIDynamicItem
    var body: BodyID = .null
    /// The pose written to the item last (or read from it), to write only what changed.
    /// Read and written for every item at every step, only by the animator's own step on its
    /// thread, never through a long access: so without the run-time exclusivity check (with
    /// it, the check and its access set cost as much as the rest of the write-back).
    @exclusivity(unchecked) var lastPosition: Vec2 = .zero
    @exclusivity(unchecked) var lastRotation: Rot = .identity
    /// The forces the animator itself applied in the last step (gravity, pushes, fields), for
    /// measurement; joint and contact forces are read from the engine when asked. Written
    /// for every item at every step, unchecked like `lastPosition` and for the same reason.
    @exclusivity(unchecked) var appliedForces = AppliedForces()

    /// Stable index of this record in the animator's slot table: the body's user data, and
    /// the shape's user data minus one (boundary shapes have negative user data).
    let slot: Int
    /// The synchronisation pass that last found the item referenced.
    var mark: UInt32 = 0

    /// The body's first shape, and all of them (a group has one per member).
    var shape: ShapeID = .null
    var shapes: [ShapeID] = []
    /// No behaviour referenced the item any more when one was last removed: at the next
    /// synchronisation its body is made anew from the item's state (UIKit destroys the body
    /// then, so re-adding behaviours in the same step starts the item afresh, at rest).
    var isReleased = false

    /// The material applied to the engine now, and the one the item behaviours ask for.
    var appliedMaterial = Material.simulatedDefault
    var material = Material.simulatedDefault

    /// Indices (in the animator's list of collision behaviours) of the collision behaviours
    /// holding this item that collide items, and that collide boundaries.
    var itemCollisions: [Int] = []
    var boundaryCollisions: [Int] = []
    var appliedItemCollisions: [Int] = []
    var appliedBoundaryCollisions: [Int] = []
    var isBullet = false

    init(item: UIDynamicItem, slot: Int) {
        self.item = item
        self.slot = slot
    }

    var hasBody: Bool { body != .null }
}

/// Forces the animator applied to one body in one step, newtons, by the behaviour kind that
/// applied them. Plain stored vectors: accumulating them allocates nothing.
struct AppliedForces {
    var gravity: Vec2 = .zero
    var push: Vec2 = .zero
    var field: Vec2 = .zero
}

/// The material of an item's body, in engine units.
struct Material: Equatable {
    var friction: Float = 0.2
    var restitution: Float = 0
    /// kg/m² (= UIKit density).
    var density: Float = 1
    /// 1/s.
    var linearDamping: Float = 0
    var angularDamping: Float = 0
    var fixedRotation = false
    var isAnchored = false
    /// Electric charge, for electric and magnetic fields (not an engine property).
    var charge: Float = 0

    /// What an item no item behaviour configures simulates with (docs/api.md, "Defaults").
    static let simulatedDefault = Material()
}

/// One piece of collision boundary in the world: the owner and the identifier the
/// delegate hears (nil for the reference bounds).
struct BoundaryRecord {
    unowned let behavior: UICollisionBehavior
    let identifier: NSCopying?
}
