import Foundation

/// How much a constraint matters: UIKit's scale, 1 to 1000 (required).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
}

/// A relation between two views' edges, centres or sizes (`first = second × multiplier +
/// constant`), kept by the views' nearest common ancestor while it is active.
///
/// Layout here is direct, not solved: each active constraint, in the order it was activated,
/// sets its first item's attribute from the second's (an inequality only when it is broken),
/// when it is activated, when its `constant` changes and at `layoutIfNeeded()`. That is what
/// code about dynamics asks of auto layout: a view pinned to a place or a size, a constant
/// animated to move it. Conflicting or circular constraints are not resolved as UIKit would.
open class NSLayoutConstraint: NSObject {
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline = 12
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    public private(set) weak var firstItem: AnyObject?
    public private(set) weak var secondItem: AnyObject?
    public let firstAttribute: Attribute
    public let secondAttribute: Attribute
    public let relation: Relation
    public let multiplier: CGFloat
    open var priority = UILayoutPriority.required
    open var identifier: String?
    open var shouldBeArchived = false

    /// Moves its view at once when the constraint is active (what animating a constant does).
    open var constant: CGFloat {
        didSet { if isActive { owner?.applyConstraints() } }
    }

    /// Active: kept by the items' nearest common ancestor and applied.
    open var isActive: Bool {
        get { owner != nil }
        set {
            if newValue == isActive { return }
            if newValue {
                guard let ancestor = commonAncestor() else { return }
                ancestor.addConstraint(self)
            } else {
                owner?.removeConstraint(self)
            }
        }
    }

    /// The view that holds it while it is active.
    weak var owner: UIView?
    /// A layout guide made for this constraint (`view.safeAreaLayoutGuide.topAnchor`): kept
    /// here, as nothing else keeps it.
    private let guides: [UILayoutGuide]

    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        firstItem = view1 as AnyObject
        secondItem = view2.map { $0 as AnyObject }
        guides = [view1, view2].compactMap { $0 as? UILayoutGuide }
        firstAttribute = attr1
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier.isFinite ? multiplier : 1
        constant = c.isFinite ? c : 0
        super.init()
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    /// The views' nearest common ancestor (the view itself for a size alone, or a constraint
    /// to its own superview: the superview).
    func commonAncestor() -> UIView? {
        guard let first = Self.view(of: firstItem) else { return nil }
        guard let second = Self.view(of: secondItem) else { return first }
        var ancestors: [ObjectIdentifier] = []
        var v: UIView? = first
        while let current = v {
            ancestors.append(ObjectIdentifier(current))
            v = current.superview
        }
        v = second
        while let current = v {
            if ancestors.contains(ObjectIdentifier(current)) { return current }
            v = current.superview
        }
        return nil
    }

