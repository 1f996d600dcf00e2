import Foundation

/// The layer properties tutorials set on a view (corner radius, border, shadow), kept as
/// plain values: nothing is drawn headlessly, but clients receive them. Layers added with
/// `addSublayer(_:)` are kept, in order, as decoration: they never collide or move items.
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

    /// The layers added to this one, back to front; nil until the first is added, as in UIKit.
    public private(set) var sublayers: [CALayer]?
    /// The layer this one was added to.
    public private(set) weak var superlayer: CALayer?

    public init() {}

    /// Adds `layer` in front of the other sublayers, taking it from its old superlayer first
    /// (adding a layer twice moves it to the front; it is never kept twice).
    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(clamping: sublayers?.count ?? 0))
    }

    /// Inserts `layer` at `idx` among the sublayers (clamped to their count), taking it from
    /// its old superlayer first.
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(idx), list.count))
        sublayers = list
        layer.superlayer = self
    }

    /// Takes the layer from its superlayer's sublayers.
    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }
}

/// How a shape layer joins the segments of its stroke (kept; nothing is drawn).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// How a shape layer ends its stroke (kept; nothing is drawn).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// A layer that draws a path (a line between a finger and an item, as tutorials draw it):
/// its properties are kept with UIKit's defaults, and headless nothing is drawn.
open class CAShapeLayer: CALayer {
    /// The path drawn, in the layer's coordinates.
    open var path: CGPath?
    /// The fill colour (UIKit's default: opaque black; nil fills nothing).
    open var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// The stroke colour (nil, the default, strokes nothing).
    open var strokeColor: CGColor?
    /// The stroke's width, points.
    open var lineWidth: CGFloat = 1
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var lineCap: CAShapeLayerLineCap = .butt
    /// The miter limit, as a multiple of the line width.
    open var miterLimit: CGFloat = 10
    /// Where the stroke starts and ends along the path, as fractions from 0 to 1.
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1

    public override init() { super.init() }
}
