import Foundation
import Physics2D

// Which pairs collide, and the collision delegate's callbacks.
//
// Item shapes carry their record's slot + 1 as user data, boundary shapes minus their
// boundary slot + 1. Two items collide when some collision behaviour of this animator holds
// both with `.items` in its mode; an item and a boundary when the boundary's behaviour holds
// the item with `.boundaries` in its mode. The engine asks once per new pair.

extension UIDynamicAnimator {
    func shouldCollide(_ a: ShapeID, _ b: ShapeID) -> Bool {
        let ua = world.shapeUserData(a), ub = world.shapeUserData(b)
        switch (ua > 0, ub > 0) {
        case (true, true):
            guard let ra = itemRecord(userData: ua), let rb = itemRecord(userData: ub) else { return false }
            return shareAny(ra.itemCollisions, rb.itemCollisions)
        case (true, false):
            return itemCollidesWithBoundary(ua, ub)
        case (false, true):
            return itemCollidesWithBoundary(ub, ua)
        case (false, false):
            return false
        }
    }

    private func itemCollidesWithBoundary(_ itemData: Int, _ boundaryData: Int) -> Bool {
        guard let record = itemRecord(userData: itemData), let boundary = boundaryRecord(userData: boundaryData) else {
            return false
        }
        let index = boundary.behavior.collisionIndex
        return index >= 0 && record.boundaryCollisions.contains(index)
    }

    func itemRecord(userData: Int) -> ItemRecord? {
        let slot = userData - 1
        guard slot >= 0, slot < recordsBySlot.count else { return nil }
        return recordsBySlot[slot]
    }

    func boundaryRecord(userData: Int) -> BoundaryRecord? {
        let slot = -userData - 1
        guard userData < 0, slot < boundarySlots.count else { return nil }
        return boundarySlots[slot]
    }

    private func shareAny(_ a: [Int], _ b: [Int]) -> Bool {
        for x in a where b.contains(x) { return true }
        return false
    }

    /// Sends the step's contact events to the collision delegates: every began callback,
    /// then every ended one. An item pair is reported by every collision behaviour (with
    /// `.items` in its mode) holding both; an item–boundary contact by the boundary's
    /// behaviour, with the identifier (nil for the reference bounds).
    func deliverContactEvents() {
        let began = world.contactBeginEvents
        let ended = world.contactEndEvents
        guard !began.isEmpty || !ended.isEmpty else { return }
        for event in began {
            let point = event.point.points
            deliver(event.shapeA, event.shapeB) { behavior, delegate, a, b in
                delegate.collisionBehavior(behavior, beganContactFor: a, with: b, at: point)
            } boundary: { behavior, delegate, item, identifier in
                delegate.collisionBehavior(behavior, beganContactFor: item, withBoundaryIdentifier: identifier, at: point)
            }
        }
        for event in ended {
            deliver(event.shapeA, event.shapeB) { behavior, delegate, a, b in
                delegate.collisionBehavior(behavior, endedContactFor: a, with: b)
            } boundary: { behavior, delegate, item, identifier in
                delegate.collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: identifier)
            }
        }
    }

    private func deliver(
        _ shapeA: ShapeID, _ shapeB: ShapeID,
        items: (UICollisionBehavior, UICollisionBehaviorDelegate, UIDynamicItem, UIDynamicItem) -> Void,
        boundary: (UICollisionBehavior, UICollisionBehaviorDelegate, UIDynamicItem, NSCopying?) -> Void
    ) {
        // A destroyed shape's user data reads 0: its events are dropped.
        let ua = world.shapeUserData(shapeA), ub = world.shapeUserData(shapeB)
        if ua > 0 && ub > 0 {
            guard let ra = itemRecord(userData: ua), let rb = itemRecord(userData: ub) else { return }
            for index in ra.itemCollisions where rb.itemCollisions.contains(index) && index < collisionBehaviors.count {
                let behavior = collisionBehaviors[index]
                guard behavior.owner === self, let delegate = behavior.collisionDelegate else { continue }
                items(behavior, delegate, ra.item, rb.item)
            }
        } else if (ua > 0) != (ub > 0), ua != 0, ub != 0 {
            let itemData = ua > 0 ? ua : ub
            let boundaryData = ua > 0 ? ub : ua
            guard let record = itemRecord(userData: itemData), let b = boundaryRecord(userData: boundaryData),
                b.behavior.owner === self, let delegate = b.behavior.collisionDelegate
            else { return }
            boundary(b.behavior, delegate, record.item, b.identifier)
        }
    }
}
