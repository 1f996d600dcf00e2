import Foundation

/// An offset from an item's centre, in points of the item's own (rotating) frame.
public struct UIOffset: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    public init() {
        self.init(horizontal: 0, vertical: 0)
    }

    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let zero = UIOffset()

    public var description: String { "UIOffset(horizontal: \(horizontal), vertical: \(vertical))" }

    var isFinite: Bool { horizontal.isFinite && vertical.isFinite }
}

/// Insets of a rectangle's edges, in points; positive values shrink the rectangle.
public struct UIEdgeInsets: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = UIEdgeInsets()

    public var description: String { "UIEdgeInsets(top: \(top), left: \(left), bottom: \(bottom), right: \(right))" }

    var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

/// A closed range of floating-point values (points along a sliding axis, or radians of a
/// pin's rotation either way).
public struct UIFloatRange: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var minimum: CGFloat
    public var maximum: CGFloat

    public init() {
        self.init(minimum: 0, maximum: 0)
    }

    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// `{0, 0}`: no motion allowed.
    public static let zero = UIFloatRange()
    /// `{-∞, +∞}`: no limit.
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)

    /// True when the range is unbounded on both sides (beyond the largest Float, as UIKit).
    public var isInfinite: Bool {
        minimum <= -CGFloat(Float.greatestFiniteMagnitude) && maximum >= CGFloat(Float.greatestFiniteMagnitude)
    }

    public var description: String { "UIFloatRange(minimum: \(minimum), maximum: \(maximum))" }
}

/// UIKit's C-style constructors, still common in older tutorials.
public func UIOffsetMake(_ horizontal: CGFloat, _ vertical: CGFloat) -> UIOffset {
    UIOffset(horizontal: horizontal, vertical: vertical)
}

public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}
