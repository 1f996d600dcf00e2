/// A handle to a body: a slot index plus the slot's generation, so a handle to a destroyed
/// body is detected (every API call checks it) instead of touching a reused slot.
package struct BodyID: Hashable, Sendable, CustomStringConvertible {
    package var index: Int32
    package var generation: UInt32
    package init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
    package static let null = BodyID(index: -1, generation: 0)
    package var description: String { "body(\(index):\(generation))" }
}

/// A handle to a shape; see `BodyID`.
package struct ShapeID: Hashable, Sendable, CustomStringConvertible {
    package var index: Int32
    package var generation: UInt32
    package init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
    package static let null = ShapeID(index: -1, generation: 0)
    package var description: String { "shape(\(index):\(generation))" }
}

/// A handle to a joint; see `BodyID`.
package struct JointID: Hashable, Sendable, CustomStringConvertible {
    package var index: Int32
    package var generation: UInt32
    package init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
    package static let null = JointID(index: -1, generation: 0)
    package var description: String { "joint(\(index):\(generation))" }
}

/// A handle to a chain: the segments made by one `createChain` call.
package struct ChainID: Hashable, Sendable {
    package var index: Int32
    package var generation: UInt32
    package init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
    package static let null = ChainID(index: -1, generation: 0)
}
