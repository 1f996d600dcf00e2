import Foundation

/// A behaviour: the base class of the primitive behaviours, and a composite of child
/// behaviours when used alone or subclassed. The animator flattens the tree depth first.
///
/// A behaviour belongs to at most one animator and appears once in its tree: adding one
/// that already has a parent or an animator is ignored (see docs/api.md).
open class UIDynamicBehavior: NSObject {
    private(set) var children: [UIDynamicBehavior] = []
    weak var parent: UIDynamicBehavior?
    weak var owner: UIDynamicAnimator?
    /// The records of this behaviour's items, bound by the animator's last synchronisation.
    var boundRecords: [ItemRecord] = []

    public override init() {
        super.init()
    }

    /// Adds a child (ignored for itself, an ancestor, or a behaviour that already has a
    /// parent or an animator).
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior !== self, behavior.parent == nil, behavior.owner == nil, !isDescendant(of: behavior) else {
            return
        }
        children.append(behavior)
        behavior.parent = self
        owner?.behaviorWasInserted(behavior)
    }

    /// Removes a child (ignored when it is not one).
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard let i = children.firstIndex(where: { $0 === behavior }) else { return }
        children.remove(at: i)
        behavior.parent = nil
        owner?.behaviorWasRemoved(behavior)
    }

    /// The children, in the order they were added.
    open var childBehaviors: [UIDynamicBehavior] { children }

    /// Called after every step the animator takes while this behaviour is in it, after the
    /// items' positions were written and the collision callbacks were sent.
    open var action: (() -> Void)?

    /// Called just before the behaviour joins an animator, and with nil just before it
    /// leaves one. Does nothing by default.
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    /// The animator this behaviour is in, if any.
    open var dynamicAnimator: UIDynamicAnimator? { owner }

    // MARK: What the primitive behaviours override

    /// The items the engine must give bodies to for this behaviour.
    var engineItems: [UIDynamicItem] { [] }

    /// Creates or updates this behaviour's engine objects (joints, boundaries) after the
    /// animator bound its items' records.
    func engineSync(_ animator: UIDynamicAnimator) {}

    /// Destroys this behaviour's engine objects: it is leaving `animator`.
    func engineDetach(_ animator: UIDynamicAnimator) {}

    // MARK: Telling the animator

    /// The item set changed: the animator re-binds items and resumes.
    func itemsDidChange(_ item: UIDynamicItem? = nil) {
        owner?.behaviorItemsDidChange(self, item: item)
    }

    /// A parameter changed: the animator wakes this behaviour's items and resumes.
    func parametersDidChange() {
        owner?.behaviorParametersDidChange(self)
    }

    /// A parameter's setter: a value that is not finite is ignored (as UIKit does); a finite
    /// one goes to `store`, which keeps it (clamped to its range) and passes it on to the
    /// engine, and then the animator hears of the change.
    func setParameter<Value: FiniteParameter>(_ value: Value, _ store: (Value) -> Void) {
        guard value.isFiniteParameter else { return }
        store(value)
        parametersDidChange()
    }

    private func isDescendant(of behavior: UIDynamicBehavior) -> Bool {
        sequence(first: self, next: \.parent).contains { $0 === behavior }
    }
}

/// An ordered set of items by identity, as the item-holding behaviours keep them.
struct ItemList {
    private(set) var items: [UIDynamicItem] = []

    init(_ items: [UIDynamicItem]) {
        for item in items { insert(item) }
    }

    func contains(_ item: UIDynamicItem) -> Bool {
        items.contains { $0 === item }
    }

    func index(of item: UIDynamicItem) -> Int? {
        items.firstIndex { $0 === item }
    }

    /// Appends `item` unless present; true when it was added.
    @discardableResult
    mutating func insert(_ item: UIDynamicItem) -> Bool {
        guard !contains(item) else { return false }
        items.append(item)
        return true
    }

    /// Removes `item`; its former index, or nil when absent.
    @discardableResult
    mutating func remove(_ item: UIDynamicItem) -> Int? {
        guard let i = index(of: item) else { return nil }
        items.remove(at: i)
        return i
    }
}
