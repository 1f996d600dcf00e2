import Foundation
import Physics2D

/// Pushes its items with a force, continuously or once.
///
/// A continuous push of magnitude 1.0 is one UIKit Newton: it accelerates a 100 × 100-point
/// item of density 1 (mass 1) at 100 points/s². An instantaneous push of magnitude 1.0
/// changes that item's velocity by 100 points/s at the next step, then sets `active` to
/// false; set it to true again to push again. Non-finite values are ignored.
open class UIPushBehavior: UIDynamicBehavior {
    /// Continuous: a force every step while active. Instantaneous: one impulse.
    public enum Mode: Int, Sendable {
        case continuous = 0
        case instantaneous = 1
    }

    private var list: ItemList
    private var offsets: [UIOffset] = []
    private var storedActive = true
    private var storedAngle: CGFloat = 0
    private var storedMagnitude: CGFloat = 0

    /// How the push acts (fixed at creation).
    public let mode: Mode

    public init(items: [UIDynamicItem], mode: Mode) {
        list = ItemList(items)
        self.mode = mode
        super.init()
        offsets = Array(repeating: .zero, count: list.items.count)
    }

    open func addItem(_ item: UIDynamicItem) {
        guard list.insert(item) else { return }
        offsets.append(.zero)
        itemsDidChange(item)
    }

    open func removeItem(_ item: UIDynamicItem) {
        guard let i = list.remove(item) else { return }
        offsets.remove(at: i)
        itemsDidChange(item)
    }

    open var items: [UIDynamicItem] { list.items }

    /// Whether the push acts. An instantaneous push turns itself off after its impulse.
    open var active: Bool { get { storedActive } set { storedActive = newValue; parametersDidChange() } }

    /// Direction in radians from +x towards +y (UIKit geometry: positive is clockwise).
    open var angle: CGFloat { get { storedAngle } set { setParameter(newValue) { storedAngle = $0 } } }

    /// Size of the force in UIKit Newtons (or of the impulse); negative pushes the other
    /// way. Setting 0 keeps the angle.
    open var magnitude: CGFloat { get { storedMagnitude } set { setParameter(newValue) { storedMagnitude = $0 } } }

    /// The force as a vector (magnitude × direction); setting it sets both (a zero vector
    /// keeps the angle).
    open var pushDirection: CGVector {
        get { CGVector(dx: storedMagnitude * cos(storedAngle), dy: storedMagnitude * sin(storedAngle)) }
        set {
            guard newValue.dx.isFinite, newValue.dy.isFinite else { return }
            let m = (newValue.dx * newValue.dx + newValue.dy * newValue.dy).squareRoot()
            guard m.isFinite else { return }
            storedMagnitude = m
            if m > 0 { storedAngle = atan2(newValue.dy, newValue.dx) }
            parametersDidChange()
        }
    }

    /// Sets the direction (radians) and magnitude; ignored if either is not finite.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else { return }
        storedAngle = angle
        storedMagnitude = magnitude
        parametersDidChange()
    }

    /// Where the force acts on `item`, in points from its centre in the item's own (turning)
    /// frame; `.zero` (the centre) by default or for an item not in the push.
    open func targetOffsetFromCenter(for item: UIDynamicItem) -> UIOffset {
        list.index(of: item).map { offsets[$0] } ?? .zero
    }

    /// Makes the force act at `offset` from `item`'s centre, producing torque. Ignored for an
    /// item not in the push or a non-finite offset.
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: UIDynamicItem) {
        guard offset.isFinite, let i = list.index(of: item) else { return }
        offsets[i] = offset
        parametersDidChange()
    }

    // MARK: Engine

    override var engineItems: [UIDynamicItem] { list.items }

    /// The offset of the `i`th item, in metres of the body frame.
    func engineOffset(at i: Int) -> Vec2 {
        guard i < offsets.count else { return .zero }
        let o = offsets[i]
        return Vec2(pointsX: o.horizontal, y: o.vertical)
    }

    /// An instantaneous push has fired: it switches itself off (not a parameter change).
    func deactivateAfterImpulse() {
        storedActive = false
    }
}
