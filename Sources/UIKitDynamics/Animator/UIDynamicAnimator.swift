import Foundation
import Physics2D

/// Runs behaviours on items: owns one physics world, advanced in fixed steps of 1/60 s by
/// `advance(by:)` (the headless stand-in for UIKit's display link), and writes every moving
/// item's `center` and `transform` after each step.
///
/// Per step, in order: behaviour inputs (gravity, pushes), the physics step, write-back,
/// collision callbacks (all began, then all ended), every behaviour's `action` (depth first),
/// view animations and their completions, then the pause check. See docs/api.md.
open class UIDynamicAnimator: NSObject {
    /// The view whose coordinate system the animator uses; nil for an abstract animator.
    public private(set) var referenceView: UIView?
    private let hasReferenceView: Bool

    /// The top-level behaviours, in the order added.
    public private(set) var behaviors: [UIDynamicBehavior] = []

    /// Hears pause and resume.
    public weak var delegate: UIDynamicAnimatorDelegate?

    /// True while the animator is stepping: from a change that resumed it until every item
    /// is at rest (and no view animation runs).
    public internal(set) var isRunning = false

    // MARK: Engine state

    let world: World
    var records: [ItemRecord] = []
    var recordsByItem: [ObjectIdentifier: ItemRecord] = [:]
    var recordsBySlot: [ItemRecord?] = []
    var freeSlots: [Int] = []
    var boundarySlots: [BoundaryRecord?] = []
    var freeBoundarySlots: [Int] = []
    /// A static body at the origin that anchor attachments hang from.

    /// The behaviour tree flattened depth first, and the behaviours by kind, as of the last
    /// synchronisation.
    var flatBehaviors: [UIDynamicBehavior] = []
    var gravityBehaviors: [UIGravityBehavior] = []
    var pushBehaviors: [UIPushBehavior] = []
    var collisionBehaviors: [UICollisionBehavior] = []
    var itemBehaviors: [UIDynamicItemBehavior] = []
    var fieldBehaviors: [UIFieldBehavior] = []

    var needsSync = false
    var syncMark: UInt32 = 0
    var accumulator: Double = 0
    var steppedTime: Double = 0
    var isStepping = false
    private var isResuming = false

    var viewAnimations: [ViewAnimation] = []
    var finishedAnimationGroups: [ViewAnimationGroup] = []

    // MARK: Creating

    /// UIKit's private debug overlay switch, set with `setValue(true, forKey: "debugEnabled")`
    /// or `perform(NSSelectorFromString("setDebugEnabled:"), with: true)`.
    var isDebugEnabled = false

    /// Objective-C's message sending by name, as code reaches UIKit's private debug overlay
    /// (`setDebugEnabled:` with true or false, kept: `isDebugEnabled`). Other selectors are
    /// ignored. Returns nil, as for a method with no object to return.
    @discardableResult
    public func perform(_ aSelector: Selector, with object: Any?) -> Unmanaged<AnyObject>? {
        if aSelector.name == "setDebugEnabled:" {
            isDebugEnabled = (object as? Bool) ?? (object as? NSNumber)?.boolValue ?? (object != nil)
        }
        return nil
    }

    /// An animator in `view`'s coordinate system. Its items should be `view` descendants
    /// (UIKit requires it): a view item outside the reference view gets no body.
    public init(referenceView view: UIView) {
        referenceView = view
        hasReferenceView = true
        world = World(gravity: .zero)
        super.init()
        view.dynamicAnimatorClock = self
        installFilter()
    }

    /// An animator with an abstract coordinate system (no reference view, no reference
    /// bounds): any `UIDynamicItem` may be animated.
    public override init() {
        hasReferenceView = false
        world = World(gravity: .zero)
        super.init()
        installFilter()
    }

    private func installFilter() {
        world.customFilter = { [unowned self] a, b in self.shouldCollide(a, b) }
    }

    // MARK: Behaviours

