/// How a body moves.
package enum BodyType: Int, Sendable {
    /// Never moves; infinite mass (boundaries, anchored items).
    case `static` = 0
    /// Moves only by its set velocity; infinite mass.
    case kinematic = 1
    /// Moves under forces, contacts and joints.
    case dynamic = 2
}
