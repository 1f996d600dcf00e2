import Foundation
import Physics2D

/// Accelerates its items, whatever their mass: magnitude 1.0 is 1000 points/s² (10 m/s²),
/// downwards by default.
///
/// The acceleration is stored as one vector; `angle` and `magnitude` are read from it.
/// Several gravity behaviours on one item add up. Non-finite values are ignored.
open class UIGravityBehavior: UIDynamicBehavior {
    private var list: ItemList
    private var vector = CGVector(dx: 0, dy: 1)
    /// The bodies of `boundRecords`, in order, as the last synchronisation left them (the
    /// animator's gravity step; null where an item has no body).
    var weighedBodies: [BodyID] = []

    func listWeighedBodies() {
        weighedBodies.removeAll(keepingCapacity: true)
        for record in boundRecords { weighedBodies.append(record.body) }
    }

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

    /// The acceleration in UIKit gravities per axis: (0, 1) is 1000 points/s² down the
    /// screen. Its length is `magnitude`, its direction `angle`.
    open var gravityDirection: CGVector { get { vector } set { setParameter(newValue) { vector = $0 } } }

    /// Direction in radians from +x towards +y (π/2, the default, is down the screen).
    /// Setting it keeps the magnitude; a zero vector stays zero.
    open var angle: CGFloat {
        get { vector.dx == 0 && vector.dy == 0 ? 0 : atan2(vector.dy, vector.dx) }
        set {
            guard newValue.isFinite else { return }
            let m = magnitude
            vector = CGVector(dx: m * cos(newValue), dy: m * sin(newValue))
            parametersDidChange()
        }
    }

    /// Length of the vector: 1.0 is 1000 points/s². Setting 0 makes the vector (0, 0), so
    /// `angle` then reads 0 (as UIKit); negative values point the other way.
    open var magnitude: CGFloat {
        get { (vector.dx * vector.dx + vector.dy * vector.dy).squareRoot() }
        set {
            guard newValue.isFinite else { return }
            let a = angle
            vector = CGVector(dx: newValue * cos(a), dy: newValue * sin(a))
            parametersDidChange()
        }
    }

    /// Sets both the direction (radians) and the magnitude; ignored if either is not finite.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else { return }
        vector = CGVector(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
        parametersDidChange()
    }

    override var engineItems: [UIDynamicItem] { list.items }
}
