import Foundation

/// A two-dimensional vector, as in CoreGraphics: `dx`, `dy` in points (or UIKit units).
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() {
        dx = 0
        dy = 0
    }

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    public static let zero = CGVector(dx: 0, dy: 0)

    public var description: String { "(\(dx), \(dy))" }
}