    /// Adds a top-level behaviour and resumes. Ignored when the behaviour already has a
    /// parent or belongs to an animator (this one or another).
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.parent == nil, behavior.owner == nil else { return }
        behaviors.append(behavior)
        behaviorWasInserted(behavior)
    }

    /// Removes a top-level behaviour and resumes; ignored for any other behaviour.
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: i)
        behaviorWasRemoved(behavior)
    }

    /// Removes every behaviour; the animator pauses at its next step.
    open func removeAllBehaviors() {
        let all = behaviors
        behaviors.removeAll()
        for behavior in all { behaviorWasRemoved(behavior) }
    }

    /// The items of this animator's behaviours whose collision outline (or, without a body,
    /// frame) intersects `rect`, in the order they joined.
    open func items(in rect: CGRect) -> [UIDynamicItem] {
        synchronizeIfNeeded()
        guard rect.isFiniteRect else { return [] }
        let r = rect.standardized
        return records.compactMap { record in
            let box: CGRect
            if record.hasBody {
                var aabb = world.shapeAABB(record.shape)
                for shape in record.shapes.dropFirst() { aabb = aabb.union(world.shapeAABB(shape)) }
                let lo = aabb.lowerBound.points, hi = aabb.upperBound.points
                box = CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
            } else {
                let size = record.item.bounds.size, c = record.item.center
                box = CGRect(x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width, height: size.height)
            }
            return box.intersects(r) ? record.item : nil
        }
    }

    /// Re-reads `item`'s centre and rotation into its body (after you moved it yourself),
    /// and resumes. Its size is not re-read. No effect for an item without a body or with a
    /// non-finite centre.
    open func updateItem(usingCurrentState item: UIDynamicItem) {
        synchronizeIfNeeded()
        guard let record = recordsByItem[ObjectIdentifier(item)], record.hasBody else { return }
        let center = item.center
        guard center.isFinitePoint, abs(center.x) < Units.maxCoordinate, abs(center.y) < Units.maxCoordinate,
            item.transform.isFinite
        else { return }
        let position = Vec2(points: center)
        let rotation = Rot(item.transform)
        world.setTransform(record.body, position: position, rotation: rotation)
        record.lastPosition = world.position(record.body)
        record.lastRotation = world.rotation(record.body)
        resume()
    }

    /// Simulated time in seconds: the sum of the steps taken (never reset by pauses).
    open func elapsedTime() -> TimeInterval { steppedTime }

    // MARK: The clock

    /// Advances the simulation by `dt` seconds in fixed steps of 1/60 s (time left over is
    /// carried to the next call). Ignored for a negative, zero or non-finite `dt`; more than
    /// 10 s in one call is clamped to 10 s. Costs nothing while the animator is paused.
    /// Calls made from inside a step (an action or a callback) are ignored.
    open func advance(by dt: TimeInterval) {
        guard isRunning, !isStepping, dt.isFinite, dt > 0 else { return }
        accumulator += min(dt, Units.maxAdvance)
        // A step is taken when a whole step (less a rounding tolerance) has accumulated, so
        // that sixty calls of 1/60 s take exactly sixty steps.
        let tolerance = 1e-9
        while isRunning && accumulator >= Units.stepDuration - tolerance {
            accumulator -= Units.stepDuration
            step()
        }
        if accumulator < 0 { accumulator = 0 }
        if !isRunning { accumulator = 0 }
    }

    // MARK: Changes that resume

    /// Sends `dynamicAnimatorWillResume` and starts stepping, unless already running.
    func resume() {
        guard !isRunning, !isResuming else { return }
        isResuming = true
        delegate?.dynamicAnimatorWillResume(self)
        isResuming = false
        isRunning = true
    }

    func behaviorWasInserted(_ behavior: UIDynamicBehavior) {
        forEachInSubtree(behavior) { b in
            b.willMove(to: self)
            b.owner = self
        }
        needsSync = true
        forEachInSubtree(behavior) { wakeItems(of: $0) }
        resume()
    }

    func behaviorWasRemoved(_ behavior: UIDynamicBehavior) {
        forEachInSubtree(behavior) { b in
            b.willMove(to: nil)
            b.engineDetach(self)
            wakeItems(of: b)
            for record in b.boundRecords where !isReferencedInTree(record.item) { record.isReleased = true }
            b.owner = nil
            b.boundRecords.removeAll()
        }
        needsSync = true
        resume()
    }

    func behaviorItemsDidChange(_ behavior: UIDynamicBehavior, item: UIDynamicItem?) {
        needsSync = true
        if let item, let record = recordsByItem[ObjectIdentifier(item)], record.hasBody {
            world.setAwake(record.body, true)
            // Out of every behaviour: its body goes at the next sync even if the item is
            // added back first (it may have been moved by hand meanwhile: UIKit reads the
            // item's state anew when it is added again).
            if !isReferencedInTree(item) { record.isReleased = true }
        }
        resume()
    }

    func behaviorParametersDidChange(_ behavior: UIDynamicBehavior) {
        wakeItems(of: behavior)
        resume()
    }

    /// A view moved in or out of a view under the reference view.
    func viewHierarchyDidChange(_ view: UIView) {
        guard hasReferenceView, containsItem(inSubtreeOf: view) else { return }
        needsSync = true
        resume()
    }

    /// The reference view's bounds changed: the reference-bounds boundaries follow.
    func referenceViewBoundsDidChange() {
        guard collisionBehaviors.contains(where: { $0.translatesReferenceBoundsIntoBoundary }) else { return }
        needsSync = true
        resume()
    }

    private func containsItem(inSubtreeOf view: UIView) -> Bool {
        if recordsByItem[ObjectIdentifier(view)] != nil { return true }
        return view.subviews.contains { containsItem(inSubtreeOf: $0) }
    }

    func wakeItems(of behavior: UIDynamicBehavior) {
        for record in behavior.boundRecords where record.hasBody {
            world.setAwake(record.body, true)
        }
    }

    /// Whether any behaviour now in the tree references `item` (for removals only: it walks
    /// the whole tree).
    private func isReferencedInTree(_ item: UIDynamicItem) -> Bool {
        func references(_ behavior: UIDynamicBehavior) -> Bool {
            behavior.engineItems.contains { $0 === item } || behavior.children.contains(where: references)
        }
        return behaviors.contains(where: references)
    }

    func forEachInSubtree(_ behavior: UIDynamicBehavior, _ body: (UIDynamicBehavior) -> Void) {
        body(behavior)
        for child in behavior.children { forEachInSubtree(child, body) }
    }

    // MARK: Engine helpers for behaviours

    func record(of item: UIDynamicItem) -> ItemRecord? {
        recordsByItem[ObjectIdentifier(item)]
    }

    /// The body of `item`, after synchronising pending changes; `.null` without one.
    func body(of item: UIDynamicItem) -> BodyID {
        synchronizeIfNeeded()
        return recordsByItem[ObjectIdentifier(item)]?.body ?? .null
    }

    func allocateBoundarySlot(_ record: BoundaryRecord) -> Int {
        if let slot = freeBoundarySlots.popLast() {
            boundarySlots[slot] = record
            return slot
        }
        boundarySlots.append(record)
        return boundarySlots.count - 1
    }

    func freeBoundarySlot(_ slot: Int) {
        guard slot >= 0, slot < boundarySlots.count, boundarySlots[slot] != nil else { return }
        boundarySlots[slot] = nil
        freeBoundarySlots.append(slot)
    }

    /// The rectangle the reference bounds make (nil for an abstract animator).
    var referenceBounds: CGRect? { referenceView?.bounds }
}
