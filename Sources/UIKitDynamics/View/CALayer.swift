import Foundation

/// The layer properties tutorials set on a view (corner radius, border, shadow), kept as
/// plain values: nothing is drawn headlessly, but clients receive them.
open class CALayer {
    /// Radius of the rounded corners, points.
    open var cornerRadius: CGFloat = 0
    /// Border width, points.
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var shadowColor: CGColor?
    /// Shadow opacity from 0 to 1.
    open var shadowOpacity: Float = 0
    /// Shadow offset, points.
    open var shadowOffset = CGSize(width: 0, height: -3)
    /// Shadow blur radius, points.
    open var shadowRadius: CGFloat = 3
    open var masksToBounds = false

    public init() {}
}
