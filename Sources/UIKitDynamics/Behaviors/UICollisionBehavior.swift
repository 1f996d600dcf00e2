import Foundation
import Physics2D

/// Hears contacts of a collision behaviour's items. Every method defaults to nothing.
public protocol UICollisionBehaviorDelegate: AnyObject {
    /// Two items began touching at `p` (animator coordinates, points).
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem,
        at p: CGPoint)
    /// Two items stopped touching.
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem)
    /// An item began touching a boundary at `p`; the identifier is nil for the reference bounds.
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
        withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint)
    /// An item stopped touching a boundary.
    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?)
}

extension UICollisionBehaviorDelegate {
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem,
        at p: CGPoint
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
        withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint
    ) {}
    public func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?
    ) {}
}

/// Makes its items collide with each other and with boundaries: the reference view's
/// bounds (optionally inset), lines, and Bézier paths (curves flattened to about 10-point
/// segments). Items collide only with items of a collision behaviour they share.
/// Boundaries are infinitely thin, static, friction 0.2, elasticity 0.
open class UICollisionBehavior: UIDynamicBehavior {
    /// What the items collide with.
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Items collide with each other (not with boundaries).
        public static let items = Mode(rawValue: 1)
        /// Items collide with boundaries only.
        public static let boundaries = Mode(rawValue: 2)
        /// Both.
        public static let everything = Mode(rawValue: .max)
    }

    private struct Boundary {
        let identifier: NSCopying
        let path: UIBezierPath
        var shapes: [ShapeID] = []
        var slot = -1
    }

    private var list: ItemList
    private var boundaries: [Boundary] = []
    private var storedMode = Mode.everything
    private var translatesBounds = false
    private var insets = UIEdgeInsets.zero

    /// The index of this behaviour in its animator's list of collision behaviours, or -1.
    var collisionIndex = -1
    /// The static body holding this behaviour's boundaries in its animator's world.
    private var boundaryBody: BodyID = .null
    private var referenceChain: ChainID = .null
    private var referenceSlot = -1
    private var referenceRect: CGRect?

    public init(items: [UIDynamicItem]) {
        list = ItemList(items)
        super.init()
    }

    public convenience override init() {
        self.init(items: [])
    }

    open func addItem(_ item: UIDynamicItem) {
        if list.insert(item) { itemsDidChange(item) }
    }

    open func removeItem(_ item: UIDynamicItem) {
        if list.remove(item) != nil { itemsDidChange(item) }
    }

    open var items: [UIDynamicItem] { list.items }

    /// `.everything` by default.
    open var collisionMode: Mode { get { storedMode } set { storedMode = newValue; itemsDidChange() } }

    /// Whether the reference view's bounds are a boundary (identifier nil). Setting it
    /// resets the insets to zero.
    open var translatesReferenceBoundsIntoBoundary: Bool {
        get { translatesBounds }
        set {
            translatesBounds = newValue
            insets = .zero
            itemsDidChange()
        }
    }

    /// Makes the reference bounds, shrunk by `insets` (points; negative grows), a boundary.
    /// Non-finite insets are ignored.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        guard insets.isFinite else { return }
        translatesBounds = true
        self.insets = insets
        itemsDidChange()
    }

    /// The insets of the reference-bounds boundary (a Newtons extension, for drawing it).
    public var referenceBoundsInsets: UIEdgeInsets { insets }

    /// Adds a boundary along `bezierPath` (animator coordinates); a two-sided wall along
    /// every subpath. Reusing an identifier replaces its boundary.
    open func addBoundary(withIdentifier identifier: NSCopying, for bezierPath: UIBezierPath) {
        removeBoundaryStorage(identifier)
        let copy = (bezierPath.copy() as? UIBezierPath) ?? bezierPath
        boundaries.append(Boundary(identifier: identifier, path: copy))
        itemsDidChange()
    }

    /// Adds a line-segment boundary from `p1` to `p2`.
    open func addBoundary(withIdentifier identifier: NSCopying, from p1: CGPoint, to p2: CGPoint) {
        let path = UIBezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// The path of the boundary added under `identifier`, if any.
    open func boundary(withIdentifier identifier: NSCopying) -> UIBezierPath? {
        boundaries.first { Self.same($0.identifier, identifier) }?.path
    }

    open func removeBoundary(withIdentifier identifier: NSCopying) {
        if removeBoundaryStorage(identifier) { itemsDidChange() }
    }

    /// The identifiers of the boundaries added (not the reference bounds), or nil when there
    /// are none.
    open var boundaryIdentifiers: [NSCopying]? {
        boundaries.isEmpty ? nil : boundaries.map(\.identifier)
    }

    /// Removes every added boundary (the reference bounds stay).
    open func removeAllBoundaries() {
        guard !boundaries.isEmpty else { return }
        for b in boundaries { destroyShapes(of: b) }
        boundaries.removeAll()
        itemsDidChange()
    }

    /// Hears contacts (held weakly).
    open weak var collisionDelegate: UICollisionBehaviorDelegate?

    // MARK: Engine

    override var engineItems: [UIDynamicItem] { list.items }

    override func engineSync(_ animator: UIDynamicAnimator) {
        let world = animator.world
        if !world.isValid(boundaryBody) {
            var def = BodyDef()
            def.type = .static
            boundaryBody = world.createBody(def)
            referenceChain = .null
            referenceRect = nil
            for i in boundaries.indices { boundaries[i].shapes = [] }
        }
        syncReferenceBounds(animator)
        for i in boundaries.indices where boundaries[i].shapes.isEmpty {
            buildBoundary(at: i, animator)
        }
    }

    override func engineDetach(_ animator: UIDynamicAnimator) {
        for i in boundaries.indices {
            animator.freeBoundarySlot(boundaries[i].slot)
            boundaries[i].slot = -1
            boundaries[i].shapes = []
        }
        animator.freeBoundarySlot(referenceSlot)
        referenceSlot = -1
        referenceChain = .null
        referenceRect = nil
        animator.world.destroyBody(boundaryBody)
        boundaryBody = .null
        collisionIndex = -1
    }

    private func syncReferenceBounds(_ animator: UIDynamicAnimator) {
        let world = animator.world
        var wanted: CGRect?
        if translatesBounds, let bounds = animator.referenceBounds {
            let r = bounds.inset(by: insets)
            if r.isFiniteRect, r.width > 0, r.height > 0 { wanted = r }
        }
        guard wanted != referenceRect else { return }
        world.destroyChain(referenceChain)
        referenceChain = .null
        referenceRect = wanted
        guard let r = wanted else { return }
        if referenceSlot < 0 {
            referenceSlot = animator.allocateBoundarySlot(BoundaryRecord(behavior: self, identifier: nil))
        }
        var def = ShapeDef()
        def.friction = 0.2
        def.restitution = 0
        def.userData = -(referenceSlot + 1)
        // Chain segments collide on the side their right-hand normal points to: running
        // counter-clockwise as seen on the (y-down) screen keeps items inside.
        let points = [
            Vec2(pointsX: r.minX, y: r.maxY), Vec2(pointsX: r.maxX, y: r.maxY),
            Vec2(pointsX: r.maxX, y: r.minY), Vec2(pointsX: r.minX, y: r.minY),
        ]
        referenceChain = world.createChain(on: boundaryBody, points: points, isLoop: true, def)
    }

    private func buildBoundary(at i: Int, _ animator: UIDynamicAnimator) {
        let world = animator.world
        if boundaries[i].slot < 0 {
            boundaries[i].slot = animator.allocateBoundarySlot(
                BoundaryRecord(behavior: self, identifier: boundaries[i].identifier))
        }
        var def = ShapeDef()
        def.friction = 0.2
        def.restitution = 0
        def.userData = -(boundaries[i].slot + 1)
        var shapes: [ShapeID] = []
        for subpath in boundaries[i].path.flattenedSubpaths() {
            var points = subpath.points
            if subpath.isClosed, let first = points.first { points.append(first) }
            guard points.count >= 2 else { continue }
            for k in 0..<(points.count - 1) {
                let a = Vec2(points: points[k]), b = Vec2(points: points[k + 1])
                guard a.isValid, b.isValid, distance(a, b) > 0 else { continue }
                let shape = world.createShape(on: boundaryBody, def, .segment(Segment(point1: a, point2: b)))
                if shape != .null { shapes.append(shape) }
            }
        }
        boundaries[i].shapes = shapes
    }

    private func destroyShapes(of boundary: Boundary) {
        guard let animator = owner else { return }
        for shape in boundary.shapes { animator.world.destroyShape(shape) }
        animator.freeBoundarySlot(boundary.slot)
    }

    @discardableResult
    private func removeBoundaryStorage(_ identifier: NSCopying) -> Bool {
        guard let i = boundaries.firstIndex(where: { Self.same($0.identifier, identifier) }) else { return false }
        destroyShapes(of: boundaries[i])
        boundaries.remove(at: i)
        return true
    }

    /// Identifiers are equal when `isEqual` says so (strings, numbers), else when identical.
    static func same(_ a: NSCopying, _ b: NSCopying) -> Bool {
        if let x = a as? NSObject, let y = b as? NSObject { return x.isEqual(y) }
        return (a as AnyObject) === (b as AnyObject)
    }
}