    static func view(of item: AnyObject?) -> UIView? {
        (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
    }

    /// Sets the first item's attribute from the second's, in the first item's superview's
    /// coordinates.
    func apply() {
        guard let first = Self.view(of: firstItem), firstAttribute != .notAnAttribute else { return }
        let space = first.superview
        var target = constant
        if let second = Self.view(of: secondItem), secondAttribute != .notAnAttribute {
            target = Self.value(secondAttribute, of: Self.rect(second, in: space, from: first)) * multiplier + constant
        }
        guard target.isFinite else { return }
        let current = Self.value(firstAttribute, of: first.frame)
        switch relation {
        case .equal: break
        case .lessThanOrEqual: if current <= target { return }
        case .greaterThanOrEqual: if current >= target { return }
        }
        var frame = first.frame
        switch firstAttribute {
        case .left, .leading, .leftMargin, .leadingMargin: frame.origin.x = target
        case .right, .trailing, .rightMargin, .trailingMargin: frame.origin.x = target - frame.width
        case .top, .topMargin, .firstBaseline: frame.origin.y = target
        case .bottom, .bottomMargin, .lastBaseline: frame.origin.y = target - frame.height
        case .width: frame.size.width = max(0, target)
        case .height: frame.size.height = max(0, target)
        case .centerX, .centerXWithinMargins: frame.origin.x = target - frame.width / 2
        case .centerY, .centerYWithinMargins: frame.origin.y = target - frame.height / 2
        case .notAnAttribute: return
        }
        if frame != first.frame { first.frame = frame }
    }

    /// A view's rect in `space` (its superview's bounds where it is that superview).
    private static func rect(_ view: UIView, in space: UIView?, from first: UIView) -> CGRect {
        guard let space else { return view === first ? first.frame : view.frame }
        if view === space { return space.bounds }
        if view.superview === space { return view.frame }
        return view.convert(view.bounds, to: space)
    }

    static func value(_ attribute: Attribute, of r: CGRect) -> CGFloat {
        switch attribute {
        case .left, .leading, .leftMargin, .leadingMargin: r.minX
        case .right, .trailing, .rightMargin, .trailingMargin: r.maxX
        case .top, .topMargin, .firstBaseline: r.minY
        case .bottom, .bottomMargin, .lastBaseline: r.maxY
        case .width: r.width
        case .height: r.height
        case .centerX, .centerXWithinMargins: r.midX
        case .centerY, .centerYWithinMargins: r.midY
        case .notAnAttribute: 0
        }
    }
}

/// One edge, centre or size of a view, to make constraints from (`view.topAnchor`).
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    /// Strong: an anchor lives for an expression, and a guide made for it has no other owner.
    let item: AnyObject?
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    private func make(_ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?, _ multiplier: CGFloat, _ c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(
            item: item as Any, attribute: attribute, relatedBy: relation, toItem: anchor?.item, attribute: anchor?.attribute ?? .notAnAttribute,
            multiplier: multiplier, constant: c)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor, 1, 0) }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.greaterThanOrEqual, anchor, 1, 0) }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, 1, 0) }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { make(.equal, anchor, 1, c) }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, 1, c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, 1, c)
    }

    fileprivate func dimension(_ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?, _ multiplier: CGFloat, _ c: CGFloat) -> NSLayoutConstraint {
        make(relation, anchor, multiplier, c)
    }
}

public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { dimension(.equal, nil, 1, c) }
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { dimension(.greaterThanOrEqual, nil, 1, c) }
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { dimension(.lessThanOrEqual, nil, 1, c) }
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint { dimension(.equal, anchor, m, 0) }
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        dimension(.equal, anchor, m, c)
    }
}

/// A view's layout rectangle by another name (`view.safeAreaLayoutGuide`): the view's own
/// bounds here, as a server's screen has no notch or bars.
open class UILayoutGuide: NSObject {
    public internal(set) weak var owningView: UIView?
    open var identifier = ""
    public override init() { super.init() }
    init(owningView: UIView) {
        self.owningView = owningView
        super.init()
    }
    open var layoutFrame: CGRect { owningView?.bounds ?? .zero }
}

/// What has edges, centres and a size to constrain: a view and a layout guide, with the same
/// anchors (UIKit declares them on each).
public protocol UILayoutAnchoring: AnyObject {}

extension UILayoutAnchoring {
    private func x(_ a: NSLayoutConstraint.Attribute) -> NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: a) }
    private func y(_ a: NSLayoutConstraint.Attribute) -> NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: a) }
    public var leadingAnchor: NSLayoutXAxisAnchor { x(.leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { x(.trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { x(.left) }
    public var rightAnchor: NSLayoutXAxisAnchor { x(.right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { x(.centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { y(.top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { y(.bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { y(.centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

extension UILayoutGuide: UILayoutAnchoring {}

extension UIView: UILayoutAnchoring {
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
    public var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide(owningView: self) }
    public var layoutMarginsGuide: UILayoutGuide { UILayoutGuide(owningView: self) }

    /// The constraints this view holds (those whose items it is the nearest common ancestor of).
    public var constraints: [NSLayoutConstraint] { heldConstraints }

    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.owner === self { return }
        constraint.owner?.removeConstraint(constraint)
        heldConstraints.append(constraint)
        constraint.owner = self
        applyConstraints()
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { addConstraint(c) }
    }

    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.owner === self else { return }
        heldConstraints.removeAll { $0 === constraint }
        constraint.owner = nil
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { removeConstraint(c) }
    }

    public func updateConstraints() {}
    public func setNeedsUpdateConstraints() { setNeedsLayout() }
    public func updateConstraintsIfNeeded() { applyConstraints() }

    /// Applies this view's constraints, in the order they were added, and its subviews'.
    func applyConstraints() {
        for c in heldConstraints { c.apply() }
        for child in subviews where !child.heldConstraints.isEmpty || !child.subviews.isEmpty { child.applyConstraints() }
    }
}
