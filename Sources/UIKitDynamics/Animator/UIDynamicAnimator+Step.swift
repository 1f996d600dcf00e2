import Foundation
import Physics2D

// One animator step, as a table of contents. Nothing here allocates once a scene runs:
// the lists it walks are kept between steps and only rebuilt by synchronisation.

extension UIDynamicAnimator {
    func step() {
        isStepping = true
        defer { isStepping = false }
        // 0. Pending changes to the behaviour tree, items or view hierarchy.
        synchronizeIfNeeded()
        // 1. Per-step inputs: gravity and continuous pushes as forces, instantaneous pushes
        //    as one impulse each, then fields (forces, or a velocity field's velocity).
        forEachRecord(in: records) { $0.appliedForces = AppliedForces() }
        applyGravity()
        applyPushes()
        applyFields()
        // 2. The physics step.
        world.step(Float(Units.stepDuration))
        steppedTime += Units.stepDuration
        // 3. Items take their bodies' poses.
        writeBack()
        // 4. Collision callbacks: every began, then every ended.
        deliverContactEvents()
        // 5. Every behaviour's action, depth first, over the tree as it was at this step.
        runActions()
        // 6. View animations on this clock, then their completions.
        advanceViewAnimations(by: Units.stepDuration)
        // 7. Pause when nothing moves and nothing is pending.
        if world.awakeBodyCount == 0 && viewAnimations.isEmpty && finishedAnimationGroups.isEmpty && !needsSync {
            isRunning = false
            delegate?.dynamicAnimatorDidPause(self)
        }
    }

    private func applyGravity() {
        for gravity in gravityBehaviors {
            let v = gravity.gravityDirection
            guard let gx = finiteFloat(v.dx * Units.gravityMetersPerSecondSquared),
                let gy = finiteFloat(v.dy * Units.gravityMetersPerSecondSquared), gx != 0 || gy != 0
            else { continue }
            let g = Vec2(gx, gy)
            // F = m g: the acceleration is the same for every mass. Resting items are not
            // woken by it (they sleep on what holds them up). One call for all the items,
            // through the bodies listed beside the records at synchronisation.
            let bound = gravity.boundRecords
            // Listed at synchronisation, which every change of the records goes through; a
            // list that does not match them is made again rather than read out of step.
            if gravity.weighedBodies.count != bound.count { gravity.listWeighedBodies() }
            gravity.weighedBodies.withUnsafeBufferPointer { bodies in
                world.applyWeights(bodies, gravity: g) { k, force in
                    Unmanaged.passUnretained(bound[k])._withUnsafeGuaranteedRef { record in
                        // Summed before the write: a call inside the write (the engine's `+=`)
                        // would keep the run-time exclusivity check on the record's property.
                        let total = record.appliedForces.gravity + force
                        record.appliedForces.gravity = total
                    }
                }
            }
        }
    }

    private func applyPushes() {
        for push in pushBehaviors where push.active {
            guard push.magnitude != 0, let m = finiteFloat(push.magnitude) else {
                if push.mode == .instantaneous { push.deactivateAfterImpulse() }
                continue
            }
            // One UIKit Newton is 1 N; an instantaneous magnitude of 1 is an impulse of 1 N·s.
            let direction = Rot(angle: Float(push.angle))
            let vector = m * Vec2(direction.c, direction.s)
            for (i, record) in push.boundRecords.enumerated() where record.hasBody {
                let offset = push.engineOffset(at: i)
                let transform = world.transform(record.body)
                // The offset is in the item's own frame: it turns with the item.
                let point = transform.apply(offset)
                switch push.mode {
                case .continuous:
                    world.applyForce(record.body, vector, at: point, wake: true)
                    record.appliedForces.push += vector
                case .instantaneous:
                    world.applyLinearImpulse(record.body, vector, at: point, wake: true)
                    // Measured as the mean force over the step that carried the impulse.
                    record.appliedForces.push += Float(1 / Units.stepDuration) * vector
                }
            }
            if push.mode == .instantaneous { push.deactivateAfterImpulse() }
        }
    }

    private func applyFields() {
        for field in fieldBehaviors { field.apply(world, time: steppedTime) }
    }

    private func writeBack() {
        // Only what moved is set: each setter of a view checks for a running animation.
        // Compared field by field: `!=` on the engine's types is a call through their
        // Equatable witness from this module.
        forEachRecord(in: records) { record in
            guard record.hasBody else { return }
            let transform = world.transform(record.body)
            let p = transform.p, q = transform.q
            if p.x != record.lastPosition.x || p.y != record.lastPosition.y {
                record.lastPosition = transform.p
                record.item.center = transform.p.points
            }
            if q.c != record.lastRotation.c || q.s != record.lastRotation.s {
                record.lastRotation = transform.q
                record.item.transform = transform.q.affineTransform
            }
        }
    }

    /// Calls `body` with each record of `list` (a local copy, which keeps every record alive
    /// whatever `body` does) without retaining it: retained and released per item (five
    /// atomic operations with its item), each of the step's loops over every item cost some
    /// 2 % of a base-100 step in wall time.
    @inline(__always)
    private func forEachRecord(in list: [ItemRecord], _ body: (ItemRecord) -> Void) {
        for index in list.indices {
            Unmanaged.passUnretained(list[index])._withUnsafeGuaranteedRef(body)
        }
    }

    private func runActions() {
        // A local copy: actions may change the tree; the snapshot keeps this step's order.
        let snapshot = flatBehaviors
        for behavior in snapshot {
            if let action = behavior.action { action() }
        }
    }
}
