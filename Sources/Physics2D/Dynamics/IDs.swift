/// A handle to an engine object: a slot index plus the slot's generation, so a handle to a
/// destroyed object is detected (every API call checks it) instead of touching a reused slot.
/// `Kind` only keeps the handles apart: a `BodyID` is not a `ShapeID`.
package struct Handle<Kind: HandleKind>: Hashable, Sendable, CustomStringConvertible {
    package var index: Int32
    package var generation: UInt32
    package static var null: Self { Self(index: -1, generation: 0) }
    package var description: String { "\(Kind.name)(\(index):\(generation))" }

    /// Whether this handle names a live object of `slots` (the world's array, or a buffer of
    /// it): its slot is in use and still of the handle's generation.
    @inline(__always) func names<Slots: RandomAccessCollection>(in slots: Slots) -> Bool
    where Slots.Element: GenerationalSlot, Slots.Index == Int {
        index >= 0 && Int(index) < slots.count && slots[Int(index)].isAlive && slots[Int(index)].generation == generation
    }
}

/// A slot of the world's storage that a handle names: reused, so each use has a generation.
protocol GenerationalSlot {
    var generation: UInt32 { get }
    var isAlive: Bool { get }
}

extension Body: GenerationalSlot {}
extension Shape: GenerationalSlot {}
extension Chain: GenerationalSlot {}
extension Joint: GenerationalSlot {}

/// What a handle points to, by the name its description shows.
package protocol HandleKind: Sendable {
    static var name: String { get }
}

package enum BodyKind: HandleKind { package static let name = "body" }
package enum ShapeKind: HandleKind { package static let name = "shape" }
package enum JointKind: HandleKind { package static let name = "joint" }
/// The segments made by one `createChain` call.
package enum ChainKind: HandleKind { package static let name = "chain" }

/// A handle to a body.
package typealias BodyID = Handle<BodyKind>
/// A handle to a shape.
package typealias ShapeID = Handle<ShapeKind>
/// A handle to a joint.
package typealias JointID = Handle<JointKind>
/// A handle to a chain: the segments made by one `createChain` call.
package typealias ChainID = Handle<ChainKind>
